/**
 * Playback speed rules (pure; the commands read them too): a rate stays within 0.5x..2x and steps by 0.25, as
 * YouTube's. The engine's part is ./playback-rate.ts; the Speed setting's choices are in settings-options.ts.
 */

export const RATE_STEP = 0.25;

/** A rate in 0.5..2 (1 for anything not a number). */
export const clampRate = (rate: number): number => (Number.isFinite(rate) ? Math.min(2, Math.max(0.5, rate)) : 1);
/** The rate of the `speed` preference (a percentage). */
export const rateOf = (speed: number): number => clampRate(speed / 100);
/** One step faster (`delta` > 0) or slower from `rate`, on the 0.25 grid, within 0.5..2. */
export const steppedRate = (rate: number, delta: number): number =>
  clampRate(Math.round((rate + delta) / RATE_STEP) * RATE_STEP);
