import { executeServerCommand } from '@web/test-runner-commands';
import { start } from '../src/element/start';
import type { PatientEdPlayerElement } from '../src/element/player-element';
import { CONTROLLER } from '../src/app/embed-options';
import type { Clock } from '../src/core/clock';

// The player, as the entry starts it (src/entry.ts).
start(import.meta.url);

// Assert on values, never on DOM nodes (`expect(Boolean($(el, 'x'))).to.equal(false)`, not
// `expect($(el, 'x')).to.equal(null)`): when such an assertion fails, the runner cannot serialise the node for
// its report and the whole test file hangs until the run's time limit.

/**
 * Wait real time. Only where no event or state says that what matters has happened (each use says why); elsewhere
 * wait for that event or state (waitFor, an event's promise, the provider's log), or drive the player's clock.
 */
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
/**
 * Resolves in a later task, once every promise reaction queued before it has run: the end of a chain of promise
 * reactions that has no event of its own. Not a wait for time (a message, not a timer).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}
/** The error `promise` rejects with; the test fails if it resolves. */
export async function rejection<E = Error>(promise: Promise<unknown>): Promise<E> {
  try {
    await promise;
  } catch (error) {
    return error as E;
  }
  throw new Error('expected a rejection');
}
/**
 * Replace `object[name]` (its own property or an inherited one) with `value` until the returned function is called,
 * which puts back what was there: the object's own property as it was, or none (the inherited one shows again).
 */
export function replaceProperty<O extends object, K extends keyof O>(object: O, name: K, value: O[K]): () => void {
  const own = Object.getOwnPropertyDescriptor(object, name);
  Object.defineProperty(object, name, { configurable: true, writable: true, value });
  return () => {
    if (own) Object.defineProperty(object, name, own);
    else Reflect.deleteProperty(object, name);
  };
}
/** An answer's JSON body, as the type the test expects of it. */
export const json = async <T>(response: Response): Promise<T> => (await response.json()) as T;
/** The body of a provider's error answer. */
export interface ProviderErrorBody {
  error: { code: string; status: number; message: string };
}
/** The text of a compiled Lingui message (catalog entries are strings or arrays of parts). */
export const flat = (m: unknown): string => (Array.isArray(m) ? m.map(flat).join('') : typeof m === 'string' ? m : '');

declare const __PROVIDER_URL__: string;
declare const __DEMO_URL__: string;
declare const __FAULT_PROVIDER_URL__: string;
export const PROVIDER_URL = __PROVIDER_URL__;
/** A provider instance reserved for fault injection (its hooks and log are not shared with other test files). */
export const FAULT_PROVIDER_URL = __FAULT_PROVIDER_URL__;
export const DEMO_URL = __DEMO_URL__;

/**
 * Wait until `check` returns (or resolves to) a truthy value (polling); fails with `what` (or what it answers then)
 * after `timeout` ms.
 */
