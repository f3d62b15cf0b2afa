/** Provider response shapes (docs/provider-api.md). Everything is optional: provider data is untrusted. */
export type LabelMap = Record<string, string>;

export interface TextEntryDto {
  key?: string;
  value?: string;
  t?: number | null;
  f?: number | null;
}

export interface PlaylistItemDto {
  type?: string;
  file?: string;
  code?: string;
  language?: string;
  runtime?: number;
  label?: string;
  labels?: LabelMap;
  video?: { id?: string | number; labels?: LabelMap; label?: string };
  copyright?: string;
  copyright_id?: string;
  /** Voice-over languages with an audio-described variant (video source call, audioDescriptions=1). */
  audio_descriptions?: unknown;
  reviewed_at?: string;
  content?: { hyperlink?: string };
  sources?: unknown[];
  slides?: { image?: string; text?: string; t?: number }[];
  version?: { published_at?: string; text?: TextEntryDto[] };
}

export interface PlaylistDto {
  type?: string;
  code?: string;
  label?: string;
  labels?: LabelMap;
  poster?: string;
  runtime?: number;
  provider?: string;
  reviewer?: string;
  voLanguages?: string[];
  ccLanguages?: string[];
  flags?: { lang_type?: string; lang_first?: string; lang_second?: string; skip?: number };
  brochure?: string;
  copyright?: string;
  copyrightId?: string;
  note?: string;
  reviewed?: string;
  sources?: unknown[];
  allowSkipping?: boolean;
  items?: PlaylistItemDto[];
  parent?: string;
}

export interface ProfileNodeDto {
  code?: string;
  layer?: string;
  label?: string;
  labels?: LabelMap;
  file?: string;
  type?: string;
  languages?: unknown;
  children?: ProfileNodeDto[];
}

export interface ClientConfigDto {
  client?: string;
  name?: string;
  userId?: number | string;
  preferences?: Record<string, unknown>;
  /** The account's search service (docs/provider-api.md); validated where search uses it. */
  search?: unknown;
}

export interface MetaDto {
  contentId?: string;
  items?: { skip?: boolean; content?: { image?: { path?: string } } }[];
}
