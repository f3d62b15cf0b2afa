/**
 * Navigation rules: what a navigation inside the player keeps of the query it had. Beside the route grammar
 * (./routes.ts), which the entry file reads too (it lends it to the core: scripts/rollup-entry-modules.mjs), these are
 * the core's only.
 */
import { matchRoute, type MatchedRoute } from './routes';

/** The routes that show the player: a playlist, or an item of a collection (modal children included). */
export const isPlayerRoute = ({ name }: Pick<MatchedRoute, 'name'>) =>
  name === 'playlist' || name === 'collection-item';

/** The menu's search dialogs (search, search-next): they own the search and taxonomy parameters. */
export const isSearchRoute = (path: string) => /^\/[^/]+\/menu(\/[^/]+)?\/search(-next)?$/.test(path);

/** Query parameters only playlist routes keep: a navigation to any other route drops them. */
export const PLAYLIST_ONLY_PARAMS = ['search', 'taxonomy'] as const;

/**
 * Navigation rules: a target with no query keeps the previous query; the search and taxonomy
 * parameters are dropped unless the target is a playlist route (or the search dialog itself, whose
 * state they are: a playlist opened from a search returns to it). Returns the full target (path?query).
 */
export function resolveNavigation(target: string, currentSearch: string): string {
  const [path, ownSearch = ''] = target.split('?');
  const params = new URLSearchParams(ownSearch || currentSearch);
  if (!isPlayerRoute(matchRoute(path)) && !isSearchRoute(path)) for (const p of PLAYLIST_ONLY_PARAMS) params.delete(p);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}
