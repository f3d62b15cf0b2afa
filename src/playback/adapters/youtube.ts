import { realClock, type Clock } from '../../core/clock';
import {
  DEFAULT_SCRIPT_TIMEOUT_MS,
  PlayerLoadError,
  abortError,
  createVendorFrame,
  isAbortError,
  loadScript,
} from '../load-script';
import type { LoadContext, MediaAdapter, MediaLoader } from '../types';

// The few parts of the YouTube IFrame Player API this adapter uses. They stay in this file (style guide, habit 2).
interface YTEvent<T = unknown> {
  target: YTPlayer;
  data: T;
}
/** Given its iframe, the API drives it as it is: the video and player parameters are in the iframe's URL. */
interface YTPlayerOptions {
  events: {
    onReady(e: YTEvent): void;
    onStateChange(e: YTEvent<number>): void;
    onError(e: YTEvent<number>): void;
  };
}
interface YTPlayer {
  playVideo(): void;
  pauseVideo(): void;
  seekTo(seconds: number, allowSeekAhead: boolean): void;
  setVolume(volume: number): void;
  setPlaybackRate(rate: number): void;
  mute(): void;
  unMute(): void;
  getCurrentTime(): number;
  getDuration(): number;
  destroy(): void;
}
interface YTNamespace {
  Player: new (element: HTMLIFrameElement, options: YTPlayerOptions) => YTPlayer;
}
type YTWindow = typeof globalThis & { YT?: Partial<YTNamespace>; onYouTubeIframeAPIReady?: () => void };

/** YouTube player states (onStateChange data). */
const UNSTARTED = -1;
const ENDED = 0;
const PLAYING = 1;
const PAUSED = 2;
const CUED = 5;

const SCRIPT_ERROR = 'YouTube API load error.';

/** Visitor-facing text per YouTube error code (onError). */
const ERROR_MESSAGES: Record<number, string> = {
  2: 'This YouTube video could not be loaded because its video ID is invalid.',
  5: 'This YouTube video cannot be played in this browser (HTML5 player error).',
  100: 'This YouTube video was not found. It may have been removed or made private.',
  101: 'The owner of this YouTube video does not allow it to be played outside YouTube.',
  150: 'The owner of this YouTube video does not allow it to be played outside YouTube.',
  153: 'This YouTube video could not be played because the page did not identify itself to YouTube.',
};
export const youtubeErrorMessage = (code: number): string =>
  ERROR_MESSAGES[code] ?? `This YouTube video could not be played (YouTube error ${code}).`;

/**
 * The YouTube player page for an item, with the parameters the API would otherwise put in its URL: the API enabled
 * for this page's origin (the player talks only to it), inline on phones, no controls of its own, related videos
 * from the same channel only, no autoplay.
 */
export function youtubeEmbedUrl(videoId: string, origin: string): string {
  const params = new URLSearchParams({
    enablejsapi: '1',
    origin,
    playsinline: '1',
    controls: '0',
    rel: '0',
    modestbranding: '1',
    autoplay: '0',
  });
  return `https://www.youtube.com/embed/${encodeURIComponent(videoId)}?${params}`;
}

const ytWindow = () => globalThis as YTWindow;
const apiPresent = () => typeof ytWindow().YT?.Player === 'function';

/** One pending wait for `onYouTubeIframeAPIReady` per page, however many players are loading. */
let apiPending: Promise<void> | undefined;

function whenApiReady(): Promise<void> {
  if (apiPresent()) return Promise.resolve();
  apiPending ??= new Promise<void>((resolve) => {
    const w = ytWindow();
    // The host page (or another library) may have its own handler: call it too, never replace it.
    const previous = w.onYouTubeIframeAPIReady;
    w.onYouTubeIframeAPIReady = function onYouTubeIframeAPIReady(this: unknown) {
      try {
        if (typeof previous === 'function') previous.call(this);
      } finally {
        if (apiPresent()) {
          apiPending = undefined;
          resolve();
        }
      }
    };
  });
  return apiPending;
}

/** Wait for `YT.Player`, rejecting on abort or after `timeoutMs` of `clock`. */
function waitForApi(signal: AbortSignal, timeoutMs: number, clock: Clock): Promise<YTNamespace> {
  return new Promise<YTNamespace>((resolve, reject) => {
    const done = (error?: Error) => {
      clock.clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      if (error) reject(error);
      else resolve(ytWindow().YT as YTNamespace);
    };
    const onAbort = () => done(abortError());
    const timer = clock.setTimeout(() => done(new Error('YT.Player did not appear')), timeoutMs);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    // whenApiReady never rejects.
    void whenApiReady().then(() => done());
  });
}

