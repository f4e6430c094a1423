/** Move text (docs/formats.md): from + to + an optional letter; every special move reuses it. */
import { describe, expect, it } from 'vitest';
import { makeMoveText, parseMoveText } from './move-text.ts';
import { Position } from './position.ts';
import { compileRuleset, type Ruleset } from './ruleset.ts';
import { VARIANT_IDS } from './variants/index.ts';
import { mustPlay, positionFrom } from '../test/helpers.ts';

const ruleset = (variant: string): Ruleset => {
  const r = compileRuleset(variant);
  if (!r.ok) throw new Error(r.error);
  return r.value;
};
const start = (variant: string): Position => Position.start(variant).value!;
const playError = (pos: Position, move: string): string => {
  const before = pos.fen();
  const r = pos.play(move);
  expect(pos.fen(), move).toBe(before); // a rejected move changes nothing
  return r.ok ? 'accepted' : r.error;
};

describe('move text: make and parse', () => {
  it('every legal move of every start position round-trips through its text', () => {
    for (const variant of VARIANT_IDS) {
      const rs = ruleset(variant);
      const pos = start(variant);
      for (const code of pos.legalCodes()) {
        const text = makeMoveText(rs, code);
        expect(text).toMatch(/^[a-m][0-9]{1,2}[a-m][0-9]{1,2}[a-z]?$/);
        const parts = parseMoveText(rs, text);
        expect(parts.ok).toBe(true);
        const clone = pos.clone();
        const r = clone.play(text);
        expect(r.ok && r.value.code, `${variant} ${text}`).toBe(code);
      }
    }
  });

  it('two-digit ranks on both cells', () => {
    const pos = positionFrom('persian-celtic', { f2: 'K', j10: 'k', c9: 'B', h3: 'P' });
    const moves = pos.legalMoves().map((m) => m.text);
    expect(moves).toContain('c9b10');
    mustPlay(pos, 'c9b10', 'j10j9', 'b10a11');
    expect(pos.pieces().find((p) => p.square === 'a11')?.kind).toBe('bishop');
  });

  it('a promotion letter only where the player chooses', () => {
    const persian = positionFrom('persian-celtic', { f2: 'K', h5: 'k', e9: 'P' });
    expect(
      persian
        .legalMoves()
        .filter((m) => m.from === 'e9')
        .map((m) => m.text)
        .sort(),
    ).toEqual(['e9e10b', 'e9e10n', 'e9e10q', 'e9e10r']);
    const husun = positionFrom('husun', { f2: 'K', i6: 'k', e10: 'P' });
    expect(
      husun
        .legalMoves()
        .filter((m) => m.from === 'e10')
        .map((m) => m.text),
    ).toEqual(['e10e11']);
    // the forced piece may still be named (as Fairy-Stockfish writes it), other letters are refused
    expect(husun.clone().play('e10e11f').ok).toBe(true);
    expect(playError(husun, 'e10e11q')).toBe(
      "illegal move e10e11q: 'q' is not a choice for this move",
    );
    const tam = positionFrom('tamerlane', { g2: 'K', c9: 'P[H]', l7: 'k' });
    expect(
      tam
        .legalMoves()
        .filter((m) => m.from === 'c9')
        .map((m) => m.text),
    ).toEqual(['c9c10']);
  });

  it('special moves are the king/princess/pawn "moving": castling, rendezvous, king swap, relocation, citadel swap', () => {
    const castle = positionFrom(
      'persian-celtic',
      { f2: 'K', b2: 'R', j2: 'R', f10: 'k' },
      'w',
      'KQ',
    );
    expect(
      castle
        .legalMoves()
        .filter((m) => m.kind === 'castling')
        .map((m) => m.text)
        .sort(),
    ).toEqual(['f2d2', 'f2i2']);
    const rdv = positionFrom('persian-princess', { f2: 'K', g2: 'S', h2: 'B', f10: 'k' }, 'w', 'V');
    expect(rdv.legalMoves().find((m) => m.kind === 'rendezvous')?.text).toBe('g2h2');
    const swap = positionFrom('tamerlane', { g1: 'K', b2: 'N', g9: 'k', g5: 'r' }, 'w', 'S');
    expect(
      swap
        .legalMoves()
        .filter((m) => m.kind === 'king swap')
        .map((m) => m.text),
    ).toEqual(['g1b2']);
    const reloc = positionFrom('tamerlane', { g2: 'K', b10: 'P[P=]', l10: 'k', c5: 'n', e5: 'n' });
    expect(
      reloc
        .legalMoves()
        .filter((m) => m.kind === 'relocation')
        .map((m) => m.text),
    ).toContain('b10d4');
    const opts = { rules: { 'citadel-claim-or-swap': 'on' } };
    const cit = positionFrom('tamerlane', { b9: 'K', e4: 'H', g9: 'k' }, 'w', '-', opts);
    expect(
      cit
        .legalMoves()
        .filter((m) => m.to === 'a9')
        .map((m) => m.text)
        .sort(),
    ).toEqual(['b9a9', 'b9a9h']);
  });
});

