import { DEFAULT_PREFERENCES, PREFERENCE_KEYS, type PartialPreferences, type PreferenceKey } from './defaults';

/**
 * Query aliases: query name -> preference name. `invert` flips a 0/1 switch.
 * `language` / `lang` are special: they set menu, caption and voice-over languages together.
 */
export const QUERY_ALIASES = {
  brochure: { key: 'brochureButton' },
  brochures: { key: 'brochureButton' },
  captions: { key: 'captionsButton' },
  disclaimer: { key: 'disclaimerButton' },
  dynamic_sharing: { key: 'dynamicSharing' },
  favorites: { key: 'favoritesButton' },
  fullscreen: { key: 'enlargeButton' },
  ignoreaudio: { key: 'audio', invert: true },
  markup: { key: 'markupButton' },
  menuaccess: { key: 'menuAccess' },
  search: { key: 'searchButton' },
  sections: { key: 'chaptersButton' },
  social: { key: 'shareButton' },
  subtitles: { key: 'subtitles' },
} as const satisfies Record<string, { key: PreferenceKey; invert?: boolean }>;

export const LANGUAGE_QUERY_KEYS = ['language', 'lang'] as const;

/** Every query/attribute name that feeds the query preference layer. */
export const QUERY_OPTION_NAMES = [
  ...new Set<string>([...PREFERENCE_KEYS, ...Object.keys(QUERY_ALIASES), ...LANGUAGE_QUERY_KEYS]),
];

/**
 * Value coercion of the query: true/on/scale -> 1, false/off -> 0; values containing
 * %, auto or px stay text; other numerics become integers; anything else stays text.
 */
export function coerceQueryValue(raw: string): string | number {
  const v = raw.trim();
  const lower = v.toLowerCase();
  if (lower === 'true' || lower === 'on' || lower === 'scale') return 1;
  if (lower === 'false' || lower === 'off') return 0;
  if (/%|auto|px/i.test(v)) return v;
  if (/^[+-]?\d+(\.\d+)?$/.test(v)) return Math.trunc(Number(v));
  return v;
}

/** The preferences that name a language. */
const LANGUAGE_KEYS: readonly PreferenceKey[] = ['menuLanguage', 'ccLanguage', 'voLanguage'];
/**
 * A language code (`fr`, `pt-BR`), not a name: `language="english"` is no language the provider or the catalogs know,
 * and was sent on as is (a menu error the visitor could not retry). A code the player lacks falls back to English
 * where it is used, as `fr` does.
 */
const LANGUAGE_CODE = /^[a-z]{2,3}(?:-[a-z0-9]{2,8})?$/i;

/** Coerce a value to the type its preference has by default; undefined when it cannot be. */
export function coerceToPreference(key: PreferenceKey, value: unknown): unknown {
  if (LANGUAGE_KEYS.includes(key) && !(typeof value === 'string' && LANGUAGE_CODE.test(value.trim()))) return undefined;
  const def = DEFAULT_PREFERENCES[key];
  if (typeof def === 'number') {
    if (typeof value === 'number' && Number.isFinite(value)) return Math.trunc(value);
    return undefined;
  }
  if (typeof def === 'boolean') {
    if (typeof value === 'boolean') return value;
    if (value === 1 || value === 0) return value === 1;
    return undefined;
  }
  if (typeof def === 'string') {
    if (typeof value === 'string') return key === 'color' ? normaliseColor(value) : value;
    if (typeof value === 'number' && Number.isFinite(value))
      return key === 'color' ? normaliseColor(String(value)) : String(value);
    return undefined;
  }
  if (def && typeof def === 'object') {
    return value && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
  }
  return undefined;
}

/** A colour gets a # prefix if missing. */
export function normaliseColor(value: string): string {
  const v = value.trim();
  return /^[0-9a-f]{3,8}$/i.test(v) ? `#${v}` : v;
}

/**
 * Build the query layer from name/value pairs (attributes or a URL query). Unknown names are ignored;
 * the later of two names for the same preference wins.
 */
export function queryLayerFrom(entries: Iterable<[string, string]>): PartialPreferences {
  const out: Record<string, unknown> = {};
  for (const [rawName, raw] of entries) {
    if (raw == null) continue;
    const name = rawName.trim();
    if ((LANGUAGE_QUERY_KEYS as readonly string[]).includes(name)) {
      const lang = raw.trim();
      if (LANGUAGE_CODE.test(lang)) out.menuLanguage = out.ccLanguage = out.voLanguage = lang;
      continue;
    }
    let key: PreferenceKey | undefined;
    let invert = false;
    if (Object.hasOwn(QUERY_ALIASES, name)) {
      const alias = QUERY_ALIASES[name as keyof typeof QUERY_ALIASES];
      key = alias.key;
      invert = 'invert' in alias && alias.invert;
    } else if ((PREFERENCE_KEYS as string[]).includes(name)) {
      key = name as PreferenceKey;
    }
    if (!key) continue;
    let value: unknown = coerceQueryValue(raw);
    if (invert && typeof value === 'number') value = value ? 0 : 1;
    const coerced = coerceToPreference(key, value);
    if (coerced !== undefined) out[key] = coerced;
  }
  return out;
}
