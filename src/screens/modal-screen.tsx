import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useSnapshot } from 'valtio';
import { usePlayer } from '../app/context';
import { LANGUAGES } from '../preferences/defaults';
import { mergePreferences } from '../preferences/merge';
import type { MatchedRoute, ModalName } from '../routing/routes';
import { ModalDialog } from '../ui/modal-dialog';
import { lazy, Suspense, useCallback } from 'react';

const PlayerModalBody = lazy(() => import('./player-modals').then((m) => ({ default: m.PlayerModalBody })));

/** Title of each modal route (settings screens' layouts are not specified beyond their names). */
function modalTitle(i18n: I18n, modal: ModalName, chapter?: string): string {
  switch (modal) {
    case 'search':
    case 'search-next':
      return i18n._({ id: 'modal.search', message: 'Search' });
    case 'note':
      return i18n._({ id: 'modal.note', message: 'Note' });
    case 'chapters':
      return i18n._({ id: 'modal.chapters', message: 'Chapters' });
    case 'chapters/:chapter':
      return i18n._({ id: 'modal.chapter', message: 'Chapter {chapter}', values: { chapter } });
    case 'markup':
      return i18n._({ id: 'modal.markup', message: 'Annotate' });
    case 'list':
      return i18n._({ id: 'modal.list', message: 'Playlist' });
    case 'info':
      return i18n._({ id: 'modal.info', message: 'Information' });
    case 'extras':
      return i18n._({ id: 'modal.extras', message: 'Extras' });
    case 'embed':
      return i18n._({ id: 'modal.embed', message: 'Embed' });
    case 'share':
      return i18n._({ id: 'modal.share', message: 'Share' });
    case 'settings':
      return i18n._({ id: 'modal.settings', message: 'Settings' });
    case 'settings/keyboard-shortcuts':
      return i18n._({ id: 'modal.keyboardShortcuts', message: 'Keyboard shortcuts' });
    case 'settings/menu/language':
      return i18n._({ id: 'modal.menuLanguage', message: 'Menu language' });
    case 'settings/menu/font-size':
      return i18n._({ id: 'modal.fontSize', message: 'Font size' });
    case 'settings/menu/increase-contrast':
      return i18n._({ id: 'modal.increaseContrast', message: 'Increase contrast' });
    case 'settings/menu/reduce-motion':
      return i18n._({ id: 'modal.reduceMotion', message: 'Reduce motion' });
    case 'settings/video/language':
      return i18n._({ id: 'modal.videoLanguage', message: 'Video language' });
    case 'settings/video/audio':
      return i18n._({ id: 'modal.audio', message: 'Audio' });
    case 'settings/captions':
      return i18n._({ id: 'modal.captions', message: 'Captions' });
    case 'settings/captions/language':
      return i18n._({ id: 'modal.captionsLanguage', message: 'Captions language' });
    case 'settings/captions/font-family':
      return i18n._({ id: 'modal.captionsFontFamily', message: 'Caption font' });
    case 'settings/captions/font-size':
      return i18n._({ id: 'modal.captionsFontSize', message: 'Caption size' });
    case 'settings/captions/font-color':
      return i18n._({ id: 'modal.captionsFontColor', message: 'Caption colour' });
    case 'settings/captions/font-opacity':
      return i18n._({ id: 'modal.captionsFontOpacity', message: 'Caption opacity' });
    case 'settings/captions/background-color':
      return i18n._({ id: 'modal.captionsBackgroundColor', message: 'Caption background colour' });
    case 'settings/captions/background-opacity':
      return i18n._({ id: 'modal.captionsBackgroundOpacity', message: 'Caption background opacity' });
  }
}

/** Native names of the interface languages: shown untranslated on purpose. */
const LANGUAGE_NAMES: Record<string, string> = { en: 'English', es: 'Español', de: 'Deutsch', ar: 'العربية', pt: 'Português' };

function MenuLanguageSettings() {
  const { i18n } = useLingui();
  const { controller } = usePlayer();
  const snap = useSnapshot(controller.state);
  const current = mergePreferences(snap.layers).menuLanguage;
  return (
    <fieldset className="choice-list">
      <legend className="visually-hidden">{i18n._({ id: 'modal.menuLanguage', message: 'Menu language' })}</legend>
      {LANGUAGES.map((lang) => (
        <label key={lang} className="choice">
          <input type="radio" name="menu-language" value={lang} checked={current === lang} onChange={() => controller.command('setLanguage', lang)} />
          <span lang={lang}>{LANGUAGE_NAMES[lang]}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** The modal layer's content for a modal route; closing returns to the parent route. */
export function ModalScreen({ route }: { route: MatchedRoute }) {
  const { i18n } = useLingui();
  const { controller } = usePlayer();
  const returnPath = route.returnPath;
  const close = useCallback(() => returnPath && controller.navigate(returnPath), [controller, returnPath]);
  if (!route.modal || !returnPath) return null;
  return (
    <ModalDialog title={modalTitle(i18n, route.modal, route.chapter)} closeLabel={i18n._({ id: 'action.close', message: 'Close' })} onClose={close}>
      {route.modal === 'settings/menu/language' ? <MenuLanguageSettings /> : <Suspense fallback={null}><PlayerModalBody route={route} onDone={close} /></Suspense>}
    </ModalDialog>
  );
}
