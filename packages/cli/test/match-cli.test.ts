/**
 * `citadel match` as a user runs it: the default ply limit ends an endless game as a draw by
 * adjudication recorded in the PGN, and an engine that fails its handshake is bad input (status 2).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePgnGames } from '@citadel/core';
import { CLI } from './helpers.ts';

// A UCI engine that only shuffles its knight (husun10: b1-a3-b1 for White, b10-a8-b10 for Black),
// so the game never ends by the rules: neither repetition nor a move rule ends husun10.
const SHUFFLER = `
import { createInterface } from 'node:readline';
let plies = 0;
createInterface({ input: process.stdin }).on('line', (line) => {
  const words = line.trim().split(/\\s+/);
  if (words[0] === 'uci')
    console.log('id name Shuffler\\noption name UCI_Variant type combo default husun10 var husun10\\nuciok');
  else if (words[0] === 'isready') console.log('readyok');
  else if (words[0] === 'position') {
    const at = words.indexOf('moves');
    plies = at < 0 ? 0 : words.length - at - 1;
  } else if (words[0] === 'go') {
    const white = plies % 2 === 0;
    const out = Math.floor(plies / 2) % 2 === 0;
    const move = white ? (out ? 'b1a3' : 'a3b1') : out ? 'b10a8' : 'a8b10';
    console.log('bestmove ' + move);
  } else if (words[0] === 'quit') process.exit(0);
});
`;

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'citadel-match-cli-'));
  writeFileSync(join(dir, 'shuffler.mjs'), SHUFFLER);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(
  args: readonly string[],
): Promise<{ status: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    child.on('close', (status) => resolve({ status, out, err }));
  });
}

describe('citadel match from the command line', () => {
  it('draws an endless game by adjudication after 1000 plies by default, recorded in the PGN', async () => {
    const shuffler = `node ${join(dir, 'shuffler.mjs')}`;
    const pgn = join(dir, 'endless.pgn');
    const r = await run([
      'match',
      ...['--engine1', shuffler, '--engine2', shuffler, '--variant', 'husun10'],
      // A wide margin: this game is about adjudication, and a loaded machine must not flag it.
      ...['--games', '1', '--movetime', '1000', '--timemargin', '5000', '--pgn', pgn],
    ]);
    expect(r.err).toBe('');
    expect(r.status).toBe(0);
    const games = parsePgnGames(readFileSync(pgn, 'utf8'));
    if (!games.ok) throw new Error(games.error);
    const tags = new Map(games.value[0]!.tags);
    expect(tags.get('Result')).toBe('1/2-1/2');
    expect(tags.get('PlyCount')).toBe('1000');
    expect(tags.get('Termination')).toBe('max plies');
    expect(tags.get('TerminationDetails')).toBe('1000 plies played: draw by adjudication');
  });

  it.each([
    ['exits at once', `node -e "process.exit(1)"`],
    ['is no command', 'no-such-engine-anywhere'],
  ])('exits with status 2 and one line when an engine %s', async (_, command) => {
    const r = await run([
      'match',
      ...['--engine1', command, '--engine2', command, '--variant', 'chess', '--games', '2'],
      ...['--startup-timeout', '5000'],
    ]);
    expect(r.status).toBe(2);
    const lines = r.err.split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^citadel match: engine .* failed the uci handshake/);
  });
});
