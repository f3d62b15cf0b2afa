/** The video settings: the voice-over language, the sound and the speed. */
import { useLingui } from '@lingui/react';
import { languageName, rateLabel, SPEEDS } from './settings-options';
import { RadioGroup, Status, SwitchScreen, useOffered, useSettings } from './settings-widgets';

/** settings/video/language: the playlist's voice-over languages. */
export function VideoLanguageSettings() {
  const { i18n } = useLingui();
  const { prefs, set, announcement } = useSettings();
  const offered = useOffered('voLanguages');
  const legend = i18n._({ id: 'modal.videoLanguage', message: 'Video language' });
  return (
    <>
      <RadioGroup
        legend={legend}
        options={offered.map((lang) => ({ value: lang, label: languageName(lang), lang }))}
        current={prefs.voLanguage}
        onChange={(o) => set('voLanguage', o.value, `${legend}: ${o.label}`)}
      />
      <Status text={announcement} />
    </>
  );
}

/** settings/video/audio: play with sound, or muted: at once (the engine follows the preference) and later. */
export function AudioSettings() {
  const { i18n } = useLingui();
  return <SwitchScreen pref="audio" label={i18n._({ id: 'settings.playWithSound', message: 'Play with sound' })} />;
}

/** settings/video/speed: 0.5x to 2x, at once (the engine follows the preference) and for every later item. */
export function SpeedSettings() {
  const { i18n } = useLingui();
  const { prefs, set, announcement } = useSettings();
  const legend = i18n._({ id: 'modal.speed', message: 'Speed' });
  return (
    <>
      <RadioGroup
        legend={legend}
        options={SPEEDS.map((speed) => ({ value: speed, label: rateLabel(i18n, speed / 100) }))}
        current={prefs.speed}
        onChange={(o) => set('speed', o.value, `${legend}: ${o.label}`)}
      />
      <Status text={announcement} />
    </>
  );
}
