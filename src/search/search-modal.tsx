/**
 * The menu's search dialog (routes search and search-next): react-instantsearch widgets built on its
 * hooks (so every text goes through Lingui and every element is styled inside the shadow root), over the
 * player's search session (a hosted index or the embedded one). Its state lives in the search route's
 * query of the in-memory location, written after 400 ms without typing; the host page's URL is never
 * touched (InstantSearch's routing stays off, and so do its insights).
 */
import { useLingui } from '@lingui/react';
import type { UiState } from 'instantsearch.js';
import { InstantSearch, useInstantSearch } from 'react-instantsearch-core';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { usePlayer } from '../screens/player-context';
import type { Clock } from '../core/clock';
import type { Profile } from '../content/profile';
import { mergePreferences } from '../preferences/merge';
import { isSearchRoute } from '../routing/navigation';
import type { ModalBodyProps } from '../screens/modal-body';
import { fromUiState, readSearchQuery, toUiState, withSearchQuery, writeSearchQuery } from './route-state';
import { prepareSearch } from './session';
import { SearchBanners } from './search-banners';
import { SearchBox, type SearchBoxProps } from './search-box';
import { SearchFilters, type SearchFiltersProps } from './search-filters';
import { Hits, type SearchHitsProps } from './search-hits';
import { SEARCH_CSS } from './search-styles';
import { RelevantSort, SortBy, Stats } from './search-toolbar';

export { prepareSearch, searchSessionOf } from './session';

/** 400 ms without typing before the query is written to the route; searching shows as stalled after 200 ms. */
export const SEARCH_TIMING = { writeDelayMs: 400, stalledMs: 200 } as const;

/** Debounce with a flush (the route write happens before leaving for a hit). */
function useDebounced(fn: () => void, ms: number, clock: Clock) {
  const timer = useRef<number>(undefined);
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
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
  // Prepared again when the client configuration or the route's client changes (prepareSearch reads both from the
  // controller, which the rule cannot see).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const session = useMemo(() => prepareSearch(controller), [controller, snap.loadedClient, route.client]);
  // The interface language as resolved (en, es, de, ar, pt): the title sort replica and the recogniser use it.
  const language = i18n.locale;
  // The route's state when the dialog opens; afterwards InstantSearch owns it and writes it back.
  const [initial] = useState(() => readSearchQuery(controller.search));
  const latest = useRef<UiState>({});
  /** The route query the dialog wrote last (any other change of it came from elsewhere: the host, a link). */
  const writtenRef = useRef(controller.search);
  const externalRef = useRef<string | undefined>(undefined);
  const writer = useDebounced(
    () => {
      if (!session) return;
      if (!isSearchRoute(controller.path)) return; // closed meanwhile: the route is not the search's any more
      // The route's query changed from elsewhere since the dialog last wrote it (the host navigated): that query wins;
      // the dialog shows it (RouteSync) and writes again from there.
      if (controller.search !== writtenRef.current) return;
      writtenRef.current = withSearchQuery(
        controller.search,
        writeSearchQuery(fromUiState(latest.current, session.config.index, language)),
      );
      controller.replaceQuery(writtenRef.current);
    },
    SEARCH_TIMING.writeDelayMs,
    controller.clock,
  );
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
      <RouteSync writtenRef={writtenRef} externalRef={externalRef} index={index} language={language} />
      <SearchScreen
        i18n={i18n}
        controller={controller}
        client={route.client}
        index={index}
        language={language}
        prefs={prefs}
        operator={session.config.operator}
        profile={
          snap.data.profile.key?.startsWith(`${route.client}|`)
            ? (snap.data.profile.data as Profile | undefined)
            : undefined
        }
        beforeLeave={writer.flush}
        externalRef={externalRef}
      />
    </InstantSearch>
  );
}

/** A search route reached from elsewhere while the dialog is open (the host navigates): its query is shown. */
function RouteSync({
  writtenRef,
  externalRef,
  index,
  language,
}: {
  writtenRef: { current: string };
  externalRef: { current: string | undefined };
  index: string;
  language: string;
}) {
  const { controller } = usePlayer();
  // The in-memory location's own search hook (the one the Router has; PlayerApp made it): nothing of wouter's beyond
  // it.
  const search = controller.location!.searchHook();
  const { setUiState } = useInstantSearch();
  useEffect(() => {
    if (search === writtenRef.current) return;
    writtenRef.current = search;
    const state = readSearchQuery(search);
    externalRef.current = state.query;
    setUiState(toUiState(state, index, language));
  }, [search, writtenRef, externalRef, index, language, setUiState]);
  return null;
}

type ScreenProps = SearchBoxProps & SearchFiltersProps & SearchHitsProps & { index: string };

/** The dialog's layout: the box, the toolbar, the filters beside the results, and the search's status. */
function SearchScreen(props: ScreenProps) {
  const { i18n, index, language } = props;
  const { status, refresh, results } = useInstantSearch({ catchError: true });
  return (
    <div
      className="search"
      data-status={status}
      data-query={results && !results.__isArtificial ? results.query : undefined}
    >
      <SearchBox {...props} />
      <div className="search-toolbar">
        <Stats i18n={i18n} />
        <RelevantSort i18n={i18n} />
        <SortBy i18n={i18n} index={index} language={language} />
      </div>
      <div className="search-layout">
        <SearchFilters {...props} />
        <div className="search-results">
          <SearchBanners {...props} />
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
