// @ts-check
/**
 * Names and limits of the search records, shared by the search dialog (which must not carry the index's
 * code when a hosted service answers) and the embedded engine (./engine.js).
 */
import { LANGUAGES } from '../i18n/languages.js';

/** The languages whose labels are searched: every interface language. */
export const SEARCH_LANGUAGES = LANGUAGES;

/** Facet attributes of a record; filters on anything else match nothing. */
export const FACET_ATTRIBUTES = /** @type {const} */ (['topics', 'kind', 'languages']);

/** The sort replica of an index: `{index}_title_{lang}_asc` sorts by the title in that language. */
export const titleSortIndex = (/** @type {string} */ index, /** @type {string} */ lang) => `${index}_title_${lang}_asc`;

/** Query length cap (spec: search input max length 512). */
export const MAX_QUERY_LENGTH = 512;
