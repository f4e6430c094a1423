/**
 * The online game page's status line: whose move it is (and check), the player's held move or
 * premove, a past move being looked at, or the game waiting or over.
 */
import { colorTitle } from '@citadel/protocol';
import type { OnlineGame } from './online-game.ts';
import type { OnlineMoves } from './online-moves.ts';

export function statusLine(g: OnlineGame, moves: OnlineMoves): string {
  const s = g.state;
  if (!g.board.isLive())
    return `Viewing move ${g.board.viewPly} of ${g.board.moves().length} — ▶ or → to go on`;
  const held = moves.heldMove();
  if (held) return `Confirm or cancel your move ${held}`;
  if (s.status === 'ended') return 'Game over';
  if (s.status === 'waiting') return 'Waiting for an opponent to join';
  const check = g.board.position.isCheck() ? ' — check!' : '';
  if (g.you === null) return `${colorTitle(s.turn)} to move${check} (you are watching)`;
  if (g.myTurn()) return `Your move (${colorTitle(s.turn)})${check}`;
  const pre = moves.pendingPremove();
  return `Waiting for ${colorTitle(s.turn)}${check}${pre ? ` — premove ${pre.from}-${pre.to}` : ''}`;
}
