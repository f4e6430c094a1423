/**
 * A paragraph of history per variant for the rules page, written for this project from the facts
 * in docs/rules.md and the seed documents (seeds 000/001 Shatranj al-Husun, 002/003 Tamerlane
 * chess, 004 Persian Chess). Claims beyond those sources are kept general on purpose.
 */

const PERSIAN =
  'Persian Chess, presented by its designer as "an ancient game for today", is a modern game built on the whole of FIDE chess, castling and en passant included, played on a 9 by 9 board with a citadel beyond each corner. It keeps the historical rule of the citadel games: a King that reaches a citadel on the enemy side draws the game at once. It adds the Princess (bishop and knight together) and comes in four sub-variants, from the plain Celtic Citadel to the experimental Oriental Omega.';

const HISTORY: Record<string, string> = {
  husun:
    'Shatranj al-Husun, "chess of the citadels", is one of the medieval variants of shatranj, the Persian and Arabic game from which modern chess descends. It is played on a 10 by 10 board with four extra cells beyond the corners, the citadels, each touching the board only at a corner. Besides the usual shatranj pieces each side has two war machines (dabbaba) and two extra pawns. A King that reaches a citadel on the far side saves the game with a draw, and, as in shatranj, stalemating the opponent wins. The game is known from the chess histories of Murray and Pritchard and from Gollon\'s book, which give several opening setups; we play one of them, with the typos of the written setup corrected as in the Ludii version.',
  tamerlane:
    'Shatranj al-Kabir, "great chess", is described in several medieval manuscripts from South-West Asia, which agree that it was a favourite game of Timur, known in Europe as Tamerlane. It enlarges shatranj to an 11 by 10 board with a citadel beside each side\'s second rank, adds pieces such as the giraffe, the picket, the camel and the war engine, and gives every kind of piece its own pawn, which turns into that piece. Its rules are among the most unusual of any chess game: the pawn of pawns with its three lives, a King that may swap places with another piece once per game, and a draw for the King that reaches the enemy citadel. Three starting arrays are known; we offer the masculine array and a feminine array reconstructed from a diagram, while the third, from a Paris manuscript of 1451, is not available yet.',
  'tamerlane-full':
    'Full Tamerlane chess follows the larger setup of a manuscript in the British Museum (no. 7322), which adds two lions, two bulls, a sentinel and a crocodile, each with its own pawn, and a third knight in place of one camel. The manuscript does not say how the new pieces move. We follow the moves proposed by Jean-Louis Cazaux and Rick Knowlton in "A World of Chess", which complete a 7 by 7 square of leaps around the piece; the crocodile\'s move is our own house rule. Everything else is played as in Tamerlane chess.',
  'persian-celtic': `${PERSIAN} Celtic Citadel uses only the basic rules, with a Fortress (rook and knight) in each citadel, and is the designer's suggested start.`,
  'persian-princess': `${PERSIAN} In Persian Princess both Bishops start on dark cells; once per game the Princess may change places with one of them (the rendezvous), and only pawns and the Princess may stop on the centre cell.`,
  'persian-eye': `${PERSIAN} Egyptian Eye adds a neutral All-Seeing Eye on the centre cell that attacks both sides along its diagonals, making it the most demanding sub-variant.`,
  'persian-omega': `${PERSIAN} Oriental Omega, marked experimental by its designer, replaces the Princess with a Champion and the citadels' Fortresses with Wizards, two pieces inspired by Omega Chess.`,
  chess:
    'Modern chess, played under the FIDE Laws, grew out of shatranj in late medieval Europe. It is here as a baseline: the rules engine is checked against established chess engines on it, and it lets you compare the citadel games with the game most players know.',
  shatranj:
    'Shatranj is the chess of the medieval Persian and Arab world, the ancestor of modern chess and of every other game on this site. Its General (fers) and Elephant (alfil) are weak short-range forerunners of the queen and bishop, a King left bare loses, and stalemate wins. We play it as the Fairy-Stockfish engine does, as a second baseline for checking the rules engine.',
};

/** The history paragraph of a variant ('' for an unknown id). */
export function historyOf(variantId: string): string {
  return HISTORY[variantId] ?? '';
}
