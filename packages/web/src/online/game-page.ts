/**
 * The online game page, `/game/<id>`: the board, move list and clocks of the play page, fed by the
 * server. A browser holding the game's seat token plays that seat (kept in memory, in storage, in
 * the tab's history or brought by the private seat link: seats.ts, seat-handover.ts), and a
 * signed-in account plays its seats from any device; one opening the link of a game with a free
 * seat takes it; anyone else watches. The page sounds and marks the tab title
 * when it is the player's turn, shows who is connected and the measured lag, and reconnects by
 * itself. When the server speaks a newer protocol, the page reloads by itself as soon as none of
 * its moves is on its way (the server holds the clock, and the reloaded page plays on); a player's
 * game in progress holds every other reload by itself (a release's).
 */
import './online.css';
import {
  ApiError,
  otherColor,
  tournamentPath,
  type ClientMessage,
  type Color,
  type OfferAction,
  type Seat,
} from '@citadel/protocol';
import { boardState, createBoard, movesFor, type Board } from '../adapter.ts';
import { BoardZoom } from '../board-zoom.ts';
import { ClockView } from '../clock-view.ts';
import { h } from '../dom.ts';
import { loadBehaviour } from '../game-behaviour.ts';
import { LowTimeWarning, lowTimeThreshold } from '../low-time.ts';
import { FirstMoveNote } from './first-move-note.ts';
import { MoveAnnouncer } from '../move-announcer.ts';
import { MoveChooser } from '../move-chooser.ts';
import { onAbort, repeat } from '../lifetime.ts';
import { moveWords } from '../move-words.ts';
import type { PageContext } from '../page-context.ts';
import { MoveListView } from '../play/move-list-view.ts';
import { listenToKeys } from '../play/play-keys.ts';
import { playSound } from '../sound.ts';
import { variantDef } from '../variants.ts';
import { api } from './api.ts';
import { openInAnalysis } from './finished-links.ts';
import { GameSocket, type Connection } from './game-socket.ts';
import { InviteView } from './invite-view.ts';
import { MoveConfirmView } from './move-confirm-view.ts';
import { OnlineActionsView } from './online-actions-view.ts';
import { OnlineGame, type Change } from './online-game.ts';
import { OnlineMoves } from './online-moves.ts';
import { SeatBar } from './seat-bar.ts';
import { chooseSeat } from './seat-choice.ts';
import { carrySeatInHistory, seatFromHistory, takeSeatFromAddress } from './seat-handover.ts';
import { SeatLinkView } from './seat-link-view.ts';
import { keepSeat, seatIn, seatOnlyHere } from './seats.ts';
import { signInNoteFor } from './sign-in-note.ts';
import { statusLine } from './status-line.ts';
import { timeControlText, timeLeftText } from './time-text.ts';
import { currentUpdates, holdReloads, onUpdates } from '../updates/update-notice.ts';
import { reloadForUpdate } from '../updates/update-reload.ts';

const NOT_CONNECTED = 'Not connected — reconnecting…';
/** The longest a reload for a newer protocol waits for a move on its way to be answered. */
const OUTDATED_WAIT_MS = 3000;
/** A request that got no answer at all (api.ts says so with status 0). */
const unreachable = (e: unknown): boolean => e instanceof ApiError && e.status === 0;

/** Renders the game page, for as long as `ctx.signal` lasts. */
export function onlineGamePage(ctx: PageContext, id: string): void {
  // A seat handed over by the private seat link's fragment, or by this history entry (a reload of
  // a tab whose browser refuses storage), is this page's seat: the creator of a game is never
  // sent to take the free seat for lack of storage.
  const handed = takeSeatFromAddress() ?? (seatIn(id) ? null : seatFromHistory(id));
  if (handed) keepSeat(id, handed);
  const message = h('p', { class: 'online-message', role: 'status' }, 'Loading the game…');
  ctx.root.replaceChildren(h('main', { class: 'online-loading' }, message));
  void open().catch((e: unknown) => {
    if (ctx.signal.aborted) return;
    message.textContent =
      e instanceof ApiError && e.status === 404
        ? 'There is no game at this address.'
        : `The game cannot be shown: ${e instanceof Error ? e.message : String(e)}`;
  });

  async function open(): Promise<void> {
    const c = await chooseSeat(id);
    if (ctx.signal.aborted) return;
    const held = c.seat !== null && c.seat !== 'session' && c.you ? seatIn(id) : null;
    // The history entry carries the seat, so that a reload finds it where storage does not.
    if (held) carrySeatInHistory(id, held);
    const onlyHere = held && seatOnlyHere(id) ? held : null;
    showGame(ctx, new OnlineGame(c.state, c.you), c.seat, c.refused, onlyHere);
  }
}

