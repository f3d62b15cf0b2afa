/**
 * The search dialog's state in the in-memory location's query (never the host page's URL): `search` is
 * the query, `taxonomy` the refinements, the collection, the titles shown and the sort, as `attr:value` pairs
 * separated by commas (`topics:C_KNEE,kind:video,collection:C_KNEE,titles:all,sort:title`, values percent-encoded).
 * Pure; validated on the way in.
 */
import type { UiState } from 'instantsearch.js';
import {
  MAX_QUERY_LENGTH,
  MENU_ATTRIBUTE,
  REFINEMENT_ATTRIBUTES,
  titleSortIndex,
  translatedAttribute,
} from './fields.js';

export type FacetAttribute = (typeof REFINEMENT_ATTRIBUTES)[number];

export interface SearchRouteState {
  query: string;
  refinements: Partial<Record<FacetAttribute, string[]>>;
  sort: 'relevance' | 'title';
  /** The collection chosen in the menu select. */
  collection?: string;
  /** Titles in every language: the toggle "only items titled in my language" (on by default) switched off. */
  allTitles?: true;
}

const MAX_VALUES = 50;
const isFacet = (a: string): a is FacetAttribute => (REFINEMENT_ATTRIBUTES as readonly string[]).includes(a);
const decode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
};

/** Read the route's query; anything malformed is dropped (never an error). */
export function readSearchQuery(search: string): SearchRouteState {
  const params = new URLSearchParams(search);
  const state: SearchRouteState = {
    query: (params.get('search') ?? '').slice(0, MAX_QUERY_LENGTH),
    refinements: {},
    sort: 'relevance',
  };
  let count = 0;
  for (const pair of (params.get('taxonomy') ?? '').split(',')) {
    const at = pair.indexOf(':');
    if (at <= 0) continue;
    const attr = pair.slice(0, at);
    const value = decode(pair.slice(at + 1));
    if (!value) continue;
    if (attr === 'sort') {
      if (value === 'title') state.sort = 'title';
    } else if (attr === 'titles') {
      if (value === 'all') state.allTitles = true;
    } else if (attr === MENU_ATTRIBUTE) {
      state.collection ??= value;
    } else if (isFacet(attr) && count < MAX_VALUES) {
      const list = (state.refinements[attr] ??= []);
      if (!list.includes(value)) {
        list.push(value);
        count++;
      }
    }
  }
  return state;
}

/** The route query's two parameters for a state (empty strings for nothing). */
export function writeSearchQuery(state: SearchRouteState): { search: string; taxonomy: string } {
  const pairs: string[] = [];
  for (const attr of REFINEMENT_ATTRIBUTES)
    for (const v of state.refinements[attr] ?? []) pairs.push(`${attr}:${encodeURIComponent(v)}`);
  if (state.collection) pairs.push(`${MENU_ATTRIBUTE}:${encodeURIComponent(state.collection)}`);
  if (state.allTitles) pairs.push('titles:all');
  if (state.sort === 'title') pairs.push('sort:title');
  return { search: state.query.trim() ? state.query.slice(0, MAX_QUERY_LENGTH) : '', taxonomy: pairs.join(',') };
}

/**
 * InstantSearch's UI state for one index from the route state: the toggle of the menu language's titles is on unless
 * the route says `titles:all`.
 */
export function toUiState(state: SearchRouteState, index: string, language: string): UiState {
  const refinementList: Record<string, string[]> = {};
  for (const attr of REFINEMENT_ATTRIBUTES)
    if (state.refinements[attr]?.length) refinementList[attr] = [...state.refinements[attr]];
  return {
    [index]: {
      ...(state.query ? { query: state.query } : {}),
      ...(Object.keys(refinementList).length ? { refinementList } : {}),
      ...(state.collection ? { menu: { [MENU_ATTRIBUTE]: state.collection } } : {}),
      ...(state.allTitles ? {} : { toggle: { [translatedAttribute(language)]: true } }),
      ...(state.sort === 'title' ? { sortBy: titleSortIndex(index, language) } : {}),
    },
  };
}

/**
 * The route state from InstantSearch's UI state of one index. With the menu language, a UI state whose toggle of that
 * language's titles is off (absent) gives `allTitles`.
 */
export function fromUiState(ui: UiState, index: string, language?: string): SearchRouteState {
  const own = ui[index] ?? {};
  const refinements: SearchRouteState['refinements'] = {};
  for (const attr of REFINEMENT_ATTRIBUTES) {
    const values = own.refinementList?.[attr];
    if (values?.length) refinements[attr] = [...values];
  }
  const collection = own.menu?.[MENU_ATTRIBUTE];
  return {
    query: own.query ?? '',
    refinements,
    sort: own.sortBy && own.sortBy !== index ? 'title' : 'relevance',
    ...(collection ? { collection } : {}),
    ...(language !== undefined && !own.toggle?.[translatedAttribute(language)] ? { allTitles: true as const } : {}),
  };
}

/** A route query with the search's two parameters replaced (the other options kept). */
export function withSearchQuery(search: string, values: { search: string; taxonomy: string }): string {
  const query = new URLSearchParams(search);
  for (const name of ['search', 'taxonomy'] as const) {
    if (values[name]) query.set(name, values[name]);
    else query.delete(name);
  }
  return query.toString();
}
