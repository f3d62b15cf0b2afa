/**
 * The one HTTP client every provider call goes through: base path per host, the
 * referrer header, AbortSignal, and retries with backoff for idempotent GETs on network errors,
 * 408, 429 and 5xx (never on other 4xx). Success is any 2xx. Each attempt has a timeout: 20 s by default
 * (`request-timeout`), where none (0) would leave a hung provider spinning forever; 0 is still
 * available.
 */
import { realClock, type TimerClock } from '../core/clock';
import { DEFAULT_TIMEOUT_MS } from '../core/request-timeout';
import { lazyModule } from '../core/lazy-module';
import { freshFor, pageRequests, type SharedAnswer, type SharedRequests } from './shared-requests';
import { MAX_BODY_BYTES, readLimited, TOO_LARGE } from './read-body';
import { buildUrl, embeddingReferrer, REFERRER_HEADER, requestInit, requestKey, type Query } from './api-calls';

export { buildUrl, embeddingReferrer, MAX_BODY_BYTES, readLimited, REFERRER_HEADER, TOO_LARGE };

export { DEFAULT_TIMEOUT_MS };

/** The `request-timeout` attribute: whole milliseconds, 0 for none; anything else is the default. */
export const parseTimeout = (value: unknown): number =>
  typeof value === 'string' && /^\d{1,7}$/.test(value.trim()) ? Number(value) : DEFAULT_TIMEOUT_MS;

/** Why a request failed. */
export type HttpErrorReason = 'network' | 'aborted' | 'timeout' | 'status' | 'parse' | 'too-large';

/** Generic messages of the HTTP client, in English; screens translate by `reason`. */
const MESSAGES: Record<HttpErrorReason, (status?: number) => string> = {
  network: () => 'Network Error',
  aborted: () => 'Request aborted',
  timeout: () => 'timeout exceeded',
  status: (status) => `Request failed with status code ${status}`,
  parse: () => 'Invalid response',
  'too-large': () => `Response larger than ${MAX_BODY_BYTES / 1048576} MB`,
};

export class HttpError extends Error {
  readonly reason: HttpErrorReason;
  readonly status: number;
  readonly url: string;
  constructor(reason: HttpErrorReason, url: string, status = 0) {
    super(MESSAGES[reason](status));
    this.name = 'HttpError';
    this.reason = reason;
    this.status = status;
    this.url = url;
  }
}

export interface RetryPolicy {
  /** Extra attempts after the first. */
  retries: number;
  /** First backoff delay in ms; doubled each attempt (with jitter). */
  baseDelay: number;
  maxDelay: number;
}

export const DEFAULT_RETRY: RetryPolicy = { retries: 3, baseDelay: 400, maxDelay: 4000 };

export interface HttpClientOptions {
  /** Value of the referrer header; computed by `embeddingReferrer()` by default. */
  referrer?: string;
  retry?: RetryPolicy;
  /** ms per attempt; 0 = no timeout. Default DEFAULT_TIMEOUT_MS. */
  timeout?: number;
  fetch?: typeof fetch;
  /** The timers of the time limit and the retries' backoff: the player's clock (tests put a fake one there). */
  clock?: TimerClock;
  /**
   * Where identical requests of the page's players meet (see shared-requests): the page's, unless `fetch` is given
   * (another network); null for none.
   */
  shared?: SharedRequests | null;
}

export interface RequestOptions {
  query?: Query;
  signal?: AbortSignal;
  as?: 'json' | 'text';
  /**
   * A request a call of this player will make soon, made sooner (the first video's source): not retried; its answer is
   * kept for the first identical request within LENT_KEEP_MS whatever its Cache-Control, a kept one is left to it,
   * and if it fails, the identical requests that joined it ask again (src/content/shared-requests.ts). Without
   * shared requests, nothing is kept.
   */
  ahead?: boolean;
}

const isRetryableStatus = (s: number) => s === 408 || s === 429 || s >= 500;

/** Whether a failed request may succeed if made again (a network error, a timeout, 408, 429, 5xx). */
export const isRetryable = (error: unknown): boolean => {
  const e = error as Partial<HttpError> | undefined;
  return (
    e?.reason === 'network' || e?.reason === 'timeout' || (e?.reason === 'status' && isRetryableStatus(e.status ?? 0))
  );
};

/** What an abort rejects with: the signal's reason (an AbortError), as an Error. */
const abortReason = (signal: AbortSignal): Error =>
  signal.reason instanceof Error ? signal.reason : new Error(String(signal.reason));

function sleep(clock: TimerClock, ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal));
    const timer = clock.setTimeout(done, ms);
    function done() {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }
    function onAbort() {
      clock.clearTimeout(timer);
      reject(abortReason(signal!));
    }
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** JSON answers this long or longer are parsed in slices of a few ms (a 3 MB profile took 100 to 270 ms at once). */
export const SLICED_PARSE_CHARS = 64 * 1024;
/** The sliced parser (1.5 kB), loaded with the first large answer only: small answers never need it. */
const SLICED_JSON = lazyModule(() => import('./sliced-json'));

