import { useCallback, useEffect, useState } from 'react';

export type AsyncState<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  | { status: 'error'; error: unknown };

/**
 * Run `load` whenever `key` changes; aborts the previous run (navigation aborts its requests) and
 * exposes a retry. Results of stale runs are dropped.
 */
export function useAsync<T>(key: string, load: (signal: AbortSignal) => Promise<T>): AsyncState<T> & { retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ key: string; value: AsyncState<T> }>({ key: '', value: { status: 'loading' } });
  useEffect(() => {
    const abort = new AbortController();
    setState({ key, value: { status: 'loading' } });
    load(abort.signal).then(
      (data) => !abort.signal.aborted && setState({ key, value: { status: 'ready', data } }),
      (error) => !abort.signal.aborted && setState({ key, value: { status: 'error', error } }),
    );
    return () => abort.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const value: AsyncState<T> = state.key === key ? state.value : { status: 'loading' };
  return { ...value, retry };
}
