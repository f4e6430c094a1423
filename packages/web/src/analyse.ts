/**
 * The analysis board, `/analyse/<variant>?fen=<FEN>&array=<id>` or `?pgn=<PGN>` (a whole game;
 * `&review=1` starts its review at once): a move tree from a start position (move-tree.ts) —
 * a move played from an earlier position makes a variation —, the engine at full strength in its
 * Worker showing an evaluation bar and its best lines (analysis-lines.ts; 1 to 5 of them, or the
 * engine off, engine-lines-view.ts: a click on a line's move plays the line there), and a game
 * review of the main line (review-run.ts) with an evaluation graph and the inaccuracies,
 * mistakes and blunders marked. Without a game the URL follows the position shown. A promotion
 * offers its choice of pieces; "Edit position" opens the position editor on it. The variant's
 * rule switches (`&rules=name=value,...`, or a PGN's `Rules` tag) can be changed: the tree is
 * replayed under the new rules, moves that became illegal are removed and the page says so.
 * `?game=<archive id>` opens a game of the archive (analysis-archive.ts): its review, once
 * finished, is kept with it and shown at once the next time.
 */
import { Position, colorTitle, type MoveInfo } from '@citadel/core';
import type { EngineInfo } from '@citadel/engine';
import { boardState, createBoard, movesFor, type Board } from './adapter.ts';
import './analyse.css';
import { keepReview, openArchivedGame, type ArchivedGame } from './analysis-archive.ts';
import { BoardZoom } from './board-zoom.ts';
import { openGameText, type OpenedGame } from './analysis-import.ts';
import { LineStore } from './analysis-lines.ts';
import { loadAnalysisSettings } from './analysis-settings.ts';
import { h, svg } from './dom.ts';
import { fenForm as makeFenForm } from './fen-form.ts';
import { saveGameFrom } from './game.ts';
import { scoreText, whiteShare } from './game-review.ts';
import { openExportDialog, openImportDialog } from './io-dialogs.ts';
import { onAbort } from './lifetime.ts';
import { EngineLinesView } from './engine-lines-view.ts';
import { MoveChooser } from './move-chooser.ts';
import { moveListItems } from './move-tree-view.ts';
import { MoveTree, type TreeNode } from './move-tree.ts';
import type { PageContext } from './page-context.ts';
import { arrayProblem, positionFromUrl, query, rulesQuery } from './page-params.ts';
import { ReviewPanel } from './review-panel.ts';
import { reviewedPositions } from './archive/review-record.ts';
import { RuleSwitches } from './rule-switches.ts';
import { holdReloads } from './updates/update-notice.ts';
import { shortName, variantDef } from './variants.ts';

/** How long (at most) the engine thinks about one position. */
const ANALYSIS_MS = 6000;
const ANALYSIS_DEPTH = 24;

const forWhite = <S extends { type: 'cp' | 'mate'; value: number }>(s: S, white: boolean): S =>
  white ? s : { ...s, value: -s.value };

