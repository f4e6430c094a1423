/**
 * The online game's buttons, each shown only when @citadel/game says the seat may: abort, resign,
 * draw and takeback offers (with accept / decline when the opponent offered), berserk (in a
 * tournament game, before the seat's first move), give the opponent time (never in a tournament), claim the win when the opponent stays away, rematch after the end, and flip. Abort and
 * resign ask first, as on the play page, and are sent only if the game still allows them once the
 * player has said yes. The note under them says what the opponent asks, and time given.
 */
import { ADD_TIME_MS, mayOffer, mayResign } from '@citadel/game';
import {
  colorTitle,
  otherColor,
  type ClientMessage,
  type Color,
  type OfferAction,
  type OfferKind,
} from '@citadel/protocol';
import { askConfirm } from '../confirm-dialog.ts';
import { h } from '../dom.ts';
import type { OnlineGame } from './online-game.ts';

export interface OnlineActions {
  readonly send: (message: ClientMessage) => void;
  readonly flip: () => void;
  /** Opens the rematch game once both agreed. */
  readonly openRematch: (id: string) => void;
}

const RESIGN = {
  title: 'Resign this game?',
  text: 'Resigning ends the game as a loss.',
  confirm: 'Resign',
} as const;
const ABORT = {
  title: 'Abort this game?',
  text: 'Aborting ends the game without a result; it is not rated.',
  confirm: 'Abort',
} as const;

/** The note that `by` gave the opponent `ms`, as the seat `you` (null: a spectator) reads it. */
function timeAddedNote(by: Color, ms: number, you: Color | null): string {
  const seconds = `${ms / 1000} seconds`;
  if (you === by) return `You gave your opponent ${seconds}.`;
  if (you) return `Your opponent gave you ${seconds}.`;
  return `${colorTitle(by)} gave ${colorTitle(otherColor(by))} ${seconds}.`;
}

const DECLINED: Record<OfferKind, string> = {
  draw: 'Your opponent declined your draw offer.',
  takeback: 'Your opponent declined your takeback request.',
  rematch: 'Your opponent declined the rematch.',
};

export class OnlineActionsView {
  readonly element = h('div', { class: 'actions online-actions' });
  readonly note = h('p', { class: 'offer-note', role: 'status', 'aria-live': 'polite' });

  /** What the shown buttons do, so a render that would change nothing leaves them in place. */
  private shown = '';

  constructor(private readonly actions: OnlineActions) {}

  /**
   * Shows the buttons the state allows. The buttons are replaced only when that set changes: a
   * button swapped between a press and its release loses the click, and this runs on every
   * clock tick while the opponent is away.
   */
  render(g: OnlineGame): void {
    const a = this.actions;
    const button = (label: string, onclick: () => void, cls = ''): HTMLButtonElement =>
      h('button', { type: 'button', class: cls || null, onclick }, label);
    const offer = (kind: OfferKind, action: OfferAction) => () => a.send({ type: kind, action });
    const buttons: HTMLElement[] = [];
    const you = g.you;
    const state = g.state;
    // Said until the next move, unless something newer is to be said.
    let note = g.timeAdded ? timeAddedNote(g.timeAdded.by, g.timeAdded.ms, you) : '';
    // Said to the one who offered, until something newer is to be said.
    if (g.declined) note = DECLINED[g.declined];
    const may = (kind: OfferKind, action: OfferAction): boolean =>
      you !== null && mayOffer(state, you, kind, action);
    if (you && !g.ended()) {
      if (g.mayAbort()) buttons.push(button('Abort', () => void this.abort(g)));
      else if (mayResign(state)) buttons.push(button('Resign', () => void this.resign(g)));
      for (const kind of ['draw', 'takeback'] as const) {
        if (may(kind, 'accept')) {
          note = `Your opponent offers a ${kind}.`;
          buttons.push(
            button(`Accept ${kind}`, offer(kind, 'accept'), 'primary'),
            button(`Decline ${kind}`, offer(kind, 'decline')),
          );
        } else if (may(kind, 'cancel')) {
          buttons.push(button(`Cancel ${kind} offer`, offer(kind, 'cancel')));
        } else if (may(kind, 'offer')) {
          buttons.push(
            button(kind === 'draw' ? 'Offer draw' : 'Ask takeback', offer(kind, 'offer')),
          );
        }
      }
      if (g.mayBerserk()) {
        const b = button('Berserk', () => a.send({ type: 'berserk' }));
        b.title =
          'Halve your clock and give up the increment: a win of 7 moves or more scores 1 more';
        buttons.push(b);
      }
      if (g.mayAddTime()) {
        const b = button(`Give ${ADD_TIME_MS / 1000} s`, () => a.send({ type: 'add-time' }));
        b.title = `Give your opponent ${ADD_TIME_MS / 1000} seconds`;
        buttons.push(b);
      }
      if (g.mayClaimWin()) {
        note = 'Your opponent has left the game.';
        buttons.push(button('Claim the win', () => a.send({ type: 'claim-win' }), 'primary'));
      }
    }
    if (you && g.ended()) {
      if (state.rematch) {
        const id = state.rematch;
        buttons.push(button('Go to the rematch', () => a.openRematch(id), 'primary'));
      } else if (may('rematch', 'accept')) {
        note = 'Your opponent wants a rematch.';
        buttons.push(
          button('Accept rematch', offer('rematch', 'accept'), 'primary'),
          button('Decline rematch', offer('rematch', 'decline')),
        );
      } else if (may('rematch', 'cancel')) {
        note = 'Rematch offered; waiting for your opponent.';
        buttons.push(button('Cancel rematch', offer('rematch', 'cancel')));
      } else if (may('rematch', 'offer'))
        buttons.push(button('Rematch', offer('rematch', 'offer'), 'primary'));
    }
    buttons.push(button('Flip', a.flip));
    const shown = [state.id, state.rematch ?? '', ...buttons.map((b) => b.textContent)].join('|');
    if (shown !== this.shown) this.element.replaceChildren(...buttons);
    this.shown = shown;
    this.note.textContent = note;
    this.note.hidden = !note;
  }

  private async resign(g: OnlineGame): Promise<void> {
    const id = g.state.id;
    if ((await askConfirm(RESIGN)) && g.state.id === id && !g.ended() && mayResign(g.state))
      this.actions.send({ type: 'resign' });
  }

  private async abort(g: OnlineGame): Promise<void> {
    const id = g.state.id;
    if ((await askConfirm(ABORT)) && g.state.id === id && g.mayAbort())
      this.actions.send({ type: 'abort' });
  }
}
