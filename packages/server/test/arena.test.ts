/**
 * A short arena over HTTP on SQLite and on PostgreSQL, with four scripted players and a reader
 * of its stream: the pairing at the start and after each game (no immediate rematch), berserk
 * (its lag credited within the arena clock's quota), no time given, the streak that sets a
 * player on fire, an early draw that scores nothing, a first move not made (lost, withdrawn,
 * joined again), the end on time (a game running then finishes but does not count, and nobody is
 * paired again); and the refusals, each of which changes nothing. The server's clock is moved
 * forward instead of waiting for the minutes of the arena.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lagQuota } from '@citadel/game';
import {
  CitadelApi,
  FIRST_MOVE_LIVE_MS,
  type CreateTournamentResponse,
  type GameState,
  type MyGamesResponse,
  type Pairing,
  type Standing,
  type Tournament,
  type TournamentEvent,
  type TournamentsResponse,
} from '@citadel/protocol';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningServer } from '../src/index.ts';
import {
  DEFAULT_ARENA_SCHEDULE,
  startsBetween,
  type ScheduledArena,
} from '../src/service/arena-schedule.ts';
import { MAX_MADE_PER_DAY } from '../src/service/tournaments.ts';
import { api, cookieOf } from './support/client.ts';
import { startSuiteServer, testBackends } from './support/backends.ts';
import { startCluster, type Cluster } from './support/postgres.ts';

const CLOCK = { initial: 60, increment: 0 };
/** Seven pawn moves of each side that leave a chess game going. */
const PAWNS = {
  white: ['a3', 'b3', 'c3', 'd3', 'e3', 'f3', 'g3'],
  black: ['a6', 'b6', 'c6', 'd6', 'e6', 'f6', 'g6'],
};

