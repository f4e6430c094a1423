import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Position, parsePgnGames } from '@citadel/core';
import { MatchEngine, type EngineConfig, type GameSettings } from '../src/match/game.ts';
import { runMatch } from '../src/match/runner.ts';
import { parseInfoLine, parseOptionLine } from '../src/match/uci-client.ts';

// A tiny UCI engine for the referee's tests: `node fake.mjs <mode> <move>`. It answers every `go`
// with `bestmove <move>` (mode "move"), exits (mode "crash") or never answers (mode "hang").
const FAKE = `
import { createInterface } from 'node:readline';
const [mode, move] = process.argv.slice(2);
const out = (l) => process.stdout.write(l + '\\n');
createInterface({ input: process.stdin }).on('line', (line) => {
  const cmd = line.trim().split(/\\s+/)[0];
  if (cmd === 'uci') {
    out('id name Fake ' + mode + ' ' + (move ?? ''));
    out('option name UCI_Variant type combo default chess var chess var husun10');
    out('uciok');
  } else if (cmd === 'isready') out('readyok');
  else if (cmd === 'go') {
    if (mode === 'crash') process.exit(3);
    if (mode === 'hang') return;
    out('info depth 3 score cp 12 pv ' + move);
    out('bestmove ' + move);
  } else if (cmd === 'quit') process.exit(0);
});
`;

let dir = '';
const fake = (mode: string, move = ''): string => `node ${join(dir, 'fake.mjs')} ${mode} ${move}`;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'citadel-match-'));
  writeFileSync(join(dir, 'fake.mjs'), FAKE);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const settings: GameSettings = {
  setup: { variant: 'husun10', options: {} },
  marginMs: 100,
  hangMs: 1000,
  startupMs: 10000,
  maxPlies: 0,
};

const engine = (command: string, extra: Partial<EngineConfig> = {}): EngineConfig => ({
  command,
  options: [],
  notation: 'auto',
  limit: { kind: 'movetime', ms: 50 },
  ...extra,
});

const quietMatch = (
  e1: EngineConfig,
  e2: EngineConfig,
  games = 2,
  more: Partial<GameSettings> = {},
) =>
  runMatch({
    engines: [e1, e2],
    settings: { ...settings, ...more },
    games,
    opening: () => ({ moves: [], source: 'start' }),
    concurrency: 1,
    out: () => {},
  });

