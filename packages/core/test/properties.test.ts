/**
 * Property tests over random playouts of every variant configuration (docs/design.md principles 6 and 7):
 * make/unmake restores everything, the incremental hash matches a fresh load, no legal move leaves
 * a royal attacked, FEN and PGN round-trip, both layers agree, and no parser throws on garbage.
 */
import fc from 'fast-check';
import { sampleSize } from '@citadel/testing';
import { describe, expect, it } from 'vitest';
import {
  FastPosition,
  KING_SWAP,
  PLAY_MOVE_BUFFER,
  Position,
  VARIANTS,
  VARIANT_IDS,
  compileRuleset,
  EMPTY,
  EN_PASSANT,
  PAWN_OF_PAWNS_RETURN,
  PROMOTE,
  generateLegal,
  generateTactical,
  inCheck,
  isAttacked,
  isOrdinaryLegal,
  makeDesignerFen,
  makeFen,
  makeMoveText,
  makePgn,
  moveFlag,
  moveTo,
  parseDesignerFen,
  parseFen,
  parsePgn,
  parsePgnGames,
  royalSquare,
  startSetup,
  type Ruleset,
  type RulesetOptions,
} from '../src/index.ts';
import { fenFrom } from './helpers.ts';

interface Config {
  readonly name: string;
  readonly variant: string;
  readonly options: RulesetOptions;
  /** Start here instead of the array (positions rich in special moves). */
  readonly fen?: string;
}

/** Every variant, Tamerlane's feminine array and every rule switch turned away from its default. */
const CONFIGS: readonly Config[] = [
  ...VARIANT_IDS.map((variant) => ({ name: variant, variant, options: {} })),
  { name: 'tamerlane feminine', variant: 'tamerlane', options: { array: 'feminine' } },
  ...VARIANT_IDS.flatMap((variant) =>
    VARIANTS[variant].switches.flatMap((s) =>
      s.values.slice(1).map((value) => ({
        name: `${variant} ${s.name}=${value}`,
        variant,
        options: { rules: { [s.name]: value } },
      })),
    ),
  ),
];

const TAMERLANE_SPECIALS = {
  g1: 'K',
  b2: 'N',
  k2: 'H',
  g10: 'k',
  b10: 'P[P=]',
  c9: 'P[P2]',
  d8: 'P[P3]',
  c5: 'n',
  e5: 'n',
  j7: 'r',
  h3: 'p[r]',
  f8: 'p[p2]',
};
const TAMERLANE_RULES = {
  rules: { 'citadel-claim-or-swap': 'on', 'pawn-of-pawns-occupied': 'on' },
};
const PERSIAN_SPECIALS = {
  f2: 'K',
  b2: 'R',
  j2: 'R',
  g2: 'S',
  h2: 'B',
  e3: 'P',
  c8: 'P',
  f10: 'k',
  b10: 'r',
  j10: 'r',
  g10: 's',
  h10: 'b',
  d5: 'p',
  g4: 'p',
};
/** Start positions where castling, rendezvous, en passant, promotion and the pawn of pawns come soon. */
const SPECIALS: readonly Config[] = [
  {
    name: 'tamerlane specials',
    variant: 'tamerlane',
    options: {},
    fen: fenFrom('tamerlane', TAMERLANE_SPECIALS, 'w', 'Ss'),
  },
  {
    name: 'tamerlane specials, claim-or-swap and occupied relocation',
    variant: 'tamerlane',
    options: TAMERLANE_RULES,
    fen: fenFrom('tamerlane', TAMERLANE_SPECIALS, 'w', 'Ss', TAMERLANE_RULES),
  },
  {
    name: 'persian-princess specials',
    variant: 'persian-princess',
    options: {},
    fen: fenFrom('persian-princess', PERSIAN_SPECIALS, 'w', 'KQkqVv'),
  },
  {
    name: 'persian-eye specials',
    variant: 'persian-eye',
    options: {},
    fen: fenFrom('persian-eye', PERSIAN_SPECIALS, 'w', 'KQkqVv'),
  },
  {
    name: 'chess specials',
    variant: 'chess',
    options: {},
    fen: 'r3k2r/pPpp1ppp/8/4P3/8/8/PPPP1PpP/R3K2R w KQkq - 0 1',
  },
  {
    name: 'husun citadels',
    variant: 'husun',
    options: {},
    fen: fenFrom('husun', { c3: 'K', j10: 'k', c10: 'P', j3: 'p', b3: 'N', k10: 'n' }),
  },
];

