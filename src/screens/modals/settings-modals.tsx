/**
 * The settings screens (the shared modal set's settings routes). Every choice applies at once, goes to
 * the visitor's layer (saved locally; the session layer under ignore-local), reaches the other players of
 * the page through the controller, and is announced in the dialog's status line. This module is the settings
 * chunk's entry: the home screen here, the other screens by group beside it (src/screens/modal-bodies.ts loads
 * each by its export name).
 */
import { useLingui } from '@lingui/react';
import type { ModalBodyProps } from '../modal-body';
import { rateOf } from '../../playback/rate';
import { languageName, rateLabel } from './settings-options';
import { onOff, percent, ScreenList, useSettings } from './settings-widgets';

export {
  CaptionBackgroundOpacitySettings,
  CaptionBackgroundSettings,
  CaptionColorSettings,
  CaptionFontSettings,
  CaptionLanguageSettings,
  CaptionOpacitySettings,
  CaptionSizeSettings,
  CaptionsSettings,
  fontLabel,
} from './settings-captions';
export {
  IncreaseContrastSettings,
  MenuLanguageSettings,
  ReduceMotionSettings,
  TextSizeSettings,
} from './settings-menu';
export { KeyboardShortcutsSettings } from './settings-shortcuts';
export { AudioSettings, SpeedSettings, VideoLanguageSettings } from './settings-video';

/** settings: the list of settings screens with their current values. */
export function SettingsHome({ route }: ModalBodyProps) {
  const { i18n } = useLingui();
  const { prefs } = useSettings();
  return (
    <ScreenList
      route={route}
      items={[
        { name: 'settings/menu/language', value: languageName(prefs.menuLanguage) },
        { name: 'settings/menu/font-size', value: percent(prefs.fontSize) },
        { name: 'settings/menu/increase-contrast', value: onOff(i18n, prefs.increaseContrast === 1) },
        { name: 'settings/menu/reduce-motion', value: onOff(i18n, prefs.reduceMotion === 1) },
        { name: 'settings/video/language', value: languageName(prefs.voLanguage) },
        { name: 'settings/video/audio', value: onOff(i18n, prefs.audio === 1) },
        { name: 'settings/video/speed', value: rateLabel(i18n, rateOf(prefs.speed)) },
        {
          name: 'settings/captions',
          value: prefs.subtitles === 1 ? languageName(prefs.ccLanguage) : onOff(i18n, false),
        },
        { name: 'settings/keyboard-shortcuts', value: onOff(i18n, prefs.keyboardShortcuts === 1) },
      ]}
    />
  );
}
