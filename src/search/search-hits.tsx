/** The search dialog's result list: a card per hit (labels highlighted), "Show more results" and the empty state. */
import type { I18n } from '@lingui/core';
import type { Hit } from 'instantsearch.js';
import { getHighlightedParts } from 'instantsearch.js/es/lib/utils/getHighlightedParts.js';
import { unescape } from 'instantsearch.js/es/lib/utils/escape-html.js';
import { useInfiniteHits, useInstantSearch } from 'react-instantsearch-core';
import { resolveLabel } from '../content/labels';
import type { Preferences } from '../preferences/defaults';
import { paths } from '../routing/routes';
import { usePlayer, type PlayerHandle } from '../screens/player-context';
import { Thumbnail } from '../ui/thumbnail';
import type { SearchRecord } from './engine.js';
import { highlightedParts } from './words.js';

type SearchHit = Hit<SearchRecord & Record<string, unknown>>;

export interface SearchHitsProps {
  i18n: I18n;
  controller: PlayerHandle;
  client: string;
  language: string;
  prefs: Preferences;
  /** Called before a hit is opened (the pending route write happens first). */
  beforeLeave: () => void;
}

/** Parts of a title as React elements, the marked ones in <mark> (never markup strings). */
function Parts({ parts }: { parts: { value: string; isHighlighted: boolean }[] }) {
  return (
    <>
      {parts.map((part, i) =>
        part.isHighlighted ? <mark key={i}>{part.value}</mark> : <span key={i}>{part.value}</span>,
      )}
    </>
  );
}

/** The highlight result at `path` of a hit (its marked value), if it has one. */
function highlightedValue(hit: SearchHit, path: string[]): string | undefined {
  let node: unknown = hit._highlightResult;
  for (const key of path) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  const value = node && typeof node === 'object' ? (node as { value?: unknown }).value : undefined;
  return typeof value === 'string' ? value : undefined;
}

/** A value of the answer's highlight result in parts, as shown. */
const answerParts = (value: string) =>
  getHighlightedParts(value).map((part) => ({ value: unescape(part.value), isHighlighted: part.isHighlighted }));

/** The words the answer marked in any of the hit's labels. */
function markedWords(hit: SearchHit): string[] {
  const labels: unknown = (hit._highlightResult as Record<string, unknown> | undefined)?.labels;
  const languages = labels && typeof labels === 'object' ? Object.keys(labels) : [];
  return [...languages.map((lang) => ['labels', lang]), ['label']]
    .map((path) => highlightedValue(hit, path))
    .flatMap((value) => (value === undefined ? [] : answerParts(value)))
    .flatMap((part) => (part.isHighlighted ? [part.value] : []));
}

/** The title shown, its matched words marked (never markup strings). */
function Highlighted({ hit, path, text, query }: { hit: SearchHit; path?: string[]; text: string; query: string }) {
  const value = path && highlightedValue(hit, path);
  // The answer's own highlight for the label it has; a title of the account's (which the answer never saw) is marked
  // here, with the same folding, where a word of the query starts one of its words or the answer marked it.
  return <Parts parts={value === undefined ? highlightedParts(text, query, markedWords(hit)) : answerParts(value)} />;
}

/** The hits so far; choosing one opens its playlist (in its collection when it has one). */
export function Hits({ i18n, controller, client, language, prefs, beforeLeave }: SearchHitsProps) {
  const { items, results, isLastPage, showMore } = useInfiniteHits<SearchRecord & Record<string, unknown>>({
    showPrevious: false,
  });
  const { status } = useInstantSearch();
  const { api } = usePlayer();
  if (!results || status === 'error' || results.__isArtificial) return null;
  if (items.length === 0) {
    if (status !== 'idle') return null;
    return (
      <p className="search-status" data-search-status="empty">
        {results.query
          ? i18n._({ id: 'search.noResults', message: 'No results for “{query}”.', values: { query: results.query } })
          : i18n._({ id: 'search.noResultsFilters', message: 'No results match these filters.' })}
      </p>
    );
  }
  const open = (hit: SearchHit) => {
    beforeLeave();
    const code = typeof hit.code === 'string' ? hit.code : hit.objectID;
    const collection = typeof hit.collection === 'string' ? hit.collection : undefined;
    controller.navigate(collection ? paths.collectionItem(client, collection, code) : paths.playlist(client, code));
  };
  return (
    <>
      <ul className="menu-items" aria-label={i18n._({ id: 'search.results', message: 'Results' })}>
        {items.map((hit) => {
          const labels = hit.labels && typeof hit.labels === 'object' ? hit.labels : {};
          const text =
            resolveLabel({ code: hit.code, label: hit.label, labels }, language, prefs.titles) ??
            i18n._({ id: 'label.none', message: 'No Label' });
          const overridden = Boolean(prefs.titles?.[hit.code]?.[language]);
          const path = labels[language] ? ['labels', language] : hit.label ? ['label'] : ['labels', 'en'];
          return (
            <li key={hit.objectID}>
              <button type="button" className="item-card" data-hit={hit.objectID} onClick={() => open(hit)}>
                <Thumbnail
                  src={typeof hit.file === 'string' ? api.thumbnailUrl(hit.file) : undefined}
                  fallbackText={text}
                  clock={controller.clock}
                />
                <span className="item-label">
                  <Highlighted hit={hit} path={overridden ? undefined : path} text={text} query={results.query} />
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {!isLastPage && (
        <button type="button" className="button button-secondary search-more" onClick={showMore}>
          {i18n._({ id: 'search.moreResults', message: 'Show more results' })}
        </button>
      )}
    </>
  );
}