export async function waitFor<T>(
  check: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  what: string | (() => string) = 'condition',
  timeout = 8000,
): Promise<T> {
  const start = performance.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (performance.now() - start > timeout)
      throw new Error(`Timed out waiting for ${typeof what === 'function' ? what() : what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The next animation frame (its callbacks, and the resize observers' reports of the frame before, have run). */
export const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));

/**
 * Wait until what `look` sees stays the same for `frames` animation frames in a row, and return it: a layout that
 * has settled (resize observers report once a frame, before it is painted; frames in a row with nothing new
 * measured or rendered mean the measuring is over).
 */
export async function steady<T>(look: () => T, what = 'a steady state', frames = 3, timeout = 8000): Promise<T> {
  const start = performance.now();
  let last = JSON.stringify(look());
  for (let same = 0; same < frames;) {
    await nextFrame();
    const now = JSON.stringify(look());
    same = now === last ? same + 1 : 0;
    last = now;
    if (performance.now() - start > timeout) throw new Error(`Timed out waiting for ${what} (now ${now})`);
  }
  return look();
}

export const shadow = (el: Element) => (el as HTMLElement).shadowRoot!;
export const $ = <E extends Element = HTMLElement>(el: Element, selector: string) =>
  shadow(el).querySelector<E>(selector);
export const $$ = <E extends Element = HTMLElement>(el: Element, selector: string) => [
  ...shadow(el).querySelectorAll<E>(selector),
];
export const text = (el: Element, selector: string) => $(el, selector)?.textContent?.trim() ?? '';

const mounted: HTMLElement[] = [];

/**
 * Create a player with attributes, attach it to the page and wait for its `ready` event.
 * `provider-url` defaults to the reference provider started for the test run.
 */
export async function mountPlayer(
  attrs: Record<string, string> = {},
  {
    waitReady = true,
    clock,
    before,
  }: { waitReady?: boolean; clock?: Clock; before?: (el: PatientEdPlayerElement) => void } = {},
): Promise<PatientEdPlayerElement> {
  const el = document.createElement('patient-ed-player');
  // A fake clock drives the player's timers (engine poll, indicator, notices, controls) in test time.
  if (clock) el[CONTROLLER].clock = clock;
  before?.(el);
  if (!('provider-url' in attrs)) el.setAttribute('provider-url', PROVIDER_URL);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  const ready = new Promise<CustomEvent>((resolve) =>
    el.addEventListener('ready', (e) => resolve(e as CustomEvent), { once: true }),
  );
  document.body.append(el);
  mounted.push(el);
  if (waitReady) await ready;
  return el;
}

/** Remove every player mounted by mountPlayer (call in afterEach). */
export function unmountAll(): void {
  for (const el of mounted.splice(0)) el.remove();
}

/** Wait for the player's in-memory location to reach a path (prefix match with `*`). */
export function waitForPath(el: PatientEdPlayerElement, path: string | RegExp, timeout?: number) {
  return waitFor(
    () => (typeof path === 'string' ? el.currentPath === path : path.test(el.currentPath)),
    `path ${path} (now ${el.currentPath})`,
    timeout,
  );
}

/**
 * The fault provider's hooks, reached through the test runner (in Node): the hooks send no CORS headers, so this
 * page could not call them itself.
 */
const provider = <T = unknown>(command: string, payload?: unknown) =>
  executeServerCommand<T, unknown>(`provider-${command}`, payload);

export const providerLog = () =>
  provider<{ method: string; path: string; referrer?: string | null; status: number | null }[]>('log');
export const clearProviderLog = () => provider('log-clear').then(() => undefined);
/** Make the next `times` requests whose path starts with `path` fail with `status` ('drop' = network error). */
export const failNext = (path: string, status: number | 'drop', times = 1) =>
  provider('fail', { path, status, times }).then(() => undefined);
/** Make the next `times` requests whose path starts with `path` wait `ms` before being answered normally. */
export const delayNext = (path: string, ms: number, times = 1) =>
  provider('fail', { path, delay: ms, times }).then(() => undefined);
/** Answer the next `times` requests whose path starts with `path` with `body` (a JSON text, status 200) instead. */
export const answerNext = (path: string, body: unknown, times = 1) =>
  provider('fail', { path, body: typeof body === 'string' ? body : JSON.stringify(body), times }).then(() => undefined);
/** Send only the first `bytes` of the next `times` answers whose path (and query) starts with `path`, then stall. */
export const hangNext = (path: string, bytes: number, times = 1) =>
  provider('fail', { path, hang: bytes, times }).then(() => undefined);
/** Answer the next `times` requests whose path (and query) starts with `path` as usual, but without CORS headers. */
export const withoutCorsNext = (path: string, times = 1) =>
  provider('fail', { path, cors: false, times }).then(() => undefined);
export const clearFailures = () => provider('clear').then(() => undefined);
/**
 * An HTTP request made from Node to a provider (`main` or `fault`), any method and headers:
 * `{ status, headers, body }`.
 */
export const providerRaw = (request: {
  which?: 'main' | 'fault';
  path: string;
  method?: string;
  headers?: Record<string, string>;
}) => provider<{ status: number; headers: Record<string, string>; body: string }>('raw', request);

/** A request the page made through `fetch`, as `watchRequests` saw it. */
export interface WatchedRequest {
  url: string;
  signal?: AbortSignal | null;
  /** When it left, and when its answer (status and headers) came: steps of one count over all the requests watched. */
  sent: number;
  answered?: number;
  /** Failed, aborted, or answered with all of its body in. */
  over: boolean;
}

/**
 * The page's requests from now on, as they leave: the player's HTTP client asks the global `fetch` at each request.
 * `stop()` puts `fetch` back (call it in a `finally`).
 */
export function watchRequests() {
  const requests: WatchedRequest[] = [];
  let step = 0;
  const original = Object.getOwnPropertyDescriptor(window, 'fetch')!;
  const realFetch: typeof fetch = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const entry: WatchedRequest = {
      url: input instanceof Request ? input.url : String(input),
      signal: init?.signal ?? (input instanceof Request ? input.signal : undefined),
      sent: ++step,
      over: false,
    };
    requests.push(entry);
    const response = realFetch(input, init);
    // Before the caller's reactions (this one was registered first): the body can still be read beside the caller's.
    response
      .then((r) => {
        entry.answered = ++step;
        return r.clone().arrayBuffer();
      })
      .then(
        () => (entry.over = true),
        () => (entry.over = true),
      );
    return response;
  };
  return {
    requests,
    /** The requests to a path (the URL's path ends with it). */
    to: (path: string) => requests.filter((r) => new URL(r.url).pathname.endsWith(path)),
    stop: () => {
      Object.defineProperty(window, 'fetch', original);
    },
  };
}

/** Storage is shared by the page: tests start clean. */
export function clearStorage(): void {
  try {
    localStorage.clear();
  } catch {
    /* ignore */
  }
}

/** Each test starts with clean storage and no pending provider failures, and leaves none behind. */
export function cleanPlayersAndFaults(): void {
  beforeEach(async () => {
    clearStorage();
    await clearFailures();
  });
  afterEach(async () => {
    unmountAll();
    await clearFailures();
  });
}

/**
 * A control of the player's bar as a visitor finds it: its button in the row or, when the bar is too narrow for
 * it, its item in the More menu (opened for it).
 */
export async function findControl(el: Element, name: string): Promise<HTMLElement> {
  const find = () => {
    const found =
      $<HTMLElement>(el, `.control-row [data-control="${name}"]:not(.more-item)`) ??
      $<HTMLElement>(el, `.more-menu [data-control="${name}"]`);
    if (found) return found;
    // Opened here, again if the bar was rendered anew meanwhile (a moved element renders its tree again).
    const more = $<HTMLElement>(el, '[data-control="more"]');
    if (more && more.getAttribute('aria-expanded') !== 'true') more.click();
    return undefined;
  };
  // The bar fits itself to its controls, and controls arrive with the item (captions bring the transcript): the
  // control is returned once it has stayed in place for two frames.
  for (let attempt = 0; attempt < 20; attempt++) {
    const control = await waitFor(find, `control ${name} (in the row or in the More menu)`);
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    if (control.isConnected) return control;
  }
  throw new Error(`control ${name} never stayed in place`);
}

/** The names of every control of the bar, in the row and in the More menu (opened to read it, then closed). */
export async function controlNames(el: Element): Promise<string[]> {
  const more = $<HTMLElement>(el, '[data-control="more"]');
  if (more && more.getAttribute('aria-expanded') !== 'true') more.click();
  if (more) await waitFor(() => $(el, '.more-menu'), 'More menu');
  const names = $$<HTMLElement>(el, '.control-row [data-control]').map((c) => c.dataset.control!);
  if (more) {
    more.click();
    await waitFor(() => !$(el, '.more-menu'), 'More menu closed');
  }
  return names.filter((n) => n !== 'more');
}

/** Elements sticking out of the player sideways (the visually hidden 1px texts aside). */
export function sticking(el: HTMLElement, within = '.shell *'): string[] {
  const box = el.getBoundingClientRect();
  return [...shadow(el).querySelectorAll<HTMLElement>(within)]
    .filter((n) => !n.closest('.visually-hidden, [hidden]') && n.getClientRects().length > 0)
    .filter((n) => {
      const r = n.getBoundingClientRect();
      return r.width > 1 && (r.right > box.right + 1 || r.left < box.left - 1);
    })
    .map((n) => `${n.tagName.toLowerCase()}.${n.className} "${n.textContent?.slice(0, 20)}"`);
}

/**
 * Every JSON.parse call from now on whose text `keep` accepts: its length, and the task it ran in. The first call of a
 * task posts a message; a call after that message has run is in a later task (a lower bound on the tasks).
 */
export function watchParses(keep: (text: string) => boolean) {
  const native = JSON.parse;
  const calls: { chars: number; task: number }[] = [];
  let task = 0;
  let taskOpen = false;
  const channel = new MessageChannel();
  channel.port1.onmessage = () => (taskOpen = false);
  JSON.parse = ((text: string, reviver?: Parameters<typeof JSON.parse>[1]): unknown => {
    if (typeof text === 'string' && keep(text)) {
      if (!taskOpen) {
        taskOpen = true;
        task++;
        channel.port2.postMessage(null);
      }
      calls.push({ chars: text.length, task });
    }
    return native(text, reviver);
  }) as typeof JSON.parse;
  return {
    calls,
    tasks: () => new Set(calls.map((c) => c.task)).size,
    restore: () => {
      JSON.parse = native;
      channel.port1.close();
    },
  };
}

/**
 * A script for the head of a test page (an iframe's `srcdoc`) that records the page's problems from then on in
 * `window.__problems`: CSP violations, errors, unhandled rejections, console errors and warnings.
 */
export const problemWatcher = (nonce?: string) => `<script${nonce ? ` nonce="${nonce}"` : ''}>
    window.__problems = [];
    addEventListener('securitypolicyviolation', (e) =>
      __problems.push('csp: ' + e.violatedDirective + ' ' + e.blockedURI));
    addEventListener('error', (e) => __problems.push('error: ' + e.message));
    addEventListener('unhandledrejection', (e) => __problems.push('rejection: ' + e.reason));
    for (const level of ['error', 'warn']) {
      const original = console[level];
      console[level] = (...args) => { __problems.push(level + ': ' + args.join(' ')); original.apply(console, args); };
    }
  </script>`;
