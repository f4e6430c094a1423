/**
 * One game of the archive as it is stored: a summary to list it by (date, variant, opponent,
 * result), its PGN for review and export, the saved game to continue it, and its finished review
 * once there is one (review-record.ts). Records read back from the browser's storage are checked
 * against the schema; a record that fails is left out.
 */
import { z } from 'zod';
import type { Game } from '../game.ts';
import { SavedReviewSchema } from './review-record.ts';

export const RESULTS = ['1-0', '0-1', '1/2-1/2', '*'] as const;

export const ArchiveRecordSchema = z.object({
  id: z.string().min(1).max(64),
  variant: z.string().min(1).max(40),
  array: z.string().min(1).max(40),
  opponent: z.enum(['engine', 'human']),
  side: z.enum(['white', 'black']),
  level: z.number().int().min(1).max(10),
  startedAt: z.number().finite(),
  updatedAt: z.number().finite(),
  plies: z.number().int().min(0),
  result: z.enum(RESULTS),
  /** How it ended, in words ('' while it goes on). */
  resultText: z.string().max(200),
  pgn: z.string().max(200_000),
  /** The game as Game.toJSON writes it (Game.fromJSON checks it when it is continued). */
  game: z.unknown(),
  /** The game's review, once one has finished (of the moves it names). */
  review: SavedReviewSchema.optional(),
});

export type ArchiveRecord = z.infer<typeof ArchiveRecordSchema>;

/** The record of `game` as it stands now. */
export function recordOf(game: Game, now = Date.now()): ArchiveRecord {
  const end = game.end();
  const result = !end
    ? '*'
    : end.winner === null
      ? '1/2-1/2'
      : end.winner === 'white'
        ? '1-0'
        : '0-1';
  return {
    id: game.id,
    variant: game.setup.variant,
    array: game.setup.array,
    opponent: game.setup.opponent,
    side: game.setup.side,
    level: game.setup.level,
    startedAt: game.startedAt,
    updatedAt: now,
    plies: game.moves().length,
    result,
    resultText: end?.text ?? '',
    pgn: game.pgn(),
    game: game.toJSON(),
  };
}

/**
 * The analysis board's review of an archived game: the game, reviewed at once (or its review
 * shown, when one was kept with it).
 */
export function reviewUrl(r: Pick<ArchiveRecord, 'variant' | 'id'>): string {
  return `/analyse/${r.variant}?game=${encodeURIComponent(r.id)}&review=1`;
}

/** A stored value as a record, or null when it is not one. */
export function parseRecord(value: unknown): ArchiveRecord | null {
  const r = ArchiveRecordSchema.safeParse(value);
  return r.success ? r.data : null;
}

/** The opponent in words: `Engine, level 3` or `A friend (one device)`. */
export function opponentText(r: ArchiveRecord): string {
  return r.opponent === 'engine' ? `Engine, level ${r.level}` : 'A friend (one device)';
}

/** The result from the user's view against the engine (`Won`, `Lost`, `Draw`), else the score. */
export function resultText(r: ArchiveRecord): string {
  if (r.result === '*') return 'Unfinished';
  if (r.opponent === 'human') return r.result === '1/2-1/2' ? 'Draw' : r.result;
  if (r.result === '1/2-1/2') return 'Draw';
  const won = (r.result === '1-0') === (r.side === 'white');
  return won ? 'Won' : 'Lost';
}
