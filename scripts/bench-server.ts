/**
 * `npm run bench:server`: the online server under simulated players, on loopback only. For each
 * database (SQLite, and PostgreSQL when DATABASE_URL is set or a local cluster can be started) it
 * starts the server in its own process, opens `--games` live games with two WebSocket players each,
 * lets them move (a game moves every `--interval` ms on average) for `--duration` seconds, and
 * prints the games held, moves per second, the p50/p99 move relay (one player's send to the
 * opponent's receipt) and the server's memory per game. Bounded and self-stopping: at most
 * MAX_GAMES games, MAX_SECONDS seconds of play, and a hard deadline for the whole run.
 *
 *   npm run bench:server                                   (quick: 200 games, a move every 2 s, 20 s)
 *   npm run bench:server -- --games 5000 --interval 10000 --duration 120   (the issue's target)
 *   options: --db sqlite|postgres|both
 *            --history N: first writes N finished games (through the storage layer, in batches)
 *            between HISTORY_PLAYERS accounts; the measured time is then halved: live games only,
 *            then live games while BROWSERS clients read the archive (everyone's, a variant's, a
 *            player's, page after page by the cursor) and players' profiles, each a request every
 *            BROWSE_EVERY_MS; the relay of both halves and the browsing latencies are printed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { SimGame, randomLines, type LoadStats } from './bench-server-players.ts';
import { openStore } from '@citadel/server';
import {
  historyBatches,
  postgresAvailable,
  startCluster,
  type Cluster,
} from '@citadel/server/testing';

const MAX_GAMES = 10_000;
const MAX_SECONDS = 600;
/** Games being set up at once during the ramp-up. */
const SETUP_CONCURRENCY = 32;
/** The random lines the games play (game n plays line n mod LINES), and their longest length. */
const LINES = 64;
const LINE_PLIES = 300;
const MAX_HISTORY = 2_000_000;
/** Accounts the history's games are between (player1 … playerN on the server). */
const HISTORY_PLAYERS = 50;
/** Clients browsing the history during the second half, and how often each asks. */
const BROWSERS = 20;
const BROWSE_EVERY_MS = 250;

const { values } = parseArgs({
  options: {
    games: { type: 'string', default: '200' },
    interval: { type: 'string', default: '2000' },
    duration: { type: 'string', default: '20' },
    db: { type: 'string', default: 'both' },
    history: { type: 'string', default: '0' },
  },
});

function bounded(name: string, text: string, min: number, max: number): number {
  const n = Number(text);
  if (!Number.isFinite(n) || n < min || n > max) {
    process.stderr.write(`bench:server: --${name} must be a number from ${min} to ${max}\n`);
    process.exit(2);
  }
  return n;
}

const games = Math.round(bounded('games', values.games!, 1, MAX_GAMES));
const intervalMs = bounded('interval', values.interval!, 100, 600_000);
const seconds = bounded('duration', values.duration!, 1, MAX_SECONDS);
const history = Math.round(bounded('history', values.history!, 0, MAX_HISTORY));
const dbChoice = values.db!;
if (!['sqlite', 'postgres', 'both'].includes(dbChoice)) {
  process.stderr.write('bench:server: --db is sqlite, postgres or both\n');
  process.exit(2);
}

const serverScript = join(import.meta.dirname, 'bench-server-process.ts');
const lines = randomLines(LINES, LINE_PLIES, 1);

interface Running {
  readonly child: ChildProcess;
  readonly url: string;
  /** Sends the server process a command (see bench-server-process.ts) and reads its JSON answer. */
  ask(command: 'measure' | 'report'): Promise<LoopDelay>;
}

/** Event-loop delay of a process over the measured time, in ms. */
interface LoopDelay {
  readonly p99: number;
  readonly max: number;
}

