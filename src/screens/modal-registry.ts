/**
 * The screen registry: every modal child route declared once, with where it is allowed, its kind,
 * its title and its lazily loaded body. The route table's modal names (src/routing/routes.ts), the
 * dialog titles and the bodies all come from here: adding a screen is one entry plus its component.
 */
import type { I18n } from '@lingui/core';
import type { ComponentType } from 'react';
import { lazyModule, type LazyModule } from '../app/lazy-module';
import type { PlayerController } from '../app/controller';
import type { CatalogName } from '../i18n/locales';
import type { MatchedRoute } from '../routing/routes';

/**
 * Where a modal is allowed: `shared` under the menu and both player routes (spec section 2, shared
 * modal set), `player` under the player routes only, `menu` under the navigation route only.
 */
export type ModalScope = 'shared' | 'player' | 'menu';

/**
 * `dialog`: focus trapped, the stage behind it inert, Escape returns to the parent route.
 * `overlay`: the stage stays visible and live (annotation over the frame, a panel beside the video);
 * Escape returns too. Keyboard shortcuts are off under both (spec: modal routes).
 */
export type ModalKind = 'dialog' | 'overlay';

export interface ModalBodyProps {
  route: MatchedRoute;
  /** Return to the parent route. */
  close: () => void;
}

export type ModalBody = ComponentType<ModalBodyProps>;

export interface ModalSpec {
  scope: ModalScope;
  kind: ModalKind;
  title: (i18n: I18n, route: MatchedRoute) => string;
  /** The body's chunk; a modal without one yet shows its title only. */
  body?: LazyModule<ModalBody>;
  /** The catalog of the body's strings, loaded with it (the entry's `messages` when absent). */
  catalog?: CatalogName;
  /** What takes the focus when it opens (a selector inside the dialog). */
  initialFocus?: string;
  /** The route loader's part: what to start as the route is entered (with the body's chunk). */
  enter?: (controller: PlayerController) => void;
}

const playerModals = () => import('./modals/player-modals');
const settingsModals = () => import('./modals/settings-modals');
const shareModals = () => import('./modals/share-modals');
/** The menu's search dialog (InstantSearch, the session, the voice search), for search and search-next. */
const searchChunk = lazyModule(() => import('../search/search-modal'));
const SEARCH_DIALOG = {
  scope: 'menu',
  kind: 'dialog',
  title: (i18n) => i18n._({ id: 'modal.search', message: 'Search' }),
  body: lazyModule(() => searchChunk.load().then((m) => m.SearchModal as ModalBody)),
  catalog: 'search',
  initialFocus: '[type=search]',
  // The session starts building its index (or loading its client) with the chunk.
  enter: (controller) => void searchChunk.load().then((m) => m.prepareSearch(controller), () => undefined),
} as const satisfies ModalSpec;
type SettingsModule = Awaited<ReturnType<typeof settingsModals>>;

/** A settings screen of the shared set: a dialog whose body is an export of the settings chunk. */
const settings = (title: ModalSpec['title'], body: { [K in keyof SettingsModule]: SettingsModule[K] extends ModalBody ? K : never }[keyof SettingsModule]) =>
  ({ scope: 'shared', kind: 'dialog', title, body: lazyModule(() => settingsModals().then((m) => m[body] as ModalBody)), catalog: 'settings' }) as const satisfies ModalSpec;

