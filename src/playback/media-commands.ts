import type { Chapter, Playlist, PlaylistItem } from '../content/playlist';
import { dispatchPlayerEvent } from '../core/events';
import type { NoticeKey, PlayerStore } from '../state/player-store';
import { ANALYTICS, type AnalyticsEvent } from '../core/analytics';
import { realClock, type Clock } from '../core/clock';
import type { OpenerDeps } from './item-load';
import { EARLY_IDLE, IDLE, lifecycle, reported, type Lifecycle, type LifecycleEvent } from './lifecycle';
import { Markup, type MarkupEntry } from './markup';
import { Notices } from './notices';
import { nextIndex, prevIndex, setIndex } from './playlist-index';
import { seekTarget } from './rules';
import { Stage } from './stage';
import { PlaybackRate } from './playback-rate';
import { rateOf } from './rate';
import { PLAYER_STATE, TIMING, type PlayerTime, type Timing } from './timing';
import type { MediaAdapter, MediaLoader, PlayerError } from './types';
import { firstViewing, jumped, newViewing, type Reported } from './viewing';
import { Volume } from './volume';
import { Watchdog } from './watchdog';

export interface EngineDeps extends OpenerDeps {
  state: PlayerStore;
  host: HTMLElement;
  /** Time for every timer of playback: the poll, the watchdog, the notices, the adapters (a fake one in tests). */
  clock?: () => Clock;
  /** Timings (./timing.ts; tests may pass others). */
  timing?: Timing;
  /** The loader for an item (tests give a fake adapter). */
  loaderFor?: (item: PlaylistItem) => MediaLoader;
  /** The last item of the playlist ended (after the `playlistend` event). */
  onPlaylistEnd?: (code: string) => void;
}

/** Whether the device is touch-first: autoplay is not forced there. */
export const isTouchDevice = () =>
  typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches && (navigator.maxTouchPoints ?? 0) > 0;

/** The loads of an item: another item or language (`load`), one chosen (`select`), the same one again (`reload`). */
export type LoadEvent = Extract<LifecycleEvent, { type: 'load' | 'select' | 'reload' }>;

/**
 * The commands a visitor or a host sends to playback (play, pause, seek, volume, items, the annotation hooks), over
 * the player's playback state: the item's lifecycle (./lifecycle.ts), its viewing (./viewing.ts) and the modules.
 * Each command moves the lifecycle and drives the media; loading items and their media is the engine's part
 * (./engine.ts), reached through the three abstract members.
 */
export abstract class MediaCommands {
  protected adapter?: MediaAdapter;
  /** The current item's lifecycle; the host's player state derives from it (`to`). */
  protected life: Lifecycle = IDLE;
  protected viewing = firstViewing();
  /** A seek asked for while the item loaded: applied when it is ready. */
  protected pendingSeek?: number;
  protected poll?: number;
  protected readonly time: PlayerTime = { clock: () => this.clock, timing: () => this.timing };
  protected readonly stage = new Stage();
  /** The stage shows the picture only (the early player while captions are wanted): a play waits for the screen's. */
  protected previewOnly = false;
  protected readonly notices = new Notices(() => this.deps.state, this.time);
  protected readonly watchdog = new Watchdog(this.time);
  private readonly markup = new Markup(this.time);
  private readonly volume = new Volume({
    playback: () => this.pb,
    media: () => this.adapter,
    indicate: (kind, text) => this.notices.indicate(kind, text),
    changed: (volume, muted) => dispatchPlayerEvent(this.deps.host, 'volumechange', { volume, muted }),
  });

  protected readonly rate = new PlaybackRate({
    media: () => this.adapter,
    changed: (rate) => dispatchPlayerEvent(this.deps.host, 'ratechange', { rate }),
  });

  constructor(protected readonly deps: EngineDeps) {
    // Made after the player reported its first video ready: that state holds while the engine loads the video.
    if (deps.state.playback.early) this.life = EARLY_IDLE;
  }

  /** Load the item at `index` (`sameViewing`: the same viewing at `startAt`). */
  protected abstract loadItem(index: number, event: LoadEvent, startAt?: number, sameViewing?: boolean): void;
  /** Tell a failure and show it. */
  protected abstract fail(error: PlayerError, notice: NoticeKey): void;
  protected abstract startPolling(): void;

