/**
 * A list of finished games read from the server's archive page by page, newest first: the first
 * page at once, then "Older games" reads the next one from the cursor (the last game's end time
 * and id), never by an offset, so each page costs the server one index range however long the
 * history (docs/api.md, GET /api/archive). The button goes once a page comes back short.
 */
import type { ArchiveQuery, GameSummary } from '@citadel/protocol';
import { h } from '../dom.ts';
import { api } from './api.ts';

export interface ArchivePages {
  /** The list and its "Older games" button, to place on the page. */
  readonly element: HTMLElement;
  /** Reads the first page (again); rejects with the server's refusal. */
  load(): Promise<void>;
}

export function archivePages(o: {
  /** The list's accessible name. */
  readonly label: string;
  /** Which games (a player's, …) besides the cursor and page size. */
  readonly query: Omit<ArchiveQuery, 'before' | 'beforeId' | 'limit'>;
  readonly pageSize: number;
  readonly row: (g: GameSummary) => HTMLElement;
  readonly empty: string;
  /** Told of a failure of a later page (the first page's rejects `load`). */
  readonly problem: (text: string) => void;
}): ArchivePages {
  const list = h('ul', { class: 'game-list', 'aria-label': o.label });
  const older = h('button', { type: 'button', class: 'older-games', hidden: true }, 'Older games');
  let last: GameSummary | undefined;
  const read = async (first: boolean): Promise<void> => {
    const cursor =
      !first && last?.endedAt != null ? { before: last.endedAt, beforeId: last.id } : {};
    const page = await api.archive({ ...o.query, ...cursor, limit: o.pageSize });
    const rows = page.games.map(o.row);
    if (first)
      list.replaceChildren(...(rows.length ? rows : [h('li', { class: 'empty' }, o.empty)]));
    else list.append(...rows);
    last = page.games.at(-1) ?? last;
    older.hidden = page.games.length < o.pageSize;
    // The keyboard stays in the list: on the first game of the page just read.
    if (!first) rows[0]?.querySelector<HTMLElement>('a')?.focus();
  };
  older.addEventListener('click', () => {
    older.disabled = true;
    read(false)
      .catch((e: unknown) => o.problem(e instanceof Error ? e.message : String(e)))
      .finally(() => (older.disabled = false));
  });
  return { element: h('div', { class: 'archive-pages' }, list, older), load: () => read(true) };
}