export function analysePage(ctx: PageContext, variantId: string, params: URLSearchParams): void {
  const { signal } = ctx;
  const def = variantDef(variantId)!;
  const fromUrl = positionFromUrl(def, params);
  let loadError = fromUrl.error;
  let game: OpenedGame = {
    variant: def.id,
    options: { array: fromUrl.arrayId, rules: fromUrl.rules },
    tree: new MoveTree(fromUrl.position),
    tags: {},
    source: 'fen',
  };
  const pgnParam = params.get('pgn');
  if (pgnParam !== null) {
    const opened = openGameText(pgnParam, def.id, game.options);
    if ('error' in opened) loadError = `The game in the address was not loaded: ${opened.error}`;
    else if (opened.variant !== def.id) {
      // The PGN names another variant: open it on that variant's page instead.
      location.replace(`/analyse/${opened.variant}${location.search}`);
      return;
    } else game = opened;
  }
  let current: TreeNode = game.tree.root;
  let position: Position = game.tree.position(current);
  let generation = 0;
  let store = new LineStore(1);
  /** Set when the search has ended: its last finished depth and nodes. */
  let done: { depth: number; nodes: number } | null = null;
  let showBest = false;
  const arrayId = (): string => game.options.array ?? def.arrays[0]!.id;
  /** The archive's game shown (`?game=`), once read. */
  let archived: ArchivedGame | null = null;
  // Leaving the page ends its analysis or review: the search is not left running in the Worker.
  onAbort(signal, () => {
    generation++;
    reviewPanel.stop(false);
    ctx.engine.stop();
  });

  // ---- elements -----------------------------------------------------------------------------------

  const evalFill = h('div', { class: 'eval-fill' });
  const evalText = h('div', { class: 'eval-text' }, '…');
  const evalBar = h(
    'div',
    {
      class: 'eval-bar',
      role: 'meter',
      'aria-label': "Engine evaluation (White's share)",
      'aria-valuemin': 0,
      'aria-valuemax': 100,
    },
    evalFill,
    evalText,
  );
  const status = h('div', { class: 'status', role: 'status', 'aria-live': 'polite' });
  const boardHost = h('div', { class: 'board-host' });
  const zoom = new BoardZoom(signal);
  const boardArea = h(
    'section',
    { class: 'board-area analyse-board', 'aria-label': 'Board' },
    h(
      'div',
      { class: 'board-head' },
      h('h1', { class: 'page-title' }, `Analyse ${shortName(def.id)}`),
      status,
      zoom.element,
    ),
    h('div', { class: 'board-with-bar' }, evalBar, boardHost),
  );
  const {
    form: fenForm,
    input: fenInput,
    error: fenError,
  } = makeFenForm('analyse-fen', (text) => loadFen(text), loadError);
  const switches = new RuleSwitches(def, () => rulesChanged());
  const rulesNote = h('p', { class: 'rules-note', role: 'status', 'aria-live': 'polite' });
  const linesView = new EngineLinesView(loadAnalysisSettings(), {
    settings: () => analyse(),
    play: (moves) => playLine(moves),
  });

  const reviewPanel = new ReviewPanel({
    engine: ctx.engine,
    signal,
    tree: () => game.tree,
    current: () => current,
    spec: () => engineSpec(game.tree.root),
    goTo: (node) => goTo(node, false),
    onStart: () => {
      generation++;
      renderLines();
    },
    onStep: () => {
      renderMoves();
      if (showBest) renderBoard(false);
    },
    onEnd: () => analyse(),
    onShowBest: (show) => {
      showBest = show;
      renderBoard(false);
    },
    onDone: (moves, results) => {
      if (archived) keepReview(archived, moves, results);
    },
  });

  const moveList = h('ol', { class: 'moves tree-moves', 'aria-label': 'Moves' });
  const navButton = (icon: string, label: string, go: () => TreeNode | null | undefined) =>
    h(
      'button',
      {
        type: 'button',
        class: 'nav',
        'aria-label': label,
        title: label,
        onclick: () => {
          const to = go();
          if (to) goTo(to, to.parent === current);
        },
      },
      svg(
        `<svg viewBox="0 0 16 16" aria-hidden="true"><path d="${icon}" fill="currentColor"/></svg>`,
        'nav-icon',
      ),
    );
  const firstBtn = navButton('M3 3h2v10H3z M13 3v10L6 8z', 'Go to the start', () => game.tree.root);
  const backBtn = navButton('M11 3v10L4 8z', 'Back one move', () => current.parent);
  const nextBtn = navButton('M5 3v10l7-5z', 'Forward one move', () => current.children[0]);
  const lastBtn = navButton('M11 3h2v10h-2z M3 3v10l7-5z', 'Go to the end of this line', () =>
    game.tree.lineFrom(current).at(-1),
  );
  const promoteBtn = h(
    'button',
    { type: 'button', onclick: () => promote(), title: 'Make this variation the main line' },
    'Make main line',
  );
  const deleteBtn = h(
    'button',
    { type: 'button', onclick: () => deleteHere(), title: 'Delete this move and what follows' },
    'Delete move',
  );
  const openBtn = h(
    'button',
    { type: 'button', onclick: () => openDialog(), title: 'Open a game (PGN) or position (FEN)' },
    'Open PGN…',
  );
  const pgnBtn = h(
    'button',
    { type: 'button', onclick: () => exportPgn(), title: 'The game with its variations as PGN' },
    'Export PGN',
  );
  const shareBtn = h(
    'button',
    { type: 'button', onclick: () => shareLink(), title: 'A link to this position' },
    'Share link',
  );
  const playBtn = h(
    'button',
    {
      type: 'button',
      title: 'Play this position against the engine or a friend',
      onclick: () => playFromHere(),
    },
    'Play from here',
  );
  const editBtn = h(
    'button',
    {
      type: 'button',
      title: 'Set up a position of your own, starting from this one',
      onclick: () => editPosition(),
    },
    'Edit position',
  );
  const panel = h(
    'aside',
    { class: 'panel' },
    fenForm,
    fenError,
    switches.element,
    rulesNote,
    linesView.element,
    reviewPanel.element,
    h(
      'section',
      { class: 'moves-box', 'aria-label': 'Move list' },
      h('div', { class: 'nav-row' }, firstBtn, backBtn, nextBtn, lastBtn),
      moveList,
      h('div', { class: 'tool-row' }, promoteBtn, deleteBtn),
      h('div', { class: 'tool-row' }, openBtn, pgnBtn, shareBtn, playBtn, editBtn),
    ),
  );
  /** What the address asked for and was not found (an unknown array, an archived game). */
  const notice = h('p', { class: 'page-notice', role: 'alert', hidden: true });
  const say = (text: string): void => {
    notice.textContent = text;
    notice.hidden = !text;
  };
  say(arrayProblem(def, params));
  ctx.root.replaceChildren(h('main', { class: 'play analyse' }, notice, boardArea, panel));
  const chooser = new MoveChooser(boardArea);
  let board: Board = makeBoard();
  onAbort(signal, () => board.destroy());

  function makeBoard(): Board {
    const geo = position.rs.geo;
    boardHost.style.setProperty('--aspect', String(geo.files / geo.ranks));
    const made = createBoard(boardHost, {
      label: `${def.name} analysis board`,
      onMove: (from, to) => {
        const options = movesFor(position, from, to);
        if (options.length > 1) chooser.open(options, position, playMove);
        else if (options[0]) playMove(options[0]);
      },
    });
    zoom.attach(made);
    return made;
  }

  // ---- actions ------------------------------------------------------------------------------------

  function playMove(m: MoveInfo): void {
    const node = game.tree.play(current, m.text);
    if (node) goTo(node, true);
  }

  /** Plays an engine line's moves from the position shown into the tree; goes to the last. */
  function playLine(moves: readonly string[]): void {
    let node = current;
    for (const text of moves) {
      const next = game.tree.play(node, text);
      if (!next) break;
      node = next;
    }
    if (node !== current) goTo(node, node.parent === current);
  }

  function goTo(node: TreeNode, animate: boolean): void {
    chooser.close();
    current = node;
    position = game.tree.position(node);
    changed(animate);
  }

  function promote(): void {
    game.tree.promote(current);
    changed(false);
  }

  function deleteHere(): void {
    const parent = current.parent;
    if (!parent) return;
    game.tree.remove(current);
    goTo(parent, false);
  }

  /**
   * A new game (or position) replaces the tree and the review starts over. A game opens at its
   * end, as it was left; its PGN goes into the URL (a position's URL follows the position).
   */
  function load(next: OpenedGame, pgnText?: string): void {
    reviewPanel.clear();
    archived = null;
    game = next;
    current = game.source === 'pgn' ? game.tree.mainLine().at(-1)! : game.tree.root;
    position = game.tree.position(current);
    board.destroy();
    board = makeBoard();
    switches.show(game.options.rules);
    rulesNote.textContent = '';
    if (pgnText !== undefined)
      ctx.navigate(`/analyse/${def.id}?pgn=${encodeURIComponent(pgnText)}`, true);
    changed(false);
  }

  function loadFen(text: string): void {
    const p = Position.fromFen(def.id, text.trim(), game.options);
    if (!p.ok) {
      fenError.textContent = `FEN: ${p.error}`;
      return;
    }
    fenError.textContent = '';
    load({
      variant: def.id,
      options: game.options,
      tree: new MoveTree(p.value),
      tags: {},
      source: 'fen',
    });
  }

  /**
   * Replays the tree under the switches now chosen. Moves that became illegal are removed with
   * what follows them, and the note says how many. The array's start position becomes that of
   * the new rules (its rights may differ); another start position the new rules refuse keeps the
   * old rules.
   */
  function rulesChanged(): void {
    const rules = switches.read();
    const options = { ...game.options, rules };
    const startFen = game.tree.startPosition().fen();
    const arrayStart = Position.start(def.id, game.options);
    const start =
      arrayStart.ok && arrayStart.value.fen() === startFen
        ? Position.start(def.id, options)
        : Position.fromFen(def.id, startFen, options);
    if (!start.ok) {
      switches.show(game.options.rules);
      rulesNote.textContent = `These rules refuse the start position (${start.error}); the rules stay as they were.`;
      return;
    }
    const { tree, nodes, dropped } = game.tree.replayed(start.value);
    let kept: TreeNode | null = current;
    while (kept && !nodes.has(kept.id)) kept = kept.parent;
    reviewPanel.clear();
    archived = null;
    game = { ...game, options, tree };
    current = nodes.get(kept!.id)!;
    position = game.tree.position(current);
    rulesNote.textContent =
      dropped === 0
        ? 'Rules changed: every move stays legal.'
        : `Rules changed: ${dropped} move${dropped === 1 ? ' was' : 's were'} no longer legal and ${dropped === 1 ? 'was' : 'were'} removed, with what followed.`;
    if (game.source === 'pgn')
      ctx.navigate(`/analyse/${def.id}?pgn=${encodeURIComponent(gamePgn())}`, true);
    changed(false);
  }

  function gamePgn(): string {
    return game.tree.pgn({ Event: 'Analysis', ...game.tags });
  }

  function openDialog(): void {
    openImportDialog(def.name, (text) => {
      const opened = openGameText(text, def.id, game.options);
      if ('error' in opened) return opened.error;
      if (opened.variant !== def.id) {
        ctx.navigate(`/analyse/${opened.variant}?pgn=${encodeURIComponent(text.trim())}`);
        return null;
      }
      fenError.textContent = '';
      load(opened, opened.source === 'pgn' ? text.trim() : undefined);
      return null;
    });
  }

  function exportPgn(): void {
    openExportDialog({
      label: 'Export PGN',
      title: 'The game with its variations (PGN)',
      textLabel: 'PGN of the game',
      text: gamePgn(),
      rows: 12,
      fileName: `citadel-${def.id}-analysis.pgn`,
      mimeType: 'application/x-chess-pgn',
    });
  }

  function shareLink(): void {
    openExportDialog({
      label: 'Share link',
      title: 'A link to this position',
      textLabel: 'Link to the position',
      text: location.origin + positionUrl(),
      rows: 3,
      fileName: `citadel-${def.id}-position.txt`,
      mimeType: 'text/plain',
    });
  }

  /** `array=...&rules=...` for the array and switches in use, each left out at its default. */
  function optionsQuery(): string {
    const array = arrayId() !== def.arrays[0]!.id ? `array=${arrayId()}` : '';
    return query(array, rulesQuery(game.options.rules)).slice(1);
  }

  function positionUrl(): string {
    return `/analyse/${def.id}${query(`fen=${encodeURIComponent(position.fen())}`, optionsQuery())}`;
  }

  function playFromHere(): void {
    reviewPanel.stop(false);
    ctx.engine.stop();
    generation++;
    // Where the browser refuses to save it, the game is held for the tab's life all the same.
    saveGameFrom(def.id, arrayId(), position.fen(), game.options.rules);
    ctx.navigate(`/play/${def.id}${query(optionsQuery())}`);
  }

  function editPosition(): void {
    ctx.navigate(
      `/editor/${def.id}${query(`fen=${encodeURIComponent(position.fen())}`, optionsQuery())}`,
    );
  }

  function changed(animate: boolean): void {
    if (game.source === 'fen') ctx.navigate(positionUrl(), true);
    render(animate);
    analyse();
  }

  // ---- the engine: live lines ---------------------------------------------------------------------

  function analyse(): void {
    const mine = ++generation;
    const snapshot = position.clone();
    const settings = linesView.settings;
    store = new LineStore(Math.min(settings.lines, snapshot.legalMoves().length));
    done = null;
    if (reviewPanel.reviewing) {
      renderLines();
      return;
    }
    ctx.engine.stop();
    renderLines();
    if (position.outcome() || !settings.engine) return;
    const spec = engineSpec(current);
    const onInfo = (info: EngineInfo): void => {
      if (mine !== generation) return;
      store.add(info.multiPv, { score: info.score, pv: info.pv, depth: info.depth });
      renderLines();
    };
    ctx.engine
      .analyse(spec, {
        multiPv: settings.lines,
        movetime: ANALYSIS_MS,
        depth: ANALYSIS_DEPTH,
        onInfo,
        signal,
      })
      .then((reply) => {
        if (mine !== generation || !reply) return;
        store.finish(reply.depth);
        done = { depth: reply.depth, nodes: reply.nodes };
        renderLines();
      })
      .catch((e: unknown) => {
        if (mine !== generation) return;
        linesView.failed(`The engine failed: ${e instanceof Error ? e.message : String(e)}`);
      });
  }

  /** The game as the engine sets it up: the start position and the moves to `node`. */
  function engineSpec(node: TreeNode) {
    return {
      variant: def.id,
      array: game.options.array,
      rules: game.options.rules,
      fen: game.tree.startPosition().fen(),
      moves: game.tree.movesTo(node),
    };
  }

  // ---- rendering ----------------------------------------------------------------------------------

  function renderLines(): void {
    const outcome = position.outcome();
    const shown = store.shown();
    linesView.render({ position, shown, done, reviewing: reviewPanel.reviewing });
    const whiteToMove = position.turn() === 'white';
    const best = linesView.settings.engine ? shown.lines[0] : undefined;
    const bestScore = best ? forWhite(best.score, whiteToMove) : null;
    const reviewed = reviewPanel.result(current)?.eval;
    const share = outcome
      ? outcome.winner === null
        ? 0.5
        : outcome.winner === 'white'
          ? 1
          : 0
      : bestScore
        ? whiteShare(bestScore)
        : (reviewed?.share ?? 0.5);
    evalFill.style.height = `${(share * 100).toFixed(1)}%`;
    evalText.textContent = outcome
      ? '—'
      : bestScore
        ? scoreText(bestScore)
        : (reviewed?.label ?? (linesView.settings.engine ? '…' : '—'));
    evalBar.setAttribute('aria-valuenow', String(Math.round(share * 100)));
    evalBar.setAttribute(
      'aria-valuetext',
      evalText.textContent === '—' && !outcome ? 'The engine is off' : evalText.textContent,
    );
    evalBar.classList.toggle('black-better', share < 0.5);
    if (showBest) renderBoard(false);
  }

  /** The engine's best move here: the review's, else the live lines' first. */
  function bestMoveHere(): MoveInfo | undefined {
    const text = reviewPanel.result(current)?.eval.best ?? store.shown().lines[0]?.pv[0];
    if (!text) return undefined;
    return position.legalMoves().find((m) => m.text === text);
  }

  function renderBoard(animate: boolean): void {
    const history = position.history();
    const best = showBest ? bestMoveHere() : undefined;
    board.set(
      {
        ...boardState(position, {
          orientation: 'white',
          interactive: true,
          lastMove: history[history.length - 1],
        }),
        shapes: best ? [{ from: best.from, to: best.to, brush: 'blue' }] : [],
      },
      { animate },
    );
  }

  function renderMoves(): void {
    moveList.replaceChildren(
      ...moveListItems({ tree: game.tree, current, judgements: reviewPanel.judgements() }, (id) => {
        const node = game.tree.node(id);
        if (node) goTo(node, false);
      }),
    );
    // Only the move list scrolls to show the current move, never the page.
    const shown = moveList.querySelector('[aria-current="true"]');
    if (shown) {
      const list = moveList.getBoundingClientRect();
      const item = shown.getBoundingClientRect();
      if (item.top < list.top) moveList.scrollTop -= list.top - item.top;
      else if (item.bottom > list.bottom) moveList.scrollTop += item.bottom - list.bottom;
    }
  }

  function render(animate: boolean): void {
    renderBoard(animate);
    const outcome = position.outcome();
    status.textContent = outcome
      ? outcome.text
      : `${colorTitle(position.turn())} to move${position.isCheck() ? ' — check!' : ''}`;
    fenInput.value = position.fen();
    renderMoves();
    reviewPanel.render();
    firstBtn.disabled = backBtn.disabled = current.parent === null;
    nextBtn.disabled = lastBtn.disabled = current.children.length === 0;
    promoteBtn.disabled = game.tree.isMain(current);
    deleteBtn.disabled = current.parent === null;
    document.title = `Analyse ${def.name} — Citadel`;
  }

  /** Arrow keys step through the game unless a field or the board has the focus. */
  function onKey(e: KeyboardEvent): void {
    const t = e.target as HTMLElement;
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (t.closest('input, textarea, select, dialog, .board-host, [contenteditable]')) return;
    const to =
      e.key === 'ArrowLeft'
        ? current.parent
        : e.key === 'ArrowRight'
          ? current.children[0]
          : e.key === 'Home'
            ? game.tree.root
            : e.key === 'End'
              ? game.tree.lineFrom(current).at(-1)
              : undefined;
    if (!to || to === current) return;
    e.preventDefault();
    goTo(to, to.parent === current);
  }
  document.addEventListener('keydown', onKey, { signal });

  if (game.source === 'pgn') {
    // A game opens at its end, as it was left.
    current = game.tree.mainLine().at(-1)!;
    position = game.tree.position(current);
  }
  switches.show(game.options.rules);
  render(false);
  const archivedId = params.get('game');
  if (archivedId !== null) void openArchived(archivedId);
  else if (game.source === 'pgn' && params.get('review') === '1') reviewPanel.start();
  else analyse();

  /** Opens a game of the archive, with its review when one was kept, else reviews it if asked. */
  async function openArchived(id: string): Promise<void> {
    const found = await openArchivedGame(id);
    if (signal.aborted) return;
    if ('error' in found) {
      say(found.error);
      analyse();
      return;
    }
    if (found.opened.variant !== def.id) {
      location.replace(`/analyse/${found.opened.variant}${location.search}`);
      return;
    }
    load(found.opened);
    archived = found;
    const kept = found.review;
    if (
      kept &&
      reviewPanel.restore(
        kept.moves,
        reviewedPositions(kept),
        'The review of this game, kept in your archive.',
      )
    )
      render(false);
    else if (params.get('review') === '1') reviewPanel.start();
  }

  // The analysis (its variations, the engine's lines, a review under way) is not all in the
  // address: the board is never reloaded by itself for an update.
  onAbort(
    signal,
    holdReloads(() => true),
  );
}
