import type { LabelMap } from './types';

const pick = (map: LabelMap | undefined, lang: string): string | undefined => {
  const v = map && typeof map === 'object' ? map[lang] : undefined;
  return typeof v === 'string' && v.trim() ? v : undefined;
};

export interface LabelSource {
  code?: string;
  label?: string;
  labels?: LabelMap;
  video?: { labels?: LabelMap; label?: string };
}

/**
 * Label resolution: the titles override (by code, then language) wins, then the
 * item's own label (its per-language map in the menu language, else its `label`), then the video's
 * label in the menu language or English, then the item's English label; undefined when none is found
 * (the screen shows 'No Label').
 */
export function resolveLabel(
  item: LabelSource,
  menuLanguage: string,
  titles: Record<string, Record<string, string>> = {},
): string | undefined {
  const override =
    item.code && titles && typeof titles === 'object' ? pick(titles[item.code], menuLanguage) : undefined;
  if (override) return override;
  const own =
    pick(item.labels, menuLanguage) ?? (typeof item.label === 'string' && item.label.trim() ? item.label : undefined);
  return (
    own ??
    pick(item.video?.labels, menuLanguage) ??
    pick(item.video?.labels, 'en') ??
    pick(item.labels, 'en') ??
    (typeof item.video?.label === 'string' && item.video.label.trim() ? item.video.label : undefined)
  );
}
