import { DEFAULT_PREFERENCES, type Preferences } from '../preferences/defaults';
import { QUERY_OPTION_NAMES, type LANGUAGE_QUERY_KEYS, type QUERY_ALIASES } from '../preferences/query';

/** Element properties with their own meaning (attribute = kebab-case of the property). */
export const CORE_PROPS = [
  'client',
  'code',
  'providerUrl',
  'apiUrl',
  'deliveryUrl',
  'staticUrl',
  'brochureUrl',
  /** Self-hosted (or test) copies of the vendor SDKs. */
  'youtubeApiUrl',
  'vimeoApiUrl',
  /** The iframe embed page offered in the Embed dialog. */
  'embedUrl',
  /** `off` disables the right-click menu inside the player (the host page's own menu is never touched). */
  'contextMenu',
  /** Per provider request, ms; 0 for none. */
  'requestTimeout',
  /** `lazy`: no request until the player comes near the viewport (src/element/lazy-start.ts). */
  'loading',
] as const;

/**
 * Preference options exposed as attributes: every preference name and query alias, except object-valued
 * preferences (reseller, notes, titles: account data) and `ref` (a reserved React prop name; it can
 * still come from the page query).
 */
export const OPTION_PROPS = QUERY_OPTION_NAMES.filter((name) => {
  if (name === 'ref') return false;
  const def = (DEFAULT_PREFERENCES as Record<string, unknown>)[name];
  return !(def && typeof def === 'object');
});

export const ELEMENT_PROPS = [...CORE_PROPS, ...OPTION_PROPS];

/** Preferences with a scalar value (object-valued ones are account data), minus `ref` (a reserved React prop). */
type ScalarPreference = Exclude<
  { [K in keyof Preferences]: Preferences[K] extends object ? never : K }[keyof Preferences],
  'ref'
>;

/** Property names the element takes as attributes (`ELEMENT_PROPS`, as a type; src/react-jsx.ts kebab-cases them). */
export type PlayerPropName =
  (typeof CORE_PROPS)[number] | ScalarPreference | keyof typeof QUERY_ALIASES | (typeof LANGUAGE_QUERY_KEYS)[number];

/** Events the element dispatches through r2wc (prop `onReady` -> event `ready`), all bubbling and composed. */
export const ELEMENT_EVENTS = {
  onReady: { bubbles: true, composed: true },
} as const;