describe.each(testBackends())('on $name', ({ postgres, skip }) => {
  if (skip) return void it.skip(skip, () => {});
  let server: RunningServer;
  let cluster: Cluster | null = null;
  let dir: string;
  let http: ReturnType<typeof api>;
  let shift = 0;
  const suffix = postgres ? 'pg' : 'sq';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'citadel-arena-'));
    if (postgres) cluster = await startCluster();
    server = await startSuiteServer({
      databaseUrl: cluster?.url,
      dataDir: dir,
      now: () => Date.now() + shift,
    });
    http = api(server.url);
  });
  afterAll(async () => {
    await server?.close();
    cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A new account's session cookie. */
  const register = async (name: string): Promise<string> => {
    const r = await http.post('/api/accounts/register', {
      username: `${name}_${suffix}`,
      password: 'long enough',
    });
    expect(r.status).toBe(201);
    return cookieOf(r.headers);
  };
  const view = async (id: string, cookie?: string) =>
    (await http.get<Tournament>(`/api/tournaments/${id}`, undefined, cookie)).body;
  const make = (cookie: string, body: Record<string, unknown>) =>
    http.post<CreateTournamentResponse & { error?: string }>(
      '/api/tournaments',
      body,
      undefined,
      cookie,
    );

  it('plays an arena: pairings, berserk, fire, early draws, a missed start, the end', async () => {
    const names = ['ann', 'bob', 'cat', 'dan'];
    const cookies = new Map<string, string>();
    for (const n of names) cookies.set(`${n}_${suffix}`, await register(n));
    const cookie = (name: string) => cookies.get(name)!;
    const [ann] = [...cookies.keys()];

    const made = await make(cookie(ann!), {
      kind: 'arena',
      name: 'Test Arena',
      variant: 'chess',
      clock: CLOCK,
      minutes: 5,
      startsAt: Date.now() + shift + 1_000,
    });
    expect(made.status).toBe(201);
    const id = made.body.id;
    expect(made.body.url).toMatch(new RegExp(`/tournament/${id}$`));
    expect(await view(id)).toMatchObject({
      kind: 'arena',
      name: 'Test Arena',
      status: 'created',
      minutes: 5,
      players: 0,
      createdBy: ann,
      rated: true,
    });

    // A reader of the stream from before the start.
    const events: Array<TournamentEvent & { at: number }> = [];
    const reader = new AbortController();
    const reading = (async () => {
      const client = new CitadelApi({ base: server.url });
      for await (const e of client.tournamentStream(id, reader.signal))
        events.push({ ...e, at: Date.now() });
    })().catch(() => undefined);
    await vi.waitFor(() => expect(events[0]?.type).toBe('tournament'), { timeout: 8_000 });

    for (const name of cookies.keys()) {
      const joined = await http.post(`/api/tournaments/${id}/join`, {}, undefined, cookie(name));
      expect(joined.body).toEqual({ withdrawn: false });
    }
    expect((await view(id)).players).toBe(4);

    /** The pairings the stream has told, from the `from`th on. */
    const pairings = (from = 0): Pairing[] =>
      events.flatMap((e) => (e.type === 'pairing' ? e.games : [])).slice(from);
    const waitForPairings = async (count: number): Promise<Pairing[]> => {
      await vi.waitFor(() => expect(pairings().length).toBeGreaterThanOrEqual(count), {
        timeout: 8_000,
      });
      return pairings();
    };
    const game = (g: Pairing) => ({
      state: async () => (await http.get<GameState>(`/api/games/${g.id}`)).body,
      act: (by: string, what: string, body: unknown = {}) =>
        http.post<GameState>(`/api/games/${g.id}/${what}`, body, undefined, cookie(by)),
      move: (by: string, move: string) =>
        http.post<GameState>(`/api/games/${g.id}/moves`, { move }, undefined, cookie(by)),
    });

    // The start pairs all four at once: two games.
    const [g1, g2] = await waitForPairings(2);
    expect(new Set([g1!.white, g1!.black, g2!.white, g2!.black]).size).toBe(4);
    expect((await view(id)).status).toBe('started');
    expect((await view(id, cookie(g1!.white))).me).toEqual({ withdrawn: false, game: g1!.id });

    // Game 1: White goes berserk (half of 60 s, no increment), both make seven moves, Black resigns.
    const one = game(g1!);
    const berserk = await one.act(g1!.white, 'berserk');
    expect(berserk.status).toBe(200);
    expect(berserk.body.berserk).toEqual({ white: true, black: false });
    expect(berserk.body.clocks).toMatchObject({ white: 30_000, black: 60_000 });
    expect((await one.act(g1!.white, 'berserk')).status).toBe(409);
    expect((await one.act(g1!.black, 'abort')).body).toEqual({
      error: 'a tournament game cannot be aborted: resign instead',
    });
    expect((await one.move(g1!.white, PAWNS.white[0]!)).status).toBe(200);
    expect((await one.move(g1!.black, PAWNS.black[0]!)).status).toBe(200);
    // No time is given in a tournament game (the arena's clock is the same for every pairing).
    const added = await one.act(g1!.black, 'add-time');
    expect(added.status).toBe(409);
    expect(added.body).toEqual({ error: 'time cannot be given in a tournament game' });
    expect(await one.state()).toMatchObject({
      timeGiven: { white: 0, black: 0 },
      clocks: { black: 60_000, running: 'white' },
    });
    // Lag is credited as in any live game, to a berserk seat too, within the quota of the
    // arena's clock (900 ms at the start of a 1+0 game), without an increment: White's clock
    // runs 3 s more (the server's clock moved) and its client says it held the turn for none.
    const credit = lagQuota(CLOCK)!.start;
    const sent = Date.now();
    const ticking = (await one.state()).clocks!;
    shift += 3_000;
    const lagged = await http.post<GameState>(
      `/api/games/${g1!.id}/moves`,
      { move: PAWNS.white[1]!, moveTime: 0 },
      undefined,
      cookie(g1!.white),
    );
    const took = Date.now() - sent;
    expect(lagged.status).toBe(200);
    const white = lagged.body.clocks!.white;
    expect(white).toBeLessThanOrEqual(ticking.white - 3_000 + credit);
    expect(white).toBeGreaterThanOrEqual(ticking.white - 3_000 + credit - took);
    expect((await one.move(g1!.black, PAWNS.black[1]!)).status).toBe(200);
    for (let i = 2; i < 7; i++) {
      expect((await one.move(g1!.white, PAWNS.white[i]!)).status).toBe(200);
      expect((await one.move(g1!.black, PAWNS.black[i]!)).status).toBe(200);
    }
    expect((await one.act(g1!.black, 'berserk')).body).toEqual({
      error: 'berserk is only before your first move',
    });
    await one.act(g1!.black, 'resign');
    // Game 2: a draw agreed after one move each: too early to score.
    const two = game(g2!);
    await two.move(g2!.white, 'e4');
    await two.move(g2!.black, 'e5');
    await two.act(g2!.white, 'draw', { action: 'offer' });
    expect((await two.act(g2!.black, 'draw', { action: 'accept' })).body.result).toBe('1/2-1/2');

    const line = (standings: readonly Standing[], name: string) =>
      standings.find((s) => s.name === name)!;
    let standings = (await view(id)).standings;
    expect(standings[0]).toMatchObject({
      rank: 1,
      name: g1!.white,
      score: 3,
      games: 1,
      wins: 1,
      performance: 2000,
    });
    expect(line(standings, g1!.white).fire).toBeUndefined();
    expect(line(standings, g2!.white)).toMatchObject({ score: 0, draws: 1, performance: 1500 });
    expect(line(standings, g1!.black)).toMatchObject({ score: 0, losses: 1, performance: 1000 });
    const pgn = await http.get<string>(`/api/games/${g1!.id}/pgn`);
    expect(pgn.body).toContain('[Event "Test Arena"]');
    const mine = await http.post<MyGamesResponse>(
      '/api/my-games',
      { tokens: [] },
      undefined,
      cookie(g1!.white),
    );
    expect(mine.body.games.find((m) => m.game.id === g1!.id)?.game.tournamentId).toBe(id);

    // Round two: nobody meets their last opponent.
    const round2 = (await waitForPairings(4)).slice(2);
    for (const g of round2) {
      const pair = [g.white, g.black].sort().join();
      expect([g1, g2].map((p) => [p!.white, p!.black].sort().join())).not.toContain(pair);
    }
    const winner = g1!.white;
    const opponentOf = (g: Pairing, name: string) => (g.white === name ? g.black : g.white);
    const g3 = round2.find((g) => g.white === winner || g.black === winner)!;
    const g4 = round2.find((g) => g !== g3)!;
    // The winner's opponent resigns at once: a second win in a row, not doubled yet; so does
    // Black in game 4.
    await game(g3).act(opponentOf(g3, winner), 'resign');
    await game(g4).act(g4.black, 'resign');
    await vi.waitFor(
      async () =>
        expect(line((await view(id)).standings, g4.white).wins).toBe(
          line(standings, g4.white).wins + 1,
        ),
      { timeout: 8_000 },
    );
    standings = (await view(id)).standings;
    expect(line(standings, winner)).toMatchObject({ score: 5, wins: 2, fire: true });

    // Round three: all four wait, none may meet their last opponent, so the winner plays: on
    // fire, it wins double. In the other game White never moves: after its first-move deadline
    // it has lost and is withdrawn.
    const round3 = (await waitForPairings(6)).slice(4);
    const g5 = round3.find((g) => g.white === winner || g.black === winner)!;
    const g6 = round3.find((g) => g !== g5)!;
    await game(g5).act(opponentOf(g5, winner), 'resign');
    await vi.waitFor(
      async () =>
        expect(line((await view(id)).standings, winner)).toMatchObject({ score: 9, wins: 3 }),
      { timeout: 8_000 },
    );
    const earlier = (await view(id)).standings;
    shift += FIRST_MOVE_LIVE_MS + 1_000;
    await vi.waitFor(async () => expect((await game(g6).state()).status).toBe('ended'), {
      timeout: 5_000,
    });
    expect(await game(g6).state()).toMatchObject({ result: '0-1', reason: 'no-start' });
    standings = (await view(id)).standings;
    expect(line(standings, g6.white)).toMatchObject({
      withdrawn: true,
      score: line(earlier, g6.white).score,
      losses: line(earlier, g6.white).losses + 1,
    });
    expect(line(standings, g6.black)).toMatchObject({
      score: line(earlier, g6.black).score + (line(earlier, g6.black).fire ? 4 : 2),
      wins: line(earlier, g6.black).wins + 1,
    });
    expect((await view(id, cookie(g6.white))).me).toEqual({ withdrawn: true });

    // The withdrawn player joins again and is paired again, not with their last opponent.
    const paired = pairings().length;
    const rejoined = await http.post(
      `/api/tournaments/${id}/join`,
      {},
      undefined,
      cookie(g6.white),
    );
    expect(rejoined.body).toEqual({ withdrawn: false });
    await vi.waitFor(
      () => expect(pairings(paired).some((g) => [g.white, g.black].includes(g6.white))).toBe(true),
      { timeout: 8_000 },
    );
    const g7 = pairings(paired).find((g) => [g.white, g.black].includes(g6.white))!;
    expect(opponentOf(g7, g6.white)).not.toBe(g6.black);

    // The end: past endsAt the arena is over; the games running then end but do not count.
    const before = await view(id);
    const running = before.games.filter((g) => g.status === 'started');
    expect(running.length).toBeGreaterThan(0);
    shift += before.endsAt! - (Date.now() + shift) + 1_000;
    await vi.waitFor(async () => expect((await view(id)).status).toBe('finished'), {
      timeout: 5_000,
    });
    await vi.waitFor(
      async () => {
        for (const g of running) expect((await game(g).state()).status).toBe('ended');
      },
      { timeout: 8_000 },
    );
    const after = await view(id);
    expect(after.standings).toEqual(
      before.standings.map((s) => {
        const rest: Partial<Standing> = { ...s };
        delete rest.playing;
        return rest;
      }),
    );
    for (const g of running) {
      const listed = after.games.find((x) => x.id === g.id)!;
      expect(listed.status).toBe('ended');
      expect(listed.whitePoints).toBeUndefined();
    }
    expect(after.games).toHaveLength(before.games.length);
    // Every point in the standings is a game's.
    const points = after.games.reduce(
      (sum, g) => sum + (g.whitePoints ?? 0) + (g.blackPoints ?? 0),
      0,
    );
    expect(after.standings.reduce((sum, s) => sum + s.score, 0)).toBe(points);

    // The stream: the whole tournament, pairings, standings at most once a second, the end.
    await reading;
    expect(events.at(-1)).toEqual({
      type: 'end',
      standings: after.standings,
      at: expect.any(Number),
    });
    const pushed = events.filter((e) => e.type === 'standings');
    expect(pushed.length).toBeGreaterThan(1);
    for (let i = 1; i < pushed.length; i++)
      expect(pushed[i]!.at - pushed[i - 1]!.at).toBeGreaterThanOrEqual(800);
    // They follow the games: the winner's score only grows, and shows before the end.
    const scores = pushed.map((e) =>
      e.type === 'standings' ? (e.standings.find((l) => l.name === winner)?.score ?? 0) : 0,
    );
    expect(scores).toEqual([...scores].sort((a, b) => a - b));
    expect(scores.at(-1)).toBeGreaterThanOrEqual(3);
    reader.abort();
  });

  it('refuses bad tournaments, joins and withdrawals with a clear answer, changing nothing', async () => {
    const eve = await register('eve');
    const fay = await register('fay');
    const good = {
      kind: 'arena',
      variant: 'chess',
      clock: { initial: 180, increment: 2 },
      minutes: 30,
    };
    const now = () => Date.now() + shift;
    const before = (await http.get<{ tournaments: unknown[] }>('/api/tournaments')).body
      .tournaments;
    const refusals: Array<[Record<string, unknown>, number, RegExp]> = [
      [{ ...good, minutes: 4 }, 400, /^minutes: an arena lasts 5 to 720 minutes$/],
      [{ ...good, minutes: 721 }, 400, /^minutes: an arena lasts 5 to 720 minutes$/],
      [{ ...good, clock: { daysPerMove: 2 } }, 400, /^clock: an arena is played with a live clock/],
      [{ ...good, clock: { initial: 7200, increment: 0 } }, 400, /^clock: .*at most 60 minutes$/],
      [{ ...good, clock: { initial: 60, increment: 90 } }, 400, /^clock: .*at most 60 seconds/],
      [{ ...good, minutes: 5 }, 400, /^clock: a 3\+2 game can last longer than a 5-minute arena/],
      [{ ...good, startsAt: now() - 600_000 }, 400, /^startsAt: that time has passed$/],
      [{ ...good, startsAt: now() + 31 * 86_400_000 }, 400, /^startsAt: .*within 30 days$/],
      [{ ...good, variant: 'nope' }, 400, /nope/],
      [{ ...good, rounds: 2 }, 400, /^rounds: an arena has no rounds$/],
      [{ ...good, name: 'x' }, 400, /^name: a name is 3 to 40/],
      [{ ...good, colour: 'red' }, 400, /colour/],
      [{ ...good, kind: 'round-robin', minutes: undefined, rounds: 1 }, 501, /not offered yet/],
    ];
    for (const [body, status, error] of refusals) {
      const r = await make(eve, body);
      expect([r.status, r.body.error], JSON.stringify(body)).toEqual([
        status,
        expect.stringMatching(error),
      ]);
    }
    const guest = await http.post<{ error: string }>('/api/tournaments', good);
    expect([guest.status, guest.body.error]).toEqual([401, 'log in to make a tournament']);
    expect(
      (await http.get<{ tournaments: unknown[] }>('/api/tournaments')).body.tournaments,
    ).toEqual(before);

    // A player makes at most MAX_MADE_PER_DAY a day, even asking for more all at once.
    const asked = await Promise.all(
      Array.from({ length: MAX_MADE_PER_DAY + 3 }, () =>
        make(eve, { ...good, startsAt: now() + 3_600_000 }),
      ),
    );
    expect(asked.map((r) => r.status).sort()).toEqual([
      ...Array<number>(MAX_MADE_PER_DAY).fill(201),
      ...Array<number>(3).fill(429),
    ]);
    expect(asked.find((r) => r.status === 429)!.body.error).toMatch(
      /5 tournaments in the last 24 hours/,
    );
    const ids = asked.filter((r) => r.status === 201).map((r) => r.body.id);
    const listed = await http.get<{ tournaments: Array<{ id: string }> }>(
      '/api/tournaments?status=created',
    );
    expect(listed.body.tournaments.filter((t) => ids.includes(t.id))).toHaveLength(
      MAX_MADE_PER_DAY,
    );
    expect((await make(fay, good)).status).toBe(201);

    // Joining and withdrawing.
    const id = ids[0]!;
    const post = (what: string, cookie?: string, tid = id) =>
      http.post<{ error: string }>(`/api/tournaments/${tid}/${what}`, {}, undefined, cookie);
    const answer = async (r: ReturnType<typeof post>) => {
      const x = await r;
      return [x.status, x.body.error];
    };
    expect(await answer(post('join'))).toEqual([401, 'log in to join a tournament']);
    expect(await answer(post('join', fay, 'nosuchtournament'))).toEqual([
      404,
      'no tournament nosuchtournament',
    ]);
    expect(await answer(post('join', fay, 'bad id!'))).toEqual([400, 'not a tournament id']);
    expect(await answer(post('withdraw', fay))).toEqual([
      409,
      'you have not joined this tournament',
    ]);
    expect((await post('join', fay)).status).toBe(200);
    expect(await answer(post('join', fay))).toEqual([
      409,
      'you have joined this tournament already',
    ]);
    expect((await post('withdraw', fay)).status).toBe(200);
    expect(await answer(post('withdraw', fay))).toEqual([
      409,
      'you have withdrawn from this tournament already',
    ]);
    expect(await answer(post('start', fay))).toEqual([
      409,
      'an arena starts by itself at its start time',
    ]);
    const seen = await view(id, fay);
    expect(seen).toMatchObject({ players: 1, me: { withdrawn: true } });
    expect(seen.standings).toMatchObject([{ name: `fay_${suffix}`, withdrawn: true, score: 0 }]);

    // Over: neither join nor withdraw.
    shift += 3 * 3_600_000;
    await vi.waitFor(async () => expect((await view(id)).status).toBe('finished'), {
      timeout: 5_000,
    });
    expect(await answer(post('join', fay))).toEqual([409, 'the tournament is over']);
    expect(await answer(post('withdraw', eve))).toEqual([409, 'the tournament is over']);
    expect(await view(id, fay)).toMatchObject({ players: 1, me: { withdrawn: true } });

    // Berserk is a tournament game's, before the seat's first move.
    const casual = await http.post<{ id: string; seat: { token: string } }>('/api/games', {
      variant: 'chess',
      color: 'white',
      clock: { initial: 60, increment: 0 },
    });
    await http.post(`/api/games/${casual.body.id}/join`);
    const refused = await http.post<{ error: string }>(
      `/api/games/${casual.body.id}/berserk`,
      {},
      casual.body.seat.token,
    );
    expect([refused.status, refused.body.error]).toEqual([
      409,
      'only a tournament game has berserk',
    ]);
  });

  it("makes the operator's scheduled arenas ahead, once, whatever the restarts", async () => {
    const schedule: ScheduledArena[] = [
      { ...DEFAULT_ARENA_SCHEDULE[0]!, at: '06:00' },
      { ...DEFAULT_ARENA_SCHEDULE[1]!, weekday: 'wed', at: '12:00' },
    ];
    const scheduled = async () =>
      (await http.get<TournamentsResponse>('/api/tournaments?status=created')).body.tournaments
        .filter((t) => t.createdBy === null)
        .map((t) => [t.name, t.startsAt, t.minutes, t.clock]);
    expect(await scheduled()).toEqual([]);
    for (let start = 0; start < 2; start++) {
      await server.close();
      server = await startSuiteServer({
        databaseUrl: cluster?.url,
        dataDir: dir,
        now: () => Date.now() + shift,
        arenaSchedule: schedule,
      });
      http = api(server.url);
      // The next day's daily arena and the next week's weekly one, once.
      await vi.waitFor(async () => expect(await scheduled()).toHaveLength(2), { timeout: 8_000 });
    }
    const now = Date.now() + shift;
    const list = await scheduled();
    const [daily, weekly] = list[0]![0] === 'Daily Citadel Chess Arena' ? list : [list[1], list[0]];
    expect(daily).toEqual([
      'Daily Citadel Chess Arena',
      startsBetween(schedule[0]!, now - 60_000, now + 86_400_000)[0],
      60,
      { initial: 180, increment: 2 },
    ]);
    expect(weekly![0]).toBe('Weekly Citadel Chess Arena');
    expect(new Date(weekly![1] as number).getUTCDay()).toBe(3);
    expect(weekly![1]).toBeLessThan(now + 7 * 86_400_000);
  });
});
