/**
 * The lazy half of the modal registry: each modal route's body, loaded on demand (the route's loader requests it as
 * the route is entered, the modal layer renders it). Their data is src/routing/modals.ts's; ./modal-registry.ts puts
 * the two together.
 */
import { lazyModule, type LazyModule } from '../core/lazy-module';
import type { ModalName } from '../routing/modals';
import type { ModalBody } from './modal-body';

const playerModals = () => import('./modals/player-modals');
const settingsModals = () => import('./modals/settings-modals');
const shareModals = () => import('./modals/share-modals');

/** The names of a chunk's exports that are modal bodies. */
type BodyExport<M> = { [K in keyof M]: M[K] extends ModalBody ? K : never }[keyof M];

/** A body exported by one of the modal chunks (player modals, settings, share and embed). */
const exported =
  <M>(chunk: () => Promise<M>) =>
  (name: BodyExport<M>) =>
    lazyModule(() => chunk().then((m) => m[name] as ModalBody));
const player = exported(playerModals);
const settings = exported(settingsModals);
const share = exported(shareModals);

/** The menu's search dialog (InstantSearch, the session, the voice search): the body of search and search-next. */
export const SEARCH_CHUNK = lazyModule(() => import('../search/search-modal'));
const searchDialog = lazyModule(() => SEARCH_CHUNK.load().then((m) => m.SearchModal as ModalBody));
/** The annotation overlay (with Fabric.js): the body of markup. */
export const ANNOTATION_CHUNK = lazyModule(() => import('../annotation/annotation-overlay'));

/** One body per modal route (the modal registry's entries read and swap them here). */
export const MODAL_BODIES: Record<ModalName, LazyModule<ModalBody>> = {
  note: player('NoteModal'),
  chapters: player('ChaptersModal'),
  'chapters/:chapter': player('ChapterRoute'),
  markup: lazyModule(() => ANNOTATION_CHUNK.load().then((m) => m.AnnotationOverlay)),
  list: player('ListModal'),
  info: player('InfoModal'),
  transcript: player('TranscriptPanel'),
  extras: player('ExtrasModal'),
  search: searchDialog,
  'search-next': searchDialog,
  settings: settings('SettingsHome'),
  embed: share('EmbedModal'),
  share: share('ShareModal'),
  'settings/keyboard-shortcuts': settings('KeyboardShortcutsSettings'),
  'settings/menu/language': settings('MenuLanguageSettings'),
  'settings/menu/font-size': settings('TextSizeSettings'),
  'settings/menu/increase-contrast': settings('IncreaseContrastSettings'),
  'settings/menu/reduce-motion': settings('ReduceMotionSettings'),
  'settings/video/language': settings('VideoLanguageSettings'),
  'settings/video/audio': settings('AudioSettings'),
  'settings/video/speed': settings('SpeedSettings'),
  'settings/captions': settings('CaptionsSettings'),
  'settings/captions/language': settings('CaptionLanguageSettings'),
  'settings/captions/font-family': settings('CaptionFontSettings'),
  'settings/captions/font-size': settings('CaptionSizeSettings'),
  'settings/captions/font-color': settings('CaptionColorSettings'),
  'settings/captions/font-opacity': settings('CaptionOpacitySettings'),
  'settings/captions/background-color': settings('CaptionBackgroundSettings'),
  'settings/captions/background-opacity': settings('CaptionBackgroundOpacitySettings'),
};
