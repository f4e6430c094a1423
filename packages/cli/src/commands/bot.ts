/**
 * `citadel bot --server URL --engine "<UCI command>"`: a UCI engine (by default this build's own
 * `citadel uci`) plays online games through the server's HTTP API and event stream, as the big
 * chess sites' bot bridges do, as a guest or logged in to a bot account (`--account`, which rated
 * games need). Option parsing lives here; the bot itself in ../bot/.
 */
import { resolve } from 'node:path';
import type { Command } from 'commander';
import {
  createGameRequestSchema,
  describeIssues,
  usernameSchema,
  type Account,
  type CreateGameRequest,
  type Credentials,
} from '@citadel/protocol';
import { UnreachableError } from '@citadel/protocol';
import { ApiClient } from '../bot/api-client.ts';
import { botPassword, PASSWORD_VARIABLE } from '../bot/bot-credentials.ts';
import { runBot } from '../bot/bot-runner.ts';
import { collect, fail, parseRuleOptions } from '../setup-position.ts';

interface BotOptions {
  readonly server: string;
  readonly account?: string;
  readonly passwordFile?: string;
  readonly rated?: boolean;
  readonly engine?: string;
  readonly movetime: string;
  readonly maxGames: string;
  readonly games: string;
  readonly accept: boolean;
  readonly acceptRematch: boolean;
  readonly rematchWait: string;
  readonly variant: string[];
  readonly game: string[];
  readonly challenge?: string;
  readonly array?: string;
  readonly rule: string[];
  readonly clock?: string;
  readonly color?: string;
  readonly poll: string;
  readonly wait: string;
}

/**
 * Waits up to `waitMs` for the server's first answer, so that a wrong --server or a server that is
 * not running ends the command with one line instead of a bot retrying forever. Once it has
 * answered, later outages are ridden out (bot-runner.ts retries).
 */
async function awaitServer(api: ApiClient, waitMs: number): Promise<void> {
  const started = Date.now();
  for (;;) {
    try {
      await api.lobby();
      return;
    } catch (e) {
      if (!(e instanceof UnreachableError)) return; // it answered, if with a refusal
      const waited = Date.now() - started;
      if (waited >= waitMs)
        fail(
          `${e.message} after ${Math.round(waited / 1000)} s: is the Citadel server running, and is --server right?`,
        );
      await new Promise((r) => setTimeout(r, Math.min(500, waitMs - waited)));
    }
  }
}

/** This build's own engine: the running `citadel` with `uci`. */
function ownEngine(): string {
  const quote = (s: string): string => `'${s.replaceAll("'", `'\\''`)}'`;
  return `${quote(process.execPath)} ${quote(resolve(process.argv[1]!))} uci`;
}

function whole(text: string, name: string, min: number, max: number): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < min || n > max)
    fail(`${name} must be a whole number from ${min} to ${max}`);
  return n;
}

/** `5+3` (minutes + increment seconds), `3d` (days per move) or `none`. */
export function parseClock(text: string): CreateGameRequest['clock'] | undefined {
  if (text === 'none') return undefined;
  const days = /^(\d+)d$/.exec(text);
  if (days) return { daysPerMove: Number(days[1]) };
  const live = /^(\d+(?:\.\d+)?)\+(\d+)$/.exec(text);
  if (!live)
    throw new Error(`--clock: expected minutes+increment (5+3), days (3d) or none, got ${text}`);
  return { initial: Math.round(Number(live[1]) * 60), increment: Number(live[2]) };
}

function challengeFrom(o: BotOptions): CreateGameRequest | null {
  if (!o.challenge) return null;
  const rules = parseRuleOptions(o.rule);
  if (!rules.ok) fail(rules.error);
  let clock: CreateGameRequest['clock'];
  try {
    clock = parseClock(o.clock ?? '5+3');
  } catch (e) {
    fail(e instanceof Error ? e.message : String(e));
  }
  const request = createGameRequestSchema.safeParse({
    variant: o.challenge,
    ...(o.array ? { array: o.array } : {}),
    ...(Object.keys(rules.value).length ? { rules: rules.value } : {}),
    ...(clock ? { clock } : {}),
    color: o.color ?? 'random',
    ...(o.rated ? { rated: true } : {}),
    lobby: true,
  });
  if (!request.success) fail(`--challenge: ${describeIssues(request.error.issues)}`);
  return request.data;
}

/** The bot account's name and password from the options and the environment; null without `--account`. */
function credentialsFrom(o: BotOptions): Credentials | null {
  if (o.account === undefined) {
    if (o.passwordFile !== undefined) fail('--password-file needs --account');
    if (o.rated) fail('--rated needs --account: a rated game needs an account on both sides');
    return null;
  }
  const name = usernameSchema.safeParse(o.account);
  if (!name.success) fail(`--account: ${describeIssues(name.error.issues)}`);
  const password = botPassword(name.data, o.passwordFile, process.env);
  if (!password.ok) fail(password.error);
  return { username: name.data, password: password.value };
}

/** Logs in to the bot account, or ends the command with one line saying why it cannot. */
async function logIn(api: ApiClient, credentials: Credentials): Promise<string> {
  let account: Account;
  try {
    account = await api.login(credentials);
  } catch (e) {
    fail(`cannot log in as ${credentials.username}: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (!account.bot) {
    await api.logout().catch(() => undefined);
    fail(
      `${account.username} is not a bot account: a bot plays under an account registered as one ` +
        '("bot": true, docs/api.md), never a person\'s',
    );
  }
  return account.username;
}

