/**
 * The play page's keys outside the board and the form fields: ← and → step through the moves,
 * Home and End jump to the start and the last move, Escape closes the move chooser.
 */
export interface KeyActions {
  /** The ply shown and the number of moves. */
  readonly at: () => { ply: number; moves: number };
  readonly view: (ply: number) => void;
  /** Closes an open chooser; false when none was open. */
  readonly escape: () => boolean;
}

/** Listens on the document until `signal` (the page's life) aborts. */
export function listenToKeys(signal: AbortSignal, actions: KeyActions): void {
  const onKey = (e: KeyboardEvent): void => {
    const t = e.target as HTMLElement | null;
    if (t && (t.closest('input, select, textarea, .cb-grid') || t.isContentEditable)) return;
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === 'Escape' && actions.escape()) return;
    const { ply, moves } = actions.at();
    const targets = new Map([
      ['ArrowLeft', ply - 1],
      ['ArrowRight', ply + 1],
      ['Home', 0],
      ['End', moves],
    ]);
    const target = targets.get(e.key);
    if (target === undefined) return;
    e.preventDefault();
    actions.view(target);
  };
  document.addEventListener('keydown', onKey, { signal });
}
