/** The messages between the page and the engine Worker, one typed map for both sides. */
import type { EngineInfo, GameSpec, UciScore } from '@citadel/engine';

export type ToEngine =
  | { readonly type: 'newgame' }
  | {
      readonly type: 'go';
      readonly id: number;
      readonly game: GameSpec;
      /** 1-10; 10 is full strength. */
      readonly level: number;
      readonly movetime: number;
      /** Lines to search (analysis); 1 when absent. */
      readonly multiPv?: number;
      /** Depth cap (analysis). */
      readonly depth?: number;
      /** Stream `info` messages while searching. */
      readonly info?: boolean;
    };

export interface EngineLine {
  readonly move: string;
  readonly score: UciScore;
  readonly pv: readonly string[];
}

export type FromEngine =
  | {
      readonly type: 'done';
      readonly id: number;
      readonly bestMove: string | null;
      readonly depth: number;
      readonly nodes: number;
      readonly timeMs: number;
      readonly score: UciScore;
      readonly lines: readonly EngineLine[];
    }
  | { readonly type: 'info'; readonly id: number; readonly info: EngineInfo }
  | { readonly type: 'error'; readonly id: number; readonly error: string };
