/**
 * Unit tests (no browser) of the rules page's models: every worked example is a valid position
 * whose move the core plays with the kind and outcome the example states, and the move explorer
 * shows the core's moves with blockers cutting them where docs/rules.md says (giraffe path, picket
 * and crocodile first cell, pawn captures), with the kings out of the way.
 */
import { Position, VARIANTS, VARIANT_IDS, type VariantDef } from '@citadel/core';
import { describe, expect, it } from 'vitest';
import { diagramFen } from '../src/diagram-fen.ts';
import { historyOf } from '../src/learn-history.ts';
import {
  movePiece,
  startExplorer,
  toggleBlocker,
  type ExplorerView,
} from '../src/move-explorer.ts';
import { examplePosition } from '../src/rule-example-view.ts';
import { ruleExamples } from '../src/rule-examples.ts';

const must = <T>(r: { ok: true; value: T } | { ok: false; error: string }): T => {
  if (!r.ok) throw new Error(r.error);
  return r.value;
};
const sorted = (list: readonly string[]): string[] => [...list].sort();

describe('worked examples', () => {
  it('are valid positions whose move is legal with the stated kind and outcome', () => {
    for (const id of VARIANT_IDS) {
      const def: VariantDef = VARIANTS[id];
      const examples = ruleExamples(def);
      expect(examples.length, id).toBeGreaterThan(0);
      for (const ex of examples) {
        const where = `${id} ${ex.id}`;
        const position = must(examplePosition(def, ex));
        expect(position.outcome(), where).toBeNull();
        if (ex.reach) {
          expect(ex.move, where).toBeUndefined();
          expect(position.legalMoves().some((m) => m.from === ex.reach)).toBe(true);
          continue;
        }
        const played = must(position.play(ex.move!));
        if (ex.expect?.kind) expect(played.kind, where).toBe(ex.expect.kind);
        expect(position.outcome()?.reason ?? null, where).toBe(ex.expect?.outcome ?? null);
      }
    }
  });

  it('follow the variant data: citadel draw, king swap, pawn of pawns, rendezvous, eye', () => {
    const ids = (id: keyof typeof VARIANTS): string[] =>
      ruleExamples(VARIANTS[id]).map((e) => e.id);
    expect(ids('tamerlane')).toEqual(
      expect.arrayContaining(['citadel-draw', 'king-swap', 'pawn-of-pawns-1', 'stalemate']),
    );
    expect(ids('persian-celtic')).not.toContain('rendezvous');
    expect(ids('persian-princess')).toEqual(expect.arrayContaining(['rendezvous', 'centre']));
    // The Eye's diagonals run through every citadel: no king can reach one there.
    expect(ids('persian-eye')).not.toContain('citadel-draw');
    expect(ids('persian-eye')).toContain('eye-diagonals');
    expect(ids('chess')).not.toContain('citadel-draw');
    expect(ids('shatranj')).toContain('bare-king');
  });

  it('the Eye keeps every king out of the citadels (why persian-eye has no citadel example)', () => {
    // Each citadel touches the board only at one cell, and that cell lies on an Eye diagonal.
    for (const near of ['b2', 'j2', 'b10', 'j10']) {
      const fen = must(diagramFen('persian-eye', { [near]: 'K', e2: 'k' }));
      expect(must(Position.fromFen('persian-eye', fen)).isCheck(), near).toBe(true);
    }
  });
});

describe('history', () => {
  it('has a paragraph for every variant', () => {
    for (const id of VARIANT_IDS) expect(historyOf(id).length, id).toBeGreaterThan(200);
  });
});

