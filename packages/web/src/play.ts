/**
 * The play page, `/play/<variant>?array=<id>`: a game against the engine (in a Web Worker) or
 * between two players on one device, with the move list, navigation, takeback, resign, new game,
 * the end-of-game message and the piece legend. The game is saved after every change. Parts with
 * a concept of their own live beside it: setup-form.ts, clock-view.ts, legend-view.ts,
 * move-chooser.ts, io-dialogs.ts and game-import.ts.
 */
import type { Color, MoveInfo } from '@citadel/core';
import { boardState, createBoard, movesFor, type Board, type Side } from './adapter.ts';
import { ClockView } from './clock-view.ts';
import { h, svg } from './dom.ts';
import type { EngineClient } from './engine-client.ts';
import { Game, loadGame, loadSettings, saveGame, type GameSetup } from './game.ts';
import { gameFromText } from './game-import.ts';
import { closeDialog, openExportDialog, openImportDialog } from './io-dialogs.ts';
import { LegendView } from './legend-view.ts';
import { MoveChooser } from './move-chooser.ts';
import { SetupForm } from './setup-form.ts';
import { isMuted, playSound, setMuted } from './sound.ts';
import { specialNotes } from './special.ts';
import { arrayFromUrl } from './page-params.ts';
import { variantDef } from './variants.ts';

export interface PageContext {
  readonly root: HTMLElement;
  readonly engine: EngineClient;
  readonly navigate: (url: string, replace?: boolean) => void;
}

const cap = (c: Color): string => (c === 'white' ? 'White' : 'Black');

