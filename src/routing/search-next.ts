import { isPlayerRoute } from './navigation';
import { matchRoute, paths } from './routes';

/**
 * searchNext (preference `searchNext`): where a playlist that ends goes. A playlist opened
 * from a search carries that search in its route's query; with the preference on, the player returns to the
 * menu's search-next dialog showing that search again. Undefined: stay.
 */
export function searchNextTarget(path: string, search: string, searchNext: number): string | undefined {
  if (searchNext !== 1) return undefined;
  const route = matchRoute(path);
  if (!route.client || !isPlayerRoute(route) || route.modal) return undefined;
  const query = new URLSearchParams(search);
  if (!query.get('search') && !query.get('taxonomy')) return undefined;
  return `${paths.modal(paths.navigation(route.client), 'search-next')}?${query}`;
}
