/**
 * `citadel match`: engine-vs-engine games between any two UCI engines, refereed by the rules
 * core, with running Elo, optional SPRT and a PGN of every game. Option parsing lives here; the
 * match itself in ../match/.
 */
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { Position, type RulesetOptions } from '@citadel/core';
import type {
  DrawAdjudication,
  EngineConfig,
  GameSettings,
  Notation,
  ResignAdjudication,
} from '../match/game.ts';
import {
  parseOpenings,
  randomOpening,
  type Opening,
  type VariantSetup,
} from '../match/openings.ts';
import { runMatch, summaryLines } from '../match/runner.ts';
import { parseSprt, type SprtParams } from '../match/stats.ts';
import { parseTimeControl, type Limit } from '../match/time-control.ts';
import { clipMessage } from '../input-text.ts';
import { EngineStartError } from '../match/uci-client.ts';
import { collect, fail, parseRuleOptions } from '../setup-position.ts';
import { checkVariant, FSF_STAND_INS } from '../variant-names.ts';

/** Plies after which a game is drawn by adjudication unless --max-plies says otherwise. */
export const DEFAULT_MAX_PLIES = 1000;

export interface MatchOptions {
  readonly engine1: string;
  readonly engine2: string;
  readonly name1?: string;
  readonly name2?: string;
  readonly variant: string;
  readonly array?: string;
  readonly rule?: readonly string[];
  readonly games: string;
  readonly tc?: string;
  readonly tc2?: string;
  readonly movetime?: string;
  readonly movetime2?: string;
  readonly nodes?: string;
  readonly nodes2?: string;
  readonly option1?: readonly string[];
  readonly option2?: readonly string[];
  readonly uciVariant1?: string;
  readonly uciVariant2?: string;
  readonly notation1: string;
  readonly notation2: string;
  readonly openings?: string;
  readonly randomOpenings?: string;
  readonly seed?: string;
  readonly concurrency: string;
  readonly pgn?: string;
  readonly sprt?: string;
  readonly maxPlies: string;
  readonly adjudicateDraw?: string;
  readonly adjudicateResign?: string;
  readonly timemargin: string;
  readonly hangTimeout: string;
  readonly startupTimeout: string;
  readonly event?: string;
}

const wholeNumber = (text: string, what: string, min = 0): number => {
  if (!/^\d+$/.test(text.trim()) || Number(text) < min)
    fail(`${what} must be a whole number${min ? ` of at least ${min}` : ''}, not '${text}'`);
  return Number(text);
};

function limitOf(tc?: string, movetime?: string, nodes?: string, which = ''): Limit | null {
  const given = [tc, movetime, nodes].filter((x) => x !== undefined).length;
  if (given > 1) fail(`give only one of --tc${which}, --movetime${which}, --nodes${which}`);
  if (tc !== undefined) {
    const l = parseTimeControl(tc);
    if (typeof l === 'string') fail(l);
    return l;
  }
  if (movetime !== undefined)
    return { kind: 'movetime', ms: wholeNumber(movetime, `--movetime${which}`, 1) };
  if (nodes !== undefined)
    return { kind: 'nodes', nodes: wholeNumber(nodes, `--nodes${which}`, 1) };
  return null;
}

/** `Name=Value` pairs of --option1/--option2 (the name may hold spaces, the value may be empty). */
export function parseEngineOptions(list: readonly string[] = []): Array<[string, string]> {
  return list.map((o) => {
    const i = o.indexOf('=');
    if (i <= 0)
      fail(`an engine option is Name=Value, e.g. --option2 "Use NNUE=false" (got '${o}')`);
    return [o.slice(0, i).trim(), o.slice(i + 1).trim()];
  });
}

function notationOf(text: string, which: string): Notation | 'auto' {
  if (text === 'auto' || text === 'citadel' || text === 'fsf') return text;
  return fail(`--notation${which} takes auto, citadel or fsf, not '${text}'`);
}

/** `key=value,...` settings of the adjudications. */
function keyValues(text: string, what: string, keys: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const m = /^([a-z]+)=(\d+)$/.exec(part);
    if (!m || !keys.includes(m[1]!))
      fail(`${what} takes ${keys.map((k) => `${k}=N`).join(',')} (got '${part}')`);
    out[m[1]!] = Number(m[2]);
  }
  return out;
}

export function parseDrawAdjudication(text: string): DrawAdjudication {
  const kv = keyValues(text, '--adjudicate-draw', ['movenumber', 'movecount', 'score']);
  return {
    moveNumber: kv['movenumber'] ?? 40,
    moveCount: kv['movecount'] ?? 8,
    score: kv['score'] ?? 10,
  };
}

