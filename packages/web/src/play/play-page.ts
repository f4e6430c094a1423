/**
 * The play page, `/play/<variant>?array=<id>&rules=<name>=<value>,...` or `?game=<archive id>` (a
 * game of the archive, to continue or look at): a game against the engine (in a Web Worker) or
 * between two players on one device. This file builds the page from its views and connects them
 * to the controller (play-controller.ts), which holds the game. After every change the game is
 * saved as the variant's current game (local storage, resumed on the next visit, kept in step
 * with other tabs by game-sync.ts) and in the archive. The address follows the game's array and
 * rule switches; the analysis and share links keep them. What it starts ends with the page's
 * signal (lifetime.ts).
 */
import { boardState, createBoard, type Board } from '../adapter.ts';
import { BoardZoom } from '../board-zoom.ts';
import { ClockView } from '../clock-view.ts';
import { loadBehaviour } from '../game-behaviour.ts';
import { askConfirm } from '../confirm-dialog.ts';
import { h } from '../dom.ts';
import { Game, saveGame } from '../game.ts';
import { gameFromText } from '../game-import.ts';
import { openExportDialog, openImportDialog } from '../io-dialogs.ts';
import { LegendView } from '../legend-view.ts';
import { onAbort, repeat } from '../lifetime.ts';
import { LowTimeWarning, lowTimeThreshold } from '../low-time.ts';
import { MoveAnnouncer } from '../move-announcer.ts';
import { MoveChooser } from '../move-chooser.ts';
import { moveWords } from '../move-words.ts';
import { onlineEntry } from '../online/online-entry.ts';
import type { PageContext } from '../page-context.ts';
import { query, rulesQuery } from '../page-params.ts';
import { SetupForm } from '../setup-form.ts';
import { openShareDialog, shareLinks } from '../share-dialog.ts';
import { NOT_SAVING_GAMES, StorageNotice } from '../storage-notice.ts';
import { holdReloads } from '../updates/update-notice.ts';
import { shortName, variantDef } from '../variants.ts';
import { ActionBar } from './action-bar.ts';
import { GameSounds } from './game-sounds.ts';
import { GameSync } from './game-sync.ts';
import { MoveListView } from './move-list-view.ts';
import { listenToKeys } from './play-keys.ts';
import { gameToOpen, playUrl } from './play-address.ts';
import { newGameFrom, PlayController } from './play-controller.ts';
import { playLayout } from './play-layout.ts';
import { playerHasMoved, SetupPanel } from './setup-panel.ts';
import { SpecialInfoView } from './special-info-view.ts';
import { StatusView } from './status-view.ts';
import { ToolsView } from './tools-view.ts';

