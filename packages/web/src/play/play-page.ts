/**
 * The play page, `/play/<variant>?array=<id>` or `?game=<archive id>` (a game of the archive, to
 * continue or look at): a game against the engine (in a Web Worker) or between two players on one
 * device. This file builds the page from its views and connects them to the controller
 * (play-controller.ts), which holds the game. After every change the game is saved as the
 * variant's current game (local storage, resumed on the next visit) and in the archive.
 */
import { boardState, createBoard, type Board } from '../adapter.ts';
import { BoardZoom } from '../board-zoom.ts';
import { ClockView } from '../clock-view.ts';
import { askConfirm } from '../confirm-dialog.ts';
import { h } from '../dom.ts';
import { Game, loadGame, loadSettings, saveGame } from '../game.ts';
import { gameFromText } from '../game-import.ts';
import { closeDialog, openExportDialog, openImportDialog } from '../io-dialogs.ts';
import { LegendView } from '../legend-view.ts';
import { MoveChooser } from '../move-chooser.ts';
import { onlineEntry } from '../online/online-entry.ts';
import type { PageContext } from '../page-context.ts';
import { arrayFromUrl, arrayProblem } from '../page-params.ts';
import { recordOf } from '../archive/archive-record.ts';
import { getRecord, putRecord } from '../archive/archive-store.ts';
import { SetupForm } from '../setup-form.ts';
import { openShareDialog, shareLinks } from '../share-dialog.ts';
import { shortName, variantDef } from '../variants.ts';
import { ActionBar } from './action-bar.ts';
import { GameSounds } from './game-sounds.ts';
import { MoveListView } from './move-list-view.ts';
import { listenToKeys } from './play-keys.ts';
import { newGameFrom, PlayController } from './play-controller.ts';
import { playLayout } from './play-layout.ts';
import { playerHasMoved, SetupPanel } from './setup-panel.ts';
import { SpecialInfoView } from './special-info-view.ts';
import { StatusView } from './status-view.ts';
import { ToolsView } from './tools-view.ts';

/** The address of a game: its variant, and its array when it is not the variant's first. */
export function playUrl(game: Game): string {
  const def = variantDef(game.setup.variant)!;
  const array = game.setup.array !== def.arrays[0]!.id ? `?array=${game.setup.array}` : '';
  return `/play/${def.id}${array}`;
}

