import { lazyModule } from './lazy-module';

/** The playback engine and its rules: not needed by the menu, loaded with the player route. */
export const ENGINE = lazyModule(() => import('../playback/engine'));

/**
 * The player screen with its control bar and the engine it drives: requested together, in parallel, as
 * soon as a player route is entered (the controls are a chunk of their own, shared with the modals).
 */
export const PLAYER_SCREEN = lazyModule(() =>
  Promise.all([import('../screens/player-screen'), import('../screens/player-controls'), ENGINE.load()]).then(([screen]) => screen),
);
