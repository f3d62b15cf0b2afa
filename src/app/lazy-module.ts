import { useEffect, useState } from 'react';

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

export type LazyState<T> = { status: 'loading' } | { status: 'ready'; module: T } | { status: 'error'; error: unknown; retry: () => void };

/** Read a lazy module in a component: ready at once when preloaded; otherwise loads, with a retry on failure. */
export function useLazyModule<T>(mod: LazyModule<T>): LazyState<T> {
  const [, setVersion] = useState(0);
  const [failure, setFailure] = useState<{ mod: LazyModule<T>; error: unknown }>();
  const loaded = mod.current;
  const failed = failure?.mod === mod ? failure : undefined;
  useEffect(() => {
    if (loaded || failed) return;
    let live = true;
    mod.load().then(
      () => live && setVersion((v) => v + 1),
      (error: unknown) => live && setFailure({ mod, error }),
    );
    return () => {
      live = false;
    };
  }, [mod, loaded, failed]);
  if (loaded) return { status: 'ready', module: loaded };
  if (failed) return { status: 'error', error: failed.error, retry: () => setFailure(undefined) };
  return { status: 'loading' };
}
