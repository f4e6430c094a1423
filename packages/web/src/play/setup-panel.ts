/**
 * The play page's set-up, as the big sites have it: the game choices (setup-form.ts) and the way
 * online, shown before a game and folded away while one is played, so that the clocks, the move
 * list and the game's buttons keep their place beside the board. "New game" opens it; its "Start
 * game" button starts a game with the choices shown (the page asks first when that would leave a
 * game in progress); "Close" (or Escape inside it) folds it again and changes nothing.
 *
 * Contract: the page calls `follow(underWay)` after every change of the game; the panel opens by
 * itself when the player has not moved yet (a new game) and folds once they have, and otherwise
 * stays as the player left it.
 */
import { h } from '../dom.ts';
import type { Game } from '../game.ts';
import { MENU } from '../variants.ts';

/**
 * Set when the player chose another variant in the set-up: that variant's page opens with its
 * set-up shown, whatever its saved game, so that the player goes on choosing there.
 */
let setUpNext = false;

/**
 * Whether the player has moved in `game`: any move against a friend on the same device, a move
 * of the player's side against the engine (the engine's first move as White does not count).
 */
export function playerHasMoved(game: Game): boolean {
  const moves = game.moves().length;
  if (game.setup.opponent !== 'engine') return moves > 0;
  const playerFirst = game.positionAt(0).turn() === game.setup.side;
  return moves > (playerFirst ? 0 : 1);
}

export interface SetupPanelEvents {
  /** "Start game" was pressed. */
  readonly start: () => void;
  /** Another variant was chosen: the page opens that variant's play page. */
  readonly variant: (id: string) => void;
  /** The panel was closed with the keyboard inside it: the page puts the focus back. */
  readonly focusBack: () => void;
}

export class SetupPanel {
  readonly element: HTMLElement;
  private readonly closeBtn: HTMLButtonElement;
  /** Whether the game was under way at the last `follow` (undefined before the first). */
  private underWay: boolean | undefined;

  /**
   * `variant` is the page's variant (its menu heads the choices), `form` holds the other choices,
   * `online` the way to play a friend online.
   */
  constructor(
    variant: string,
    form: HTMLElement,
    online: HTMLElement,
    private readonly events: SetupPanelEvents,
  ) {
    const variantSelect = h(
      'select',
      { id: 'setup-variant', name: 'variant' },
      MENU.map((v) => h('option', { value: v.id, selected: v.id === variant }, v.short)),
    );
    variantSelect.addEventListener('change', () => {
      setUpNext = true;
      events.variant(variantSelect.value);
    });
    this.closeBtn = h(
      'button',
      { type: 'button', class: 'setup-close', onclick: () => this.close(true) },
      'Close',
    );
    this.element = h(
      'section',
      { class: 'setup-panel', id: 'setup-panel', 'aria-labelledby': 'setup-heading' },
      h(
        'div',
        { class: 'setup-head' },
        h('h2', { id: 'setup-heading' }, 'New game'),
        h(
          'button',
          { type: 'button', class: 'primary setup-start', onclick: () => events.start() },
          'Start game',
        ),
        this.closeBtn,
      ),
      h('label', { class: 'setup-variant' }, h('span', {}, 'Variant'), variantSelect),
      form,
      online,
    );
    this.element.addEventListener('keydown', (e) => {
      if (e.key !== 'Escape' || this.closeBtn.hidden) return;
      e.stopPropagation();
      this.close(true);
    });
  }

  isOpen(): boolean {
    return !this.element.hidden;
  }

  /** Shows the panel; `focus` takes the keyboard to its first choice (the player opened it). */
  open(focus = false): void {
    this.element.hidden = false;
    if (focus)
      this.element
        .querySelector<HTMLElement>('select:not(:disabled), input:not(:disabled)')
        ?.focus({ preventScroll: false });
  }

  /** Folds the panel; `refocus` has the page take the keyboard back when it was inside. */
  close(refocus = false): void {
    const inside = this.element.contains(document.activeElement);
    this.element.hidden = true;
    if (refocus && inside) this.events.focusBack();
  }

  /**
   * Follows the game: opens when it is no longer under way (a new game, or taken back to its
   * start), folds when it becomes so (the player's first move). "Close" is offered only while
   * a game is under way, to go back to it.
   */
  follow(underWay: boolean): void {
    this.closeBtn.hidden = !underWay;
    if (underWay === this.underWay) return;
    const first = this.underWay === undefined;
    this.underWay = underWay;
    if (first && setUpNext) {
      // Reached by choosing this variant in the set-up: go on there.
      setUpNext = false;
      this.open();
      this.element.querySelector<HTMLElement>('#setup-variant')?.focus();
    } else if (underWay) this.close();
    else this.open();
  }
}
