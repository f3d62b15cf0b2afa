import type { PlaylistItem } from '../src/content/playlist';

/** A playlist item as the normaliser makes one, with `fields` on top (unit tests of the playback modules). */
export const testItem = (fields: Partial<PlaylistItem> = {}): PlaylistItem => ({
  code: 'V',
  language: 'en',
  labels: {},
  runtime: 8,
  chapters: [],
  hasChapters: false,
  slides: [],
  audioDescriptions: [],
  ...fields,
});
