/**
 * Preference names, defaults and types: declared once. Every other
 * preference table (query aliases, storage validation, attribute names) derives from here.
 */
import { LANGUAGES } from '../i18n/languages.js';

export const DEFAULT_PREFERENCES = {
  autoplay: 0,
  audio: 1,
  cdn: 0,
  searchNext: 0,
  subtitles: 1,
  audioDescriptions: 0,
  /** Playback speed in percent: 50 to 200. */
  speed: 100,
  googleAnalytics: 1,
  keyboardShortcuts: 1,
  ignoreLocal: 0,
  captionsButton: 1,
  menuAccess: 1,
  brochureButton: 1,
  disclaimerButton: 1,
  enlargeButton: 1,
  markupButton: 1,
  searchButton: 1,
  chaptersButton: 1,
  shareButton: 1,
  favoritesButton: 0,
  audioDescriptionsButton: 0,
  platform: '',
  border: 1,
  color: '#364B8C',
  practice: 'Your Practice Name',
  art: 'caduceus',
  ref: '',
  dynamicSharing: false as boolean,
  voLanguage: 'en',
  ccLanguage: 'en',
  menuLanguage: 'en',
  increaseContrast: 0,
  reduceMotion: 0,
  fontSize: 100,
  scale: 100,
  ccFontFamily: 'Arial, Helvetica, sans-serif',
  ccFontSize: '100%',
  ccFontColor: '#FFFFFF',
  ccFontOpacity: 'FF',
  ccBackgroundColor: '#000000',
  ccBackgroundOpacity: 'BF',
  reseller: { brand: '', brandImage: '', name: '', url: '' },
  notes: {} as Record<string, string>,
  titles: {} as Record<string, Record<string, string>>,
};

export interface Reseller {
  brand: string;
  brandImage: string;
  name: string;
  url: string;
}

export type Preferences = typeof DEFAULT_PREFERENCES;
export type PreferenceKey = keyof Preferences;
export type PartialPreferences = Partial<Preferences>;

export const PREFERENCE_KEYS = Object.keys(DEFAULT_PREFERENCES) as PreferenceKey[];

/** The six caption style fields removed by clearCaptionsPreferences. */
export const CAPTION_STYLE_KEYS = [
  'ccFontFamily',
  'ccFontSize',
  'ccFontColor',
  'ccFontOpacity',
  'ccBackgroundColor',
  'ccBackgroundOpacity',
] as const satisfies readonly PreferenceKey[];

/** The interface languages (declared in ../i18n/languages.js, which plain Node reads too). */
export { LANGUAGES };
export type Language = (typeof LANGUAGES)[number];
export const isLanguage = (v: unknown): v is Language =>
  typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v);

/** Stored preferences: their storage keys, and the version string stored beside them. */
export const STORAGE_KEY = 'patient-ed-player.preferences';
export const STORAGE_VERSION_KEY = 'patient-ed-player.version';
export const STORAGE_VERSION = '9.0.76';
