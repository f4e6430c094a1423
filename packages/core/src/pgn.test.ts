/** PGN (pgn.ts): export/import round trips for every variant, what the reader skips, errors with line and column. */
import { describe, expect, it } from 'vitest';
import { EXCERPT_MAX } from './excerpt.ts';
import { makeMoveText } from './move-text.ts';
import { makePgn, parsePgn, parsePgnGames, resultToken } from './pgn.ts';
import { Position } from './position.ts';
import type { RulesetOptions } from './ruleset.ts';
import { VARIANTS, VARIANT_IDS } from './variants/index.ts';
import { fenFrom, mustPlay } from '../test/helpers.ts';

const CONFIGS: Array<{ variant: string; options: RulesetOptions }> = [
  ...VARIANT_IDS.map((variant) => ({ variant, options: {} })),
  { variant: 'tamerlane', options: { array: 'feminine' } },
  ...VARIANT_IDS.flatMap((variant) =>
    VARIANTS[variant].switches.flatMap((s) =>
      s.values.slice(1).map((value) => ({ variant, options: { rules: { [s.name]: value } } })),
    ),
  ),
];

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function randomGame(pos: Position, plies: number, seed: number): Position {
  const rand = rng(seed);
  for (let i = 0; i < plies && !pos.outcome(); i++) {
    const moves = pos.legalCodes();
    mustPlay(pos, makeMoveText(pos.rs, moves[Math.floor(rand() * moves.length)]!));
  }
  return pos;
}

const tagOf = (pgn: string, name: string): string | undefined =>
  new RegExp(`^\\[${name} "(.*)"\\]$`, 'm').exec(pgn)?.[1];

describe('PGN round trips', () => {
  it('every configuration: random game out and back in, same moves, comments and final FEN', () => {
    for (const { variant, options } of CONFIGS) {
      for (let seed = 1; seed <= 3; seed++) {
        const pos = randomGame(
          Position.start(variant, options).value!,
          50,
          seed * 101 + variant.length,
        );
        const comments = { 0: 'first {move}', 3: 'fourth' };
        const pgn = makePgn(pos, { Event: 'Round trip', White: 'A "quoted" name' }, comments);
        expect(tagOf(pgn, 'Variant')).toBe(variant);
        expect(tagOf(pgn, 'Result')).toBe(resultToken(pos));
        expect(tagOf(pgn, 'SetUp')).toBeUndefined();
        expect(pgn.split('\n').every((line) => line.length <= 80)).toBe(true);
        const game = parsePgn(pgn);
        if (!game.ok) throw new Error(`${variant}: ${game.error}\n${pgn}`);
        expect(game.value.variant).toBe(variant);
        expect(game.value.position.fen()).toBe(pos.fen());
        expect(game.value.moves.map((m) => m.text)).toEqual(pos.history().map((m) => m.text));
        expect(game.value.moves.map((m) => m.san)).toEqual(pos.history().map((m) => m.san));
        expect(game.value.result).toBe(resultToken(pos));
        if (pos.history().length > 3) {
          // '}' cannot appear inside a brace comment, so the writer turns it into ')'; '{' may stay.
          expect(game.value.moves[0]!.comment).toBe('first {move)');
          expect(game.value.moves[3]!.comment).toBe('fourth');
          expect(game.value.moves[1]!.comment).toBeUndefined();
        }
        expect(game.value.tags).toContainEqual(['White', 'A "quoted" name']);
        expect(game.value.tags).toContainEqual(['Event', 'Round trip']);
      }
    }
  });

  it('Array and Rules tags carry the start array and the changed rule switches', () => {
    const fem = Position.start('tamerlane', { array: 'feminine' }).value!;
    const pgn = makePgn(fem);
    expect(tagOf(pgn, 'Array')).toBe('feminine');
    expect(tagOf(pgn, 'Rules')).toBeUndefined();
    expect(parsePgn(pgn).value?.options.array).toBe('feminine');

    const rules = { repetition: 'on', 'citadel-claim-or-swap': 'on' };
    const sw = Position.start('tamerlane', { rules }).value!;
    const pgn2 = makePgn(sw);
    expect(tagOf(pgn2, 'Array')).toBeUndefined();
    expect(tagOf(pgn2, 'Rules')).toBe('repetition=on, citadel-claim-or-swap=on');
    const back = parsePgn(pgn2);
    expect(back.ok && back.value.position.rs.switches).toMatchObject(rules);

    const omega = makePgn(
      Position.start('persian-omega', { rules: { 'omega-rendezvous': 'off' } }).value!,
    );
    expect(tagOf(omega, 'Rules')).toBe('omega-rendezvous=off');
    expect(parsePgn(omega).value?.position.legalMoves()).toHaveLength(25);
  });

  it('a game from a set-up position writes SetUp and FEN, and Black-first numbering', () => {
    const fen = fenFrom('husun', { f2: 'K', f11: 'k', c5: 'R', h9: 'p' }, 'b').replace(
      / 0 1$/,
      ' 4 17',
    );
    const pos = Position.fromFen('husun', fen).value!;
    mustPlay(pos, 'h9h8', 'c5c6', 'f11e11');
    const pgn = makePgn(pos);
    expect(tagOf(pgn, 'SetUp')).toBe('1');
    expect(tagOf(pgn, 'FEN')).toBe(fen);
    expect(pgn).toContain('17... h8 18. Rc6 Ke11 *');
    const back = parsePgn(pgn);
    expect(back.ok && back.value.position.fen()).toBe(pos.fen());
  });

  it('a finished game writes its result; a Result tag given wins', () => {
    const pos = Position.start('chess').value!;
    mustPlay(pos, 'f2f3', 'e7e5', 'g2g4', 'd8h4');
    const pgn = makePgn(pos);
    expect(pgn.trim().endsWith('1. f3 e5 2. g4 Qh4# 0-1')).toBe(true);
    expect(tagOf(pgn, 'Result')).toBe('0-1');
    expect(tagOf(makePgn(pos, { Result: '*' }), 'Result')).toBe('*');
  });
});

