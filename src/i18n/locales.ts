import type { I18n, Messages } from '@lingui/core';
import { isLanguage, type Language } from '../preferences/defaults';

/**
 * The catalogs of each language (lingui.config.ts): `messages` for the entry's screens, `player` for the
 * player screen, its modal bodies and the notices, `settings` for the settings screens, `search` and
 * `annotation` for those two chunks. English `messages` ships in the entry (the first screen); every other
 * catalog is a lazy chunk, which the controller's route loader requests together with the code that shows it.
 */
export const CATALOGS = ['messages', 'player', 'settings', 'search', 'annotation'] as const;
export type CatalogName = (typeof CATALOGS)[number];

type Load = () => Promise<{ messages: Messages }>;
/** The catalogs' chunks, by catalog and language (exported for tests, which slow one down). */
export const loaders: Record<CatalogName, Partial<Record<Language, Load>>> = {
  messages: {
    es: () => import('../../locales/es/messages'),
    de: () => import('../../locales/de/messages'),
    ar: () => import('../../locales/ar/messages'),
    pt: () => import('../../locales/pt/messages'),
  },
  player: {
    en: () => import('../../locales/en/player'),
    es: () => import('../../locales/es/player'),
    de: () => import('../../locales/de/player'),
    ar: () => import('../../locales/ar/player'),
    pt: () => import('../../locales/pt/player'),
  },
  settings: {
    en: () => import('../../locales/en/settings'),
    es: () => import('../../locales/es/settings'),
    de: () => import('../../locales/de/settings'),
    ar: () => import('../../locales/ar/settings'),
    pt: () => import('../../locales/pt/settings'),
  },
  search: {
    en: () => import('../../locales/en/search'),
    es: () => import('../../locales/es/search'),
    de: () => import('../../locales/de/search'),
    ar: () => import('../../locales/ar/search'),
    pt: () => import('../../locales/pt/search'),
  },
  annotation: {
    en: () => import('../../locales/en/annotation'),
    es: () => import('../../locales/es/annotation'),
    de: () => import('../../locales/de/annotation'),
    ar: () => import('../../locales/ar/annotation'),
    pt: () => import('../../locales/pt/annotation'),
  },
};

/** Which catalogs each player's i18n instance has loaded, as `language/catalog` (per instance: nothing shared). */
const loadedByInstance = new WeakMap<I18n, Set<string>>();

export const RTL_LANGUAGES: readonly string[] = ['ar'];
export const directionOf = (lang: string) => (RTL_LANGUAGES.includes(lang) ? 'rtl' : 'ltr');

/**
 * Activate an interface language on one player's i18n once the given catalogs of it have loaded;
 * unknown languages fall back to en. A catalog chunk that fails to load keeps the current language
 * (`ok: false`).
 */
export async function activateLanguage(
  i18n: I18n,
  language: string,
  catalogs: readonly CatalogName[] = ['messages'],
  stillWanted: () => boolean = () => true,
): Promise<{ language: Language; ok: boolean }> {
  const lang: Language = isLanguage(language) ? language : 'en';
  let loaded = loadedByInstance.get(i18n);
  if (!loaded) loadedByInstance.set(i18n, (loaded = new Set(['en/messages'])));
  try {
    await Promise.all(
      catalogs.map(async (catalog) => {
        const key = `${lang}/${catalog}`;
        const load = loaders[catalog][lang];
        if (loaded.has(key) || !load) return;
        const { messages } = await load();
        // A copy: Lingui merges later catalogs of the language into the object it keeps.
        i18n.load(lang, { ...messages });
        loaded.add(key);
      }),
    );
  } catch {
    return { language: i18n.locale as Language, ok: false };
  }
  // Another language was asked for while these catalogs loaded (a slow Arabic catalog, then German): the later
  // choice activates itself; this one must not overwrite it when it finally arrives.
  if (!stillWanted()) return { language: i18n.locale as Language, ok: true };
  i18n.activate(lang);
  return { language: lang, ok: true };
}
