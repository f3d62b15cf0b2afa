import { chooseSources } from '../source-choice';
import { newVideo, releaseVideo, stageVideo } from '../early-video';
import type { LoadContext, MediaAdapter } from '../types';

/** How far before its duration a media's `ended` is taken for its data running out, in seconds. */
export const EARLY_END_S = 1;

/** HTML5 <video> adapter: hosted/uploaded videos and items with a file (source from the video call) or renditions. */
export function createHtml5Adapter(ctx: LoadContext): Promise<MediaAdapter> {
  const { container, events, signal } = ctx;
  // The sources to try, best first (source-choice.ts): one that fails to load gives way to the next.
  const sources = chooseSources({
    provider: ctx.source,
    renditions: ctx.item.sources ?? [],
    canPlay: (type) => document.createElement('video').canPlayType(type) !== '',
    // The drawn height in device pixels; not laid out yet (a detached load), the window's height stands for it.
    drawnHeight: (container.clientHeight || window.innerHeight) * (window.devicePixelRatio || 1),
  });
  if (!sources.length) return Promise.reject(Object.assign(new Error('No video source'), { reason: 'source' }));
  /** Which of `sources` is loaded. */
  let current = 0;
  /**
   * The longest duration the loaded source has had. A file's duration does not shrink; WebKitGTK's does when the
   * stream's connection has stalled (to the data it has, and its `ended` then comes at that end): the player keeps
   * the file's (its end rule and the early-end check below read this one).
   */
  let longest = 0;
  const duration = () => {
    const d = video.duration;
    if (Number.isFinite(d) && d > longest) longest = d;
    return longest;
  };
  /** An end well before the duration is the data running out, not the end of the video. */
  const endedEarly = () => duration() - video.currentTime > EARLY_END_S;
  // The first source may be loading already (src/playback/early-video.ts, set up as this one): taken as it is.
  const early = ctx.earlyVideo?.(sources[0].src);
  const video = stageVideo(early ?? newVideo(ctx.preload));
  video.controls = false;
  video.disablePictureInPicture = false;
  video.volume = Math.min(1, Math.max(0, ctx.volume));
  video.muted = ctx.muted;
  let destroyed = false;
  let readySent = false;
  /** The media came with CORS headers (frames can be read). A source without them is played without CORS. */
  let cors = true;
  /** The current source sent its metadata (a later failure of it is no CORS matter). */
  let loaded = false;
  /** Where to resume when a source failed after ready and the next one is loading. */
  let resume: { position: number; playing: boolean } | undefined;

  /** Loads source `i`, asking for CORS again (each host answers for itself). */
  const loadSource = (i: number) => {
    current = i;
    longest = 0;
    cors = true;
    loaded = false;
    video.crossOrigin = 'anonymous';
    const { src, type } = sources[i];
    if (type) video.setAttribute('type', type);
    else video.removeAttribute('type');
    video.src = src;
  };
  /**
   * After a media error: asked for with CORS, a source whose host sends no CORS headers fails as "not supported": it
   * may still play without them (its frames then cannot be read: screenshots say so), tried once. Otherwise the next
   * source is loaded (after ready: at the same position, playing if it was). False when none is left: the error is
   * reported.
   */
  const retry = (): boolean => {
    const code = video.error?.code;
    if (cors && !loaded && code === MediaError.MEDIA_ERR_SRC_NOT_SUPPORTED) {
      cors = false;
      video.removeAttribute('crossorigin');
      video.src = sources[current].src;
      return true;
    }
    if (current + 1 >= sources.length || code === MediaError.MEDIA_ERR_ABORTED) return false;
    if (readySent) resume ??= { position: video.currentTime, playing: !video.paused && !video.ended };
    loadSource(current + 1);
    return true;
  };

  const listeners: [string, EventListener][] = [
    ['playing', () => events.playing()],
    ['pause', () => !video.ended && events.paused()],
    // An end well before the duration is the data running out (WebKitGTK ends a stream whose connection has stalled
    // for a while): not the end of the video. The time then stands still while playing, and the stall watchdog
    // reloads the source where it stopped.
    ['ended', () => !endedEarly() && events.ended()],
    ['durationchange', () => duration() > 0 && events.durationChange(duration())],
    [
      'error',
      () => {
        if (!readySent || retry()) return; // before ready, the load below reports (or retries) it
        const code = video.error?.code;
        events.error({ reason: 'media', code, message: video.error?.message || `Media error ${code ?? ''}`.trim() });
      },
    ],
    [
      'loadedmetadata',
      () => {
        loaded = true;
        if (!resume) return;
        video.currentTime = resume.position;
        if (resume.playing) video.play().catch(() => !destroyed && events.paused()); // refused: paused
        resume = undefined;
      },
    ],
  ];
  for (const [type, fn] of listeners) video.addEventListener(type, fn);

  const adapter: MediaAdapter = {
    kind: 'html5',
    get canvasable() {
      return cors;
    },
    play: () => video.play(),
    pause: () => video.pause(),
    seek(seconds) {
      const d = Number.isFinite(video.duration) ? video.duration : Infinity;
      video.currentTime = Math.min(Math.max(0, seconds), d);
    },
    setVolume: (v) => void (video.volume = Math.min(1, Math.max(0, v))),
    setMuted: (m) => void (video.muted = m),
    // The default rate too: a source loaded again (another rendition) keeps the speed.
    setPlaybackRate: (r) => void (video.playbackRate = video.defaultPlaybackRate = r),
    canPictureInPicture: () =>
      document.pictureInPictureEnabled && !video.disablePictureInPicture && video.readyState > 0 && video.isConnected,
    async togglePictureInPicture() {
      // Inside the player's shadow root, the document names the host; the root names the video.
      const root = video.getRootNode() as Document | ShadowRoot;
      if (root.pictureInPictureElement === video) await document.exitPictureInPicture();
      else await video.requestPictureInPicture();
      return root.pictureInPictureElement === video;
    },
    captureFrame() {
      if (!video.videoWidth) return undefined;
      try {
        const canvas = document.createElement('canvas');
        canvas.width = video.videoWidth;
        canvas.height = video.videoHeight;
        canvas.getContext('2d')!.drawImage(video, 0, 0, canvas.width, canvas.height);
        return canvas.toDataURL('image/png');
      } catch {
        return undefined; // a tainted canvas (no CORS on the media): not capturable
      }
    },
    frameSource: () =>
      video.videoWidth ? { source: video, width: video.videoWidth, height: video.videoHeight } : undefined,
    getCurrentTime: () => video.currentTime || 0,
    getDuration: duration,
    destroy() {
      if (destroyed) return;
      destroyed = true;
      for (const [type, fn] of listeners) video.removeEventListener(type, fn);
      releaseVideo(video); // the network connection and the decoder
    },
  };

  return new Promise<MediaAdapter>((resolve, reject) => {
    const onReady = () => {
      if (readySent || destroyed) return;
      readySent = true;
      cleanup();
      events.ready(adapter.getDuration());
      resolve(adapter);
    };
    const onError = () => {
      if (!readySent && retry()) return; // without CORS, or the next source; none left: fails below
      cleanup();
      const code = video.error?.code;
      const error = Object.assign(new Error(video.error?.message || `Media error ${code ?? ''}`.trim()), {
        reason: 'media' as const,
        code,
      });
      adapter.destroy();
      reject(error);
    };
    const onAbort = () => {
      cleanup();
      adapter.destroy();
      reject(new DOMException('Aborted', 'AbortError'));
    };
    const cleanup = () => {
      video.removeEventListener('loadedmetadata', onReady);
      video.removeEventListener('error', onError);
      signal.removeEventListener('abort', onAbort);
    };
    if (signal.aborted) return onAbort();
    video.addEventListener('loadedmetadata', onReady);
    video.addEventListener('error', onError);
    signal.addEventListener('abort', onAbort, { once: true });
    // A taken element has its source set (setting it again would start its load over): it may have its metadata.
    if (!early) loadSource(0);
    container.append(video);
    if (early && video.readyState >= HTMLMediaElement.HAVE_METADATA) {
      loaded = true;
      onReady();
    }
  });
}
