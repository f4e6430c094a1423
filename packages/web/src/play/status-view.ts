/**
 * The line above the board saying whose move it is (check, hint, the engine thinking, a past
 * position being looked at) and the banner with the game's result.
 */
import { colorTitle } from '@citadel/core';
import { h } from '../dom.ts';
import type { PlayController } from './play-controller.ts';

/** What the status line says for the controller's state. */
export function statusText(c: PlayController): string {
  const game = c.game;
  const moves = game.moves().length;
  const shown = game.positionAt(game.viewPly);
  if (!game.isLive()) return `Viewing move ${game.viewPly} of ${moves} — ▶ or → to go on`;
  if (game.end()) return 'Game over';
  if (c.thinking) {
    const pre = c.pendingPremove();
    return `The engine is thinking…${pre ? ` — premove ${pre.from}-${pre.to}` : ''}`;
  }
  const turn = shown.turn();
  const who =
    game.setup.opponent === 'engine'
      ? turn === game.setup.side
        ? `Your move (${colorTitle(turn)})`
        : `${colorTitle(turn)} (engine) to move`
      : `${colorTitle(turn)} to move`;
  let text = who + (shown.isCheck() ? ' — check!' : '');
  const hint = c.hint();
  if (hint) text += ` — hint: ${hint.san}`;
  else if (c.hintPending) text += ' — looking for a hint…';
  return text;
}

export class StatusView {
  readonly status = h('div', { class: 'status', role: 'status', 'aria-live': 'polite' });
  readonly result = h('div', { class: 'result', role: 'alert', hidden: true });

  render(c: PlayController): void {
    const end = c.game.end();
    this.result.hidden = !end;
    this.result.textContent = end?.text ?? '';
    this.status.replaceChildren(
      c.thinking ? h('span', { class: 'spinner', 'aria-hidden': 'true' }) : '',
      h('span', {}, statusText(c)),
    );
    this.status.classList.toggle('thinking', c.thinking);
  }

  /** A message in place of the status (the engine failed). */
  say(text: string): void {
    this.status.textContent = text;
  }
}