export async function botCommand(o: BotOptions): Promise<void> {
  let api: ApiClient;
  try {
    api = new ApiClient(o.server);
  } catch (e) {
    fail(e instanceof Error ? e.message : String(e));
  }
  if (o.rated && !o.challenge) fail('--rated applies to the challenge --challenge posts');
  const credentials = credentialsFrom(o);
  await awaitServer(api, whole(o.wait, '--wait', 0, 3600) * 1000);
  const account = credentials ? await logIn(api, credentials) : null;
  const settings = {
    account,
    engine: o.engine ?? ownEngine(),
    movetimeMs: whole(o.movetime, '--movetime', 10, 600_000),
    maxGames: whole(o.maxGames, '--max-games', 1, 64),
    games: whole(o.games, '--games', 0, 1_000_000),
    accept: o.accept,
    acceptRematch: o.acceptRematch,
    rematchWaitMs: whole(o.rematchWait, '--rematch-wait', 0, 3600) * 1000,
    variants: o.variant,
    join: o.game,
    challenge: challengeFrom(o),
    pollMs: whole(o.poll, '--poll', 100, 600_000),
    log: (line: string) => process.stderr.write(`bot: ${line}\n`),
  };
  // The first Ctrl+C (or SIGTERM) stops taking games and leaves the games in play; a second exits.
  const stop = new AbortController();
  const onSignal = (): void => {
    if (stop.signal.aborted) process.exit(130);
    settings.log('stopping: leaving the games in play, quitting the engines');
    stop.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  if (account) settings.log(`playing as ${account}`);
  try {
    const done = await runBot(api, settings, stop.signal);
    for (const g of done) process.stdout.write(`${g.id} ${g.result} ${g.text}\n`);
  } catch (e) {
    fail(e instanceof Error ? e.message : String(e));
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    // The session is not left behind (an account keeps a bounded number of them).
    await api.logout().catch(() => undefined);
  }
}

export function addBotCommand(program: Command): void {
  program
    .command('bot')
    .description('play online games on a Citadel server with a UCI engine')
    .requiredOption('--server <url>', 'the server (http://host:port)')
    .option(
      '--account <name>',
      `play as this bot account (needed for rated games); its password from ${PASSWORD_VARIABLE} or --password-file`,
    )
    .option('--password-file <file>', "a file whose first line is --account's password")
    .option('--engine <command>', "UCI engine command line (default: this build's citadel uci)")
    .option('--movetime <ms>', 'thinking time per move without a live clock', '1000')
    .option('--max-games <n>', 'games played at the same time', '1')
    .option('--games <n>', 'stop after this many games (0: never)', '0')
    .option('--no-accept', 'do not accept lobby challenges')
    .option('--no-accept-rematch', "do not accept the opponent's rematch offer after a game")
    .option('--rematch-wait <s>', 'seconds to wait for a rematch offer after a game', '20')
    .option('--variant <id>', 'accept only this variant (repeatable)', collect, [])
    .option('--game <id>', 'join or resume this game first (repeatable)', collect, [])
    .option('--challenge <variant>', 'post a lobby challenge in this variant whenever free')
    .option('--array <array>', 'start array of the posted challenge')
    .option('--rule <name=value>', 'rule switch of the posted challenge (repeatable)', collect, [])
    .option('--clock <tc>', 'clock of the posted challenge: 5+3, 3d or none', '5+3')
    .option('--color <color>', 'colour in the posted challenge: white, black or random')
    .option('--rated', 'post the challenge rated (needs --account)')
    .option('--poll <ms>', 'how often the lobby is read', '2000')
    .option('--wait <s>', 'seconds to wait for the server to answer at start', '10')
    .addHelpText(
      'after',
      `
Without --account the bot plays as a guest: casual games only (it skips rated challenges).
With --account it plays under a bot account (register one with "bot": true, docs/api.md) and
accepts and posts rated games. The password is never given on the command line, where other
users see it: put it in ${PASSWORD_VARIABLE} or in a file (--password-file, first line).`,
    )
    .action(botCommand);
}
