/** The search dialog's toolbar: the result count, the relevant-sort switch and the sort order. */
import type { I18n } from '@lingui/core';
import connectRelevantSort from 'instantsearch.js/es/connectors/relevant-sort/connectRelevantSort.js';
import { useId, useMemo } from 'react';
import { useConnector, useInstantSearch, useSortBy, useStats } from 'react-instantsearch-core';
import { titleSortIndex } from './fields.js';

/** How many results were found (or sorted as relevant), announced politely. */
export function Stats({ i18n }: { i18n: I18n }) {
  const { nbHits, processingTimeMS, nbSortedHits, areHitsSorted } = useStats();
  const { status, results } = useInstantSearch();
  return (
    <p className="search-stats" role="status" aria-live="polite" data-search-stats="">
      {/* Nothing until the first answer (InstantSearch starts with placeholder results of 0 hits). */}
      {status === 'error' || !results || results.__isArtificial
        ? ''
        : areHitsSorted
          ? i18n._({
              id: 'search.statsSorted',
              message:
                '{n, plural, one {# relevant result sorted out of {total}} ' +
                'other {# relevant results sorted out of {total}}}',
              values: { n: nbSortedHits ?? 0, total: nbHits },
            })
          : i18n._({
              id: 'search.stats',
              message: '{n, plural, one {# result found in {ms}ms} other {# results found in {ms}ms}}',
              values: { n: nbHits, ms: processingTimeMS },
            })}
    </p>
  );
}

/** Relevant sort (the title sort is a virtual replica): "See all results" / "See relevant results". */
export function RelevantSort({ i18n }: { i18n: I18n }) {
  const { isVirtualReplica, isRelevantSorted, refine } = useConnector(connectRelevantSort, {}) as unknown as {
    isVirtualReplica: boolean;
    isRelevantSorted: boolean;
    refine: (strictness: number | undefined) => void;
  };
  const { results } = useInstantSearch();
  // Only when it changes something: a query whose hits are not all equally relevant.
  if (!isVirtualReplica || !results?.query || (isRelevantSorted && results.nbSortedHits === results.nbHits))
    return null;
  return (
    <button
      type="button"
      className="link-button"
      data-relevant-sort=""
      onClick={() => refine(isRelevantSorted ? 0 : undefined)}
    >
      {isRelevantSorted
        ? i18n._({ id: 'search.seeAll', message: 'See all results' })
        : i18n._({ id: 'search.seeRelevant', message: 'See relevant results' })}
    </button>
  );
}

/** Relevance, or the title A–Z replica of the interface language. */
export function SortBy({ i18n, index, language }: { i18n: I18n; index: string; language: string }) {
  const items = useMemo(
    () => [
      { value: index, label: i18n._({ id: 'search.sort.relevance', message: 'Relevance' }) },
      { value: titleSortIndex(index, language), label: i18n._({ id: 'search.sort.title', message: 'Title A–Z' }) },
    ],
    [i18n, index, language],
  );
  const { currentRefinement, options, refine } = useSortBy({ items });
  const id = useId();
  return (
    <div className="search-sort">
      <label htmlFor={id}>{i18n._({ id: 'search.sortBy', message: 'Sort by' })}</label>
      <select id={id} value={currentRefinement} onChange={(e) => refine(e.currentTarget.value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
