/**
 * The settings screens (the shared modal set's settings routes). Every choice applies at once, goes to
 * the visitor's layer (saved locally; the session layer under ignore-local), reaches the other players of
 * the page through the controller, and is announced in the dialog's status line.
 */
import { useLingui } from '@lingui/react';
import type { I18n } from '@lingui/core';
import { useId, useState, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { usePlayer } from '../../app/context';
import { LANGUAGES, type PreferenceKey, type Preferences } from '../../preferences/defaults';
import { mergePreferences } from '../../preferences/merge';
import { paths, type MatchedRoute } from '../../routing/routes';
import type { ModalBodyProps, ModalName } from '../modal-registry';
import { modalEntry } from '../modal-registry';
import {
  CAPTION_COLORS,
  CAPTION_FONTS,
  CAPTION_SIZES,
  OPACITIES,
  TEXT_SIZES,
  colorLabel,
  keyName,
  languageName,
  shortcutAction,
  shortcutRows,
} from './settings-options';

const SETTINGS_CSS = /* css */ `
.settings-list { list-style: none; margin: 0; padding: 0; display: grid; gap: .35em; }
/* A narrow player or large text: the value goes below its label rather than squeeze it (words stay whole, and a word
   wider than the whole row breaks only then). */
.settings-link { width: 100%; display: flex; flex-wrap: wrap; justify-content: space-between; align-items: center; gap: .25em 1em; font: inherit; color: inherit; text-align: start; background: #f4f6fa; border: 1px solid #d5dae3; border-radius: var(--ped-radius); padding: .6em .8em; cursor: pointer; }
.settings-link > span { min-width: 0; overflow-wrap: anywhere; }
.settings-link > span:first-child { flex: 1 1 auto; }
.settings-link .settings-value { margin-inline-start: auto; }
.settings-link:hover { border-color: var(--ped-color); }
.settings-link::after { content: "›"; font-size: 1.3em; line-height: 1; color: var(--ped-muted); }
.shell[dir="rtl"] .settings-link::after { content: "‹"; }
.settings-value { margin-inline-start: auto; color: var(--ped-muted); font-size: .9em; }
.choice-list.columns { grid-template-columns: repeat(auto-fill, minmax(min(8.5em, 100%), 1fr)); }
.choice { padding: .3em .2em; border-radius: 4px; cursor: pointer; }
.choice input { width: 1.1em; height: 1.1em; margin: 0; accent-color: var(--ped-color); }
.swatch { display: inline-block; width: 1.1em; height: 1.1em; border-radius: 3px; border: 1px solid #5a6478; }
.switch-row { display: flex; align-items: center; justify-content: space-between; gap: 1em; padding: .4em 0; }
.switch { position: relative; flex: none; width: 2.6em; height: 1.5em; border-radius: .75em; border: 2px solid #5a6478; background: #e3e6ec; cursor: pointer; padding: 0; }
.switch::after { content: ""; position: absolute; top: .1em; inset-inline-start: .1em; width: 1.05em; height: 1.05em; border-radius: 50%; background: #5a6478; transition: inset-inline-start .15s; }
.switch[aria-checked="true"] { background: var(--ped-color); border-color: var(--ped-color); }
.switch[aria-checked="true"]::after { inset-inline-start: 1.25em; background: #fff; }
.caption-sample { margin: 0 0 1em; padding: 1.2em .5em; border-radius: var(--ped-radius); background: linear-gradient(135deg, #44546f, #8797b3); text-align: center; }
.caption-sample span { font-family: var(--ped-cc-font); font-size: calc(1.35em * var(--ped-cc-size)); color: var(--ped-cc-color); background: var(--ped-cc-bg); padding: .1em .4em; border-radius: 3px; }
.settings-actions { margin-top: 1em; }
.shortcut-table { border-collapse: collapse; width: 100%; margin-bottom: 1em; }
.shortcut-table th, .shortcut-table td { text-align: start; padding: .3em .4em; border-bottom: 1px solid #e3e6ec; }
kbd { font: inherit; font-size: .9em; padding: .05em .45em; border: 1px solid #9aa3b5; border-bottom-width: 2px; border-radius: 4px; background: #f4f6fa; }
kbd + kbd { margin-inline-start: .3em; }
${CAPTION_COLORS.map((c) => `.swatch-${c.name} { background: ${c.value}; }`).join('\n')}
`;

/** The settings screens' state: merged preferences, a setter that announces, and the status line. */
function useSettings() {
  const { controller } = usePlayer();
  controller.adoptStyles('settings', SETTINGS_CSS); // idempotent, before the first paint
  const snap = useSnapshot(controller.state);
  const prefs = mergePreferences(snap.layers);
  const [announcement, setAnnouncement] = useState('');
  const set = <K extends PreferenceKey>(key: K, value: Preferences[K], announce: string) => {
    if (controller.setLocalPreference(key, value)) setAnnouncement(announce);
  };
  return { controller, prefs, snap, set, announcement, setAnnouncement };
}

/** The dialog's polite status line: what a choice just did, for screen readers. */
function Status({ text }: { text: string }) {
  return (
    <p className="visually-hidden" role="status" data-settings-status="">
      {text}
    </p>
  );
}

interface Option<V> {
  value: V;
  label: string;
  lang?: string;
  swatch?: string;
}

/** A radio group: one `role=radio` per option, named by its label; arrow keys move the choice. */
function RadioGroup<V extends string | number>({ legend, options, current, onChange, columns }: { legend: string; options: readonly Option<V>[]; current: V; onChange: (o: Option<V>) => void; columns?: boolean }) {
  const name = useId();
  return (
    <fieldset className={`choice-list${columns ? ' columns' : ''}`}>
      <legend className="visually-hidden">{legend}</legend>
      {options.map((o) => (
        <label key={String(o.value)} className="choice">
          <input type="radio" name={name} value={String(o.value)} checked={current === o.value} onChange={() => onChange(o)} />
          {o.swatch && <span className={`swatch swatch-${o.swatch}`} aria-hidden="true" />}
          <span lang={o.lang}>{o.label}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** An on/off switch (`role=switch`), named by its visible label. */
function Switch({ label, checked, onChange }: { label: string; checked: boolean; onChange: (on: boolean) => void }) {
  const id = useId();
  return (
    <div className="switch-row">
      <span id={id}>{label}</span>
      <button type="button" role="switch" className="switch" aria-checked={checked} aria-labelledby={id} onClick={() => onChange(!checked)} />
    </div>
  );
}

/** The path of another settings screen under the same screen. */
const screenLink = (route: MatchedRoute, name: ModalName) => paths.modal(route.screenPath ?? '/', name);

/** A list of settings screens, each a button with its current value. */
function ScreenList({ route, items, children }: { route: MatchedRoute; items: { name: ModalName; value?: string }[]; children?: ReactNode }) {
  const { i18n } = useLingui();
  const { controller } = usePlayer();
  const base = useId();
  return (
    <ul className="settings-list">
      {items.map(({ name, value }, i) => (
        <li key={name}>
          <button type="button" className="settings-link" data-settings={name} aria-describedby={value ? `${base}-${i}` : undefined} onClick={() => controller.navigate(screenLink(route, name))}>
            <span>{modalEntry(name).title(i18n, route)}</span>
            {value && (
              <span className="settings-value" id={`${base}-${i}`}>
                {value}
              </span>
            )}
          </button>
        </li>
      ))}
      {children}
    </ul>
  );
}

const onOff = (i18n: I18n, on: boolean) => (on ? i18n._({ id: 'settings.on', message: 'On' }) : i18n._({ id: 'settings.off', message: 'Off' }));
const percent = (n: number | string) => `${n}%`;
const colorName = (i18n: I18n, value: string) => {
  const c = CAPTION_COLORS.find((c) => c.value.toLowerCase() === value.toLowerCase());
  return c ? colorLabel(i18n, c.name) : value;
};
const opacityLabel = (code: string) => percent(OPACITIES.find((o) => o.value.toLowerCase() === code.toLowerCase())?.percent ?? 100);
/** A font list's name in the menu: its own label, else its first family without quotes. */
export const fontLabel = (value: string) => CAPTION_FONTS.find((f) => f.value === value)?.label ?? value.split(',')[0].replace(/["']/g, '');

/** The languages the current playlist offers (all interface languages when nothing is playing). */
function useOffered(kind: 'voLanguages' | 'ccLanguages'): string[] {
  const { controller } = usePlayer();
  const playlist = useSnapshot(controller.state).playback.playlist;
  const offered = playlist?.[kind];
  return offered && offered.length > 0 ? [...offered] : [...LANGUAGES];
}

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
        { name: 'settings/captions', value: prefs.subtitles === 1 ? languageName(prefs.ccLanguage) : onOff(i18n, false) },
        { name: 'settings/keyboard-shortcuts', value: onOff(i18n, prefs.keyboardShortcuts === 1) },
      ]}
    />
  );
}

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
      <RadioGroup legend={legend} columns options={TEXT_SIZES.map((n) => ({ value: n, label: percent(n) }))} current={prefs.fontSize} onChange={(o) => set('fontSize', o.value, `${legend}: ${o.label}`)} />
      <Status text={announcement} />
    </>
  );
}

function SwitchScreen({ pref, label }: { pref: 'increaseContrast' | 'reduceMotion' | 'audio'; label: string }) {
  const { i18n } = useLingui();
  const { prefs, set, announcement } = useSettings();
  return (
    <>
      <Switch label={label} checked={prefs[pref] === 1} onChange={(on) => set(pref, on ? 1 : 0, `${label}: ${onOff(i18n, on)}`)} />
      <Status text={announcement} />
    </>
  );
}

export function IncreaseContrastSettings() {
  const { i18n } = useLingui();
  return <SwitchScreen pref="increaseContrast" label={i18n._({ id: 'modal.increaseContrast', message: 'Increase contrast' })} />;
}

export function ReduceMotionSettings() {
  const { i18n } = useLingui();
  return <SwitchScreen pref="reduceMotion" label={i18n._({ id: 'modal.reduceMotion', message: 'Reduce motion' })} />;
}

export function AudioSettings() {
  const { i18n } = useLingui();
  return <SwitchScreen pref="audio" label={i18n._({ id: 'settings.playWithSound', message: 'Play with sound' })} />;
}

/** settings/video/language: the playlist's voice-over languages. */
export function VideoLanguageSettings() {
  const { i18n } = useLingui();
  const { prefs, set, announcement } = useSettings();
  const offered = useOffered('voLanguages');
  const legend = i18n._({ id: 'modal.videoLanguage', message: 'Video language' });
  return (
    <>
      <RadioGroup legend={legend} options={offered.map((lang) => ({ value: lang, label: languageName(lang), lang }))} current={prefs.voLanguage} onChange={(o) => set('voLanguage', o.value, `${legend}: ${o.label}`)} />
      <Status text={announcement} />
    </>
  );
}

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
          { name: 'settings/captions/language', value: prefs.subtitles === 1 ? languageName(prefs.ccLanguage) : onOff(i18n, false) },
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
  const options: Option<string>[] = [{ value: 'off', label: off }, ...offered.map((lang) => ({ value: lang, label: languageName(lang), lang }))];
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

type CaptionStyleKey = 'ccFontFamily' | 'ccFontSize' | 'ccFontColor' | 'ccFontOpacity' | 'ccBackgroundColor' | 'ccBackgroundOpacity';

function CaptionChoice({ pref, legend, options, columns }: { pref: CaptionStyleKey; legend: string; options: Option<string>[]; columns?: boolean }) {
  const { prefs, set, announcement } = useSettings();
  const current = options.find((o) => o.value.toLowerCase() === prefs[pref].toLowerCase())?.value ?? prefs[pref];
  return (
    <>
      <CaptionSample />
      <RadioGroup legend={legend} columns={columns} options={options} current={current} onChange={(o) => set(pref, o.value, `${legend}: ${o.label}`)} />
      <Status text={announcement} />
    </>
  );
}

const colorOptions = (i18n: I18n): Option<string>[] => CAPTION_COLORS.map((c) => ({ value: c.value, label: colorLabel(i18n, c.name), swatch: c.name }));
const opacityOptions: Option<string>[] = OPACITIES.map((o) => ({ value: o.value, label: percent(o.percent) }));

export function CaptionFontSettings() {
  const { i18n } = useLingui();
  return <CaptionChoice pref="ccFontFamily" legend={i18n._({ id: 'modal.captionFont', message: 'Font' })} options={CAPTION_FONTS.map((f) => ({ value: f.value, label: f.label }))} />;
}

export function CaptionSizeSettings() {
  const { i18n } = useLingui();
  return <CaptionChoice pref="ccFontSize" columns legend={i18n._({ id: 'modal.captionFontSize', message: 'Font size' })} options={CAPTION_SIZES.map((s) => ({ value: s, label: s }))} />;
}

export function CaptionColorSettings() {
  const { i18n } = useLingui();
  return <CaptionChoice pref="ccFontColor" columns legend={i18n._({ id: 'modal.captionFontColor', message: 'Font color' })} options={colorOptions(i18n)} />;
}

export function CaptionOpacitySettings() {
  const { i18n } = useLingui();
  return <CaptionChoice pref="ccFontOpacity" legend={i18n._({ id: 'modal.captionFontOpacity', message: 'Font opacity' })} options={opacityOptions} />;
}

export function CaptionBackgroundSettings() {
  const { i18n } = useLingui();
  return <CaptionChoice pref="ccBackgroundColor" columns legend={i18n._({ id: 'modal.captionBackgroundColor', message: 'Background color' })} options={colorOptions(i18n)} />;
}

export function CaptionBackgroundOpacitySettings() {
  const { i18n } = useLingui();
  return <CaptionChoice pref="ccBackgroundOpacity" legend={i18n._({ id: 'modal.captionBackgroundOpacity', message: 'Background opacity' })} options={opacityOptions} />;
}

/** settings/keyboard-shortcuts: the shortcut table (generated from the player's) and the switch. */
export function KeyboardShortcutsSettings() {
  const { i18n } = useLingui();
  const { prefs, set, announcement } = useSettings();
  const label = i18n._({ id: 'modal.keyboardShortcuts', message: 'Keyboard shortcuts' });
  return (
    <>
      <Switch label={label} checked={prefs.keyboardShortcuts === 1} onChange={(on) => set('keyboardShortcuts', on ? 1 : 0, `${label}: ${onOff(i18n, on)}`)} />
      <table className="shortcut-table" data-shortcuts="">
        <caption className="visually-hidden">{label}</caption>
        <thead>
          <tr>
            <th scope="col">{i18n._({ id: 'settings.key', message: 'Key' })}</th>
            <th scope="col">{i18n._({ id: 'settings.action', message: 'Action' })}</th>
          </tr>
        </thead>
        <tbody>
          {shortcutRows().map(({ keys, action }) => (
            <tr key={keys.join()}>
              <td>
                {keys.map((k) => {
                  const { cap, spoken } = keyName(i18n, k);
                  return (
                    <kbd key={k}>
                      <span aria-hidden="true">{cap}</span>
                      <span className="visually-hidden">{spoken}</span>
                    </kbd>
                  );
                })}
              </td>
              <td>{shortcutAction(i18n, action)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Status text={announcement} />
    </>
  );
}
