/**
 * The analysis board's engine box: the switch that turns the engine on or off, the number of
 * lines (1 to 5), the depth reached, and the best lines. Every move of a line is a button: a
 * click plays the line up to that move into the move tree (the page does it). The settings are
 * remembered (analysis-settings.ts).
 */
import type { Position } from '@citadel/core';
import { scoreRank, type ShownLines } from './analysis-lines.ts';
import { MAX_LINES, saveAnalysisSettings, type AnalysisSettings } from './analysis-settings.ts';
import { h } from './dom.ts';
import { scoreText } from './game-review.ts';

export interface EngineLinesEvents {
  /** The user switched the engine or chose another number of lines (saved already). */
  readonly settings: (s: AnalysisSettings) => void;
  /** A move of a line was clicked: the line's moves (move text) up to and including it. */
  readonly play: (moves: readonly string[]) => void;
}

/** What the box shows. */
export interface LinesState {
  /** The position the lines start from. */
  readonly position: Position;
  readonly shown: ShownLines;
  /** Set when the search has ended: its last finished depth and nodes. */
  readonly done: { readonly depth: number; readonly nodes: number } | null;
  /** The review has the engine. */
  readonly reviewing: boolean;
}

export class EngineLinesView {
  readonly element: HTMLElement;
  private readonly engineBox: HTMLInputElement;
  private readonly countSelect: HTMLSelectElement;
  private readonly depthOut = h('p', { class: 'depth' });
  private readonly list = h('ol', { class: 'lines', 'aria-label': 'Best lines' });
  private current: AnalysisSettings;

  constructor(settings: AnalysisSettings, events: EngineLinesEvents) {
    this.current = settings;
    const changed = (): void => {
      this.current = { lines: Number(this.countSelect.value), engine: this.engineBox.checked };
      saveAnalysisSettings(this.current);
      this.countSelect.disabled = !this.current.engine;
      events.settings(this.current);
    };
    this.engineBox = h('input', {
      type: 'checkbox',
      id: 'analysis-engine',
      role: 'switch',
      checked: settings.engine,
      onchange: changed,
    });
    this.countSelect = h(
      'select',
      { id: 'analysis-lines', disabled: !settings.engine, onchange: changed },
      Array.from({ length: MAX_LINES }, (_, i) =>
        h('option', { value: String(i + 1), selected: i + 1 === settings.lines }, String(i + 1)),
      ),
    );
    this.element = h(
      'section',
      { class: 'lines-box', 'aria-label': 'Engine lines' },
      h(
        'div',
        { class: 'lines-head' },
        h('h2', {}, 'Engine'),
        h('label', { class: 'check-row', for: 'analysis-engine' }, this.engineBox, ' On'),
        h('label', { class: 'lines-count', for: 'analysis-lines' }, 'Lines ', this.countSelect),
      ),
      this.depthOut,
      this.list,
    );
    this.list.addEventListener('click', (e) => {
      const button = (e.target as HTMLElement).closest<HTMLButtonElement>('button.line-move');
      const moves = button?.dataset['moves'];
      if (moves) events.play(moves.split(' '));
    });
  }

  get settings(): AnalysisSettings {
    return this.current;
  }

  /** Says what went wrong in place of the depth. */
  failed(text: string): void {
    this.depthOut.classList.remove('done');
    this.depthOut.textContent = text;
  }

  render(state: LinesState): void {
    const { position, shown, done, reviewing } = state;
    const outcome = position.outcome();
    const on = this.current.engine;
    this.depthOut.classList.toggle('done', on && done !== null && !outcome);
    this.depthOut.textContent = outcome
      ? `Game over: ${outcome.text}`
      : !on
        ? 'The engine is off.'
        : reviewing
          ? 'The engine is reviewing the game; the lines come back when it is done.'
          : done && shown.depth
            ? `Depth ${shown.depth} — done (${(done.nodes / 1000).toFixed(0)}k nodes)`
            : shown.depth
              ? `Depth ${shown.depth}${shown.searching ? ` · searching depth ${shown.searching.depth}…` : '…'}`
              : 'The engine is thinking…';
    this.list.hidden = !on;
    this.list.setAttribute('data-depth', String(shown.depth));
    const whiteToMove = position.turn() === 'white';
    const moveNo = Number(position.fen().split(' ')[5] ?? '1');
    this.list.replaceChildren(
      ...(on ? shown.lines : []).map((l) =>
        h(
          'li',
          {
            class: 'line',
            'data-move': l.pv[0] ?? '',
            'data-rank': String(scoreRank(l.score)),
            'data-depth': String(l.depth),
          },
          h(
            'span',
            { class: 'line-score' },
            scoreText(whiteToMove ? l.score : { ...l.score, value: -l.score.value }),
          ),
          h('span', { class: 'line-pv' }, lineWords(position, l.pv, moveNo, whiteToMove)),
        ),
      ),
    );
  }
}

/**
 * A line as words and buttons: move numbers as text (`2.`, `2…` before a first Black move) and
 * each move, as far as it is legal from `position`, a button carrying the moves up to it.
 */
function lineWords(
  position: Position,
  pv: readonly string[],
  moveNo: number,
  whiteToMove: boolean,
): Node[] {
  const out: Node[] = [];
  const p = position.clone();
  const played: string[] = [];
  let n = moveNo;
  let white = whiteToMove;
  for (const text of pv) {
    const r = p.play(text);
    if (!r.ok) break;
    played.push(r.value.text);
    if (out.length) out.push(document.createTextNode(' '));
    if (white) out.push(document.createTextNode(`${n}. `));
    else if (played.length === 1) out.push(document.createTextNode(`${n}… `));
    out.push(
      h(
        'button',
        {
          type: 'button',
          class: 'line-move',
          title: 'Play the line up to this move',
          'data-moves': played.join(' '),
        },
        r.value.san,
      ),
    );
    if (!white) n++;
    white = !white;
  }
  return out;
}