export function parseResignAdjudication(text: string): ResignAdjudication {
  const kv = keyValues(text, '--adjudicate-resign', ['movecount', 'score']);
  return { moveCount: kv['movecount'] ?? 3, score: kv['score'] ?? 1000 };
}

export async function matchCommand(opts: MatchOptions): Promise<void> {
  const known = checkVariant(opts.variant);
  if (!known.ok) fail(known.error);
  const rules = parseRuleOptions(opts.rule);
  if (!rules.ok) fail(rules.error);
  const options: RulesetOptions = { array: opts.array, rules: rules.value };
  const check = Position.start(opts.variant, options);
  if (!check.ok) fail(check.error);
  const setup: VariantSetup = { variant: opts.variant, options };

  const games = wholeNumber(opts.games, '--games', 1);
  const concurrency = wholeNumber(opts.concurrency, '--concurrency', 1);
  const limit1 = limitOf(opts.tc, opts.movetime, opts.nodes) ?? parseTimeControl('10+0.1');
  if (typeof limit1 === 'string') fail(limit1);
  const limit2 = limitOf(opts.tc2, opts.movetime2, opts.nodes2, '2') ?? limit1;

  let sprt: SprtParams | undefined;
  if (opts.sprt !== undefined) {
    const p = parseSprt(opts.sprt);
    if (typeof p === 'string') fail(p);
    sprt = p;
  }

  const seed =
    opts.seed !== undefined
      ? wholeNumber(opts.seed, '--seed')
      : Math.floor(Math.random() * 2 ** 31);
  let opening: (pair: number) => Opening;
  if (opts.openings !== undefined && opts.randomOpenings !== undefined)
    fail('give --openings or --random-openings, not both');
  if (opts.openings !== undefined) {
    let text: string;
    try {
      text = readFileSync(opts.openings, 'utf8');
    } catch (e) {
      return fail(`cannot read ${opts.openings}: ${e instanceof Error ? e.message : String(e)}`);
    }
    const list = parseOpenings(setup, text, opts.openings);
    if (!list.ok) fail(list.error);
    const book = list.value;
    opening = (pair) => book[pair % book.length]!;
  } else if (opts.randomOpenings !== undefined) {
    const plies = wholeNumber(opts.randomOpenings, '--random-openings');
    const cache = new Map<number, Opening>();
    opening = (pair) => {
      let o = cache.get(pair);
      if (!o) {
        const r = randomOpening(setup, plies, seed, pair);
        if (!r.ok) throw new Error(r.error);
        o = r.value;
        cache.set(pair, o);
      }
      return o;
    };
    const first = randomOpening(setup, plies, seed, 0);
    if (!first.ok) fail(first.error);
  } else opening = () => ({ moves: [], source: 'start position' });

  const engine = (
    command: string,
    name: string | undefined,
    list: readonly string[] | undefined,
    uciVariant: string | undefined,
    notation: string,
    limit: Limit,
    which: string,
  ): EngineConfig => ({
    command,
    ...(name !== undefined ? { name } : {}),
    options: parseEngineOptions(list),
    ...(uciVariant !== undefined ? { uciVariant } : {}),
    notation: notationOf(notation, which),
    limit,
  });

  const log = (m: string): void => void process.stderr.write(`citadel match: ${m}\n`);
  const settings: GameSettings = {
    setup,
    marginMs: wholeNumber(opts.timemargin, '--timemargin'),
    hangMs: wholeNumber(opts.hangTimeout, '--hang-timeout', 1),
    startupMs: wholeNumber(opts.startupTimeout, '--startup-timeout', 1),
    maxPlies: wholeNumber(opts.maxPlies, '--max-plies'),
    ...(opts.adjudicateDraw !== undefined
      ? { drawAdjudication: parseDrawAdjudication(opts.adjudicateDraw) }
      : {}),
    ...(opts.adjudicateResign !== undefined
      ? { resignAdjudication: parseResignAdjudication(opts.adjudicateResign) }
      : {}),
    log,
  };

  const out = (line: string): void => void process.stdout.write(`${line}\n`);
  const openingText =
    opts.openings !== undefined
      ? `openings from ${opts.openings}`
      : opts.randomOpenings !== undefined
        ? `${opts.randomOpenings} random plies, seed ${seed}`
        : 'start position';
  out(
    `match: ${opts.variant}, ${games} games, ${openingText}, concurrency ${concurrency}${sprt ? `, SPRT [${sprt.elo0}, ${sprt.elo1}]` : ''}`,
  );
  try {
    const summary = await runMatch({
      engines: [
        engine(
          opts.engine1,
          opts.name1,
          opts.option1,
          opts.uciVariant1,
          opts.notation1,
          limit1,
          '1',
        ),
        engine(
          opts.engine2,
          opts.name2,
          opts.option2,
          opts.uciVariant2,
          opts.notation2,
          limit2,
          '2',
        ),
      ],
      settings,
      games,
      opening,
      concurrency,
      ...(sprt ? { sprt } : {}),
      ...(opts.pgn !== undefined ? { pgnPath: opts.pgn } : {}),
      ...(opts.event !== undefined ? { event: opts.event } : {}),
      out,
    });
    for (const line of summaryLines(summary, sprt)) out(line);
    if (opts.pgn !== undefined) out(`PGN: ${opts.pgn}`);
  } catch (e) {
    process.stderr.write(
      `citadel match: ${clipMessage(e instanceof Error ? e.message : String(e))}\n`,
    );
    // An engine that cannot be started or set up is bad input (its command line or options).
    process.exitCode = e instanceof EngineStartError ? 2 : 1;
  }
}

