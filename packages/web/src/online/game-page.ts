/**
 * The online game page, `/game/<id>`: the board, move list and clocks of the play page, fed by the
 * server. A browser holding the game's seat token plays that seat, and a signed-in account plays
 * its seats from any device; one opening the link of a game with a free seat takes it; anyone
 * else watches. The page sounds and marks the tab title
 * when it is the player's turn, shows who is connected and the measured lag, and reconnects by
 * itself.
 */
import './online.css';
import {
  ApiError,
  COLORS,
  colorTitle,
  otherColor,
  type ClientMessage,
  type Color,
  type OfferAction,
} from '@citadel/protocol';
import { boardState, createBoard, movesFor, type Board } from '../adapter.ts';
import { BoardZoom } from '../board-zoom.ts';
import { ClockView } from '../clock-view.ts';
import { h } from '../dom.ts';
import { FirstMoveNote } from './first-move-note.ts';
import { MoveChooser } from '../move-chooser.ts';
import type { PageContext } from '../page-context.ts';
import { MoveListView } from '../play/move-list-view.ts';
import { listenToKeys } from '../play/play-keys.ts';
import { playSound } from '../sound.ts';
import { variantDef } from '../variants.ts';
import { api } from './api.ts';
import { knownAccount, signedIn } from './account-state.ts';
import { openInAnalysis } from './finished-links.ts';
import { GameSocket, type Connection } from './game-socket.ts';
import { InviteView } from './invite-view.ts';
import { OnlineActionsView } from './online-actions-view.ts';
import { OnlineGame, type Change } from './online-game.ts';
import { SeatBar } from './seat-bar.ts';
import { keepSeat, seatIn } from './seats.ts';
import { openSignIn } from './sign-in-dialog.ts';
import { timeControlText, timeLeftText } from './time-text.ts';

const NOT_CONNECTED = 'Not connected — reconnecting…';
/** A request that got no answer at all (api.ts says so with status 0). */
const unreachable = (e: unknown): boolean => e instanceof ApiError && e.status === 0;

/** Renders the game page; returns a function that tears it down. */
export function onlineGamePage(ctx: PageContext, id: string): () => void {
  let teardown: (() => void) | null = null;
  let gone = false;
  const message = h('p', { class: 'online-message', role: 'status' }, 'Loading the game…');
  ctx.root.replaceChildren(h('main', { class: 'online-loading' }, message));
  void open().catch((e: unknown) => {
    message.textContent =
      e instanceof ApiError && e.status === 404
        ? 'There is no game at this address.'
        : `The game cannot be shown: ${e instanceof Error ? e.message : String(e)}`;
  });

  async function open(): Promise<void> {
    let state = await api.state(id);
    let seat = seatIn(id);
    let refused: string | null = null;
    if (!seat && state.status === 'waiting') {
      try {
        seat = (await api.join(id)).seat;
        keepSeat(id, seat);
        state = await api.state(id);
      } catch (e) {
        if (!(e instanceof ApiError && (e.status === 409 || e.status === 403))) throw e;
        // A rated game's free seat is for an account: the guest watches and is asked to sign in.
        if (e.status === 403) refused = e.message;
      }
    }
    if (gone) return;
    if (seat) {
      teardown = showGame(ctx, new OnlineGame(state, seat.color), seat.token, refused);
      return;
    }
    // No seat kept in this browser: a signed-in account plays its seat by its session.
    const me = (await knownAccount()).kind === 'signed-in' ? signedIn()?.username : undefined;
    const mine = COLORS.find((c) => me !== undefined && state.players[c]?.name === me) ?? null;
    if (gone) return;
    teardown = showGame(ctx, new OnlineGame(state, mine), mine ? 'session' : null, refused);
  }

  return () => {
    gone = true;
    teardown?.();
  };
}

/**
 * `seat`: this browser's seat token, 'session' when the signed-in account's session takes the seat,
 * or null to watch.
 */
