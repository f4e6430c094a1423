/**
 * A UCI engine set up for one online game: its variant (UCI_Variant), array and rule switches
 * (our engine takes them as options of those names), and the `go` command for the clocks the
 * server reports.
 */
import type { ByColor, Color, GameState } from '@citadel/protocol';
import { UciEngine } from '../match/uci-client.ts';

const STARTUP_MS = 30_000;

/** Starts `command` and sets it up for `game`; throws when the engine cannot play the variant. */
export async function engineFor(command: string, game: GameState): Promise<UciEngine> {
  const e = await UciEngine.start(command, STARTUP_MS);
  try {
    const variant = e.option('UCI_Variant');
    if (variant?.vars.length && !variant.vars.includes(game.variant))
      throw new Error(`${e.name} does not play ${game.variant}`);
    e.setOption(variant?.name ?? 'UCI_Variant', game.variant);
    const array = e.option('Array');
    if (array?.vars.includes(game.array)) e.setOption(array.name, game.array);
    for (const [name, value] of Object.entries(game.rules)) {
      const opt = e.option(name);
      if (!opt) continue;
      e.setOption(opt.name, opt.type === 'check' ? String(value === 'on') : value);
    }
    await e.isReady(STARTUP_MS);
    return e;
  } catch (err) {
    e.kill();
    throw err;
  }
}

/** Whether `command` offers `variant` (an engine without the option is assumed to play chess only). */
export function offersVariant(e: UciEngine, variant: string): boolean {
  const opt = e.option('UCI_Variant');
  return opt ? opt.vars.length === 0 || opt.vars.includes(variant) : variant === 'chess';
}

/**
 * The `go` command: with a live clock the times left (the running one less `sinceMs`, the time
 * since the server's reading arrived) and the increments; otherwise a fixed time per move.
 */
export function goCommand(
  game: Pick<GameState, 'clock'>,
  clocks: (ByColor<number> & { running: Color | null }) | undefined,
  sinceMs: number,
  movetimeMs: number,
): { go: string; budgetMs: number } {
  const c = game.clock;
  if (!c || !('initial' in c) || !clocks)
    return { go: `go movetime ${movetimeMs}`, budgetMs: movetimeMs };
  const left = { white: clocks.white, black: clocks.black };
  if (clocks.running) left[clocks.running] = Math.max(0, left[clocks.running] - sinceMs);
  const inc = c.increment * 1000;
  const w = Math.floor(left.white);
  const b = Math.floor(left.black);
  const mine = clocks.running ? left[clocks.running] : Math.max(w, b);
  return { go: `go wtime ${w} btime ${b} winc ${inc} binc ${inc}`, budgetMs: mine + inc };
}
