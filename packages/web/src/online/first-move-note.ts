/**
 * The countdown of a started game whose side to move has yet to make its first move: the server
 * aborts the game when `firstMoveBy` (its clock) passes (a tournament game is lost instead: the end
 * reason `no-start`), so the players are told how long is left.
 * The text changes once a second at most, so screen readers are not flooded.
 */
import { colorTitle, type Color, type GameState } from '@citadel/protocol';
import { h } from '../dom.ts';
import { timeLeftText } from './time-text.ts';

export class FirstMoveNote {
  readonly element = h('p', { class: 'first-move-note', hidden: true });

  /** `serverNow` is the server's clock as the page estimates it (epoch ms). */
  render(state: GameState, you: Color | null, serverNow: number): void {
    const by = state.status === 'started' ? state.firstMoveBy : undefined;
    const left = by === undefined ? 0 : by - serverNow;
    const text = left > 0 ? noteText(state.turn, you, left, state.tournamentId !== undefined) : '';
    this.element.hidden = text === '';
    if (this.element.textContent !== text) this.element.textContent = text;
  }
}

function noteText(turn: Color, you: Color | null, ms: number, tournament: boolean): string {
  const left = ms < 3_600_000 ? `${Math.ceil(ms / 1000)} s` : timeLeftText(ms);
  if (tournament)
    return turn === you
      ? `Your game has started: make your first move within ${left}, or you lose it.`
      : `${colorTitle(turn)} has ${left} to make a first move, or loses the game.`;
  return turn === you
    ? `Make your first move within ${left}, or the game is aborted.`
    : `${colorTitle(turn)} has ${left} to make a first move, or the game is aborted.`;
}