export const MODALS = {
  // Player modal children.
  note: { scope: 'player', kind: 'dialog', title: (i18n) => i18n._({ id: 'modal.note', message: 'Note' }), body: lazyModule(() => playerModals().then((m) => m.NoteModal)), catalog: 'player' },
  chapters: { scope: 'player', kind: 'dialog', title: (i18n) => i18n._({ id: 'modal.chapters', message: 'Chapters' }), body: lazyModule(() => playerModals().then((m) => m.ChaptersModal)), catalog: 'player' },
  'chapters/:chapter': {
    scope: 'player',
    kind: 'dialog',
    title: (i18n, route) => i18n._({ id: 'modal.chapter', message: 'Chapter {chapter}', values: { chapter: route.chapter } }),
    body: lazyModule(() => playerModals().then((m) => m.ChapterRoute)),
    catalog: 'player',
  },
  markup: {
    scope: 'player',
    kind: 'overlay',
    title: (i18n) => i18n._({ id: 'modal.markup', message: 'Annotate' }),
    // Fabric.js loads with it; its catalog is requested beside it (not once the chunk is in).
    body: lazyModule(() => import('../annotation/annotation-overlay').then((m) => m.AnnotationOverlay)),
    catalog: 'annotation',
    // Entering pauses at once (not once the chunk is in), remembering whether it was playing.
    enter: (c) => c.loadedPlayback()?.enterMarkup(),
  },
  list: { scope: 'player', kind: 'dialog', title: (i18n) => i18n._({ id: 'modal.list', message: 'Playlist' }), body: lazyModule(() => playerModals().then((m) => m.ListModal)), catalog: 'player' },
  info: { scope: 'player', kind: 'dialog', title: (i18n) => i18n._({ id: 'modal.info', message: 'Information' }), body: lazyModule(() => playerModals().then((m) => m.InfoModal)), catalog: 'player' },
  transcript: {
    scope: 'player',
    kind: 'overlay',
    title: (i18n) => i18n._({ id: 'modal.transcript', message: 'Transcript' }),
    body: lazyModule(() => playerModals().then((m) => m.TranscriptPanel)),
    catalog: 'player',
  },
  extras: { scope: 'player', kind: 'dialog', title: (i18n) => i18n._({ id: 'modal.extras', message: 'Extras' }), body: lazyModule(() => playerModals().then((m) => m.ExtrasModal)), catalog: 'player' },
  // Navigation modal children.
  search: SEARCH_DIALOG,
  'search-next': SEARCH_DIALOG,
  // The shared modal set.
  settings: settings((i18n) => i18n._({ id: 'modal.settings', message: 'Settings' }), 'SettingsHome'),
  embed: { scope: 'shared', kind: 'dialog', title: (i18n) => i18n._({ id: 'modal.embed', message: 'Embed' }), body: lazyModule(() => shareModals().then((m) => m.EmbedModal)), catalog: 'settings' },
  share: { scope: 'shared', kind: 'dialog', title: (i18n) => i18n._({ id: 'modal.share', message: 'Share' }), body: lazyModule(() => shareModals().then((m) => m.ShareModal)), catalog: 'settings' },
  'settings/keyboard-shortcuts': settings((i18n) => i18n._({ id: 'modal.keyboardShortcuts', message: 'Keyboard shortcuts' }), 'KeyboardShortcutsSettings'),
  'settings/menu/language': settings((i18n) => i18n._({ id: 'modal.menuLanguage', message: 'Menu language' }), 'MenuLanguageSettings'),
  'settings/menu/font-size': settings((i18n) => i18n._({ id: 'modal.textSize', message: 'Text size' }), 'TextSizeSettings'),
  'settings/menu/increase-contrast': settings((i18n) => i18n._({ id: 'modal.increaseContrast', message: 'Increase contrast' }), 'IncreaseContrastSettings'),
  'settings/menu/reduce-motion': settings((i18n) => i18n._({ id: 'modal.reduceMotion', message: 'Reduce motion' }), 'ReduceMotionSettings'),
  'settings/video/language': settings((i18n) => i18n._({ id: 'modal.videoLanguage', message: 'Video language' }), 'VideoLanguageSettings'),
  'settings/video/audio': settings((i18n) => i18n._({ id: 'modal.audio', message: 'Audio' }), 'AudioSettings'),
  'settings/captions': settings((i18n) => i18n._({ id: 'modal.captions', message: 'Captions' }), 'CaptionsSettings'),
  'settings/captions/language': settings((i18n) => i18n._({ id: 'modal.captionLanguage', message: 'Caption language' }), 'CaptionLanguageSettings'),
  'settings/captions/font-family': settings((i18n) => i18n._({ id: 'modal.captionFont', message: 'Font' }), 'CaptionFontSettings'),
  'settings/captions/font-size': settings((i18n) => i18n._({ id: 'modal.captionFontSize', message: 'Font size' }), 'CaptionSizeSettings'),
  'settings/captions/font-color': settings((i18n) => i18n._({ id: 'modal.captionFontColor', message: 'Font color' }), 'CaptionColorSettings'),
  'settings/captions/font-opacity': settings((i18n) => i18n._({ id: 'modal.captionFontOpacity', message: 'Font opacity' }), 'CaptionOpacitySettings'),
  'settings/captions/background-color': settings((i18n) => i18n._({ id: 'modal.captionBackgroundColor', message: 'Background color' }), 'CaptionBackgroundSettings'),
  'settings/captions/background-opacity': settings(
    (i18n) => i18n._({ id: 'modal.captionBackgroundOpacity', message: 'Background opacity' }),
    'CaptionBackgroundOpacitySettings',
  ),
} as const satisfies Record<string, ModalSpec>;

export type ModalName = keyof typeof MODALS;

export const MODAL_NAMES = Object.keys(MODALS) as ModalName[];

/** Names under a scope, in declaration order (patterns such as chapters/:chapter are matched apart). */
const named = (scopes: readonly ModalScope[]) => MODAL_NAMES.filter((n) => scopes.includes(MODALS[n].scope) && !n.includes(':'));

export const SHARED_MODALS = named(['shared']);
export const PLAYER_MODALS = named(['player', 'shared']);
export const NAVIGATION_MODALS = named(['menu', 'shared']);

export const modalEntry = (name: ModalName): ModalSpec => MODALS[name];

/**
 * The modal a modal returns to: the nearest declared ancestor of its name (settings/captions/font-size ->
 * settings/captions, settings/menu/language -> settings); none for a top-level one or a parameter route.
 */
export function parentModal(name: ModalName): ModalName | undefined {
  if (name.includes(':')) return undefined;
  const segs = name.split('/');
  for (let n = segs.length - 1; n > 0; n--) {
    const candidate = segs.slice(0, n).join('/');
    if (Object.hasOwn(MODALS, candidate)) return candidate as ModalName;
  }
  return undefined;
}
