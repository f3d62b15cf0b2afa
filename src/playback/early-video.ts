/**
 * The first video's media request, made in the task of its source's answer (issue 25, the first frame), before the
 * engine's chunk is in: by the entry (src/element/first-requests.ts) for a player on the page when it loaded, or by
 * the playlist loader (src/app/route-loaders.ts) with the playlist's answer. The media loads in a detached `<video>`
 * set up as the html5 adapter sets its own (src/playback/adapters/html5.ts), and the adapter takes that element when
 * it loads the same URL. An element nobody takes within EARLY_VIDEO_KEEP_MS (or a failed one, or one for another
 * URL) is released: its request stops, nothing of it stays.
 */
import type { TimerClock } from '../core/clock';
import type { EarlyVideoOffer, EntryVideo } from '../content/early-requests';

export type { EarlyVideoOffer, EntryVideo };

/** How long a video loading early waits for the engine to take it, ms. */
export const EARLY_VIDEO_KEEP_MS = 10_000;

/** Stops a media element's request and frees its decoder. */
export function releaseVideo(video: HTMLVideoElement): void {
  video.pause();
  video.removeAttribute('src');
  video.load();
  video.remove();
}

/**
 * How much of a media a player loads before it plays: all of it (`auto`, a player a visitor came to watch), or its
 * metadata and first frame only (`metadata`: a lazy player, or one of a page's several, where most are never played).
 */
export type MediaPreload = 'auto' | 'metadata';

/**
 * A video element set up to load as the player's do (the html5 adapter's and the early one's): inline, as much of it as
 * `preload` says, with CORS (the provider sends its headers: frames stay canvasable).
 */
export function newVideo(preload: MediaPreload = 'auto'): HTMLVideoElement {
  const video = document.createElement('video');
  video.playsInline = true;
  video.preload = preload;
  video.crossOrigin = 'anonymous';
  return video;
}

/** A video as a stage shows it (the html5 adapter's, or the early player's before the engine takes it). */
export function stageVideo(video: HTMLVideoElement): HTMLVideoElement {
  video.className = 'media media-video';
  video.setAttribute('aria-hidden', 'true'); // the player's own controls and captions speak for it
  // Nor is it a control: Firefox would put it in the Tab order, and clicks go to the stage beneath as in every engine.
  video.inert = true;
  return video;
}

/** A detached video loading `source` as the html5 adapter would; none when the browser says it cannot play its type. */
export function loadEarlyVideo(
  source: { src: string; type?: string },
  preload: MediaPreload = 'auto',
): EarlyVideoOffer | undefined {
  const video = newVideo(preload);
  if (source.type && !video.canPlayType(source.type)) return undefined;
  if (source.type) video.setAttribute('type', source.type);
  video.src = source.src;
  return { src: source.src, video };
}

/** One player's early video (the controller has one). */
export class EarlyVideo {
  private held?: EarlyVideoOffer & { timer: number };
  /** The entry's video for this player, still on its way: it is the one (`start` makes none meanwhile). */
  private expected?: Promise<EntryVideo | undefined>;
  /** What waits for the video to settle (`settled`). */
  private readonly waiting = new Set<() => void>();

  constructor(
    private readonly timers: TimerClock,
    /** The player's media preload, read as a video is made. */
    private readonly preload: () => MediaPreload = () => 'auto',
  ) {}

  /** Starts loading `source`, unless the entry's video is on its way or this one loads it already. */
  start(source: { src: string; type?: string }): void {
    if (this.expected || this.held?.src === source.src) return;
    const offer = loadEarlyVideo(source, this.preload());
    if (offer) this.hold(offer);
    else this.discard();
  }

  /**
   * The entry's first video for this player, once its source has answered: the video the entry started (released if
   * this player no longer waits for it), or, when the player had started before that answer, its source, loaded here.
   */
  expect(entry: Promise<EntryVideo | undefined>): void {
    this.expected = entry;
    void entry.then((found) => {
      if (this.expected !== entry) return found?.video && releaseVideo(found.video.video);
      this.expected = undefined;
      if (found?.video) this.hold(found.video);
      else if (found) this.start(found.source);
      this.check();
    });
  }

  /** The element loading `src`, once, unless it failed; anything else held is released (an expected one too). */
  take(src: string): HTMLVideoElement | undefined {
    this.expected = undefined;
    const video = this.drop(src);
    this.check();
    return video;
  }

  /** Lets go of what is held: the element when it loads `src` and did not fail (released otherwise). */
  private drop(src: string): HTMLVideoElement | undefined {
    const held = this.held;
    this.held = undefined;
    if (!held) return undefined;
    this.timers.clearTimeout(held.timer);
    if (held.src === src && !held.video.error) return held.video;
    releaseVideo(held.video);
    return undefined;
  }

  /** Releases what is held or expected (the playlist left, the player off the page, the time out). */
  discard(): void {
    this.take('');
  }

  /** A video is held or on its way for this player (the entry's, or one loading), not taken yet. */
  get present(): boolean {
    return this.expected !== undefined || this.held !== undefined;
  }

  /**
   * Settles once no video is on its way (expected, or held without its metadata or a failure), or after `limitMs` on
   * the player's clock: with the video held (and its source) if it has its metadata, else undefined (it failed, was
   * taken or released, or is slower than the limit). With `after` (a source's answer that may start a video here), it
   * looks only once that has settled; the limit counts from the call.
   */
  settled(limitMs: number, after?: Promise<unknown>): Promise<EarlyVideoOffer | undefined> {
    return new Promise((resolve) => {
      let over = false;
      const done = () => {
        if (over) return;
        over = true;
        this.timers.clearTimeout(timer);
        this.waiting.delete(done);
        const held = this.held;
        resolve(held && held.video.readyState > 0 && !held.video.error ? held : undefined);
      };
      const timer = this.timers.setTimeout(done, limitMs);
      const look = () => {
        if (over) return;
        this.waiting.add(done);
        this.check();
      };
      if (after) after.then(look, look);
      else look();
    });
  }

  /** Runs what waits for `settled` once no video is on its way. */
  private check(): void {
    const video = this.held?.video;
    if (this.expected || (video && video.readyState < 1 && !video.error)) return;
    for (const done of [...this.waiting]) done();
  }

  private hold(offer: EarlyVideoOffer): void {
    this.drop('');
    this.held = { ...offer, timer: this.timers.setTimeout(() => this.discard(), EARLY_VIDEO_KEEP_MS) };
    // What waits for it settles with its metadata or failure (a listener left on a video let go does nothing).
    for (const type of ['loadedmetadata', 'error']) offer.video.addEventListener(type, () => this.check());
  }
}