/**
 * The game a config starts from, with the small move buffer of a position only played (as a
 * server's games): the playouts check that it answers as the fast layer with a search's buffer.
 */
const startOf = (c: Config): Position => {
  const options = { ...c.options, moveBuffer: PLAY_MOVE_BUFFER };
  const r = c.fen
    ? Position.fromFen(c.variant, c.fen, options)
    : Position.start(c.variant, options);
  if (!r.ok) throw new Error(`${c.name}: ${r.error}`);
  return r.value;
};

const rulesetOf = (c: Config): Ruleset => {
  const r = compileRuleset(c.variant, c.options);
  if (!r.ok) throw new Error(r.error);
  return r.value;
};

/** Everything make/unmake must restore (piece lists compared as sets: their order may change). */
function snapshot(pos: FastPosition): unknown {
  const lists = [0, 1].map((c) => {
    const squares: number[] = [];
    for (let i = 0; i < pos.pieceCount[c]!; i++) squares.push(pos.pieceAt(c, i));
    return squares.sort((a, b) => a - b);
  });
  return {
    board: Array.from(pos.board),
    side: pos.side,
    rights: pos.rights,
    ep: pos.ep,
    halfmove: pos.halfmove,
    fullmove: pos.fullmove,
    hash: [pos.hashLo, pos.hashHi],
    pawnKey: pos.pawnKey,
    materialKey: pos.materialKey,
    ply: pos.ply,
    drawn: pos.citadelDrawn,
    kingSq: Array.from(pos.kingSq),
    princeSq: Array.from(pos.princeSq),
    lists,
  };
}

/** After `move` by `us` has been made: the mover's royal (docs/rules.md §0, §2 royal pool) is not attacked. */
function royalSafe(pos: FastPosition, move: number, us: number): boolean {
  const them = us ^ 1;
  const royal = royalSquare(pos, us);
  if (royal >= 0 && isAttacked(pos, royal, them)) return false;
  // The king swap also needs the King itself unattacked, even with a Prince on the board.
  if (moveFlag(move) === KING_SWAP && isAttacked(pos, pos.kingSq[us]!, them)) return false;
  return true;
}

