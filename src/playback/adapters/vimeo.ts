import {
  DEFAULT_SCRIPT_TIMEOUT_MS,
  PlayerLoadError,
  abortError,
  createVendorFrame,
  isAbortError,
  loadScript,
} from '../load-script';
import type { LoadContext, MediaAdapter, MediaLoader, PlayerError } from '../types';

// The few parts of the Vimeo Player SDK (player.js) this adapter uses. They stay in this file (style guide, habit 2).
interface VimeoTimeData {
  seconds?: number;
  duration?: number;
}
/** Shape of the SDK's 'error' event data and of its method rejections (an Error whose name is set). */
interface VimeoErrorData {
  name?: string;
  message?: string;
  method?: string;
}
interface VimeoPlayer {
  ready(): Promise<void>;
  play(): Promise<void>;
  pause(): Promise<void>;
  setCurrentTime(seconds: number): Promise<number>;
  getDuration(): Promise<number>;
  setVolume(volume: number): Promise<number>;
  setMuted(muted: boolean): Promise<boolean>;
  setPlaybackRate(rate: number): Promise<number>;
  destroy(): Promise<void>;
  on(event: string, callback: (data: never) => void): void;
  off(event: string, callback?: (data: never) => void): void;
}
interface VimeoNamespace {
  /** Given its iframe, the SDK drives it as it is (no oEmbed request, no HTML of its own). */
  Player: new (element: HTMLIFrameElement) => VimeoPlayer;
}

/** The Vimeo player page for an item, with the options the SDK would otherwise put in its URL. */
export const vimeoPlayerUrl = (videoId: string): string =>
  `https://player.vimeo.com/video/${encodeURIComponent(videoId)}?controls=0&playsinline=1&dnt=1&autopause=0`;
type VimeoWindow = typeof globalThis & { Vimeo?: Partial<VimeoNamespace> };

const SCRIPT_ERROR = 'Vimeo API load error.';
const GENERIC_ERROR = 'This Vimeo video could not be played.';

/** Visitor-facing text for the SDK's named errors. */
const ERROR_MESSAGES: Record<string, string> = {
  NotFoundError: 'This Vimeo video was not found. It may have been removed or made private.',
  PrivacyError: 'The owner of this Vimeo video does not allow it to be played on this site.',
  PasswordError: 'This Vimeo video is password protected.',
  TypeError: 'This Vimeo video could not be loaded because its video ID is invalid.',
  NotAllowedError: 'The video was unable to be played due to a device restriction.',
};

const vimeoWindow = () => globalThis as VimeoWindow;
const apiPresent = () => typeof vimeoWindow().Vimeo?.Player === 'function';

const finite = (n: unknown): number | undefined => (typeof n === 'number' && Number.isFinite(n) ? n : undefined);

function toPlayerError(error: unknown): PlayerError {
  const data = (error && typeof error === 'object' ? error : {}) as VimeoErrorData;
  const name = typeof data.name === 'string' && data.name ? data.name : undefined;
  const message = (name && ERROR_MESSAGES[name]) || GENERIC_ERROR;
  return { reason: 'vendor', code: name, message };
}

