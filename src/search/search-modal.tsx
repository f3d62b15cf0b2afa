/**
 * The menu's search dialog (routes search and search-next): react-instantsearch widgets built on its
 * hooks (so every text goes through Lingui and every element is styled inside the shadow root), over the
 * player's search session (a hosted index or the embedded one). Its state lives in the search route's
 * query of the in-memory location, written after 400 ms without typing; the host page's URL is never
 * touched (InstantSearch's routing stays off, and so do its insights).
 */
import { useLingui } from '@lingui/react';
import type { I18n } from '@lingui/core';
import type { Hit, UiState } from 'instantsearch.js';
import { getHighlightedParts } from 'instantsearch.js/es/lib/utils/getHighlightedParts.js';
import { unescape } from 'instantsearch.js/es/lib/utils/escape-html.js';
import {
  InstantSearch,
  useClearRefinements,
  useInfiniteHits,
  useInstantSearch,
  useRefinementList,
  useSearchBox,
  useSortBy,
  useConnector,
  useStats,
} from 'react-instantsearch-core';
import connectRelevantSort from 'instantsearch.js/es/connectors/relevant-sort/connectRelevantSort.js';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { usePlayer } from '../app/context';
import type { PlayerController } from '../app/controller';
import type { Clock } from '../playback/clock';
import { resolveLabel } from '../content/labels';
import type { Profile } from '../content/profile';
import { mergePreferences } from '../preferences/merge';
import type { Preferences } from '../preferences/defaults';
import { isSearchRoute, paths } from '../routing/routes';
import type { ModalBodyProps } from '../screens/modal-registry';
import { Thumbnail } from '../ui/thumbnail';
import type { SearchRecord } from './engine.js';
import { MAX_QUERY_LENGTH, titleSortIndex } from './fields.js';
import { fromUiState, readSearchQuery, toUiState, withSearchQuery, writeSearchQuery, type FacetAttribute } from './route-state';
import { prepareSearch, type RefinementOperator } from './session';
import { recognitionConstructor, VoiceSearch, type VoiceState } from './voice';

export { prepareSearch, searchSessionOf } from './session';

/** Spec section 9: 400 ms without typing before the query is written to the route; 200 ms stalled delay. */
export const SEARCH_TIMING = { writeDelayMs: 400, stalledMs: 200 } as const;
const FACET_LIMIT = 10;
const FACET_SHOW_MORE_LIMIT = 100;

const SEARCH_CSS = /* css */ `
.modal[data-modal-name^="search"] { max-width: min(56em, 100%); width: 100%; }
.search { container-type: inline-size; }
.search-form { display: flex; flex-wrap: wrap; gap: .4em; align-items: center; }
.search-input { flex: 1 1 8em; min-width: 0; font: inherit; padding: .5em .6em; border: 1px solid #9aa3b5; border-radius: var(--ped-radius); background: #fff; color: inherit; }
.search-input::-webkit-search-cancel-button { display: none; }
.search-input:focus-visible { outline: 3px solid var(--ped-focus, #1a73e8); outline-offset: 1px; }
.search-icon-button { flex: none; font: inherit; width: 2.5em; height: 2.5em; display: inline-grid; place-items: center; border: 1px solid #9aa3b5; border-radius: var(--ped-radius); background: #fff; color: var(--ped-color); cursor: pointer; padding: 0; }
.search-icon-button[disabled] { opacity: .5; cursor: not-allowed; }
.search-icon-button[aria-pressed="true"] { background: var(--ped-color); color: #fff; }
.search-icon-button svg { width: 1.3em; height: 1.3em; fill: currentColor; }
.search-voice-status { min-height: 1.4em; margin: .3em 0; font-size: .9em; display: flex; gap: .35em; align-items: center; }
.search-voice-status svg { width: 1.2em; height: 1.2em; fill: currentColor; }
.search-voice-status[data-voice="denied"], .search-voice-status[data-voice="error"] { color: #a01c1c; }
.search-toolbar { display: flex; flex-wrap: wrap; gap: .5em 1em; align-items: center; justify-content: space-between; margin-bottom: .6em; }
.search-stats { margin: 0; color: var(--ped-muted); font-size: .9em; }
.search-sort { display: flex; flex-wrap: wrap; gap: .4em; align-items: center; font-size: .9em; }
.search-sort select { font: inherit; padding: .2em .3em; max-width: 100%; }
/* Columns never wider than the dialog (a narrow player with large text): long words break in the facet labels. */
.search-layout { display: grid; grid-template-columns: minmax(10em, 14em) minmax(0, 1fr); gap: 1em; align-items: start; }
.search-layout > * { min-width: 0; }
@container (max-width: 34em) { .search-layout { grid-template-columns: minmax(0, 1fr); } }
.search-filters { display: grid; gap: .8em; font-size: .92em; }
.search-facet { border: 0; margin: 0; padding: 0; min-width: 0; }
.search-filters > *, .search-facet li { min-width: 0; }
.search-facet legend { font-weight: 600; padding: 0; margin-bottom: .3em; }
.search-facet ul { list-style: none; margin: 0; padding: 0; display: grid; gap: .2em; }
.search-facet label { display: flex; gap: .4em; align-items: baseline; cursor: pointer; }
.search-facet .facet-label { min-width: 0; overflow-wrap: anywhere; }
.search-facet .facet-count { margin-inline-start: auto; color: var(--ped-muted); font-size: .85em; white-space: nowrap; }
.search-facet-empty { margin: 0; color: var(--ped-muted); }
.search-results .menu-items { grid-template-columns: repeat(auto-fill, minmax(min(10em, 100%), 1fr)); }
.search-results mark { background: #ffe58a; color: inherit; border-radius: 2px; }
.search-status { margin: .5em 0; }
.search-more { margin-top: .6em; }
`;

