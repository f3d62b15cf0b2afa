/**
 * Time as the player sees it. The engine, the controls' hide timer and the notices take it from their
 * controller, so tests drive them with a fake clock in milliseconds of test time.
 */
export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): number;
  clearTimeout(id: number | undefined): void;
  setInterval(fn: () => void, ms: number): number;
  clearInterval(id: number | undefined): void;
}

/** The part of a clock that waits (a time limit, a backoff). */
export type TimerClock = Pick<Clock, 'setTimeout' | 'clearTimeout'>;

export const realClock: Clock = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms) as unknown as number,
  clearTimeout: (id) => globalThis.clearTimeout(id),
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms) as unknown as number,
  clearInterval: (id) => globalThis.clearInterval(id),
};
