import type { IndicatorKind, PlaybackState } from '../state/player-store';
import { muted, steppedVolume, unmuted, withVolume, type VolumeModel } from './rules';

export interface VolumeDeps {
  playback: () => PlaybackState;
  /** The media to apply it to, if one is loaded. */
  media: () => { setVolume(volume: number): void; setMuted(muted: boolean): void } | undefined;
  indicate: (kind: IndicatorKind, text?: string) => void;
  /** Tell the host page (the `volumechange` event): the volume heard (0 while muted) and the mute. */
  changed: (volume: number, muted: boolean) => void;
}

/** The first playlist's volume: full, or with the sound preference off, 0 (muted, unmuting to full volume). */
const FULL: VolumeModel = { volume: 1, muted: false, unmuteVolume: 1 };
const SILENT: VolumeModel = { volume: 0, muted: true, unmuteVolume: 1 };

/**
 * The player's volume (the rules of ./rules.ts applied to the state and the media). Once a playlist was loaded or
 * the volume set, the volume is the player's own (`chosen`): later playlists keep it; only the first one starts from
 * the preferences. The sound preference ("Play with sound") acts when it changes, at once and for every later item
 * and playlist: off mutes (remembering the volume), on unmutes (restoring it), as the mute button does; a volume or a
 * mute the visitor or the host chooses afterwards wins until the preference changes again.
 */
export class Volume {
  private chosen?: VolumeModel;
  /** The sound preference last applied (undefined until the first playlist read it). */
  private sound?: boolean;

  constructor(private readonly deps: VolumeDeps) {}

  /**
   * The volume a new playlist starts with: the player's own (with the sound preference applied if it changed since),
   * else the preferences'.
   */
  forPlaylist(audio: number): VolumeModel {
    const on = audio !== 0;
    this.chosen ??= on ? FULL : SILENT;
    if (this.sound === undefined) this.sound = on;
    else this.setSound(on);
    return { ...this.chosen };
  }

  /** The sound preference is `on` now: when it changed, mute or unmute the player and its media. */
  setSound(on: boolean): boolean {
    const now = this.chosen;
    if (!now || this.sound === undefined || this.sound === on) return false;
    this.sound = on;
    if (now.muted !== on) return false; // already silent (or heard) as the preference now says
    return this.apply(on ? unmuted(now) : muted(now));
  }

  /** Volume clamped to 0..1; 0 mutes and resets the remembered unmute volume to 1. */
  set(volume: number): boolean {
    if (!Number.isFinite(volume)) return false;
    const next = withVolume(this.deps.playback(), volume);
    return this.apply(next, 'volume', `${Math.round(next.volume * 100)}%`);
  }

  change(delta: number): boolean {
    return this.set(steppedVolume(this.deps.playback(), delta));
  }

  /** Mute remembers the current volume. */
  mute(): boolean {
    return this.apply(muted(this.deps.playback()), 'mute');
  }

  /** Unmute restores the remembered volume, else 1. */
  unmute(): boolean {
    return this.apply(unmuted(this.deps.playback()), 'unmute');
  }

  toggleMute(): boolean {
    return this.deps.playback().muted ? this.unmute() : this.mute();
  }

  /** Apply to the state, the media and the host; `indicator`: the stage's transient indicator (none for a setting). */
  private apply(next: VolumeModel, indicator?: IndicatorKind, text = ''): boolean {
    const pb = this.deps.playback();
    this.chosen = { volume: next.volume, muted: next.muted, unmuteVolume: next.unmuteVolume };
    pb.volume = next.volume;
    pb.muted = next.muted;
    pb.unmuteVolume = next.unmuteVolume;
    this.deps.media()?.setVolume(pb.volume);
    this.deps.media()?.setMuted(pb.muted);
    if (indicator) this.deps.indicate(indicator, text);
    this.deps.changed(pb.muted ? 0 : pb.volume, pb.muted);
    return true;
  }
}
