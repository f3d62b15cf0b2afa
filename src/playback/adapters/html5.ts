import type { LoadContext, MediaAdapter } from '../types';

/** HTML5 <video> adapter: hosted/uploaded videos and items with a file (source from the video call). */
export function createHtml5Adapter(ctx: LoadContext): Promise<MediaAdapter> {
  const { container, events, signal, source } = ctx;
  if (!source) return Promise.reject(Object.assign(new Error('No video source'), { reason: 'source' }));
  const video = document.createElement('video');
  video.className = 'media media-video';
  video.playsInline = true;
  video.preload = 'auto';
  video.crossOrigin = 'anonymous'; // the provider sends CORS headers: frames stay canvasable
  video.controls = false;
  video.disablePictureInPicture = false;
  video.volume = Math.min(1, Math.max(0, ctx.volume));
  video.muted = ctx.muted;
  video.setAttribute('aria-hidden', 'true'); // the player's own controls and captions speak for it
  let destroyed = false;
  let readySent = false;
  /** The media came with CORS headers (frames can be read). A source without them is played without CORS. */
  let cors = true;

  const listeners: [string, EventListener][] = [
    ['playing', () => events.playing()],
    ['pause', () => !video.ended && events.paused()],
    ['ended', () => events.ended()],
    ['durationchange', () => Number.isFinite(video.duration) && events.durationChange(video.duration)],
    [
      'error',
      () => {
        if (!readySent) return; // before ready, the load below reports (or retries) it
        const code = video.error?.code;
        events.error({ reason: 'media', code, message: video.error?.message || `Media error ${code ?? ''}`.trim() });
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
    getDuration: () => (Number.isFinite(video.duration) ? video.duration : 0),
    destroy() {
      if (destroyed) return;
      destroyed = true;
      for (const [type, fn] of listeners) video.removeEventListener(type, fn);
      video.pause();
      video.removeAttribute('src');
      video.load(); // releases the network connection and decoder
      video.remove();
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
      // Asked for with CORS, a source whose host sends no CORS headers fails as "not supported": it may still play
      // without them (its frames then cannot be read: screenshots say so). Tried once; a network error, or a source
      // broken either way, fails below.
      if (cors && !readySent && video.error?.code === MediaError.MEDIA_ERR_SRC_NOT_SUPPORTED) {
        cors = false;
        video.removeAttribute('crossorigin');
        video.src = source.src;
        return;
      }
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
    if (source.type) video.setAttribute('type', source.type);
    video.src = source.src;
    container.append(video);
  });
}