/** A random playout checking the fast-layer invariants at every ply; returns the readable game. */
function playout(config: Config, choices: readonly number[], fresh: FastPosition): Position {
  const rs = rulesetOf(config);
  const pos = startOf(config);
  const fast = new FastPosition(rs);
  const setup = parseFen(rs, pos.fen());
  fast.load(setup.ok ? setup.value : startSetup(rs));
  let previousMoves: number[] = [];
  for (const choice of choices) {
    if (pos.outcome()) break;
    const end = generateLegal(fast, 0);
    const legal = Array.from(fast.moves.subarray(0, end));
    expect(legal.length).toBeGreaterThan(0);

    // Both layers agree on the legal moves (as sets of move text).
    const readable = pos.legalMoves().map((m) => m.text);
    const texts = legal.map((m) => makeMoveText(rs, m));
    expect(new Set(readable).size).toBe(readable.length);
    expect([...texts].sort()).toEqual([...readable].sort());

    // The quiescence generator gives exactly the legal captures and promotion-zone arrivals
    // (every legal move when in check).
    const tactical = legal.filter((m) => {
      const flag = moveFlag(m);
      if (flag === EN_PASSANT || flag === PROMOTE || flag === PAWN_OF_PAWNS_RETURN) return true;
      return (flag === 0 || flag === 1) && fast.board[moveTo(m)] !== EMPTY;
    });
    const tacticalEnd = generateTactical(fast, end);
    const generated = Array.from(fast.moves.subarray(end, tacticalEnd));
    expect(generated.sort()).toEqual((inCheck(fast) ? legal : tactical).sort());

    // A remembered move (here: this position's moves, the previous position's, and moves with
    // every flag) is accepted exactly when it is legal here and not a special move.
    const ordinaryFlags = new Set([0, 1, EN_PASSANT, PROMOTE, PAWN_OF_PAWNS_RETURN]);
    const legalSet = new Set(legal);
    const candidates = [
      ...legal,
      ...previousMoves,
      ...legal.map((m) => (m & ~(15 << 18)) | (((moveFlag(m) + 1) % 10) << 18)),
    ];
    for (const m of candidates)
      expect(isOrdinaryLegal(fast, m)).toBe(legalSet.has(m) && ordinaryFlags.has(moveFlag(m)));
    previousMoves = legal;

    // Every legal move: make/unmake restores everything; the hash equals a fresh load's; no royal left attacked.
    const before = snapshot(fast);
    for (const m of legal) {
      const us = fast.side;
      fast.make(m);
      if (!royalSafe(fast, m, us))
        throw new Error(
          `${config.name}: ${makeMoveText(rs, m)} leaves a royal attacked in ${pos.fen()}`,
        );
      fresh.load(fast.toSetup());
      if (
        fresh.hashLo !== fast.hashLo ||
        fresh.hashHi !== fast.hashHi ||
        fresh.pawnKey !== fast.pawnKey ||
        fresh.materialKey !== fast.materialKey
      )
        throw new Error(
          `${config.name}: hash, pawn key or material key after ${makeMoveText(rs, m)} differs from a fresh load of ${makeFen(rs, fast.toSetup())}`,
        );
      fast.unmake(m);
      expect(snapshot(fast)).toEqual(before);
    }

    // Play the chosen move on both layers.
    const move = legal[choice % legal.length]!;
    fast.make(move);
    const played = pos.play(makeMoveText(rs, move));
    if (!played.ok) throw new Error(`${config.name}: ${played.error}`);

    // FEN round trip at every ply, and the hash of a freshly loaded copy of the same FEN.
    const fen = makeFen(rs, fast.toSetup());
    expect(pos.fen()).toBe(fen);
    const parsed = parseFen(rs, fen);
    if (!parsed.ok) throw new Error(`${config.name}: ${fen}: ${parsed.error}`);
    expect(makeFen(rs, parsed.value)).toBe(fen);
    fresh.load(parsed.value);
    expect([fresh.hashLo, fresh.hashHi]).toEqual([fast.hashLo, fast.hashHi]);
    expect(fresh.citadelDrawn).toBe(fast.citadelDrawn);
  }
  return pos;
}

describe('random playouts, every configuration', () => {
  for (const config of [...CONFIGS, ...SPECIALS]) {
    it(config.name, () => {
      const fresh = new FastPosition(rulesetOf(config));
      fc.assert(
        fc.property(fc.array(fc.nat(), { minLength: 40, maxLength: 60 }), (choices) => {
          const pos = playout(config, choices, fresh);
          // The game's PGN reads back to the same final position.
          const pgn = makePgn(pos);
          const game = parsePgn(pgn);
          if (!game.ok) throw new Error(`${config.name}: ${game.error}\n${pgn}`);
          expect(game.value.position.fen()).toBe(pos.fen());
          expect(game.value.moves.map((m) => m.text)).toEqual(pos.history().map((m) => m.text));
          // Undoing the whole game returns to the start.
          while (pos.undo());
          expect(pos.fen()).toBe(pos.startFen);
        }),
        { numRuns: sampleSize(1, 5) },
      );
    });
  }
});

// ---- parsers on garbage ----

const FEN_ALPHABET = '/*0123456789[]=PpKkQqRrNnBbSsFfCcWwHhAaGgTtDdEeLlXx- w';
/** A valid string with random character deletions, insertions and replacements. */
const mutated = (valid: readonly string[], alphabet: string): fc.Arbitrary<string> =>
  fc
    .tuple(
      fc.constantFrom(...valid),
      fc.array(
        fc.tuple(
          fc.constantFrom('delete', 'insert', 'replace'),
          fc.nat(),
          fc.constantFrom(...alphabet.split('')),
        ),
        { minLength: 1, maxLength: 6 },
      ),
    )
    .map(([text, edits]) => {
      let s = text;
      for (const [kind, at, ch] of edits) {
        const i = s.length ? at % (s.length + (kind === 'insert' ? 1 : 0)) : 0;
        if (kind === 'delete') s = s.slice(0, i) + s.slice(i + 1);
        else if (kind === 'insert') s = s.slice(0, i) + ch + s.slice(i);
        else s = s.slice(0, i) + ch + s.slice(i + 1);
      }
      return s;
    });

const garbage = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: fc.constantFrom(...FEN_ALPHABET.split('')), maxLength: 80 }),
);

