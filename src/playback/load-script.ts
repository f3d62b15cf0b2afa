import { safeUrl } from '../content/url';
import { realClock, type Clock } from '../core/clock';
import type { PlayerError } from './types';

/**
 * A load failure that carries a PlayerError shape (`reason`, `message`, optional `code`), so callers can read
 * `.reason` while still getting a real Error (stack, `instanceof`).
 */
export class PlayerLoadError extends Error implements PlayerError {
  readonly reason: PlayerError['reason'];
  readonly code?: number | string;
  readonly retryable?: boolean;

  constructor(
    reason: PlayerError['reason'],
    message: string,
    options: { code?: number | string; cause?: unknown; retryable?: boolean } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'PlayerLoadError';
    this.reason = reason;
    if (options.code !== undefined) this.code = options.code;
    if (options.retryable !== undefined) this.retryable = options.retryable;
  }
}

export interface LoadScriptOptions {
  /** Aborting rejects this call with an AbortError; the shared load carries on for other callers. */
  signal?: AbortSignal;
  /** Applies to the call that injects the script (default 15000 ms); a timed-out load is evicted. */
  timeoutMs?: number;
  /** When it already returns true (the SDK is on the page, e.g. the host loaded it), nothing is injected. */
  isReady?: () => boolean;
  /** The clock of the time limit (the player's; the real one if absent). */
  clock?: Pick<Clock, 'setTimeout' | 'clearTimeout'>;
}

export const DEFAULT_SCRIPT_TIMEOUT_MS = 15000;

/** An http(s) URL (relative URLs resolve against the page). */
export const isHttpUrl = (url: string): boolean => safeUrl(url, document.baseURI) !== undefined;

/** The Trusted Types policy the player's script URLs go through (a page's `trusted-types` directive names it). */
export const TRUSTED_TYPES_POLICY = 'patient-ed-player';

interface TrustedTypesLike {
  createPolicy(
    name: string,
    rules: { createScriptURL(url: string): string },
  ): { createScriptURL(url: string): unknown };
}

/** The SDK URLs the policy accepts: those the player was asked to load (its defaults, or its attributes'). */
const sdkUrls = new Set<string>();
let policy: ReturnType<TrustedTypesLike['createPolicy']> | null | undefined;

/**
 * `url` as a TrustedScriptURL where the browser has Trusted Types (the policy is made once per page and accepts
 * only http(s) SDK URLs handed to `loadScript`); the string itself elsewhere. A page whose policy list does not
 * allow ours (or a second copy of the player, the name taken) gets the string: enforced pages then refuse it.
 */
function trustedScriptUrl(url: string): string {
  const tt = (globalThis as { trustedTypes?: TrustedTypesLike }).trustedTypes;
  if (!tt) return url;
  if (policy === undefined) {
    try {
      policy = tt.createPolicy(TRUSTED_TYPES_POLICY, {
        createScriptURL: (u) => {
          if (sdkUrls.has(u) && isHttpUrl(u)) return u;
          throw new TypeError(`${TRUSTED_TYPES_POLICY}: refused script URL ${u.slice(0, 100)}`);
        },
      });
    } catch {
      policy = null;
    }
  }
  return (policy?.createScriptURL(url) as string | undefined) ?? url;
}

/**
 * The sandbox of the YouTube and Vimeo player iframes: the least that lets the vendors' players play.
 * - `allow-scripts`: the players are scripts.
 * - `allow-same-origin`: the frame keeps its vendor origin. Both SDKs post to that origin and accept only messages
 *   from it (an opaque `null` origin would never become ready), and the players keep their settings in their own
 *   storage. It gives the frame nothing of the host page: the frame is another origin.
 * - `allow-popups` and `allow-popups-to-escape-sandbox`: the vendor's own links (its logo, "Watch on YouTube") open
 *   the vendor's site in a new tab, as a normal page.
 * Left out, among others: top navigation (the frame never moves the host page), forms, modal dialogs, downloads,
 * pointer lock, orientation lock and presentation (casting, which the player's hidden controls do not offer).
 */
export const VENDOR_FRAME_SANDBOX = [
  'allow-scripts',
  'allow-same-origin',
  'allow-popups',
  'allow-popups-to-escape-sandbox',
] as const;

/** The features the player iframes are granted (Permissions Policy), for the vendor's origin only: nothing else. */
export const VENDOR_FRAME_ALLOW = ['autoplay', 'encrypted-media', 'fullscreen', 'picture-in-picture'] as const;

