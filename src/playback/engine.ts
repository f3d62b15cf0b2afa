import { ref } from 'valtio/vanilla';
import type { Playlist, PlaylistItem } from '../content/playlist';
import { Burst } from '../core/burst';
import { dispatchPlayerEvent } from '../core/events';
import { initialPlayback, type NoticeKey } from '../state/player-store';
import { ANALYTICS } from '../core/analytics';
import { Captions } from './captions';
import { ItemLoadError, MediaOpener, loadError } from './item-load';
import { expectsProgress, lifecycle, queued, startPlan, withoutEarly } from './lifecycle';
import { loaderFor } from './loaders';
import { isTouchDevice, MediaCommands, type LoadEvent } from './media-commands';
import { setIndex } from './playlist-index';
import { rateOf } from './rate';
import { isEnded, itemVoLanguage } from './rules';
import { PLAYER_STATE } from './timing';
import type { AdapterEvents, MediaAdapter, PlayerError } from './types';
import { ended, jumped, looked, newViewing, playlistViewing, started } from './viewing';

export { searchNextTarget } from '../routing/search-next';
export { isTouchDevice, type EngineDeps } from './media-commands';

/**
 * One player's playback: loads items through their loader + adapter, polls progress every `pollMs`, and wires the
 * item's lifecycle (./lifecycle.ts) to the adapter and to the rules: captions, analytics milestones, the stall
 * watchdog, volume, notices and the annotation hooks, each in its own module. Every command (UI, keyboard, element
 * methods, messages) ends up here; the commands themselves are in ./media-commands.ts.
 */
export class PlaybackEngine extends MediaCommands {
  private loadAbort?: AbortController;
  private readonly opener = new MediaOpener(() => this.deps, this.stage, this.time);
  private readonly captions = new Captions({ playback: () => this.pb, api: () => this.deps.api(), time: this.time });
  /** Item loads (source, captions and adapter) under the flood rule (src/core/burst.ts). */
  private readonly itemLoads = new Burst(
    () => this.clock,
    () => this.timing.loadSpacingMs,
  );

  /** Leave the playlist (the player screen closed): release the media and report "no playlist". */
  reset(): void {
    const { volume, muted, unmuteVolume } = this.pb;
    this.unloadItem();
    this.life = lifecycle(this.life, { type: 'reset' });
    this.pendingSeek = undefined;
    const had = this.pb.playlist !== undefined;
    this.deps.state.playback = Object.assign(initialPlayback(), { volume, muted, unmuteVolume });
    if (had) dispatchPlayerEvent(this.deps.host, 'statechange', { state: PLAYER_STATE.NOT_READY });
  }

  /**
   * A stage shown before the player screen (src/element/early-player.ts): it takes the media when no screen has a
   * stage yet; `withdrawStage` gives it back (the media is released if it was still there). `playable` false: the
   * picture shows there, but a play waits for the player screen (which draws the captions the visitor wants).
   */
  offerStage(stage: HTMLElement, playable: boolean): void {
    if (!this.stage.current) this.setStage(stage, !playable);
  }

  withdrawStage(stage: HTMLElement): void {
    if (this.stage.current === stage) this.setStage(null);
  }

  /**
   * The element the current adapter renders into; null when the player screen goes away. `previewOnly`: the picture
   * only (see offerStage).
   */
  setStage(stage: HTMLElement | null, previewOnly = false): void {
    this.previewOnly = previewOnly;
    const change = this.stage.set(stage);
    if (change === 'left') return this.release();
    if (change === 'same') return;
    if (this.adapter && queued(this.life)) void this.play();
    if (change === 'taken' || !this.pb.playlist || this.life.name !== 'idle') return;
    // The screen came back with nothing loaded or loading: the current item loads, where it was if the element left
    // the page with it (the same viewing).
    const at = this.life.at?.index === this.pb.index ? this.life.at : undefined;
    this.loadItem(this.pb.index, { type: 'load', start: 'wait' }, at?.time ?? 0, Boolean(at));
  }

