import { setupI18n, type I18n } from '@lingui/core';
import { proxy, subscribe } from 'valtio/vanilla';
import { DEFAULT_TIMEOUT_MS, HttpClient, isRetryable } from '../content/http';
import { ProviderApi, resolveHosts, type ProviderHosts } from '../content/provider';
import { messages as enMessages } from '../../locales/en/messages';
import type { PreferenceKey, Preferences } from '../preferences/defaults';
import { mergePreferences } from '../preferences/merge';
import { queryLayerFrom } from '../preferences/query';
import { themeCss } from '../preferences/theme';
import { clearCaptionChoices, setChoice, setLanguageChoice } from '../preferences/choices';
import { preferenceStorage } from '../preferences/persistence';
import type { Favorite } from '../preferences/favorites';
import { resolveNavigation } from '../routing/navigation';
import { matchRoute, resolveRedirects, type MatchedRoute } from '../routing/routes';
import { routeWork } from '../routing/route-table';
import { LOADER_NAMES, type LoaderName } from '../routing/work';
import { createPlayerStore, type PlayerStore } from '../state/player-store';
import type { SharedView } from '../content/share-link';
import { scriptUrl } from '../core/script-url';
import { dispatchPlayerEvent, type PlayerErrorCode } from '../core/events';
import { TIMING } from '../playback/timing';
import { Burst } from '../core/burst';
import { ANNOTATION_CHUNK, SEARCH_CHUNK } from '../screens/modal-bodies';
import { ENGINE, routeChunk } from './chunks';
import { InterfaceGate } from './interface-gate';
import { embedTarget, type EmbedOptions } from './embed-route';
import type { ImportLimit } from '../core/lazy-module';
import {
  catalogLoader,
  clientLoader,
  playlistLoader,
  profileLoader,
  type LoaderContext,
  type RouteLoader,
} from './route-loaders';
import type { PlaybackEngine } from '../playback/engine';
import { EarlyVideo, stageVideo, type MediaPreload } from '../playback/early-video';
import { claimEarlyStart, hasEarlyStart } from './early-start';
import { DEFAULT_SCRIPTS } from '../playback/types';
import { realClock, type Clock, type TimerClock } from '../core/clock';
import type { ControlsVisibility } from '../playback/controls-visibility';
import { executeCommand } from '../commands/execute';
import type { CommandName } from '../commands/table';
import type { CommandContext } from '../commands/context';
import type { MemoryLocation, PlayerHandle } from '../screens/player-context';

const noop = () => undefined;

/**
 * What the public declarations show of the controller (the element's `[CONTROLLER]` property): nothing. The class
 * below merges into this interface, so the package's own code sees all of it; tsconfig.types.json's `stripInternal`
 * leaves only this interface in the declarations (dist/types/patient-ed-player.d.ts), so a host's TypeScript never
 * loads the types of the controller's dependencies (Lingui, wouter, fabric and through it jsdom), which fail under
 * `skipLibCheck: false` or are not installed at all (test/types/consumer, scripts/check-package.mjs).
 */
// Empty, and merged with the class below, on purpose (see above):
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging
export interface PlayerController {}

