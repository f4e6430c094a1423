/**
 * One online game played by a UCI engine: the game's event stream is read (and reconnected when
 * it drops) while the engine thinks on its turns; each best move is sent with its ply, so a
 * move is never played twice. The opponent's offers are answered (bot-offers.ts): a draw offer
 * on the bot's turn by the search it makes anyway, otherwise by the last one. Ends when the
 * server says the game is over; a bot that wants a rematch then waits a while for the offer.
 */
import { mayMove, mayOffer, stateAfter } from '@citadel/game';
import type { GameState, Seat } from '@citadel/protocol';
import type { SearchInfo, UciEngine } from '../match/uci-client.ts';
import { ApiError } from '@citadel/protocol';
import type { ApiClient } from './api-client.ts';
import { engineFor, goCommand } from './bot-engine.ts';
import { drawAnswer } from './bot-offers.ts';

export interface BotGameOptions {
  readonly engine: string;
  /** Thinking time per move when the game has no live clock. */
  readonly movetimeMs: number;
  readonly log: (line: string) => void;
  /** Aborted when the bot stops: the game is left (the server's clock goes on). */
  readonly signal: AbortSignal;
  /** Asked when the game is over: whether to wait for the opponent's rematch offer and accept it. */
  readonly wantsRematch: () => boolean;
  /** How long to wait for that offer. */
  readonly rematchWaitMs: number;
}

export interface GameOutcome {
  readonly id: string;
  readonly result: string;
  readonly text: string;
  readonly plies: number;
  /** The rematch agreed after the game, with the bot's seat in it. */
  readonly rematch?: { readonly id: string; readonly seat: Seat };
}

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
  /** The game as the server's events tell it (@citadel/game's applyEvent). */
  let game = null as GameState | null;
  /** When the clocks of `game` arrived. */
  let clockReadAt = 0;
  let ended = null as GameOutcome | null;
  let engine = null as UciEngine | null;
  let thinkingAt = -1;
  /** The engine's last evaluation, from the bot's side. */
  let lastScore: SearchInfo['score'];
  const answering = { draw: false, takeback: false };
  const stream = new AbortController();
  const stopStream = (): void => stream.abort();
  options.signal.addEventListener('abort', stopStream);

  const myTurn = (): boolean => game !== null && !ended && mayMove(game, seat.color);
  const plies = (): number => game?.moves.length ?? 0;

  async function think(): Promise<void> {
    if (!myTurn() || thinkingAt === plies() || !game) return;
    const ply = plies();
    const moves = game.moves;
    thinkingAt = ply;
    // Since the turn came: reported with the move, so the server credits the network's lag.
    const turnSince = performance.now();
    try {
      engine ??= await engineFor(options.engine, game);
      const { go, budgetMs } = goCommand(
        game,
        game.clocks,
        Date.now() - clockReadAt,
        options.movetimeMs,
      );
      const position = `position startpos${ply ? ` moves ${moves.join(' ')}` : ''}`;
      let best: string;
      try {
        const found = await engine.search(position, go, budgetMs + GRACE_MS);
        best = found.bestmove;
        lastScore = found.info.score ?? lastScore;
      } catch (e) {
        if (!(await engine.recover(GRACE_MS))) engine = null;
        throw e;
      }
      if (plies() !== ply || ended) return;
      if ((await answer('draw')) === 'accept') return;
      if (!best || best === '(none)' || best === '0000') throw new Error('the engine has no move');
      await api.move(id, seat.token, best, ply, Math.round(performance.now() - turnSince));
    } catch (e) {
      if (ended || (e instanceof ApiError && e.status === 409)) return;
      log(`no move sent: ${e instanceof Error ? e.message : String(e)}`);
      if (!(e instanceof ApiError)) {
        // The engine failed: resigning ends the game cleanly instead of losing on time.
        await api.resign(id, seat.token).catch(() => {});
      } else thinkingAt = -1;
    }
  }

  /**
   * Answers the opponent's pending offer of `kind`, once; a refusal (the offer lapsed meanwhile)
   * is no error. Resolves to the answer sent, or null when none was.
   */
  async function answer(kind: 'draw' | 'takeback'): Promise<'accept' | 'decline' | null> {
    if (!game || !mayOffer(game, seat.color, kind, 'accept') || answering[kind] || ended)
      return null;
    const action = kind === 'draw' ? drawAnswer(lastScore) : 'decline';
    answering[kind] = true;
    try {
      await api.offer(id, seat.token, kind, action);
      // Answered: the server's offers event that says so may come after other events.
      if (game) game = { ...game, offers: { ...game.offers, [kind]: null } };
      log(`${kind} offer ${action === 'accept' ? 'accepted' : 'declined'}`);
      return action;
    } catch (e) {
      if (!(e instanceof ApiError && e.status === 409))
        log(`${kind} offer not answered: ${e instanceof Error ? e.message : String(e)}`);
      return null;
    } finally {
      answering[kind] = false;
    }
  }

  /** Answers what is pending; a draw offer on the bot's turn waits for the search (think). */
  function answerOffers(): void {
    void answer('takeback');
    if (!myTurn()) void answer('draw');
  }

  /** After the end: the rematch the opponent offers within the wait, accepted; null otherwise. */
  async function rematch(): Promise<GameOutcome['rematch'] | null> {
    const wait = new AbortController();
    const stop = (): void => wait.abort();
    const timer = setTimeout(stop, options.rematchWaitMs);
    options.signal.addEventListener('abort', stop);
    let after = null as GameState | null;
    try {
      for await (const e of api.stream(id, seat.token, wait.signal)) {
        after = stateAfter(after, e);
        if (!after || !mayOffer(after, seat.color, 'rematch', 'accept')) continue;
        const agreed = await api.rematch(id, seat.token, 'accept');
        log('rematch offer accepted');
        return agreed.rematch ?? null;
      }
    } catch (e) {
      if (!wait.signal.aborted) log(`no rematch: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      clearTimeout(timer);
      options.signal.removeEventListener('abort', stop);
      wait.abort();
    }
    return null;
  }

  function finish(result: string, text: string): void {
    ended = { id, result, text, plies: plies() };
    stream.abort();
  }

  try {
    while (!ended && !options.signal.aborted) {
      try {
        for await (const e of api.stream(id, seat.token, stream.signal)) {
          const before = game;
          game = stateAfter(game, e);
          if (!game) continue;
          if (game.clocks !== before?.clocks) clockReadAt = Date.now();
          // A state may take moves back: the position after them is thought about again.
          if (e.type === 'state') thinkingAt = Math.min(thinkingAt, game.moves.length - 1);
          if (game.status === 'ended') finish(game.result ?? '*', game.text ?? 'the game is over');
          if (ended) break;
          answerOffers();
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
  if (!ended) return { id, result: '*', text: 'the bot stopped', plies: plies() };
  const next = options.wantsRematch() && !options.signal.aborted ? await rematch() : null;
  return next ? { ...ended, rematch: next } : ended;
}
