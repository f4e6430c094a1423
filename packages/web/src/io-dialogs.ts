/**
 * The play page's import and export dialogs: one modal dialog at a time, showing a text to copy
 * or download (PGN of the game, FEN of a position), or taking a pasted or chosen file's text to
 * import. They know no game: the page gives the text and decides what an import means.
 */
import { h } from './dom.ts';

let dialog: HTMLDialogElement | null = null;

/** Closes the dialog shown, if any. */
export function closeDialog(): void {
  dialog?.close();
  dialog?.remove();
  dialog = null;
}

/** Shows `d` as the one modal dialog (closing any other); it is removed when closed. */
export function showDialog(d: HTMLDialogElement): void {
  closeDialog();
  dialog = d;
  d.addEventListener('close', () => {
    if (dialog === d) closeDialog();
  });
  document.body.append(d);
  d.showModal();
}

function download(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = h('a', { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export interface ExportSpec {
  /** The dialog's accessible name (`Export PGN`). */
  readonly label: string;
  readonly title: string;
  /** Accessible name of the text area. */
  readonly textLabel: string;
  readonly text: string;
  readonly rows: number;
  /** Name and MIME type of the downloaded file. */
  readonly fileName: string;
  readonly mimeType: string;
}

/** Shows a read-only text, selected, with Copy, Download and Close. */
export function openExportDialog(spec: ExportSpec): void {
  const area = h('textarea', {
    id: 'export-text',
    readonly: true,
    rows: spec.rows,
    spellcheck: 'false',
    'aria-label': spec.textLabel,
  });
  const text = spec.text;
  area.value = text;
  const done = h('p', { class: 'dialog-note', role: 'status' });
  showDialog(
    h(
      'dialog',
      { class: 'io-dialog', 'aria-label': spec.label },
      h('h2', {}, spec.title),
      area,
      h(
        'div',
        { class: 'dialog-buttons' },
        h(
          'button',
          {
            type: 'button',
            class: 'primary',
            onclick: () => {
              area.select();
              navigator.clipboard
                ?.writeText(text)
                .then(() => (done.textContent = 'Copied to the clipboard.'))
                .catch(() => {
                  const ok = document.execCommand('copy');
                  done.textContent = ok ? 'Copied.' : 'Select the text and copy it.';
                });
            },
          },
          'Copy',
        ),
        h(
          'button',
          {
            type: 'button',
            onclick: () =>
              download(spec.fileName, text + (text.endsWith('\n') ? '' : '\n'), spec.mimeType),
          },
          'Download',
        ),
        h('button', { type: 'button', onclick: () => closeDialog() }, 'Close'),
      ),
      done,
    ),
  );
  area.focus();
  area.select();
}

/**
 * Takes a PGN or FEN, pasted or from a file, and hands it to `load`, which returns why it was not
 * imported (shown, the dialog stays) or null (the dialog closes).
 */
export function openImportDialog(variantName: string, load: (text: string) => string | null): void {
  const area = h('textarea', {
    id: 'import-text',
    rows: 10,
    spellcheck: 'false',
    placeholder: '[Variant "tamerlane"]\n\n1. g4 ...   — or a FEN',
    'aria-label': 'PGN or FEN to import',
  });
  const file = h('input', {
    id: 'import-file',
    type: 'file',
    accept: '.pgn,.fen,.txt,text/plain',
    'aria-label': 'Choose a PGN or FEN file',
  });
  const error = h('p', { class: 'import-error', role: 'alert' });
  const submit = (): void => {
    const why = load(area.value);
    if (why) {
      error.textContent = why;
      area.setAttribute('aria-invalid', 'true');
    } else closeDialog();
  };
  file.addEventListener('change', () => {
    const f = file.files?.[0];
    if (!f) return;
    void f.text().then((t) => {
      area.value = t;
      submit();
    });
  });
  showDialog(
    h(
      'dialog',
      { class: 'io-dialog', 'aria-label': 'Import a game or position' },
      h('h2', {}, 'Import a game (PGN) or a position (FEN)'),
      h(
        'p',
        { class: 'dialog-note' },
        `Paste it or choose a file. A PGN's Variant tag picks the variant; a FEN is read as ${variantName}. Your current game stays until the import succeeds.`,
      ),
      area,
      h('label', { class: 'file-row' }, h('span', {}, 'File: '), file),
      error,
      h(
        'div',
        { class: 'dialog-buttons' },
        h('button', { type: 'button', class: 'primary', onclick: submit }, 'Load'),
        h('button', { type: 'button', onclick: () => closeDialog() }, 'Cancel'),
      ),
    ),
  );
  area.focus();
}
