/**
 * What every settings screen is made of: the screens' state (merged preferences and an announcing setter), the
 * status line, radio groups, switches and the list of screens, and the labels of values.
 */
import { useLingui } from '@lingui/react';
import type { I18n } from '@lingui/core';
import { useId, useState, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { usePlayer } from '../player-context';
import { LANGUAGES, type PreferenceKey, type Preferences } from '../../preferences/defaults';
import { mergePreferences } from '../../preferences/merge';
import { paths, type MatchedRoute } from '../../routing/routes';
import { MODAL_TITLES } from '../../routing/modal-titles';
import type { ModalName } from '../../routing/modals';
import { SETTINGS_CSS } from './settings-styles';

/** The settings screens' state: merged preferences, a setter that announces, and the status line. */
export function useSettings() {
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
export function Status({ text }: { text: string }) {
  return (
    <p className="visually-hidden" role="status" data-settings-status="">
      {text}
    </p>
  );
}

export interface Option<V> {
  value: V;
  label: string;
  lang?: string;
  swatch?: string;
}

/** A radio group: one `role=radio` per option, named by its label; arrow keys move the choice. */
export function RadioGroup<V extends string | number>({
  legend,
  options,
  current,
  onChange,
  columns,
}: {
  legend: string;
  options: readonly Option<V>[];
  current: V;
  onChange: (o: Option<V>) => void;
  columns?: boolean;
}) {
  const name = useId();
  return (
    <fieldset className={`choice-list${columns ? ' columns' : ''}`}>
      <legend className="visually-hidden">{legend}</legend>
      {options.map((o) => (
        <label key={String(o.value)} className="choice">
          <input
            type="radio"
            name={name}
            value={String(o.value)}
            checked={current === o.value}
            onChange={() => onChange(o)}
          />
          {o.swatch && <span className={`swatch swatch-${o.swatch}`} aria-hidden="true" />}
          <span lang={o.lang}>{o.label}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** An on/off switch (`role=switch`), named by its visible label. */
export function Switch({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="switch-row">
      <span id={id}>{label}</span>
      <button
        type="button"
        role="switch"
        className="switch"
        aria-checked={checked}
        aria-labelledby={id}
        onClick={() => onChange(!checked)}
      />
    </div>
  );
}

/** A screen of one on/off preference: its switch and the status line. */
export function SwitchScreen({ pref, label }: { pref: 'increaseContrast' | 'reduceMotion' | 'audio'; label: string }) {
  const { i18n } = useLingui();
  const { prefs, set, announcement } = useSettings();
  return (
    <>
      <Switch
        label={label}
        checked={prefs[pref] === 1}
        onChange={(on) => set(pref, on ? 1 : 0, `${label}: ${onOff(i18n, on)}`)}
      />
      <Status text={announcement} />
    </>
  );
}

/** The path of another settings screen under the same screen. */
const screenLink = (route: MatchedRoute, name: ModalName) => paths.modal(route.screenPath ?? '/', name);

/** A list of settings screens, each a button with its current value. */
export function ScreenList({
  route,
  items,
  children,
}: {
  route: MatchedRoute;
  items: { name: ModalName; value?: string }[];
  children?: ReactNode;
}) {
  const { i18n } = useLingui();
  const { controller } = usePlayer();
  const base = useId();
  return (
    <ul className="settings-list">
      {items.map(({ name, value }, i) => (
        <li key={name}>
          <button
            type="button"
            className="settings-link"
            data-settings={name}
            aria-describedby={value ? `${base}-${i}` : undefined}
            onClick={() => controller.navigate(screenLink(route, name))}
          >
            <span>{MODAL_TITLES[name](i18n, route)}</span>
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

export const onOff = (i18n: I18n, on: boolean) =>
  on ? i18n._({ id: 'settings.on', message: 'On' }) : i18n._({ id: 'settings.off', message: 'Off' });
export const percent = (n: number | string) => `${n}%`;

/** The languages the current playlist offers (all interface languages when nothing is playing). */
export function useOffered(kind: 'voLanguages' | 'ccLanguages'): string[] {
  const { controller } = usePlayer();
  const playlist = useSnapshot(controller.state).playback.playlist;
  const offered = playlist?.[kind];
  return offered && offered.length > 0 ? [...offered] : [...LANGUAGES];
}
