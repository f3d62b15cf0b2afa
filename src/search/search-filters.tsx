/** The search dialog's filters: a refinement list per facet (topic, type, language) and "Clear filters". */
import type { I18n } from '@lingui/core';
import { useMemo } from 'react';
import { useClearRefinements, useRefinementList } from 'react-instantsearch-core';
import { resolveLabel } from '../content/labels';
import type { Profile } from '../content/profile';
import type { Preferences } from '../preferences/defaults';
import type { FacetAttribute } from './route-state';
import type { RefinementOperator } from './session';

const FACET_LIMIT = 10;
const FACET_SHOW_MORE_LIMIT = 100;

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
  const kindLabel = (kind: string) =>
    kind === 'video'
      ? i18n._({ id: 'search.kind.video', message: 'Video' })
      : kind === 'presentation'
        ? i18n._({ id: 'search.kind.presentation', message: 'Presentation' })
        : kind;
  return (
    <div className="search-filters" role="group" aria-label={i18n._({ id: 'search.filters', message: 'Filters' })}>
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
      <ClearFilters i18n={i18n} />
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

function ClearFilters({ i18n }: { i18n: I18n }) {
  const { canRefine, refine } = useClearRefinements({ excludedAttributes: ['query'] });
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
