import { lazyModule } from './lazy-module';

/** The player screen (controls, stage, its styles): requested by the controller as soon as a player route is entered. */
export const PLAYER_SCREEN = lazyModule(() => import('../screens/player-screen'));
