/**
 * The appearance dialog, opened from the header: page mode (light, dark, as the device), board
 * theme and piece colours, each applied as soon as it is chosen and remembered.
 */
import { BOARD_THEMES, PIECE_SCHEMES } from '@citadel/board';
import { loadAppearance, saveAppearance, type Appearance } from './appearance.ts';
import { h } from './dom.ts';
import { closeDialog, showDialog } from './io-dialogs.ts';

const MODE_NAMES = { light: 'Light', dark: 'Dark', device: 'As the device' } as const;

export function openAppearanceDialog(): void {
  const now = loadAppearance();
  const error = h('p', { class: 'import-error', role: 'alert' });
  const choice = <K extends keyof Appearance>(
    key: K,
    label: string,
    options: ReadonlyArray<{ id: string; name: string }>,
  ): HTMLElement => {
    const select = h(
      'select',
      { id: `appearance-${key}`, name: key },
      options.map((o) => h('option', { value: o.id, selected: o.id === now[key] }, o.name)),
    );
    select.addEventListener('change', () => {
      error.textContent = saveAppearance({ ...loadAppearance(), [key]: select.value }) ?? '';
    });
    return h('label', {}, h('span', {}, label), select);
  };
  showDialog(
    h(
      'dialog',
      { class: 'io-dialog appearance-dialog', 'aria-label': 'Appearance' },
      h('h2', {}, 'Appearance'),
      h(
        'div',
        { class: 'appearance-choices' },
        choice(
          'mode',
          'Page',
          Object.entries(MODE_NAMES).map(([id, name]) => ({ id, name })),
        ),
        choice('theme', 'Board', BOARD_THEMES),
        choice('pieces', 'Pieces', PIECE_SCHEMES),
      ),
      error,
      h(
        'div',
        { class: 'dialog-buttons' },
        h('button', { type: 'button', class: 'primary', onclick: () => closeDialog() }, 'Done'),
      ),
    ),
  );
}
