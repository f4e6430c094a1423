/**
 * The two clocks beside the board: the side at the bottom's clock below it, the other above,
 * each showing its time (tenths under ten seconds), whether it runs, is low (the low-time
 * warning's mark, low-time.ts: a colour, a sign and words for screen readers) or has fallen.
 */
import { colorTitle, otherColor, type Color } from '@citadel/core';
import { h } from './dom.ts';
import type { Clocks } from './game.ts';

/** `m:ss`, or `m:ss.t` under ten seconds. */
export function formatClock(ms: number): string {
  const tenths = Math.floor(ms / 100);
  const secs = Math.floor(tenths / 10);
  const m = Math.floor(secs / 60);
  const ss = String(secs % 60).padStart(2, '0');
  return secs < 10 ? `${m}:${ss}.${tenths % 10}` : `${m}:${ss}`;
}

export class ClockView {
  /** Where the clocks go: above and below the board. */
  readonly top = h('div', { class: 'clock-slot clock-top' });
  readonly bottom = h('div', { class: 'clock-slot clock-bottom' });
  private readonly els: Record<Color, HTMLElement> = {
    white: ClockView.clock('white'),
    black: ClockView.clock('black'),
  };

  private static clock(color: Color): HTMLElement {
    return h(
      'div',
      { class: `clock clock-${color}`, 'data-color': color, role: 'timer', 'aria-live': 'off' },
      h('span', { class: 'clock-name' }, colorTitle(color)),
      h('span', { class: 'clock-low', 'aria-hidden': 'true', hidden: true }, '⚠'),
      h('span', { class: 'clock-time' }, ''),
    );
  }

  /**
   * Shows `clocks` (hidden when null) with `bottom`'s clock below the board; `low`: the clocks the
   * low-time warning marks.
   */
  render(
    clocks: Clocks | null,
    running: Color | null,
    bottom: Color,
    low: Readonly<Record<Color, boolean>> = { white: false, black: false },
  ): void {
    const top = otherColor(bottom);
    this.top.hidden = this.bottom.hidden = !clocks;
    if (!clocks) return;
    if (this.els[top].parentElement !== this.top) this.top.replaceChildren(this.els[top]);
    if (this.els[bottom].parentElement !== this.bottom)
      this.bottom.replaceChildren(this.els[bottom]);
    for (const c of ['white', 'black'] as const) {
      const el = this.els[c];
      el.querySelector('.clock-time')!.textContent = formatClock(clocks[c]);
      el.classList.toggle('running', running === c);
      el.classList.toggle('low', low[c]);
      (el.querySelector('.clock-low') as HTMLElement).hidden = !low[c] || clocks[c] === 0;
      el.classList.toggle('flagged', clocks[c] === 0);
      const lowWords = low[c] && clocks[c] > 0 ? ', low on time' : '';
      el.setAttribute(
        'aria-label',
        `${colorTitle(c)}'s clock: ${formatClock(clocks[c])}${lowWords}`,
      );
    }
  }
}
