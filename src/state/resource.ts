import { ref } from 'valtio/vanilla';

/** A load failure as screens show it (HttpError reasons: network, timeout, status, parse). */
export interface LoadError {
  reason: string;
  status: number;
}

export const toLoadError = (error: unknown): LoadError => {
  const e = (error ?? {}) as { reason?: unknown; status?: unknown };
  return {
    reason: typeof e.reason === 'string' ? e.reason : 'parse',
    status: typeof e.status === 'number' ? e.status : 0,
  };
};

/** One keyed request's state, kept in a player's valtio store for its screens to read. */
export interface Resource<T> {
  /** What the data (or the request under way) is for: client, code, languages, host. */
  key?: string;
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** The last data loaded; kept while another key loads, so a screen can keep showing it. */
  data?: T;
  error?: LoadError;
}

export const idleResource = <T>(): Resource<T> => ({ status: 'idle' });

/**
 * Starts and tracks the request of one resource (a proxied `Resource` in the player's state).
 * `load` with the key already loading or loaded does nothing; another key aborts the request under way;
 * an answer for a key that is no longer current is dropped.
 */
export class ResourceSlot<T extends object> {
  private abort?: AbortController;

  constructor(
    private readonly target: Resource<T>,
    /** Told of every failure of a current key (the player's `error` event). */
    private readonly onError?: (error: unknown) => void,
  ) {}

  get key(): string | undefined {
    return this.target.key;
  }

  /** Whether `load(key)` would start a request: the key is not loading, loaded or failed already. */
  needs(key: string): boolean {
    return this.target.key !== key || this.target.status === 'idle';
  }

  /**
   * Load `key` unless it is loading, loaded or failed already (`invalidate` first to load it again: a failure is
   * asked again only by a retry, never by the next navigation or preference change).
   * `onData` runs with the fresh data, and `onError` with a failure, only while the key is still current.
   */
  load(
    key: string,
    fetch: (signal: AbortSignal) => Promise<T>,
    { onData, onError }: { onData?: (data: T) => void; onError?: (error: unknown) => void } = {},
  ): void {
    const t = this.target;
    if (!this.needs(key)) return;
    this.abort?.abort();
    const abort = (this.abort = new AbortController());
    t.key = key;
    t.status = 'loading';
    t.error = undefined;
    fetch(abort.signal).then(
      (data) => {
        if (abort.signal.aborted) return;
        t.data = ref(data);
        t.status = 'ready';
        onData?.(data);
      },
      (error: unknown) => {
        if (abort.signal.aborted) return;
        t.error = toLoadError(error);
        t.status = 'error';
        this.onError?.(error);
        onError?.(error);
      },
    );
  }

  /** Forget the resource (the route no longer needs it). */
  clear(): void {
    this.stop();
    const t = this.target;
    t.key = undefined;
    t.status = 'idle';
    t.data = undefined;
    t.error = undefined;
  }

  /** Load again on the next `load`, whatever the key (retry after a failure); `onlyFailed` leaves a load under way. */
  invalidate(onlyFailed = false): void {
    if (!onlyFailed) this.stop();
    if (this.target.status === 'error') {
      this.target.status = 'idle';
      this.target.key = undefined;
    }
  }

  /** Abort a request under way; the slot can load the same key again later (the element was moved). */
  stop(): void {
    this.abort?.abort();
    this.abort = undefined;
    if (this.target.status === 'loading') {
      this.target.status = 'idle';
      this.target.key = undefined;
    }
  }
}