  /**
   * Start a playlist (its languages resolved against the preferences, with the fallback notices).
   * `resume` continues where the viewer was (the same playlist reloaded for another language).
   */
  loadPlaylist(playlist: Playlist, key: string, index = 0, resume?: { play: boolean; at: number }): void {
    const prefs = this.deps.prefs();
    const queuedSeek = resume ? undefined : this.pendingSeek;
    // The player reported this playlist's first video ready before the engine ran: the host heard 0, it stays 0.
    const early = this.pb.early && this.pb.key === key;
    // Another key (a language changed before the engine ran): loaded as any playlist is, from state -1.
    if (!early) this.life = withoutEarly(this.life);
    this.unloadItem();
    // The volume chosen stays with the player from one playlist to the next (the sound preference's change applied);
    // only the first starts from the prefs.
    const next = Object.assign(initialPlayback(), this.playlistVolume(prefs.audio));
    next.playlist = ref(playlist);
    next.key = key;
    next.index = setIndex(index, playlist.items.length);
    next.voLanguage = this.resolveLanguage(prefs.voLanguage, playlist.voLanguages, 'voFallback');
    next.ccLanguage = this.resolveLanguage(prefs.ccLanguage, playlist.ccLanguages, 'ccFallback');
    // The state the host last heard: another playlist (another language) loading over a ready one is reported -1 as it
    // starts, as another item of the same playlist is; the early one (0, reported) stays 0.
    next.playerState = this.pb.playerState;
    this.deps.state.playback = next;
    this.viewing = playlistViewing(this.viewing, Boolean(resume));
    this.pendingSeek = queuedSeek;
    const start = resume?.play ? 'play' : prefs.autoplay === 1 ? 'auto' : 'wait';
    // Started at once, with or without a stage: the item's requests do not wait for the screen.
    this.loadItem(next.index, { type: 'load', start }, resume?.at ?? 0, Boolean(resume));
  }

  private resolveLanguage(wanted: string, supported: string[], notice: NoticeKey): string {
    if (supported.length === 0 || supported.includes(wanted)) return wanted;
    if (wanted !== 'en') this.notify('info', notice);
    return 'en';
  }

  /** Load the item at `index`: its state at once, its requests under the flood rule. */
  protected loadItem(index: number, event: LoadEvent, startAt = 0, sameViewing = false): void {
    const playlist = this.pb.playlist;
    if (!playlist) return;
    this.unloadItem();
    const item = playlist.items[index];
    const duration = item?.runtime ?? 0;
    Object.assign(this.pb, { index, error: undefined, ready: false, currentTime: startAt, duration });
    Object.assign(this.pb, { captions: [], hasCaptions: false, audioDescribed: false });
    this.to(event);
    if (!item) return;
    if (!sameViewing) {
      // A new viewing of this item (not the same one reloaded in another language, or after a stall).
      this.watchdog.newViewing();
      this.viewing = newViewing(this.viewing);
    }
    this.itemLoads.run(() => void this.startItem(playlist, item, startAt, sameViewing));
  }

  /** Start an item's requests and its adapter (loadItem prepared the state). */
  private async startItem(playlist: Playlist, item: PlaylistItem, startAt: number, sameViewing: boolean) {
    this.viewing = jumped(this.viewing, 0);
    const abort = (this.loadAbort = new AbortController());
    const loader = (this.deps.loaderFor ?? loaderFor)(item);
    this.pb.kind = loader.kind;
    const vo = itemVoLanguage(playlist, item, this.pb.voLanguage);
    if (!sameViewing) this.analytics([{ type: ANALYTICS.VIDEO_LOAD, label: item.code }]);
    // Everything the item needs starts now and in parallel: the adapter's chunk and the source first (the way to the
    // first frame), then the captions.
    const opening = this.opener.open(loader, item, vo, this.pb, this.adapterEvents(abort.signal), abort.signal);
    void this.captions.load(item, vo, this.pb.ccLanguage, abort.signal);
    try {
      const adapter = await opening;
      if (abort.signal.aborted) return adapter?.destroy();
      if (adapter) this.ready(adapter, startAt);
    } catch (error) {
      if (abort.signal.aborted) return;
      const e = error instanceof ItemLoadError ? error : loadError(error, loader.kind);
      // A load that fails during a recovery (the network still down) waits and tries again, as the stall did.
      if (this.watchdog.reloading && e.passing) this.recover(e.failure, e.notice);
      else this.fail(e.failure, e.notice);
    }
  }