/** Renders the play page; returns a function that tears it down. */
export function playPage(ctx: PageContext, variantId: string, params: URLSearchParams): () => void {
  const def = variantDef(variantId)!;
  const settings = loadSettings();
  const wantedArray = params.get('array');
  const arrayId = arrayFromUrl(def, params);

  let game: Game;
  const saved = loadGame(def.id);
  if (saved && (!wantedArray || saved.setup.array === arrayId)) game = saved;
  else game = newGame({ variant: def.id, array: arrayId, ...settings });

  function newGame(setup: GameSetup): Game {
    const made = Game.create(setup);
    if ('error' in made) throw new Error(made.error);
    return made.game;
  }

  /** The address of this game: the variant, and the array when it is not the default. */
  const gameUrl = (): string =>
    `/play/${def.id}${game.setup.array !== def.arrays[0]!.id ? `?array=${game.setup.array}` : ''}`;
  if (location.pathname + location.search !== gameUrl()) ctx.navigate(gameUrl(), true);

  let flipped = false;
  let thinking = false;
  /** Bumped whenever the game changes under a running search, so its answer is dropped. */
  let generation = 0;
  /** The engine's suggestion for the user's move, shown until the position changes. */
  let hint: MoveInfo | null = null;
  let hintPending = false;
  /** The number of moves played when the hint was given. */
  let hintAt = -1;

  // ---- elements -------------------------------------------------------------------------------

  const status = h('div', { class: 'status', role: 'status', 'aria-live': 'polite' });
  const result = h('div', { class: 'result', role: 'alert', hidden: true });
  const legendView = new LegendView();
  /** Explains the special moves of the selected piece (king swap, rendezvous, castling…). */
  const specialInfo = h('div', {
    class: 'special-info',
    role: 'note',
    'aria-live': 'polite',
    hidden: true,
  });
  const boardHost = h('div', { class: 'board-host' });
  const clockView = new ClockView();
  const boardArea = h(
    'section',
    { class: 'board-area', 'aria-label': 'Board' },
    status,
    clockView.top,
    boardHost,
    clockView.bottom,
    legendView.hoverInfo,
  );
  const chooser = new MoveChooser(boardArea);

  const form = new SetupForm(def, {
    variant: (id) => ctx.navigate(`/play/${id}`),
    array: () => startNewGame(),
    choice: () => {
      // Before the first move a new choice starts the game over; later it waits for "New game".
      if (game.moves().length === 0 || game.end()) startNewGame();
      else form.setNote('Your choice applies from the next new game.');
    },
    level: (level) => {
      game.setup = { ...game.setup, level };
      saveGame(game);
    },
  });

  const newBtn = h(
    'button',
    { type: 'button', class: 'primary', onclick: () => startNewGame() },
    'New game',
  );
  const flipBtn = h(
    'button',
    { type: 'button', title: 'Flip the board', onclick: () => flip() },
    'Flip',
  );
  const takebackBtn = h('button', { type: 'button', onclick: () => takeback() }, 'Takeback');
  const resignBtn = h('button', { type: 'button', onclick: () => resign() }, 'Resign');
  const soundBtn = h('button', {
    type: 'button',
    class: 'sound-toggle',
    'aria-pressed': String(!isMuted()),
    onclick: () => toggleSound(),
  });
  function syncSoundBtn(): void {
    const on = !isMuted();
    soundBtn.textContent = on ? 'Sound on' : 'Muted';
    soundBtn.title = on ? 'Mute the sounds' : 'Turn the sounds on';
    soundBtn.setAttribute('aria-pressed', String(on));
  }
  function toggleSound(): void {
    setMuted(!isMuted());
    syncSoundBtn();
  }
  syncSoundBtn();
  const actions = h('div', { class: 'actions' }, newBtn, flipBtn, takebackBtn, resignBtn, soundBtn);

  const moveInput = h('input', {
    id: 'move-input',
    name: 'move',
    type: 'text',
    autocomplete: 'off',
    spellcheck: 'false',
    placeholder: 'e.g. Nf3 or g3g4',
  });
  const moveError = h('p', { class: 'move-error', role: 'alert' });
  const moveForm = h(
    'form',
    {
      class: 'move-form',
      onsubmit: (e: Event) => {
        e.preventDefault();
        typedMove();
      },
    },
    h('label', { for: 'move-input' }, 'Type a move'),
    moveInput,
    h('button', { type: 'submit' }, 'Play'),
  );
  const hintBtn = h(
    'button',
    { type: 'button', title: "Show the engine's suggestion", onclick: () => askHint() },
    'Hint',
  );
  const analyseBtn = h(
    'button',
    {
      type: 'button',
      title: 'Analyse the position on the board',
      onclick: () => {
        const shown = game.positionAt(game.viewPly);
        const array = game.setup.array !== def.arrays[0]!.id ? `&array=${game.setup.array}` : '';
        ctx.navigate(`/analyse/${def.id}?fen=${encodeURIComponent(shown.fen())}${array}`);
      },
    },
    'Analyse',
  );
  const importBtn = h('button', { type: 'button', onclick: () => openImport() }, 'Import…');
  const pgnBtn = h(
    'button',
    { type: 'button', title: 'The whole game in PGN', onclick: () => openExport('pgn') },
    'PGN',
  );
  const fenBtn = h(
    'button',
    { type: 'button', title: 'The position on the board in FEN', onclick: () => openExport('fen') },
    'FEN',
  );
  const tools = h(
    'section',
    { class: 'tools', 'aria-label': 'Tools' },
    moveForm,
    moveError,
    h('div', { class: 'tool-row' }, hintBtn, analyseBtn, importBtn, pgnBtn, fenBtn),
  );

  const navBtn = (icon: string, title: string, to: () => number): HTMLButtonElement =>
    h(
      'button',
      { type: 'button', class: 'nav', title, 'aria-label': title, onclick: () => view(to()) },
      svg(
        `<svg viewBox="0 0 16 16" aria-hidden="true"><path d="${icon}" fill="currentColor"/></svg>`,
        'nav-icon',
      ),
    );
  const firstBtn = navBtn('M3 3h2v10H3z M13 3v10L6 8z', 'First position', () => 0);
  const prevBtn = navBtn('M11 3v10L4 8z', 'Previous move', () => game.viewPly - 1);
  const nextBtn = navBtn('M5 3v10l7-5z', 'Next move', () => game.viewPly + 1);
  const lastBtn = navBtn('M11 3h2v10h-2z M3 3v10l7-5z', 'Last move', () => game.moves().length);
  const moveList = h('ol', { class: 'moves', 'aria-label': 'Moves' });
  const movesBox = h(
    'section',
    { class: 'moves-box', 'aria-label': 'Move list' },
    h('div', { class: 'nav-row' }, firstBtn, prevBtn, nextBtn, lastBtn),
    moveList,
  );

  const panel = h(
    'aside',
    { class: 'panel' },
    specialInfo,
    form.element,
    actions,
    tools,
    movesBox,
    legendView.box,
  );
  const page = h('main', { class: 'play' }, boardArea, panel);
  ctx.root.replaceChildren(page);
  const boardWrap = boardHost;
  const geo = game.position.rs.geo;
  boardWrap.style.setProperty('--aspect', String(geo.files / geo.ranks));

  const board: Board = createBoard(boardHost, {
    label: `${def.name} board`,
    onMove: (from, to) => userMove(from, to),
    onHover: (square) => legendView.hover(game.positionAt(game.viewPly), square),
  });
  // The board reports moves, not selections: look at its selection after each input.
  let explained: string | null | undefined;
  function explainSelection(): void {
    const square = board.selection();
    if (square === explained) return;
    explained = square;
    const notes =
      square && game.isLive() ? specialNotes(game.positionAt(game.viewPly), square) : [];
    specialInfo.hidden = notes.length === 0;
    specialInfo.replaceChildren(
      ...notes.map((n) =>
        h('p', { 'data-special': n.kind }, h('strong', {}, `${n.title}: `), n.text),
      ),
    );
  }
  for (const type of ['pointerdown', 'pointerup', 'keydown', 'keyup', 'click'])
    boardHost.addEventListener(type, () => queueMicrotask(explainSelection));

  legendView.build(game.positionAt(0));
  form.show(game.setup);

  // ---- game flow ------------------------------------------------------------------------------

  function startNewGame(): void {
    generation++;
    thinking = false;
    closeChooser();
    game = newGame(form.read());
    flipped = false;
    ctx.engine.newGame();
    ctx.navigate(gameUrl(), true);
    form.show(game.setup);
    render(false);
    maybeEngine();
  }

  function userMove(from: string, to: string): void {
    if (!game.isLive() || thinking || game.end()) return;
    const options = movesFor(game.position, from, to);
    if (options.length === 0) return;
    if (options.length === 1) play(options[0]!.text);
    else openChooser(options);
  }

  function play(text: string): string | null {
    const r = game.play(text);
    if (typeof r === 'string') return r;
    moveError.textContent = '';
    render(true);
    maybeEngine();
    return null;
  }

  /** A move typed in SAN or move text; an illegal one is explained by the core. */
  function typedMove(): void {
    const text = moveInput.value.trim();
    if (!text) return;
    let why: string | null;
    if (game.end()) why = `The game is over (${game.end()!.text}).`;
    else if (!game.isLive()) why = 'Go to the last move first (▶▶) to play on.';
    else if (thinking || game.engineToMove()) why = "It is the engine's turn.";
    else why = play(text);
    moveError.textContent = why ?? '';
    moveInput.setAttribute('aria-invalid', why ? 'true' : 'false');
    if (!why) moveInput.value = '';
  }

  function askHint(): void {
    if (hintPending || thinking || game.end() || !game.isLive() || game.engineToMove()) return;
    hintPending = true;
    const mine = generation;
    const before = game.moves().length;
    render(false);
    ctx.engine
      .analyse(game.spec(), { multiPv: 1, movetime: 600, depth: 12 })
      .then((reply) => {
        hintPending = false;
        if (mine !== generation || game.moves().length !== before) return render(false);
        hint = game.position.legalMoves().find((m) => m.text === reply?.bestMove) ?? null;
        hintAt = before;
        render(false);
      })
      .catch(() => {
        hintPending = false;
        render(false);
      });
  }

  function maybeEngine(): void {
    if (!game.engineToMove() || !game.isLive() || thinking) return;
    thinking = true;
    const mine = ++generation;
    render(false);
    ctx.engine
      .go(game.spec(), game.setup.level, game.engineClock() ?? undefined)
      .then((reply) => {
        if (mine !== generation) return;
        thinking = false;
        if (reply?.bestMove && !game.end()) {
          game.viewPly = game.moves().length;
          const r = game.play(reply.bestMove);
          if (typeof r === 'string') status.textContent = `engine: ${r}`;
        }
        render(true);
      })
      .catch((e: unknown) => {
        if (mine !== generation) return;
        thinking = false;
        render(false);
        status.textContent = `The engine failed: ${e instanceof Error ? e.message : String(e)}`;
      });
  }

  function takeback(): void {
    closeChooser();
    if (thinking) {
      generation++;
      thinking = false;
      ctx.engine.cancel();
    }
    if (game.end()?.reason === 'time') return;
    let plies = 1;
    if (game.setup.opponent === 'engine' && !game.end()) {
      // Back to the user's turn, taking back at least one of the user's moves.
      plies = game.position.turn() === game.setup.side ? 2 : 1;
    } else if (game.setup.opponent === 'engine') {
      const lastMover = game.moves().length % 2 === 1 ? 'white' : 'black';
      plies = lastMover === game.setup.side ? 1 : 2;
    }
    game.takeback(plies);
    render(true);
    maybeEngine();
  }

  function resign(): void {
    if (game.end()) return;
    const side = game.setup.opponent === 'engine' ? game.setup.side : game.position.turn();
    generation++;
    thinking = false;
    ctx.engine.cancel();
    game.resign(side);
    render(false);
  }

  function flip(): void {
    flipped = !flipped;
    render(false);
  }

  function view(ply: number): void {
    const clamped = Math.max(0, Math.min(game.moves().length, ply));
    if (clamped === game.viewPly) return;
    const step = Math.abs(clamped - game.viewPly) === 1;
    game.viewPly = clamped;
    render(step);
  }

  // ---- promotion and other choices ---------------------------------------------------------------

  function openChooser(options: MoveInfo[]): void {
    chooser.open(options, game.position.turn(), (m) => play(m.text));
  }

  function closeChooser(): void {
    chooser.close();
  }

  // ---- rendering --------------------------------------------------------------------------------

  function orientation(): Side {
    const base: Side = game.setup.opponent === 'engine' ? game.setup.side : 'white';
    return flipped ? (base === 'white' ? 'black' : 'white') : base;
  }

  /** What the last render saw, so a new move or a game's end makes its sound once. */
  let heard: { game: Game; plies: number; ended: boolean } | null = null;
  function sounds(): void {
    const plies = game.moves().length;
    const ended = game.end() !== null;
    if (heard && heard.game === game) {
      if (ended && !heard.ended) playSound('end');
      else if (plies === heard.plies + 1 && !ended) {
        const last = game.moves()[plies - 1]!;
        if (game.positionAt(plies).isCheck()) playSound('check');
        else playSound(last.capture ? 'capture' : 'move');
      }
    }
    heard = { game, plies, ended };
  }

  function render(animate: boolean): void {
    sounds();
    const moves = game.moves();
    const ply = game.viewPly;
    const shown = game.positionAt(ply);
    const live = game.isLive();
    const end = game.end();
    const userTurn = game.setup.opponent === 'human' || shown.turn() === game.setup.side;
    const hinted = hint && live && !end && hintAt === moves.length ? hint : null;
    if (!hinted) hint = null;
    board.set(
      boardState(shown, {
        orientation: orientation(),
        interactive: live && !end && !thinking && userTurn,
        lastMove: ply > 0 ? moves[ply - 1] : undefined,
        hint: hinted ?? undefined,
      }),
      { animate },
    );
    explained = undefined;
    explainSelection();

    // Status line and result.
    if (end) {
      result.hidden = false;
      result.textContent = end.text;
    } else result.hidden = true;
    let text: string;
    if (!live) text = `Viewing move ${ply} of ${moves.length} — ▶ or → to go on`;
    else if (end) text = 'Game over';
    else if (thinking) text = 'The engine is thinking…';
    else {
      const turn = shown.turn();
      const who =
        game.setup.opponent === 'engine'
          ? turn === game.setup.side
            ? `Your move (${cap(turn)})`
            : `${cap(turn)} (engine) to move`
          : `${cap(turn)} to move`;
      text = who + (shown.isCheck() ? ' — check!' : '');
      if (hinted) text += ` — hint: ${hinted.san}`;
      else if (hintPending) text += ' — looking for a hint…';
    }
    status.replaceChildren(
      thinking ? h('span', { class: 'spinner', 'aria-hidden': 'true' }) : '',
      h('span', {}, text),
    );
    status.classList.toggle('thinking', thinking);
    if (!result.isConnected) boardArea.insertBefore(result, boardHost);

    // Move list.
    moveList.replaceChildren(
      ...moves.map((m, i) =>
        h(
          'li',
          {
            class: `move${i % 2 === 0 ? ' white-move' : ''}${i + 1 === ply ? ' current' : ''}`,
            'data-ply': i + 1,
            'data-number': i % 2 === 0 ? `${i / 2 + 1}.` : null,
            'aria-current': i + 1 === ply ? 'step' : null,
          },
          h('button', { type: 'button', onclick: () => view(i + 1) }, m.san),
        ),
      ),
    );
    moveList.querySelector('.current')?.scrollIntoView({ block: 'nearest' });

    firstBtn.disabled = prevBtn.disabled = ply === 0;
    nextBtn.disabled = lastBtn.disabled = ply === moves.length;
    takebackBtn.disabled = moves.length === 0;
    resignBtn.disabled = end !== null || moves.length === 0;
    takebackBtn.disabled ||= end?.reason === 'time';
    hintBtn.disabled = hintPending || thinking || !live || end !== null || !userTurn;
    renderClocks();
    saveGame(game);
    document.title = `${def.name} — Citadel`;
  }

  // ---- clocks -------------------------------------------------------------------------------------

  function renderClocks(): void {
    boardArea.classList.toggle('with-clocks', game.clocks !== null);
    clockView.render(game.clocks, game.clockRunning() ? game.position.turn() : null, orientation());
  }

  let lastTick = performance.now();
  const ticker = setInterval(() => {
    const now = performance.now();
    const elapsed = now - lastTick;
    lastTick = now;
    if (!game.clockRunning()) return;
    if (game.tick(elapsed)) {
      generation++;
      thinking = false;
      ctx.engine.cancel();
      closeChooser();
      render(false);
    } else renderClocks();
  }, 100);

  // ---- import and export -------------------------------------------------------------------------

  function openExport(kind: 'pgn' | 'fen'): void {
    const pgn = kind === 'pgn';
    const stamp = new Date().toISOString().slice(0, 10);
    openExportDialog({
      label: pgn ? 'Export PGN' : 'Export FEN',
      title: pgn ? 'The game in PGN' : `The position in FEN (move ${game.viewPly})`,
      textLabel: pgn ? 'PGN of the game' : 'FEN of the position',
      text: pgn ? game.pgn() : game.positionAt(game.viewPly).fen(),
      rows: pgn ? 12 : 3,
      fileName: `citadel-${def.id}-${stamp}.${kind}`,
      mimeType: pgn ? 'application/x-chess-pgn' : 'text/plain',
    });
  }

  function openImport(): void {
    openImportDialog(def.name, importText);
  }

  /** Loads a PGN or FEN text as the game; returns why not, leaving the current game as it is. */
  function importText(raw: string): string | null {
    const made = gameFromText(raw, def.id, game.setup.array, form.read());
    if ('error' in made) return made.error;
    const imported = made.game;
    if (imported.setup.variant !== def.id) {
      saveGame(imported);
      const other = variantDef(imported.setup.variant)!;
      const array =
        imported.setup.array !== other.arrays[0]!.id ? `?array=${imported.setup.array}` : '';
      ctx.navigate(`/play/${other.id}${array}`);
      return null;
    }
    generation++;
    thinking = false;
    ctx.engine.cancel();
    closeChooser();
    game = imported;
    flipped = false;
    ctx.navigate(gameUrl(), true);
    form.show(game.setup);
    legendView.build(game.positionAt(0));
    render(false);
    maybeEngine();
    return null;
  }

  // ---- keyboard -----------------------------------------------------------------------------------

  const onKey = (e: KeyboardEvent): void => {
    const t = e.target as HTMLElement | null;
    if (t && (t.closest('input, select, textarea, .cb-grid') || t.isContentEditable)) return;
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const moves = game.moves().length;
    const to: Record<string, number> = {
      ArrowLeft: game.viewPly - 1,
      ArrowRight: game.viewPly + 1,
      Home: 0,
      End: moves,
    };
    if (e.key === 'Escape' && chooser.isOpen()) {
      closeChooser();
      return;
    }
    const target = to[e.key];
    if (target === undefined) return;
    e.preventDefault();
    view(target);
  };
  document.addEventListener('keydown', onKey);

  render(false);
  maybeEngine();

  return () => {
    generation++;
    ctx.engine.cancel();
    clearInterval(ticker);
    closeDialog();
    document.removeEventListener('keydown', onKey);
    board.destroy();
  };
}
