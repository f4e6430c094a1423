/**
 * The play page's way online: "Play a friend online" opens the challenge form (the game is
 * created and its page shows the link to send), beside links to the lobby and "my games". The
 * form's code (the server's API and its schemas) loads when the section is first opened, so the
 * play page's first load does not carry it.
 */
import './online.css';
import { h } from '../dom.ts';
import type { PageContext } from '../page-context.ts';

export function onlineEntry(ctx: PageContext, variant: string): HTMLElement {
  const slot = h('div', { class: 'friend-online-form' });
  const details = h(
    'details',
    { class: 'friend-online' },
    h('summary', {}, 'Play a friend online'),
    slot,
  );
  let requested = false;
  const loadForm = async (): Promise<void> => {
    slot.replaceChildren(h('p', { role: 'status' }, 'Loading…'));
    try {
      const [{ ChallengeForm }, { createAndOpen }] = await Promise.all([
        import('./challenge-form.ts'),
        import('./create-game.ts'),
      ]);
      if (ctx.signal.aborted) return;
      const form = new ChallengeForm(variant, (r) => createAndOpen(ctx, r), {
        lobby: false,
        submitLabel: 'Create the game',
        signal: ctx.signal,
      });
      slot.replaceChildren(form.element);
    } catch (e) {
      requested = false;
      const reason = e instanceof Error ? e.message : String(e);
      slot.replaceChildren(
        h(
          'p',
          { class: 'form-error', role: 'alert' },
          `The form could not be loaded (${reason}). Check the connection, then open this again.`,
        ),
      );
    }
  };
  details.addEventListener('toggle', () => {
    if (!details.open || requested) return;
    requested = true;
    void loadForm();
  });
  return h(
    'section',
    { class: 'online-entry', 'aria-label': 'Online play' },
    details,
    h(
      'p',
      { class: 'online-nav' },
      h('a', { href: '/lobby', 'data-link': true }, 'Lobby'),
      ' · ',
      h('a', { href: '/games', 'data-link': true }, 'My games'),
    ),
  );
}
