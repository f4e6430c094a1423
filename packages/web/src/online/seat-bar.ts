/**
 * A player's line above or below the board: the name (an account's name, a link to its profile,
 * after the BOT mark for a bot, with its rating and, after a rated game, the change; or "Anonymous"), "you" for this browser's
 * seat, a dot that is lit while that player is connected, and the clock slot beside it.
 */
import { colorTitle, type Color, type Player } from '@citadel/protocol';
import { h } from '../dom.ts';
import { playerPath } from './account-menu.ts';
import { botMarkOf } from './bot-mark.ts';
import type { OnlineGame } from './online-game.ts';
import { playerName, ratingDiffText } from './rating-text.ts';

export class SeatBar {
  private readonly dot = h('span', { class: 'presence-dot', 'aria-hidden': 'true' });
  private readonly name = h('span', { class: 'seat-name' });
  private shown = '';
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
    const who = player ? playerName(player) : 'Waiting for a player';
    const label = `${colorTitle(color)}: ${who}${g.you === color ? ' — you' : ''}`;
    // Drawn again only when it changes, so a click on the name is never lost to a redraw.
    if (label !== this.shown)
      this.name.replaceChildren(...this.parts(color, player, g.you === color));
    this.shown = label;
    this.dot.classList.toggle('online', online);
    this.element.dataset['color'] = color;
    this.element.title = `${label} — ${online ? 'connected' : 'not connected'}`;
    this.element.setAttribute('aria-label', this.element.title);
  }

  private parts(color: Color, player: Player | null, mine: boolean): Array<Node | string> {
    const parts: Array<Node | string> = [`${colorTitle(color)}: `];
    if (player?.name) {
      parts.push(...botMarkOf(player));
      parts.push(
        h(
          'a',
          { class: 'seat-player', href: playerPath(player.name), 'data-link': true },
          player.name,
        ),
      );
      if (player.rating !== undefined)
        parts.push(h('span', { class: 'seat-rating' }, ` ${Math.round(player.rating)}`));
      if (player.ratingDiff !== undefined)
        parts.push(
          h(
            'span',
            {
              class: `rating-diff ${player.ratingDiff > 0 ? 'up' : player.ratingDiff < 0 ? 'down' : ''}`,
            },
            ` ${ratingDiffText(player.ratingDiff)}`,
          ),
        );
    } else parts.push(player ? 'Anonymous' : 'Waiting for a player');
    if (mine) parts.push(' — you');
    return parts;
  }
}
