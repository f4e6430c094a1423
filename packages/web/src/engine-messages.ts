/** The messages between the page and the engine Worker, one typed map for both sides. */
import type { EngineInfo, GameSpec, UciScore } from '@citadel/engine';

/** Both clocks of a game, in milliseconds, as the engine's time manager reads them. */
export interface EngineClock {
  readonly wtime: number;
  readonly btime: number;
  readonly winc: number;
  readonly binc: number;
}

export type ToEngine =
  | { readonly type: 'newgame' }
  | {
      readonly type: 'go';
      readonly id: number;
      readonly game: GameSpec;
      /** 1-10; 10 is full strength. */
      readonly level: number;
      /** The most time for this move; with a clock, the clock's share may be less. */
      readonly movetime: number;
      /** The game's clocks, when it has a time control: the engine never spends all of its own. */
      readonly clock?: EngineClock;
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
