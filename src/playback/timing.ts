import type { Clock } from '../core/clock';

export { PLAYER_STATE, type PlayerStateValue } from '../core/player-states';

/** The player's timings and limits, declared once. */
export const TIMING = {
  indicatorMs: 350,
  controlsHideMouseMs: 4000,
  controlsHideTouchMs: 7000,
  notificationMs: 5000,
  pollMs: 40,
  endThresholdS: 0.1,
  seekStepS: 5,
  seekLongStepS: 10,
  volumeStep: 0.1,
  /** A load within this long of the previous one waits until item changes stop for this long (floods). */
  loadSpacingMs: 300,
  /** At most one screenshot per this long (floods). */
  screenshotSpacingMs: 1000,
  /** A screenshot's frame is taken this long after the request (at pixel ratio 1). */
  screenshotDelayMs: 100,
  /** How long an adapter may take to be ready (SDK and player, or the media's metadata) before the item fails. */
  mediaLoadMs: 20000,
  /** Playing but the time stands still: the loading indicator after this long, a reload of the source after
   * `stallMs` (each further one `stallBackoffMs` x 1, 2, 4 later), and the failure after `stallReloads` of them. */
  bufferingMs: 1000,
  stallMs: 10000,
  stallBackoffMs: 1000,
  stallReloads: 3,
  /** After those reloads, the item tries again this often until it plays (a network that comes back by itself). */
  retryEveryMs: 30000,
  /**
   * A player opened on a video loads its interface once the media has its metadata (its picture shows before:
   * src/element/early-player.ts), or after this long at most.
   */
  interfaceHoldMs: 2000,
} as const;

export type Timing = { readonly [K in keyof typeof TIMING]: number };

/** The player's clock and timings, read when used (tests swap the controller's clock after the engine is made). */
export interface PlayerTime {
  clock(): Clock;
  timing(): Timing;
}