/** Renders the play page, for as long as `ctx.signal` lasts. */
export function playPage(ctx: PageContext, variantId: string, params: URLSearchParams): void {
  const { signal } = ctx;
  const def = variantDef(variantId)!;
  const { game: first, problem } = gameToOpen(def, params);

  /** What the address asked for and was not found (an unknown array, an archived game). */
  const notice = h('p', { class: 'page-notice', role: 'alert', hidden: true });
  const say = (text: string): void => {
    notice.textContent = text;
    notice.hidden = !text;
  };
  say(problem);
  // The browser refused to keep the game (local storage or the archive): it plays on from memory
  // until the tab closes, and the player is told how to keep it.
  const storageNotice = new StorageNotice({
    text: NOT_SAVING_GAMES,
    action: { label: 'Export PGN', run: () => openExport('pgn') },
    about: ['game'],
  });
  const statusView = new StatusView();
  const legendView = new LegendView();
  const specialInfo = new SpecialInfoView();
  const clockView = new ClockView();
  const lowTime = new LowTimeWarning();
  const sounds = new GameSounds();
  const boardHost = h('div', { class: 'board-host' });
  const zoom = new BoardZoom(signal);
  const boardArea = h(
    'section',
    { class: 'board-area', 'aria-label': 'Board' },
    statusView.result,
    boardHost,
    legendView.hoverInfo,
  );
  const chooser = new MoveChooser(boardArea);
  const announcer = new MoveAnnouncer();
  boardArea.append(announcer.element);

  // Another tab's change to this variant's game is shown here (game-sync.ts).
  const sync = new GameSync(def.id, signal, (theirs, why) => {
    const before = controller.game;
    controller.adopt(theirs);
    if (why === 'refused')
      say(
        'This game was changed in another tab: it is shown as it stands there, and your last change here was not saved.',
      );
    else if (theirs.id !== before.id)
      say('A new game was started in another tab: it is shown here.');
  });
  const controller: PlayController = new PlayController(
    first,
    ctx.engine,
    {
      changed: (animate) => {
        render(animate);
        archive(controller.game);
      },
      problem: (text) => statusView.say(text),
      engineMoved: (move) => {
        const g = game();
        announcer.say(moveWords(g.positionAt(g.moves().length - 1), move, g.position));
      },
      replaced: (game) => {
        chooser.close();
        ctx.navigate(playUrl(game), true);
        form.show(game.setup);
        legendView.build(game.positionAt(0));
      },
    },
    sync,
    signal,
  );
  const game = (): Game => controller.game;
  // A reload right after a move may cut the archive's write short (the page's own save of the
  // game is synchronous): the restored game is written to the archive again.
  archive(first);
  if (location.pathname + location.search !== playUrl(first) && !params.has('game'))
    ctx.navigate(playUrl(first), true);

  const form = new SetupForm(def, {
    array: () => void confirmNewGame(),
    choice: () => {
      // Before the player's first move a new choice starts the game over from the same position
      // (a position from the editor or the analysis board stays); after the end a new game
      // begins; in between the choice waits for "Start game".
      if (game().end()) startNewGame();
      else if (!playerHasMoved(game())) restartFromSamePosition();
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
    review: () => void openReview(),
  });
  const tools = new ToolsView({
    typed: (text) => controller.typedMove(text),
    hint: () => controller.askHint(),
    analyse: () => {
      const g = game();
      const shown = g.positionAt(g.viewPly);
      const array = g.setup.array !== def.arrays[0]!.id ? `array=${g.setup.array}` : '';
      ctx.navigate(
        `/analyse/${def.id}${query(`fen=${encodeURIComponent(shown.fen())}`, array, rulesQuery(g.setup.rules))}`,
      );
    },
    import: () => openImportDialog(def.name, importText),
    export: (kind) => openExport(kind),
    share: () => {
      const g = game();
      const array = g.setup.array !== def.arrays[0]!.id ? g.setup.array : null;
      openShareDialog(
        shareLinks(def.id, array, g.positionAt(g.viewPly).fen(), g.pgn(), g.setup.rules),
      );
    },
  });
  const moveList = new MoveListView((ply) => controller.view(ply));

  ctx.root.replaceChildren(
    playLayout({
      notice,
      storageNotice: storageNotice.element,
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
        chooser.open(options, game().position, (m) => controller.play(m.text));
      else tools.clearError();
    },
    onHover: (square) => legendView.hover(game().positionAt(game().viewPly), square),
    onPremove: (premove) => controller.setPremove(premove),
  });
  onAbort(signal, () => board.destroy());
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

  /**
   * The game begun again with the form's choices from its own start position (one set up in the
   * editor or on the analysis board); from the array's when the rules now chosen refuse it.
   */
  function restartFromSamePosition(): void {
    const fen = game().setup.fen;
    const made = fen ? Game.create({ ...form.read(), fen }) : null;
    if (made && 'game' in made) controller.replace(made.game);
    else {
      startNewGame();
      if (made)
        form.setNote(
          `These rules refuse the position set up (${made.error}): a new game from the start.`,
        );
    }
  }

  /**
   * Opens the finished game's review on the analysis board: the game as the archive holds it,
   * where the review is kept once done (its PGN in the address when the archive is unavailable).
   */
  async function openReview(): Promise<void> {
    const g = game();
    const [{ recordOf, reviewUrl }, { putRecord }] = await Promise.all([
      import('../archive/archive-record.ts'),
      import('../archive/archive-store.ts'),
    ]);
    const stored = await putRecord(recordOf(g));
    if (signal.aborted || g !== game()) return;
    ctx.navigate(
      stored
        ? reviewUrl({ variant: def.id, id: g.id })
        : `/analyse/${def.id}?pgn=${encodeURIComponent(g.pgn())}&review=1`,
    );
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
    actions.render(controller.takebackAllowed(), controller.resignAllowed(), g.end() !== null);
    setup.follow(playerHasMoved(g));
    tools.render(controller.hintAllowed());
    renderClocks();
    document.title = `${def.name} — Citadel`;
  }

  function renderClocks(): void {
    const g = game();
    boardArea.classList.toggle('with-clocks', g.clocks !== null);
    const running = g.clockRunning() ? g.position.turn() : null;
    const tc = g.setup.clock;
    // The warning sounds for the clocks of the players at this device: both against a friend.
    const low =
      g.clocks && tc
        ? lowTime.update(
            g.clocks,
            running,
            lowTimeThreshold(tc.minutes * 60_000),
            g.setup.opponent === 'human' ? ['white', 'black'] : [g.setup.side],
            loadBehaviour().lowTimeWarning,
          )
        : undefined;
    clockView.render(g.clocks, running, controller.orientation(), low);
  }

  let lastTick = performance.now();
  repeat(signal, 100, () => {
    const now = performance.now();
    const elapsed = now - lastTick;
    lastTick = now;
    if (controller.tick(elapsed)) chooser.close();
    else renderClocks();
  });

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

  listenToKeys(signal, {
    at: () => ({ ply: game().viewPly, moves: game().moves().length }),
    view: (ply) => controller.view(ply),
    escape: () => {
      if (!chooser.isOpen()) return false;
      chooser.close();
      return true;
    },
  });

  /**
   * Keeps the game in the archive once it has a move, written in a task after the page has drawn
   * it: the archive's code (and its schema) loads on the first save, outside the first load.
   */
  function archive(g: Game): void {
    if (g.moves().length === 0) return;
    // Written even when the page is left meanwhile: a move made is kept.
    setTimeout(() => {
      void Promise.all([
        import('../archive/archive-record.ts'),
        import('../archive/archive-store.ts'),
      ]).then(([{ recordOf }, { putRecord }]) => putRecord(recordOf(g)));
    }, 0);
  }

  /** Opens the archived game the address names, or says it is not there. */
  async function openArchived(id: string): Promise<void> {
    const { getRecord } = await import('../archive/archive-store.ts');
    const record = await getRecord(id);
    if (signal.aborted) return;
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

  /** Back on a tab whose engine reply was left to another tab (closed since): it moves here. */
  const onVisible = (): void => {
    if (document.visibilityState === 'visible') controller.maybeEngine();
  };
  document.addEventListener('visibilitychange', onVisible, { signal });
  // A game in progress is never reloaded under the player's hands for an update.
  onAbort(
    signal,
    holdReloads(() => game().moves().length > 0 && !game().end()),
  );
  onAbort(signal, () => storageNotice.destroy());
  render(false);
  const archivedId = params.get('game');
  if (archivedId !== null) void openArchived(archivedId);
  else controller.maybeEngine();
}
