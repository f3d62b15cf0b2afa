import type { I18n, Messages } from '@lingui/core';
import { useEffect, useState } from 'react';
import { isLanguage, type Language } from '../preferences/defaults';

/** Which chunk-owned catalogs each player's i18n has loaded (per instance: nothing shared between players). */
const loaded = new WeakMap<I18n, Set<string>>();

export type CatalogLoaders = Partial<Record<Language, () => Promise<{ messages: Messages }>>>;

/**
 * A catalog that belongs to a lazy chunk (its loaders live in that chunk, so the entry carries nothing for it):
 * loaded for the player's active language before the chunk's screen shows its texts, and again when the
 * language changes. Returns whether it is there (a failed load shows the source English rather than nothing).
 */
export function useChunkCatalog(i18n: I18n, name: string, loaders: CatalogLoaders): boolean {
  const lang: Language = isLanguage(i18n.locale) ? i18n.locale : 'en';
  const key = `${lang}/${name}`;
  const has = () => loaded.get(i18n)?.has(key) ?? false;
  const [, setDone] = useState('');
  useEffect(() => {
    if (has()) return;
    let live = true;
    const load = loaders[lang];
    const finish = () => {
      let set = loaded.get(i18n);
      if (!set) loaded.set(i18n, (set = new Set()));
      set.add(key);
      if (live) setDone(key);
    };
    if (!load) return finish();
    load().then(
      ({ messages }) => {
        i18n.load(lang, { ...messages });
        finish();
      },
      () => finish(),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [i18n, key]);
  return has();
}
