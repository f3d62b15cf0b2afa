/**
 * Each modal route's title, declared once (the dialog's heading, the header buttons' names, the settings lists). Only
 * the React tree shows them, so they stay out of the entry: the route table needs none of them.
 */
import type { I18n } from '@lingui/core';
import type { ModalName } from './modals';

/** A title in the visitor's language (`route`: the matched route, for a parameter such as the chapter). */
export type ModalTitle = (i18n: I18n, route: { chapter?: string }) => string;

export const MODAL_TITLES: Record<ModalName, ModalTitle> = {
  note: (i18n) => i18n._({ id: 'modal.note', message: 'Note' }),
  chapters: (i18n) => i18n._({ id: 'modal.chapters', message: 'Chapters' }),
  'chapters/:chapter': (i18n, route) =>
    i18n._({ id: 'modal.chapter', message: 'Chapter {chapter}', values: { chapter: route.chapter } }),
  markup: (i18n) => i18n._({ id: 'modal.markup', message: 'Annotate' }),
  list: (i18n) => i18n._({ id: 'modal.list', message: 'Playlist' }),
  info: (i18n) => i18n._({ id: 'modal.info', message: 'Information' }),
  transcript: (i18n) => i18n._({ id: 'modal.transcript', message: 'Transcript' }),
  extras: (i18n) => i18n._({ id: 'modal.extras', message: 'Extras' }),
  search: (i18n) => i18n._({ id: 'modal.search', message: 'Search' }),
  'search-next': (i18n) => i18n._({ id: 'modal.search', message: 'Search' }),
  settings: (i18n) => i18n._({ id: 'modal.settings', message: 'Settings' }),
  embed: (i18n) => i18n._({ id: 'modal.embed', message: 'Embed' }),
  share: (i18n) => i18n._({ id: 'modal.share', message: 'Share' }),
  'settings/keyboard-shortcuts': (i18n) => i18n._({ id: 'modal.keyboardShortcuts', message: 'Keyboard shortcuts' }),
  'settings/menu/language': (i18n) => i18n._({ id: 'modal.menuLanguage', message: 'Menu language' }),
  'settings/menu/font-size': (i18n) => i18n._({ id: 'modal.textSize', message: 'Text size' }),
  'settings/menu/increase-contrast': (i18n) => i18n._({ id: 'modal.increaseContrast', message: 'Increase contrast' }),
  'settings/menu/reduce-motion': (i18n) => i18n._({ id: 'modal.reduceMotion', message: 'Reduce motion' }),
  'settings/video/language': (i18n) => i18n._({ id: 'modal.videoLanguage', message: 'Video language' }),
  'settings/video/audio': (i18n) => i18n._({ id: 'modal.audio', message: 'Audio' }),
  'settings/video/speed': (i18n) => i18n._({ id: 'modal.speed', message: 'Speed' }),
  'settings/captions': (i18n) => i18n._({ id: 'modal.captions', message: 'Captions' }),
  'settings/captions/language': (i18n) => i18n._({ id: 'modal.captionLanguage', message: 'Caption language' }),
  'settings/captions/font-family': (i18n) => i18n._({ id: 'modal.captionFont', message: 'Font' }),
  'settings/captions/font-size': (i18n) => i18n._({ id: 'modal.captionFontSize', message: 'Font size' }),
  'settings/captions/font-color': (i18n) => i18n._({ id: 'modal.captionFontColor', message: 'Font color' }),
  'settings/captions/font-opacity': (i18n) => i18n._({ id: 'modal.captionFontOpacity', message: 'Font opacity' }),
  'settings/captions/background-color': (i18n) =>
    i18n._({ id: 'modal.captionBackgroundColor', message: 'Background color' }),
  'settings/captions/background-opacity': (i18n) =>
    i18n._({ id: 'modal.captionBackgroundOpacity', message: 'Background opacity' }),
};
