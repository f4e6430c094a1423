/**
 * A player's line above or below the board: the name (an account's name and rating, "You", or
 * "Anonymous"), a dot that is lit while that player is connected, and the clock slot beside it.
 */
import type { Color } from '@citadel/protocol';
import { h } from '../dom.ts';
import type { OnlineGame } from './online-game.ts';

const cap = (c: Color): string => (c === 'white' ? 'White' : 'Black');

export class SeatBar {
  private readonly dot = h('span', { class: 'presence-dot', 'aria-hidden': 'true' });
  private readonly name = h('span', { class: 'seat-name' });
  readonly element: HTMLElement;

  constructor(clockSlot: HTMLElement) {
    this.element = h(
      'div',
      { class: 'seat-bar' },
      h('span', { class: 'seat-who' }, this.dot, this.name),
      clockSlot,
    );
  }

  render(g: OnlineGame, color: Color): void {
    const player = g.state.players[color];
    const online = g.connected[color];
    const who = player?.name
      ? `${player.name}${player.rating !== undefined ? ` (${Math.round(player.rating)})` : ''}`
      : player
        ? 'Anonymous'
        : 'Waiting for a player';
    const label = `${cap(color)}: ${who}${g.you === color ? ' — you' : ''}`;
    this.name.textContent = label;
    this.dot.classList.toggle('online', online);
    this.element.dataset['color'] = color;
    this.element.title = `${label} — ${online ? 'connected' : 'not connected'}`;
    this.element.setAttribute('aria-label', this.element.title);
  }
}