function createAdapter(YT: YTNamespace, ctx: LoadContext): Promise<MediaAdapter> {
  const { container, events, signal, item } = ctx;
  const root = document.createElement('div');
  root.className = 'media media-youtube';
  container.append(root);

  let player: YTPlayer | undefined;
  let ready = false;
  let destroyed = false;
  /** Playback was asked for (and not paused since): only then do states -1 / 5 start playing. */
  let wantsPlay = false;
  let lastDuration = 0;

  /** Vendor calls made before the iframe answers (or after it is gone) throw; they are no-ops here. */
  const call = <T>(fn: (p: YTPlayer) => T, fallback: T): T => {
    if (!player || destroyed) return fallback;
    try {
      return fn(player);
    } catch {
      return fallback;
    }
  };
  const duration = () => {
    const d = call((p) => p.getDuration(), 0);
    return Number.isFinite(d) && d > 0 ? d : 0;
  };
  const noteDuration = () => {
    const d = duration();
    if (ready && d > 0 && d !== lastDuration) {
      lastDuration = d;
      events.durationChange(d);
    }
  };

  const adapter: MediaAdapter = {
    kind: 'youtube',
    canvasable: false, // a cross-origin iframe
    play() {
      wantsPlay = true;
      call((p) => p.playVideo(), undefined);
      return Promise.resolve();
    },
    pause: () => {
      wantsPlay = false;
      call((p) => p.pauseVideo(), undefined);
    },
    seek(seconds) {
      const d = duration();
      const s = Math.max(0, Number.isFinite(seconds) ? seconds : 0);
      call((p) => p.seekTo(d > 0 ? Math.min(s, d) : s, true), undefined);
    },
    setVolume: (v) => call((p) => p.setVolume(Math.round(Math.min(1, Math.max(0, v)) * 100)), undefined),
    setMuted: (m) => call((p) => (m ? p.mute() : p.unMute()), undefined),
    // YouTube plays the nearest rate the video offers (0.25 to 2 in its steps).
    setPlaybackRate: (r) => call((p) => p.setPlaybackRate(r), undefined),
    getCurrentTime() {
      const t = call((p) => p.getCurrentTime(), 0);
      return Number.isFinite(t) && t > 0 ? t : 0;
    },
    getDuration: duration,
    destroy() {
      if (destroyed) return;
      const p = player;
      destroyed = true;
      try {
        p?.destroy();
      } catch {
        // already gone
      }
      player = undefined;
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

    const onReady = () => {
      if (destroyed || ready) return;
      ready = true;
      signal.removeEventListener('abort', onAbort);
      adapter.setVolume(ctx.volume);
      adapter.setMuted(ctx.muted);
      lastDuration = duration();
      events.ready(lastDuration);
      resolve(adapter);
    };
    // YouTube states: -1 and 5 start playing; 0 ended; 1 starts tracking; 2 stops tracking.
    const onStateChange = (e: YTEvent<number>) => {
      if (destroyed) return;
      noteDuration();
      switch (e.data) {
        case UNSTARTED:
        case CUED:
          // The spec's "start playing" on -1 / 5, but never against the autoplay rules: only when asked.
          if (wantsPlay) call((p) => p.playVideo(), undefined);
          break;
        case ENDED:
          events.ended();
          break;
        case PLAYING:
          events.playing();
          break;
        case PAUSED:
          events.paused();
          break;
        default: // 3 buffering: nothing to report
      }
    };
    const onError = (e: YTEvent<number>) => {
      if (destroyed) return;
      const code = Number(e.data);
      const message = youtubeErrorMessage(code);
      if (!ready) fail(new PlayerLoadError('vendor', message, { code }));
      else events.error({ reason: 'vendor', code, message });
    };

    try {
      // The player's own iframe, sandboxed from its first navigation: given an element, the API would make the
      // iframe itself and insert it at once, with its own (broader) `allow` and no sandbox.
      const iframe = createVendorFrame(youtubeEmbedUrl(item.videoId!, ctx.origin), 'YouTube');
      root.append(iframe);
      player = new YT.Player(iframe, { events: { onReady, onStateChange, onError } });
    } catch (error) {
      fail(new PlayerLoadError('vendor', 'The YouTube player could not be created.', { cause: error }));
    }
  });
}

/** YouTube items (type MainYoutubeVideo): the IFrame Player API, loaded once per page. */
export const youtubeLoader: MediaLoader = {
  kind: 'youtube',
  canPlay: (item) => item.type === 'MainYoutubeVideo' && !!item.videoId,
  async load(ctx) {
    const { signal } = ctx;
    if (signal.aborted) throw abortError();
    let YT: YTNamespace;
    try {
      const clock = ctx.clock ?? realClock;
      const timeoutMs = DEFAULT_SCRIPT_TIMEOUT_MS;
      await loadScript(ctx.scripts.youtube, { signal, isReady: apiPresent, timeoutMs, clock });
      YT = await waitForApi(signal, timeoutMs, clock);
    } catch (error) {
      if (isAbortError(error)) throw error;
      throw new PlayerLoadError('script', SCRIPT_ERROR, {
        cause: error,
        retryable: (error as PlayerLoadError).retryable,
      });
    }
    return createAdapter(YT, ctx);
  },
};
