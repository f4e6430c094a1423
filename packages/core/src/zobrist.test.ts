/**
 * The side keys of FastPosition (zobrist.ts): the pawn key follows the pawns alone, the material
 * key the piece counts alone. (That make/unmake keeps them equal to a fresh load's is checked on
 * every move of the random playouts in test/properties.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { EMPTY, OFF, codeKind, kindInfo } from './piece-kinds.ts';
import { moveFrom, moveTo } from './move.ts';
import { Position } from './position.ts';
import { mulberry32 } from './random.ts';
import { VARIANT_IDS } from './variants/index.ts';

describe('pawn and material keys', () => {
  for (const variant of VARIANT_IDS) {
    it(`${variant}: the pawn key changes exactly when a pawn moves or leaves, the material key exactly when the counts change`, () => {
      const pos = Position.start(variant).value!;
      const random = mulberry32(7);
      const seen = { pawnMoves: 0, pieceMoves: 0, captures: 0 };
      for (let ply = 0; ply < 60 && !pos.outcome(); ply++) {
        const fast = pos.fastPosition();
        const codes = pos.legalCodes();
        for (const m of codes) {
          const mover = fast.board[moveFrom(m)]!;
          const target = fast.board[moveTo(m)]!;
          const before = { pawn: fast.pawnKey, material: fast.materialKey, hash: fast.hashLo };
          const counts = Array.from(fast.codeCount);
          fast.make(m);
          const countsChanged = counts.some((n, code) => n !== fast.codeCount[code]);
          const after = { pawn: fast.pawnKey, material: fast.materialKey, hash: fast.hashLo };
          fast.unmake(m);
          expect(after.hash).not.toBe(before.hash);
          expect(after.material !== before.material).toBe(countsChanged);
          const pawnInvolved =
            kindInfo(codeKind(mover)).pawn === true ||
            (target !== EMPTY && target !== OFF && kindInfo(codeKind(target)).pawn === true);
          // Only pawn moves and pawn captures can change the pawn key (some special moves, e.g. a
          // king swap, move no pawn at all and must leave it alone).
          if (!pawnInvolved && !countsChanged) expect(after.pawn).toBe(before.pawn);
          if (pawnInvolved && !countsChanged) expect(after.pawn).not.toBe(before.pawn);
          if (pawnInvolved) seen.pawnMoves++;
          else seen.pieceMoves++;
          if (countsChanged) seen.captures++;
        }
        const choice = codes[Math.floor(random() * codes.length)]!;
        pos.play(pos.legalMoves().find((m) => m.code === choice)!.text);
      }
      expect(seen.pawnMoves).toBeGreaterThan(0);
      expect(seen.pieceMoves).toBeGreaterThan(0);
      expect(seen.captures).toBeGreaterThan(0);
    });
  }
});
