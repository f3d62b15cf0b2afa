/**
 * Identical GET requests of the players on one page share one network request. While one is in flight, a second
 * player asking for the same URL with the same headers waits for it instead of asking again; once answered, the
 * answer is reused for a short time:
 * - as long as the provider's `Cache-Control: max-age` says, at most FRESH_MAX_MS;
 * - not at all under `no-store`, `no-cache` or `max-age=0`;
 * - FRESH_DEFAULT_MS when the provider sends no `Cache-Control`.
 * What is shared is the answer's text: each player parses its own copy, so no player holds another's objects.
 * A failure is shared only with the players waiting at the time: once settled, the next request asks again. A
 * player that stops waiting (its abort, its time limit) leaves the others waiting; the network request is aborted
 * only when nobody waits for it any more. A request made sooner than the call it is for (the entry's, `lend`; the
 * first video's source asked `ahead` with its playlist) is that call's: answered before anyone took it, its answer is
 * kept for the first asker within LENT_KEEP_MS, whatever Cache-Control says.
 */

/** What the network gave for one request. */
export interface SharedAnswer {
  text: string;
  status: number;
  /** How long the answer may be reused, in ms (from its Cache-Control). */
  freshFor: number;
}

export const FRESH_DEFAULT_MS = 5_000;
export const FRESH_MAX_MS = 60_000;
/** Reused answers kept at most (the oldest goes first), and their total length in characters. */
export const FRESH_MAX_ENTRIES = 64;
export const FRESH_MAX_CHARS = 12 * 1024 * 1024;

/** How long an answer with this Cache-Control header may be reused, in ms. */
export function freshFor(cacheControl: string | null): number {
  if (cacheControl === null) return FRESH_DEFAULT_MS;
  const value = cacheControl.toLowerCase();
  if (/(?:^|[\s,])no-(?:store|cache)\b/.test(value)) return 0;
  const maxAge = /(?:^|[\s,])max-age\s*=\s*"?(\d{1,9})/.exec(value);
  if (!maxAge) return FRESH_DEFAULT_MS;
  return Math.min(FRESH_MAX_MS, Number(maxAge[1]) * 1000);
}

interface InFlight {
  promise: Promise<SharedAnswer>;
  controller: AbortController;
  waiters: number;
  settled: boolean;
  /** A player waited for it, not looking ahead (a lent or look-ahead request's answer is then not kept for another). */
  taken?: boolean;
  /** Made sooner than the calls it is for (`lend`, a look-ahead): if it fails, the calls that joined it ask again. */
  sooner?: boolean;
}

interface Fresh {
  answer: SharedAnswer;
  until: number;
}

/** The waiting of one player: the shared answer, or its own abort's reason as soon as its signal aborts. */
function waitFor<T>(promise: Promise<T>, signal: AbortSignal | undefined, aborted: () => Error): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(aborted());
    const onAbort = () => reject(aborted());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** How long the answer of a request made sooner (`lend`, `ahead`) waits for the first player asking for it. */
export const LENT_KEEP_MS = 10_000;

export class SharedRequests {
  private readonly inFlight = new Map<string, InFlight>();
  private readonly fresh = new Map<string, Fresh>();
  /** Answers of lent requests no player has taken yet: for the first that asks, whatever Cache-Control said. */
  private readonly lent = new Map<string, Fresh>();
  private chars = 0;

  /** `now`: the clock of the reuse times, in ms. */
  constructor(private readonly now: () => number = () => performance.now()) {}

