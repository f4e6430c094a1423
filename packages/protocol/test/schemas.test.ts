import { describe, expect, it } from 'vitest';
import {
  clientMessageSchema,
  createGameRequestSchema,
  describeIssues,
  gamePath,
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

  it('names the game page', () => {
    expect(gamePath('abcdEFGH12')).toBe('/game/abcdEFGH12');
  });
});