const ICONS = {
  search: 'M15.5 14h-.8l-.3-.3A6.5 6.5 0 1 0 14 15.5l.3.3v.8l5 5 1.5-1.5-5-5zm-6 0a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9z',
  clear: 'M19 6.4 17.6 5 12 10.6 6.4 5 5 6.4 10.6 12 5 17.6 6.4 19 12 13.4l5.6 5.6 1.4-1.4-5.6-5.6z',
  mic: 'M12 14a3 3 0 0 0 3-3V5a3 3 0 0 0-6 0v6a3 3 0 0 0 3 3zm5.3-3a5.3 5.3 0 0 1-10.6 0H5a7 7 0 0 0 6 6.9V21h2v-3.1a7 7 0 0 0 6-6.9z',
  micOff:
    'M19 11h-1.7a5 5 0 0 1-.7 2.6l1.2 1.2A7 7 0 0 0 19 11zm-4 .2V5a3 3 0 0 0-6-.2zM4.3 3 3 4.3l6 6V11a3 3 0 0 0 4.2 2.8l1.7 1.6A5.3 5.3 0 0 1 6.7 11H5a7 7 0 0 0 6 6.9V21h2v-3.1a7 7 0 0 0 3.2-1.2l3.5 3.6 1.3-1.3z',
} as const;

function Icon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={d} />
    </svg>
  );
}

type SearchHit = Hit<SearchRecord & Record<string, unknown>>;

/** Debounce with a flush (the route write happens before leaving for a hit). */
function useDebounced(fn: () => void, ms: number, clock: Clock) {
  const timer = useRef<number>(undefined);
  const latest = useRef(fn);
  latest.current = fn;
  useEffect(() => () => clock.clearTimeout(timer.current), [clock]);
  return useMemo(
    () => ({
      schedule: () => {
        clock.clearTimeout(timer.current);
        timer.current = clock.setTimeout(() => {
          timer.current = undefined;
          latest.current();
        }, ms);
      },
      flush: () => {
        if (timer.current === undefined) return;
        clock.clearTimeout(timer.current);
        timer.current = undefined;
        latest.current();
      },
    }),
    [ms, clock],
  );
}

