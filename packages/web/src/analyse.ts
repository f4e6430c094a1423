/**
 * The analysis board, `/analyse/<variant>?fen=<FEN>&array=<id>`: any position, moves for both
 * sides, and the engine at full strength in its Worker showing an evaluation bar and its best
 * three lines (MultiPV) of the deepest finished depth (analysis-lines.ts). The URL follows the position shown. A
 * promotion offers its choice of pieces; "Edit position" opens the position editor on it.
 */
import { Position, type MoveInfo } from '@citadel/core';
import type { EngineInfo, UciScore } from '@citadel/engine';
import { LineStore, scoreRank } from './analysis-lines.ts';
import { boardState, createBoard, movesFor, type Board } from './adapter.ts';
import { h } from './dom.ts';
import { fenForm as makeFenForm } from './fen-form.ts';
import { saveGameFrom } from './game.ts';
import { MoveChooser } from './move-chooser.ts';
import type { PageContext } from './page-context.ts';
import { positionFromUrl } from './page-params.ts';
import { variantDef } from './variants.ts';

/** Lines shown, and how long (at most) the engine thinks about one position. */
export const ANALYSIS_LINES = 3;
const ANALYSIS_MS = 6000;
const ANALYSIS_DEPTH = 24;

/** A score from White's point of view, as people read it: `+0.35`, `−1.20`, `#3`, `#−2`. */
export function scoreText(s: UciScore): string {
  if (s.type === 'mate') return s.value > 0 ? `#${s.value}` : `#−${-s.value}`;
  const pawns = (s.value / 100).toFixed(2);
  return s.value > 0 ? `+${pawns}` : s.value < 0 ? `−${pawns.slice(1)}` : '0.00';
}

/** White's share of the evaluation bar, 0..1 (a logistic curve of the centipawns). */
export function whiteShare(s: UciScore): number {
  if (s.type === 'mate') return s.value > 0 ? 1 : 0;
  return 1 / (1 + Math.exp(-s.value / 250));
}

const forWhite = (s: UciScore, whiteToMove: boolean): UciScore =>
  whiteToMove ? s : { type: s.type, value: -s.value };