function showGame(
  ctx: PageContext,
  g: OnlineGame,
  seat: string | 'session' | null,
  joinRefused: string | null,
): () => void {
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
  const topBar = new SeatBar(clockView.top);
  const bottomBar = new SeatBar(clockView.bottom);
  const boardHost = h('div', { class: 'board-host' });
  const zoom = new BoardZoom();
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
  const signInNote = h(
    'section',
    { class: 'sign-in-note', 'aria-label': 'Rated game' },
    h(
      'p',
      {},
      joinRefused && /rated/.test(joinRefused)
        ? 'This is a rated game: it needs an account on both sides. Sign in to take the free seat.'
        : (joinRefused ?? ''),
    ),
    h(
      'div',
      { class: 'dialog-buttons' },
      h(
        'button',
        {
          type: 'button',
          class: 'primary',
          onclick: () =>
            void openSignIn('sign-in', 'Sign in, or create an account, to play this rated game.'),
        },
        'Sign in to play',
      ),
    ),
  );
  const panel = h(
    'aside',
    { class: 'panel' },
    title,
    connectionLine,
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

  const board: Board = createBoard(boardHost, {
    label: `${name} board`,
    onMove: (from, to) => {
      if (!g.myTurn() || !g.board.isLive()) return;
      const options = movesFor(g.board.position, from, to);
      if (options.length === 1) play(options[0]!.text);
      else if (options.length > 1)
        chooser.open(options, g.board.position.turn(), (m) => play(m.text));
    },
  });
  zoom.attach(board);

  const socket = new GameSocket(g.state.id, seat === null ? null : token ? { token } : {}, {
    event: (e) => {
      if (e.type === 'error') {
        showProblem(e.error);
        g.revert();
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
      render(change.moved === true);
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
    const r = g.playLocal(text);
    if ('error' in r) {
      showProblem(r.error);
      render(false);
      return;
    }
    showProblem('');
    playSound(g.board.moves().at(-1)?.capture ? 'capture' : 'move');
    render(true);
    if (socket.send({ type: 'move', move: r.move, ply: r.ply })) return;
    // The socket is down: the move goes over HTTP (the session cookie goes with it), and the
    // answer is the new state.
    if (seat === null) return;
    api.move(g.state.id, token, r.move, r.ply).then(
      (state) => {
        g.apply({ type: 'state', game: state, you: g.you });
        render(false);
      },
      (e: unknown) => {
        showProblem(e instanceof Error ? e.message : String(e), unreachable(e));
        g.revert();
        render(false);
      },
    );
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
    if (problem) return problem;
    const s = g.state;
    if (!g.board.isLive())
      return `Viewing move ${g.board.viewPly} of ${g.board.moves().length} — ▶ or → to go on`;
    if (s.status === 'ended') return 'Game over';
    if (s.status === 'waiting') return 'Waiting for an opponent to join';
    const check = g.board.position.isCheck() ? ' — check!' : '';
    if (g.you === null) return `${colorTitle(s.turn)} to move${check} (you are watching)`;
    return (
      (g.myTurn() ? `Your move (${colorTitle(s.turn)})` : `Waiting for ${colorTitle(s.turn)}`) +
      check
    );
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
    const moves = g.board.moves();
    const ply = g.board.viewPly;
    board.set(
      boardState(g.board.positionAt(ply), {
        orientation: orientation(),
        interactive: g.myTurn() && g.board.isLive(),
        lastMove: ply > 0 ? moves[ply - 1] : undefined,
      }),
      { animate },
    );
    status.textContent = statusText();
    result.hidden = !g.ended();
    result.textContent = g.state.text ?? (g.ended() ? `Game over: ${g.state.result}` : '');
    const bottom = orientation();
    topBar.render(g, otherColor(bottom));
    bottomBar.render(g, bottom);
    title.textContent = `${name} · ${timeControlText(g.state.clock)} · ${g.state.rated ? 'rated' : 'casual'}`;
    invite.render(
      g.state.status === 'waiting' && g.you ? `${location.origin}/game/${g.state.id}` : null,
    );
    signInNote.hidden = !joinRefused || g.you !== null || g.state.status !== 'waiting';
    actions.render(g);
    moveList.render(moves, ply);
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
    clockView.render(live ? clocks.times : null, clocks?.running ?? null, orientation());
    if (!live && clocks?.running && !g.ended()) {
      const left = timeLeftText(clocks.times[clocks.running]);
      status.textContent = `${statusText()} — ${left} left for this move`;
    }
  }

  const ticker = setInterval(() => {
    renderClocks();
    if (g.opponentAwaySince !== null) actions.render(g);
  }, 100);
  const stopKeys = listenToKeys({
    at: () => ({ ply: g.board.viewPly, moves: g.board.moves().length }),
    view,
    escape: () => {
      if (!chooser.isOpen()) return false;
      chooser.close();
      return true;
    },
  });
  render(false);

  return () => {
    clearInterval(ticker);
    stopKeys();
    socket.close();
    zoom.destroy();
    board.destroy();
    document.title = 'Citadel';
  };
}
