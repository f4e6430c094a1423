/**
 * The play page's game buttons: New game (which opens the set-up), Flip, Takeback, Resign, the
 * sound switch, and once the game is over Review game.
 */
import { h } from '../dom.ts';
import { isMuted, setMuted } from '../sound.ts';

export interface GameActions {
  /** Opens the set-up for a new game. */
  readonly newGame: () => void;
  readonly flip: () => void;
  readonly takeback: () => void;
  readonly resign: () => void;
  /** Opens the finished game's review. */
  readonly review: () => void;
}

export class ActionBar {
  readonly element: HTMLElement;
  private readonly takebackBtn: HTMLButtonElement;
  private readonly resignBtn: HTMLButtonElement;
  private readonly reviewBtn: HTMLButtonElement;
  private readonly soundBtn: HTMLButtonElement;
  private readonly newGameBtn: HTMLButtonElement;

  constructor(actions: GameActions) {
    const button = (label: string, onclick: () => void, attrs = {}): HTMLButtonElement =>
      h('button', { type: 'button', onclick, ...attrs }, label);
    this.takebackBtn = button('Takeback', actions.takeback);
    this.resignBtn = button('Resign', actions.resign);
    this.soundBtn = button('', () => this.toggleSound(), { class: 'sound-toggle' });
    this.reviewBtn = button('Review game', actions.review, {
      class: 'primary review-game',
      title: 'The engine reviews the game on the analysis board',
      hidden: true,
    });
    // It opens the set-up (setup-panel.ts), where "Start game" starts the new game.
    this.newGameBtn = button('New game', actions.newGame, {
      class: 'primary new-game',
      'aria-controls': 'setup-panel',
    });
    this.element = h(
      'div',
      { class: 'actions' },
      this.reviewBtn,
      this.newGameBtn,
      button('Flip', actions.flip, { title: 'Flip the board' }),
      this.takebackBtn,
      this.resignBtn,
      this.soundBtn,
    );
    this.syncSound();
  }

  /** Enables Takeback and Resign when they can do something; offers the review once over. */
  render(takeback: boolean, resign: boolean, over: boolean): void {
    this.takebackBtn.disabled = !takeback;
    this.resignBtn.disabled = !resign;
    this.reviewBtn.hidden = !over;
  }

  /** Gives the keyboard to "New game" (the set-up it opened was closed). */
  focusNewGame(): void {
    this.newGameBtn.focus();
  }

  private toggleSound(): void {
    setMuted(!isMuted());
    this.syncSound();
  }

  private syncSound(): void {
    const on = !isMuted();
    this.soundBtn.textContent = on ? 'Sound on' : 'Muted';
    this.soundBtn.title = on ? 'Mute the sounds' : 'Turn the sounds on';
    this.soundBtn.setAttribute('aria-pressed', String(on));
  }
}
