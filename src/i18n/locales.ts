import type { I18n, Messages } from '@lingui/core';
import { isLanguage, type Language } from '../preferences/defaults';

/** English ships in the entry (first screen); the other catalogs are lazy chunks. */
const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ messages: Messages }>> = {
  es: () => import('../../locales/es/messages'),
  de: () => import('../../locales/de/messages'),
  ar: () => import('../../locales/ar/messages'),
  pt: () => import('../../locales/pt/messages'),
};

/** Which catalogs each player's i18n instance has loaded (keyed by instance: nothing shared). */
const loadedByInstance = new WeakMap<I18n, Set<string>>();

export const RTL_LANGUAGES: readonly string[] = ['ar'];
export const directionOf = (lang: string) => (RTL_LANGUAGES.includes(lang) ? 'rtl' : 'ltr');

/** Activate an interface language on one player's i18n; unknown languages fall back to en. */
export async function activateLanguage(i18n: I18n, language: string): Promise<Language> {
  const lang: Language = isLanguage(language) ? language : 'en';
  let loaded = loadedByInstance.get(i18n);
  if (!loaded) loadedByInstance.set(i18n, (loaded = new Set(['en'])));
  if (!loaded.has(lang)) {
    try {
      const { messages } = await loaders[lang as Exclude<Language, 'en'>]();
      i18n.load(lang, messages);
      loaded.add(lang);
    } catch {
      // A catalog chunk that fails to load keeps the current language: the player stays usable.
      return i18n.locale as Language;
    }
  }
  i18n.activate(lang);
  return lang;
}
