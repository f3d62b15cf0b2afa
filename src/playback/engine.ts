import { ref } from 'valtio/vanilla';
import type { Chapter, Playlist, PlaylistItem } from '../content/playlist';
import type { ProviderApi } from '../content/provider';
import { isRetryable } from '../content/http';
import { safeUrl } from '../content/url';
import { Burst } from '../core/burst';
import { dispatchPlayerEvent } from '../core/events';
import type { Preferences } from '../preferences/defaults';
import { initialPlayback, type IndicatorKind, type NoticeKey, type PlayerState } from '../state/player-state';
import { ANALYTICS, type AnalyticsType } from './analytics';
import { realClock, type Clock } from './clock';
import { loaderFor } from './loaders';
import { nextIndex, prevIndex, setIndex } from './playlist-index';
import { captionLanguages, crossedChapters, furthestWatched, isEnded, muted, newMilestones, seekTarget, steppedVolume, unmuted, withVolume, type VolumeModel } from './rules';
import { checkStall, reloadDelay, startWatch, type StallWatch } from './stall';
import { PLAYER_STATE, TIMING, type PlayerStateValue, type Timing } from './timing';
import { DEFAULT_SCRIPTS, type AdapterEvents, type MediaAdapter, type MediaLoader, type PlayerError } from './types';
import { activeCues, parseVtt, type Cue } from './vtt';

export { searchNextTarget } from '../search/search-next';

export interface EngineDeps {
  state: PlayerState;
  host: HTMLElement;
  api: () => ProviderApi;
  prefs: () => Preferences;
  client: () => string | undefined;
  /** Vendor script URLs (attributes may override them). */
  scripts?: () => Partial<typeof DEFAULT_SCRIPTS>;
  /** Time for the poll, the indicator and the notices (a fake one in tests). */
  clock?: () => Clock;
  /** Timings of spec section 9 (the defaults; tests may pass others). */
  timing?: Timing;
  /** The loader for an item (tests give a fake adapter). */
  loaderFor?: (item: PlaylistItem) => MediaLoader;
  /** The last item of the playlist ended (after the `playlistend` event). */
  onPlaylistEnd?: (code: string) => void;
}

/** Whether the device is touch-first: autoplay is not forced there (spec section 4). */
export const isTouchDevice = () =>
  typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches && (navigator.maxTouchPoints ?? 0) > 0;

/**
 * One player's playback: loads items through their loader + adapter, polls progress every 40 ms,
 * applies the playlist rules and reports state, volume, analytics and playlist end. Every command
 * (UI, keyboard, element methods, messages) ends up here.
 */
export class PlaybackEngine {
  private adapter?: MediaAdapter;
  private stage?: HTMLElement;
  /**
   * What adapters render into. It joins the stage when the player screen renders it; kinds that can
   * load detached (html5) start loading their media before that, so the first frame never waits for
   * a React render.
   */
  private readonly holder: HTMLElement = Object.assign(document.createElement('div'), { className: 'media-holder' });
  /** Loads that prepared their item before the player screen rendered, waiting for its stage. */
  private readonly stageWaiters = new Set<(stage: HTMLElement) => void>();
  private loadAbort?: AbortController;
  private poll?: number;
  private indicatorTimer?: number;
  /** Notices' removal timers (they die with the engine). */
  private readonly noticeTimers = new Set<number>();
  private cues: Cue[] = [];
  private pendingPlay = false;
  /** A playlist was loaded or the volume set: later playlists keep the volume. */
  private volumeChosen = false;
  /** A seek asked for while the item loaded: applied when it is ready. */
  private pendingSeek?: number;
  /** Where the item was when the element left the page: it comes back there (paused) when the stage does. */
  private resumeAt?: { index: number; time: number };
  /** pause() came while the item was loading: it does not start by itself when ready. */
  private pausedWhileLoading = false;
  private noticeId = 0;
  // Per-item analytics bookkeeping.
  private milestones = new Set<number>();
  private started = false;
  private playlistStarted = false;
  private lastTime = 0;
  /** Furthest point watched in the current item (skipping rules). */
  private watched = 0;
  /** The stall watchdog's view of the current item (./stall.ts), and its pending reload. */
  private watch: StallWatch = startWatch(0, 0);
  private recoverTimer?: number;

  constructor(private readonly deps: EngineDeps) {}

  private get timing(): Timing {
    return this.deps.timing ?? TIMING;
  }

  private get clock(): Clock {
    return this.deps.clock?.() ?? realClock;
  }

  private get pb() {
    return this.deps.state.playback;
  }

  /** The playlist currently loaded, if any. */
  get playlist(): Playlist | undefined {
    return this.pb.playlist;
  }
  get currentItem(): PlaylistItem | undefined {
    return this.pb.playlist?.items[this.pb.index];
  }
  get canvasable(): boolean {
    return Boolean(this.adapter?.canvasable && this.adapter.captureFrame);
  }

