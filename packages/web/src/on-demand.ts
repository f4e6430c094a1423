/**
 * A module loaded on first use (a dynamic `import()`, which Vite builds as a chunk of its own), so
 * that the first load of a page carries only what that page needs. Once loaded it is at hand
 * synchronously, so a page already visited is drawn without waiting.
 */
export interface OnDemand<M> {
  /** The module once it has loaded, else null. */
  readonly loaded: () => M | null;
  /** Loads the module (once: later calls share the first load); rejects when it cannot load. */
  readonly load: () => Promise<M>;
}

export function onDemand<M>(importer: () => Promise<M>): OnDemand<M> {
  let module: M | null = null;
  let loading: Promise<M> | null = null;
  return {
    loaded: () => module,
    load: () =>
      (loading ??= importer().then(
        (m) => (module = m),
        (e: unknown) => {
          // A failed load (offline before the app was cached, a chunk gone after an update) may
          // work on the next try.
          loading = null;
          throw e;
        },
      )),
  };
}
