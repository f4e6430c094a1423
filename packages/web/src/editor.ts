/**
 * The position editor, `/editor/<variant>?fen=<FEN>&array=<id>`: place pieces of the variant's
 * palette (both colours, tagged pawns and the pawn of pawns' stages included), move or remove
 * them, choose the side to move, clear the board or set the start position; then analyse or play
 * the position. The core's `validateSetup` judges every change: a position it refuses is shown
 * with the reason and can be neither analysed nor played. The address follows the last position
 * the core accepted. The variant's rule switches (`&rules=name=value,...`) can be chosen: the
 * position is judged under them, and the analysis board and the play page get them.
 */
import {
  Position,
  colorName,
  colorTitle,
  makeFen,
  otherColor,
  setupFromPieces,
  validateSetup,
  type Color,
  type ColorIndex,
  type Ruleset,
} from '@citadel/core';
import {
  badgeText,
  boardCells,
  createBoard,
  palette,
  pieceSvg,
  placedPieces,
  type Board,
  type PaletteEntry,
  type Side,
} from './adapter.ts';
import { h, svg } from './dom.ts';
import { BoardZoom } from './board-zoom.ts';
import { fenForm as makeFenForm } from './fen-form.ts';
import { saveGameFrom } from './game.ts';
import { onAbort } from './lifetime.ts';
import type { PageContext } from './page-context.ts';
import { positionFromUrl, query, rulesQuery } from './page-params.ts';
import { RuleSwitches } from './rule-switches.ts';
import { shortName, variantDef } from './variants.ts';

/** What a press on a cell does: move pieces (drag or click-click), remove one, or place a piece. */
type Tool =
  | { readonly type: 'move' }
  | { readonly type: 'erase' }
  | { readonly type: 'place'; readonly entry: PaletteEntry };

/** The verdict on the position being edited: its FEN when the core accepts it, else the reason. */
type Verdict =
  { readonly ok: true; readonly fen: string } | { readonly ok: false; readonly why: string };

/**
 * A palette button's name: the piece, its colour and FEN text, and the text its picture shows
 * (the "2" of the pawn of pawns' second life), so that the name holds what the button shows.
 */
function pieceButtonName(e: PaletteEntry): string {
  const shown = badgeText(e.kind);
  return `${colorTitle(e.color)} ${e.name}${shown ? `, marked ${shown}` : ''} (${e.text})`;
}