  /** How playback was when the markup route was entered (the overlay resumes it on leaving, if it was playing). */
  markupEntry?: { playing: boolean; key?: string; index: number };

  /** The markup route is entered: pause now, once, remembering whether it was playing. */
  enterMarkup(): void {
    if (this.markupEntry) return;
    const pb = this.pb;
    this.markupEntry = { playing: pb.player === PLAYER_STATE.PLAYING, key: pb.key, index: pb.index };
    this.pause();
  }

  /** While the annotation overlay is open: the frame with the drawing (the screenshot command saves that). */
  annotationCapture?: () => string | undefined;

  captureFrame(): string | undefined {
    return this.annotationCapture ? this.annotationCapture() : this.adapter?.captureFrame?.();
  }

  /** The current picture for the annotation surface's still background (undefined for vendor iframes). */
  frameSource(): { source: CanvasImageSource; width: number; height: number } | undefined {
    return this.adapter?.frameSource?.();
  }

  /** Leave the playlist (the player screen closed): release the media and report "no playlist". */
  reset(): void {
    const { volume, muted, unmuteVolume } = this.pb;
    this.unloadItem();
    this.pendingPlay = false;
    this.pendingSeek = undefined;
    const next = initialPlayback();
    Object.assign(next, { volume, muted, unmuteVolume });
    const had = this.pb.playlist !== undefined;
    this.deps.state.playback = next;
    if (had) dispatchPlayerEvent(this.deps.host, 'statechange', { state: PLAYER_STATE.NOT_READY });
  }

  /** The element the current adapter renders into; null when the player screen goes away. */
  setStage(stage: HTMLElement | null): void {
    if (stage === (this.stage ?? null)) return;
    const previous = this.stage;
    this.stage = stage ?? undefined;
    if (!stage) {
      this.holder.remove();
      if (previous) this.unloadItem();
      return;
    }
    stage.append(this.holder); // a media loaded (or loading) already shows up here, without a reload
    if (this.adapter && this.pendingPlay) void this.play();
    if (this.stageWaiters.size > 0) {
      const waiters = [...this.stageWaiters];
      this.stageWaiters.clear();
      for (const resolve of waiters) resolve(stage);
    } else if (this.pb.playlist && !this.loadAbort && !this.itemLoads.waiting) {
      // The screen came back with nothing loaded or loading: load the current item, where it was if the element
      // left the page with it (the same viewing).
      const resume = this.resumeAt?.index === this.pb.index ? this.resumeAt : undefined;
      this.resumeAt = undefined;
      void this.loadItem(this.pb.index, this.pendingPlay ? 'yes' : 'no', resume?.time ?? 0, Boolean(resume));
    }
  }

