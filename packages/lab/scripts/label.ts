/**
 * Labels positions with a stronger engine's search scores, for distillation (Node; bundled by
 * scripts/build.mjs into packages/lab/dist/label.mjs):
 *
 *   node packages/lab/dist/label.mjs --variant tamerlane11 --pgn games.pgn[,more.pgn.gz] \
 *     --engine "node scripts/fsf/fsf-uci.mjs" --options "Use NNUE=false" --go "nodes 12000" \
 *     --every 2 --jobs 2 --out tamerlane11-labels.jsonl
 *
 * Every `--every`-th position of the games from ply `--offset` (default 0; not in check, game not over, each position once)
 * goes to `--jobs` copies of the UCI engine as `position startpos moves ...` + `go ...`. Each
 * answer becomes one JSON line: `{"fen", "cp", "best", "capture"}` with `cp` the engine's last
 * score for White (mate scores are left out) and `capture` whether its best move takes, so
 * the distiller can keep the quiet positions (distill.ts `--labels`).
 */
import { createWriteStream } from 'node:fs';
import { Position, type MoveInfo } from '@citadel/core';
import { fsfMoveText, UciEngine } from '@citadel/cli/match';
import { arg, readPgnGames } from './inputs.ts';

export interface Label {
  readonly fen: string;
  /** The engine's score for White, centipawns. */
  readonly cp: number;
  /** Its best move (our move text). */
  readonly best: string;
  readonly capture: boolean;
}

interface Task {
  readonly fen: string;
  readonly command: string;
  /** Legal moves by the engine's text for them. */
  readonly moves: ReadonlyMap<string, MoveInfo>;
  readonly white: boolean;
}

/** The positions to label: plies `offset`, `offset + every`, ... of each game, each position (by FEN) once. */
function tasks(games: ReturnType<typeof readPgnGames>, every: number, offset: number): Task[] {
  const seen = new Set<string>();
  const out: Task[] = [];
  for (const game of games) {
    const history = game.position.history();
    const start = Position.start(game.variant, game.options);
    if (!start.ok) throw new Error(start.error);
    const pos = start.value;
    const texts: string[] = [];
    for (let ply = 0; ply <= history.length; ply++) {
      if (ply % every === offset % every && !pos.isCheck() && !pos.outcome()) {
        const fen = pos.fen();
        const key = fen.split(' ').slice(0, 4).join(' ');
        if (!seen.has(key)) {
          seen.add(key);
          const moves = new Map(pos.legalMoves().map((m) => [fsfMoveText(pos, m), m] as const));
          const command = `position startpos${texts.length ? ` moves ${texts.join(' ')}` : ''}`;
          out.push({ fen, command, moves, white: pos.turn() === 'white' });
        }
      }
      const m = history[ply];
      if (!m) break;
      texts.push(fsfMoveText(pos, m));
      const played = pos.play(m.text);
      if (!played.ok) throw new Error(`move ${ply + 1} '${m.san}': ${played.error}`);
    }
  }
  return out;
}

async function startEngine(command: string, variant: string, options: string): Promise<UciEngine> {
  const engine = await UciEngine.start(command, 30000);
  engine.setOption('UCI_Variant', variant);
  for (const pair of options.split(';').filter((s) => s.trim())) {
    const eq = pair.indexOf('=');
    if (eq < 0) throw new Error(`--options takes name=value pairs separated by ';', not '${pair}'`);
    engine.setOption(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }
  await engine.isReady(30000);
  return engine;
}

async function main(): Promise<void> {
  const variant = arg('variant');
  const games = readPgnGames(arg('pgn').split(','), variant);
  const every = Math.max(1, Number(arg('every', '2')));
  const go = `go ${arg('go', 'nodes 12000')}`;
  const jobs = Math.max(1, Number(arg('jobs', '2')));
  const todo = tasks(games, every, Number(arg('offset', '0')));
  if (todo.length === 0) throw new Error(`no ${variant} positions in the games`);
  console.error(`${variant}: ${games.length} games, ${todo.length} positions to label`);
  const out = createWriteStream(arg('out'));
  const engines = await Promise.all(
    Array.from({ length: jobs }, () =>
      startEngine(
        arg('engine', 'node scripts/fsf/fsf-uci.mjs'),
        arg('uci-variant', variant),
        arg('options', 'Use NNUE=false'),
      ),
    ),
  );
  let next = 0;
  let done = 0;
  let kept = 0;
  const t0 = Date.now();
  await Promise.all(
    engines.map(async (engine) => {
      for (let t = todo[next++]; t; t = todo[next++]) {
        const result = await engine.search(t.command, go, 60000);
        const score = result.info.score;
        const best = t.moves.get(result.bestmove);
        done++;
        if (done % 500 === 0)
          console.error(
            `${done}/${todo.length} labelled, ${((Date.now() - t0) / 1000).toFixed(0)} s`,
          );
        if (!score || score.kind !== 'cp' || !best) continue;
        const label: Label = {
          fen: t.fen,
          cp: t.white ? score.value : -score.value,
          best: best.text,
          capture: best.capture,
        };
        out.write(`${JSON.stringify(label)}\n`);
        kept++;
      }
    }),
  );
  await Promise.all(engines.map((e) => e.quit()));
  out.end();
  console.error(`${kept} labels written (${done - kept} without a centipawn score or move)`);
}

main().catch((e: unknown) => {
  console.error(`label: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