describe('PGN reading', () => {
  const TEXT = [
    '[Event "Test"]',
    '[Site "Here"]',
    '',
    '% an escaped line',
    '{game comment} 1. e4 {best by test} e5 $1 2.Nf3 (2. f4 exf4 (2... d5) 3. Nf3) Nc6!? ; to the end of the line',
    '3. Bb5 a6 1-0',
    '',
    '[Event "Two"]',
    '[Variant "husun"]',
    '',
    '1. c4 c9 *',
    '[Event "Three, no blank line, no result"]',
    '1. d4',
  ].join('\n');

  it('comments and variations kept, NAGs and !? ignored, escape lines skipped', () => {
    const game = parsePgn(TEXT);
    if (!game.ok) throw new Error(game.error);
    expect(game.value.variant).toBe('chess');
    expect(game.value.moves.map((m) => m.san)).toEqual(['e4', 'e5', 'Nf3', 'Nc6', 'Bb5', 'a6']);
    expect(game.value.moves.map((m) => m.text)).toEqual([
      'e2e4',
      'e7e5',
      'g1f3',
      'b8c6',
      'f1b5',
      'a7a6',
    ]);
    expect(game.value.comment).toBe('game comment');
    expect(game.value.moves[0]!.comment).toBe('best by test');
    expect(game.value.moves[3]!.comment).toBe('to the end of the line');
    expect(game.value.moves[2]!.comment).toBeUndefined();
    // 2. Nf3 has one variation, 2. f4 exf4 3. Nf3, in which 2... d5 replaces 2... exf4.
    const [variation, ...more] = game.value.moves[2]!.variations ?? [];
    expect(more).toEqual([]);
    expect(variation!.map((m) => m.san)).toEqual(['f4', 'exf4', 'Nf3']);
    expect(variation![1]!.variations!.map((v) => v.map((m) => m.text))).toEqual([['d7d5']]);
    expect(game.value.moves.filter((m) => m.variations).length).toBe(1);
    expect(game.value.result).toBe('1-0');
    expect(game.value.tags).toEqual([
      ['Event', 'Test'],
      ['Site', 'Here'],
    ]);
  });

  it('multiple games, of different variants', () => {
    const games = parsePgnGames(TEXT);
    if (!games.ok) throw new Error(games.error);
    expect(games.value).toHaveLength(3);
    expect(games.value[1]!.variant).toBe('husun');
    expect(games.value[1]!.moves.map((m) => m.text)).toEqual(['c3c4', 'c10c9']);
    expect(games.value[1]!.result).toBe('*');
    expect(games.value[2]!.moves.map((m) => m.text)).toEqual(['d2d4']);
    expect(games.value[2]!.result).toBe('*');
  });

  it('move text is accepted in place of SAN; Variant "Standard" means chess; tags are case-insensitive', () => {
    const g = parsePgn('[variant "Standard"]\n1. e2e4 e7e5 2. g1f3 *');
    expect(g.ok && g.value.moves.map((m) => m.san)).toEqual(['e4', 'e5', 'Nf3']);
    const t = parsePgn('[Variant "tamerlane"]\n1. c3c4 K<>b2 *');
    expect(t.ok).toBe(false);
  });

  it('a FEN tag starts from that position', () => {
    const fen = '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1';
    const g = parsePgn(`[SetUp "1"]\n[FEN "${fen}"]\n\n1. e4 Kd7 *`);
    expect(g.ok && g.value.position.fen()).toBe('8/3k4/8/8/4P3/8/8/4K3 w - - 1 2');
    expect(g.ok && g.value.position.startFen).toBe(fen);
  });

  it('empty input', () => {
    expect(parsePgn('')).toEqual({ ok: false, error: 'no game in the PGN text' });
    expect(parsePgnGames('   \n ')).toEqual({ ok: true, value: [] });
  });
});

