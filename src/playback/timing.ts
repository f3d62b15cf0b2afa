/** Timings and limits of spec section 9, declared once. */
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
} as const;

export type Timing = { readonly [K in keyof typeof TIMING]: number };

/** Player state reported to a host (spec section 4). */
export const PLAYER_STATE = { NOT_READY: -1, IDLE: 0, PLAYING: 1, PAUSED: 2, ENDED: 9 } as const;
export type PlayerStateValue = (typeof PLAYER_STATE)[keyof typeof PLAYER_STATE];