/**
 * `seat`: this browser's seat token, 'session' when the signed-in account's session takes the seat,
 * or null to watch; `onlyHere`: that seat, where storage refused it and only this tab holds it.
 */
function showGame(
  ctx: PageContext,
  g: OnlineGame,
  seat: string | 'session' | null,
  joinRefused: string | null,
  onlyHere: Seat | null,
): void {
  const { signal } = ctx;
  const token = seat === 'session' ? null : seat;
  const def = variantDef(g.state.variant);
  const name = def?.name ?? g.state.variant;
  let flipped = false;
  let connection: Connection = 'connecting';
  /** What went wrong, said in the status line instead of whose move it is. */
  let problem = '';
  /**
   * Whether `problem` says the server could not be reached: the server's next state (the socket
   * is back) takes it away, since it shows the game as the server has it.
   */
  let problemIsConnection = false;
  const showProblem = (text: string, connectionLost = false): void => {
    problem = text;
    problemIsConnection = connectionLost;
  };

  const status = h('div', { class: 'status', role: 'status', 'aria-live': 'polite' });
  const result = h('div', { class: 'result', role: 'alert', hidden: true });
  const firstMove = new FirstMoveNote();
  const clockView = new ClockView();
  const lowTime = new LowTimeWarning();
  const topBar = new SeatBar(clockView.top);
  const bottomBar = new SeatBar(clockView.bottom);
  const boardHost = h('div', { class: 'board-host' });
  const zoom = new BoardZoom(signal);
  const boardArea = h(
    'section',
    { class: 'board-area online-board', 'aria-label': 'Board' },
    h('div', { class: 'board-head' }, status, zoom.element),
    firstMove.element,
    topBar.element,
    result,
    boardHost,
    bottomBar.element,
  );
  const chooser = new MoveChooser(boardArea);
  const announcer = new MoveAnnouncer();
  const confirmView = new MoveConfirmView({
    confirm: () => moves.confirm(),
    cancel: () => moves.cancel(),
  });
  boardArea.append(confirmView.element, announcer.element);
  const connectionLine = h('p', { class: 'connection', role: 'status' });
  const title = h('h1', { class: 'online-title' });
  const invite = new InviteView();
  const actions = new OnlineActionsView({
    send: (m) => send(m),
    flip: () => {
      flipped = !flipped;
      render(false);
    },
    openRematch: (rematchId) => void openRematch(rematchId),
  });
  const moveList = new MoveListView((ply) => view(ply));
  const pgnLink = h(
    'a',
    { href: api.pgnUrl(g.state.id), download: `citadel-${g.state.id}.pgn` },
    'Download PGN',
  );
  const analyseButton = h(
    'button',
    { type: 'button', onclick: () => void openAnalysis() },
    'Open in analysis',
  );
  const links = h('div', { class: 'online-links' }, pgnLink, analyseButton);
  /** In a tournament's game: the way back to its standings (and the next pairing). */
  const tournamentLink = g.state.tournamentId
    ? h(
        'p',
        { class: 'tournament-link' },
        h(
          'a',
          { href: tournamentPath(g.state.tournamentId), 'data-link': true },
          'Back to the tournament',
        ),
      )
    : null;
  const signInNote = signInNoteFor(joinRefused);
  const seatKeep = new SeatLinkView();
  if (onlyHere) seatKeep.show(g.state.id, onlyHere);
  const panel = h(
    'aside',
    { class: 'panel' },
    title,
    tournamentLink,
    connectionLine,
    seatKeep.element,
    signInNote,
    invite.element,
    actions.note,
    actions.element,
    moveList.element,
    links,
  );
  ctx.root.replaceChildren(h('main', { class: 'play online-game' }, boardArea, panel));
  const geo = g.board.position.rs.geo;
  boardHost.style.setProperty('--aspect', String(geo.files / geo.ranks));

  const moves = new OnlineMoves(g, {
    shown: () => {
      showProblem('');
      playSound(g.board.moves().at(-1)?.capture ? 'capture' : 'move');
      render(true);
    },
    send: (move, ply) => sendMove(move, ply),
    refused: (text) => {
      showProblem(text);
      render(false);
    },
    changed: () => render(false),
  });

  const board: Board = createBoard(boardHost, {
    label: `${name} board`,
    onMove: (from, to) => {
      if (!moves.mayMove()) return;
      const options = movesFor(g.board.position, from, to);
      if (options.length === 1) play(options[0]!.text);
      else if (options.length > 1) chooser.open(options, g.board.position, (m) => play(m.text));
    },
    onPremove: (premove) => moves.setPremove(premove),
  });
  onAbort(signal, () => {
    board.destroy();
    document.title = 'Citadel';
  });
  zoom.attach(board);

  const socketSeat = seat === null ? null : token ? { token } : {};
  const socket = new GameSocket(g.state.id, socketSeat, signal, {
    event: (e) => {
      if (e.type === 'error') {
        showProblem(e.error);
        moves.refusedByServer();
        render(false);
        return;
      }
      if (e.type === 'pong') {
        renderConnection();
        return;
      }
      const change = g.apply(e);
      if (e.type === 'rematch' && token) void fetchRematchSeat();
      // The end event carries no ratings: the state after a rated game has each player's change.
      if (e.type === 'end' && g.state.rated) void fetchRatings();
      if (change.moved || change.reset || (e.type === 'state' && problemIsConnection))
        showProblem('');
      sound(change);
      if (change.moved) announce();
      render(change.moved === true);
      moves.afterEvent(change);
    },
    connection: (c) => {
      connection = c;
      renderConnection();
    },
  });

  function orientation(): Color {
    const base: Color = g.you ?? 'white';
    return flipped ? otherColor(base) : base;
  }

  function play(text: string): void {
    chooser.close();
    moves.play(text);
  }

  /** Sends a move the board shows (played, confirmed or premoved) to the server. */
  function sendMove(move: string, ply: number): void {
    // How long this seat held the turn: the server credits the rest of its clock's span as lag.
    const moveTime = g.moveTime();
    const timed = moveTime === undefined ? {} : { moveTime };
    if (socket.send({ type: 'move', move, ply, ...timed })) return;
    // The socket is down: the move goes over HTTP (the session cookie goes with it), and the
    // answer is the new state.
    if (seat === null) return;
    api.move(g.state.id, token, move, ply, moveTime).then(
      (state) => {
        const change = g.apply({ type: 'state', game: state, you: g.you });
        render(false);
        moves.afterEvent(change);
      },
      (e: unknown) => {
        showProblem(e instanceof Error ? e.message : String(e), unreachable(e));
        moves.refusedByServer();
        render(false);
      },
    );
  }

  /** Says the last move in words in the live region (a move that came from the server). */
  function announce(): void {
    const played = g.board.moves();
    const last = played.at(-1);
    if (!last) return;
    announcer.say(moveWords(g.board.positionAt(played.length - 1), last, g.board.position));
  }

  function send(m: ClientMessage): void {
    if (m.type === 'rematch') {
      void rematch(m.action);
      return;
    }
    if (!socket.send(m)) {
      showProblem(NOT_CONNECTED, true);
      render(false);
    }
  }

  /** Rematch over HTTP: the answer carries this browser's seat in the new game once agreed. */
  async function rematch(action: OfferAction): Promise<void> {
    if (!token) {
      // Seated by the session: the rematch event says where to go, and the session sits there too.
      if (seat === 'session' && !socket.send({ type: 'rematch', action })) {
        showProblem(NOT_CONNECTED, true);
        render(false);
      }
      return;
    }
    try {
      const r = await api.rematch(g.state.id, token, action);
      g.apply({ type: 'state', game: r.game, you: g.you });
      if (r.rematch) {
        keepSeat(r.rematch.id, r.rematch.seat);
        ctx.navigate(`/game/${r.rematch.id}`);
        return;
      }
    } catch (e) {
      showProblem(e instanceof Error ? e.message : String(e), unreachable(e));
    }
    render(false);
  }

  async function fetchRatings(): Promise<void> {
    try {
      const state = await api.state(g.state.id);
      g.apply({ type: 'state', game: state, you: g.you });
      render(false);
    } catch {
      // The ratings show on the next visit.
    }
  }

  async function fetchRematchSeat(): Promise<void> {
    const newId = g.state.rematch;
    if (!newId || seatIn(newId) || !token) return;
    try {
      const r = await api.rematch(g.state.id, token, 'accept');
      if (r.rematch) keepSeat(r.rematch.id, r.rematch.seat);
    } catch {
      // The seat is asked for again when the player opens the rematch.
    }
    render(false);
  }

  async function openRematch(rematchId: string): Promise<void> {
    if (!seatIn(rematchId)) await fetchRematchSeat();
    ctx.navigate(`/game/${rematchId}`);
  }

  function openAnalysis(): Promise<void> {
    return openInAnalysis(ctx, g.state, (text) => {
      showProblem(text);
      render(false);
    });
  }

  function view(ply: number): void {
    const clamped = Math.max(0, Math.min(g.board.moves().length, ply));
    if (clamped === g.board.viewPly) return;
    const step = Math.abs(clamped - g.board.viewPly) === 1;
    g.board.viewPly = clamped;
    render(step);
  }

  function sound(change: Change): void {
    if (change.ended) playSound('end');
    else if (change.moved) {
      const last = g.board.moves().at(-1);
      if (!last) return;
      if (g.board.position.isCheck()) playSound('check');
      else playSound(last.capture ? 'capture' : 'move');
    }
  }

  function statusText(): string {
    return problem || statusLine(g, moves);
  }

  /** Who went berserk in a tournament game, said after the title. */
  function berserkText(): string {
    const b = g.state.berserk;
    if (!b) return '';
    const who = (['white', 'black'] as const).filter((c) => b[c]);
    return who.length ? ` · berserk: ${who.map((c) => (c === g.you ? 'you' : c)).join(', ')}` : '';
  }

  function renderConnection(): void {
    const words =
      connection === 'open'
        ? `Connected · lag ${Math.round(socket.lag)} ms`
        : connection === 'connecting'
          ? 'Connecting…'
          : 'Connection lost — reconnecting…';
    const watching = g.spectators > 0 ? ` · ${g.spectators} watching` : '';
    connectionLine.textContent = words + watching;
    connectionLine.classList.toggle('offline', connection !== 'open');
  }

  function render(animate: boolean): void {
    const played = g.board.moves();
    const ply = g.board.viewPly;
    board.set(
      boardState(g.board.positionAt(ply), {
        orientation: orientation(),
        interactive: moves.mayMove(),
        lastMove: ply > 0 ? played[ply - 1] : undefined,
        premoveTargets: moves.premoveTargets(),
      }),
      { animate },
    );
    if (!moves.pendingPremove()) board.clearPremove();
    confirmView.render(moves.heldMove());
    status.textContent = statusText();
    result.hidden = !g.ended();
    result.textContent = g.state.text ?? (g.ended() ? `Game over: ${g.state.result}` : '');
    const bottom = orientation();
    topBar.render(g, otherColor(bottom));
    bottomBar.render(g, bottom);
    title.textContent = `${name} · ${timeControlText(g.state.clock)} · ${g.state.rated ? 'rated' : 'casual'}${berserkText()}`;
    tournamentLink?.classList.toggle('ended', g.ended());
    invite.render(
      g.state.status === 'waiting' && g.you ? `${location.origin}/game/${g.state.id}` : null,
    );
    signInNote.hidden = !joinRefused || g.you !== null || g.state.status !== 'waiting';
    actions.render(g);
    moveList.render(played, ply);
    links.hidden = !g.ended();
    renderConnection();
    renderClocks();
    document.title = g.myTurn() ? `● Your move — ${name} — Citadel` : `${name} online — Citadel`;
  }

  function renderClocks(): void {
    const clocks = g.clocksAt(socket.serverNow());
    firstMove.render(g.state, g.you, socket.serverNow());
    const live = g.live() && clocks !== null;
    boardArea.classList.toggle('with-clocks', live);
    const clock = g.state.clock;
    const low =
      live && clock && 'initial' in clock
        ? lowTime.update(
            clocks.times,
            clocks.running,
            lowTimeThreshold(clock.initial * 1000),
            g.you ? [g.you] : [],
            loadBehaviour().lowTimeWarning,
          )
        : undefined;
    clockView.render(live ? clocks.times : null, clocks?.running ?? null, orientation(), low);
    if (!live && clocks?.running && !g.ended()) {
      const left = timeLeftText(clocks.times[clocks.running]);
      status.textContent = `${statusText()} — ${left} left for this move`;
    }
  }

  /**
   * The reload for a newer protocol: null until the server is known to speak one, then when it
   * became known, until the page has reloaded or found that it should leave it to the player.
   */
  let reloadWaitingSince: number | null = null;
  let reloadLeftToPlayer = false;
  /**
   * Reloads for a newer protocol once no move of this page is on its way (sent, not answered yet;
   * the server refuses what this page sends, so the answer comes at once), or after
   * OUTDATED_WAIT_MS. A move held for the player's confirmation could not be sent either. Where
   * the page reloaded for it a moment ago (update-reload.ts), the banner's button is the player's.
   */
  function reloadIfOutdated(): void {
    if (currentUpdates().protocol === null || reloadLeftToPlayer) return;
    reloadWaitingSince ??= Date.now();
    const moveOnItsWay = g.hasUnconfirmedMove() && !moves.heldMove();
    if (moveOnItsWay && Date.now() - reloadWaitingSince < OUTDATED_WAIT_MS) return;
    reloadLeftToPlayer = !reloadForUpdate();
  }
  onAbort(signal, onUpdates(reloadIfOutdated));
  onAbort(
    signal,
    holdReloads(() => g.you !== null && !g.ended()),
  );

  repeat(signal, 100, () => {
    renderClocks();
    if (g.opponentAwaySince !== null) actions.render(g);
    if (reloadWaitingSince !== null) reloadIfOutdated();
  });
  listenToKeys(signal, {
    at: () => ({ ply: g.board.viewPly, moves: g.board.moves().length }),
    view,
    escape: () => {
      if (chooser.isOpen()) chooser.close();
      else if (moves.heldMove()) moves.cancel();
      else return false;
      return true;
    },
  });
  render(false);
  reloadIfOutdated();
}
