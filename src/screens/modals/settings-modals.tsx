import { useLingui } from '@lingui/react';
import { useSnapshot } from 'valtio';
import { usePlayer } from '../../app/context';
import { LANGUAGES } from '../../preferences/defaults';
import { mergePreferences } from '../../preferences/merge';

/** Native names of the interface languages: shown untranslated on purpose. */
const LANGUAGE_NAMES: Record<string, string> = { en: 'English', es: 'Español', de: 'Deutsch', ar: 'العربية', pt: 'Português' };

export function MenuLanguageSettings() {
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