/** Renders the play page; returns a function that tears it down. */
export function playPage(ctx: PageContext, variantId: string, params: URLSearchParams): () => void {
  const def = variantDef(variantId)!;
  const wantedArray = params.get('array');
  const arrayId = arrayFromUrl(def, params);
  const saved = loadGame(def.id);
  const first =
    saved && (!wantedArray || saved.setup.array === arrayId)
      ? saved
      : newGameFrom({ variant: def.id, array: arrayId, ...loadSettings() });

  /** What the address asked for and was not found (an unknown array, an archived game). */
  const notice = h('p', { class: 'page-notice', role: 'alert', hidden: true });
  const say = (text: string): void => {
    notice.textContent = text;
    notice.hidden = !text;
  };
  say(arrayProblem(def, params));
  const statusView = new StatusView();
  const legendView = new LegendView();
  const specialInfo = new SpecialInfoView();
  const clockView = new ClockView();
  const sounds = new GameSounds();
  const boardHost = h('div', { class: 'board-host' });
  const zoom = new BoardZoom();
  const boardArea = h(
    'section',
    { class: 'board-area', 'aria-label': 'Board' },
    statusView.result,
    boardHost,
    legendView.hoverInfo,
  );
  const chooser = new MoveChooser(boardArea);

  const controller: PlayController = new PlayController(first, ctx.engine, {
    changed: (animate) => {
      render(animate);
      archive(controller.game);
    },
    problem: (text) => statusView.say(text),
    replaced: (game) => {
      chooser.close();
      ctx.navigate(playUrl(game), true);
      form.show(game.setup);
      legendView.build(game.positionAt(0));
    },
  });
  const game = (): Game => controller.game;
  // A reload right after a move may cut the archive's write short (the page's own save of the
  // game is synchronous): the restored game is written to the archive again.
  archive(first);
  if (location.pathname + location.search !== playUrl(first) && !params.has('game'))
    ctx.navigate(playUrl(first), true);

  const form = new SetupForm(def, {
    array: () => void confirmNewGame(),
    choice: () => {
      // Before the player's first move a new choice starts the game over; later it waits for
      // "Start game".
      if (!playerHasMoved(game()) || game().end()) startNewGame();
      else form.setNote('Your choices apply when you press "Start game".');
    },
    level: (level) => controller.setLevel(level),
  });
  const setup = new SetupPanel(def.id, form.element, onlineEntry(ctx, def.id), {
    start: () => void confirmNewGame(),
    variant: (id) => ctx.navigate(`/play/${id}`),
    focusBack: () => actions.focusNewGame(),
  });
  const actions = new ActionBar({
    newGame: () => setup.open(true),
    flip: () => controller.flip(),
    takeback: () => {
      chooser.close();
      controller.takeback();
    },
    resign: () => void confirmResign(),
  });
  const tools = new ToolsView({
    typed: (text) => controller.typedMove(text),
    hint: () => controller.askHint(),
    analyse: () => {
      const shown = game().positionAt(game().viewPly);
      const array = game().setup.array !== def.arrays[0]!.id ? `&array=${game().setup.array}` : '';
      ctx.navigate(`/analyse/${def.id}?fen=${encodeURIComponent(shown.fen())}${array}`);
    },
    import: () => openImportDialog(def.name, importText),
    export: (kind) => openExport(kind),
    share: () => {
      const g = game();
      const array = g.setup.array !== def.arrays[0]!.id ? g.setup.array : null;
      openShareDialog(shareLinks(def.id, array, g.positionAt(g.viewPly).fen(), g.pgn()));
    },
  });
  const moveList = new MoveListView((ply) => controller.view(ply));

  ctx.root.replaceChildren(
    playLayout({
      notice,
      title: h('h1', { class: 'page-title' }, `Play ${shortName(def.id)}`),
      status: statusView.status,
      zoom: zoom.element,
      board: boardArea,
      clockTop: clockView.top,
      clockBottom: clockView.bottom,
      setup: setup.element,
      moves: moveList.element,
      actions: actions.element,
      tools: tools.element,
      note: specialInfo.element,
      legend: legendView.box,
    }),
  );
  const geo = first.position.rs.geo;
  boardHost.style.setProperty('--aspect', String(geo.files / geo.ranks));

  const board: Board = createBoard(boardHost, {
    label: `${def.name} board`,
    onMove: (from, to) => {
      const options = controller.boardMove(from, to);
      if (options.length > 0)
        chooser.open(options, game().position.turn(), (m) => controller.play(m.text));
      else tools.clearError();
    },
    onHover: (square) => legendView.hover(game().positionAt(game().viewPly), square),
    onPremove: (premove) => controller.setPremove(premove),
  });
  zoom.attach(board);
  const explainSelection = (): void =>
    specialInfo.explain(
      game().isLive() ? game().positionAt(game().viewPly) : null,
      board.selection(),
    );
  for (const type of ['pointerdown', 'pointerup', 'keydown', 'keyup', 'click'])
    boardHost.addEventListener(type, () => queueMicrotask(explainSelection));

  legendView.build(first.positionAt(0));
  form.show(first.setup);

  function startNewGame(): void {
    controller.replace(newGameFrom(form.read()));
  }

  /** A new game from the form; a game in progress is only left when the user says so. */
  async function confirmNewGame(): Promise<void> {
    const g = game();
    const inProgress = g.moves().length > 0 && !g.end();
    const sure =
      !inProgress ||
      (await askConfirm({
        title: 'Start a new game?',
        text: 'The game in progress stays in your archive, where you can continue it later.',
        confirm: 'New game',
      }));
    if (sure && g === game()) startNewGame();
    else form.show(game().setup);
  }

  async function confirmResign(): Promise<void> {
    const g = game();
    const sure = await askConfirm({
      title: 'Resign this game?',
      text: 'Resigning ends the game as a loss.',
      confirm: 'Resign',
    });
    if (sure && g === game()) controller.resign();
  }

  function render(animate: boolean): void {
    const g = game();
    sounds.update(g);
    const moves = g.moves();
    const ply = g.viewPly;
    const hint = controller.hint();
    const shown = g.positionAt(ply);
    board.set(
      boardState(shown, {
        orientation: controller.orientation(),
        interactive: controller.userMayMove(),
        lastMove: ply > 0 ? moves[ply - 1] : undefined,
        hint: hint ?? undefined,
        premoveTargets: controller.premoveTargets(),
      }),
      { animate },
    );
    if (!controller.pendingPremove()) board.clearPremove();
    specialInfo.reset();
    explainSelection();
    legendView.refresh(shown);
    statusView.render(controller);
    moveList.render(moves, ply);
    actions.render(controller.takebackAllowed(), controller.resignAllowed());
    setup.follow(playerHasMoved(g));
    tools.render(controller.hintAllowed());
    renderClocks();
    document.title = `${def.name} — Citadel`;
  }

  function renderClocks(): void {
    const g = game();
    boardArea.classList.toggle('with-clocks', g.clocks !== null);
    clockView.render(
      g.clocks,
      g.clockRunning() ? g.position.turn() : null,
      controller.orientation(),
    );
  }

  let lastTick = performance.now();
  const ticker = setInterval(() => {
    const now = performance.now();
    const elapsed = now - lastTick;
    lastTick = now;
    if (controller.tick(elapsed)) chooser.close();
    else renderClocks();
  }, 100);

  function openExport(kind: 'pgn' | 'fen'): void {
    const pgn = kind === 'pgn';
    const stamp = new Date().toISOString().slice(0, 10);
    const g = game();
    openExportDialog({
      label: pgn ? 'Export PGN' : 'Export FEN',
      title: pgn ? 'The game in PGN' : `The position in FEN (move ${g.viewPly})`,
      textLabel: pgn ? 'PGN of the game' : 'FEN of the position',
      text: pgn ? g.pgn() : g.positionAt(g.viewPly).fen(),
      rows: pgn ? 12 : 3,
      fileName: `citadel-${def.id}-${stamp}.${kind}`,
      mimeType: pgn ? 'application/x-chess-pgn' : 'text/plain',
    });
  }

  /** Loads a PGN or FEN text as the game; returns why not, leaving the current game as it is. */
  function importText(raw: string): string | null {
    const made = gameFromText(raw, def.id, game().setup.array, form.read());
    if ('error' in made) return made.error;
    const imported = made.game;
    if (imported.setup.variant !== def.id) {
      // Another variant's game: it becomes that variant's saved game, opened on its own page.
      saveGame(imported);
      ctx.navigate(playUrl(imported));
      return null;
    }
    controller.replace(imported);
    return null;
  }

  const stopKeys = listenToKeys({
    at: () => ({ ply: game().viewPly, moves: game().moves().length }),
    view: (ply) => controller.view(ply),
    escape: () => {
      if (!chooser.isOpen()) return false;
      chooser.close();
      return true;
    },
  });

  /** Keeps the game in the archive once it has a move (written after the page has drawn it). */
  function archive(g: Game): void {
    if (g.moves().length > 0) void putRecord(recordOf(g));
  }

  /** Opens the archived game the address names, or says it is not there. */
  async function openArchived(id: string): Promise<void> {
    const record = await getRecord(id);
    if (!alive) return;
    const reopened = record && record.variant === def.id ? Game.fromJSON(record.game) : null;
    if (!reopened) {
      say(
        `No game "${id}" of ${def.name} is in this browser's archive; showing your current game.`,
      );
      ctx.navigate(playUrl(game()), true);
      return;
    }
    controller.replace(reopened);
  }

  let alive = true;
  render(false);
  const archivedId = params.get('game');
  if (archivedId !== null) void openArchived(archivedId);
  else controller.maybeEngine();

  return () => {
    alive = false;
    zoom.destroy();
    controller.stopEngine();
    clearInterval(ticker);
    closeDialog();
    stopKeys();
    board.destroy();
  };
}