  /**
   * The answer for `key`: a fresh one, the one in flight, or a new request made by `start` (with a signal of its own,
   * aborted only when every player waiting for it has stopped). `signal` ends this caller's wait with `aborted()`.
   * A caller looking `ahead` asks for a request a call of its player will make soon (the first video's source): it
   * leaves a kept answer to that call (for LENT_KEEP_MS more), and the answer of the request it makes is kept for the
   * first asker after it, as a lent one is (`lend`). A request made sooner that fails is not the failure of the calls
   * that joined it: they ask again.
   */
  get(
    key: string,
    start: (signal: AbortSignal) => Promise<SharedAnswer>,
    signal: AbortSignal | undefined,
    aborted: () => Error,
    ahead = false,
  ): Promise<SharedAnswer> {
    const lent = this.lent.get(key);
    if (lent && lent.until > this.now()) {
      if (ahead) lent.until = this.now() + LENT_KEEP_MS;
      else this.lent.delete(key);
      return Promise.resolve(lent.answer);
    }
    if (lent) this.lent.delete(key);
    const fresh = this.fresh.get(key);
    if (fresh && fresh.until > this.now()) return Promise.resolve(fresh.answer);
    if (fresh) this.forget(key);
    if (signal?.aborted) return Promise.reject(aborted());
    let entry = this.inFlight.get(key);
    if (!entry) {
      const controller = new AbortController();
      entry = this.track(key, start(controller.signal), controller);
      entry.sooner = ahead;
    }
    const shared = entry;
    const sooner = !ahead && shared.sooner;
    shared.waiters++;
    if (ahead) this.keepUntaken(key, shared);
    else shared.taken = true;
    const leave = () => {
      shared.waiters--;
      if (shared.waiters === 0 && !shared.settled) {
        if (this.inFlight.get(key) === shared) this.inFlight.delete(key);
        shared.controller.abort();
      }
    };
    const answer = waitFor(shared.promise, signal, aborted).finally(leave);
    // Its failure gone from the requests in flight (`track`), this call's own request follows.
    return sooner
      ? answer.catch((e: unknown) =>
          signal?.aborted ? Promise.reject(e as Error) : this.get(key, start, signal, aborted),
        )
      : answer;
  }

  /**
   * A request made before its player could (the entry's first requests: src/element/first-requests.ts), in flight
   * under `key` as if a player had made it: players asking for it wait for it; `controller` aborts it once every
   * player that waited has stopped. Answered before any player asked, its answer is the first asking player's,
   * within LENT_KEEP_MS, whatever Cache-Control says (it is that player's request, made sooner); a failure is not
   * kept. When `key` is answered or asked for already, it is aborted.
   */
  lend(key: string, answer: Promise<SharedAnswer>, controller: AbortController): void {
    const fresh = this.fresh.get(key);
    if (this.inFlight.has(key) || (fresh && fresh.until > this.now())) return controller.abort();
    const made = this.track(key, answer, controller);
    made.sooner = true;
    this.keepUntaken(key, made);
  }

  /**
   * Keeps `made`'s answer for the first asker within LENT_KEEP_MS if none has taken it by then (those kept longer go);
   * not a failure.
   */
  private keepUntaken(key: string, made: InFlight): void {
    made.promise.then(
      (answer) => {
        if (made.taken) return;
        const now = this.now();
        for (const [other, kept] of this.lent) if (kept.until <= now) this.lent.delete(other);
        this.lent.set(key, { answer, until: now + LENT_KEEP_MS });
      },
      () => undefined, // a failure is its waiters': they ask again
    );
  }

  private track(key: string, promise: Promise<SharedAnswer>, controller: AbortController): InFlight {
    const made: InFlight = { promise, controller, waiters: 0, settled: false };
    this.inFlight.set(key, made);
    promise.then(
      (answer) => {
        made.settled = true;
        if (this.inFlight.get(key) === made) this.inFlight.delete(key);
        this.keep(key, answer);
      },
      () => {
        made.settled = true;
        if (this.inFlight.get(key) === made) this.inFlight.delete(key);
      },
    );
    return made;
  }

  /** Forget every answer kept for reuse (requests in flight go on). */
  clear(): void {
    this.fresh.clear();
    this.lent.clear();
    this.chars = 0;
  }

  private keep(key: string, answer: SharedAnswer): void {
    if (answer.freshFor <= 0 || answer.text.length > FRESH_MAX_CHARS) return;
    this.forget(key);
    this.fresh.set(key, { answer, until: this.now() + answer.freshFor });
    this.chars += answer.text.length;
    for (const oldest of this.fresh.keys()) {
      if (this.fresh.size <= FRESH_MAX_ENTRIES && this.chars <= FRESH_MAX_CHARS) break;
      this.forget(oldest);
    }
  }

  private forget(key: string): void {
    const entry = this.fresh.get(key);
    if (!entry) return;
    this.chars -= entry.answer.text.length;
    this.fresh.delete(key);
  }
}

let page: SharedRequests | undefined;

/** The requests shared by every player of this copy of the code on the page. */
export const pageRequests = (): SharedRequests => (page ??= new SharedRequests());
