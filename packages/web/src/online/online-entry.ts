/**
 * The play page's way online: "Play a friend online" opens the challenge form (the game is
 * created and its page shows the link to send), beside links to the lobby and "my games".
 */
import './online.css';
import { h } from '../dom.ts';
import type { PageContext } from '../page-context.ts';
import { ChallengeForm } from './challenge-form.ts';
import { createAndOpen } from './create-game.ts';

export function onlineEntry(ctx: PageContext, variant: string): HTMLElement {
  const form = new ChallengeForm(variant, (r) => createAndOpen(ctx, r), {
    lobby: false,
    submitLabel: 'Create the game',
  });
  return h(
    'section',
    { class: 'online-entry', 'aria-label': 'Online play' },
    h(
      'details',
      { class: 'friend-online' },
      h('summary', {}, 'Play a friend online'),
      form.element,
    ),
    h(
      'p',
      { class: 'online-nav' },
      h('a', { href: '/lobby', 'data-link': true }, 'Lobby'),
      ' · ',
      h('a', { href: '/games', 'data-link': true }, 'My games'),
    ),
  );
}
