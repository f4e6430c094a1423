/**
 * A list brought up to date in place, so that a change pushed by the server does not take the
 * keyboard's place or make a screen reader start over: each item is keyed (by `data-game`); an
 * item equal to the one shown under its key stays the very node it was; an item that changed
 * replaces its old node; and the focus, when it was inside the list, stays on the same control of
 * the same item (moved to the new node where the item changed), without scrolling. Nothing is
 * announced: a list is not a live region.
 */

const keyOf = (el: Element): string | null => (el as HTMLElement).dataset['game'] ?? null;

/** The control of `to` at the place where `focused` is in `from` (the same kind, the same rank). */
function sameControl(from: Element, focused: Element, to: Element): HTMLElement | null {
  const selector = focused.tagName.toLowerCase();
  const rank = [...from.querySelectorAll(selector)].indexOf(focused);
  const match = to.querySelectorAll<HTMLElement>(selector)[rank];
  return match ?? null;
}

/** Makes `list`'s children `items`, in order, keeping the nodes and the focus of those unchanged. */
export function updateList(list: HTMLElement, items: readonly HTMLElement[]): void {
  const shown = new Map<string, Element>();
  for (const child of list.children) {
    const key = keyOf(child);
    if (key !== null) shown.set(key, child);
  }
  const next: Element[] = items.map((item) => {
    const key = keyOf(item);
    const old = key === null ? undefined : shown.get(key);
    return old?.isEqualNode(item) ? old : item;
  });

  // Where the focus goes back to once the list is placed (a node moved loses the focus).
  const focused = document.activeElement;
  let restore: HTMLElement | null = null;
  const holder = focused ? [...list.children].find((c) => c.contains(focused)) : undefined;
  if (focused instanceof HTMLElement && holder) {
    const key = keyOf(holder);
    const replacement = next.find((n) => n !== holder && key !== null && keyOf(n) === key);
    restore = next.includes(holder)
      ? focused
      : replacement
        ? sameControl(holder, focused, replacement)
        : null;
  }

  const keep = new Set<Element>(next);
  for (const child of [...list.children]) if (!keep.has(child)) child.remove();
  let cursor = list.firstElementChild;
  for (const node of next) {
    if (node === cursor) cursor = cursor.nextElementSibling;
    else list.insertBefore(node, cursor);
  }
  if (restore?.isConnected && document.activeElement !== restore)
    restore.focus({ preventScroll: true });
}
