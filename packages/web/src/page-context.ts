/** What the app gives every page: where to draw, the engine, in-app navigation, and its life. */
import type { EngineClient } from './engine-client.ts';

export interface PageContext {
  readonly root: HTMLElement;
  readonly engine: EngineClient;
  /** Goes to an app URL (`replace`: changes the address without a new page). */
  readonly navigate: (url: string, replace?: boolean) => void;
  /**
   * Aborted when the page is left, before the next page is drawn. Everything the page starts
   * that outlives its elements is tied to it (lifetime.ts): a page has no teardown of its own.
   */
  readonly signal: AbortSignal;
}