function createAdapter(Vimeo: VimeoNamespace, ctx: LoadContext): Promise<MediaAdapter> {
  const { container, events, signal, item } = ctx;
  const root = document.createElement('div');
  root.className = 'media media-vimeo';
  container.append(root);

  let player: VimeoPlayer | undefined;
  let ready = false;
  let destroyed = false;
  // The SDK only answers asynchronously; the engine polls synchronously every 40 ms, so time is cached.
  let currentTime = 0;
  let duration = 0;

  /** Method rejections never go unhandled: they become error events (after ready, while alive). */
  const route = (error: unknown) => {
    if (!destroyed && ready) events.error(toPlayerError(error));
  };
  const send = (fn: (p: VimeoPlayer) => Promise<unknown>) => {
    if (!player || destroyed) return;
    try {
      fn(player).catch(route);
    } catch (error) {
      route(error);
    }
  };
  const setDuration = (d: number | undefined) => {
    if (d === undefined || d <= 0 || d === duration) return;
    duration = d;
    if (ready) events.durationChange(d);
  };
  const noteTime = (data: VimeoTimeData | undefined) => {
    const s = finite(data?.seconds);
    if (s !== undefined) currentTime = Math.max(0, s);
    setDuration(finite(data?.duration));
  };

  const listeners: [string, (data: never) => void][] = [
    ['play', (data: VimeoTimeData) => (noteTime(data), events.playing())],
    ['playing', (data: VimeoTimeData) => (noteTime(data), events.playing())],
    ['pause', (data: VimeoTimeData) => (noteTime(data), events.paused())],
    [
      'ended',
      (data: VimeoTimeData) => {
        noteTime(data);
        if (duration > 0) currentTime = duration;
        events.ended();
      },
    ],
    ['timeupdate', (data: VimeoTimeData) => noteTime(data)],
    ['seeked', (data: VimeoTimeData) => noteTime(data)],
    ['durationchange', (data: VimeoTimeData) => setDuration(finite(data?.duration))],
    [
      'error',
      (data: VimeoErrorData) => {
        // Errors of a method call also reject that call's promise, which is handled where it was made.
        if (data && typeof data === 'object' && data.method) return;
        events.error(toPlayerError(data));
      },
    ],
  ];
  // No events before ready or after destroy.
  const guarded = listeners.map(([type, fn]) => [type, (data: never) => ready && !destroyed && fn(data)] as const);

  const adapter: MediaAdapter = {
    kind: 'vimeo',
    canvasable: false, // a cross-origin iframe
    play() {
      if (!player || destroyed) return Promise.resolve();
      const p = player;
      // The caller gets the refusal (NotAllowedError) as the interface's DOMException.
      return Promise.resolve()
        .then(() => p.play())
        .then(
          () => undefined,
          (error: unknown) => {
            const e = (error && typeof error === 'object' ? error : {}) as VimeoErrorData;
            if (e.name === 'NotAllowedError')
              throw new DOMException(e.message || 'play() was refused', 'NotAllowedError');
            throw error;
          },
        );
    },
    pause: () => send((p) => p.pause()),
    seek(seconds) {
      const s = Math.max(0, Number.isFinite(seconds) ? seconds : 0);
      const target = duration > 0 ? Math.min(s, duration) : s;
      currentTime = target;
      send((p) =>
        p.setCurrentTime(target).then((actual) => {
          const t = finite(actual);
          if (t !== undefined && !destroyed) currentTime = t;
        }),
      );
    },
    setVolume: (v) => send((p) => p.setVolume(Math.min(1, Math.max(0, v)))),
    setMuted: (m) => send((p) => p.setMuted(m)),
    /** Rejects where the video's owner does not allow speeds (Vimeo's RangeError, or its error for the account). */
    setPlaybackRate(r) {
      const p = player;
      if (!p || destroyed) return Promise.reject(new Error('No Vimeo player'));
      return Promise.resolve().then(() => p.setPlaybackRate(r));
    },
    getCurrentTime: () => currentTime,
    getDuration: () => duration,
    destroy() {
      if (destroyed) return;
      destroyed = true;
      const p = player;
      player = undefined;
      if (p) {
        for (const [type, fn] of guarded) {
          try {
            p.off(type, fn);
          } catch {
            // already gone
          }
        }
        try {
          p.destroy().catch(() => undefined);
        } catch {
          // already gone
        }
      }
      root.remove();
    },
  };

  return new Promise<MediaAdapter>((resolve, reject) => {
    const fail = (error: Error) => {
      signal.removeEventListener('abort', onAbort);
      adapter.destroy();
      reject(error);
    };
    const onAbort = () => fail(abortError());
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });

    let p: VimeoPlayer;
    try {
      // The player's own iframe, sandboxed from its first navigation: given a plain element, the SDK would fetch
      // Vimeo's oEmbed answer and insert its HTML with innerHTML, which a page enforcing Trusted Types refuses (and
      // it costs a request), with no sandbox.
      const iframe = createVendorFrame(vimeoPlayerUrl(item.videoId!), 'Vimeo');
      root.append(iframe);
      p = player = new Vimeo.Player(iframe);
      for (const [type, fn] of guarded) p.on(type, fn);
    } catch (error) {
      return fail(new PlayerLoadError('vendor', 'The Vimeo player could not be created.', { cause: error }));
    }

    p.ready()
      .then(() => p.getDuration().catch(() => 0))
      .then(
        (d) => {
          if (destroyed) return;
          signal.removeEventListener('abort', onAbort);
          duration = finite(d) && d > 0 ? d : 0;
          ready = true;
          adapter.setVolume(ctx.volume);
          adapter.setMuted(ctx.muted);
          events.ready(duration);
          resolve(adapter);
        },
        (error: unknown) => {
          if (destroyed) return;
          const e = toPlayerError(error);
          fail(new PlayerLoadError('vendor', e.message, { code: e.code, cause: error }));
        },
      );
  });
}

/** Vimeo items (type MainVimeoVideo): the Vimeo Player SDK, loaded once per page. */
export const vimeoLoader: MediaLoader = {
  kind: 'vimeo',
  canPlay: (item) => item.type === 'MainVimeoVideo' && !!item.videoId,
  async load(ctx) {
    const { signal } = ctx;
    if (signal.aborted) throw abortError();
    try {
      const timeoutMs = DEFAULT_SCRIPT_TIMEOUT_MS;
      await loadScript(ctx.scripts.vimeo, { signal, isReady: apiPresent, timeoutMs, clock: ctx.clock });
    } catch (error) {
      if (isAbortError(error)) throw error;
      throw new PlayerLoadError('script', SCRIPT_ERROR, {
        cause: error,
        retryable: (error as PlayerLoadError).retryable,
      });
    }
    // player.js defines Vimeo.Player as it runs: after its load event it is there, or the script was not the SDK.
    if (!apiPresent()) throw new PlayerLoadError('script', SCRIPT_ERROR);
    return createAdapter(vimeoWindow().Vimeo as VimeoNamespace, ctx);
  },
};
