/**
 * The analysis board's link to the archive (archive/): a game opened by its archive id
 * (`/analyse/<variant>?game=<id>`), with the review kept with it, and a finished review of it
 * kept in turn. A review is kept only for the moves the archive holds: one of a line changed on
 * the board is not that game's.
 */
import { openGameText, type OpenedGame } from './analysis-import.ts';
import { getRecord, putReview } from './archive/archive-store.ts';
import { savedReview, type SavedReview } from './archive/review-record.ts';
import type { Reviewed } from './review-panel.ts';
import { variantDef } from './variants.ts';

export interface ArchivedGame {
  readonly id: string;
  readonly opened: OpenedGame;
  /** The game's moves (move text), as the archive holds them. */
  readonly moves: readonly string[];
  /** The review kept with the game, if any (it may be of other moves: a takeback since). */
  readonly review: SavedReview | undefined;
}

/** The archived game `id`, or why it cannot be opened (in words for the page's notice). */
export async function openArchivedGame(id: string): Promise<ArchivedGame | { error: string }> {
  const record = await getRecord(id);
  const def = record ? variantDef(record.variant) : undefined;
  if (!record || !def)
    return { error: `No game "${id}" is in this browser's archive; showing the start position.` };
  const opened = openGameText(record.pgn, def.id, { array: record.array });
  if ('error' in opened)
    return { error: `The archived game "${id}" could not be read: ${opened.error}` };
  const moves = opened.tree
    .mainLine()
    .slice(1)
    .map((n) => n.move!.text);
  return { id, opened, moves, review: record.review };
}

/** Keeps a finished review with the archived game when it is of that game's moves. */
export function keepReview(
  game: ArchivedGame,
  moves: readonly string[],
  results: readonly Reviewed[],
): void {
  const same = moves.length === game.moves.length && moves.every((m, i) => m === game.moves[i]);
  if (same) void putReview(game.id, savedReview(moves, results));
}