/**
 * A JSON answer as JSON.parse gives it (and its SyntaxError); a large one in slices between which the page runs.
 * Should the parser's chunk fail or not arrive within `ms`, the answer is parsed at once.
 */
export async function parseAnswer(text: string, ms: number, signal?: AbortSignal): Promise<unknown> {
  if (text.length < SLICED_PARSE_CHARS) return JSON.parse(text);
  const sliced = await SLICED_JSON.load({ ms }).catch(() => undefined);
  return sliced ? sliced.parseJsonSliced(text, { threshold: SLICED_PARSE_CHARS, signal }) : JSON.parse(text);
}

export class HttpClient {
  private readonly opts: Required<Omit<HttpClientOptions, 'referrer' | 'shared'>> & { referrer: string };
  private readonly shared: SharedRequests | null;

  constructor(options: HttpClientOptions = {}) {
    this.opts = {
      referrer: options.referrer ?? embeddingReferrer(),
      retry: options.retry ?? DEFAULT_RETRY,
      timeout: options.timeout ?? DEFAULT_TIMEOUT_MS,
      fetch: options.fetch ?? ((...args) => globalThis.fetch(...args)),
      clock: options.clock ?? realClock,
    };
    this.shared = options.shared !== undefined ? options.shared : options.fetch ? null : pageRequests();
  }

  /** GET `path` under `base`; JSON by default. Rejects with an HttpError. */
  async get<T>(base: string, path: string, options: RequestOptions = {}): Promise<T> {
    const url = buildUrl(base, path, options.query);
    // A look ahead is not retried: its failure is left to the call it was for.
    if (options.ahead) return this.once<T>(url, options);
    const { retries, baseDelay, maxDelay } = this.opts.retry;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.once<T>(url, options);
      } catch (error) {
        const e = error as HttpError;
        if (!(e.reason === 'network' || (e.reason === 'status' && isRetryableStatus(e.status))) || attempt >= retries)
          throw e;
        const delay = Math.min(maxDelay, baseDelay * 2 ** attempt) * (0.75 + Math.random() * 0.5);
        try {
          await sleep(this.opts.clock, delay, options.signal);
        } catch {
          throw new HttpError('aborted', url);
        }
      }
    }
  }

  /**
   * One attempt: this player's time limit and abort around the answer's text, which may come from a request another
   * player made (the same URL and headers); then this player's own parse of it.
   */
  private async once<T>(url: string, { signal, as = 'json', ahead }: RequestOptions): Promise<T> {
    if (signal?.aborted) throw new HttpError('aborted', url);
    const controller = new AbortController();
    const onAbort = () => controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    let timedOut = false;
    const { clock } = this.opts;
    const timer =
      this.opts.timeout > 0 ? clock.setTimeout(() => ((timedOut = true), controller.abort()), this.opts.timeout) : 0;
    const stopped = () => new HttpError(timedOut ? 'timeout' : 'aborted', url);
    try {
      const answer = this.shared
        ? await this.shared.get(
            requestKey(this.opts.referrer, url),
            (shared) => this.request(url, shared),
            controller.signal,
            stopped,
            ahead,
          )
        : await this.request(url, controller.signal).catch((error: HttpError) => {
            throw controller.signal.aborted ? stopped() : error;
          });
      try {
        return (as === 'text' ? answer.text : await parseAnswer(answer.text, this.opts.timeout, signal)) as T;
      } catch {
        throw new HttpError(signal?.aborted ? 'aborted' : 'parse', url, answer.status);
      }
    } finally {
      if (timer) clock.clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  /** The network request: a 2xx answer's text (at most MAX_BODY_BYTES), or an HttpError. */
  private request(url: string, signal: AbortSignal): Promise<SharedAnswer> {
    const fetching = (async () => this.opts.fetch(url, requestInit(this.opts.referrer, signal)))();
    return readAnswer(url, fetching, signal);
  }
}

/**
 * A request's answer as the players share it: a 2xx answer's text (at most MAX_BODY_BYTES), or an HttpError. `signal`
 * is the request's: aborted, the failure says so. The core reads the entry's first requests so too.
 */
export async function readAnswer(url: string, fetching: Promise<Response>, signal: AbortSignal): Promise<SharedAnswer> {
  let response: Response;
  try {
    response = await fetching;
  } catch {
    throw new HttpError(signal.aborted ? 'aborted' : 'network', url);
  }
  if (response.status < 200 || response.status > 299) throw new HttpError('status', url, response.status);
  try {
    const text = await readLimited(response);
    return { text, status: response.status, freshFor: freshFor(response.headers.get('cache-control')) };
  } catch (error) {
    throw new HttpError(
      error === TOO_LARGE ? 'too-large' : signal.aborted ? 'aborted' : 'network',
      url,
      response.status,
    );
  }
}
