/**
 * The game page's notice where the browser refused to keep the player's seat (seats.ts): this tab
 * holds it until it closes, and the private seat link (seat-handover.ts) brings the player back
 * to it from anywhere, copied with one button. Said once, politely, when the page opens.
 */
import { colorTitle, type Seat } from '@citadel/protocol';
import { h } from '../dom.ts';
import { seatLink } from './seat-handover.ts';

export class SeatLinkView {
  private readonly text = h('p', { class: 'seat-keep-text' });
  private readonly copied = h('p', { class: 'copied', 'aria-live': 'polite' });
  /** Where the link shows when the clipboard cannot take it, for the player to copy by hand. */
  private readonly fallback = h('input', {
    class: 'invite-link',
    readonly: true,
    hidden: true,
    'aria-label': 'Private seat link',
  });
  private readonly button = h(
    'button',
    { type: 'button', class: 'primary', hidden: true, onclick: () => void this.copy() },
    'Copy seat link',
  );
  private link = '';
  /** The live region is in the page before its words, so that they are announced. */
  readonly element = h(
    'section',
    { class: 'seat-keep', role: 'status', 'aria-label': 'Your seat' },
    this.text,
    this.button,
    this.fallback,
    this.copied,
  );

  /** Says that only this tab holds `seat` in game `id`, and offers its link. */
  show(id: string, seat: Seat): void {
    this.link = seatLink(id, seat);
    // In a task of its own, once the empty region is in the page.
    setTimeout(() => {
      this.text.textContent = `This browser does not keep your seat (${colorTitle(seat.color)}) after this tab closes. To come back to it later, copy your private seat link and keep it to yourself: whoever opens it plays your seat.`;
      this.button.hidden = false;
      this.element.classList.add('shown');
    }, 0);
  }

  private async copy(): Promise<void> {
    try {
      await navigator.clipboard.writeText(this.link);
      this.copied.textContent = 'Seat link copied.';
    } catch {
      this.fallback.value = this.link;
      this.fallback.hidden = false;
      this.fallback.select();
      this.copied.textContent = 'Select the link and copy it (Ctrl+C).';
    }
  }
}
