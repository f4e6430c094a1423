/** One game as a line of the lobby, "my games" and the archive: variant, clock, players, state. */
import type { GameSummary, Player } from '@citadel/protocol';
import { h } from '../dom.ts';
import { MENU } from '../variants.ts';
import { playerName } from './rating-text.ts';
import { timeControlText } from './time-text.ts';

export const variantShort = (id: string): string => MENU.find((v) => v.id === id)?.short ?? id;

const playerText = (p: Player | null): string => (p === null ? 'open seat' : playerName(p));

export function playersText(g: GameSummary): string {
  return `${playerText(g.players.white)} – ${playerText(g.players.black)}`;
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
      h('span', { class: 'game-players' }, playersText(g)),
      h('span', { class: 'game-note' }, note),
    ),
    ...extra,
  );
}