/**
 * A vendor's player iframe, sandboxed from the start: every attribute is set before `src`, and the caller inserts it
 * after (a sandbox set later would only apply from the frame's next navigation). YouTube identifies the embedding
 * site by its referrer (error 153 without one), Vimeo checks it for domain-restricted videos: the frame sends the
 * host's origin (never its path) even when the page's own policy sends none.
 */
export function createVendorFrame(src: string, title: string): HTMLIFrameElement {
  const iframe = document.createElement('iframe');
  iframe.setAttribute('sandbox', VENDOR_FRAME_SANDBOX.join(' '));
  iframe.allow = VENDOR_FRAME_ALLOW.join('; ');
  // No `allowfullscreen`: every supported browser reads `fullscreen` in `allow` (vendor origin only), and Chromium
  // warns in the page's console on every load when both are set.
  iframe.referrerPolicy = 'strict-origin-when-cross-origin';
  iframe.title = title;
  iframe.src = src;
  return iframe;
}

/** One load per document and URL: several players on a page share the vendor SDK. */
const loads = new WeakMap<Document, Map<string, Promise<void>>>();

export const abortError = () => new DOMException('Aborted', 'AbortError');

export const isAbortError = (e: unknown): boolean => e instanceof DOMException && e.name === 'AbortError';

type TimerClock = NonNullable<LoadScriptOptions['clock']>;

function inject(doc: Document, url: string, timeoutMs: number, clock: TimerClock, cache: Map<string, Promise<void>>) {
  const script = doc.createElement('script');
  // Only `src` (never inline code): allowed by strict CSP pages that list the vendor host.
  script.src = trustedScriptUrl(url);
  script.async = true;
  // No nonce is copied from the page's scripts: that would admit any host a host allow-list leaves out. Under
  // 'strict-dynamic' a script the player's trusted script inserts needs none; a host allow-list names the vendor.

  const promise = new Promise<void>((resolve, reject) => {
    const settle = (error?: PlayerLoadError) => {
      clock.clearTimeout(timer);
      script.removeEventListener('load', onLoad);
      script.removeEventListener('error', onError);
      if (!error) return resolve();
      // Evict, so the next call injects a fresh <script> and retries.
      if (cache.get(url) === promise) cache.delete(url);
      script.remove();
      reject(error);
    };
    const onLoad = () => settle();
    const onError = () => settle(new PlayerLoadError('script', `Script failed to load: ${url}`));
    const timedOut = () => settle(new PlayerLoadError('script', `Script load timed out after ${timeoutMs} ms: ${url}`));
    const timer = clock.setTimeout(timedOut, timeoutMs);
    script.addEventListener('load', onLoad);
    script.addEventListener('error', onError);
  });
  // Rejections reach the callers through their own promises; the shared one must not be reported as unhandled.
  promise.catch(() => undefined);
  cache.set(url, promise);
  (doc.head ?? doc.documentElement).append(script);
  return promise;
}

/**
 * Load a classic script once per document and URL.
 *
 * @example
 * await loadScript('https://www.youtube.com/iframe_api', { signal, isReady: () => !!window.YT?.Player });
 */
export function loadScript(url: string, opts: LoadScriptOptions = {}): Promise<void> {
  const { signal, timeoutMs = DEFAULT_SCRIPT_TIMEOUT_MS, isReady, clock = realClock } = opts;
  if (signal?.aborted) return Promise.reject(abortError());
  try {
    if (isReady?.()) return Promise.resolve();
  } catch {
    // A throwing readiness check counts as "not ready".
  }
  // Only an http(s) script URL is ever injected (a `javascript:` or `data:` URL from an attribute is refused).
  // (Trying again cannot help: the URL is the page's choice.)
  if (!isHttpUrl(url))
    return Promise.reject(
      new PlayerLoadError('script', `Refused script URL '${url.slice(0, 100)}' (only http and https)`, {
        retryable: false,
      }),
    );
  sdkUrls.add(url);
  const doc = document;
  let cache = loads.get(doc);
  if (!cache) loads.set(doc, (cache = new Map<string, Promise<void>>()));
  const shared = cache.get(url) ?? inject(doc, url, timeoutMs, clock, cache);
  if (!signal) return shared;

  return new Promise<void>((resolve, reject) => {
    const onAbort = () => {
      cleanup();
      reject(abortError());
    };
    const cleanup = () => signal.removeEventListener('abort', onAbort);
    signal.addEventListener('abort', onAbort, { once: true });
    shared.then(
      () => {
        cleanup();
        resolve();
      },
      // The shared load rejects only with a PlayerLoadError (inject).
      (error: Error) => {
        cleanup();
        reject(error);
      },
    );
  });
}