/** Adds `citadel match` to the program. */
export function addMatchCommand(program: Command): void {
  program
    .command('match')
    .description('play games between two UCI engines, refereed by the rules core')
    .requiredOption('--engine1 <command>', 'command line of engine 1 (run by the shell)')
    .requiredOption('--engine2 <command>', 'command line of engine 2')
    .requiredOption(
      '--variant <variant>',
      `variant id (docs/rules.md §6), or a stand-in Fairy-Stockfish plays: ${FSF_STAND_INS.join(', ')}`,
    )
    .option('--array <array>', 'start array (tamerlane: masculine, feminine)')
    .option('--rule <name=value>', 'rule switch, repeatable', collect, [])
    .option('--games <n>', 'number of games (each opening twice, colours swapped)', '2')
    .option('--tc <s+inc>', 'clock: seconds+increment, e.g. 10+0.1 or 40/60 (default 10+0.1)')
    .option('--movetime <ms>', 'fixed time per move')
    .option('--nodes <n>', 'fixed nodes per move')
    .option('--tc2 <s+inc>', "engine 2's clock (time odds); default as engine 1")
    .option('--movetime2 <ms>', "engine 2's time per move")
    .option('--nodes2 <n>', "engine 2's nodes per move")
    .option('--option1 <Name=Value>', 'UCI option of engine 1, repeatable', collect, [])
    .option('--option2 <Name=Value>', 'UCI option of engine 2, repeatable', collect, [])
    .option('--uci-variant1 <name>', 'UCI_Variant value for engine 1 (default: --variant)')
    .option('--uci-variant2 <name>', 'UCI_Variant value for engine 2 (e.g. husun10 for FSF)')
    .option('--notation1 <n>', 'auto, citadel or fsf (FSF: promotions always lettered)', 'auto')
    .option('--notation2 <n>', 'as --notation1, for engine 2', 'auto')
    .option('--name1 <name>', 'name of engine 1 in PGN and reports (default: its id name)')
    .option('--name2 <name>', 'name of engine 2')
    .option('--openings <file>', 'openings, one a line: FEN, move list, or FEN moves ...')
    .option('--random-openings <plies>', 'openings of K random plies from the start (seeded)')
    .option('--seed <n>', 'seed of the random openings (default: random, printed)')
    .option('--concurrency <n>', 'games played at once (separate engine processes)', '1')
    .option('--pgn <file>', 'write every game to this PGN file')
    .option('--sprt <elo0,elo1[,alpha,beta]>', 'sequential test; stops when decided')
    .option(
      '--max-plies <n>',
      'draw a game by adjudication after this many plies (0: no limit)',
      String(DEFAULT_MAX_PLIES),
    )
    .option(
      '--adjudicate-draw <spec>',
      'draw when both scores stay small: movenumber=40,movecount=8,score=10',
    )
    .option('--adjudicate-resign <spec>', 'win when both agree: movecount=3,score=1000')
    .option('--timemargin <ms>', 'grace over the clock or movetime before a loss on time', '200')
    .option('--hang-timeout <ms>', 'longest wait for a --nodes search', '60000')
    .option('--startup-timeout <ms>', 'longest wait for uciok / readyok', '60000')
    .option('--event <name>', 'PGN Event tag')
    .action(matchCommand);
}
