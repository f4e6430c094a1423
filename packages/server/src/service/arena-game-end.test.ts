import { COLORS, type ByColor } from '@citadel/protocol';
import { tournamentGameRecord, type GameRecord } from '@citadel/game';
import { describe, expect, it } from 'vitest';
import type {
  TournamentGameRow,
  TournamentPlayerRow,
  TournamentRow,
} from '../storage/tournament-store.ts';
import { PAIR_SOON_MS, scoreArenaGame } from './arena-game-end.ts';
import { newPlayerRow } from './tournament-entries.ts';

const START = 1_000_000;
const END = START + 3_600_000;
const NOW = START + 600_000;

const arena: TournamentRow = {
  id: 'arena0001',
  kind: 'arena',
  name: 'Test',
  variant: 'chess',
  array: 'standard',
  rules: {},
  clock: { initial: 180, increment: 2 },
  rated: true,
  creator: null,
  creatorName: null,
  scheduleKey: null,
  status: 'started',
  startsAt: START,
  endsAt: END,
  maxPlayers: null,
  players: 2,
  nextActionAt: END,
  createdAt: START,
};

const player = (id: number, more: Partial<TournamentPlayerRow> = {}): TournamentPlayerRow => ({
  ...newPlayerRow(arena.id, { id, username: `p${id}`, bot: false }, 1500, START),
  waitingSince: null,
  gameId: 'game0001',
  lastOpponent: 3 - id,
  ...more,
});

const row: TournamentGameRow = {
  gameId: 'game0001',
  tournamentId: arena.id,
  white: 1,
  black: 2,
  whiteRating: 1600,
  blackRating: 1400,
  startedAt: NOW - 60_000,
  endedAt: null,
  result: null,
  whitePoints: null,
  blackPoints: null,
};

/** The game ended at `at` with `result` after `plies` moves, `berserk` seats. */
function ended(
  result: GameRecord['result'],
  plies: number,
  more: Partial<GameRecord> = {},
  at = NOW,
): GameRecord {
  const seat = (id: number) => ({ tokenHash: `h${id}`, accountId: id, name: `p${id}`, bot: false });
  return {
    ...tournamentGameRecord({
      id: 'game0001',
      variant: 'chess',
      array: 'standard',
      rules: {},
      clock: arena.clock,
      rated: true,
      seats: { white: seat(1), black: seat(2) },
      tournamentId: arena.id,
      now: NOW - 60_000,
    }),
    status: 'ended',
    result,
    reason: result === '1/2-1/2' ? 'agreement' : 'resign',
    moves: Array.from({ length: plies }, () => 'x'),
    endedAt: at,
    ...more,
  };
}

function score(
  record: GameRecord,
  players: ByColor<TournamentPlayerRow> = { white: player(1), black: player(2) },
  t: TournamentRow = arena,
) {
  const r = scoreArenaGame(t, row, players, record);
  const [white, black] = COLORS.map((c) =>
    r.players.find((p) => p.accountId === players[c].accountId)!,
  );
  return { ...r, white: white!, black: black! };
}

describe('an arena game’s end', () => {
  it('scores a berserk win of seven moves 3, and sums the performance', () => {
    const r = score(ended('1-0', 13, { berserk: { white: true, black: false } }));
    expect(r.game).toMatchObject({ endedAt: NOW, result: '1-0', whitePoints: 3, blackPoints: 0 });
    expect(r.white).toMatchObject({ score: 3, winStreak: 1, wins: 1, games: 1, gameId: null });
    expect(r.white.performanceSum).toBe(1400 + 500);
    expect(r.black).toMatchObject({ score: 0, losses: 1, games: 1, performanceSum: 1600 - 500 });
    // Both free again, and the director wanted soon.
    expect([r.white.waitingSince, r.black.waitingSince]).toEqual([NOW, NOW]);
    expect(r.wakeAt).toBe(NOW + PAIR_SOON_MS);
    // Six moves of its own: no bonus.
    expect(score(ended('1-0', 12, { berserk: { white: true, black: false } })).white.score).toBe(2);
  });

  it('doubles a game on fire, a draw too, and puts the fire out with it', () => {
    const onFire = { white: player(1, { winStreak: 2, score: 4 }), black: player(2) };
    expect(score(ended('1-0', 30), onFire).white).toMatchObject({ score: 8, winStreak: 3 });
    const drawn = score(ended('1/2-1/2', 30), onFire);
    expect(drawn.white).toMatchObject({ score: 6, winStreak: 0, draws: 1 });
    expect(drawn.game).toMatchObject({ whitePoints: 2, blackPoints: 1 });
  });

  it('gives an early draw nothing, and a game ended after the arena nothing at all', () => {
    const early = score(ended('1/2-1/2', 19));
    expect(early.game).toMatchObject({ whitePoints: 0, blackPoints: 0 });
    expect(early.white).toMatchObject({ score: 0, draws: 1, games: 1 });
    const rated = { white: { before: 1500, after: 1510 }, black: { before: 1500, after: 1490 } };
    const late = score(ended('1-0', 40, { ratingChange: rated }, END + 1));
    expect(late.game).toMatchObject({ result: '1-0', whitePoints: null, blackPoints: null });
    expect(late.white).toMatchObject({ score: 0, games: 0, rating: 1500, waitingSince: null });
    expect(late.wakeAt).toBeNull();
    expect(score(ended('1-0', 40, { ratingChange: rated })).white.rating).toBe(1510);
  });

  it('withdraws the player who did not make a first move, who loses', () => {
    const r = score(ended('0-1', 0, { reason: 'no-start' }));
    expect(r.white).toMatchObject({ withdrawn: true, waitingSince: null, losses: 1 });
    expect(r.black).toMatchObject({ withdrawn: false, waitingSince: NOW, score: 2 });
  });
});
