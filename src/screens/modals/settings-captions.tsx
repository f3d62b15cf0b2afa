/** The caption settings: the caption screens with a preview, the caption language, the caption style and the reset. */
import { useLingui } from '@lingui/react';
import type { I18n } from '@lingui/core';
import type { ModalBodyProps } from '../modal-body';
import { CAPTION_COLORS, CAPTION_FONTS, CAPTION_SIZES, OPACITIES, colorLabel, languageName } from './settings-options';
import {
  onOff,
  percent,
  RadioGroup,
  ScreenList,
  Status,
  useOffered,
  useSettings,
  type Option,
} from './settings-widgets';

const colorName = (i18n: I18n, value: string) => {
  const c = CAPTION_COLORS.find((c) => c.value.toLowerCase() === value.toLowerCase());
  return c ? colorLabel(i18n, c.name) : value;
};
const opacityLabel = (code: string) =>
  percent(OPACITIES.find((o) => o.value.toLowerCase() === code.toLowerCase())?.percent ?? 100);
/** A font list's name in the menu: its own label, else its first family without quotes. */
export const fontLabel = (value: string) =>
  CAPTION_FONTS.find((f) => f.value === value)?.label ?? value.split(',')[0].replace(/["']/g, '');

/** A caption as the current caption choices draw it. */
function CaptionSample() {
  const { i18n } = useLingui();
  return (
    <div className="caption-sample" aria-hidden="true" data-caption-sample="">
      <span>{i18n._({ id: 'settings.captionSample', message: 'Captions will look like this.' })}</span>
    </div>
  );
}

/** settings/captions: the caption screens, a preview and the reset. */
export function CaptionsSettings({ route }: ModalBodyProps) {
  const { i18n } = useLingui();
  const { controller, prefs, announcement, setAnnouncement } = useSettings();
  return (
    <>
      <CaptionSample />
      <ScreenList
        route={route}
        items={[
          {
            name: 'settings/captions/language',
            value: prefs.subtitles === 1 ? languageName(prefs.ccLanguage) : onOff(i18n, false),
          },
          { name: 'settings/captions/font-family', value: fontLabel(prefs.ccFontFamily) },
          { name: 'settings/captions/font-size', value: prefs.ccFontSize },
          { name: 'settings/captions/font-color', value: colorName(i18n, prefs.ccFontColor) },
          { name: 'settings/captions/font-opacity', value: opacityLabel(prefs.ccFontOpacity) },
          { name: 'settings/captions/background-color', value: colorName(i18n, prefs.ccBackgroundColor) },
          { name: 'settings/captions/background-opacity', value: opacityLabel(prefs.ccBackgroundOpacity) },
        ]}
      />
      <div className="settings-actions">
        <button
          type="button"
          className="button"
          data-action="reset-captions"
          onClick={() => {
            controller.clearCaptionsPreferences();
            setAnnouncement(i18n._({ id: 'settings.captionsReset', message: 'Caption settings were reset.' }));
          }}
        >
          {i18n._({ id: 'settings.resetCaptions', message: 'Reset caption settings' })}
        </button>
      </div>
      <Status text={announcement} />
    </>
  );
}

/** settings/captions/language: the playlist's caption languages, or Off. */
export function CaptionLanguageSettings() {
  const { i18n } = useLingui();
  const { controller, prefs, announcement, setAnnouncement } = useSettings();
  const offered = useOffered('ccLanguages');
  const legend = i18n._({ id: 'modal.captionLanguage', message: 'Caption language' });
  const off = onOff(i18n, false);
  const options: Option<string>[] = [
    { value: 'off', label: off },
    ...offered.map((lang) => ({ value: lang, label: languageName(lang), lang })),
  ];
  return (
    <>
      <CaptionSample />
      <RadioGroup
        legend={legend}
        options={options}
        current={prefs.subtitles === 1 ? prefs.ccLanguage : 'off'}
        onChange={(o) => {
          if (o.value === 'off') controller.setLocalPreference('subtitles', 0);
          else {
            controller.setLocalPreference('ccLanguage', o.value);
            controller.setLocalPreference('subtitles', 1);
          }
          setAnnouncement(`${legend}: ${o.label}`);
        }}
      />
      <Status text={announcement} />
    </>
  );
}

type CaptionStyleKey =
  'ccFontFamily' | 'ccFontSize' | 'ccFontColor' | 'ccFontOpacity' | 'ccBackgroundColor' | 'ccBackgroundOpacity';

function CaptionChoice({
  pref,
  legend,
  options,
  columns,
}: {
  pref: CaptionStyleKey;
  legend: string;
  options: Option<string>[];
  columns?: boolean;
}) {
  const { prefs, set, announcement } = useSettings();
  const current = options.find((o) => o.value.toLowerCase() === prefs[pref].toLowerCase())?.value ?? prefs[pref];
  return (
    <>
      <CaptionSample />
      <RadioGroup
        legend={legend}
        columns={columns}
        options={options}
        current={current}
        onChange={(o) => set(pref, o.value, `${legend}: ${o.label}`)}
      />
      <Status text={announcement} />
    </>
  );
}

const colorOptions = (i18n: I18n): Option<string>[] =>
  CAPTION_COLORS.map((c) => ({ value: c.value, label: colorLabel(i18n, c.name), swatch: c.name }));
const opacityOptions: Option<string>[] = OPACITIES.map((o) => ({ value: o.value, label: percent(o.percent) }));

export function CaptionFontSettings() {
  const { i18n } = useLingui();
  return (
    <CaptionChoice
      pref="ccFontFamily"
      legend={i18n._({ id: 'modal.captionFont', message: 'Font' })}
      options={CAPTION_FONTS.map((f) => ({ value: f.value, label: f.label }))}
    />
  );
}

export function CaptionSizeSettings() {
  const { i18n } = useLingui();
  return (
    <CaptionChoice
      pref="ccFontSize"
      columns
      legend={i18n._({ id: 'modal.captionFontSize', message: 'Font size' })}
      options={CAPTION_SIZES.map((s) => ({ value: s, label: s }))}
    />
  );
}

export function CaptionColorSettings() {
  const { i18n } = useLingui();
  return (
    <CaptionChoice
      pref="ccFontColor"
      columns
      legend={i18n._({ id: 'modal.captionFontColor', message: 'Font color' })}
      options={colorOptions(i18n)}
    />
  );
}

export function CaptionOpacitySettings() {
  const { i18n } = useLingui();
  return (
    <CaptionChoice
      pref="ccFontOpacity"
      legend={i18n._({ id: 'modal.captionFontOpacity', message: 'Font opacity' })}
      options={opacityOptions}
    />
  );
}

export function CaptionBackgroundSettings() {
  const { i18n } = useLingui();
  return (
    <CaptionChoice
      pref="ccBackgroundColor"
      columns
      legend={i18n._({ id: 'modal.captionBackgroundColor', message: 'Background color' })}
      options={colorOptions(i18n)}
    />
  );
}

export function CaptionBackgroundOpacitySettings() {
  const { i18n } = useLingui();
  return (
    <CaptionChoice
      pref="ccBackgroundOpacity"
      legend={i18n._({ id: 'modal.captionBackgroundOpacity', message: 'Background opacity' })}
      options={opacityOptions}
    />
  );
}
