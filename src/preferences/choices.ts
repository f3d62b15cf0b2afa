import { CAPTION_STYLE_KEYS, type PartialPreferences, type PreferenceKey, type Preferences } from './defaults';
import type { PreferenceLayers } from './merge';
import { coerceToPreference } from './query';

/** The layer the visitor's choices go to: local (stored), or session when the query says ignoreLocal. */
const visitorLayer = (layers: PreferenceLayers): 'local' | 'session' =>
  layers.query.ignoreLocal ? 'session' : 'local';

/** Set one of the visitor's choices (a local one is saved by src/preferences/persistence.ts); false when not valid. */
export function setChoice<K extends PreferenceKey>(layers: PreferenceLayers, key: K, value: Preferences[K]): boolean {
  const coerced = coerceToPreference(key, value);
  if (coerced === undefined) return false;
  const layer = visitorLayer(layers);
  layers[layer] = { ...layers[layer], [key]: coerced };
  return true;
}

/** The language sets menu, caption and voice-over languages together. */
export function setLanguageChoice(layers: PreferenceLayers, language: string): void {
  const layer = visitorLayer(layers);
  layers[layer] = { ...layers[layer], menuLanguage: language, ccLanguage: language, voLanguage: language };
}

/** Forget the visitor's caption style choices (local and session). */
export function clearCaptionChoices(layers: PreferenceLayers): void {
  for (const layer of ['local', 'session'] as const) {
    const next = { ...layers[layer] } as PartialPreferences;
    for (const key of CAPTION_STYLE_KEYS) delete next[key];
    layers[layer] = next;
  }
}
