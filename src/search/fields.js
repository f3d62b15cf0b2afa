// @ts-check
/**
 * Names and limits of the search records, shared by the search dialog (which must not carry the index's
 * code when a hosted service answers) and the embedded engine (./engine.js).
 */
import { LANGUAGES } from '../i18n/languages.js';

/** The languages whose labels are searched: every interface language. */
export const SEARCH_LANGUAGES = LANGUAGES;

/** The attributes refined by the dialog's lists of checkboxes. */
export const REFINEMENT_ATTRIBUTES = /** @type {const} */ (['topics', 'kind', 'languages']);

/** The attribute of the dialog's menu select: the collection (or group) an item sits in. */
export const MENU_ATTRIBUTE = 'collection';

/** The attribute of the dialog's toggle in a language: `true` when the item has its own title in that language. */
export const translatedAttribute = (/** @type {string} */ lang) => `translated.${lang}`;

/** Facet attributes of a record; filters on anything else match nothing. */
export const FACET_ATTRIBUTES = /** @type {const} */ ([
  ...REFINEMENT_ATTRIBUTES,
  MENU_ATTRIBUTE,
  ...SEARCH_LANGUAGES.map(translatedAttribute),
]);

/** Rule contexts a search applies (the first ten it is sent; InstantSearch's query rules send no more). */
export const MAX_RULE_CONTEXTS = 10;

/** The sort replica of an index: `{index}_title_{lang}_asc` sorts by the title in that language. */
export const titleSortIndex = (/** @type {string} */ index, /** @type {string} */ lang) => `${index}_title_${lang}_asc`;

/** Query length cap (spec: search input max length 512). */
export const MAX_QUERY_LENGTH = 512;
