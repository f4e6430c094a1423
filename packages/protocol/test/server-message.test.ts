/**
 * The client's reading of the server's messages (docs/api.md, "Versions"): fields it does not know
 * are accepted and dropped, at any depth, on every channel; the hello is read whatever the version;
 * a message it cannot read comes back with the reason, for the client to show. What the server
 * reads stays strict: an unknown field or type is refused with a sentence naming it.
 */
import { describe, expect, it } from 'vitest';
import {
  clientMessageSchema,
  describeIssues,
  lobbyEventSchema,
  myGamesEventSchema,
  readServerMessage,
  readStreamLine,
  serverEventSchema,
  tournamentEventSchema,
} from '../src/index.ts';
import { stateOf } from './fixtures.ts';

const read = (value: unknown) => readServerMessage(JSON.stringify(value), serverEventSchema);

describe("reading the server's messages", () => {
  it('accepts fields it does not know, at any depth, and drops them', () => {
    const clocks = { white: 1000, black: 2000, running: 'white', at: 5 } as const;
    const move = { type: 'move', ply: 1, move: 'e2e4', san: 'e4', fen: 'x', clocks };
    expect(read({ ...move, glyph: '!', clocks: { ...clocks, paused: false } })).toEqual({
      kind: 'event',
      event: move,
    });
    const game = stateOf({ clock: { initial: 60, increment: 1 } });
    const state = { type: 'state', game, you: 'black' };
    const grown = {
      ...state,
      spectatorsNamed: [],
      game: {
        ...game,
        tournament: 't1',
        clock: { initial: 60, increment: 1, delay: 2 },
        players: { white: { name: 'ann', title: 'GM' }, black: null },
        offers: { ...game.offers, pause: null },
      },
    };
    expect(read(grown)).toEqual({
      kind: 'event',
      event: { ...state, game: { ...game, players: { white: { name: 'ann' }, black: null } } },
    });
    const summary = {
      id: 'abcdefgh',
      variant: 'chess',
      array: 'standard',
      clock: { daysPerMove: 3 },
      rated: false,
      status: 'waiting',
      players: { white: null, black: { name: null } },
      turn: 'white',
      plies: 0,
      createdAt: 1,
    };
    const lobby = readServerMessage(
      JSON.stringify({ type: 'lobby', games: [{ ...summary, boost: 1 }], total: 1 }),
      lobbyEventSchema,
    );
    expect(lobby).toEqual({ kind: 'event', event: { type: 'lobby', games: [summary] } });
    const mine = readServerMessage(
      JSON.stringify({
        type: 'my-games',
        games: [{ game: summary, color: 'black', myTurn: false, unread: 2 }],
      }),
      myGamesEventSchema,
    );
    expect(mine).toEqual({
      kind: 'event',
      event: { type: 'my-games', games: [{ game: summary, color: 'black', myTurn: false }] },
    });
    const standing = { rank: 1, name: 'ann', score: 2, games: 1, wins: 1, draws: 0, losses: 0 };
    const line = { ...standing, rating: 1500 };
    const played = { id: 'abcdefgh', white: 'ann', black: 'bob', status: 'ended', result: '1-0' };
    const standings = readServerMessage(
      JSON.stringify({
        type: 'standings',
        status: 'started',
        players: 2,
        standings: [{ ...line, streak: 1 }],
        games: [{ ...played, moves: 20 }],
        lateJoiners: 0,
      }),
      tournamentEventSchema,
    );
    expect(standings).toEqual({
      kind: 'event',
      event: {
        type: 'standings',
        status: 'started',
        players: 2,
        standings: [line],
        games: [played],
      },
    });
  });

  it('reads the hello whatever else it carries, and says when it cannot', () => {
    expect(read({ type: 'hello', protocol: 7, build: 'b', region: 'eu' })).toEqual({
      kind: 'hello',
      hello: { type: 'hello', protocol: 7, build: 'b' },
    });
    expect(read({ type: 'hello', build: 'b' })).toEqual({
      kind: 'unreadable',
      why: 'hello: protocol: Invalid input: expected number, received undefined',
    });
  });

  it('says why a message cannot be read: not JSON, an unknown type, a field missing or of an unknown value', () => {
    expect(readServerMessage('{"type":', serverEventSchema)).toEqual({
      kind: 'unreadable',
      why: 'a message is not JSON',
    });
    const unknown = read({ type: 'clock-paused', by: 'white' });
    expect(unknown.kind).toBe('unreadable');
    if (unknown.kind === 'unreadable')
      expect(unknown.why).toMatch(
        /^type: unknown type "clock-paused" \(expected 'state' \| 'move'/,
      );
    expect(read({ type: 'move', ply: 1, move: 'e2e4', fen: 'x' })).toEqual({
      kind: 'unreadable',
      why: 'san: Invalid input: expected string, received undefined',
    });
    const end = read({ type: 'end', result: '1-0', reason: 'boredom', text: '' });
    expect(end.kind === 'unreadable' && end.why).toMatch(/^reason: /);
  });

  it('reads a stream line as a message, and a line that holds none as nothing', () => {
    const pong = { type: 'pong', serverTime: 1 };
    for (const line of [JSON.stringify(pong), `data: ${JSON.stringify(pong)}`])
      expect(readStreamLine(line, serverEventSchema)).toEqual({ kind: 'event', event: pong });
    for (const line of ['', '   ', ': keep-alive', 'data:'])
      expect(readStreamLine(line, serverEventSchema)).toBeNull();
    expect(readStreamLine('data: nope', serverEventSchema)?.kind).toBe('unreadable');
  });
});

describe('what the server reads', () => {
  const refusal = (value: unknown): string => {
    const r = clientMessageSchema.safeParse(value, { reportInput: true });
    return r.success ? 'accepted' : describeIssues(r.error.issues);
  };

  it('stays strict: an unknown field or type is refused, named', () => {
    expect(refusal({ type: 'move', move: 'e4', ply: 0 })).toBe('accepted');
    expect(refusal({ type: 'move', move: 'e4', glyph: '!' })).toBe('unknown field "glyph"');
    expect(refusal({ type: 'resign', token: 'x', why: 'tired' })).toBe(
      'unknown fields "token", "why"',
    );
    expect(refusal({ type: 'premove', move: 'e4' })).toMatch(
      /^type: unknown type "premove" \(expected 'auth' \| 'move' \| /,
    );
    expect(refusal({ type: 'x'.repeat(100) })).toMatch(/^type: unknown type "x{38}… \(expected /);
    expect(refusal({ move: 'e4' })).toMatch(/^type: /);
  });
});
