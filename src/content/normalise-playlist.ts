/**
 * Provider playlist data -> the player's Playlist, defensively (malformed fields become defaults). In the core, not in
 * the engine's file: a player opened on a video reads its playlist and reports its first video (loading early) before
 * that file is asked for, whose download and compile would otherwise share the main thread with the media's first
 * request and metadata (issue 25).
 */
import type { MediaRendition, Playlist, PlaylistItem } from './playlist';
import type { LabelMap, PlaylistDto, PlaylistItemDto, TextEntryDto } from './types';
import { str, strList } from './read-dto';
import { safeUrl } from './url';

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const labelMap = (v: unknown): LabelMap => {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return {};
  return Object.fromEntries<string>(Object.entries(v).filter(([, x]) => typeof x === 'string'));
};

/** An item's hyperlink gets https:// when it has no scheme. */
export function normaliseHyperlink(raw: unknown): string | undefined {
  const v = str(raw);
  if (!v) return undefined;
  return /^[a-z][a-z0-9+.-]*:/i.test(v) ? v : `https://${v.replace(/^\/+/, '')}`;
}

function textEntries(item: PlaylistItemDto): TextEntryDto[] {
  const list = item.version?.text;
  return Array.isArray(list) ? list.filter((e) => e && typeof e === 'object') : [];
}

const entryTime = (e: TextEntryDto): number | undefined => num(e.f) ?? num(e.t);

/** A poster is a path (on the static host) or an http(s) URL; anything else (`javascript:`, `data:`) is none. */
const posterPath = (v: unknown): string | undefined => {
  const path = str(v);
  return path && safeUrl(path, 'https://static.invalid/') ? path : undefined;
};

/** The most renditions kept of one `sources` list (the rest are dropped). */
export const MAX_SOURCES = 20;

/** A size in pixels: a positive integer (a numeric string counts), else none. */
const pixels = (v: unknown): number | undefined => {
  const n = typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 && n <= 100_000 ? n : undefined;
};

/**
 * A `sources` list: each entry an object with `src` (or a bare string), an absolute http(s) URL, with optional `type`,
 * `height`, `width` and `label`. An entry without such a URL is dropped, a malformed field counts as absent, a repeated
 * URL is kept once.
 */
export function normaliseSources(v: unknown): MediaRendition[] {
  if (!Array.isArray(v)) return [];
  const out: MediaRendition[] = [];
  for (const entry of v) {
    const e: Record<string, unknown> =
      typeof entry === 'string'
        ? { src: entry }
        : entry && typeof entry === 'object'
          ? (entry as Record<string, unknown>)
          : {};
    const src = safeUrl(e.src);
    if (!src || out.some((r) => r.src === src)) continue;
    const type = str(e.type);
    const r: MediaRendition = { src };
    if (type && type.length <= 200) r.type = type;
    const height = pixels(e.height);
    const width = pixels(e.width);
    const label = str(e.label);
    if (height) r.height = height;
    if (width) r.width = width;
    if (label) r.label = label;
    out.push(r);
    if (out.length === MAX_SOURCES) break;
  }
  return out;
}

/** What a playlist gives the items that lack their own: its poster, its brochure and its renditions. */
interface ItemDefaults {
  poster?: string;
  brochure?: string;
  sources?: MediaRendition[];
}