/** Valid FENs: start positions of every configuration and a few positions after random play. */
function sampleFens(config: Config): string[] {
  const pos = startOf(config);
  const out = [pos.fen()];
  let seed = 7;
  for (let i = 0; i < 30 && !pos.outcome(); i++) {
    seed = (seed * 48271) % 2147483647;
    const moves = pos.legalCodes();
    pos.play(makeMoveText(pos.rs, moves[seed % moves.length]!));
    if (i % 10 === 9) out.push(pos.fen());
  }
  return out;
}

describe('parsers never throw', () => {
  it('parseFen on garbage and on mutated valid FENs; whatever it accepts writes a fixpoint and plays', () => {
    for (const config of [...CONFIGS, ...SPECIALS]) {
      const rs = rulesetOf(config);
      const fresh = new FastPosition(rs);
      const valid = sampleFens(config);
      fc.assert(
        fc.property(fc.oneof(garbage, mutated(valid, FEN_ALPHABET)), (text) => {
          const r = parseFen(rs, text);
          if (!r.ok) {
            expect(typeof r.error).toBe('string');
            expect(r.error.length).toBeGreaterThan(0);
            return;
          }
          const written = makeFen(rs, r.value);
          const again = parseFen(rs, written);
          expect(again.ok && makeFen(rs, again.value)).toBe(written);
          fresh.load(r.value);
          generateLegal(fresh, 0);
        }),
        { numRuns: sampleSize(15, 60) },
      );
    }
  });

  it('parseDesignerFen on garbage and on mutated designer strings', () => {
    for (const variant of ['persian-celtic', 'persian-princess', 'persian-eye', 'persian-omega']) {
      const rs = rulesetOf({ name: variant, variant, options: {} });
      const valid = sampleFens({ name: variant, variant, options: {} }).map((fen) => {
        const setup = parseFen(rs, fen);
        const d = setup.ok ? makeDesignerFen(rs, setup.value) : null;
        return d && d.ok ? d.value : '';
      });
      fc.assert(
        fc.property(fc.oneof(garbage, mutated(valid, '1/SsFfCcWwKkQqRrBbNnPp w-*2')), (text) => {
          const r = parseDesignerFen(rs, text);
          if (r.ok) {
            const d = makeDesignerFen(rs, r.value);
            expect(d.ok).toBe(true);
          } else expect(r.error.length).toBeGreaterThan(0);
        }),
        { numRuns: sampleSize(25, 100) },
      );
    }
  });

  it('Position.play on garbage and mutated move text / SAN; a rejected move leaves the FEN unchanged', () => {
    for (const config of [...CONFIGS, ...SPECIALS]) {
      const pos = startOf(config);
      const valid = pos.legalMoves().flatMap((m) => [m.text, m.san]);
      fc.assert(
        fc.property(
          fc.oneof(garbage, mutated(valid, 'abcdefghijklm0123456789xX=+#@<>-OQRNBKSHPqrnbh')),
          (text) => {
            const before = pos.fen();
            const r = pos.play(text);
            if (r.ok) {
              expect(valid).toContain(r.value.text);
              expect(pos.undo()).toBe(true);
            } else expect(r.error.length).toBeGreaterThan(0);
            expect(pos.fen()).toBe(before);
          },
        ),
        { numRuns: sampleSize(25, 100) },
      );
    }
  });

  it('parsePgn / parsePgnGames on garbage and on mutated valid PGN', () => {
    const valid = CONFIGS.slice(0, 9).map((c) => {
      const pos = Position.start(c.variant, c.options).value!;
      for (let i = 0; i < 6; i++)
        pos.play(makeMoveText(pos.rs, pos.legalCodes()[(i * 3) % pos.legalCodes().length]!));
      return makePgn(pos, {}, { 1: 'a comment' });
    });
    fc.assert(
      fc.property(
        fc.oneof(garbage, mutated(valid, '[]{}()"\n ;%$1.-*abcdefNBRQKx0123456789')),
        (text) => {
          const one = parsePgn(text);
          const all = parsePgnGames(text);
          if (!one.ok) expect(one.error.length).toBeGreaterThan(0);
          if (all.ok && all.value.length > 0) expect(one.ok).toBe(true);
        },
      ),
      { numRuns: sampleSize(75, 300) },
    );
  });
});
