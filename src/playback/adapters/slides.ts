import { realClock } from '../../core/clock';
import type { LoadContext, MediaAdapter } from '../types';

/** Default length of a slide without a following slide or runtime (ms). */
export const DEFAULT_SLIDE_MS = 5000;

/** How often a playing presentation checks which slide shows and whether it ended (ms). */
const TICK_MS = 40;

/**
 * Load a slide's image in CORS mode (the provider sends the headers), so that its pixels can be read (screenshots,
 * the annotation's still). A host that sends none fails that load: the image is loaded once more without CORS, shown
 * but not capturable (its `crossOrigin` is then null).
 */
export function loadSlideImage(img: HTMLImageElement, src: string): void {
  img.crossOrigin = 'anonymous'; // before src: the request is made in CORS mode
  img.addEventListener(
    'error',
    () => {
      img.removeAttribute('crossorigin');
      img.src = src;
    },
    { once: true },
  );
  img.src = src;
}

/**
 * Slide presentation adapter: slides (image and/or text) shown on the player's clock, driven exactly like media
 * (play, pause, seek, ended), so every command, the playlist and the progress work the same.
 */
export function createSlidesAdapter(ctx: LoadContext): Promise<MediaAdapter> {
  const { container, events, item } = ctx;
  const clock = ctx.clock ?? realClock;
  const slides = item.slides.length ? [...item.slides].sort((a, b) => a.t - b.t) : [{ text: '', t: 0 }];
  const lastStart = slides[slides.length - 1].t;
  const duration = Math.max(item.runtime * 1000, lastStart + DEFAULT_SLIDE_MS) / 1000;

  const root = document.createElement('div');
  root.className = 'media media-slides';
  const figures = slides.map((s, i) => {
    const figure = document.createElement('figure');
    figure.className = 'slide';
    figure.hidden = i !== 0;
    figure.dataset.slide = String(i);
    if ('image' in s && s.image) {
      const img = document.createElement('img');
      img.alt = '';
      img.decoding = 'async';
      loadSlideImage(img, ctx.staticUrl(s.image));
      figure.append(img);
    }
    if (s.text) {
      const caption = document.createElement('figcaption');
      caption.textContent = s.text; // text, never HTML
      figure.append(caption);
    }
    root.append(figure);
    return figure;
  });
  container.append(root);

  let position = 0; // seconds, while paused
  let startedAt: number | undefined; // clock.now() at (re)start, while playing
  let rate = 1; // the presentation's seconds per second of the player's clock
  let shown = 0;
  let timer: number | undefined;
  let destroyed = false;

  const now = () =>
    startedAt === undefined ? position : Math.min(duration, position + ((clock.now() - startedAt) / 1000) * rate);
  const show = (t: number) => {
    let index = 0;
    for (let i = 0; i < slides.length; i++) if (slides[i].t / 1000 <= t) index = i;
    if (index === shown) return;
    figures[shown].hidden = true;
    figures[index].hidden = false;
    shown = index;
  };
  const tick = () => {
    const t = now();
    show(t);
    if (t >= duration) {
      stopClock();
      position = duration;
      events.ended();
    }
  };
  const stopClock = () => {
    if (startedAt !== undefined) position = now();
    startedAt = undefined;
    clock.clearInterval(timer);
    timer = undefined;
  };

  /** The image of the slide on screen, once it has a picture. */
  const shownImage = () => {
    const img = figures[shown].querySelector('img');
    return img?.complete && img.naturalWidth ? img : undefined;
  };

  const adapter: MediaAdapter = {
    kind: 'slides',
    /** The slide on screen has an image that came with CORS headers (a slide of text only has no picture to save). */
    get canvasable() {
      return shownImage()?.crossOrigin === 'anonymous';
    },
    /** The slide on screen at its own resolution, as PNG data; undefined when it cannot be read. */
    captureFrame() {
      const img = shownImage();
      if (!img) return undefined;
      try {
        const canvas = document.createElement('canvas');
        canvas.width = img.naturalWidth;
        canvas.height = img.naturalHeight;
        canvas.getContext('2d')!.drawImage(img, 0, 0);
        return canvas.toDataURL('image/png');
      } catch {
        return undefined; // a tainted canvas (an image loaded without CORS): not capturable
      }
    },
    /** The slide on screen (its image), for the annotation surface's background. */
    frameSource() {
      const img = shownImage();
      return img ? { source: img, width: img.naturalWidth, height: img.naturalHeight } : undefined;
    },
    play() {
      if (destroyed || startedAt !== undefined) return Promise.resolve();
      if (position >= duration) position = 0;
      startedAt = clock.now();
      timer = clock.setInterval(tick, TICK_MS);
      events.playing();
      return Promise.resolve();
    },
    pause() {
      if (startedAt === undefined) return;
      stopClock();
      events.paused();
    },
    seek(seconds) {
      const playing = startedAt !== undefined;
      position = Math.min(Math.max(0, seconds), duration);
      if (playing) startedAt = clock.now();
      show(position);
    },
    setVolume: () => {},
    setMuted: () => {},
    /** The slides' time runs at `r` times the clock's from now on. */
    setPlaybackRate(r) {
      if (startedAt !== undefined) {
        position = now();
        startedAt = clock.now();
      }
      rate = r;
    },
    getCurrentTime: now,
    getDuration: () => duration,
    destroy() {
      if (destroyed) return;
      destroyed = true;
      stopClock();
      root.remove();
    },
  };
  if (ctx.signal.aborted) {
    adapter.destroy();
    return Promise.reject(new DOMException('Aborted', 'AbortError'));
  }
  queueMicrotask(() => !destroyed && events.ready(duration));
  return Promise.resolve(adapter);
}
