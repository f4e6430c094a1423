/**
 * The mark beside a bot account's name, on every board and list, as the big chess sites show it:
 * "BOT". It is named "Bot" for assistive technology (read before the name: "Bot gearbox"), and its
 * tooltip says what it means.
 */
import type { Player } from '@citadel/protocol';
import { h } from '../dom.ts';

export const botMark = (): HTMLElement =>
  h(
    'span',
    {
      class: 'bot-mark',
      role: 'img',
      'aria-label': 'Bot',
      title: 'Bot: a program plays this account',
    },
    'BOT',
  );

/** The mark and a space for a bot's name, nothing for anyone else. */
export const botMarkOf = (p: Player | null): Array<Node | string> =>
  p?.bot ? [botMark(), ' '] : [];
