/** The sounds' record for the browser tests stays bounded however long a tab plays (no browser). */
import { afterEach, expect, it } from 'vitest';
import { playSound, SOUND_LOG_SIZE } from '../src/sound.ts';

afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
});

it('keeps only the last sounds asked for, in order', () => {
  // A stand-in window without audio: playSound records, then finds no AudioContext and stops.
  const page: Window = {} as Window;
  (globalThis as { window?: unknown }).window = page;
  const names = ['move', 'capture', 'check', 'end'] as const;
  for (let n = 0; n < SOUND_LOG_SIZE * 10 + 3; n++) playSound(names[n % 4]!);
  const log = page.citadelSounds!;
  expect(log).toHaveLength(SOUND_LOG_SIZE);
  // The newest last: the 643rd sound asked for (n = 642) is a 'check'.
  expect(log.at(-1)).toEqual({ name: 'check', muted: false });
  expect(log.at(0)).toEqual({ name: names[(SOUND_LOG_SIZE * 9 + 3) % 4], muted: false });
});
