/**
 * Fuzzing the command line with hostile names: JavaScript's own property names (`constructor`,
 * `__proto__`, ...) and other awkward text as variant, array and rule names. Every one must end
 * the command with status 2 and a one-line message, never a stack trace. The default run takes a
 * fixed sample; CITADEL_DEEP=1 tries every name in every place.
 */
import { spawn } from 'node:child_process';
import { DEEP } from '@citadel/testing';
import { describe, expect, it } from 'vitest';
import type { Result } from '@citadel/core';
import { clipMessage, MESSAGE_LIMIT } from '../src/input-text.ts';
import { setupPosition } from '../src/setup-position.ts';
import { checkVariant } from '../src/variant-names.ts';
import { CLI } from './helpers.ts';

/** The names every object inherits, and some that arrays and functions have. */
const PROPERTY_NAMES = [
  ...Object.getOwnPropertyNames(Object.prototype),
  'prototype',
  'length',
  'name',
  'call',
];

const OTHER_NAMES = [
  '',
  ' ',
  'x'.repeat(10_000),
  'Tamerlane',
  'tamerlane-rect',
  'persian-rect',
  'tamerlane ',
  '../../etc/passwd',
  '$(echo hi)',
  'undefined',
  'null',
  'NaN',
  'ŝaĥo',
];

/** Where a user-given name goes, as the arguments of one command. */
const PLACES: ReadonlyArray<{ what: string; args: (name: string) => string[] }> = [
  { what: 'perft variant', args: (n) => ['perft', n, '1'] },
  { what: 'show variant', args: (n) => ['show', n] },
  { what: 'show --array', args: (n) => ['show', 'tamerlane', '--array', n] },
  { what: 'show --rule', args: (n) => ['show', 'tamerlane', '--rule', `${n}=on`] },
  { what: 'perft --rule value', args: (n) => ['perft', 'husun', '1', '--rule', `repetition=${n}`] },
  { what: 'play variant', args: (n) => ['play', n] },
  {
    what: 'match --variant',
    args: (n) => ['match', '--engine1', 'none', '--engine2', 'none', '--variant', n],
  },
  {
    what: 'match --array',
    args: (n) => [
      'match',
      '--engine1',
      'none',
      '--engine2',
      'none',
      '--variant',
      'chess',
      '--array',
      n,
    ],
  },
  {
    what: 'match --rule',
    args: (n) => [
      'match',
      '--engine1',
      'none',
      '--engine2',
      'none',
      '--variant',
      'husun',
      '--rule',
      `${n}=on`,
    ],
  },
];

const FIVE = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];
const ALL_NAMES = [...new Set([...PROPERTY_NAMES, ...OTHER_NAMES])];

/**
 * Commands to run: every name in every place (deep); by default each of the five best-known
 * names in two places and a few others in one, rotating through the places.
 */
function cases(): Array<{ name: string; place: (typeof PLACES)[number] }> {
  if (DEEP) return ALL_NAMES.flatMap((name) => PLACES.map((place) => ({ name, place })));
  const sample = [...FIVE, ...FIVE, '', 'x'.repeat(10_000), 'tamerlane-rect', 'prototype'];
  return sample.map((name, i) => ({ name, place: PLACES[i % PLACES.length]! }));
}

function run(args: readonly string[]): Promise<{ status: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (d: string) => (stderr += d));
    child.on('close', (status) => resolve({ status, stderr }));
  });
}

/** Runs the commands a few at a time. */
async function runAll<T>(items: readonly T[], f: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: 4 }, async () => {
    while (next < items.length) await f(items[next++]!);
  });
  await Promise.all(lanes);
}

describe('hostile names on the command line', () => {
  it('are refused with a one-line reason by the position set-up of every command', () => {
    for (const name of ALL_NAMES) {
      const tries: Array<[string, Result<unknown>]> = [
        ['variant', setupPosition(name, {})],
        ['array', setupPosition('tamerlane', { array: name })],
        ['rule name', setupPosition('tamerlane', { rule: [`${name}=on`] })],
        ['rule value', setupPosition('husun', { rule: [`repetition=${name}`] })],
        ['fen', setupPosition('chess', { fen: name })],
      ];
      for (const [what, r] of tries) {
        expect(r.ok, `${what} ${JSON.stringify(name.slice(0, 20))}`).toBe(false);
        if (r.ok) continue;
        const text = clipMessage(r.error);
        expect(text).not.toContain('\n');
        expect(text.length).toBeLessThanOrEqual(MESSAGE_LIMIT + 1);
      }
      expect(checkVariant(name).ok).toBe(false);
    }
  });

  it('end every command with status 2 and a one-line message', async () => {
    const failures: string[] = [];
    const all = cases();
    await runAll(all, async ({ name, place }) => {
      const r = await run(place.args(name));
      const lines = r.stderr.split('\n').filter((l) => l !== '');
      const label = `${place.what} ${JSON.stringify(name.slice(0, 20))}`;
      if (r.status !== 2)
        failures.push(`${label}: status ${r.status}, stderr ${r.stderr.slice(0, 200)}`);
      else if (lines.length !== 1)
        failures.push(`${label}: ${lines.length} lines: ${r.stderr.slice(0, 300)}`);
      else if (
        !lines[0]!.startsWith('citadel') ||
        lines[0]!.length > 500 ||
        /Error|\bat /.test(lines[0]!)
      )
        failures.push(`${label}: ${lines[0]!.slice(0, 300)}`);
    });
    expect(failures).toEqual([]);
    expect(all.length).toBeGreaterThanOrEqual(DEEP ? 200 : 14);
  });
});