/** The dialog body. */
export function SearchModal({ route }: ModalBodyProps) {
  const { i18n } = useLingui();
  const { controller } = usePlayer();
  controller.adoptStyles('search', SEARCH_CSS); // idempotent, before the first paint
  const snap = useSnapshot(controller.state);
  const prefs = mergePreferences(snap.layers);
  const session = useMemo(() => prepareSearch(controller), [controller, snap.loadedClient, route.client]);
  // The interface language as resolved (en, es, de, ar, pt): the title sort replica and the recogniser use it.
  const language = i18n.locale;
  // The route's state when the dialog opens; afterwards InstantSearch owns it and writes it back.
  const [initial] = useState(() => readSearchQuery(controller.search));
  const latest = useRef<UiState>({});
  /** The route query the dialog wrote last (any other change of it came from elsewhere: the host, a link). */
  const written = useRef(controller.search);
  const external = useRef<string | undefined>(undefined);
  const writer = useDebounced(() => {
    if (!session) return;
    if (!isSearchRoute(controller.path)) return; // closed meanwhile: the route is not the search's any more
    // The route's query changed from elsewhere since the dialog last wrote it (the host navigated): that query wins;
    // the dialog shows it (RouteSync) and writes again from there.
    if (controller.search !== written.current) return;
    written.current = withSearchQuery(controller.search, writeSearchQuery(fromUiState(latest.current, session.config.index)));
    controller.replaceQuery(written.current);
  }, SEARCH_TIMING.writeDelayMs, controller.clock);
  if (!session || !route.client) return null;
  const index = session.config.index;
  return (
    <InstantSearch
      searchClient={session.client}
      indexName={index}
      initialUiState={toUiState(initial, index, language)}
      insights={false}
      stalledSearchDelay={SEARCH_TIMING.stalledMs}
      future={{ preserveSharedStateOnUnmount: true }}
      onStateChange={({ uiState, setUiState }) => {
        setUiState(uiState);
        latest.current = uiState;
        writer.schedule();
      }}
    >
      <RouteSync written={written} external={external} index={index} language={language} />
      <SearchScreen
        i18n={i18n}
        controller={controller}
        client={route.client}
        index={index}
        language={language}
        prefs={prefs}
        operator={session.config.operator}
        profile={snap.data.profile.key?.startsWith(`${route.client}|`) ? (snap.data.profile.data as Profile | undefined) : undefined}
        beforeLeave={writer.flush}
        external={external}
      />
    </InstantSearch>
  );
}

/** A search route reached from elsewhere while the dialog is open (the host navigates): its query is shown. */
function RouteSync({ written, external, index, language }: { written: { current: string }; external: { current: string | undefined }; index: string; language: string }) {
  const { controller } = usePlayer();
  // The in-memory location's own search hook (the one the Router has; PlayerApp made it): nothing of wouter's beyond it.
  const search = controller.location!.searchHook();
  const { setUiState } = useInstantSearch();
  useEffect(() => {
    if (search === written.current) return;
    written.current = search;
    const state = readSearchQuery(search);
    external.current = state.query;
    setUiState(toUiState(state, index, language));
  }, [search, written, external, index, language, setUiState]);
  return null;
}

interface ScreenProps {
  i18n: I18n;
  controller: PlayerController;
  client: string;
  index: string;
  language: string;
  prefs: Preferences;
  operator: RefinementOperator;
  profile?: Profile;
  beforeLeave: () => void;
  /** The query of a search route reached from elsewhere (RouteSync), for the box to show even while focused. */
  external: { current: string | undefined };
}

function SearchScreen(props: ScreenProps) {
  const { i18n, index, language, profile, prefs } = props;
  const { status, refresh, results } = useInstantSearch({ catchError: true });
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
    <div className="search" data-status={status} data-query={results && !results.__isArtificial ? results.query : undefined}>
      <SearchBox {...props} />
      <div className="search-toolbar">
        <Stats i18n={i18n} />
        <RelevantSort i18n={i18n} />
        <SortBy i18n={i18n} index={index} language={language} />
      </div>
      <div className="search-layout">
        <div className="search-filters" role="group" aria-label={i18n._({ id: 'search.filters', message: 'Filters' })}>
          <Facet i18n={i18n} attribute="topics" operator={props.operator} legend={i18n._({ id: 'search.facet.topics', message: 'Topic' })} label={topicLabel} />
          <Facet i18n={i18n} attribute="kind" operator={props.operator} legend={i18n._({ id: 'search.facet.kind', message: 'Type' })} label={kindLabel} />
          <Facet i18n={i18n} attribute="languages" operator={props.operator} legend={i18n._({ id: 'search.facet.languages', message: 'Language' })} label={languageLabel} />
          <ClearFilters i18n={i18n} />
        </div>
        <div className="search-results">
          {status === 'stalled' && (
            <p className="search-status" data-search-status="stalled">
              <span className="spinner" aria-hidden="true" /> {i18n._({ id: 'search.loading', message: 'Searching…' })}
            </p>
          )}
          {status === 'error' && (
            <div className="search-status" role="alert" data-search-status="error">
              <p>{i18n._({ id: 'search.error', message: 'Search is unavailable right now.' })}</p>
              <button type="button" className="button" onClick={() => refresh()}>
                {i18n._({ id: 'search.retry', message: 'Retry' })}
              </button>
            </div>
          )}
          {/* Always mounted: removing a widget makes InstantSearch search again (and forget the error). */}
          <Hits {...props} />
        </div>
      </div>
    </div>
  );
}

