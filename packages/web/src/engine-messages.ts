/** The messages between the page and the engine Worker, one typed map for both sides. */
import type { GameSpec, UciScore } from '@citadel/engine';

export type ToEngine =
  | { readonly type: 'newgame' }
  | {
      readonly type: 'go';
      readonly id: number;
      readonly game: GameSpec;
      readonly level: number;
      readonly movetime: number;
    };

export type FromEngine =
  | {
      readonly type: 'done';
      readonly id: number;
      readonly bestMove: string | null;
      readonly depth: number;
      readonly nodes: number;
      readonly timeMs: number;
      readonly score: UciScore;
    }
  | { readonly type: 'error'; readonly id: number; readonly error: string };
