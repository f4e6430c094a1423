/** The invitation while a seat is free: the game's link to send to a friend, with a Copy button. */
import { h } from '../dom.ts';

export class InviteView {
  private readonly link = h('input', {
    class: 'invite-link',
    id: 'invite-link',
    readonly: true,
    'aria-label': 'Invitation link',
  });
  private readonly copied = h('span', { class: 'copied', role: 'status', 'aria-live': 'polite' });
  readonly element = h(
    'section',
    { class: 'invite', 'aria-label': 'Invitation' },
    h('p', {}, 'Send this link to your opponent; the first to open it takes the free seat.'),
    h(
      'div',
      { class: 'invite-row' },
      this.link,
      h('button', { type: 'button', class: 'primary', onclick: () => void this.copy() }, 'Copy'),
    ),
    this.copied,
  );

  render(url: string | null): void {
    this.element.hidden = url === null;
    if (url !== null && this.link.value !== url) this.link.value = url;
  }

  private async copy(): Promise<void> {
    this.link.select();
    try {
      await navigator.clipboard.writeText(this.link.value);
      this.copied.textContent = 'Link copied.';
    } catch {
      this.copied.textContent = 'Select the link and copy it (Ctrl+C).';
    }
  }
}
