/**
 * The header's account corner, on every page: "Sign in" for a guest; for a signed-in player their
 * name, which opens a menu with the profile, "My games" and "Log out". Nothing shows while no
 * server answers (the app offline).
 */
import './account.css';
import { h } from '../dom.ts';
import { TAB_LIFETIME } from '../lifetime.ts';
import { knownAccount, onAccount, signOut, type AccountStatus } from './account-state.ts';
import { openSignIn } from './sign-in-dialog.ts';

export const playerPath = (name: string): string => `/player/${encodeURIComponent(name)}`;

export class AccountMenu {
  readonly element = h('div', { class: 'account-corner' });
  private readonly menu = h('details', { class: 'account-menu' });

  constructor() {
    // A click anywhere else, or on one of its links, closes the menu.
    document.addEventListener('click', (e) => {
      if (!this.menu.open) return;
      const target = e.target as Node;
      if (!this.menu.contains(target) || (target as HTMLElement).closest?.('a'))
        this.menu.open = false;
    });
    this.menu.addEventListener('keydown', (e) => {
      if (e.key !== 'Escape' || !this.menu.open) return;
      this.menu.open = false;
      this.menu.querySelector('summary')?.focus();
    });
    onAccount(TAB_LIFETIME, (s) => this.render(s), true);
    void knownAccount();
  }

  private render(s: AccountStatus): void {
    this.menu.open = false;
    if (s.kind === 'unknown' || s.kind === 'unreachable') {
      this.element.replaceChildren();
      return;
    }
    if (s.kind === 'guest') {
      this.element.replaceChildren(
        h(
          'button',
          { type: 'button', class: 'sign-in-button', onclick: () => void openSignIn() },
          'Sign in',
        ),
      );
      return;
    }
    const name = s.account.username;
    this.menu.replaceChildren(
      h(
        'summary',
        { class: 'account-name', title: `Signed in as ${name}` },
        h('span', { class: 'account-icon', 'aria-hidden': 'true' }, '●'),
        name,
      ),
      h(
        'ul',
        { class: 'account-links', 'aria-label': 'Account' },
        h('li', {}, h('a', { href: playerPath(name), 'data-link': true }, 'Profile')),
        h('li', {}, h('a', { href: '/games', 'data-link': true }, 'My games')),
        h('li', {}, h('button', { type: 'button', onclick: () => void this.logOut() }, 'Log out')),
      ),
    );
    this.element.replaceChildren(this.menu);
  }

  private async logOut(): Promise<void> {
    try {
      await signOut();
    } catch (e) {
      window.alert(`Logging out failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
}
