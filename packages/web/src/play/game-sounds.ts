/** The sound of a game's new move (move, capture, check) or of its end, made once per change. */
import type { Game } from '../game.ts';
import { playSound } from '../sound.ts';

export class GameSounds {
  /** What was heard last, so a redraw without a new move stays silent. */
  private heard: { game: Game; plies: number; ended: boolean } | null = null;

  /** Plays the sound of what changed in `game` since the last call (nothing for a new game). */
  update(game: Game): void {
    const plies = game.moves().length;
    const ended = game.end() !== null;
    const heard = this.heard;
    if (heard && heard.game === game) {
      if (ended && !heard.ended) playSound('end');
      else if (plies === heard.plies + 1 && !ended) {
        const last = game.moves()[plies - 1]!;
        if (game.positionAt(plies).isCheck()) playSound('check');
        else playSound(last.capture ? 'capture' : 'move');
      }
    }
    this.heard = { game, plies, ended };
  }
}