function startServerProcess(env: Record<string, string>): Promise<Running> {
  const child = spawn(
    process.execPath,
    [...(process.env['BENCH_SERVER_NODE_ARGS']?.split(' ') ?? []), '--import', 'tsx', serverScript],
    {
      env: { ...process.env, ...env },
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  // The server's JSON lines answer; anything else it prints (e.g. under --trace-gc) is passed on.
  const lines = new EventEmitter();
  createInterface({ input: child.stdout! }).on('line', (line) => {
    if (line.startsWith('{')) lines.emit('json', line);
    else process.stderr.write(`server: ${line}\n`);
  });
  const ask = (command: string): Promise<LoopDelay> =>
    new Promise((resolve) => {
      lines.once('json', (line: string) => resolve(JSON.parse(line) as LoopDelay));
      child.stdin!.write(`${command}\n`);
    });
  return new Promise((resolve, reject) => {
    lines.once('json', (line: string) => {
      try {
        const url = (JSON.parse(line) as { url: string }).url.replace(/\/$/, '');
        resolve({ child, url, ask });
      } catch {
        reject(new Error(`the server said: ${line}`));
      }
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
  });
}

/** The resident memory of a process in bytes (Linux /proc). */
function rssOf(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : NaN;
}

/** The CPU time a process has used, in seconds (Linux /proc: user + system ticks at 100 Hz). */
function cpuOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const percentile = (sorted: number[], p: number): number =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;

/** Writes the history's games through the storage layer, before the server starts. */
async function writeHistory(label: string, store: { databaseUrl?: string; dataDir?: string }) {
  if (!history) return;
  const t0 = performance.now();
  const s = await openStore(store);
  try {
    for (const games of historyBatches(0, history, {
      accounts: HISTORY_PLAYERS,
      firstEnd: Date.now() - history * 1_000,
    }))
      await s.importGames(games);
  } finally {
    await s.close();
  }
  const took = (performance.now() - t0) / 1000;
  process.stdout.write(`${label}: ${history} finished games written in ${took.toFixed(0)} s\n`);
}

/** Latencies of the browsing clients' requests, by what they asked for. */
type Browsed = Record<'archive' | 'variant archive' | 'player archive' | 'profile', number[]>;

/**
 * BROWSERS clients reading the history until `until()` says stop: each repeatedly reads a list
 * three pages deep (by the cursor) or a profile, a request every BROWSE_EVERY_MS.
 */
async function browse(base: string, until: () => boolean, seen: Browsed): Promise<number> {
  let failed = 0;
  const client = async (n: number) => {
    for (let round = 0; !until(); round++) {
      const player = `player${1 + ((n * 7 + round) % HISTORY_PLAYERS)}`;
      const kind = (['archive', 'variant archive', 'player archive', 'profile'] as const)[
        (n + round) % 4
      ]!;
      const query = {
        archive: 'limit=50',
        'variant archive': 'variant=husun&limit=50',
        'player archive': `player=${player}&limit=30`,
        profile: '',
      }[kind];
      let next = '';
      for (let page = 0; page < (kind === 'profile' ? 1 : 3) && !until(); page++) {
        const asked = performance.now();
        const url =
          kind === 'profile'
            ? `${base}/api/players/${player}`
            : `${base}/api/archive?${query}${next}`;
        const r = await fetch(url).catch(() => null);
        const took = performance.now() - asked;
        if (!r?.ok) failed++;
        else seen[kind].push(took);
        const body = r?.ok
          ? ((await r.json()) as { games?: { endedAt: number; id: string }[] })
          : {};
        const last = body.games?.at(-1);
        next = last ? `&before=${last.endedAt}&beforeId=${last.id}` : '';
        await new Promise((done) => setTimeout(done, Math.max(0, BROWSE_EVERY_MS - took)));
        if (!last && kind !== 'profile') break;
      }
    }
  };
  await Promise.all(Array.from({ length: BROWSERS }, (_, n) => client(n)));
  return failed;
}

async function runOn(label: string, env: Record<string, string>): Promise<void> {
  await writeHistory(
    label,
    env['DATABASE_URL'] ? { databaseUrl: env['DATABASE_URL'] } : { dataDir: env['CITADEL_DATA']! },
  );
  const server = await startServerProcess(env);
  // The history's players, registered in the order of their account ids (a fresh database).
  for (let n = 1; history && n <= HISTORY_PLAYERS; n++) {
    const r = await fetch(`${server.url}/api/accounts/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: `player${n}`, password: 'bench password' }),
    });
    if (r.status !== 201) throw new Error(`registering player${n}: ${r.status} ${await r.text()}`);
  }
  const pid = server.child.pid!;
  let stopping = false;
  // The server must live until the players stop: a crash ends the bench loudly, not silently.
  server.child.once('exit', (code, signal) => {
    if (stopping) return;
    process.stderr.write(
      `bench:server: the ${label} server died (${signal ?? code}) during the run\n`,
    );
    process.exit(1);
  });
  const stats: LoadStats = { latencies: [], relayed: 0, errors: 0, lastError: '', gamesEnded: 0 };
  let recording = false;
  const live = new Set<SimGame>();
  let seed = 1;
  let setupFailures = 0;
  const open = async (): Promise<void> => {
    try {
      const line = lines[seed % LINES]!;
      const g = await SimGame.start(server.url, intervalMs, stats, () => recording, seed++, line);
      live.add(g);
      g.onEnded = () => {
        live.delete(g);
        if (!stopping) void open();
      };
    } catch (e) {
      setupFailures++;
      stats.lastError = e instanceof Error ? e.message : String(e);
    }
  };
  try {
    // Memory per game is measured from the first tenth of the games on (the server's warm-up,
    // code compiled and caches filled by the first requests, is not counted).
    const warmGames = Math.max(1, Math.floor(games / 10));
    let baseRss = NaN;
    let baseGames = 0;
    const t0 = performance.now();
    const progress = setInterval(() => {
      process.stdout.write(
        `${label}: ${live.size} games set up after ${((performance.now() - t0) / 1000).toFixed(0)} s\n`,
      );
    }, 15_000);
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(SETUP_CONCURRENCY, games) }, async () => {
        while (next < games) {
          next++;
          await open();
          if (Number.isNaN(baseRss) && live.size >= warmGames) {
            baseRss = rssOf(pid);
            baseGames = live.size;
          }
        }
      }),
    );
    clearInterval(progress);
    const setupS = (performance.now() - t0) / 1000;
    const heldRss = rssOf(pid);
    process.stdout.write(
      `${label}: ${live.size} games set up in ${setupS.toFixed(1)} s (${setupFailures} failed)\n`,
    );
    recording = true;
    const cpu0 = process.cpuUsage();
    const serverCpu0 = cpuOf(pid);
    await server.ask('measure');
    const playersDelay = monitorEventLoopDelay({ resolution: 5 });
    playersDelay.enable();
    const start = performance.now();
    let minHeld = Infinity;
    // With a history, the second half of the time is measured while clients browse it.
    const browsed: Browsed = {
      archive: [],
      'variant archive': [],
      'player archive': [],
      profile: [],
    };
    let quietRelays: number[] = [];
    let browsing: Promise<number> | null = null;
    const over = () => performance.now() - start >= seconds * 1000;
    while (!over()) {
      await new Promise((r) => setTimeout(r, 1000));
      minHeld = Math.min(minHeld, [...live].filter((g) => g.held()).length);
      if (history && !browsing && performance.now() - start >= (seconds * 1000) / 2) {
        quietRelays = stats.latencies.splice(0);
        browsing = browse(server.url, over, browsed);
      }
    }
    const browseFailures = (await browsing) ?? 0;
    recording = false;
    const elapsed = (performance.now() - start) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const serverCpu = cpuOf(pid) - serverCpu0;
    const serverDelay = await server.ask('report');
    playersDelay.disable();
    const ms = (ns: number): string => (ns / 1e6).toFixed(0);
    const sorted = stats.latencies.slice().sort((a, b) => a - b);
    const perGame = (heldRss - baseRss) / Math.max(1, live.size - baseGames);
    process.stdout.write(
      [
        `${label}: games held throughout ${minHeld} of ${games}; ${stats.gamesEnded} ended and were replaced`,
        `  moves relayed ${stats.relayed} in ${elapsed.toFixed(1)} s: ${(stats.relayed / elapsed).toFixed(1)} moves/s`,
        `  relay latency p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${percentile(sorted, 100).toFixed(1)} ms`,
        `  server memory ${(heldRss / 2 ** 20).toFixed(0)} MiB with the games, ${(perGame / 1024).toFixed(1)} KiB per game`,
        `  server CPU ${serverCpu.toFixed(1)} s (${((serverCpu / elapsed) * 100).toFixed(0)}% of a core, ${((serverCpu * 1000) / Math.max(1, stats.relayed)).toFixed(2)} ms per move); players' CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s`,
        `  event-loop delay p99/max: server ${serverDelay.p99.toFixed(0)}/${serverDelay.max.toFixed(0)} ms, players ${ms(playersDelay.percentile(99))}/${ms(playersDelay.max)} ms`,
        `  refusals ${stats.errors}${stats.lastError ? ` (last: ${stats.lastError})` : ''}`,
      ].join('\n') + '\n',
    );
    if (history) {
      const line = (name: string, xs: number[]) => {
        const o = xs.slice().sort((a, b) => a - b);
        return `${name} p50 ${percentile(o, 50).toFixed(1)} ms, p99 ${percentile(o, 99).toFixed(1)} ms (${o.length})`;
      };
      process.stdout.write(
        [
          `  with ${history} finished games: relay without browsing ${line('', quietRelays).trim()}`,
          `  relay while ${BROWSERS} clients browse: ${line('', stats.latencies).trim()}`,
          ...Object.entries(browsed).map(([kind, xs]) => `  ${line(kind, xs)}`),
          `  browsing requests failed: ${browseFailures}`,
        ].join('\n') + '\n',
      );
    }
  } finally {
    stopping = true;
    for (const g of live) g.close();
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));
  }
}

// The whole run stops by itself at the latest here (set-up, both databases and shutdowns included).
const hardDeadline = setTimeout(
  () => {
    process.stderr.write('bench:server: hard deadline reached; stopping\n');
    process.exit(1);
  },
  (seconds * 2 + 300 + games / 10 + history / 500) * 1000,
);
hardDeadline.unref();

process.stdout.write(
  `bench:server: ${games} live games on 127.0.0.1, a move every ${intervalMs} ms per game on average, ${seconds} s measured\n`,
);
if (dbChoice !== 'postgres') {
  const dir = mkdtempSync(join(tmpdir(), 'citadel-bench-sqlite-'));
  try {
    await runOn('SQLite', { CITADEL_DATA: dir });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
if (dbChoice !== 'sqlite') {
  let cluster: Cluster | null = null;
  const given = process.env['DATABASE_URL'];
  const url = given ?? (postgresAvailable() ? (cluster = await startCluster()).url : undefined);
  try {
    if (url)
      await runOn(given ? 'PostgreSQL (DATABASE_URL)' : 'PostgreSQL (local cluster)', {
        DATABASE_URL: url,
      });
    else process.stdout.write('PostgreSQL: skipped (no DATABASE_URL and no local cluster)\n');
  } finally {
    cluster?.stop();
  }
}
process.exit(0);
