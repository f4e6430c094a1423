/**
 * The page for an address the app does not have — an unknown page, or a page of an unknown
 * variant: it says what was not found and links to what there is.
 */
import { h } from './dom.ts';
import type { PageContext } from './page-context.ts';
import { MENU } from './variants.ts';

/** `what`: what was not found, in words (`There is no page "/nonsense".`). */
export function notFoundPage(ctx: PageContext, what: string, page = 'play'): void {
  ctx.root.replaceChildren(
    h(
      'main',
      { class: 'not-found' },
      h('h1', {}, 'Not found'),
      h('p', { class: 'not-found-what', role: 'alert' }, what),
      h('p', {}, 'The variants are:'),
      h(
        'ul',
        {},
        MENU.map((v) =>
          h('li', {}, h('a', { href: `/${page}/${v.id}`, 'data-link': true }, v.short)),
        ),
      ),
      h('p', {}, h('a', { href: '/', 'data-link': true }, 'Home page')),
    ),
  );
  document.title = 'Not found — Citadel';
}
