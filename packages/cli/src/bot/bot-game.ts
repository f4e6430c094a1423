/**
 * One online game played by a UCI engine: the game's event stream is read (and reconnected when
 * it drops) while the engine thinks on its turns; each best move is sent with its ply, so a
 * move is never played twice. Ends when the server says the game is over.
 */
import type { ByColor, Color, GameState, Seat } from '@citadel/protocol';
import type { UciEngine } from '../match/uci-client.ts';
import { ApiError, type ApiClient } from './api-client.ts';
import { engineFor, goCommand } from './bot-engine.ts';

export interface BotGameOptions {
  readonly engine: string;
  /** Thinking time per move when the game has no live clock. */
  readonly movetimeMs: number;
  readonly log: (line: string) => void;
  /** Aborted when the bot stops: the game is left (the server's clock goes on). */
  readonly signal: AbortSignal;
}

export interface GameOutcome {
  readonly id: string;
  readonly result: string;
  readonly text: string;
  readonly plies: number;
}

type Clocks = ByColor<number> & { running: Color | null };
const RECONNECT_MS = 1000;
/** Extra time given to an engine beyond its clock before its search is stopped. */
const GRACE_MS = 5000;

export async function playOnlineGame(
  api: ApiClient,
  id: string,
  seat: Seat,
  options: BotGameOptions,
): Promise<GameOutcome> {
  const log = (line: string): void => options.log(`${id}: ${line}`);
  let game = null as GameState | null;
  let moves: string[] = [];
  let clocks: Clocks | undefined;
  let clockReadAt = 0;
  let ended: GameOutcome | null = null;
  let engine = null as UciEngine | null;
  let thinkingAt = -1;
  const stream = new AbortController();
  const stopStream = (): void => stream.abort();
  options.signal.addEventListener('abort', stopStream);

  const myTurn = (): boolean =>
    game !== null &&
    !ended &&
    game.status === 'started' &&
    moves.length % 2 === (seat.color === 'white' ? 0 : 1);

  async function think(): Promise<void> {
    if (!myTurn() || thinkingAt === moves.length || !game) return;
    const ply = moves.length;
    thinkingAt = ply;
    try {
      engine ??= await engineFor(options.engine, game);
      const { go, budgetMs } = goCommand(
        game,
        clocks,
        Date.now() - clockReadAt,
        options.movetimeMs,
      );
      const position = `position startpos${ply ? ` moves ${moves.join(' ')}` : ''}`;
      let best: string;
      try {
        best = (await engine.search(position, go, budgetMs + GRACE_MS)).bestmove;
      } catch (e) {
        if (!(await engine.recover(GRACE_MS))) engine = null;
        throw e;
      }
      if (moves.length !== ply || ended) return;
      if (!best || best === '(none)' || best === '0000') throw new Error('the engine has no move');
      await api.move(id, seat.token, best, ply);
    } catch (e) {
      if (ended || (e instanceof ApiError && e.status === 409)) return;
      log(`no move sent: ${e instanceof Error ? e.message : String(e)}`);
      if (!(e instanceof ApiError)) {
        // The engine failed: resigning ends the game cleanly instead of losing on time.
        await api.resign(id, seat.token).catch(() => {});
      } else thinkingAt = -1;
    }
  }

  function finish(result: string, text: string): void {
    ended = { id, result, text, plies: moves.length };
    stream.abort();
  }

  try {
    while (!ended && !options.signal.aborted) {
      try {
        for await (const e of api.stream(id, seat.token, stream.signal)) {
          if (e.type === 'state') {
            game = e.game;
            moves = [...e.game.moves];
            clocks = e.game.clocks;
            clockReadAt = Date.now();
            thinkingAt = Math.min(thinkingAt, moves.length - 1);
            if (e.game.status === 'ended')
              finish(e.game.result ?? '*', e.game.text ?? 'the game is over');
          } else if (e.type === 'move') {
            if (e.ply === moves.length + 1) moves.push(e.move);
            if (e.clocks) {
              clocks = e.clocks;
              clockReadAt = Date.now();
            }
            if (game?.status === 'waiting') game = { ...game, status: 'started' };
          } else if (e.type === 'end') {
            finish(e.result, e.text);
          }
          if (ended) break;
          void think();
        }
      } catch (e) {
        if (ended || options.signal.aborted) break;
        log(`stream lost (${e instanceof Error ? e.message : String(e)}); reconnecting`);
      }
      if (!ended && !options.signal.aborted) await new Promise((r) => setTimeout(r, RECONNECT_MS));
    }
  } finally {
    options.signal.removeEventListener('abort', stopStream);
    await engine?.quit();
  }
  return ended ?? { id, result: '*', text: 'the bot stopped', plies: moves.length };
}
