import { describe, expect, it } from 'vitest';
import {
  clientMessageSchema,
  createGameRequestSchema,
  describeIssues,
  gamePath,
  MAX_MY_GAMES_TOKENS,
  MAX_WATCH_BYTES,
  myGamesClientMessageSchema,
  myGamesEventSchema,
  myGamesWatchSchema,
  serverEventSchema,
} from '../src/index.ts';

describe('create game request', () => {
  it('accepts the documented shapes', () => {
    for (const body of [
      { variant: 'tamerlane' },
      { variant: 'husun', array: 'a', rules: { repetition: 'on' }, color: 'random', rated: true },
      { variant: 'chess', clock: { initial: 300, increment: 2 } },
      { variant: 'chess', clock: { daysPerMove: 3 } },
    ])
      expect(createGameRequestSchema.safeParse(body).success, JSON.stringify(body)).toBe(true);
  });

  it('refuses unknown fields, bad clocks and bad names with a readable reason', () => {
    const cases: Array<[unknown, string]> = [
      [{ variant: 'chess', extra: 1 }, 'extra'],
      [{ variant: 'chess', clock: { initial: 0, increment: 0 } }, 'clock'],
      [{ variant: 'chess', clock: { daysPerMove: 30 } }, 'clock'],
      [{ variant: 'Chess<script>' }, 'variant'],
      [{ variant: 'chess', color: 'green' }, 'color'],
    ];
    for (const [body, where] of cases) {
      const r = createGameRequestSchema.safeParse(body);
      expect(r.success).toBe(false);
      if (!r.success) expect(describeIssues(r.error.issues)).toContain(where);
    }
  });
});

describe('socket messages', () => {
  it('parses every client message type and refuses a wrong one', () => {
    expect(clientMessageSchema.parse({ type: 'move', move: 'g3g4', ply: 0 }).type).toBe('move');
    expect(clientMessageSchema.parse({ type: 'draw', action: 'offer' }).type).toBe('draw');
    expect(clientMessageSchema.safeParse({ type: 'draw', action: 'maybe' }).success).toBe(false);
    expect(clientMessageSchema.safeParse({ type: 'shout' }).success).toBe(false);
    expect(clientMessageSchema.safeParse({ type: 'resign', token: 'x' }).success).toBe(false);
  });

  it('describes the end of a game', () => {
    const end = { type: 'end', result: '1-0', reason: 'timeout', text: 'Black ran out of time' };
    expect(serverEventSchema.parse(end)).toEqual(end);
    expect(serverEventSchema.safeParse({ ...end, reason: 'boredom' }).success).toBe(false);
  });

  it('takes a watch of as many seats as a browser keeps, within the message limit, and no more', () => {
    // The tokens the server issues: 256 random bits as base64url, 43 characters.
    const tokens = Array.from({ length: MAX_MY_GAMES_TOKENS }, (_, i) =>
      String(i).padStart(43, 'A'),
    );
    const watch = { type: 'watch', tokens };
    expect(myGamesWatchSchema.parse(watch)).toEqual(watch);
    expect(new TextEncoder().encode(JSON.stringify(watch)).length).toBeLessThan(MAX_WATCH_BYTES);
    const tooMany = myGamesWatchSchema.safeParse({ ...watch, tokens: [...tokens, tokens[0]] });
    expect(tooMany.success).toBe(false);
    if (!tooMany.success) expect(describeIssues(tooMany.error.issues)).toMatch(/^tokens: /);
    const notToken = myGamesWatchSchema.safeParse({ type: 'watch', tokens: ['a b'] });
    expect(!notToken.success && describeIssues(notToken.error.issues)).toBe(
      'tokens.0: not a seat token',
    );
    expect(myGamesWatchSchema.safeParse({ type: 'watch', tokens: [], all: true }).success).toBe(
      false,
    );
    const unknown = myGamesClientMessageSchema.safeParse({ type: 'unwatch' });
    expect(!unknown.success && describeIssues(unknown.error.issues)).toMatch(/^type: .*'watch'/);
    expect(myGamesEventSchema.parse({ type: 'my-games', games: [] }).type).toBe('my-games');
    expect(myGamesEventSchema.parse({ type: 'error', error: 'no', status: 400 }).type).toBe(
      'error',
    );
  });

  it('names the game page', () => {
    expect(gamePath('abcdEFGH12')).toBe('/game/abcdEFGH12');
  });
});
