import { resolveLabel } from './labels';
import type { LabelMap } from './types';

export interface Chapter {
  /** Start in ms. */
  f: number;
  /** Heading. */
  h: string;
}

/**
 * An alternate rendition of an item's media, from the provider's `sources` (an absolute http(s) URL; the rest is what
 * the provider says of it, for choosing among them).
 */
export interface MediaRendition {
  src: string;
  /** MIME type, e.g. `video/mp4` or `video/webm; codecs="vp9"`. */
  type?: string;
  /** Picture size in pixels. */
  height?: number;
  width?: number;
  label?: string;
}

export interface PlaylistItem {
  type?: string;
  code: string;
  file?: string;
  videoId?: string;
  language: string;
  label?: string;
  labels: LabelMap;
  video?: { id?: string; labels?: LabelMap };
  runtime: number;
  copyright?: string;
  copyrightId?: string;
  reviewedAt?: string;
  hyperlink?: string;
  /** The item's own poster entry, else the playlist's poster. */
  posterPath?: string;
  /** The item's own brochure entry, else the playlist's brochure. */
  brochureFile?: string;
  publishedAt?: string;
  chapters: Chapter[];
  /** A playlist item has chapters when its first text entry has a time value. */
  hasChapters: boolean;
  slides: { image?: string; text?: string; t: number }[];
  /** Voice-over languages that have an audio-described variant. */
  audioDescriptions: string[];
  /** Alternate renditions of the media: the item's own `sources`, else the playlist's (html5 plays them). */
  sources?: MediaRendition[];
}

export interface Playlist {
  type: string;
  code: string;
  label?: string;
  labels: LabelMap;
  provider?: string;
  reviewer?: string;
  voLanguages: string[];
  ccLanguages: string[];
  flags: { lang_type: string; lang_first: string; lang_second: string; skip?: number };
  copyright?: string;
  copyrightId?: string;
  note?: string;
  reviewed?: string;
  /** The playlist-level poster (a path on the static host or an http(s) URL): items without their own use it. */
  poster?: string;
  /** The playlist-level brochure file: items without their own use it. */
  brochure?: string;
  /** The playlist-level renditions (items without their own `sources` have them). */
  sources: MediaRendition[];
  /** Skipping is allowed unless flags.skip is 0 or the provider sends allowSkipping false. */
  allowSkipping: boolean;
  runtime: number;
  items: PlaylistItem[];
  parent?: string;
}

/** The notes to show for an item: the playlist's own, then the client's notes for the playlist and for the item. */
export function playlistNotes(
  playlist: Pick<Playlist, 'code' | 'note'>,
  item: Pick<PlaylistItem, 'code'> | undefined,
  notes: Record<string, string> | undefined,
): string[] {
  const all = [playlist.note, notes?.[playlist.code], item ? notes?.[item.code] : undefined];
  return all.filter((n): n is string => typeof n === 'string' && n.trim() !== '');
}

export const playlistLabel = (p: Playlist, lang: string, titles?: Record<string, Record<string, string>>) =>
  resolveLabel({ code: p.code, label: p.label, labels: p.labels }, lang, titles);
export const itemLabel = (it: PlaylistItem, lang: string, titles?: Record<string, Record<string, string>>) =>
  resolveLabel(it, lang, titles);
