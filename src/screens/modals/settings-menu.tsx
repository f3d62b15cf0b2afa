/** The menu settings: the interface language, the text size, contrast and motion. */
import { useLingui } from '@lingui/react';
import { LANGUAGES } from '../../preferences/defaults';
import { languageName, TEXT_SIZES } from './settings-options';
import { percent, RadioGroup, Status, SwitchScreen, useSettings } from './settings-widgets';

/** settings/menu/language: the interface language only (voice-over and captions have their own screens). */
export function MenuLanguageSettings() {
  const { i18n } = useLingui();
  const { prefs, set, announcement } = useSettings();
  const legend = i18n._({ id: 'modal.menuLanguage', message: 'Menu language' });
  return (
    <>
      <RadioGroup
        legend={legend}
        options={LANGUAGES.map((lang) => ({ value: lang, label: languageName(lang), lang }))}
        current={prefs.menuLanguage}
        onChange={(o) => set('menuLanguage', o.value, `${legend}: ${o.label}`)}
      />
      <Status text={announcement} />
    </>
  );
}

/** settings/menu/font-size: the text size (it multiplies the player's scale; together at most 400%). */
export function TextSizeSettings() {
  const { i18n } = useLingui();
  const { prefs, set, announcement } = useSettings();
  const legend = i18n._({ id: 'modal.textSize', message: 'Text size' });
  return (
    <>
      <RadioGroup
        legend={legend}
        columns
        options={TEXT_SIZES.map((n) => ({ value: n, label: percent(n) }))}
        current={prefs.fontSize}
        onChange={(o) => set('fontSize', o.value, `${legend}: ${o.label}`)}
      />
      <Status text={announcement} />
    </>
  );
}

/** settings/menu/increase-contrast: high-contrast colours. */
export function IncreaseContrastSettings() {
  const { i18n } = useLingui();
  return (
    <SwitchScreen
      pref="increaseContrast"
      label={i18n._({ id: 'modal.increaseContrast', message: 'Increase contrast' })}
    />
  );
}

/** settings/menu/reduce-motion: no animations or transitions. */
export function ReduceMotionSettings() {
  const { i18n } = useLingui();
  return <SwitchScreen pref="reduceMotion" label={i18n._({ id: 'modal.reduceMotion', message: 'Reduce motion' })} />;
}
