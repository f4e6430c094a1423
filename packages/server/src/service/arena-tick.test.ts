import { describe, expect, it } from 'vitest';
import type { TournamentPlayerRow, TournamentRow } from '../storage/tournament-store.ts';
import { colorHistoryOf } from '../tournament/color-history.ts';
import { arenaTick, PAIR_AGAIN_MS } from './arena-tick.ts';
import { newPlayerRow } from './tournament-entries.ts';

const START = 1_000_000;
const END = START + 30 * 60_000;

const arena = (more: Partial<TournamentRow> = {}): TournamentRow => ({
  id: 'arena0001',
  kind: 'arena',
  name: 'Test',
  variant: 'chess',
  array: 'standard',
  rules: {},
  clock: { initial: 60, increment: 0 },
  rated: true,
  creator: 1,
  creatorName: 'ann',
  scheduleKey: null,
  status: 'created',
  startsAt: START,
  endsAt: END,
  maxPlayers: null,
  players: 0,
  nextActionAt: START,
  createdAt: START - 60_000,
  ...more,
});

const player = (id: number, more: Partial<TournamentPlayerRow> = {}): TournamentPlayerRow => ({
  ...newPlayerRow('arena0001', { id, username: `p${id}`, bot: false }, 1500 + id, START - 1_000),
  ...more,
});

let ids = 0;
const tick = (t: TournamentRow, players: TournamentPlayerRow[], now: number) =>
  arenaTick({
    tournament: t,
    players,
    now,
    newGameId: () => `game${String(++ids).padStart(4, '0')}`,
    seatTokenHash: () => 'seat-hash',
  });

describe('an arena director turn', () => {
  it('does nothing before it is due, and waits for the start when woken early', () => {
    expect(tick(arena({ nextActionAt: START + 5 }), [player(1), player(2)], START)).toBeNull();
    expect(tick(arena({ nextActionAt: null }), [player(1), player(2)], START)).toBeNull();
    expect(tick(arena({ nextActionAt: START - 10 }), [player(1), player(2)], START - 5)).toEqual({
      status: 'created',
      nextActionAt: START,
      players: [],
      games: [],
      tournamentGames: [],
    });
  });

  it('starts and pairs everyone waiting: games started, players seated, back at the end', () => {
    const t = tick(
      arena(),
      [1, 2, 3, 4].map((i) => player(i)),
      START,
    )!;
    expect(t.status).toBe('started');
    expect(t.nextActionAt).toBe(END);
    expect(t.games).toHaveLength(2);
    for (const g of t.games)
      expect(g).toMatchObject({
        status: 'started',
        tournamentId: 'arena0001',
        rated: true,
        clock: { initial: 60, increment: 0 },
        createdAt: START,
        firstMoveBy: START + 30_000,
      });
    const seated = t.games.flatMap((g) => [g.seats.white!.accountId, g.seats.black!.accountId]);
    expect(seated.sort()).toEqual([1, 2, 3, 4]);
    for (const p of t.players) {
      const g = t.games.find((x) => x.id === p.gameId)!;
      const color = g.seats.white!.accountId === p.accountId ? 'white' : 'black';
      const opponent = g.seats[color === 'white' ? 'black' : 'white']!.accountId;
      expect(p).toMatchObject({ waitingSince: null, lastOpponent: opponent });
      expect(p.colors).toEqual(colorHistoryOf([color]));
    }
    expect(t.tournamentGames.map((g) => [g.white, g.black, g.whiteRating - 1500])).toEqual(
      t.games.map((g) => [
        g.seats.white!.accountId,
        g.seats.black!.accountId,
        g.seats.white!.accountId,
      ]),
    );
  });

  it('leaves out the withdrawn and those playing, and comes back soon for those it could not pair', () => {
    const players = [
      player(1, { lastOpponent: 2 }),
      player(2, { lastOpponent: 1 }),
      player(3, { gameId: 'elsewhere', waitingSince: null }),
      player(4, { withdrawn: true, waitingSince: null }),
    ];
    const started = arena({ status: 'started' });
    const t = tick(started, players, START + 60_000)!;
    expect(t.games).toEqual([]);
    expect(t.nextActionAt).toBe(START + 60_000 + PAIR_AGAIN_MS);
    // Alone with each other, they play again.
    const two = tick(started, players.slice(0, 2), START + 60_000)!;
    expect(two.games).toHaveLength(1);
  });

  it('stops pairing when a game would not end before the arena, and finishes at the end', () => {
    const started = arena({ status: 'started', nextActionAt: END - 50_000 });
    const late = tick(started, [player(1), player(2)], END - 50_000)!;
    expect(late).toMatchObject({ status: 'started', nextActionAt: END, games: [] });
    const over = tick({ ...started, nextActionAt: END }, [player(1), player(2)], END)!;
    expect(over).toMatchObject({ status: 'finished', nextActionAt: null, games: [] });
    expect(over.players.map((p) => p.waitingSince)).toEqual([null, null]);
  });
});
