/** One game as a line of the lobby, "my games" and the archive: variant, clock, players, state. */
import type { GameSummary, Player } from '@citadel/protocol';
import { h } from '../dom.ts';
import { MENU } from '../variants.ts';
import { botMarkOf } from './bot-mark.ts';
import { playerName } from './rating-text.ts';
import { timeControlText } from './time-text.ts';

export const variantShort = (id: string): string => MENU.find((v) => v.id === id)?.short ?? id;

const playerParts = (p: Player | null): Array<Node | string> =>
  p === null ? ['open seat'] : [...botMarkOf(p), playerName(p, true)];

/** "ann (1500) – open seat", a bot's name with its mark. */
export function playersParts(g: GameSummary): Array<Node | string> {
  return [...playerParts(g.players.white), ' – ', ...playerParts(g.players.black)];
}

/** Variant, time control and rated/casual as one line. */
export function settingsText(g: GameSummary): string {
  return `${variantShort(g.variant)} · ${timeControlText(g.clock)} · ${g.rated ? 'rated' : 'casual'}`;
}

/** How a finished game ended: "1-0 resign". */
export const endingText = (g: GameSummary): string => `${g.result ?? ''} ${g.reason ?? ''}`.trim();

/** A line that opens the game; `extra` goes at its end (buttons, links). */
export function gameRow(g: GameSummary, note: string, ...extra: HTMLElement[]): HTMLElement {
  return h(
    'li',
    { class: 'game-row', 'data-game': g.id },
    h(
      'a',
      { class: 'game-link', href: `/game/${g.id}`, 'data-link': true },
      h('span', { class: 'game-settings' }, settingsText(g)),
      h('span', { class: 'game-players' }, playersParts(g)),
      h('span', { class: 'game-note' }, note),
    ),
    ...extra,
  );
}
