/**
 * The share dialog: links anyone can open — the position on the board and the whole game, each on
 * the analysis board — to copy. Both keep the game's array and rule switches (the game's in its
 * PGN's tags).
 */
import { h } from './dom.ts';
import { closeDialog, showDialog } from './io-dialogs.ts';
import { rulesQuery, type RuleChoice } from './page-params.ts';

export interface ShareLinks {
  /** The position (FEN) on the analysis board. */
  readonly position: string;
  /** The game (PGN) on the analysis board. */
  readonly game: string;
}

/**
 * Absolute links for a variant's position and game (the array named when not the first, the rule
 * switches set away from their defaults).
 */
export function shareLinks(
  variant: string,
  array: string | null,
  fen: string,
  pgn: string,
  rules?: RuleChoice,
): ShareLinks {
  const base = `${location.origin}/analyse/${variant}`;
  const arrayPart = array ? `&array=${encodeURIComponent(array)}` : '';
  const rulesPart = rulesQuery(rules) ? `&${rulesQuery(rules)}` : '';
  return {
    position: `${base}?fen=${encodeURIComponent(fen)}${arrayPart}${rulesPart}`,
    game: `${base}?pgn=${encodeURIComponent(pgn)}`,
  };
}

export function openShareDialog(links: ShareLinks): void {
  const status = h('p', { class: 'dialog-note', role: 'status' });
  const row = (id: string, label: string, url: string): HTMLElement => {
    const input = h('input', { id, type: 'text', readonly: true, value: url, 'aria-label': label });
    return h(
      'div',
      { class: 'share-row' },
      h('label', { for: id }, label),
      input,
      h(
        'button',
        {
          type: 'button',
          onclick: () => {
            input.select();
            navigator.clipboard
              ?.writeText(url)
              .then(() => (status.textContent = `${label}: copied.`))
              .catch(() => (status.textContent = 'Select the link and copy it.'));
          },
        },
        'Copy',
      ),
    );
  };
  showDialog(
    h(
      'dialog',
      { class: 'io-dialog share-dialog', 'aria-label': 'Share' },
      h('h2', {}, 'Share'),
      row('share-position', 'Link to the position', links.position),
      row('share-game', 'Link to the game', links.game),
      status,
      h(
        'div',
        { class: 'dialog-buttons' },
        h('button', { type: 'button', onclick: () => closeDialog() }, 'Close'),
      ),
    ),
  );
}
