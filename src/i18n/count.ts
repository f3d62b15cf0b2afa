/**
 * A count in a message, without Lingui's `plural`: its `#` builds an Intl.NumberFormat on first use, and in a fresh
 * page that first one costs about 10-15 ms (ICU's number data), on the menu's first render. `countText()` writes
 * small counts in the languages whose digits are ASCII directly (what Intl.NumberFormat gives there, checked in
 * test/count.test.ts) and asks Intl for the rest; `pluralCategory()` picks the plural form (Intl.PluralRules is cheap).
 * Messages then read `{category, select, one {{countText} video} other {{countText} videos}}`.
 */
const ASCII_DIGITS = new Set(['en', 'es', 'de', 'pt']);

// Formatters are code-level caches (like Lingui's own), the same for every player.
const numberFormats = new Map<string, Intl.NumberFormat>();
const pluralRules = new Map<string, Intl.PluralRules>();

const cached = <T>(map: Map<string, T>, locale: string, make: () => T): T => {
  let value = map.get(locale);
  if (!value) map.set(locale, (value = make()));
  return value;
};

/** `n` as Intl.NumberFormat writes it in `locale`. */
export function countText(locale: string, n: number): string {
  if (Number.isInteger(n) && n >= 0 && n < 1000 && ASCII_DIGITS.has(locale)) return String(n);
  return cached(numberFormats, locale, () => new Intl.NumberFormat(locale)).format(n);
}

/** The plural category of `n` in `locale` (zero, one, two, few, many, other). */
export function pluralCategory(locale: string, n: number): Intl.LDMLPluralRule {
  return cached(pluralRules, locale, () => new Intl.PluralRules(locale)).select(n);
}

/** The values of a count message: `count`, `countText` and `category`. */
export const countValues = (locale: string, count: number) => ({
  count,
  countText: countText(locale, count),
  category: pluralCategory(locale, count),
});
