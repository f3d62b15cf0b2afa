import { isMenuCode } from '../content/profile';
import { NAVIGATION_MODALS, PLAYER_MODALS, parentModal, type ModalName } from './modals';

/** Route names, declared once. */
export const ROUTE_NAMES = ['root', 'error', 'client', 'open', 'navigation', 'playlist', 'collection-item'] as const;
export type RouteName = (typeof ROUTE_NAMES)[number];

// Modal child routes: names, scopes and presentations are declared once, in ./modals.ts.
export { NAVIGATION_MODALS, PLAYER_MODALS, SHARED_MODALS, type ModalName } from './modals';

export interface MatchedRoute {
  name: RouteName;
  client?: string;
  code?: string;
  collection?: string;
  /** Modal child route, when one is shown. */
  modal?: ModalName;
  /** The chapter parameter of chapters/{chapter}. */
  chapter?: string;
  /**
   * Path of the parent route a modal returns to: its parent modal (settings/captions/font-size -> settings/captions),
   * else the screen.
   */
  returnPath?: string;
  /** Path of the screen under a modal (the menu or player route itself). */
  screenPath?: string;
  /** Unknown path: shown as the error screen. */
  unknown?: boolean;
}

const enc = encodeURIComponent;
const dec = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/** Build paths; the only place route paths are spelled. */
export const paths = {
  root: () => '/',
  error: () => '/error',
  client: (client: string) => `/${enc(client)}`,
  open: (client: string, code?: string) => `/${enc(client)}/open${code ? `/${enc(code)}` : ''}`,
  navigation: (client: string, code?: string) => `/${enc(client)}/menu${code ? `/${enc(code)}` : ''}`,
  playlist: (client: string, code: string) => `/${enc(client)}/player/${enc(code)}`,
  collectionItem: (client: string, collection: string, code: string) =>
    `/${enc(client)}/player/${enc(collection)}/${enc(code)}/`,
  /** Append a modal child to a parent path. */
  modal: (parent: string, modal: string) => `${parent.replace(/\/$/, '')}/${modal}`,
};

function matchModal(
  rest: string[],
  allowed: readonly string[],
  player: boolean,
): Pick<MatchedRoute, 'modal' | 'chapter'> | null {
  if (rest.length === 0) return {};
  const joined = rest.join('/');
  if (allowed.includes(joined)) return { modal: joined as ModalName };
  if (player && rest.length === 2 && rest[0] === 'chapters')
    return { modal: 'chapters/:chapter', chapter: dec(rest[1]) };
  return null;
}

const firstSegments = (list: readonly string[]) => new Set(list.map((m) => m.split('/')[0]));
const NAV_FIRST = firstSegments(NAVIGATION_MODALS);
const PLAYER_FIRST = firstSegments(PLAYER_MODALS);

/** The screen's path, and for a modal where it returns to. */
function withReturn(modal: Pick<MatchedRoute, 'modal' | 'chapter'>, screenPath: string): Partial<MatchedRoute> {
  if (!modal.modal) return modal;
  const parent = parentModal(modal.modal);
  return { ...modal, screenPath, returnPath: parent ? paths.modal(screenPath, parent) : screenPath };
}

/** Match an in-memory path against the route table. */
export function matchRoute(path: string): MatchedRoute {
  const trimmed = path.split('?')[0];
  const segs = trimmed.split('/').filter(Boolean);
  if (segs.length === 0) return { name: 'root' };
  if (segs.length === 1 && segs[0] === 'error') return { name: 'error' };
  const client = dec(segs[0]);
  if (segs.length === 1) return { name: 'client', client };
  const [, section, ...rest] = segs;
  if (section === 'open') {
    if (rest.length > 1) return { name: 'error', unknown: true };
    return { name: 'open', client, code: rest[0] ? dec(rest[0]) : undefined };
  }
  if (section === 'menu') {
    const hasCode = rest.length > 0 && !NAV_FIRST.has(rest[0]);
    const code = hasCode ? dec(rest[0]) : undefined;
    const modal = matchModal(hasCode ? rest.slice(1) : rest, NAVIGATION_MODALS, false);
    if (!modal) return { name: 'error', unknown: true };
    return { name: 'navigation', client, code, ...withReturn(modal, paths.navigation(client, code)) };
  }
  if (section === 'player' && rest.length >= 1) {
    const code = dec(rest[0]);
    if (rest.length === 1 || PLAYER_FIRST.has(rest[1])) {
      const modal = matchModal(rest.slice(1), PLAYER_MODALS, true);
      if (!modal) return { name: 'error', unknown: true };
      return { name: 'playlist', client, code, ...withReturn(modal, paths.playlist(client, code)) };
    }
    const collection = code;
    const itemCode = dec(rest[1]);
    const modal = matchModal(rest.slice(2), PLAYER_MODALS, true);
    if (!modal) return { name: 'error', unknown: true };
    return {
      name: 'collection-item',
      client,
      collection,
      code: itemCode,
      ...withReturn(modal, paths.collectionItem(client, collection, itemCode)),
    };
  }
  return { name: 'error', unknown: true };
}

/**
 * Redirects of the route table; returns the target path (without query) or undefined when the
 * route renders a screen.
 */
export function redirectFor(route: MatchedRoute, query: URLSearchParams): string | undefined {
  switch (route.name) {
    case 'root': {
      const client = query.get('client')?.trim();
      if (!client) return paths.error();
      return paths.open(client, query.get('openthis')?.trim() || undefined);
    }
    case 'client':
      return paths.navigation(route.client!);
    case 'open':
      return isMenuCode(route.code)
        ? paths.navigation(route.client!, route.code)
        : paths.playlist(route.client!, route.code!);
    default:
      return undefined;
  }
}

/** Query names consumed by the root redirect; the rest of the query is carried to the open route. */
const ROOT_ONLY_PARAMS = ['client', 'openthis'];

/**
 * Follow the redirects of the route table from a full target (path?query) to the route that renders a
 * screen, carrying the query (less what the root redirect consumes). Pure: the controller resolves
 * redirects before anything renders, so no screen ever mounts for a redirecting route.
 */
export function resolveRedirects(target: string): string {
  let current = target;
  // The table redirects at most three times (root -> open -> player or menu); the bound guards the loop.
  for (let hops = 0; hops < 5; hops++) {
    const [path, search = ''] = current.split('?');
    const route = matchRoute(path);
    const query = new URLSearchParams(search);
    const next = redirectFor(route, query);
    if (!next) return current;
    if (route.name === 'root') for (const p of ROOT_ONLY_PARAMS) query.delete(p);
    const rest = query.toString();
    current = rest ? `${next}?${rest}` : next;
  }
  return paths.error();
}
