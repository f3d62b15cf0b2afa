/**
 * A code chunk loaded on demand, whose module is then available synchronously. Unlike `React.lazy`,
 * a screen whose chunk was preloaded (by the controller, on navigation) renders at once and never
 * suspends, so React's throttling of Suspense reveals never delays it. A failed import is not
 * cached: `load()` tries again.
 *
 * The loaded module is code, not player state: sharing it between players is what the module
 * graph does anyway.
 */
export interface LazyModule<T> {
  /** The module, once loaded. */
  readonly current: T | undefined;
  /** Start (or join) the import; a failure clears it so that the next call imports again. */
  load(): Promise<T>;
}

export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let current: T | undefined;
  let pending: Promise<T> | undefined;
  return {
    get current() {
      return current;
    },
    load() {
      if (current) return Promise.resolve(current);
      pending ??= importer().then(
        (m) => (current = m),
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
  };
}