  protected get timing(): Timing {
    return this.deps.timing ?? TIMING;
  }
  protected get clock(): Clock {
    return this.deps.clock?.() ?? realClock;
  }
  protected get pb() {
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
    return Boolean(this.adapter?.canvasable && typeof this.adapter.captureFrame === 'function');
  }

  /** Move the lifecycle on; the host hears of a change of player state. Leaving a recovery drops its reload. */
  protected to(event: LifecycleEvent): void {
    const was = this.life;
    this.life = lifecycle(was, event);
    if (was.name === 'recovering' && this.life.name !== 'recovering') this.watchdog.cancelReload();
    const pb = this.pb;
    const state = reported(this.life);
    if (pb.playerState === state) return;
    pb.playerState = state;
    const { duration, currentTime } = pb;
    const timed = state === PLAYER_STATE.PLAYING || state === PLAYER_STATE.PAUSED || state === PLAYER_STATE.ENDED;
    dispatchPlayerEvent(this.deps.host, 'statechange', timed ? { state, duration, currentTime } : { state });
  }

  /** Keep a viewing's news and send its analytics events. */
  protected tell({ viewing, events }: Reported): void {
    this.viewing = viewing;
    this.analytics(events);
  }

  protected analytics(events: readonly AnalyticsEvent[]): void {
    if (this.deps.prefs().googleAnalytics !== 1) return;
    for (const { type, label } of events) dispatchPlayerEvent(this.deps.host, 'analytics', { type, label });
  }

  /** The brochure link was followed. */
  brochureOpened(url: string): void {
    this.analytics([{ type: ANALYTICS.BROCHURE, label: url }]);
  }

  /** Show a notice for `notificationMs` (./notices.ts). */
  notify(kind: 'info' | 'error', key: NoticeKey): void {
    this.notices.notify(kind, key);
  }

  // ---- annotation hooks and screenshots (./markup.ts) ----

  /** How playback was when the markup route was entered (the overlay resumes it on leaving, if it was playing). */
  get markupEntry(): MarkupEntry | undefined {
    return this.markup.entry;
  }
  set markupEntry(entry: MarkupEntry | undefined) {
    this.markup.entry = entry;
  }
  /** While the annotation overlay is open: the frame with the drawing (the screenshot command saves that). */
  get annotationCapture(): (() => string | undefined) | undefined {
    return this.markup.capture;
  }
  set annotationCapture(capture: (() => string | undefined) | undefined) {
    this.markup.capture = capture;
  }
  /** The markup route is entered: pause now, once, remembering whether it was playing. */
  enterMarkup(): void {
    if (this.markup.enter(this.pb)) this.pause();
  }
  captureFrame(): string | undefined {
    return this.markup.frame(() => this.adapter?.captureFrame?.());
  }
  /** The frame a screenshot saves, taken `screenshotDelayMs` after the request (on the player's clock). */
  screenshotFrame(): Promise<string | undefined> {
    return this.markup.frameLater(() => this.adapter?.captureFrame?.());
  }
  /** Whether a screenshot may be taken now (at most one per `screenshotSpacingMs`, floods included); takes the turn. */
  screenshotTurn(): boolean {
    return this.markup.screenshotTurn();
  }
  /** The current picture for the annotation surface's still background (undefined for vendor iframes). */
  frameSource(): { source: CanvasImageSource; width: number; height: number } | undefined {
    return this.adapter?.frameSource?.();
  }

  // ---- transport ----

  async play(): Promise<boolean> {
    const adapter = this.adapter;
    if (!adapter || !this.stage.current || this.previewOnly) {
      // Queued: plays as soon as the item is ready and on screen (a media loaded before the player screen rendered
      // waits for it: sound and picture start together).
      this.to({ type: 'queue' });
      return true;
    }
    if (this.pb.playerState === PLAYER_STATE.ENDED) {
      // Replay: from the start, with progress, captions, milestones and end detection running again.
      this.viewing = newViewing(this.viewing);
      this.seek(0);
    }
    if (!this.poll) this.startPolling();
    this.pb.awaitingTap = false;
    this.notices.indicate('play');
    this.to({ type: 'play' });
    try {
      await adapter.play();
      return true;
    } catch (error) {
      if (adapter !== this.adapter) return false;
      const name = (error as DOMException)?.name;
      this.to({ type: 'refused' });
      if (name === 'NotAllowedError') {
        this.pb.awaitingTap = isTouchDevice();
        this.notify('error', 'restricted');
      } else if (name !== 'AbortError') {
        this.fail({ reason: 'media', message: (error as Error)?.message ?? String(error) }, 'mediaError');
      }
      return false;
    }
  }

