import type { CatalogName } from '../i18n/locales';

/**
 * The code chunks a route can ask for, by name: each screen's, the modal layer's and the current modal's body
 * (src/app/chunks.ts maps each name to its import).
 */
export const CHUNK_NAMES = ['error-screen', 'menu-screen', 'player-screen', 'modal-layer', 'modal-body'] as const;
export type ChunkName = (typeof CHUNK_NAMES)[number];

/**
 * The route loaders, in the order they run (src/app/route-loaders.ts): the client's configuration first, because the
 * stored preferences it puts in place are what the others read (the menu language of the profile and the catalogs);
 * the profile (menu), the playlist (player routes); then what two modal routes start with their body.
 */
export const LOADER_NAMES = ['client', 'profile', 'playlist', 'search-session', 'markup-pause'] as const;
export type LoaderName = (typeof LOADER_NAMES)[number];

/** What a route asks for as it is entered: chunks, catalogs of the menu language, and loaders. */
export interface RouteWork {
  readonly chunks: readonly ChunkName[];
  readonly catalogs: readonly CatalogName[];
  readonly loaders: readonly LoaderName[];
}
