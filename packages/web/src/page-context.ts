/** What the app gives every page: where to draw, the engine, and in-app navigation. */
import type { EngineClient } from './engine-client.ts';

export interface PageContext {
  readonly root: HTMLElement;
  readonly engine: EngineClient;
  /** Goes to an app URL (`replace`: changes the address without a new page). */
  readonly navigate: (url: string, replace?: boolean) => void;
}
