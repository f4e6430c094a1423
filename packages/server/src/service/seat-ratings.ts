/**
 * The ratings of the accounts seated in games: what a game's view shows beside each name (kept in
 * a cache per process, read from storage when an account sits down and after a game ends), and
 * the Glicko-2 update a rated game's end makes, which the store applies inside the save's own
 * transaction (storage/store.ts, RatingUpdate).
 */
import { COLORS } from '@citadel/protocol';
import { rateGame, START } from '../accounts/ratings.ts';
import type { GameRecord, SeatRatings } from '@citadel/game';
import type { RatingUpdate, Store } from '../storage/store.ts';

/** The accounts seated in a game (none, one or two). */
export function seatedAccounts(g: GameRecord): number[] {
  return COLORS.flatMap((c) => {
    const id = g.seats[c]?.accountId;
    return id == null ? [] : [id];
  });
}

/**
 * The rating of each seated account in the game's variant, from `ratingOf`; an account without a
 * rated game in the variant has the starting rating.
 */
export function seatRatings(
  g: GameRecord,
  ratingOf: (accountId: number) => number | undefined,
): SeatRatings {
  const r: { white?: number; black?: number } = {};
  for (const c of COLORS) {
    const id = g.seats[c]?.accountId;
    if (id != null) r[c] = ratingOf(id) ?? START.rating;
  }
  return r;
}

/** The seat ratings of many games at once, read from storage (lists: lobby, my games, archive). */
export async function readSeatRatings(
  store: Store,
  records: readonly GameRecord[],
): Promise<SeatRatings[]> {
  const ids = new Set(records.flatMap(seatedAccounts));
  const rows = ids.size ? await store.ratings([...ids]) : [];
  const rating = new Map(rows.map((r) => [`${r.accountId} ${r.variant}`, r.rating]));
  return records.map((g) => seatRatings(g, (id) => rating.get(`${id} ${g.variant}`)));
}

/** The ratings this process shows beside seated accounts, by account and variant. */
export class SeatRatingCache {
  private readonly byAccount = new Map<number, Map<string, number>>();

  constructor(private readonly store: Store) {}

  /** The ratings of `g`'s seated accounts as cached. */
  of(g: GameRecord): SeatRatings {
    return seatRatings(g, (id) => this.byAccount.get(id)?.get(g.variant));
  }

  /** Reads the ratings of the accounts seated in `g` (or of `accountIds`) into the cache. */
  async refresh(g: GameRecord | readonly number[]): Promise<void> {
    const ids = 'seats' in g ? seatedAccounts(g) : g;
    if (!ids.length) return;
    for (const row of await this.store.ratings(ids))
      this.set(row.accountId, row.variant, row.rating);
  }

  /** After `game` ended rated here: its players' new ratings, without reading them back. */
  noteEnded(game: GameRecord): void {
    for (const color of COLORS) {
      const id = game.seats[color]?.accountId;
      const change = game.ratingChange?.[color];
      if (id != null && change && this.byAccount.has(id)) this.set(id, game.variant, change.after);
    }
  }

  private set(accountId: number, variant: string, rating: number): void {
    let m = this.byAccount.get(accountId);
    if (!m) this.byAccount.set(accountId, (m = new Map()));
    m.set(variant, rating);
  }
}

/**
 * The rating update a game that just ended makes (rated, between two accounts, decided), for the
 * store to apply under its transaction: the players' new Glicko-2 ratings and the change each saw.
 */
export function ratingUpdate(g: GameRecord): RatingUpdate | null {
  const w = g.seats.white?.accountId;
  const b = g.seats.black?.accountId;
  if (!g.rated || w == null || b == null || g.result === '*' || g.result === null) return null;
  const score = g.result === '1-0' ? 1 : g.result === '0-1' ? 0 : 0.5;
  return {
    variant: g.variant,
    white: w,
    black: b,
    apply(white, black) {
      const after = rateGame(white, black, score);
      const ratingChange = {
        white: { before: white.rating, after: after[0].rating },
        black: { before: black.rating, after: after[1].rating },
      };
      return { game: { ...g, ratingChange }, rows: after };
    },
  };
}