  /** The adapter is in place: the item is ready where it was to start, and plays if it was to. */
  private ready(adapter: MediaAdapter, startAt: number): void {
    const pb = this.pb;
    const plan = startPlan(this.life);
    this.adapter = adapter;
    adapter.setVolume(pb.volume);
    adapter.setMuted(pb.muted);
    this.rate.attach(adapter, rateOf(this.deps.prefs().speed));
    if (startAt > 0) {
      adapter.seek(startAt);
      this.viewing = { ...jumped(this.viewing, startAt), watched: startAt };
      pb.currentTime = startAt;
    }
    const seekTo = this.pendingSeek;
    this.pendingSeek = undefined;
    if (seekTo !== undefined) this.seek(seekTo); // the skipping rule applies as to any seek
    this.startPolling();
    if (!pb.ready) this.onReady(adapter.getDuration());
    // A pause asked for while the item loaded (annotation entered, the host paused) wins over its autoplay.
    if (plan === 'play' || (plan === 'auto' && !isTouchDevice())) void this.play();
    else if (plan === 'auto') pb.awaitingTap = true;
  }

  /** The audioDescriptions preference changed: the item switches variant, at the same time and play state. */
  setAudioDescriptions(on: boolean): void {
    const { playlist, audioDescribed, voLanguage, playerState, index, currentTime } = this.pb;
    const item = this.currentItem;
    if (!playlist || !item || audioDescribed === on) return;
    if (!item.audioDescriptions.includes(itemVoLanguage(playlist, item, voLanguage))) return;
    const start = playerState === PLAYER_STATE.PLAYING ? 'play' : 'wait';
    this.loadItem(index, { type: 'load', start }, this.adapter?.getCurrentTime() ?? currentTime, true);
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
    const signal = this.loadAbort?.signal ?? new AbortController().signal;
    this.captions.change(item, itemVoLanguage(playlist, item, pb.voLanguage), cc, signal);
  }

  private unloadItem(): void {
    this.watchdog.cancel();
    this.itemLoads.cancel();
    this.captions.cancel();
    this.pb.buffering = false;
    this.loadAbort?.abort();
    this.loadAbort = undefined;
    this.stopPolling();
    this.adapter?.destroy();
    this.adapter = undefined;
  }

  /** The media is released (the player screen went away, or the element left the page at `at`). */
  private release(at?: { index: number; time: number }): void {
    this.unloadItem();
    this.to({ type: 'release', at });
  }

  /** Release everything (the element left the page): it comes back there, paused, when the stage does. */
  dispose(): void {
    const pb = this.pb;
    const loaded = pb.playlist && (this.adapter || this.loadAbort);
    if (loaded) pb.ready = false; // not ready (and not playing) until the element is back on a page
    const at = loaded ? { index: pb.index, time: this.adapter?.getCurrentTime() || pb.currentTime } : undefined;
    this.pendingSeek = undefined;
    this.release(at);
    this.stage.clear();
    this.notices.dispose();
  }

  // ---- adapter events, failures and the watchdog ----

  private adapterEvents(signal: AbortSignal): AdapterEvents {
    const live = () => !signal.aborted;
    return {
      // Ready is reported once the adapter is in place (commands can then reach it), see ready().
      ready: (duration) => live() && this.adapter !== undefined && this.onReady(duration),
      playing: () => live() && this.onPlaying(),
      paused: () => live() && this.to({ type: 'paused' }),
      ended: () => live() && this.onEnded(),
      durationChange: (d) => live() && d > 0 && (this.pb.duration = d),
      // A network error mid-file (MediaError 2) may pass: the watchdog reloads; other errors are shown.
      error: (e) => live() && (e.reason === 'media' && e.code === 2 ? this.recover(e) : this.fail(e, failNotice(e))),
    };
  }

  private onReady(duration: number): void {
    this.pb.ready = true;
    if (duration > 0) this.pb.duration = duration;
    this.to({ type: 'ready' });
  }

  private onPlaying(): void {
    const pb = this.pb;
    this.watchdog.found();
    if (pb.error) pb.error = undefined; // playing again by itself (the data came after all): whatever failed is over
    pb.awaitingTap = false;
    const item = this.currentItem;
    if (item) this.tell(started(this.viewing, pb.playlist!.code, item));
    this.to({ type: 'playing' });
  }

  private onEnded(): void {
    const pb = this.pb;
    const playlist = pb.playlist;
    if (pb.playerState === PLAYER_STATE.ENDED || !playlist) return;
    const item = this.currentItem;
    if (item) this.tell(ended(this.viewing, item));
    pb.currentTime = pb.duration;
    this.to({ type: 'ended' });
    // Ending an item advances the playlist; the end of the playlist sends a playlist-end event.
    if (pb.index < playlist.items.length - 1) return this.loadItem(pb.index + 1, { type: 'load', start: 'play' });
    this.stopPolling();
    this.adapter?.pause(); // the end may be detected before the media's own end (< 0.1 s left): stop it there too
    this.analytics([{ type: ANALYTICS.PLAYLIST_END, label: playlist.code }]);
    dispatchPlayerEvent(this.deps.host, 'playlistend', { code: playlist.code });
    this.deps.onPlaylistEnd?.(playlist.code);
  }