describe('move explorer', () => {
  const explore = (variant: string, kind: Parameters<typeof startExplorer>[1]): ExplorerView =>
    must(startExplorer(variant, kind));

  it('shows every piece of every variant with at least one move, kings out of the way', () => {
    for (const id of VARIANT_IDS)
      for (const kind of Object.keys(VARIANTS[id].letters) as Array<
        Parameters<typeof startExplorer>[1]
      >) {
        if (kind === 'pawnOfPawnsWaiting') continue;
        const view = explore(id, kind);
        expect(view.destinations.length, `${id} ${kind}`).toBeGreaterThan(0);
        expect(view.position.isCheck(), `${id} ${kind}`).toBe(false);
        for (const [sq] of view.setup.helpers)
          expect(view.destinations, `${id} ${kind} helper on ${sq}`).not.toContain(sq);
      }
  });

  it('cuts the giraffe at its first diagonal cell and along its straight run', () => {
    const giraffe = explore('tamerlane', 'giraffe');
    expect(giraffe.setup.square).toBe('g5');
    expect(sorted(giraffe.destinations)).toEqual(
      sorted([
        'b4',
        'b6',
        'c4',
        'c6',
        'f1',
        'f10',
        'f9',
        'h1',
        'h10',
        'h9',
        'k4',
        'k6',
        'l4',
        'l6',
      ]),
    );
    // A blocker on h6 (the first, diagonal cell) stops both branches through it.
    const blocked = must(toggleBlocker(giraffe, 'h6', 'white'));
    for (const sq of ['h9', 'h10', 'k6', 'l6']) expect(blocked.destinations).not.toContain(sq);
    expect(blocked.destinations).toContain('f9');
    // An enemy on h8 (passed cell) stops the upward branch; one on l4 is captured there.
    const passed = must(toggleBlocker(giraffe, 'h8', 'black'));
    expect(passed.destinations).not.toContain('h9');
    const end = must(toggleBlocker(giraffe, 'l4', 'black'));
    expect(end.captures).toEqual(['l4']);
    // Removing the blocker gives the moves back.
    expect(sorted(must(toggleBlocker(blocked, 'h6', 'white')).destinations)).toEqual(
      sorted(giraffe.destinations),
    );
  });

  it('never lets the picket or crocodile stop at distance 1, and a first-cell blocker stops them', () => {
    const picket = explore('tamerlane', 'picket');
    expect(picket.destinations).not.toContain('h6');
    expect(picket.destinations).toContain('i7');
    const enemy = must(toggleBlocker(picket, 'h6', 'black'));
    expect(enemy.destinations).not.toContain('h6');
    expect(enemy.destinations).not.toContain('i7');
    const croc = explore('tamerlane-full', 'crocodile');
    expect(croc.destinations).not.toContain('g6');
    expect(croc.destinations).toContain('g7');
    const stopped = must(toggleBlocker(croc, 'g6', 'white'));
    expect(stopped.destinations.some((sq) => /^g([7-9]|10)$/.test(sq))).toBe(false);
  });

  it('moves the piece, shows pawn captures, and refuses cells the core refuses', () => {
    const pawn = explore('chess', 'pawn');
    expect(sorted(pawn.destinations)).toEqual(['d3', 'd4']);
    const capture = must(toggleBlocker(pawn, 'e3', 'black'));
    expect(capture.captures).toEqual(['e3']);
    const knight = explore('tamerlane', 'knight');
    const moved = must(movePiece(knight, 'c3'));
    expect(sorted(moved.destinations)).toEqual(sorted(['b1', 'b5', 'd1', 'd5', 'e2', 'e4']));
    // Only royals may stand on a Tamerlane citadel.
    const citadel = movePiece(knight, 'm2');
    expect(citadel.ok ? '' : citadel.error).toMatch(/cannot stand on m2/);
    // A king is never in the way: it is moved when the piece would attack it.
    const rook = explore('tamerlane', 'rook');
    const toEdge = must(movePiece(rook, 'g10'));
    expect(toEdge.position.isCheck()).toBe(false);
  });

  it('gives shatranj kings a companion so that no side starts bare', () => {
    const king = explore('shatranj', 'king');
    expect(king.destinations.length).toBe(8);
    expect(king.position.outcome()).toBeNull();
    expect(explore('shatranj', 'rook').destinations.length).toBe(14);
  });
});