describe('adjudication by the rules core', () => {
  it('an engine that plays an illegal move loses, with White and Black alike', async () => {
    // Engine 1 answers a1a1; engine 2 plays a2a3 (legal for White at the start only).
    const s = await quietMatch(engine(fake('move', 'a1a1')), engine(fake('move', 'a2a3')));
    expect(s.games).toHaveLength(2);
    const [g1, g2] = s.games;
    expect(g1!.engine1White).toBe(true);
    expect(g1!.record.end.result).toBe('0-1');
    expect(g1!.record.end.termination).toBe('illegal move');
    expect(g1!.record.end.text).toMatch(/White \(Fake move a1a1\) played an illegal move a1a1/);
    expect(g1!.record.position.history()).toHaveLength(0);
    // Game 2: engine 2 (White) plays a2a3, then engine 1 (Black) answers a1a1 and loses.
    expect(g2!.engine1White).toBe(false);
    expect(g2!.record.end.result).toBe('1-0');
    expect(g2!.record.end.termination).toBe('illegal move');
    expect(g2!.record.position.history().map((m) => m.text)).toEqual(['a2a3']);
    expect(s.tally.wdl()).toEqual({ wins: 0, losses: 2, draws: 0 });
    // The PGN of each game parses back and records why it ended.
    const games = parsePgnGames(s.games.map((g) => g.pgn).join('\n'));
    expect(games.ok).toBe(true);
    expect(games.value![1]!.result).toBe('1-0');
    expect(games.value![1]!.tags).toContainEqual(['Termination', 'illegal move']);
    expect(games.value![1]!.tags).toContainEqual(['White', 'Fake move a2a3']);
  });

  it('a move that is not move text (bestmove (none), SAN) loses too', async () => {
    const s = await quietMatch(engine(fake('move', "'(none)'")), engine(fake('move', 'e4')), 2);
    expect(s.games.map((g) => g.record.end.termination)).toEqual(['illegal move', 'illegal move']);
    expect(s.games[0]!.record.end.text).toMatch(/'\(none\)' is not move text/);
    expect(s.tally.wdl()).toEqual({ wins: 1, losses: 1, draws: 0 });
  });

  it('an engine that crashes loses, and is restarted for the next game', async () => {
    const s = await quietMatch(engine(fake('crash')), engine(fake('move', 'a2a3')), 2);
    expect(s.games[0]!.record.end).toMatchObject({ result: '0-1', termination: 'engine crash' });
    expect(s.games[0]!.record.end.text).toMatch(/exited with status 3/);
    expect(s.games[1]!.record.end).toMatchObject({ result: '1-0', termination: 'engine crash' });
  });

  it('an engine that does not answer in time loses on time', async () => {
    const s = await quietMatch(engine(fake('hang')), engine(fake('move', 'a2a3')), 1);
    expect(s.games[0]!.record.end).toMatchObject({ result: '0-1', termination: 'time forfeit' });
  });

  it('the max-plies adjudication draws', async () => {
    // Engine 2 plays a2a3 as White, engine 1 plays a9a8 as Black: the game reaches the limit.
    const s = await quietMatch(engine(fake('move', 'a9a8')), engine(fake('move', 'a2a3')), 2, {
      maxPlies: 2,
    });
    expect(s.games[1]!.record.end).toMatchObject({ result: '1/2-1/2', termination: 'max plies' });
    expect(s.games[1]!.record.position.history().map((m) => m.text)).toEqual(['a2a3', 'a9a8']);
  });

  it('SPRT stops the match when decided; games run concurrently in pairs', async () => {
    const lines: string[] = [];
    const s = await runMatch({
      engines: [engine(fake('move', 'a1a1')), engine(fake('move', 'a2a3'))],
      settings,
      games: 100,
      opening: () => ({ moves: [], source: 'start' }),
      concurrency: 2,
      sprt: { elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05 },
      out: (l) => lines.push(l),
    });
    // Every game is lost by engine 1; ten lost pairs give LLR -3.54 < -2.94 (see the stats test).
    expect(s.sprt?.verdict).toBe('H0');
    expect(s.stoppedEarly).toBe(true);
    expect(s.games.length).toBeGreaterThanOrEqual(20);
    expect(s.games.length).toBeLessThanOrEqual(22);
    expect(s.games.map((g) => g.index)).toEqual([...Array(s.games.length).keys()]);
    expect(s.tally.pairs[0]).toBeGreaterThanOrEqual(10);
    expect(lines.at(-1)).toMatch(/LLR -\d\.\d\d \(-2\.94, 2\.94\) H0$/);
    expect(lines[0]).toMatch(/^\[1\/100\] #\d+ .* \| .*: 0-1-0 \(0\.0%\) Elo -inf ± n\/a/);
  });

  it('an engine without the variant is refused before any game', async () => {
    await expect(
      quietMatch(
        engine(fake('move', 'a2a3'), { uciVariant: 'tamerlane11' }),
        engine(fake('move', 'a2a3')),
      ),
    ).rejects.toThrow(/does not offer UCI_Variant tamerlane11/);
  });
});

describe('notation for Fairy-Stockfish', () => {
  it('names the promotion piece of a forced promotion (husun10: c9c10f), and reads it back', () => {
    const pos = Position.fromFen(
      'husun10',
      'rnedkfdenr/ppppppppPp/10/10/10/10/10/10/PPPPPPPPPP/RNEDKFDENR w - - 0 1',
    ).value!;
    const played = pos.play('i9j10f');
    expect(played.ok).toBe(true);
    const fsf = new MatchEngine(engine('x', { notation: 'fsf' }), settings);
    fsf.notation = 'fsf';
    const ours = new MatchEngine(engine('x'), settings);
    expect(fsf.moveText(pos, played.value!)).toBe('i9j10f');
    expect(ours.moveText(pos, played.value!)).toBe('i9j10');
    const shatranj = Position.fromFen('shatranj', '4k2r/P7/8/8/8/8/8/4K2R w - - 0 1').value!;
    const promo = shatranj.play('a7a8q');
    expect(promo.ok).toBe(true);
    expect(fsf.moveText(shatranj, promo.value!)).toBe('a7a8q');
  });
});

describe('UCI lines', () => {
  it('parses option declarations with spaces in names and combo values', () => {
    expect(parseOptionLine('option name Use NNUE type check default true')).toEqual({
      name: 'Use NNUE',
      type: 'check',
      default: 'true',
      vars: [],
    });
    expect(
      parseOptionLine('option name UCI_Variant type combo default chess var chess var husun10'),
    ).toEqual({ name: 'UCI_Variant', type: 'combo', default: 'chess', vars: ['chess', 'husun10'] });
    expect(parseOptionLine('option name Hash type spin default 16 min 1 max 2048')?.default).toBe(
      '16',
    );
  });

  it('reads score and depth from info lines, ignoring bounds', () => {
    const a = parseInfoLine('info depth 7 seldepth 9 score cp -35 nodes 100 pv e2e4', {});
    expect(a).toEqual({ score: { kind: 'cp', value: -35 }, depth: 7 });
    expect(parseInfoLine('info depth 8 score cp 10 lowerbound', a)).toBe(a);
    expect(parseInfoLine('info depth 9 score mate -3', a)).toEqual({
      score: { kind: 'mate', value: -3 },
      depth: 9,
    });
  });
});
