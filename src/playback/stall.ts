/**
 * The stall watchdog's rules, pure and on injected time: playback that should be moving but whose time has not
 * moved shows a loading indicator after `bufferingMs`; after `stallMs` the source is reloaded at the same time
 * (after a backoff that doubles with each reload), up to `stallReloads` times; a stall after the last one fails.
 */
export interface StallTiming {
  bufferingMs: number;
  stallMs: number;
  stallBackoffMs: number;
  stallReloads: number;
}

export interface StallWatch {
  /** The media time last seen and when it last changed (or playback last started to be expected). */
  time: number;
  since: number;
  /** Reloads made since playback last moved. */
  reloads: number;
}

export type StallAction = 'none' | 'reload' | 'fail';

export const startWatch = (now: number, time: number, reloads = 0): StallWatch => ({ time, since: now, reloads });

/** The wait before reload number `reloads + 1`: 1, 2, 4 backoff steps. */
export const reloadDelay = (reloads: number, t: StallTiming): number => t.stallBackoffMs * 2 ** reloads;

/**
 * One look at the media (each poll). `moving`: the player is playing (not paused, ended or loading). Progress
 * resets the watch and the reload count; time that stands still while moving leads to buffering, then an action.
 */
export function checkStall(
  w: StallWatch,
  now: number,
  time: number,
  moving: boolean,
  t: StallTiming,
): { watch: StallWatch; buffering: boolean; action: StallAction } {
  if (!moving) return { watch: startWatch(now, time, w.reloads), buffering: false, action: 'none' };
  if (time !== w.time) return { watch: startWatch(now, time), buffering: false, action: 'none' };
  const still = now - w.since;
  if (still < t.stallMs) return { watch: w, buffering: still >= t.bufferingMs, action: 'none' };
  return { watch: w, buffering: true, action: w.reloads >= t.stallReloads ? 'fail' : 'reload' };
}