describe('PGN errors give line and column', () => {
  const error = (text: string): string => {
    const r = parsePgn(text);
    return r.ok ? 'accepted' : r.error;
  };

  it('an illegal or unknown move', () => {
    expect(error('1. e4 e5 2. Nf9 *')).toBe(
      "line 1, column 13: move 3 'Nf9': illegal move Nf9: not a legal move in SAN or move text for white here",
    );
    expect(error('[Event "x"]\n\n1. e4 e5\n2. Nf3 Nc6\n3. Bb9 *')).toMatch(
      /^line 5, column 4: move 5 'Bb9': /,
    );
    expect(error('1. e4 e5 2.Ke3 *')).toMatch(/^line 1, column 12: move 3 'Ke3': /);
    expect(error('1. e4 e5 2. d7d6 *')).toBe(
      "line 1, column 13: move 3 'd7d6': illegal move d7d6: the piece on d7 is black's",
    );
  });

  it('a move of a variation is checked from the position the variation starts from', () => {
    // The variation replaces 1... e5: after 1. e4 d5, 2. e5 is legal and 2. Nf6 is not.
    expect(parsePgn('1. e4 e5 (1... d5 2. e5) 2. Nf3 *').ok).toBe(true);
    expect(error('1. e4 e5 (1... d5 2. Nf6) 2. Nf3 *')).toMatch(
      /^line 1, column 22: a move of a variation 'Nf6': illegal move Nf6/,
    );
  });

  it('quotes at most a short excerpt of a long token, tag or field', () => {
    const junk = 'Q'.repeat(500);
    const quoted = (message: string): string[] =>
      [...message.matchAll(/'([^']*)'/g)].map((m) => m[1]!);
    for (const text of [
      `1. e4 ${junk}`,
      `[Variant "${junk}"]`,
      `[Variant "husun"]\n[Rules "${junk}"]`,
      `[Variant "husun"]\n[Rules "${junk}=on"]`,
      `[Variant "husun"]\n[Array "${junk}"]`,
      `[FEN "8/8/8/8/8/8/8/P[${junk}]7 w"]`,
      `[FEN "8/8/8/8/8/8/8/8 ${junk}"]`,
    ]) {
      const message = error(text);
      expect(message, text).not.toBe('accepted');
      for (const q of quoted(message)) expect(q.length, message).toBeLessThanOrEqual(EXCERPT_MAX);
      expect(message.toUpperCase(), text).toContain('QQQ…');
      expect(message.length, text).toBeLessThan(220);
    }
  });

  it('after a multi-line comment the line count goes on', () => {
    expect(error('1. e4 {a\nlong\ncomment} e5 Qz9')).toMatch(/^line 3, column 13: move 3 'Qz9'/);
  });

  it('unclosed comment, malformed tag, unbalanced variations', () => {
    expect(error('[Event "x"]\n\n1. e4 {unclosed')).toBe(
      "line 3, column 7: comment '{' is never closed",
    );
    expect(error('[Event x]\n1. e4')).toBe(
      'line 1, column 1: malformed tag (expected [Name "value"])',
    );
    expect(error('1. e4 )')).toBe("line 1, column 7: ')' without '('");
    expect(error('1. e4 ( d4')).toBe("game 1: a variation '(' is never closed");
    expect(error('( 1. e4 ) 1. d4')).toBe("line 1, column 1: a variation '(' before any move");
    // a stray closing brace or bracket is reported, not thrown
    expect(error('1. e4 } e5')).toBe("line 1, column 7: unexpected '}'");
    expect(error(']')).toBe("line 1, column 1: unexpected ']'");
  });

  it('bad Variant, Array, Rules and FEN tags', () => {
    expect(error('[Variant "nope"]\n1. e4')).toBe("unknown Variant tag 'nope'");
    expect(error('[Variant "husun"]\n[Rules "repetition"]')).toBe(
      "Rules tag: 'repetition' is not name=value",
    );
    expect(error('[Variant "husun"]\n[Rules "foo=bar"]')).toBe(
      "game 1: unknown rule switch 'foo' for husun (choose: repetition)",
    );
    expect(error('[Variant "husun"]\n[Rules "repetition=maybe"]')).toBe(
      "game 1: rule switch 'repetition' takes off or on, not 'maybe'",
    );
    expect(error('[Variant "tamerlane"]\n[Array "paris"]')).toMatch(
      /^game 1: unknown array 'paris' for tamerlane/,
    );
    expect(error('[FEN "bad"]\n1. e4')).toMatch(/^game 1: bad position: /);
    expect(error('[Event "a"]\n1. e4 *\n[Event "b"]\n[Variant "nope"]\n1. e4 *')).toBe(
      "unknown Variant tag 'nope'",
    );
  });

  it('the second game of several reports its own line', () => {
    const r = parsePgnGames('[Event "a"]\n1. e4 *\n\n[Event "b"]\n1. e5 *');
    expect(r.ok ? 'accepted' : r.error).toMatch(/^line 5, column 4: move 1 'e5'/);
  });
});
