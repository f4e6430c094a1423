/**
 * The update banner every page shares, in the shell (main.ts mounts it after the first page is
 * drawn): it says what update-notice.ts knows, the most pressing first, with a Reload button —
 * "Citadel was updated — reload to continue" where the server speaks a newer protocol, "This page
 * could not read a message from the server — reload" where a message could not be read, and "A new
 * version of Citadel is ready" for a release, which the player may put off ("Not now", until the
 * next change). It floats at the bottom of the window, so that nothing on the page moves.
 */
import './update-banner.css';
import { h } from '../dom.ts';
import { currentUpdates, onUpdates, type Updates } from './update-notice.ts';
import { reloadNow } from './update-reload.ts';

interface Said {
  readonly text: string;
  /** Whether the page cannot go on well without the reload (said as an alert). */
  readonly urgent: boolean;
  /** Whether the player may put it off. */
  readonly later: boolean;
}

/** What the banner says for `u`, or null for nothing. */
function said(u: Updates, putOff: boolean): Said | null {
  if (u.protocol !== null)
    return { text: 'Citadel was updated — reload to continue.', urgent: true, later: false };
  if (u.unreadable !== null)
    return {
      text: 'This page could not read a message from the server — reload.',
      urgent: true,
      later: false,
    };
  if (u.release && !putOff)
    return {
      text: 'A new version of Citadel is ready — reload to use it.',
      urgent: false,
      later: true,
    };
  return null;
}

/** Draws the banner into `slot` (an empty element of the shell) and keeps it up to date. */
export function mountUpdateBanner(slot: HTMLElement): void {
  let putOff = false;
  const render = (): void => {
    const s = said(currentUpdates(), putOff);
    if (!s) return slot.replaceChildren();
    const reload = h(
      'button',
      {
        type: 'button',
        class: 'primary',
        onclick: () => {
          reload.disabled = true;
          reload.textContent = 'Reloading…';
          void reloadNow();
        },
      },
      'Reload',
    );
    slot.replaceChildren(
      h(
        'div',
        { class: `update-banner${s.urgent ? ' urgent' : ''}`, role: s.urgent ? 'alert' : 'status' },
        h('p', {}, s.text),
        h(
          'div',
          { class: 'update-banner-buttons' },
          reload,
          s.later &&
            h(
              'button',
              {
                type: 'button',
                onclick: () => {
                  putOff = true;
                  render();
                },
              },
              'Not now',
            ),
        ),
      ),
    );
  };
  onUpdates(() => {
    putOff = false;
    render();
  });
  render();
}