  /** The stage, at once when there is one, else when the player screen renders it (undefined if aborted). */
  private waitForStage(signal: AbortSignal): Promise<HTMLElement | undefined> {
    if (this.stage) return Promise.resolve(this.stage);
    return new Promise((resolve) => {
      const onStage = (stage: HTMLElement) => {
        signal.removeEventListener('abort', onAbort);
        resolve(stage);
      };
      const onAbort = () => {
        this.stageWaiters.delete(onStage);
        resolve(undefined);
      };
      this.stageWaiters.add(onStage);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  /**
   * Start a playlist (its languages resolved against the preferences, with the fallback notices).
   * `resume` continues where the viewer was (the same playlist reloaded for another language).
   */
  loadPlaylist(playlist: Playlist, key: string, index = 0, resume?: { play: boolean; at: number }): void {
    const prefs = this.deps.prefs();
    const previous = this.pb;
    const queued = this.pendingPlay;
    const queuedSeek = resume ? undefined : this.pendingSeek;
    // The volume the viewer (or the host) chose stays with the player from one playlist to the next; only the
    // first one starts from the preferences.
    const keepVolume = this.volumeChosen;
    this.volumeChosen = true;
    this.unloadItem();
    const next = initialPlayback();
    if (keepVolume) {
      next.volume = previous.volume;
      next.muted = previous.muted;
      next.unmuteVolume = previous.unmuteVolume;
    } else if (prefs.audio === 0) {
      // Query audio 0 starts at volume 0.
      next.volume = 0;
      next.muted = true;
      next.unmuteVolume = 1;
    }
    next.playlist = ref(playlist) as Playlist;
    next.key = key;
    next.index = setIndex(index, playlist.items.length);
    next.voLanguage = this.resolveLanguage(prefs.voLanguage, playlist.voLanguages, 'voFallback');
    next.ccLanguage = this.resolveLanguage(prefs.ccLanguage, playlist.ccLanguages, 'ccFallback');
    this.deps.state.playback = next;
    this.playlistStarted = Boolean(resume);
    this.pendingPlay = queued;
    this.pendingSeek = queuedSeek;
    const play = resume?.play ? 'yes' : prefs.autoplay === 1 ? 'auto' : 'no';
    // Started at once, with or without a stage: the item's requests do not wait for the screen.
    void this.loadItem(next.index, play, resume?.at ?? 0, Boolean(resume));
  }

  private resolveLanguage(wanted: string, supported: string[], notice: NoticeKey): string {
    if (supported.length === 0 || supported.includes(wanted)) return wanted;
    if (wanted !== 'en') this.notify('info', notice);
    return 'en';
  }

  /**
   * Load the item at `index` into the stage. `play`: 'yes' plays once ready (a request or the playlist
   * continuing), 'auto' is the autoplay preference (not forced on touch devices: wait for a tap).
   */
  private async loadItem(index: number, play: 'yes' | 'auto' | 'no', startAt = 0, sameViewing = false): Promise<void> {
    const playlist = this.pb.playlist;
    if (!playlist) return;
    this.unloadItem();
    const item = playlist.items[index];
    const pb = this.pb;
    pb.index = index;
    this.pausedWhileLoading = false;
    pb.error = undefined;
    pb.ready = false;
    pb.currentTime = startAt; // where it will start (a shared or resumed item reports that while it loads)
    pb.duration = item?.runtime ?? 0;
    pb.captions = [];
    pb.hasCaptions = false;
    pb.audioDescribed = false;
    this.setPlayerState(PLAYER_STATE.NOT_READY);
    if (!item) return;
    if (!sameViewing) {
      // A new viewing of this item (not the same one reloaded in another language, or after a stall).
      this.watch = startWatch(this.clock.now(), 0);
      this.resumeAfterReload = false;
      this.lost = this.lostReported = false;
      this.milestones = new Set();
      this.started = false;
      this.watched = 0;
    }
    // A flood of item changes (a host sending 100 `next`s) shows each index at once, but asks for media only for the
    // first and the last: within `loadSpacingMs` of a load, the next one waits for the burst to end.
    let started: Promise<void> | undefined;
    this.itemLoads.run(() => {
      started = this.startItem(playlist, index, play, startAt, sameViewing);
    });
    return started;
  }

  /** Item loads (source, captions and adapter) under the flood rule (src/core/burst.ts). */
  private readonly itemLoads = new Burst(
    () => this.clock,
    () => this.timing.loadSpacingMs,
  );

  /** Start an item's requests and its adapter (loadItem prepared the state). */
  private async startItem(playlist: Playlist, index: number, play: 'yes' | 'auto' | 'no', startAt: number, sameViewing: boolean): Promise<void> {
    const item = playlist.items[index];
    const pb = this.pb;
    this.lastTime = 0;
    const abort = (this.loadAbort = new AbortController());
    const loader = (this.deps.loaderFor ?? loaderFor)(item);
    pb.kind = loader.kind;
    const vo = playlist.flags.lang_type === 'dual' ? item.language : pb.voLanguage;
    const prefs = this.deps.prefs();
    const api = this.deps.api();
    if (!sameViewing) this.analytics(ANALYTICS.VIDEO_LOAD, item.code);

    // Everything the item needs starts now and in parallel: captions, the adapter's chunk, the source.
    void this.loadCaptions(item, vo, pb.ccLanguage, abort.signal);
    loader.preload?.().catch(() => undefined); // a failure surfaces from load() below
    let source: { src: string; type?: string } | undefined;
    if (loader.source) {
      try {
        const audioDescriptions = prefs.audioDescriptions === 1;
        pb.audioDescribed = audioDescriptions && item.audioDescriptions.includes(vo);
        source = await loader.source({ item, client: this.deps.client() ?? '', language: vo, cdn: prefs.cdn === 1, api, signal: abort.signal, audioDescriptions });
      } catch (error) {
        if (abort.signal.aborted) return;
        const failure: PlayerError = { kind: 'source', message: (error as Error).message, retryable: isRetryable(error) };
        return this.recovering && failure.retryable ? this.recover(failure, 'sourceError') : this.fail(failure, 'sourceError');
      }
    }
    // Vendor players need their container in the document: they wait for the player screen.
    if (!loader.detached && !(await this.waitForStage(abort.signal))) return;
    if (abort.signal.aborted) return;
    const events: AdapterEvents = {
      // Ready is reported once the adapter is in place (commands can then reach it), see below.
      ready: (duration) => !abort.signal.aborted && this.adapter !== undefined && this.onReady(duration),
      playing: () => !abort.signal.aborted && this.onPlaying(),
      paused: () => !abort.signal.aborted && this.onPaused(),
      ended: () => !abort.signal.aborted && this.onEnded(),
      durationChange: (d) => {
        if (!abort.signal.aborted && d > 0) this.pb.duration = d;
      },
      // A network error mid-file (MediaError 2) may pass: the watchdog reloads; other errors are shown.
      error: (e) => !abort.signal.aborted && (e.kind === 'media' && e.code === 2 ? this.recover(e) : this.fail(e, e.kind === 'vendor' ? 'vendorError' : 'mediaError')),
    };
    const scripts = { ...DEFAULT_SCRIPTS, ...this.deps.scripts?.() };
    // An SDK or player that never answers, a media server that never sends metadata: the load has a limit.
    const limit = new AbortController();
    const limitTimer = this.clock.setTimeout(() => limit.abort(), this.timing.mediaLoadMs);
    try {
      const adapter = await loader.load({
        container: this.holder,
        item,
        events,
        signal: AbortSignal.any([abort.signal, limit.signal]),
        origin: location.origin,
        source,
        scripts,
        staticUrl: (path) => safeUrl(path, api.hosts.static) ?? '',
        volume: this.pb.muted ? 0 : this.pb.volume,
        muted: this.pb.muted,
      });
      this.clock.clearTimeout(limitTimer);
      if (abort.signal.aborted) return adapter.destroy();
      this.adapter = adapter;
      adapter.setVolume(this.pb.volume);
      adapter.setMuted(this.pb.muted);
      if (startAt > 0) {
        adapter.seek(startAt);
        this.lastTime = this.watched = startAt;
        this.pb.currentTime = startAt;
      }
      const seekTo = this.pendingSeek;
      this.pendingSeek = undefined;
      if (seekTo !== undefined) this.seek(seekTo); // the skipping rule applies as to any seek
      this.startPolling();
      if (!this.pb.ready) this.onReady(adapter.getDuration());
      // A pause asked for while the item loaded (annotation entered, the host paused) wins over its autoplay.
      if (this.pausedWhileLoading) this.pausedWhileLoading = false;
      else if (play === 'yes' || this.pendingPlay) void this.play();
      else if (play === 'auto') {
        if (isTouchDevice()) this.pb.awaitingTap = true;
        else void this.play();
      }
    } catch (error) {
      this.clock.clearTimeout(limitTimer);
      if (abort.signal.aborted) return;
      const vendorKind = loader.kind === 'youtube' || loader.kind === 'vimeo';
      const sdkNotice = loader.kind === 'vimeo' ? 'vimeoScript' : 'youtubeScript';
      const e = error as Partial<PlayerError> & Error;
      let failure: PlayerError = { kind: e.kind === 'vendor' ? 'vendor' : 'media', code: e.code, message: e.message };
      if (limit.signal.aborted) failure = { kind: vendorKind ? 'script' : 'media', message: `The ${vendorKind ? 'player' : 'media'} was not ready within ${this.timing.mediaLoadMs / 1000} s`, retryable: true };
      else if (e.kind === 'script') failure = { kind: 'script', message: e.message, retryable: e.retryable };
      const notice = failure.kind === 'script' ? sdkNotice : failure.kind === 'vendor' ? 'vendorError' : 'mediaError';
      if (this.recovering && failure.kind === 'media') this.recover(failure, notice);
      else this.fail(failure, notice);
    }
  }

  /**
   * The audioDescriptions preference changed: an item that has an audio-described variant in its language
   * switches to it (or back), at the same time and in the same play state.
   */
  setAudioDescriptions(on: boolean): void {
    const pb = this.pb;
    const item = pb.playlist?.items[pb.index];
    if (!item || pb.audioDescribed === on) return;
    const vo = pb.playlist!.flags.lang_type === 'dual' ? item.language : pb.voLanguage;
    if (!item.audioDescriptions.includes(vo)) return;
    const playing = pb.player === PLAYER_STATE.PLAYING;
    void this.loadItem(pb.index, playing ? 'yes' : 'no', this.adapter?.getCurrentTime() ?? pb.currentTime, true);
  }

  /** The caption language preference changed: reload only the captions (English when unsupported). */
  setCaptionLanguage(wanted: string): void {
    const pb = this.pb;
    const playlist = pb.playlist;
    const item = this.currentItem;
    if (!playlist || !item) return;
    const cc = this.resolveLanguage(wanted, playlist.ccLanguages, 'ccFallback');
    if (cc === pb.ccLanguage) return;
    pb.ccLanguage = cc;
    pb.captions = [];
    const vo = playlist.flags.lang_type === 'dual' ? item.language : pb.voLanguage;
    const signal = this.loadAbort?.signal ?? new AbortController().signal;
    // The captions of the language left go at once; a flood of changes (the `cc-language` attribute set again and
    // again) asks for the first language's and the last one's only.
    this.captionsAbort?.abort();
    this.cues = [];
    pb.cues = ref([]);
    this.captionLoads.run(() => void this.loadCaptions(item, vo, cc, signal));
  }

  /** Caption-language changes under the flood rule (src/core/burst.ts); an item load drops the one waiting. */
  private readonly captionLoads = new Burst(
    () => this.clock,
    () => this.timing.loadSpacingMs,
  );

  /** The caption load under way: a newer one (another language chosen quickly) aborts it. */
  private captionsAbort?: AbortController;

  private async loadCaptions(item: PlaylistItem, vo: string, cc: string, itemSignal: AbortSignal): Promise<void> {
    this.captionsAbort?.abort();
    const own = (this.captionsAbort = new AbortController());
    // Aborted with the item, or by the next caption load: the last language chosen wins.
    const signal = AbortSignal.any([itemSignal, own.signal]);
    const id = item.videoId ?? item.file;
    this.cues = [];
    this.pb.cues = ref([]);
    if (!id || !(item.file || item.type === 'MainHostedVideo' || item.type === 'MainUploadedVideo')) return;
    const api = this.deps.api();
    for (const lang of captionLanguages(cc)) {
      try {
        const cues = parseVtt(await api.captions(id, vo, lang, signal));
        if (signal.aborted) return;
        this.cues = cues;
        this.pb.cues = ref(cues);
        this.pb.hasCaptions = cues.length > 0;
        return;
      } catch {
        if (signal.aborted) return;
      }
    }
  }

  private unloadItem(): void {
    this.playAsked = false;
    this.clock.clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.clock.clearTimeout(this.recoverTimer);
    this.recoverTimer = undefined;
    this.itemLoads.cancel();
    this.captionLoads.cancel();
    this.pb.buffering = false;
    this.loadAbort?.abort();
    this.loadAbort = undefined;
    this.stopPolling();
    this.adapter?.destroy();
    this.adapter = undefined;
  }

  /** Release everything (the element left the page or the playlist screen closed). */
  dispose(): void {
    const pb = this.pb;
    if (pb.playlist && (this.adapter || this.loadAbort)) {
      this.resumeAt = { index: pb.index, time: this.adapter?.getCurrentTime() || pb.currentTime };
      // The media is released: not ready (and not playing) until the element is back on a page.
      pb.ready = false;
      this.setPlayerState(PLAYER_STATE.NOT_READY);
    }
    this.pendingSeek = undefined;
    this.unloadItem();
    this.stageWaiters.clear();
    this.clock.clearTimeout(this.indicatorTimer);
    this.indicatorTimer = undefined;
    for (const timer of this.noticeTimers) this.clock.clearTimeout(timer);
    this.noticeTimers.clear();
    this.stage = undefined;
  }

  // ---- adapter events -------------------------------------------------------------------------

  private onReady(duration: number): void {
    const pb = this.pb;
    pb.ready = true;
    if (duration > 0) pb.duration = duration;
    this.setPlayerState(PLAYER_STATE.IDLE);
  }

  private onPlaying(): void {
    const pb = this.pb;
    this.resumeAfterReload = false;
    this.lost = this.lostReported = false;
    // Playing again by itself (the data came after all): whatever failed is over.
    if (pb.error) pb.error = undefined;
    pb.awaitingTap = false;
    this.pendingPlay = false;
    const item = this.currentItem;
    if (item && !this.started) {
      this.started = true;
      if (!this.playlistStarted) {
        this.playlistStarted = true;
        this.analytics(ANALYTICS.PLAYLIST_START, pb.playlist!.code);
      } else {
        this.analytics(ANALYTICS.PLAYLIST_ITEM, item.code);
      }
      this.analytics(ANALYTICS.VIDEO_START, item.code);
    }
    this.setPlayerState(PLAYER_STATE.PLAYING);
  }

  private onPaused(): void {
    if (this.pb.player === PLAYER_STATE.ENDED) return;
    this.setPlayerState(PLAYER_STATE.PAUSED);
  }

  private onEnded(): void {
    const pb = this.pb;
    if (pb.player === PLAYER_STATE.ENDED || !pb.playlist) return;
    const item = this.currentItem;
    if (item) {
      this.sendMilestones(100);
      this.analytics(ANALYTICS.VIDEO_END, item.code);
    }
    pb.currentTime = pb.duration;
    this.setPlayerState(PLAYER_STATE.ENDED);
    // Ending an item advances the playlist; the end of the playlist sends a playlist-end event.
    if (pb.index < pb.playlist.items.length - 1) {
      void this.loadItem(pb.index + 1, 'yes');
    } else {
      this.stopPolling();
      // The end may be detected before the media's own end (< 0.1 s left): stop it there too.
      this.adapter?.pause();
      this.analytics(ANALYTICS.PLAYLIST_END, pb.playlist.code);
      dispatchPlayerEvent(this.deps.host, 'playlistend', { code: pb.playlist.code });
      this.deps.onPlaylistEnd?.(pb.playlist.code);
    }
  }

  /**
   * A failure that may pass while the item was playing (a stall, a network error mid-file, or a reload that met
   * one): reload the source at the same time and in the same play state after the watchdog's backoff, up to its
   * reload limit; then fail.
   */
  private recover(error: PlayerError, notice: NoticeKey = 'mediaError'): void {
    if (this.watch.reloads >= this.timing.stallReloads) {
      // Given up for now: the item keeps trying, slowly, until it plays again (fail() schedules it).
      this.lost = true;
      return this.fail(error, notice);
    }
    if (this.recoverTimer !== undefined) return;
    // Where it stood: the media's time, or (a reload that failed before its media) where that reload was to start.
    const at = this.adapter?.getCurrentTime() || this.pb.currentTime;
    // Plays on if it was playing (or asked to); a pause during the wait wins (pause() clears it).
    this.resumeAfterReload ||= this.pb.player === PLAYER_STATE.PLAYING || this.playAsked;
    this.pb.buffering = true;
    this.recoverTimer = this.clock.setTimeout(() => {
      this.recoverTimer = undefined;
      const reloads = this.watch.reloads + 1;
      void this.loadItem(this.pb.index, this.resumeAfterReload ? 'yes' : 'no', at, true);
      this.watch = startWatch(this.clock.now(), at, reloads);
    }, reloadDelay(this.watch.reloads, this.timing));
  }

  /** Whether the item was playing (or about to) when a recovery started: the reload plays on. */
  private resumeAfterReload = false;
  /** The watchdog gave up on the current item: it retries every `retryEveryMs` (reported once) until it plays. */
  private lost = false;
  private lostReported = false;
  private retryTimer?: number;
  /** Playback was asked of the adapter and not paused, ended or refused since (it may not have started yet). */
  private playAsked = false;

  /** A load that failed during a recovery (the network still down) waits and tries again, as the stall did. */
  private get recovering(): boolean {
    return this.watch.reloads > 0;
  }

  private lastScreenshot = -Infinity;

  /** Whether a screenshot may be taken now (at most one per `screenshotSpacingMs`, floods included); takes the turn. */
  screenshotTurn(): boolean {
    const now = this.clock.now();
    if (now - this.lastScreenshot < this.timing.screenshotSpacingMs) return false;
    this.lastScreenshot = now;
    return true;
  }

  /** Try the current item again after a failure (the stage's "Try again", the network coming back). */
  retry(): boolean {
    const pb = this.pb;
    if (!pb.error?.retryable || !pb.playlist) return false;
    this.watch = startWatch(this.clock.now(), pb.currentTime);
    void this.loadItem(pb.index, this.resumeAfterReload ? 'yes' : 'no', pb.currentTime, true);
    return true;
  }

  private fail(error: PlayerError, notice: NoticeKey): void {
    // "Try again" plays on if the item was playing or about to.
    this.resumeAfterReload ||= this.pb.player === PLAYER_STATE.PLAYING || this.pendingPlay || this.playAsked;
    const retryable = error.retryable ?? error.kind !== 'vendor';
    error = { ...error, retryable };
    this.pb.buffering = false;
    this.pb.error = error;
    this.pendingPlay = false;
    // A media lost mid-playback (the watchdog's reloads used up) tries again every `retryEveryMs` while the item stays,
    // so it comes back by itself when the network does, whatever the browser's online state says. The host page and
    // the visitor hear of it once, not at every attempt.
    const retrying = this.lost && retryable && (error.kind === 'media' || error.kind === 'source');
    if (retrying) this.retryTimer = this.clock.setTimeout(() => this.retry(), this.timing.retryEveryMs);
    if (!(retrying && this.lostReported)) {
      this.lostReported = retrying;
      // Told to the host page too. A vendor's refusal (a removed or private video) stays refused; the rest may pass.
      const code = error.kind === 'script' ? 'sdk' : error.kind === 'source' ? 'source' : error.kind === 'vendor' ? 'vendor' : 'media';
      dispatchPlayerEvent(this.deps.host, 'error', { code, message: error.message, retryable });
      this.notify('error', notice);
    }
    if (this.pb.player !== PLAYER_STATE.NOT_READY) this.setPlayerState(PLAYER_STATE.IDLE);
  }

  // ---- progress -------------------------------------------------------------------------------

  private startPolling(): void {
    this.stopPolling();
    this.poll = this.clock.setInterval(() => this.tick(), this.timing.pollMs);
  }
  private stopPolling(): void {
    if (this.poll) this.clock.clearInterval(this.poll);
    this.poll = undefined;
  }

  private tick(): void {
    const adapter = this.adapter;
    if (!adapter) return;
    const pb = this.pb;
    const t = adapter.getCurrentTime();
    const d = adapter.getDuration() || pb.duration;
    if (d > 0 && d !== pb.duration) pb.duration = d;
    if (t !== pb.currentTime) pb.currentTime = t;
    const moving = pb.player === PLAYER_STATE.PLAYING || (this.playAsked && pb.player !== PLAYER_STATE.ENDED && !pb.error);
    // Moving again while a reload waits for its backoff: it is not needed any more.
    if (moving && t !== this.watch.time && this.recoverTimer !== undefined) {
      this.clock.clearTimeout(this.recoverTimer);
      this.recoverTimer = undefined;
    }
    const stall = checkStall(this.watch, this.clock.now(), t, moving, this.timing);
    this.watch = stall.watch;
    if (pb.buffering !== stall.buffering) pb.buffering = stall.buffering;
    if (stall.action !== 'none') return this.recover({ kind: 'media', message: `Playback stalled: no progress for ${this.timing.stallMs / 1000} s`, retryable: true });
    this.watched = furthestWatched(this.watched, t);
    const lines = activeCues(this.cues, t);
    if (lines.join('\n') !== pb.captions.join('\n')) pb.captions = lines;
    if (pb.player === PLAYER_STATE.PLAYING && d > 0) {
      const item = this.currentItem;
      if (item) {
        this.sendMilestones((t / d) * 100);
        for (const ch of crossedChapters(item.chapters, this.lastTime, t)) this.analytics(ANALYTICS.VIDEO_STEP, `${item.code} ${ch.h}`);
      }
      if (isEnded(t, d, this.timing.endThresholdS)) this.onEnded();
    }
    this.lastTime = t;
  }

  private sendMilestones(percent: number): void {
    const item = this.currentItem;
    if (!item) return;
    for (const m of newMilestones(this.milestones, percent)) {
      this.milestones.add(m);
      this.analytics(ANALYTICS.VIDEO_PERCENT, `${item.code} ${m}%`);
    }
  }

  // ---- reporting ------------------------------------------------------------------------------

  private setPlayerState(value: PlayerStateValue): void {
    const pb = this.pb;
    if (pb.player === value) return;
    pb.player = value;
    const withTimes = value === PLAYER_STATE.PLAYING || value === PLAYER_STATE.PAUSED || value === PLAYER_STATE.ENDED;
    dispatchPlayerEvent(
      this.deps.host,
      'statechange',
      withTimes ? { state: value, duration: pb.duration, currentTime: pb.currentTime } : { state: value },
    );
  }

  private analytics(type: AnalyticsType, label: string): void {
    if (this.deps.prefs().googleAnalytics !== 1) return;
    dispatchPlayerEvent(this.deps.host, 'analytics', { type, label });
  }

  /** The brochure link was followed. */
  brochureOpened(url: string): void {
    this.analytics(ANALYTICS.BROCHURE, url);
  }

  /** Show a notice for 5000 ms (spec section 9). */
  notify(kind: 'info' | 'error', key: NoticeKey): void {
    const id = ++this.noticeId;
    const list = this.deps.state.notifications;
    list.push({ id, kind, key });
    const timer = this.clock.setTimeout(() => {
      this.noticeTimers.delete(timer);
      const at = list.findIndex((n) => n.id === id);
      if (at >= 0) list.splice(at, 1);
    }, this.timing.notificationMs);
    this.noticeTimers.add(timer);
  }

  private indicate(kind: IndicatorKind, text = ''): void {
    const pb = this.pb;
    pb.indicator = kind;
    pb.indicatorText = text;
    this.clock.clearTimeout(this.indicatorTimer);
    this.indicatorTimer = this.clock.setTimeout(() => {
      pb.indicator = '';
      pb.indicatorText = '';
    }, this.timing.indicatorMs);
  }

  private emitVolume(): void {
    const { volume, muted } = this.pb;
    dispatchPlayerEvent(this.deps.host, 'volumechange', { volume, muted });
  }

  // ---- commands -------------------------------------------------------------------------------

  async play(): Promise<boolean> {
    const adapter = this.adapter;
    if (!adapter || !this.stage) {
      // Queued: plays as soon as the item is ready and on screen (a media loaded before the player
      // screen rendered waits for it: sound and picture start together).
      this.pendingPlay = true;
      return true;
    }
    if (this.pb.player === PLAYER_STATE.ENDED) {
      // Replay: from the start, with progress, captions, milestones and end detection running again.
      this.milestones = new Set();
      this.started = false;
      this.watched = 0;
      this.seek(0);
    }
    if (!this.poll) this.startPolling();
    this.pb.awaitingTap = false;
    this.indicate('play');
    this.playAsked = true;
    try {
      await adapter.play();
      return true;
    } catch (error) {
      if (adapter !== this.adapter) return false;
      const name = (error as DOMException)?.name;
      this.playAsked = false;
      if (name === 'NotAllowedError') {
        this.pendingPlay = false;
        this.pb.awaitingTap = isTouchDevice();
        this.notify('error', 'restricted');
      } else if (name !== 'AbortError') {
        this.fail({ kind: 'media', message: (error as Error)?.message ?? String(error) }, 'mediaError');
      }
      return false;
    }
  }

  /** Pause (also cancels a queued play while an item is loading). */
  pause(): boolean {
    this.pendingPlay = false;
    this.resumeAfterReload = false;
    this.playAsked = false;
    if (!this.pb.ready) this.pausedWhileLoading = true;
    if (!this.adapter) return Boolean(this.pb.playlist);
    this.adapter.pause();
    // Paused as the call answers (the media's own pause event only confirms it, a task later).
    if (this.pb.player === PLAYER_STATE.PLAYING) this.setPlayerState(PLAYER_STATE.PAUSED);
    this.indicate('pause');
    return true;
  }

  toggle(): Promise<boolean> | boolean {
    return this.pb.player === PLAYER_STATE.PLAYING ? this.pause() : this.play();
  }

  /**
   * Skipping is allowed unless the playlist's flags.skip is 0: then seeking past the furthest point
   * watched, and moving to the next item before this one ended, are refused.
   */
  canSkip(): boolean {
    return this.pb.playlist?.allowSkipping !== false || this.pb.player === PLAYER_STATE.ENDED;
  }

  seek(seconds: number): boolean {
    if (!Number.isFinite(seconds)) return false;
    if (!this.adapter) {
      // The item (or its playlist) is still loading, as when a host seeks as soon as the player is ready: applied
      // once it is, like play.
      this.pendingSeek = Math.max(0, seconds);
      this.pb.currentTime = this.pendingSeek;
      return true;
    }
    const d = this.adapter.getDuration() || this.pb.duration;
    const t = seekTarget(seconds, d, this.canSkip(), this.watched, this.pb.currentTime);
    this.adapter.seek(t);
    this.pb.currentTime = t;
    this.lastTime = t;
    if (this.pb.player === PLAYER_STATE.ENDED) this.setPlayerState(PLAYER_STATE.PAUSED);
    if (!this.poll) this.startPolling();
    return true;
  }

  seekBy(delta: number): boolean {
    return this.seek((this.adapter?.getCurrentTime() ?? this.pb.currentTime) + delta);
  }

  /** Seek to a chapter of the current item (0-based index). */
  seekToChapter(chapter: number): boolean {
    const chapters: Chapter[] = this.currentItem?.chapters ?? [];
    if (!Number.isInteger(chapter) || chapter < 0 || chapter >= chapters.length) return false;
    return this.seek(chapters[chapter].f / 1000);
  }

  /** Apply a new volume model (spec section 4 rules in ./rules.ts) to the state and the media. */
  private applyVolume(next: VolumeModel, indicator: IndicatorKind, text = ''): boolean {
    const pb = this.pb;
    this.volumeChosen = true;
    pb.volume = next.volume;
    pb.muted = next.muted;
    pb.unmuteVolume = next.unmuteVolume;
    this.adapter?.setVolume(pb.volume);
    this.adapter?.setMuted(pb.muted);
    this.indicate(indicator, text);
    this.emitVolume();
    return true;
  }

  /** Volume clamped to 0..1; 0 mutes and resets the remembered unmute volume to 1. */
  setVolume(volume: number): boolean {
    if (!Number.isFinite(volume)) return false;
    const next = withVolume(this.pb, volume);
    return this.applyVolume(next, 'volume', `${Math.round(next.volume * 100)}%`);
  }

  changeVolume(delta: number): boolean {
    return this.setVolume(steppedVolume(this.pb, delta));
  }

  /** Mute remembers the current volume. */
  mute(): boolean {
    return this.applyVolume(muted(this.pb), 'mute');
  }

  /** Unmute restores the remembered volume, else 1. */
  unmute(): boolean {
    return this.applyVolume(unmuted(this.pb), 'unmute');
  }

  toggleMute(): boolean {
    return this.pb.muted ? this.unmute() : this.mute();
  }

  /** Set index: out of range or negative resets to 0; reports true. */
  setIndex(index: number, autoplay = this.pb.player === PLAYER_STATE.PLAYING): boolean {
    const playlist = this.pb.playlist;
    if (!playlist) return false;
    this.pendingPlay = false;
    this.pendingSeek = undefined; // a seek asked for the item left behind
    void this.loadItem(setIndex(index, playlist.items.length), autoplay ? 'yes' : 'no');
    return true;
  }

  next(): boolean {
    const playlist = this.pb.playlist;
    if (!playlist || !this.canSkip()) return false;
    return this.setIndex(nextIndex(this.pb.index, playlist.items.length));
  }

  prev(): boolean {
    if (!this.pb.playlist) return false;
    return this.setIndex(prevIndex(this.pb.index));
  }

  /** Stop: report ended, reset the index to 0 and wait. */
  stop(): boolean {
    if (!this.pb.playlist) return false;
    this.adapter?.pause();
    this.setPlayerState(PLAYER_STATE.ENDED);
    this.pendingPlay = false;
    void this.loadItem(0, 'no');
    return true;
  }
}