export function editorPage(ctx: PageContext, variantId: string, params: URLSearchParams): void {
  const { signal } = ctx;
  const def = variantDef(variantId)!;
  const fromUrl = positionFromUrl(def, params);
  const { arrayId, error: loadError } = fromUrl;
  let start = fromUrl.start;
  let rules = fromUrl.rules;
  /** The ruleset under the switches chosen (the board's geometry never depends on them). */
  let rs: Ruleset = start.rs;
  const entries = palette(rs);
  const initial = fromUrl.position;

  /** The position being edited: FEN piece text by square, and the side to move. */
  const placement = new Map<string, string>();
  let side: Color = 'white';
  let tool: Tool = { type: 'move' };
  let orientation: Side = 'white';
  let verdict: Verdict = { ok: false, why: '' };

  function loadPosition(p: Position): void {
    placement.clear();
    for (const piece of p.pieces()) placement.set(piece.square, piece.text);
    side = p.turn();
  }
  loadPosition(initial);

  // ---- elements -----------------------------------------------------------------------------------

  const status = h('div', { class: 'status setup-verdict', role: 'status', 'aria-live': 'polite' });
  const hoverInfo = h('div', { class: 'hover-info', 'aria-hidden': 'true' }, '\u00a0');
  const boardHost = h('div', { class: 'board-host' });
  const zoom = new BoardZoom(signal);
  const boardArea = h(
    'section',
    { class: 'board-area', 'aria-label': 'Board' },
    h(
      'div',
      { class: 'board-head' },
      h('h1', { class: 'page-title' }, `Edit a ${shortName(def.id)} position`),
      status,
      zoom.element,
    ),
    boardHost,
    hoverInfo,
  );

  const toolButton = (t: Tool, label: string, content: Node | string): HTMLButtonElement =>
    h(
      'button',
      {
        type: 'button',
        class: t.type === 'place' ? 'palette-piece' : 'palette-tool',
        'data-tool': t.type === 'place' ? null : t.type,
        'data-piece': t.type === 'place' ? t.entry.text : null,
        title: label,
        'aria-label': label,
        'aria-pressed': 'false',
        onclick: () => chooseTool(t),
      },
      content,
    );
  const toolButtons: Array<{ tool: Tool; button: HTMLButtonElement }> = [];
  const addTool = (t: Tool, label: string, content: Node | string): HTMLButtonElement => {
    const button = toolButton(t, label, content);
    toolButtons.push({ tool: t, button });
    return button;
  };
  const pieceButtons = (color: Color, pawns: boolean): HTMLElement =>
    h(
      'div',
      { class: 'palette-row' },
      entries
        .filter((e) => e.color === color && e.pawn === pawns)
        .map((e) =>
          addTool(
            { type: 'place', entry: e },
            pieceButtonName(e),
            svg(pieceSvg(e.kind, e.color, e.text), 'palette-img'),
          ),
        ),
    );
  const colorGroup = (color: Color): HTMLElement =>
    h(
      'div',
      { class: 'palette-color', 'data-color': color },
      h('h3', {}, colorTitle(color)),
      pieceButtons(color, false),
      pieceButtons(color, true),
    );
  const paletteBox = h(
    'section',
    { class: 'editor-palette', 'aria-label': 'Pieces to place' },
    h('h2', {}, 'Set up a position'),
    h(
      'p',
      { class: 'note' },
      'Pick a piece, then click cells to place it (click it again to remove it). "Move" drags pieces around.',
    ),
    h(
      'div',
      { class: 'palette-tools' },
      addTool({ type: 'move' }, 'Move pieces', 'Move'),
      addTool({ type: 'erase' }, 'Remove pieces', 'Remove'),
    ),
    colorGroup('white'),
    colorGroup('black'),
  );

  const sideInput = (color: Color): HTMLInputElement =>
    h('input', {
      type: 'radio',
      name: 'editor-side',
      value: color,
      onchange: () => {
        side = color;
        changed();
      },
    });
  const sideInputs: Record<Color, HTMLInputElement> = {
    white: sideInput('white'),
    black: sideInput('black'),
  };
  const sideBox = h(
    'fieldset',
    { class: 'editor-side' },
    h('legend', {}, 'Side to move'),
    h('label', {}, sideInputs.white, ' White'),
    h('label', {}, sideInputs.black, ' Black'),
  );
  const boardTools = h(
    'div',
    { class: 'tool-row' },
    h(
      'button',
      { type: 'button', onclick: () => (loadPosition(start), changed()) },
      'Start position',
    ),
    h('button', { type: 'button', onclick: () => (placement.clear(), changed()) }, 'Clear board'),
    h('button', { type: 'button', onclick: () => flip() }, 'Flip board'),
  );

  const {
    form: fenForm,
    input: fenInput,
    error: fenError,
  } = makeFenForm('editor-fen', (text) => loadFen(text), loadError);

  const switches = new RuleSwitches(def, () => rulesChanged());
  switches.show(rules);
  const refusal = h('p', { class: 'editor-refusal import-error', role: 'alert' });
  const analyseBtn = h(
    'button',
    { type: 'button', class: 'primary', onclick: () => leave('analyse') },
    'Analyse this position',
  );
  const playBtn = h('button', { type: 'button', onclick: () => leave('play') }, 'Play from here');
  const actions = h(
    'section',
    { class: 'editor-actions', 'aria-label': 'Use the position' },
    h('div', { class: 'tool-row' }, analyseBtn, playBtn),
    refusal,
  );

  const panel = h(
    'aside',
    { class: 'panel' },
    paletteBox,
    h(
      'section',
      { class: 'editor-setup', 'aria-label': 'Position' },
      sideBox,
      boardTools,
      switches.element,
    ),
    actions,
    h('section', { 'aria-label': 'FEN' }, fenForm, fenError),
  );
  ctx.root.replaceChildren(h('main', { class: 'play editor' }, boardArea, panel));
  boardHost.style.setProperty('--aspect', String(rs.geo.files / rs.geo.ranks));
  const cells = boardCells(rs);
  const existing = cells.filter((c) => c.exists).map((c) => c.square);
  const board: Board = createBoard(boardHost, {
    label: `${def.name} position editor`,
    onMove: (from, to) => movePiece(from, to),
    onSquare: (square) => pressCell(square),
    onHover: (square) => showHover(square),
  });
  zoom.attach(board);

  // ---- editing ------------------------------------------------------------------------------------

  function chooseTool(t: Tool): void {
    tool = t;
    refusal.textContent = '';
    render();
  }

  function pressCell(square: string): void {
    if (tool.type === 'move') return;
    if (tool.type === 'erase' || placement.get(square) === tool.entry.text)
      placement.delete(square);
    else placement.set(square, tool.entry.text);
    changed();
  }

  function movePiece(from: string, to: string): void {
    const text = placement.get(from);
    if (!text) return;
    placement.delete(from);
    placement.set(to, text);
    changed();
  }

  function flip(): void {
    orientation = otherColor(orientation);
    render();
  }

  function rulesChanged(): void {
    const chosen = switches.read();
    const made = Position.start(def.id, { array: arrayId, rules: chosen });
    if (!made.ok) {
      switches.show(rules);
      refusal.textContent = `These rules cannot be used: ${made.error}.`;
      return;
    }
    rules = chosen;
    start = made.value;
    rs = start.rs;
    changed();
  }

  /** `fen=...&array=...&rules=...`, the array and switches left out at their defaults. */
  function positionQuery(fen: string): string {
    const array = arrayId !== def.arrays[0]!.id ? `array=${arrayId}` : '';
    return query(`fen=${encodeURIComponent(fen)}`, array, rulesQuery(rules));
  }

  function loadFen(text: string): void {
    const p = Position.fromFen(def.id, text.trim(), { array: arrayId, rules });
    if (!p.ok) {
      fenError.textContent = `FEN: ${p.error}`;
      return;
    }
    fenError.textContent = '';
    loadPosition(p.value);
    changed();
  }

  /** The core's judgement of the position being edited. */
  function judge(): Verdict {
    const pieces = [...placement].map(([square, text]) => ({ square, text }));
    const setup = setupFromPieces(rs, pieces, side);
    if (!setup.ok) return { ok: false, why: setup.error };
    const problem = validateSetup(rs, setup.value);
    if (problem) return { ok: false, why: problem.text };
    return { ok: true, fen: makeFen(rs, setup.value) };
  }

  function changed(): void {
    refusal.textContent = '';
    render();
    if (verdict.ok) ctx.navigate(`/editor/${def.id}${positionQuery(verdict.fen)}`, true);
  }

  /** Opens the analysis or the play page on the position, or says why the core refuses it. */
  function leave(where: 'analyse' | 'play'): void {
    if (!verdict.ok) {
      refusal.textContent = `Refused: ${verdict.why}.`;
      return;
    }
    if (where === 'analyse') {
      ctx.navigate(`/analyse/${def.id}${positionQuery(verdict.fen)}`);
      return;
    }
    const why = saveGameFrom(def.id, arrayId, verdict.fen, rules);
    if (why) {
      refusal.textContent = `Cannot start a game: ${why}.`;
      return;
    }
    const array = arrayId !== def.arrays[0]!.id ? `array=${arrayId}` : '';
    ctx.navigate(`/play/${def.id}${query(array, rulesQuery(rules))}`);
  }

  // ---- rendering ----------------------------------------------------------------------------------

  function showHover(square: string | null): void {
    if (!square) {
      hoverInfo.textContent = '\u00a0';
      return;
    }
    const owner = rs.geo.citadelOwner[rs.geo.parseSquare(square)] ?? -1;
    const citadel = owner >= 0 ? ` — ${colorTitle(colorName(owner as ColorIndex))}'s citadel` : '';
    const text = placement.get(square);
    const entry = text ? entries.find((e) => e.text === text) : undefined;
    hoverInfo.textContent = `${square}${entry ? `: ${colorTitle(entry.color)} ${entry.name}` : ''}${citadel}`;
  }

  function render(): void {
    verdict = judge();
    const moving = tool.type === 'move';
    board.set({
      files: rs.geo.files,
      ranks: rs.geo.ranks,
      cells,
      pieces: placedPieces(entries, placement),
      orientation,
      legalTargets: (from) =>
        moving && placement.has(from) ? existing.filter((s) => s !== from) : [],
    });
    status.classList.toggle('refused', !verdict.ok);
    status.textContent = verdict.ok
      ? `${colorTitle(side)} to move — a legal position`
      : `Not a legal position: ${verdict.why}`;
    sideInputs[side].checked = true;
    for (const { tool: t, button } of toolButtons) {
      const on = t.type === 'place' ? t === tool : t.type === tool.type;
      button.setAttribute('aria-pressed', String(on));
    }
    // Still pressable when refused: pressing says why.
    analyseBtn.classList.toggle('blocked', !verdict.ok);
    playBtn.classList.toggle('blocked', !verdict.ok);
    const title = verdict.ok ? '' : `Refused: ${verdict.why}`;
    analyseBtn.title = playBtn.title = title;
    fenInput.value = verdict.ok ? verdict.fen : '';
    fenInput.placeholder = verdict.ok ? '' : 'no FEN: the position is not legal';
    boardHost.classList.toggle('editing-move', moving);
    document.title = `Edit a ${def.name} position — Citadel`;
  }

  onAbort(signal, () => board.destroy());
  render();
}
