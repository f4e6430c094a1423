/**
 * The lists of games the API serves, read from storage: the lobby (challenges whose poster is
 * there, lobby.ts), "my games" (a browser's seats and an account's games, the ones waiting for
 * the player first) and the archive of finished games. Each game is summarised with its seated
 * accounts' ratings in its variant.
 */
import type { ArchiveQuery, Color, GameSummary, MyGamesResponse } from '@citadel/protocol';
import { gameSummary, sideToMove, type GameRecord } from '@citadel/game';
import type { Store } from '../storage/store.ts';
import { hashToken } from './ids.ts';
import { openChallenges } from './lobby.ts';
import { readSeatRatings } from './seat-ratings.ts';

/** The most games "my games" lists. */
const MY_GAMES_SIZE = 200;

export class GameLists {
  constructor(
    private readonly store: Store,
    private readonly now: () => number,
  ) {}

  /** One-line summaries of `records`, with each seated account's rating in the game's variant. */
  async summaries(records: readonly GameRecord[]): Promise<GameSummary[]> {
    const ratings = await readSeatRatings(this.store, records);
    return records.map((g, i) => gameSummary(g, ratings[i]!));
  }

  /** The open challenges whose poster is there, with the records they summarise. */
  async lobby(): Promise<{ records: GameRecord[]; games: GameSummary[] }> {
    const records = await openChallenges(this.store, this.now());
    return { records, games: await this.summaries(records) };
  }

  /**
   * The games of the seats whose tokens are `tokens` and of the account `accountId`: those where
   * it is the player's move first, then the others in progress, the waiting, the finished; newest
   * first within each.
   */
  async myGames(
    tokens: readonly string[],
    accountId: number | null,
  ): Promise<MyGamesResponse['games']> {
    const hashes = new Set(tokens.map(hashToken));
    const found = await this.store.gamesOf([...hashes], accountId, MY_GAMES_SIZE);
    const summaries = await this.summaries(found);
    const rows = found.map((g, i) => {
      const mine = (c: Color): boolean =>
        (g.seats[c] !== null && hashes.has(g.seats[c].tokenHash)) ||
        (accountId !== null && g.seats[c]?.accountId === accountId);
      const color: Color = mine('white') ? 'white' : 'black';
      return {
        game: summaries[i]!,
        color,
        myTurn: g.status === 'started' && sideToMove(g) === color,
      };
    });
    const order = (r: (typeof rows)[number]): number =>
      r.myTurn ? 0 : r.game.status === 'started' ? 1 : r.game.status === 'waiting' ? 2 : 3;
    return rows.sort(
      (a, b) =>
        order(a) - order(b) ||
        (b.game.endedAt ?? b.game.createdAt) - (a.game.endedAt ?? a.game.createdAt),
    );
  }

  /** Finished games, newest first, by player name, variant and before a time; none for an unknown player. */
  async archive(q: ArchiveQuery): Promise<GameSummary[]> {
    let accountId: number | undefined;
    if (q.player !== undefined) {
      const row = await this.store.accountByName(q.player);
      if (!row) return [];
      accountId = row.id;
    }
    const found = await this.store.archive({
      ...(accountId !== undefined ? { accountId } : {}),
      ...(q.variant !== undefined ? { variant: q.variant } : {}),
      ...(q.before !== undefined
        ? { before: q.beforeId === undefined ? { at: q.before } : { at: q.before, id: q.beforeId } }
        : {}),
      limit: q.limit ?? 50,
    });
    return this.summaries(found);
  }
}