/**
 * The search box (on useSearchBox, not the ready-made widget: inside a shadow root that widget's focus check
 * fails and a stale query can overwrite what is being typed), with the voice button.
 */
function SearchBox({ i18n, language, external }: ScreenProps) {
  const { query, refine, clear } = useSearchBox();
  const [value, setValue] = useState(query);
  const input = useRef<HTMLInputElement>(null);
  /** Words heard but not final yet (searched when listening ends without a final phrase). */
  const interim = useRef<string>(undefined);
  // The query changed elsewhere: shown unless the visitor is typing; a route reached from elsewhere (the
  // host navigates) always wins.
  useEffect(() => {
    const el = input.current;
    const typing = el && (el.getRootNode() as Document | ShadowRoot).activeElement === el;
    if (external.current === query) external.current = undefined;
    // A change of the visitor's own query arriving in between (their last keystroke's answer) leaves the route's
    // query to come: it is cleared only once shown, or the box would keep what the visitor typed.
    else if (typing) return;
    setValue(query);
  }, [query, external]);
  useEffect(() => {
    input.current?.focus();
  }, []);
  const set = (text: string) => {
    interim.current = undefined;
    const next = text.slice(0, MAX_QUERY_LENGTH);
    setValue(next);
    refine(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    refine(value);
  };
  return (
    <>
      <form className="search-form" role="search" noValidate onSubmit={submit} onReset={(e) => (e.preventDefault(), set(''), clear(), input.current?.focus())}>
        <input
          ref={input}
          className="search-input"
          type="search"
          name="search"
          value={value}
          onChange={(e) => set(e.currentTarget.value)}
          placeholder={i18n._({ id: 'search.placeholder', message: 'Search here…' })}
          aria-label={i18n._({ id: 'search.label', message: 'Search videos and presentations' })}
          maxLength={MAX_QUERY_LENGTH}
          spellCheck={false}
          autoCorrect="off"
          autoCapitalize="off"
          autoComplete="off"
          enterKeyHint="search"
          required
        />
        <button type="submit" className="search-icon-button" title={i18n._({ id: 'search.submit', message: 'Search' })} aria-label={i18n._({ id: 'search.submit', message: 'Search' })}>
          <Icon d={ICONS.search} />
        </button>
        <button type="reset" className="search-icon-button" title={i18n._({ id: 'search.clear', message: 'Clear' })} aria-label={i18n._({ id: 'search.clear', message: 'Clear' })} hidden={!value}>
          <Icon d={ICONS.clear} />
        </button>
        <VoiceButton
          i18n={i18n}
          language={language}
          onHeard={(text, final) => {
            // Heard so far: shown; a final phrase (or the last one heard when listening ends) searches.
            if (final) return set(text);
            interim.current = text.slice(0, MAX_QUERY_LENGTH);
            setValue(interim.current);
          }}
          onEnd={() => {
            if (interim.current !== undefined) set(interim.current);
            interim.current = undefined;
          }}
        />
      </form>
    </>
  );
}

/** Voice search: idle, listening, error or denied, each shown and announced; disabled without support. */
function VoiceButton({ i18n, language, onHeard, onEnd }: { i18n: I18n; language: string; onHeard: (text: string, final: boolean) => void; onEnd: () => void }) {
  const [state, setState] = useState<VoiceState>('idle');
  const heard = useRef({ onHeard, onEnd });
  heard.current = { onHeard, onEnd };
  const [voice] = useState(() => {
    const ctor = recognitionConstructor();
    return ctor
      ? new VoiceSearch(ctor, {
          onState: (s) => {
            setState(s);
            if (s !== 'listening') heard.current.onEnd();
          },
          onTranscript: (t, f) => heard.current.onHeard(t, f),
        })
      : undefined;
  });
  useEffect(() => () => voice?.dispose(), [voice]);
  const statusId = useId();
  const title = voice
    ? i18n._({ id: 'search.voice', message: 'Search by voice' })
    : i18n._({ id: 'search.voiceUnsupported', message: 'Search by voice (not supported on this browser)' });
  const message =
    state === 'listening'
      ? i18n._({ id: 'search.voiceListening', message: 'Listening… speak now.' })
      : state === 'denied'
        ? i18n._({ id: 'search.voiceDenied', message: 'Microphone access denied' })
        : state === 'error'
          ? i18n._({ id: 'search.voiceError', message: 'Voice search did not work. Try again.' })
          : '';
  return (
    <>
      <button
        type="button"
        className="search-icon-button"
        data-voice-button=""
        title={title}
        aria-label={title}
        aria-pressed={state === 'listening'}
        aria-describedby={statusId}
        disabled={!voice}
        onClick={() => (state === 'listening' ? voice?.stop() : voice?.start(language))}
      >
        <Icon d={state === 'denied' ? ICONS.micOff : ICONS.mic} />
      </button>
      <span className="search-voice-status" id={statusId} role="status" data-voice={state}>
        {state === 'denied' && <Icon d={ICONS.micOff} />}
        {message}
      </span>
    </>
  );
}

function Stats({ i18n }: { i18n: I18n }) {
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
              message: '{n, plural, one {# relevant result sorted out of {total}} other {# relevant results sorted out of {total}}}',
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
function RelevantSort({ i18n }: { i18n: I18n }) {
  const { isVirtualReplica, isRelevantSorted, refine } = useConnector(connectRelevantSort, {}) as unknown as {
    isVirtualReplica: boolean;
    isRelevantSorted: boolean;
    refine: (strictness: number | undefined) => void;
  };
  const { results } = useInstantSearch();
  // Only when it changes something: a query whose hits are not all equally relevant.
  if (!isVirtualReplica || !results?.query || (isRelevantSorted && results.nbSortedHits === results.nbHits)) return null;
  return (
    <button type="button" className="link-button" data-relevant-sort="" onClick={() => refine(isRelevantSorted ? 0 : undefined)}>
      {isRelevantSorted ? i18n._({ id: 'search.seeAll', message: 'See all results' }) : i18n._({ id: 'search.seeRelevant', message: 'See relevant results' })}
    </button>
  );
}

function SortBy({ i18n, index, language }: { i18n: I18n; index: string; language: string }) {
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
                <input type="checkbox" value={item.value} checked={item.isRefined} onChange={() => refine(item.value)} />
                <span className="facet-label">{label(item.value)}</span>
                <span className="facet-count">{item.count}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {canToggleShowMore && (
        <button type="button" className="link-button" aria-expanded={isShowingMore} onClick={toggleShowMore}>
          {isShowingMore ? i18n._({ id: 'search.showLess', message: 'Show less' }) : i18n._({ id: 'search.showMore', message: 'Show more' })}
        </button>
      )}
    </fieldset>
  );
}

function ClearFilters({ i18n }: { i18n: I18n }) {
  const { canRefine, refine } = useClearRefinements({ excludedAttributes: ['query'] });
  return (
    <button type="button" className="button button-secondary" disabled={!canRefine} onClick={refine} data-clear-refinements="">
      {i18n._({ id: 'search.clearFilters', message: 'Clear filters' })}
    </button>
  );
}

/** A highlighted attribute as React elements (never markup strings). */
function Highlighted({ hit, path, fallback }: { hit: SearchHit; path: string[]; fallback: string }) {
  let node: unknown = hit._highlightResult;
  for (const key of path) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  const value = node && typeof node === 'object' ? (node as { value?: unknown }).value : undefined;
  if (typeof value !== 'string') return <>{fallback}</>;
  return (
    <>
      {getHighlightedParts(value).map((part, i) => (part.isHighlighted ? <mark key={i}>{unescape(part.value)}</mark> : <span key={i}>{unescape(part.value)}</span>))}
    </>
  );
}

function Hits({ i18n, controller, client, language, prefs, beforeLeave }: ScreenProps) {
  const { items, results, isLastPage, showMore } = useInfiniteHits<SearchRecord & Record<string, unknown>>({ showPrevious: false });
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
          const text = resolveLabel({ code: hit.code, label: hit.label, labels }, language, prefs.titles) ?? i18n._({ id: 'label.none', message: 'No Label' });
          const overridden = Boolean(prefs.titles?.[hit.code]?.[language]);
          const path = labels[language] ? ['labels', language] : hit.label ? ['label'] : ['labels', 'en'];
          return (
            <li key={hit.objectID}>
              <button type="button" className="item-card" data-hit={hit.objectID} onClick={() => open(hit)}>
                <Thumbnail src={typeof hit.file === 'string' ? api.thumbnailUrl(hit.file) : undefined} fallbackText={text} />
                <span className="item-label">{overridden ? text : <Highlighted hit={hit} path={path} fallback={text} />}</span>
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