function normaliseItem(
  dto: PlaylistItemDto,
  index: number,
  playlistCode: string,
  defaults: ItemDefaults = {},
): PlaylistItem | undefined {
  if (!dto || typeof dto !== 'object') return undefined;
  const entries = textEntries(dto);
  const timed = entries.filter((e) => entryTime(e) !== undefined);
  const chapters = timed
    .filter((e) => (e.key ?? 'chapter') === 'chapter')
    .map((e) => ({ f: entryTime(e)!, h: str(e.value) ?? '' }))
    .sort((a, b) => a.f - b.f);
  const last = entries.at(-1);
  const lastTime = last ? num(last.t) : undefined;
  const videoId =
    dto.video && (typeof dto.video.id === 'string' || typeof dto.video.id === 'number')
      ? String(dto.video.id)
      : undefined;
  const sources = normaliseSources(dto.sources);
  const slides = Array.isArray(dto.slides)
    ? capped(dto.slides, MAX_SLIDES, `slides of ${playlistCode}`)
        .filter((s) => s && typeof s === 'object')
        .map((s, i) => ({ image: str(s.image), text: str(s.text), t: num(s.t) ?? i * 5000 }))
    : [];
  return {
    type: str(dto.type),
    code: str(dto.code) ?? `${playlistCode}#${index}`,
    file: str(dto.file),
    videoId,
    language: str(dto.language) ?? 'en',
    label: str(dto.label),
    labels: labelMap(dto.labels),
    video: dto.video && typeof dto.video === 'object' ? { id: videoId, labels: labelMap(dto.video.labels) } : undefined,
    runtime: lastTime !== undefined ? lastTime / 1000 : (num(dto.runtime) ?? 0),
    copyright: str(dto.copyright),
    copyrightId: str(dto.copyright_id),
    reviewedAt: str(dto.reviewed_at),
    hyperlink: normaliseHyperlink(dto.content?.hyperlink),
    posterPath: posterPath(entries.find((e) => e.key === 'poster')?.value) ?? defaults.poster,
    brochureFile: str(entries.find((e) => e.key === 'brochure')?.value) ?? defaults.brochure,
    publishedAt: str(dto.version?.published_at),
    chapters,
    hasChapters: entries.length > 0 && entryTime(entries[0]) !== undefined && chapters.length > 0,
    slides,
    audioDescriptions: Array.isArray(dto.audio_descriptions)
      ? dto.audio_descriptions.filter((l): l is string => typeof l === 'string' && /^[a-z]{2}$/.test(l))
      : [],
    sources: sources.length > 0 ? sources : (defaults.sources ?? []),
  };
}

/** Turn a provider playlist into the player's model; throws a TypeError when it is not a playlist at all. */
/** What a provider can make us hold (issue: hostile data): longer lists are cut, with a console warning. */
export const MAX_ITEMS = 500;
export const MAX_SLIDES = 500;
function capped<T>(list: T[], max: number, what: string): T[] {
  if (list.length <= max) return list;
  console.warn(`patient-ed-player: ${list.length} ${what}; the first ${max} are used`);
  return list.slice(0, max);
}

export function normalisePlaylist(dto: unknown, requestedCode: string): Playlist {
  if (!dto || typeof dto !== 'object' || Array.isArray(dto)) throw new TypeError('Malformed playlist');
  const p = dto as PlaylistDto;
  const code = str(p.code) ?? requestedCode;
  const rawItems = Array.isArray(p.items) ? capped(p.items, MAX_ITEMS, `items of ${code}`) : [];
  const flags = p.flags && typeof p.flags === 'object' ? p.flags : {};
  const defaults: ItemDefaults = {
    poster: posterPath(p.poster),
    brochure: str(p.brochure),
    sources: normaliseSources(p.sources),
  };
  let items = rawItems.map((it, i) => normaliseItem(it, i, code, defaults)).filter((x): x is PlaylistItem => !!x);
  const langType = str(flags.lang_type) ?? 'single';
  const first = str(flags.lang_first) ?? 'en';
  const second = str(flags.lang_second) ?? 'es';
  if (langType === 'dual') {
    // A dual-language playlist plays each file item once per language: the first, then the second.
    items = items.flatMap((it) =>
      it.file
        ? [
            { ...it, language: first },
            { ...it, code: `${it.code}:${second}`, language: second },
          ]
        : [it],
    );
  }
  const runtime = items.reduce((sum, it) => sum + it.runtime, 0);
  return {
    type: str(p.type) ?? 'video',
    code,
    label: str(p.label),
    labels: labelMap(p.labels),
    provider: str(p.provider),
    reviewer: str(p.reviewer),
    voLanguages: strList(p.voLanguages),
    ccLanguages: strList(p.ccLanguages),
    flags: { lang_type: langType, lang_first: first, lang_second: second, skip: num(flags.skip) },
    copyright: str(p.copyright),
    copyrightId: str(p.copyrightId),
    note: str(p.note),
    reviewed: str(p.reviewed),
    poster: defaults.poster,
    brochure: defaults.brochure,
    sources: defaults.sources ?? [],
    // Skipping is allowed unless flags.skip is 0 or the provider says allowSkipping false (any other value: unsaid).
    allowSkipping: num(flags.skip) !== 0 && p.allowSkipping !== false,
    runtime,
    items,
    parent: str(p.parent),
  };
}
