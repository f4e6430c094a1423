/**
 * The archive page, `/archive`: every game played on this device (archive-store.ts), the last
 * played first, with its date, variant, opponent and result; each can be continued (unfinished)
 * or opened, reviewed on the analysis board, exported as PGN or deleted. All games export as one
 * PGN file. Games the browser refused to store are listed from memory, and a notice says so.
 */
import { askConfirm } from '../confirm-dialog.ts';
import { h } from '../dom.ts';
import { openExportDialog } from '../io-dialogs.ts';
import { onAbort } from '../lifetime.ts';
import type { PageContext } from '../page-context.ts';
import { StorageNotice } from '../storage-notice.ts';
import { shortName } from '../variants.ts';
import { opponentText, resultText, reviewUrl, type ArchiveRecord } from './archive-record.ts';
import { deleteRecord, listRecords, someHeldHere } from './archive-store.ts';

/** The date and time a game began, in the reader's locale. */
const when = (ms: number): string =>
  new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The play page continuing (or showing) an archived game. */
export const continueUrl = (r: Pick<ArchiveRecord, 'variant' | 'id'>): string =>
  `/play/${r.variant}?game=${encodeURIComponent(r.id)}`;

export function archivePage(ctx: PageContext): void {
  const { signal } = ctx;
  const summary = h('p', { class: 'archive-summary', role: 'status' }, 'Loading your games…');
  const body = h('tbody');
  const exportAll = h('button', { type: 'button', disabled: true }, 'Export all (PGN)');
  // Games the browser refused to store are listed from memory until the tab closes: said once.
  const notice = new StorageNotice({
    text: 'This browser is not saving games: export the PGN of those you want to keep',
    action: { label: 'Export all (PGN)', run: () => exportAll.click() },
    about: [],
  });
  const table = h(
    'table',
    { class: 'archive-table' },
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        ['Date', 'Variant', 'Opponent', 'Result', 'Moves', ''].map((t) =>
          h('th', { scope: 'col' }, t),
        ),
      ),
    ),
    body,
  );
  ctx.root.replaceChildren(
    h(
      'main',
      { class: 'archive' },
      h('h1', {}, 'Games on this device'),
      h(
        'p',
        { class: 'archive-note' },
        'Every game played in this browser is kept here, on this device only.',
      ),
      notice.element,
      h('div', { class: 'archive-bar' }, summary, exportAll),
      h('div', { class: 'archive-scroll' }, table),
    ),
  );
  document.title = 'Games on this device — Citadel';

  function row(r: ArchiveRecord): HTMLTableRowElement {
    const link = (label: string, href: string, title: string): HTMLAnchorElement =>
      h('a', { class: 'button', href, 'data-link': true, title }, label);
    const finished = r.result !== '*';
    return h(
      'tr',
      { 'data-id': r.id, 'data-result': r.result },
      h('td', {}, when(r.startedAt)),
      h('td', {}, shortName(r.variant)),
      h('td', {}, opponentText(r), r.opponent === 'engine' ? ` — you ${r.side}` : ''),
      h(
        'td',
        { class: `result-${finished ? 'done' : 'open'}`, title: r.resultText },
        resultText(r),
      ),
      h('td', { class: 'num' }, String(Math.ceil(r.plies / 2))),
      h(
        'td',
        {},
        h(
          'div',
          { class: 'archive-actions' },
          link(
            finished ? 'Open' : 'Continue',
            continueUrl(r),
            finished ? 'Open on the play page' : 'Continue this game',
          ),
          link('Review', reviewUrl(r), 'Review on the analysis board'),
          h(
            'button',
            {
              type: 'button',
              onclick: () =>
                openExportDialog({
                  label: 'Export PGN',
                  title: 'The game in PGN',
                  textLabel: 'PGN of the game',
                  text: r.pgn,
                  rows: 12,
                  fileName: `citadel-${r.variant}-${new Date(r.startedAt).toISOString().slice(0, 10)}.pgn`,
                  mimeType: 'application/x-chess-pgn',
                }),
            },
            'PGN',
          ),
          h('button', { type: 'button', onclick: () => void remove(r) }, 'Delete'),
        ),
      ),
    );
  }

  async function remove(r: ArchiveRecord): Promise<void> {
    const sure = await askConfirm({
      title: 'Delete this game?',
      text: `The ${shortName(r.variant)} game of ${when(r.startedAt)} leaves the archive for good.`,
      confirm: 'Delete',
    });
    if (!sure) return;
    const gone = await deleteRecord(r.id);
    if (signal.aborted) return;
    if (gone) await show();
    else summary.textContent = 'The game could not be deleted: this browser refused the change.';
  }

  async function show(): Promise<void> {
    const records = await listRecords();
    if (signal.aborted) return;
    body.replaceChildren(...records.map(row));
    table.hidden = records.length === 0;
    summary.textContent =
      records.length === 0
        ? 'No games yet: the games you play appear here.'
        : `${records.length} game${records.length === 1 ? '' : 's'}, the last played first.`;
    exportAll.disabled = records.length === 0;
    if (someHeldHere()) notice.show();
    exportAll.onclick = () =>
      openExportDialog({
        label: 'Export PGN',
        title: `All ${records.length} games in PGN`,
        textLabel: 'PGN of every game',
        text: records.map((r) => r.pgn.trim()).join('\n\n'),
        rows: 14,
        fileName: `citadel-games-${new Date().toISOString().slice(0, 10)}.pgn`,
        mimeType: 'application/x-chess-pgn',
      });
  }
  void show();

  onAbort(signal, () => notice.destroy());
}
