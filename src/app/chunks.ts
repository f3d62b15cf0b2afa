import type { MatchedRoute } from '../routing/routes';
import type { ChunkName } from '../routing/work';
import { MODAL_BODIES } from '../screens/modal-bodies';
import { lazyModule, type LazyModule } from '../core/lazy-module';

/** The playback engine and its rules: not needed by the menu, loaded with the player route. */
export const ENGINE = lazyModule(() => import('../playback/engine'));

/** The navigation (menu) screen: in the interface chunk (with the thumbnails it shows), requested with a menu route. */
export const MENU_SCREEN = lazyModule(() => import('../screens/menu-screen'));

/** The modal layer (dialog, focus trap, body loading): requested with the first modal route. */
export const MODAL_LAYER = lazyModule(() => import('../screens/modal-screen'));

/** The client-error screen: only a missing or unknown client shows it. */
export const ERROR_SCREEN = lazyModule(() => import('../screens/error-screen'));

/** The notices' texts: notices come from the engine, so they are never needed before it. */
export const NOTICES = lazyModule(() => import('../screens/notices'));

/**
 * The player screen with its control bar and the engine it drives: requested together, in parallel, as
 * soon as a player route is entered (the controls are a chunk of their own, shared with the modals).
 */
export const PLAYER_SCREEN = lazyModule(() =>
  Promise.all([import('../screens/player-screen'), import('../screens/player-controls'), ENGINE.load()]).then(
    ([screen]) => screen,
  ),
);

/** The chunk of each name the route table uses (src/routing/work.ts); `modal-body` is the current modal's body. */
export function routeChunk(name: ChunkName, route: MatchedRoute): LazyModule<unknown> | undefined {
  // The body is read as the route is entered (a test swaps one for its length).
  if (name === 'modal-body') return route.modal && MODAL_BODIES[route.modal];
  return {
    'error-screen': ERROR_SCREEN,
    'menu-screen': MENU_SCREEN,
    'player-screen': PLAYER_SCREEN,
    'modal-layer': MODAL_LAYER,
  }[name];
}
