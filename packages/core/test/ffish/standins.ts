/**
 * Fairy-Stockfish (FSF) stand-ins for the citadel variants, plus the FSF start positions of the
 * built-in baselines.
 *
 * FSF boards are rectangles without holes, so the citadel variants cannot be played exactly; the
 * stand-ins below are the rectangular "main boards" with everything FSF cannot express removed.
 * They let the rules core be checked against an independent generator on positions where the
 * missing rules cannot matter (or with the core switched to the same reduced rules).
 *
 * `husun10` — Shatranj al-Husun without its four corner citadels. The 10x10 main board b2..k11 of
 *   docs/rules.md becomes a1..j10 (file -1, rank -1). R N E D K F D E N R on rank 1 (E = elephant,
 *   A leap; D = war machine, bishop slider; F = general, fers), pawns on ranks 2 / 9 (`fmWfcF`, no
 *   double step, no en passant) promoting to the general on the last rank, Black on the same files.
 *   No castling, stalemate loses for the stalemated side, no bare-king rule, no n-move rule.
 *   NB: already at ply 1 it differs from `husun`: the knights c2/j2 of `husun` may jump into their
 *   own citadels a1/l1 (husun perft 1 = 20, husun10 perft 1 = 18).
 *
 * `tamerlane11` — Tamerlane (masculine array) without citadels: the 11x10 main board b1..l10
 *   becomes a1..k10 (file -1, same rank). Giraffes and pickets are removed (their cells are empty):
 *   the Betza parser of this FSF build (ffish 0.7.10 = FSF 230826; wasm engine commit b2e693ef)
 *   ignores the multi-leg modifiers `a`/`y` — `yafF` and `afsafyafF` both parse as `fF`
 *   (verified: a lone such piece on f5 of an empty board has exactly the moves f5e6 f5g6), so
 *   neither the picket nor the giraffe can be expressed. Every pawn promotes to the general (no
 *   pawn tags), only the King is royal (the pawn of kings is a plain pawn, no prince), no king
 *   swap, no castling, no double step, stalemate loses for the stalemated side, no n-move rule.
 *
 * Letters (FSF FEN): K king, F general (fers), W vizier (wazir), N knight, R rook, D war
 * machine / war engine (husun: bishop slider; tamerlane: D leap), C camel (C = (3,1) leap),
 * E elephant (A leap), P pawn. Promotion moves carry the letter: `d9d10f`.
 */

/** variants.ini text for `ffish.loadVariantConfig` / the UCI option `VariantPath`. */
export const STANDINS_INI = `# Citadel stand-ins for Fairy-Stockfish (see packages/core/test/ffish/standins.ts)

[husun10]
maxFile = 10
maxRank = 10
king = k
fers = f
rook = r
knight = n
alfil = e
bishop = d
pawn = p
startFen = rnedkfdenr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNEDKFDENR w - - 0 1
doubleStep = false
castling = false
promotionRegionWhite = *10
promotionRegionBlack = *1
promotionPieceTypes = f
stalemateValue = loss
nMoveRule = 0

[tamerlane11]
maxFile = 11
maxRank = 10
king = k
fers = f
wazir = w
rook = r
knight = n
alfil = e
customPiece1 = d:D
customPiece2 = c:C
pawn = p
startFen = e1c1d1d1c1e/rn2wkf2nr/ppppppppppp/11/11/11/11/PPPPPPPPPPP/RN2FKW2NR/E1C1D1D1C1E w - - 0 1
doubleStep = false
castling = false
promotionRegionWhite = *10
promotionRegionBlack = *1
promotionPieceTypes = f
stalemateValue = loss
nMoveRule = 0
`;

/** The stand-in variant names defined by {@link STANDINS_INI}. */
export const STANDIN_VARIANTS = ['husun10', 'tamerlane11'] as const;
export type StandinVariant = (typeof STANDIN_VARIANTS)[number];

/** husun10 start, FSF notation (10 files a..j, 10 ranks). */
export const HUSUN10_START_FEN =
  'rnedkfdenr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNEDKFDENR w - - 0 1';

/**
 * tamerlane11 start, FSF notation (11 files a..k, 10 ranks). White rank 2 from a:
 * R N . . F K W . . N R (c2, d2, h2, i2 were T G / G T); Black rank 9 from a: r n . . w k f . . n r.
 */
export const TAMERLANE11_START_FEN =
  'e1c1d1d1c1e/rn2wkf2nr/ppppppppppp/11/11/11/11/PPPPPPPPPPP/RN2FKW2NR/E1C1D1D1C1E w - - 0 1';

/** FSF built-in `chess` start (as `ffish.startingFen('chess')`). */
export const CHESS_START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

/**
 * FSF built-in `shatranj` start (as `ffish.startingFen('shatranj')`): kings on d1 / d8, generals
 * on e1 / e8. FSF letters: K king, Q fers (general), B alfil (A leap), N knight, R rook, P pawn
 * (`fmWfcF`, promotes to Q = fers only). Rules in FSF's variant.cpp: no castling, no double step,
 * stalemate loses for the stalemated side (stalemateValue = -mate), 70-move rule (nMoveRule = 70,
 * claim-type, never ends a perft line), and the bare-king rule as an extinction rule
 * (extinctionPieceTypes = all, extinctionPieceCount = 1, extinctionOpponentPieceCount = 2,
 * extinctionClaim = true): a side reduced to its bare king loses, unless it can bare the opponent
 * (reduce it to a bare king too) with its very next move; two bare kings play on. FSF's legal
 * move generator returns no moves in such a decided position, so its perft stops there.
 */
export const SHATRANJ_START_FEN = 'rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1';

/** Start FEN (FSF notation) of each variant used here. */
export const FSF_START_FENS: Readonly<Record<'chess' | 'shatranj' | StandinVariant, string>> = {
  chess: CHESS_START_FEN,
  shatranj: SHATRANJ_START_FEN,
  husun10: HUSUN10_START_FEN,
  tamerlane11: TAMERLANE11_START_FEN,
};

/** The subset of the ffish module that loading the stand-ins needs. */
export interface VariantConfigLoader {
  loadVariantConfig(variantInitContent: string): void;
  variants(): string;
}

/**
 * Loads {@link STANDINS_INI} into an ffish module (idempotent: skipped when the variants are
 * already listed).
 */
export function loadStandins(ff: VariantConfigLoader): void {
  const known = new Set(ff.variants().split(' '));
  if (STANDIN_VARIANTS.every((v) => known.has(v))) return;
  ff.loadVariantConfig(STANDINS_INI);
  const now = new Set(ff.variants().split(' '));
  const missing = STANDIN_VARIANTS.filter((v) => !now.has(v));
  if (missing.length > 0)
    throw new Error(`ffish did not accept stand-in variants: ${missing.join(', ')}`);
}
