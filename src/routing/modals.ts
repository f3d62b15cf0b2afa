/**
 * The modal child routes, declared once: where each is allowed, how it is presented, the catalog of its body's
 * strings and what it starts as it is entered (their titles: ./modal-titles.ts). The route grammar (./routes.ts)
 * takes its names from here, the route table (./route-table.ts) its work; the lazily loaded bodies are
 * src/screens/modal-bodies.ts's.
 */
import type { CatalogName } from '../i18n/locales';
import type { LoaderName } from './work';

/**
 * Where a modal is allowed: `shared` under the menu and both player routes (the shared modal set), `player` under the
 * player routes only, `menu` under the navigation route only.
 */
export type ModalScope = 'shared' | 'player' | 'menu';

/**
 * How a modal is presented. `dialog`: focus trapped, the stage behind it inert, Escape returns to the parent route.
 * `overlay`: the stage stays visible and live (annotation over the frame, a panel beside the video);
 * Escape returns too. Keyboard shortcuts are off under both.
 */
export type ModalPresentation = 'dialog' | 'overlay';

export interface ModalData {
  scope: ModalScope;
  presentation: ModalPresentation;
  /** The catalog of the body's strings, loaded with it (the entry's `messages` when absent). */
  catalog?: CatalogName;
  /** What takes the focus when it opens (a selector inside the dialog). */
  initialFocus?: string;
  /** Loaders the route starts as it is entered, beside the body's chunk. */
  loaders?: readonly LoaderName[];
}

/** The menu's search dialog, for search and search-next. */
const SEARCH_DIALOG = {
  scope: 'menu',
  presentation: 'dialog',
  catalog: 'search',
  initialFocus: '[type=search]',
  // The session starts building its index (or loading its client) with the chunk.
  loaders: ['search-session'],
} as const satisfies ModalData;

/** A player modal (its body is in the player modals' chunk). */
const PLAYER_DIALOG = { scope: 'player', presentation: 'dialog', catalog: 'player' } as const satisfies ModalData;

/** A screen of the shared set (settings, share, embed). */
const SHARED_DIALOG = { scope: 'shared', presentation: 'dialog', catalog: 'settings' } as const satisfies ModalData;

export const MODAL_DATA = {
  // Player modal children.
  note: PLAYER_DIALOG,
  chapters: PLAYER_DIALOG,
  'chapters/:chapter': PLAYER_DIALOG,
  markup: {
    scope: 'player',
    presentation: 'overlay',
    // Fabric.js loads with its body; its catalog is requested beside it (not once the chunk is in).
    catalog: 'annotation',
    // Entering pauses at once (not once the chunk is in), remembering whether it was playing.
    loaders: ['markup-pause'],
  },
  list: PLAYER_DIALOG,
  info: PLAYER_DIALOG,
  transcript: { ...PLAYER_DIALOG, presentation: 'overlay' },
  extras: PLAYER_DIALOG,
  // Navigation modal children.
  search: SEARCH_DIALOG,
  'search-next': SEARCH_DIALOG,
  // The shared modal set.
  settings: SHARED_DIALOG,
  embed: SHARED_DIALOG,
  share: SHARED_DIALOG,
  'settings/keyboard-shortcuts': SHARED_DIALOG,
  'settings/menu/language': SHARED_DIALOG,
  'settings/menu/font-size': SHARED_DIALOG,
  'settings/menu/increase-contrast': SHARED_DIALOG,
  'settings/menu/reduce-motion': SHARED_DIALOG,
  'settings/video/language': SHARED_DIALOG,
  'settings/video/audio': SHARED_DIALOG,
  'settings/video/speed': SHARED_DIALOG,
  'settings/captions': SHARED_DIALOG,
  'settings/captions/language': SHARED_DIALOG,
  'settings/captions/font-family': SHARED_DIALOG,
  'settings/captions/font-size': SHARED_DIALOG,
  'settings/captions/font-color': SHARED_DIALOG,
  'settings/captions/font-opacity': SHARED_DIALOG,
  'settings/captions/background-color': SHARED_DIALOG,
  'settings/captions/background-opacity': SHARED_DIALOG,
} as const satisfies Record<string, ModalData>;

export type ModalName = keyof typeof MODAL_DATA;

export const MODAL_NAMES = Object.keys(MODAL_DATA) as ModalName[];

/** Names under a scope, in declaration order (patterns such as chapters/:chapter are matched apart). */
const named = (scopes: readonly ModalScope[]) =>
  MODAL_NAMES.filter((n) => scopes.includes(MODAL_DATA[n].scope) && !n.includes(':'));

export const SHARED_MODALS = /* @__PURE__ */ named(['shared']);
export const PLAYER_MODALS = named(['player', 'shared']);
export const NAVIGATION_MODALS = named(['menu', 'shared']);

/** A modal's data (the type every entry satisfies). */
export const modalData = (name: ModalName): ModalData => MODAL_DATA[name];

/**
 * The modal a modal returns to: the nearest declared ancestor of its name (settings/captions/font-size ->
 * settings/captions, settings/menu/language -> settings); none for a top-level one or a parameter route.
 */
export function parentModal(name: ModalName): ModalName | undefined {
  if (name.includes(':')) return undefined;
  const segs = name.split('/');
  for (let n = segs.length - 1; n > 0; n--) {
    const candidate = segs.slice(0, n).join('/');
    if (Object.hasOwn(MODAL_DATA, candidate)) return candidate as ModalName;
  }
  return undefined;
}