export function analysePage(
  ctx: PageContext,
  variantId: string,
  params: URLSearchParams,
): () => void {
  const def = variantDef(variantId)!;
  const fromUrl = positionFromUrl(def, params);
  const arrayId = fromUrl.arrayId;
  const loadError = fromUrl.error;
  let root: Position = fromUrl.position;
  /** The explored line: moves from `root`. */
  let position = root.clone();
  let generation = 0;
  let store = new LineStore(ANALYSIS_LINES);
  /** Set when the search has ended: its last finished depth and nodes. */
  let done: { depth: number; nodes: number } | null = null;

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
  const boardArea = h(
    'section',
    { class: 'board-area analyse-board', 'aria-label': 'Board' },
    status,
    h('div', { class: 'board-with-bar' }, evalBar, boardHost),
  );
  const {
    form: fenForm,
    input: fenInput,
    error: fenError,
  } = makeFenForm('analyse-fen', (text) => loadFen(text), loadError);
  const depthOut = h('p', { class: 'depth' });
  const lineList = h('ol', { class: 'lines', 'aria-label': 'Best lines' });
  const linesBox = h(
    'section',
    { class: 'lines-box', 'aria-label': 'Engine lines' },
    h('h2', {}, `Engine — best ${ANALYSIS_LINES} lines`),
    depthOut,
    lineList,
  );
  const moveList = h('ol', { class: 'moves', 'aria-label': 'Moves' });
  const backBtn = h('button', { type: 'button', onclick: () => back() }, 'Take back');
  const resetBtn = h('button', { type: 'button', onclick: () => reset() }, 'Start position');
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
    linesBox,
    h(
      'section',
      { class: 'moves-box', 'aria-label': 'Move list' },
      h('div', { class: 'tool-row' }, backBtn, resetBtn, playBtn, editBtn),
      moveList,
    ),
  );
  ctx.root.replaceChildren(h('main', { class: 'play analyse' }, boardArea, panel));
  const geo = root.rs.geo;
  boardHost.style.setProperty('--aspect', String(geo.files / geo.ranks));
  const chooser = new MoveChooser(boardArea);
  const board: Board = createBoard(boardHost, {
    label: `${def.name} analysis board`,
    onMove: (from, to) => {
      const options = movesFor(position, from, to);
      if (options.length > 1) chooser.open(options, position.turn(), playMove);
      else if (options[0]) playMove(options[0]);
    },
  });

  // ---- actions ------------------------------------------------------------------------------------

  function playMove(m: MoveInfo): void {
    if (position.play(m.text).ok) changed(true);
  }

  function back(): void {
    chooser.close();
    if (position.undo()) changed(false);
  }

  function reset(): void {
    chooser.close();
    position = root.clone();
    changed(false);
  }

  function loadFen(text: string): void {
    const p = Position.fromFen(def.id, text.trim(), { array: arrayId });
    if (!p.ok) {
      fenError.textContent = `FEN: ${p.error}`;
      return;
    }
    fenError.textContent = '';
    root = p.value;
    position = root.clone();
    changed(false);
  }

  function playFromHere(): void {
    ctx.engine.stop();
    generation++;
    // Without storage the play page starts from the array.
    saveGameFrom(def.id, arrayId, position.fen());
    const array = arrayId !== def.arrays[0]!.id ? `?array=${arrayId}` : '';
    ctx.navigate(`/play/${def.id}${array}`);
  }

  function editPosition(): void {
    const array = arrayId !== def.arrays[0]!.id ? `&array=${arrayId}` : '';
    ctx.navigate(`/editor/${def.id}?fen=${encodeURIComponent(position.fen())}${array}`);
  }

  function changed(animate: boolean): void {
    const array = arrayId !== def.arrays[0]!.id ? `&array=${arrayId}` : '';
    ctx.navigate(`/analyse/${def.id}?fen=${encodeURIComponent(position.fen())}${array}`, true);
    render(animate);
    analyse();
  }

  // ---- the engine ---------------------------------------------------------------------------------

  function analyse(): void {
    ctx.engine.stop();
    const mine = ++generation;
    const snapshot = position.clone();
    store = new LineStore(Math.min(ANALYSIS_LINES, snapshot.legalMoves().length));
    done = null;
    renderLines();
    if (position.outcome()) return;
    const spec = { variant: def.id, array: arrayId, fen: snapshot.fen() };
    const onInfo = (info: EngineInfo): void => {
      if (mine !== generation) return;
      store.add(info.multiPv, { score: info.score, pv: info.pv, depth: info.depth });
      renderLines();
    };
    ctx.engine
      .analyse(spec, {
        multiPv: ANALYSIS_LINES,
        movetime: ANALYSIS_MS,
        depth: ANALYSIS_DEPTH,
        onInfo,
      })
      .then((reply) => {
        if (mine !== generation || !reply) return;
        store.finish(reply.depth);
        done = { depth: reply.depth, nodes: reply.nodes };
        renderLines();
      })
      .catch((e: unknown) => {
        if (mine !== generation) return;
        depthOut.textContent = `The engine failed: ${e instanceof Error ? e.message : String(e)}`;
      });
  }

  // ---- rendering ----------------------------------------------------------------------------------

  function renderLines(): void {
    const outcome = position.outcome();
    const shown = store.shown();
    depthOut.classList.toggle('done', done !== null && !outcome);
    depthOut.textContent = outcome
      ? `Game over: ${outcome.text}`
      : done && shown.depth
        ? `Depth ${shown.depth} — done (${(done.nodes / 1000).toFixed(0)}k nodes)`
        : shown.depth
          ? `Depth ${shown.depth}${shown.searching ? ` · searching depth ${shown.searching.depth}…` : '…'}`
          : 'The engine is thinking…';
    const whiteToMove = position.turn() === 'white';
    const best = shown.lines[0];
    const bestScore = best ? forWhite(best.score, whiteToMove) : null;
    const share = outcome
      ? outcome.winner === null
        ? 0.5
        : outcome.winner === 'white'
          ? 1
          : 0
      : bestScore
        ? whiteShare(bestScore)
        : 0.5;
    evalFill.style.height = `${(share * 100).toFixed(1)}%`;
    evalText.textContent = outcome ? '—' : bestScore ? scoreText(bestScore) : '…';
    evalBar.setAttribute('aria-valuenow', String(Math.round(share * 100)));
    evalBar.setAttribute('aria-valuetext', evalText.textContent);
    evalBar.classList.toggle('black-better', share < 0.5);
    const moveNo = Number(position.fen().split(' ')[5] ?? '1');
    lineList.setAttribute('data-depth', String(shown.depth));
    lineList.replaceChildren(
      ...shown.lines.map((l) =>
        h(
          'li',
          {
            class: 'line',
            'data-move': l.pv[0] ?? '',
            'data-rank': String(scoreRank(l.score)),
            'data-depth': String(l.depth),
          },
          h('span', { class: 'line-score' }, scoreText(forWhite(l.score, whiteToMove))),
          h('span', { class: 'line-pv' }, pvText(sanOf(l.pv), moveNo, whiteToMove)),
        ),
      ),
    );
  }

  /** The line's moves in SAN, as far as they are legal from the position shown. */
  function sanOf(pv: readonly string[]): string[] {
    const san: string[] = [];
    const p = position.clone();
    for (const text of pv) {
      const r = p.play(text);
      if (!r.ok) break;
      san.push(r.value.san);
    }
    return san;
  }

  function pvText(san: readonly string[], moveNo: number, whiteToMove: boolean): string {
    const words: string[] = [];
    let n = moveNo;
    let white = whiteToMove;
    san.forEach((s, i) => {
      if (white) words.push(`${n}.`);
      else if (i === 0) words.push(`${n}…`);
      words.push(s);
      if (!white) n++;
      white = !white;
    });
    return words.join(' ');
  }

  function render(animate: boolean): void {
    const history = position.history();
    board.set(
      boardState(position, {
        orientation: 'white',
        interactive: true,
        lastMove: history[history.length - 1],
      }),
      { animate },
    );
    const outcome = position.outcome();
    status.textContent = outcome
      ? outcome.text
      : `${position.turn() === 'white' ? 'White' : 'Black'} to move${position.isCheck() ? ' — check!' : ''}`;
    fenInput.value = position.fen();
    moveList.replaceChildren(
      ...history.map((m, i) =>
        h(
          'li',
          { class: `move${i % 2 === 0 ? ' white-move' : ''}`, 'data-number': `${i / 2 + 1}.` },
          h('span', { class: 'move-san' }, m.san),
        ),
      ),
    );
    backBtn.disabled = history.length === 0;
    document.title = `Analyse ${def.name} — Citadel`;
  }

  render(false);
  analyse();

  return () => {
    generation++;
    ctx.engine.stop();
    board.destroy();
  };
}
