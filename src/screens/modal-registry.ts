/**
 * The screen registry: every modal child route declared once, with where it is allowed, its kind,
 * its title and its lazily loaded body. The route table's modal names (src/routing/routes.ts), the
 * dialog titles and the bodies all come from here: adding a screen is one entry plus its component.
 */
import type { I18n } from '@lingui/core';
import type { ComponentType } from 'react';
import { lazyModule, type LazyModule } from '../app/lazy-module';
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
}

const playerModals = () => import('./modals/player-modals');
const settingsModals = () => import('./modals/settings-modals');

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
  markup: { scope: 'player', kind: 'overlay', title: (i18n) => i18n._({ id: 'modal.markup', message: 'Annotate' }) },
  list: { scope: 'player', kind: 'dialog', title: (i18n) => i18n._({ id: 'modal.list', message: 'Playlist' }), body: lazyModule(() => playerModals().then((m) => m.ListModal)), catalog: 'player' },
  info: { scope: 'player', kind: 'dialog', title: (i18n) => i18n._({ id: 'modal.info', message: 'Information' }), body: lazyModule(() => playerModals().then((m) => m.InfoModal)), catalog: 'player' },
  extras: { scope: 'player', kind: 'dialog', title: (i18n) => i18n._({ id: 'modal.extras', message: 'Extras' }), body: lazyModule(() => playerModals().then((m) => m.ExtrasModal)), catalog: 'player' },
  // Navigation modal children.
  search: { scope: 'menu', kind: 'dialog', title: (i18n) => i18n._({ id: 'modal.search', message: 'Search' }) },
  'search-next': { scope: 'menu', kind: 'dialog', title: (i18n) => i18n._({ id: 'modal.search', message: 'Search' }) },
  // The shared modal set.
  settings: { scope: 'shared', kind: 'dialog', title: (i18n) => i18n._({ id: 'modal.settings', message: 'Settings' }) },
  embed: { scope: 'shared', kind: 'dialog', title: (i18n) => i18n._({ id: 'modal.embed', message: 'Embed' }) },
  share: { scope: 'shared', kind: 'dialog', title: (i18n) => i18n._({ id: 'modal.share', message: 'Share' }) },
  'settings/keyboard-shortcuts': { scope: 'shared', kind: 'dialog', title: (i18n) => i18n._({ id: 'modal.keyboardShortcuts', message: 'Keyboard shortcuts' }) },
  'settings/menu/language': {
    scope: 'shared',
    kind: 'dialog',
    title: (i18n) => i18n._({ id: 'modal.menuLanguage', message: 'Menu language' }),
    body: lazyModule(() => settingsModals().then((m) => m.MenuLanguageSettings)),
    catalog: 'settings',
  },
  'settings/menu/font-size': { scope: 'shared', kind: 'dialog', title: (i18n) => i18n._({ id: 'modal.fontSize', message: 'Font size' }) },
  'settings/menu/increase-contrast': { scope: 'shared', kind: 'dialog', title: (i18n) => i18n._({ id: 'modal.increaseContrast', message: 'Increase contrast' }) },
  'settings/menu/reduce-motion': { scope: 'shared', kind: 'dialog', title: (i18n) => i18n._({ id: 'modal.reduceMotion', message: 'Reduce motion' }) },
  'settings/video/language': { scope: 'shared', kind: 'dialog', title: (i18n) => i18n._({ id: 'modal.videoLanguage', message: 'Video language' }) },
  'settings/video/audio': { scope: 'shared', kind: 'dialog', title: (i18n) => i18n._({ id: 'modal.audio', message: 'Audio' }) },
  'settings/captions': { scope: 'shared', kind: 'dialog', title: (i18n) => i18n._({ id: 'modal.captions', message: 'Captions' }) },
  'settings/captions/language': { scope: 'shared', kind: 'dialog', title: (i18n) => i18n._({ id: 'modal.captionsLanguage', message: 'Captions language' }) },
  'settings/captions/font-family': { scope: 'shared', kind: 'dialog', title: (i18n) => i18n._({ id: 'modal.captionsFontFamily', message: 'Caption font' }) },
  'settings/captions/font-size': { scope: 'shared', kind: 'dialog', title: (i18n) => i18n._({ id: 'modal.captionsFontSize', message: 'Caption size' }) },
  'settings/captions/font-color': { scope: 'shared', kind: 'dialog', title: (i18n) => i18n._({ id: 'modal.captionsFontColor', message: 'Caption colour' }) },
  'settings/captions/font-opacity': { scope: 'shared', kind: 'dialog', title: (i18n) => i18n._({ id: 'modal.captionsFontOpacity', message: 'Caption opacity' }) },
  'settings/captions/background-color': {
    scope: 'shared',
    kind: 'dialog',
    title: (i18n) => i18n._({ id: 'modal.captionsBackgroundColor', message: 'Caption background colour' }),
  },
  'settings/captions/background-opacity': {
    scope: 'shared',
    kind: 'dialog',
    title: (i18n) => i18n._({ id: 'modal.captionsBackgroundOpacity', message: 'Caption background opacity' }),
  },
} as const satisfies Record<string, ModalSpec>;

export type ModalName = keyof typeof MODALS;

export const MODAL_NAMES = Object.keys(MODALS) as ModalName[];

/** Names under a scope, in declaration order (patterns such as chapters/:chapter are matched apart). */
const named = (scopes: readonly ModalScope[]) => MODAL_NAMES.filter((n) => scopes.includes(MODALS[n].scope) && !n.includes(':'));

export const SHARED_MODALS = named(['shared']);
export const PLAYER_MODALS = named(['player', 'shared']);
export const NAVIGATION_MODALS = named(['menu', 'shared']);

export const modalEntry = (name: ModalName): ModalSpec => MODALS[name];
