import { DEFAULT_TIMEOUT_MS } from './request-timeout';
import { realClock, type Clock } from './clock';

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
  /**
   * Start (or join) the import; a failure clears it so that the next call imports again. A chunk that does not
   * arrive within `limit.ms` (a request's time limit by default; 0 waits for ever) fails this call with an
   * `ImportTimeoutError`, so that the screen shows its failure and Try again instead of "Loading…" for ever; the
   * import itself goes on (a browser cannot restart a module fetch under way), and a later call joins it.
   */
  load(limit?: ImportLimit): Promise<T>;
}

/** How long one call waits for its chunk, on which clock (tests pass a fake one). */
export interface ImportLimit {
  ms?: number;
  clock?: Pick<Clock, 'setTimeout' | 'clearTimeout'>;
}

/** A chunk that did not arrive in time (a stalled connection never reaches the import's own failure). */
export class ImportTimeoutError extends Error {
  constructor(ms: number) {
    super(`A part of the player did not load within ${ms} ms`);
    this.name = 'ImportTimeoutError';
  }
}

export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let current: T | undefined;
  let pending: Promise<T> | undefined;
  return {
    get current() {
      return current;
    },
    load({ ms = DEFAULT_TIMEOUT_MS, clock = realClock }: ImportLimit = {}) {
      if (current) return Promise.resolve(current);
      const loading = (pending ??= importer().then(
        (m) => (current = m),
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      ));
      if (!(ms > 0)) return loading;
      return new Promise<T>((resolve, reject) => {
        const timer = clock.setTimeout(() => reject(new ImportTimeoutError(ms)), ms);
        loading.then(
          (m) => {
            clock.clearTimeout(timer);
            resolve(m);
          },
          (error: unknown) => {
            clock.clearTimeout(timer);
            reject(error instanceof Error ? error : new Error(String(error)));
          },
        );
      });
    },
  };
}
