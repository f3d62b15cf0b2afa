import { useEffect, useState } from 'react';
import { usePlayer } from './player-context';
import type { LazyModule } from '../core/lazy-module';

export type LazyState<T> =
  { status: 'loading' } | { status: 'ready'; module: T } | { status: 'error'; error: unknown; retry: () => void };

/**
 * Read a lazy module in a component: ready at once when preloaded; otherwise loads (within the player's time limit
 * for a request), with a retry on failure.
 */
export function useLazyModule<T>(mod: LazyModule<T>): LazyState<T> {
  const { controller } = usePlayer();
  const [, setVersion] = useState(0);
  const [failure, setFailure] = useState<{ mod: LazyModule<T>; error: unknown }>();
  const loaded = mod.current;
  const failed = failure?.mod === mod ? failure : undefined;
  useEffect(() => {
    if (loaded || failed) return;
    let live = true;
    mod.load(controller.importLimit()).then(
      () => live && setVersion((v) => v + 1),
      (error: unknown) => live && setFailure({ mod, error }),
    );
    return () => {
      live = false;
    };
  }, [mod, loaded, failed, controller]);
  if (loaded) return { status: 'ready', module: loaded };
  if (failed) return { status: 'error', error: failed.error, retry: () => setFailure(undefined) };
  return { status: 'loading' };
}