describe('move text: errors', () => {
  const chess = ruleset('chess');

  it('parseMoveText: shape, and cells that are not on the board', () => {
    expect(parseMoveText(chess, 'e2')).toEqual({
      ok: false,
      error:
        "'e2' is not move text (expected from and to cells, e.g. g3g4 or a10a11, and an optional promotion letter)",
    });
    expect(parseMoveText(chess, 'e2e4qq').ok).toBe(false);
    expect(parseMoveText(chess, 'E2E4').ok).toBe(false);
    expect(parseMoveText(chess, 'e0e4').ok).toBe(false);
    expect(parseMoveText(chess, 'e2e9')).toEqual({
      ok: false,
      error: 'e9 is not a cell of the chess board',
    });
    expect(parseMoveText(chess, 'i1e4')).toEqual({
      ok: false,
      error: 'i1 is not a cell of the chess board',
    });
    expect(parseMoveText(ruleset('persian-celtic'), 'b1b2')).toEqual({
      ok: false,
      error: 'b1 is not a cell of the persian-celtic board',
    });
    const ok = parseMoveText(ruleset('persian-celtic'), ' e9e10q ');
    expect(ok.ok && ok.value.letter).toBe('q');
  });

  it('Position.play explains why a well-formed move is illegal, and changes nothing', () => {
    const pos = start('chess');
    expect(playError(pos, 'e4e5')).toBe('illegal move e4e5: there is no piece on e4');
    expect(playError(pos, 'e7e5')).toBe("illegal move e7e5: the piece on e7 is black's");
    expect(playError(pos, 'g1g3')).toBe('illegal move g1g3: the Knight on g1 cannot move to g3');
    expect(playError(pos, 'e2e5')).toBe('illegal move e2e5: the Pawn on e2 cannot move to e5');
    expect(playError(pos, 'e2e4q')).toBe("illegal move e2e4q: 'q' is not a choice for this move");
    expect(playError(pos, 'e2e9')).toBe('e9 is not a cell of the chess board');
    const pinned = Position.fromFen('chess', '4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1').value!;
    expect(playError(pinned, 'e2d3')).toBe('illegal move e2d3: it would leave your king in check');
    const royal = positionFrom('tamerlane', { f2: 'H', g9: 'k', e9: 'r' });
    expect(playError(royal, 'f2e3')).toBe(
      'illegal move f2e3: it would leave your royal piece attacked',
    );
  });

  it('promotion without a letter or with a wrong one', () => {
    const pos = Position.fromFen('chess', '8/4P1k1/8/8/8/8/8/4K3 w - - 0 1').value!;
    expect(playError(pos, 'e7e8')).toBe(
      'illegal move e7e8: a promotion needs a piece letter (q, r, b, n)',
    );
    expect(playError(pos, 'e7e8k')).toBe("illegal move e7e8k: 'k' is not a choice for this move");
    expect(pos.play('e7e8n').ok).toBe(true);
  });

  it('no move after the game is over', () => {
    const pos = start('chess');
    mustPlay(pos, 'f2f3', 'e7e5', 'g2g4', 'd8h4');
    expect(playError(pos, 'e2e3')).toBe('the game is over (checkmate: Black wins)');
  });
});
