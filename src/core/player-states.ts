/** Player state reported to a host: the `statechange` event's value and the `state` property. */
export const PLAYER_STATE = { NOT_READY: -1, IDLE: 0, PLAYING: 1, PAUSED: 2, ENDED: 9 } as const;
export type PlayerStateValue = (typeof PLAYER_STATE)[keyof typeof PLAYER_STATE];
