import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePgnGames, type PgnGame } from '@citadel/core';
import { DEEP, sampleSize } from '@citadel/testing';

// Real matches through the built command: Fairy-Stockfish (scripts/fsf/fsf-uci.mjs) and our own
// engine (`citadel uci`). Short games (node budgets, a ply limit) keep them quick and free of
// time forfeits; every game must end by the rules or by the ply limit, never by an engine fault.
const ROOT = resolve(import.meta.dirname, '../../..');
const CLI = join(ROOT, 'packages/cli/dist/citadel.mjs');
const FSF = `node ${join(ROOT, 'scripts/fsf/fsf-uci.mjs')}`;
const CITADEL = `node ${CLI} uci`;
const FAULTS = ['illegal move', 'time forfeit', 'engine crash'];
/** Ply limits: the husun10 games with Fairy-Stockfish, and our engine's games against itself. */
const HUSUN10_PLIES = String(sampleSize(30, 60));
const SELF_PLIES = String(sampleSize(20, 40));

if (!existsSync(CLI)) execFileSync('node', [join(ROOT, 'scripts/build.mjs')], { cwd: ROOT });

/** True when `citadel uci` offers the variant in its UCI_Variant combo. */
function citadelOffers(variant: string): boolean {
  const r = spawnSync('node', [CLI, 'uci'], {
    input: 'uci\nquit\n',
    encoding: 'utf8',
    timeout: 30000,
  });
  const line = (r.stdout ?? '').split('\n').find((l) => l.startsWith('option name UCI_Variant '));
  return (
    !!line &&
    line
      .split(/\s+var\s+/)
      .slice(1)
      .map((v) => v.trim())
      .includes(variant)
  );
}
const citadelStandins = citadelOffers('husun10');

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'citadel-match-real-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function match(args: string[], pgn: string): { stdout: string; games: PgnGame[] } {
  const r = spawnSync('node', [CLI, 'match', ...args, '--pgn', pgn], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 240000,
  });
  expect(r.stderr).not.toMatch(/citadel match: (?!.*declares no option)/);
  expect(r.status).toBe(0);
  const games = parsePgnGames(readFileSync(pgn, 'utf8'));
  if (!games.ok) throw new Error(games.error);
  return { stdout: r.stdout, games: games.value };
}

function checkGames(games: PgnGame[], variant: string, names: readonly [string, string]): void {
  expect(games).toHaveLength(2);
  for (const [i, g] of games.entries()) {
    const tag = (k: string): string | undefined => g.tags.find(([n]) => n === k)?.[1];
    expect(g.variant).toBe(variant);
    expect(tag('Round')).toBe(String(i + 1));
    // Colours alternate: engine 1 is White in game 1, Black in game 2.
    expect([tag('White'), tag('Black')]).toEqual(i === 0 ? names : [names[1], names[0]]);
    expect(FAULTS).not.toContain(tag('Termination'));
    expect(['1-0', '0-1', '1/2-1/2']).toContain(g.result);
    expect(tag('Result')).toBe(g.result);
    expect(g.moves.length).toBeGreaterThan(0);
    // The final position agrees with the recorded result (a rules ending) or the ply limit drew.
    const outcome = g.position.outcome();
    if (tag('Termination') === 'max plies') expect(g.result).toBe('1/2-1/2');
    else expect(outcome).not.toBeNull();
  }
}

describe('real matches', () => {
  // Fairy-Stockfish against our engine (below) covers a match with it in the default tier; this
  // game between two of its processes runs there only when our engine lacks the stand-ins.
  it.runIf(DEEP || !citadelStandins)(
    'Fairy-Stockfish against itself in husun10 (fsf-uci.mjs)',
    () => {
      const pgn = join(dir, 'fsf.pgn');
      const { stdout, games } = match(
        [
          ...['--engine1', FSF, '--engine2', FSF, '--name1', 'fsf-a', '--name2', 'fsf-b'],
          ...['--option1', 'Use NNUE=false', '--option2', 'Use NNUE=false'],
          ...[
            '--variant',
            'husun10',
            '--games',
            '2',
            '--nodes',
            '2000',
            '--max-plies',
            HUSUN10_PLIES,
          ],
        ],
        pgn,
      );
      expect(stdout).toMatch(/^\[2\/2\] #2 fsf-b - fsf-a /m);
      expect(stdout).toMatch(/^Score of fsf-a vs fsf-b: \d+-\d+-\d+ \(W-L-D\) in 2 games$/m);
      checkGames(games, 'husun10', ['fsf-a', 'fsf-b']);
    },
  );

  it('our engine against itself (citadel uci)', () => {
    const variant = citadelStandins ? 'tamerlane11' : 'husun';
    const pgn = join(dir, 'citadel.pgn');
    const { games } = match(
      [
        ...['--engine1', CITADEL, '--engine2', CITADEL],
        ...['--variant', variant, '--games', '2', '--nodes', '2000', '--max-plies', SELF_PLIES],
        ...['--random-openings', '4', '--seed', '7'],
      ],
      pgn,
    );
    checkGames(games, variant, ['Citadel 0.1 (1)', 'Citadel 0.1 (2)']);
    // Both games of the pair start with the same random opening, marked as book moves.
    expect(games[0]!.moves.slice(0, 4)).toEqual(games[1]!.moves.slice(0, 4));
    expect(games[0]!.moves[3]!.comment).toBe('book');
  });

  it.skipIf(!citadelStandins)(
    'our engine against Fairy-Stockfish in husun10, with time odds',
    () => {
      const pgn = join(dir, 'vs-fsf.pgn');
      const { stdout, games } = match(
        [
          ...['--engine1', CITADEL, '--engine2', FSF, '--name1', 'citadel', '--name2', 'fsf'],
          ...['--option2', 'Use NNUE=false', '--uci-variant2', 'husun10'],
          ...['--variant', 'husun10', '--games', '2', '--nodes', '2000', '--nodes2', '1000'],
          ...['--max-plies', HUSUN10_PLIES],
        ],
        pgn,
      );
      expect(stdout).toMatch(/^\[2\/2\] #2 fsf - citadel /m);
      expect(stdout).toMatch(/^Score of citadel vs fsf: \d+-\d+-\d+ \(W-L-D\) in 2 games$/m);
      checkGames(games, 'husun10', ['citadel', 'fsf']);
      const tag = (g: PgnGame, k: string): string | undefined => g.tags.find(([n]) => n === k)?.[1];
      expect(tag(games[0]!, 'WhiteTimeControl')).toBe('nodes 2000');
      expect(tag(games[0]!, 'BlackTimeControl')).toBe('nodes 1000');
    },
  );
});
