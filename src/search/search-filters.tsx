/**
 * The search dialog's filters: the toggle "only items titled in my language" (on by default), the collection as a
 * menu select, a refinement list per facet (topic, type, language) and "Clear filters".
 */
import type { I18n } from '@lingui/core';
import { useEffect, useId, useMemo, useRef } from 'react';
import {
  useClearRefinements,
  useInstantSearch,
  useMenu,
  useRefinementList,
  useToggleRefinement,
} from 'react-instantsearch-core';
import { resolveLabel } from '../content/labels';
import type { Profile } from '../content/profile';
import type { Preferences } from '../preferences/defaults';
import { MENU_ATTRIBUTE, translatedAttribute } from './fields.js';
import type { FacetAttribute } from './route-state';
import type { RefinementOperator } from './session';

const FACET_LIMIT = 10;
const FACET_SHOW_MORE_LIMIT = 100;
/** Options of the menu select (besides "All collections"). */
export const MENU_SELECT_LIMIT = 10;
/** The toggle's value when on: the items whose `translated.{language}` is true. */
export const TOGGLE_ON_VALUE = true;

export interface SearchFiltersProps {
  i18n: I18n;
  language: string;
  prefs: Preferences;
  operator: RefinementOperator;
  profile?: Profile;
}

/** The facets, each value named as the visitor reads it: a topic by its label, a language by its name. */
export function SearchFilters({ i18n, language, prefs, operator, profile }: SearchFiltersProps) {
  const topicLabel = (code: string) => {
    const node = profile?.nodes.get(code);
    return (node && resolveLabel(node, language, prefs.titles)) ?? code;
  };
  const languageNames = useMemo(() => {
    try {
      return new Intl.DisplayNames([language], { type: 'language' });
    } catch {
      return undefined;
    }
  }, [language]);
  const languageLabel = (code: string) => {
    let name: string | undefined;
    try {
      name = languageNames?.of(code);
    } catch {
      name = undefined;
    }
    return name && name !== code ? name.charAt(0).toLocaleUpperCase(language) + name.slice(1) : code;
  };
  const languageName = (code: string) => {
    try {
      return languageNames?.of(code) ?? code;
    } catch {
      return code;
    }
  };
  const kindLabel = (kind: string) =>
    kind === 'video'
      ? i18n._({ id: 'search.kind.video', message: 'Video' })
      : kind === 'presentation'
        ? i18n._({ id: 'search.kind.presentation', message: 'Presentation' })
        : kind;
  return (
    <div className="search-filters" role="group" aria-label={i18n._({ id: 'search.filters', message: 'Filters' })}>
      <TitlesToggle i18n={i18n} language={language} languageName={languageName(language)} />
      <MenuSelect i18n={i18n} label={topicLabel} />
      <Facet
        i18n={i18n}
        attribute="topics"
        operator={operator}
        legend={i18n._({ id: 'search.facet.topics', message: 'Topic' })}
        label={topicLabel}
      />
      <Facet
        i18n={i18n}
        attribute="kind"
        operator={operator}
        legend={i18n._({ id: 'search.facet.kind', message: 'Type' })}
        label={kindLabel}
      />
      <Facet
        i18n={i18n}
        attribute="languages"
        operator={operator}
        legend={i18n._({ id: 'search.facet.languages', message: 'Language' })}
        label={languageLabel}
      />
      <ClearFilters i18n={i18n} language={language} />
    </div>
  );
}

