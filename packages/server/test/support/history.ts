/**
 * A made-up history of finished games, for the tests and the load test that need a large archive
 * (`npm run bench:server -- --history N`): records as the server writes them, between a fixed set
 * of accounts, in several variants, ending one after another. Written with `Store.importGames`.
 */
import { NO_BERSERK, NO_OFFERS, startPosition, type GameRecord } from '@citadel/game';

const VARIANTS = ['tamerlane', 'husun', 'persian-princess', 'chess'] as const;

/** Each variant's first array and its rule switches as a new game gets them. */
const SETUPS = VARIANTS.map((variant) => {
  const pos = startPosition(variant, undefined, undefined);
  if (!pos.ok) throw new Error(pos.error);
  return { variant, array: pos.value.rs.array.id, rules: { ...pos.value.rs.switches } };
});

export interface HistoryOptions {
  /** Accounts 1..accounts play the games (they need not exist for the archive's queries). */
  readonly accounts: number;
  /** When the first game ended (epoch ms); each next one ends `spacingMs` later. */
  readonly firstEnd: number;
  readonly spacingMs?: number;
}

/** Finished game number `n` of the history: a resignation after no move, rated, between accounts. */
export function historyGame(n: number, o: HistoryOptions): GameRecord {
  const white = 1 + (n % o.accounts);
  const black = 1 + ((n * 7 + 3) % o.accounts);
  const endedAt = o.firstEnd + n * (o.spacingMs ?? 1_000);
  const seat = (account: number, color: string) => ({
    tokenHash: `history-${n}-${color}`,
    accountId: account,
    name: `player${account}`,
    bot: false,
  });
  return {
    id: `h${n.toString(36).padStart(9, '0')}`,
    ...SETUPS[n % SETUPS.length]!,
    clock: null,
    rated: false,
    lobby: false,
    seats: {
      white: seat(white, 'w'),
      black: seat(black === white ? 1 + (white % o.accounts) : black, 'b'),
    },
    moves: [],
    moveClocks: [],
    moveLag: [],
    lagQuota: { white: 0, black: 0 },
    lagTotal: { white: 0, black: 0 },
    timeGiven: { white: 0, black: 0 },
    clockLeft: { white: 0, black: 0 },
    turnStartedAt: null,
    firstMoveBy: null,
    status: 'ended',
    result: n % 2 ? '1-0' : '0-1',
    reason: 'resign',
    text: n % 2 ? 'Black resigned' : 'White resigned',
    offers: NO_OFFERS,
    rematchId: null,
    ratingChange: null,
    tournamentId: null,
    berserk: NO_BERSERK,
    version: 3,
    createdAt: endedAt - 60_000,
    endedAt,
  };
}

/** Games `from` .. `from + count - 1` of the history, in batches of `batch` for importGames. */
export function* historyBatches(
  from: number,
  count: number,
  o: HistoryOptions,
  batch = 2_000,
): Generator<GameRecord[]> {
  for (let start = from; start < from + count; start += batch) {
    const games: GameRecord[] = [];
    for (let n = start; n < Math.min(from + count, start + batch); n++)
      games.push(historyGame(n, o));
    yield games;
  }
}