/**
 * Everything one player instance owns: its state, its in-memory location, its i18n and its
 * provider client. Created per element; nothing here is shared between players.
 * @internal
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the public interface above hides it
export class PlayerController implements CommandContext, LoaderContext, PlayerHandle {
  readonly state: PlayerStore = createPlayerStore();
  readonly i18n: I18n = setupI18n({ locale: 'en', messages: { en: { ...enMessages } } });
  /**
   * The in-memory location (wouter's memoryLocation) the React tree routes on: made by the interface chunk when it
   * mounts (`PlayerApp`), on the path the controller is on by then. Until then the controller's own path is
   * the location (React and wouter's hooks stay out of the entry).
   */
  location?: MemoryLocation;
  /** Per-instance stylesheet for preference-driven theme rules (colour, scale). */
  readonly dynamicSheet = new CSSStyleSheet();
  /** Set by the element while a lazy player waits to come into view: starts it (an action command needs it). */
  wake?: () => void;
  private themeText = '';
  private currentPath = '/';
  private currentSearch = '';
  private apiCache?: { key: string; api: ProviderApi };
  /** The visitor's stored preferences and favourites, and their sync with other players and tabs. */
  readonly persistence = preferenceStorage(this.state);
  /** The route table's loaders (src/routing/work.ts names them), run by `syncRoute`. */
  private readonly loaders = {
    client: clientLoader(this),
    profile: profileLoader(this),
    playlist: playlistLoader(this),
    // The search dialog's session starts building its index (or loading its client) with the dialog's chunk.
    'search-session': { enter: () => void SEARCH_CHUNK.load().then((m) => m.prepareSearch(this), noop) },
    // Entering the markup route pauses at once (not once the overlay's chunk is in), remembering whether it played.
    'markup-pause': { enter: () => this.loadedPlayback()?.enterMarkup() },
  } satisfies Record<LoaderName, RouteLoader>;
  /**
   * What the route's work reads besides the path (the preferences, the provider hosts, retries): a change runs
   * `syncRoute` through one subscription, while the element is on the page. Nothing else runs it but navigation.
   */
  private readonly inputs = proxy({ layers: this.state.layers, hosts: '', retries: 0 });
  /** The route's catalogs, in the menu language. */
  private readonly syncCatalogs = catalogLoader(this);
  /** The control that had the focus when the first modal screen was navigated to (the modal layer returns it there). */
  private modalOpener?: HTMLElement;
  /** Client and code the embed options last routed to (kept across a move of the element). */
  routedKey?: string;
  /** The share link in the page's URL for this player's client (null: none), read once. */
  shared?: SharedView | null;

  /** The iframe embed page of the `embed-url` attribute (the Embed dialog's default otherwise). */
  embedPage?: string;
  /** Per provider request, ms (0: none): the `request-timeout` attribute. */
  requestTimeout = DEFAULT_TIMEOUT_MS;
  /** The search dialog's session, kept by the search chunk (src/search/session.ts); tests and the bench read it. */
  get searchSession() {
    return SEARCH_CHUNK.current?.searchSessionOf(this);
  }
  /** The annotation overlay's surface while it is open, kept by its chunk (src/annotation/player-drawings.ts). */
  get annotationSurface() {
    return ANNOTATION_CHUNK.current?.surfaceOf(this);
  }

  /** The URL this player's script was loaded from (for the Embed dialog's code). */
  get scriptUrl(): string {
    return scriptUrl();
  }

  /** Provider hosts and vendor script URLs currently configured (set by the app from attributes). */
  hosts?: ProviderHosts;
  /** SDK URLs from the attributes, those markup may name (src/playback/sdk-urls.ts). */
  scriptAttributes: Partial<typeof DEFAULT_SCRIPTS> = {};
  /** SDK URLs set from script (the element's `youtubeApiUrl` / `vimeoApiUrl` properties): any http(s) host. */
  scriptProperties: Partial<typeof DEFAULT_SCRIPTS> = {};
  /** Refused SDK URLs the console was told about (once each). */
  readonly toldScripts = new Set<string>();
  /** The SDK URLs to load: set from script, else from markup, else (the engine's) the vendors' defaults. */
  get scripts(): Partial<typeof DEFAULT_SCRIPTS> {
    return { ...this.scriptAttributes, ...this.scriptProperties };
  }
  private engineInstance?: PlaybackEngine;
  /** Time for the engine, the controls' hide timer and the notices; tests put a fake one here. */
  clock: Clock = realClock;
  /** The clock's timers, read when a timer starts (a test may put a fake clock after the provider client exists). */
  readonly timers: TimerClock = {
    setTimeout: (fn, ms) => this.clock.setTimeout(fn, ms),
    clearTimeout: (id) => this.clock.clearTimeout(id),
  };
  /** When this player's interface may load and render (src/app/interface-gate.ts). */
  readonly interfaceGate = new InterfaceGate(this.timers);
  /**
   * The stage the element shows before the interface (src/element/early-player.ts), while it is there: a media
   * loading detached goes on it as soon as its request has left, so its first frame shows without the interface.
   */
  private earlyStage?: HTMLElement;
  /**
   * How much of its media the player loads before it plays, set by the element as it starts
   * (src/element/lazy-start.ts, mediaPreloadOf): `metadata` for a lazy player or one of a page's several, else all.
   */
  mediaPreload: MediaPreload = 'auto';
  /** The first video's media, loading before the engine's chunk is in (src/playback/early-video.ts). */
  readonly earlyVideo = new EarlyVideo(this.timers, () => this.mediaPreload);
  /** Settles once the entry asked for this player's first video source (when it did). */
  private entrySource?: Promise<void>;

  /**
   * The route the entry started this player on (its first requests and video), until the player leaves it (`go`) or an
   * engine runs.
   */
  private entryRoute?: string;
  /** The entry told the page that its first video has its metadata (state 0) before this player started. */
  entryReported = false;

  /**
   * Whether the engine's file waits for the first video's metadata: on the route the entry started, until an engine
   * runs, or while a first video loads before the engine (src/app/route-loaders.ts starts it then). A query: it changes
   * nothing.
   */
  engineWaits(): boolean {
    return this.entryRoute !== undefined || this.earlyVideo.present || hasEarlyStart(this.host);
  }

  takeEntrySource(): Promise<void> | undefined {
    const asked = this.entrySource;
    this.entrySource = undefined;
    return asked;
  }

  /** Whether the early player may play (it draws no captions: not while the visitor has them on). */
  earlyPlayable(): boolean {
    return this.preferences().subtitles !== 1;
  }

  /**
   * The first video has its metadata before the engine ran (src/app/route-loaders.ts): the early player's stage shows
   * its picture at once, where the engine's stage then takes it (src/playback/stage.ts), and the interface, which
   * waited for that metadata, loads beside the engine's start.
   */
  showEarlyVideo(video: HTMLVideoElement): void {
    if (this.earlyStage && !this.engineInstance) this.earlyStage.append(stageVideo(video));
    this.interfaceGate.open();
  }

  setEarlyStage(stage: HTMLElement | undefined): void {
    const before = this.earlyStage;
    this.earlyStage = stage;
    if (before && before !== stage) this.existingEngine()?.withdrawStage(before);
  }

  /** What waits for that gate (the player screen's chunk, the screens' catalogs): cancels each. */
  private held: (() => void)[] = [];
  /** When the control bar shows and hides: made by the player screen's chunk (the menu has no control bar). */
  controls?: ControlsVisibility;
  /** The control bar's visibility, made by `make` the first time (the player screen's chunk has its code). */
  controlsVisibility(make: () => ControlsVisibility): ControlsVisibility {
    return (this.controls ??= make());
  }

  constructor(
    readonly host: HTMLElement,
    initialPath = '/',
  ) {
    [this.currentPath, this.currentSearch = ''] = initialPath.split('?');
  }

  /** Where the in-memory location is: the path with its query. */
  get href(): string {
    return this.currentSearch ? `${this.currentPath}?${this.currentSearch}` : this.currentPath;
  }

  /**
   * The playback engine. Its chunk loads with the player route (the menu does not carry it); the player
   * screen renders only once it is there. Commands use `playback()`, which loads it when needed.
   */
  get engine(): PlaybackEngine {
    if (!this.engineInstance) {
      const engine = ENGINE.current;
      if (!engine) throw new Error('patient-ed-player: the playback engine is not loaded yet');
      this.entryRoute = undefined;
      this.engineInstance = new engine.PlaybackEngine({
        state: this.state,
        host: this.host,
        api: () => this.api(this.providerHosts()),
        prefs: () => this.preferences(),
        client: () => this.state.loadedClient,
        scripts: () => this.scripts,
        clock: () => this.clock,
        earlyVideo: (src) => this.earlyVideo.take(src),
        mediaPreload: () => this.mediaPreload,
        mediaStarted: (step) => {
          if (step === 'settled') this.interfaceGate.open();
          else if (this.earlyStage) this.engine.offerStage(this.earlyStage, this.earlyPlayable());
        },
        // searchNext: a playlist opened from a search returns to that search when it ends.
        onPlaylistEnd: () => {
          const { searchNext } = this.preferences();
          const to = ENGINE.current?.searchNextTarget(this.currentPath, this.currentSearch, searchNext);
          if (to) this.navigate(to);
        },
      });
    }
    return this.engineInstance;
  }

  /** The engine when its chunk is loaded already. */
  loadedPlayback(): PlaybackEngine | undefined {
    return ENGINE.current ? this.engine : undefined;
  }

  /** The engine, its chunk loaded first when needed. */
  async playback(): Promise<PlaybackEngine> {
    await ENGINE.load();
    return this.engine;
  }

  /** The engine if this player has made one. */
  existingEngine(): PlaybackEngine | undefined {
    return this.engineInstance;
  }

  api(hosts: ProviderHosts): ProviderApi {
    const key = JSON.stringify(hosts) + this.requestTimeout;
    if (this.apiCache?.key !== key)
      this.apiCache = {
        key,
        api: new ProviderApi(hosts, new HttpClient({ timeout: this.requestTimeout, clock: this.timers })),
      };
    return this.apiCache.api;
  }

  /** The provider hosts the attributes name (the script's origin when none does). */
  providerHosts(): ProviderHosts {
    return this.hosts ?? resolveHosts(undefined);
  }

  /** Navigate with the navigation rules applied ('/' of a host means the navigation screen: see commands). */
  navigate = (to: string, opts: { replace?: boolean } = {}): void => {
    this.go(resolveRedirects(resolveNavigation(to, this.currentSearch)), opts.replace);
  };

  get path(): string {
    return this.currentPath;
  }
  /** The route the in-memory location is on. */
  currentRoute(): MatchedRoute {
    return matchRoute(this.currentPath);
  }
  get search(): string {
    return this.currentSearch;
  }

  /**
   * Re-route from the embed options (initially and whenever client or code changes): the element's attributes, or the
   * host page's query as fallback; `options` are preference options by query name (aliases allowed).
   */
  route(embed: EmbedOptions, replace = true): void {
    this.go(embedTarget(embed), replace);
  }

  /**
   * Move the in-memory location to a screen's route (redirects already resolved). The route's requests
   * start here, before React renders anything for it.
   */
  private go(target: string, replace = false): void {
    const fromModal = Boolean(matchRoute(this.currentPath).modal);
    [this.currentPath, this.currentSearch = ''] = target.split('?');
    if (this.entryRoute !== this.currentPath) this.entryRoute = undefined;
    // Into a modal route: the control that has the focus now is where it returns when the modal layer closes. Read
    // here, before anything renders: the stage behind a dialog turns inert at once (blurring that control), while the
    // modal layer's chunk may still be on its way.
    if (!fromModal && matchRoute(this.currentPath).modal)
      this.modalOpener = (this.host.shadowRoot?.activeElement as HTMLElement | null) ?? undefined;
    this.syncRoute();
    this.location?.navigate(target, { replace });
  }

  /** A screen has rendered: true for the first one only (the one the `ready` event reports). */
  noteScreenShown(): boolean {
    if (this.state.firstScreenShown) return false;
    this.state.firstScreenShown = true;
    return true;
  }

  /** The control noted on the way into a modal route, once: the modal layer takes it when it opens. */
  takeModalOpener(): HTMLElement | undefined {
    const opener = this.modalOpener;
    this.modalOpener = undefined;
    return opener;
  }

  /** Open a share link's playlist at its item and time (the route itself is the caller's). */
  openShared(view: SharedView): void {
    this.loaders.playlist.openShared(view);
  }

  /** Provider hosts from the attributes; a change reloads what the route shows. */
  setHosts(hosts: ProviderHosts): void {
    if (this.hosts && JSON.stringify(hosts) === JSON.stringify(this.hosts)) return;
    this.hosts = hosts;
    this.inputs.hosts = JSON.stringify(hosts);
  }

  /**
   * The route's work: what the route table declares for the current route (src/routing/route-table.ts), started at
   * once and in parallel: its loaders (the client's configuration first), the menu language's catalogs and its chunks.
   * Idempotent: each loader starts only what is missing, and a loader the route does not name lets go of its resource.
   */
  private syncRoute(): void {
    const route = matchRoute(this.currentPath);
    const work = routeWork(route);
    for (const name of LOADER_NAMES) {
      const loader: RouteLoader = this.loaders[name];
      if (work.loaders.includes(name)) loader.enter(route);
      else loader.leave?.();
    }
    const gate = this.interfaceGate;
    // What an earlier route left waiting for the gate is this route's to decide.
    for (const cancel of this.held.splice(0)) cancel();
    // A route that plays an item holds the interface until its media request has left; any other opens it.
    if (route.code && work.loaders.includes('playlist')) gate.hold(TIMING.interfaceHoldMs);
    else gate.open();
    // The screens' catalogs come with the screens: while the gate holds, only the entry's `messages` (the early
    // player's two strings), so that the player's strings do not share the connection with the media's requests.
    if (gate.isOpen) this.syncCatalogs(work.catalogs);
    else {
      this.syncCatalogs(['messages']);
      this.held.push(gate.whenOpen(() => this.syncCatalogs(work.catalogs)));
    }
    // A chunk that fails shows its failure with a retry where it renders (the shell, the modal layer). The player
    // screen's chunks (React's) wait for the gate; the engine's does not, unless the first video is loading before
    // it (the playlist's loader runs it once that video has its metadata).
    for (const name of work.chunks) {
      const load = () => void routeChunk(name, route)?.load(this.importLimit()).catch(noop);
      if (name === 'player-screen' && !gate.isOpen) {
        if (!this.engineWaits()) void ENGINE.load(this.importLimit()).catch(noop);
        this.held.push(gate.whenOpen(load));
      } else load();
    }
  }

  /** Replace the current route's query (no navigation: the route stays; the search dialog writes its state so). */
  replaceQuery(search: string): void {
    if (search === this.currentSearch) return;
    this.currentSearch = search;
    this.location?.navigate(this.href, { replace: true });
  }

  /**
   * Try again (the screens' "Try again", the network back): a failed route request is asked again (the client's
   * configuration with what failed beside it); without one, the route's chunks and the playlist's start.
   */
  retry(resource?: 'client' | 'profile' | 'playlist'): void {
    if (resource === 'client') this.loaders.client.retry([this.loaders.profile.slot, this.loaders.playlist.slot]);
    else if (resource) this.loaders[resource].slot.invalidate();
    this.inputs.retries++;
  }

  private readonly extraSheets = new Map<string, CSSStyleSheet>();

  /** Adopt a lazily loaded stylesheet into this element's shadow root, once. */
  adoptStyles(key: string, css: string): void {
    if (this.extraSheets.has(key)) return;
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    this.extraSheets.set(key, sheet);
    const root = this.host.shadowRoot;
    if (root) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  }

  applyTheme(css: string): void {
    if (css === this.themeText) return;
    this.themeText = css;
    this.dynamicSheet.replaceSync(css);
  }

  preferences(): Preferences {
    return mergePreferences(this.state.layers);
  }

  setQueryOptions(options: [string, string][]): void {
    const next = queryLayerFrom(options);
    if (JSON.stringify(next) !== JSON.stringify(this.state.layers.query)) this.state.layers.query = next;
  }

  /** How long a chunk may take to arrive: a request's limit (`request-timeout`), on this player's clock. */
  importLimit(): ImportLimit {
    return { ms: this.requestTimeout, clock: this.clock };
  }

  /** One kind of request under the flood rule, on this player's clock (tests put a fake one there). */
  burst(atOnce: number): Burst {
    return new Burst(
      () => this.clock,
      () => TIMING.loadSpacingMs,
      atOnce,
    );
  }

  /** A failed provider request the visitor sees, told to the host page (the `error` event). */
  reportError(code: PlayerErrorCode, error: unknown): void {
    // The visitor reads it in the interface.
    this.interfaceGate.open();
    const message = String((error as Error)?.message ?? error);
    dispatchPlayerEvent(this.host, 'error', { code, message, retryable: isRetryable(error) });
  }

  /** Set a visitor preference; a local one is saved by the persistence subscription. */
  setLocalPreference<K extends PreferenceKey>(key: K, value: Preferences[K]): boolean {
    return setChoice(this.state.layers, key, value);
  }

  /** Language sets menu, caption and voice-over languages together. */
  setLanguage(language: string): void {
    setLanguageChoice(this.state.layers, language);
  }

  /** Add (or remove) a favourite playlist of the loaded client; false when it could not be stored. */
  setFavorite(favorite: Favorite, on: boolean): boolean {
    return this.persistence.setFavorite(favorite, on);
  }

  clearCaptionsPreferences(): void {
    clearCaptionChoices(this.state.layers);
  }

  /**
   * While the element is on the page: keep the route's requests in step with its inputs (a language change reloads
   * the playlist), keep the preferences in storage (src/preferences/persistence.ts), and ask again for what failed
   * for want of the network when it comes back. Returns the teardown; the element connects and disconnects it.
   */
  connect(): () => void {
    // What the entry started for this player before the core came (src/element/first-requests.ts): its first video.
    const early = claimEarlyStart(this.host);
    if (early) {
      this.entryReported = early.reported !== undefined;
      this.entryRoute = this.currentPath;
      this.earlyVideo.expect(early.video);
      this.entrySource = early.sourceAsked;
    }
    // The theme (colour, scale, text size, caption style) follows the preferences from the element's first paint on:
    // the early player's outline as the interface's shell.
    const theme = () => this.applyTheme(themeCss(this.preferences()));
    theme();
    const offTheme = subscribe(this.state.layers, theme);
    const offRoute = subscribe(this.inputs, () => this.syncRoute());
    this.inputs.retries++; // after a move, restart what was aborted
    const offStorage = this.persistence.connect();
    const onOnline = () => {
      if (this.state.clientStatus === 'error') this.retry('client');
      for (const name of ['profile', 'playlist'] as const)
        if (this.state.data[name].status === 'error') this.retry(name);
      this.engineInstance?.retry();
    };
    globalThis.addEventListener?.('online', onOnline);
    return () => {
      globalThis.removeEventListener?.('online', onOnline);
      offTheme();
      offRoute();
      offStorage();
      // Off the page: nothing waits for the gate or its limit (connecting again routes, and holds it again).
      for (const cancel of this.held.splice(0)) cancel();
      this.interfaceGate.release();
    };
  }

  /** Run a command through the one command layer (UI, keyboard, methods, events and messages all do). */
  command<N extends CommandName>(name: N, ...args: unknown[]): unknown {
    return executeCommand(this, name, args);
  }

  /** The element left the page: stop every request and release the media; `connect` resumes. */
  abortAll(): void {
    this.loaders.client.stop();
    for (const { slot } of [this.loaders.profile, this.loaders.playlist]) slot.stop();
    this.engineInstance?.dispose();
    this.earlyVideo.discard();
    this.controls?.dispose();
  }
}
