/**
 * The route table: what each route asks for as it is entered, declared once. The controller's `syncRoute` runs it,
 * on every navigation and change of an input the loaders read (src/app/controller.ts); nothing here runs anything.
 */
import { MODAL_DATA, type ModalData } from './modals';
import type { MatchedRoute, RouteName } from './routes';
import type { RouteWork } from './work';

const REDIRECT: RouteWork = { chunks: [], catalogs: ['messages'], loaders: ['client'] };
const PLAYER: RouteWork = {
  chunks: ['player-screen'],
  catalogs: ['messages', 'player'],
  loaders: ['client', 'playlist'],
};

/**
 * Per route: its screen's chunk, the catalogs its screen shows (the entry's `messages` on every route) and its
 * loaders. Every route of a client loads the client's configuration; `root`, `client` and `open` redirect (the
 * controller never stays on them), so they ask for no screen. The player screen's chunk brings the engine, which
 * starts the first item when the playlist arrives.
 */
export const ROUTE_TABLE = {
  root: { chunks: [], catalogs: ['messages'], loaders: [] },
  error: { chunks: ['error-screen'], catalogs: ['messages'], loaders: [] },
  client: REDIRECT,
  open: REDIRECT,
  navigation: { chunks: ['menu-screen'], catalogs: ['messages'], loaders: ['client', 'profile'] },
  playlist: PLAYER,
  'collection-item': PLAYER,
} as const satisfies Record<RouteName, RouteWork>;

/**
 * Everything a matched route asks for: its own entry's work, and for a modal child route the modal layer, the modal's
 * body, its catalog and its loaders besides.
 */
export function routeWork(route: MatchedRoute): RouteWork {
  const own: RouteWork = ROUTE_TABLE[route.name];
  if (!route.modal) return own;
  const { catalog, loaders = [] }: ModalData = MODAL_DATA[route.modal];
  return {
    chunks: [...own.chunks, 'modal-layer', 'modal-body'],
    catalogs: catalog && !own.catalogs.includes(catalog) ? [...own.catalogs, catalog] : own.catalogs,
    loaders: [...own.loaders, ...loaders],
  };
}
