/**
 * The settings dialog, opened from the header: the appearance (page mode: light, dark, as the
 * device; board theme and piece colours) and the game behaviour (premoves, move confirmation
 * online, the low-time warning), each applied as soon as it is chosen and remembered.
 */
import { BOARD_THEMES, PIECE_SCHEMES } from '@citadel/board';
import { loadAppearance, saveAppearance, type Appearance } from './appearance.ts';
import { h } from './dom.ts';
import { loadBehaviour, saveBehaviour, type Behaviour } from './game-behaviour.ts';
import { closeDialog, showDialog } from './io-dialogs.ts';

const MODE_NAMES = { light: 'Light', dark: 'Dark', device: 'As the device' } as const;

/** The header button's and the dialog's name. */
export const SETTINGS_NAME = 'Appearance and game behaviour';

/** Each game-behaviour switch, with its label. */
const BEHAVIOUR_LABELS: Record<keyof Behaviour, string> = {
  premoves: "Premoves: set a move during the opponent's turn",
  confirmCorrespondence: 'Confirm moves in correspondence and untimed online games',
  confirmLive: 'Confirm moves in live online games',
  lowTimeWarning: 'Low-time warning: a sound and a mark when your clock runs low',
};

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
  const behaviour = loadBehaviour();
  const toggle = (key: keyof Behaviour): HTMLElement => {
    const box = h('input', { type: 'checkbox', id: `behaviour-${key}`, checked: behaviour[key] });
    box.addEventListener('change', () => {
      error.textContent = saveBehaviour({ ...loadBehaviour(), [key]: box.checked }) ?? '';
    });
    return h('label', {}, box, h('span', {}, BEHAVIOUR_LABELS[key]));
  };
  showDialog(
    h(
      'dialog',
      { class: 'io-dialog appearance-dialog', 'aria-label': SETTINGS_NAME },
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
      h('h2', {}, 'Game behaviour'),
      h(
        'div',
        { class: 'behaviour-choices' },
        toggle('premoves'),
        toggle('confirmCorrespondence'),
        toggle('confirmLive'),
        toggle('lowTimeWarning'),
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