  /**
   * A failure that may pass while the item was playing (a stall, a network error mid-file, or a reload that met one):
   * reload the source where it stood, in the same play state, after the watchdog's backoff, up to its reload limit;
   * then fail (and keep trying, slowly, until it plays).
   */
  private recover(error: PlayerError, notice: NoticeKey = 'mediaError'): void {
    if (this.life.name === 'recovering') return;
    // Where it stood: the media's time, or (a reload that failed before its media) where that reload was to start.
    const at = this.adapter?.getCurrentTime() || this.pb.currentTime;
    const reload = () => this.loadItem(this.pb.index, { type: 'reload' }, at, true);
    if (!this.watchdog.scheduleReload(at, reload)) return this.fail(error, notice);
    this.to({ type: 'stall' });
    this.pb.buffering = true;
  }

  /** Try the current item again after a failure (the stage's "Try again", the network coming back). */
  retry(): boolean {
    const pb = this.pb;
    if (!pb.error?.retryable || !pb.playlist) return false;
    this.watchdog.retryFrom(pb.currentTime);
    this.loadItem(pb.index, { type: 'reload' }, pb.currentTime, true);
    return true;
  }

  /** The one place that tells a failure: the host page (the `error` event) and the visitor (the stage, a notice). */
  protected fail(error: PlayerError, notice: NoticeKey): void {
    // A vendor's refusal (a removed or private video) stays refused; the rest may pass.
    const retryable = error.retryable ?? error.reason !== 'vendor';
    this.pb.buffering = false;
    this.pb.error = { ...error, retryable };
    // Once the watchdog gave up, a lost media tries again every `retryEveryMs` and is told once, not at every try.
    if (this.watchdog.failed({ reason: error.reason, retryable }, () => this.retry())) {
      dispatchPlayerEvent(this.deps.host, 'error', { code: errorCode(error), message: error.message, retryable });
      this.notify('error', notice);
    }
    this.to({ type: 'fail' });
  }

  // ---- progress ----

  protected startPolling(): void {
    this.stopPolling();
    this.poll = this.clock.setInterval(() => this.tick(), this.timing.pollMs);
  }
  private stopPolling(): void {
    if (this.poll) this.clock.clearInterval(this.poll);
    this.poll = undefined;
  }

  /** One look at the media: time and duration to the state, the watchdog, captions, milestones and the end rule. */
  private tick(): void {
    const adapter = this.adapter;
    if (!adapter) return;
    const pb = this.pb;
    const t = adapter.getCurrentTime();
    const d = adapter.getDuration() || pb.duration;
    if (d > 0 && d !== pb.duration) pb.duration = d;
    if (t !== pb.currentTime) pb.currentTime = t;
    const moving = expectsProgress(this.life);
    // Moving again while a reload waits for its backoff: it is not needed any more.
    if (moving && this.life.name === 'recovering' && this.watchdog.moved(t)) this.to({ type: 'moved' });
    const stall = this.watchdog.look(t, moving);
    if (pb.buffering !== stall.buffering) pb.buffering = stall.buffering;
    if (stall.action !== 'none') return this.recover(stalled(this.timing.stallMs));
    this.captions.show(t);
    const playing = pb.playerState === PLAYER_STATE.PLAYING;
    this.tell(looked(this.viewing, this.currentItem, t, d, playing));
    if (playing && isEnded(t, d, this.timing.endThresholdS)) this.onEnded();
  }
}

const failNotice = (e: PlayerError): NoticeKey => (e.reason === 'vendor' ? 'vendorError' : 'mediaError');

/** The `error` event's code for a failure. */
const errorCode = ({ reason }: PlayerError) =>
  reason === 'script' ? 'sdk' : reason === 'source' ? 'source' : reason === 'vendor' ? 'vendor' : 'media';

const stalled = (stallMs: number): PlayerError => ({
  reason: 'media',
  message: `Playback stalled: no progress for ${stallMs / 1000} s`,
  retryable: true,
});