/** One facet: its values (the chosen first, then by count) as checkboxes, ten at first and more on demand. */
function Facet({
  i18n,
  attribute,
  operator,
  legend,
  label,
}: {
  i18n: I18n;
  attribute: FacetAttribute;
  operator: RefinementOperator;
  legend: string;
  label: (value: string) => string;
}) {
  const { items, refine, canToggleShowMore, isShowingMore, toggleShowMore } = useRefinementList({
    attribute,
    operator,
    limit: FACET_LIMIT,
    showMore: true,
    showMoreLimit: FACET_SHOW_MORE_LIMIT,
    sortBy: ['isRefined', 'count:desc', 'name:asc'],
  });
  return (
    <fieldset className="search-facet" data-facet={attribute}>
      <legend>{legend}</legend>
      {items.length === 0 ? (
        <p className="search-facet-empty">{i18n._({ id: 'search.facetEmpty', message: 'No results.' })}</p>
      ) : (
        <ul>
          {items.map((item) => (
            <li key={item.value}>
              <label>
                <input
                  type="checkbox"
                  value={item.value}
                  checked={item.isRefined}
                  onChange={() => refine(item.value)}
                />
                <span className="facet-label">{label(item.value)}</span>
                <span className="facet-count">{item.count}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {canToggleShowMore && (
        <button type="button" className="link-button" aria-expanded={isShowingMore} onClick={toggleShowMore}>
          {isShowingMore
            ? i18n._({ id: 'search.showLess', message: 'Show less' })
            : i18n._({ id: 'search.showMore', message: 'Show more' })}
        </button>
      )}
    </fieldset>
  );
}

/**
 * On by default (the route says `titles:all` when it is off): only the items with a title of their own in the menu
 * language, not shown in another language's. Another menu language keeps it as it was, for the new language.
 */
function TitlesToggle({ i18n, language, languageName }: { i18n: I18n; language: string; languageName: string }) {
  const attribute = translatedAttribute(language);
  const { value, refine } = useToggleRefinement({ attribute, on: TOGGLE_ON_VALUE });
  const { setIndexUiState } = useInstantSearch();
  const last = useRef({ language, on: value.isRefined });
  useEffect(() => {
    if (last.current.language !== language && last.current.on)
      setIndexUiState((state) => ({ ...state, toggle: { ...state.toggle, [attribute]: true } }));
    last.current = { language, on: last.current.language !== language ? last.current.on : value.isRefined };
  }, [language, attribute, value.isRefined, setIndexUiState]);
  return (
    <label className="search-toggle" data-toggle={attribute}>
      <input type="checkbox" checked={value.isRefined} onChange={() => refine({ isRefined: value.isRefined })} />
      <span>
        {i18n._({
          id: 'search.toggle.translated',
          message: 'Only items titled in {language}',
          values: { language: languageName },
        })}
      </span>
    </label>
  );
}

/** The collection an item sits in, one at most: a native select of the ten collections with the most results. */
function MenuSelect({ i18n, label }: { i18n: I18n; label: (code: string) => string }) {
  const id = useId();
  const { items, refine } = useMenu({
    attribute: MENU_ATTRIBUTE,
    limit: MENU_SELECT_LIMIT,
    sortBy: ['isRefined', 'count:desc', 'name:asc'],
  });
  const chosen = items.find((item) => item.isRefined)?.value ?? '';
  return (
    <div className="search-menu-select" data-menu={MENU_ATTRIBUTE}>
      <label htmlFor={id}>{i18n._({ id: 'search.menu.collection', message: 'Collection' })}</label>
      <select id={id} value={chosen} onChange={(e) => refine(e.currentTarget.value)}>
        <option value="">{i18n._({ id: 'search.menu.all', message: 'All collections' })}</option>
        {items.map((item) => (
          <option key={item.value} value={item.value}>
            {i18n._({
              id: 'search.menu.option',
              message: '{name} ({count})',
              values: { name: label(item.value), count: item.count },
            })}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Clears the refinements and the collection; the toggle keeps its state (it is not one of the filters chosen). */
function ClearFilters({ i18n, language }: { i18n: I18n; language: string }) {
  const { canRefine, refine } = useClearRefinements({ excludedAttributes: ['query', translatedAttribute(language)] });
  return (
    <button
      type="button"
      className="button button-secondary"
      disabled={!canRefine}
      onClick={refine}
      data-clear-refinements=""
    >
      {i18n._({ id: 'search.clearFilters', message: 'Clear filters' })}
    </button>
  );
}
