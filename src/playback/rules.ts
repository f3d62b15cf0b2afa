/**
 * The playback rules (ended, volume, skipping, milestones, chapters, languages), as pure functions over plain
 * data: no DOM, no state store, no timers. The engine applies them; test/playback-rules.test.ts checks them.
 */
import type { Chapter, Playlist, PlaylistItem } from '../content/playlist';
import { PERCENT_MILESTONES } from '../core/analytics';
import { TIMING } from './timing';

/** Ended when the time passes the duration, reaches 100 %, or less than 0.1 s remain. */
export const isEnded = (time: number, duration: number, thresholdS: number = TIMING.endThresholdS): boolean =>
  duration > 0 && (time >= duration || duration - time < thresholdS);

// ---- volume -------------------------------------------------------------------------------------

export interface VolumeModel {
  volume: number;
  muted: boolean;
  /** The volume unmute restores. */
  unmuteVolume: number;
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

/** Volume clamped to 0..1; 0 mutes and resets the remembered unmute volume to 1. */
export function withVolume(model: VolumeModel, volume: number): VolumeModel {
  const v = clamp01(volume);
  return v === 0 ? { volume: 0, muted: true, unmuteVolume: 1 } : { ...model, volume: v, muted: false };
}

/** Mute remembers the current volume. */
export const muted = (model: VolumeModel): VolumeModel => ({
  ...model,
  muted: true,
  unmuteVolume: model.volume > 0 ? model.volume : model.unmuteVolume,
});

/** Unmute restores the remembered volume, else 1. */
export const unmuted = (model: VolumeModel): VolumeModel => ({
  ...model,
  muted: false,
  volume: model.unmuteVolume > 0 ? model.unmuteVolume : 1,
});

/** A volume step (keyboard, buttons), rounded to whole percents. */
export const steppedVolume = (model: VolumeModel, delta: number): number =>
  Math.round(((model.muted ? 0 : model.volume) + delta) * 100) / 100;

// ---- skipping -----------------------------------------------------------------------------------

/**
 * Continuous playback moves the furthest point watched; a jump (a seek, more than 1 s at once) does not.
 */
export const furthestWatched = (watched: number, time: number): number =>
  time > watched && time - watched < 1 ? time : watched;

/**
 * Where a seek lands: within [0, duration]; when skipping is not allowed, not past the furthest point
 * watched (or the current time).
 */
export function seekTarget(
  target: number,
  duration: number,
  canSkip: boolean,
  watched: number,
  current: number,
): number {
  const t = Math.min(Math.max(0, target), duration > 0 ? duration : Infinity);
  return canSkip ? t : Math.min(t, Math.max(watched, current));
}

// ---- analytics progress -------------------------------------------------------------------------

/** The percent milestones newly passed at `percent` (each is reported once per viewing). */
export const newMilestones = (sent: ReadonlySet<number>, percent: number): number[] =>
  PERCENT_MILESTONES.filter((m) => percent >= m && !sent.has(m));

/**
 * The chapters whose start continuous playback crossed between `from` and `to` (seconds): a chapter step
 * each time playback passes a chapter start; seeks (backwards, or jumps of 1 s or more) cross none.
 */
export function crossedChapters(chapters: readonly Chapter[], from: number, to: number): Chapter[] {
  if (!(to > from && to - from < 1)) return [];
  return chapters.filter((ch) => {
    const at = ch.f / 1000;
    return at > from && at <= to && at > 0;
  });
}

// ---- captions -----------------------------------------------------------------------------------

/** An item's voice-over language: its own in a dual-language playlist, else the playlist's. */
export const itemVoLanguage = (
  playlist: Pick<Playlist, 'flags'>,
  item: Pick<PlaylistItem, 'language'>,
  voLanguage: string,
): string => (playlist.flags.lang_type === 'dual' ? item.language : voLanguage);

/** Caption languages to try in order: the wanted one, then English. */
export const captionLanguages = (wanted: string): string[] => (wanted === 'en' ? ['en'] : [wanted, 'en']);