  /** Pause (also cancels a queued play while an item is loading). */
  pause(): boolean {
    const adapter = this.adapter;
    adapter?.pause();
    // Paused as the call answers (the media's own pause event only confirms it, a task later).
    this.to({ type: 'pause' });
    if (!adapter) return Boolean(this.pb.playlist);
    this.notices.indicate('pause');
    return true;
  }

  toggle(): Promise<boolean> | boolean {
    return this.pb.playerState === PLAYER_STATE.PLAYING ? this.pause() : this.play();
  }

  /**
   * Skipping is allowed unless the playlist's flags.skip is 0: then seeking past the furthest point
   * watched, and moving to the next item before this one ended, are refused.
   */
  canSkip(): boolean {
    return this.pb.playlist?.allowSkipping !== false || this.pb.playerState === PLAYER_STATE.ENDED;
  }

  seek(seconds: number): boolean {
    if (!Number.isFinite(seconds)) return false;
    const adapter = this.adapter;
    if (!adapter) {
      // The item (or its playlist) is still loading, as when a host seeks as soon as the player is ready: applied
      // once it is, like play.
      this.pendingSeek = this.pb.currentTime = Math.max(0, seconds);
      return true;
    }
    const d = adapter.getDuration() || this.pb.duration;
    const t = seekTarget(seconds, d, this.canSkip(), this.viewing.watched, this.pb.currentTime);
    adapter.seek(t);
    this.pb.currentTime = t;
    this.viewing = jumped(this.viewing, t);
    this.to({ type: 'seeked' });
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

  /** Volume clamped to 0..1 (./volume.ts); 0 mutes and resets the remembered unmute volume to 1. */
  setVolume(volume: number): boolean {
    return this.volume.set(volume);
  }
  changeVolume(delta: number): boolean {
    return this.volume.change(delta);
  }
  /** Mute remembers the current volume. */
  mute(): boolean {
    return this.volume.mute();
  }
  /** Unmute restores the remembered volume, else 1. */
  unmute(): boolean {
    return this.volume.unmute();
  }
  toggleMute(): boolean {
    return this.volume.toggleMute();
  }
  /** The sound preference ("Play with sound") is `on` now: a change mutes or unmutes at once (./volume.ts). */
  setSound(on: boolean): boolean {
    return this.volume.setSound(on);
  }
  /** The volume a new playlist starts with (the player's own once chosen, with the sound preference's changes). */
  protected playlistVolume(audio: number) {
    return this.volume.forPlaylist(audio);
  }

  /** The playback speed (./playback-rate.ts): within 0.5..2, for this item and the later ones; returns the rate set. */
  setPlaybackRate(rate: number): number {
    const set = this.rate.set(rate);
    this.notices.indicate('rate', `${set}×`);
    return set;
  }
  /** The `speed` preference (a percentage) is `speed` now: a change applies at once (./playback-rate.ts). */
  followSpeed(speed: number): void {
    this.rate.follow(rateOf(speed));
  }
  /** The rate the media plays at (1 where it refused the one asked for). */
  get playbackRate(): number {
    return this.rate.current(rateOf(this.deps.prefs().speed));
  }
  /** Whether picture-in-picture can be entered now (an html5 video, where the browser offers it). */
  get canPictureInPicture(): boolean {
    return Boolean(this.adapter?.canPictureInPicture?.());
  }
  /** Enter or leave picture-in-picture; false where it is not offered (or the browser refused). */
  async togglePictureInPicture(): Promise<boolean> {
    const adapter = this.adapter;
    if (!adapter?.togglePictureInPicture || !this.canPictureInPicture) return false;
    try {
      return await adapter.togglePictureInPicture();
    } catch {
      return false;
    }
  }

  /** Set index: out of range or negative resets to 0; reports true. A play queued for the item left is dropped. */
  setIndex(index: number, autoplay = this.pb.playerState === PLAYER_STATE.PLAYING): boolean {
    const playlist = this.pb.playlist;
    if (!playlist) return false;
    this.pendingSeek = undefined; // a seek asked for the item left behind
    this.loadItem(setIndex(index, playlist.items.length), { type: 'select', start: autoplay ? 'play' : 'wait' });
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
    this.to({ type: 'stop' });
    this.loadItem(0, { type: 'select', start: 'wait' });
    return true;
  }
}
