import { setupI18n, type I18n } from '@lingui/core';
import { subscribe } from 'valtio/vanilla';
import type { memoryLocation } from 'wouter/memory-location';
import { DEFAULT_TIMEOUT_MS, HttpClient, isRetryable } from '../content/http';
import { ProviderApi, resolveHosts, type ProviderHosts } from '../content/provider';
import { messages as enMessages } from '../../locales/en/messages';
import { CAPTION_STYLE_KEYS, STORAGE_KEY, type PartialPreferences, type PreferenceKey, type Preferences } from '../preferences/defaults';
import { mergePreferences } from '../preferences/merge';
import { coerceToPreference, queryLayerFrom } from '../preferences/query';
import { readStoredAnswer, sanitizeLayer, saveLayers } from '../preferences/storage';
import { FAVORITES_KEY, readFavorites, withFavorite, writeFavorites, type Favorite } from '../preferences/favorites';
import { matchRoute, resolveNavigation, resolveRedirects, type MatchedRoute } from '../routing/routes';
import { createPlayerState, type PlayerState } from '../state/player-state';
import { ResourceSlot, toLoadError } from '../state/resource';
import type { Playlist } from '../content/playlist';
import type { SharedView } from '../content/share-link';
import { scriptUrl } from '../core/script-url';
import { dispatchPlayerEvent, type PlayerErrorCode } from '../core/events';
import { activateLanguage, type CatalogName } from '../i18n/locales';
import { PLAYER_STATE, TIMING } from '../playback/timing';
import { Burst } from '../core/burst';
import { modalEntry } from '../screens/modal-registry';
import { ENGINE, ERROR_SCREEN, MENU_SCREEN, MODAL_LAYER, PLAYER_SCREEN } from './chunks';
import type { ImportLimit } from './lazy-module';
import type { PlaybackEngine } from '../playback/engine';
import { DEFAULT_SCRIPTS } from '../playback/types';
import { realClock, type Clock } from '../playback/clock';
import type { ControlsVisibility } from '../playback/controls-visibility';
import { executeCommand } from '../commands/execute';
import type { CommandName } from '../commands/table';
import type { CommandContext } from '../commands/context';

/** @internal (wouter's types stay out of the public declarations, see PlayerController's interface) */
export type MemoryLocation = Pick<ReturnType<typeof memoryLocation>, 'hook' | 'searchHook' | 'navigate'> & {
  history?: string[];
};

/** Options the element was configured with (attributes, or the host page's query as fallback). */
export interface EmbedOptions {
  client?: string;
  code?: string;
  /** Preference options by query name (aliases allowed). */
  options: [string, string][];
  hosts: ProviderHosts;
}

/**
 * What the public declarations show of the controller (the element's `[CONTROLLER]` property): nothing. The class
 * below merges into this interface, so the package's own code sees all of it; tsconfig.types.json's `stripInternal`
 * leaves only this interface in the declarations (dist/types/patient-ed-player.d.ts), so a host's TypeScript never
 * loads the types of the controller's dependencies (Lingui, wouter, fabric and through it jsdom), which fail under
 * `skipLibCheck: false` or are not installed at all (test/types/consumer, scripts/check-package.mjs).
 */
export interface PlayerController {}

/**
 * Everything one player instance owns: its state, its in-memory location, its i18n and its
 * provider client. Created per element; nothing here is shared between players.
 * @internal
 */
export class PlayerController implements CommandContext {
  readonly state: PlayerState = createPlayerState();
  readonly i18n: I18n = setupI18n({ locale: 'en', messages: { en: { ...enMessages } } });
  /**
   * The in-memory location (wouter's memoryLocation) the React tree routes on: made by the interface chunk when it
   * mounts (`PlayerApp`), on the path the controller is on by then. Until then the controller's own path is
   * the location (React and wouter's hooks stay out of the entry).
   */
  location?: MemoryLocation;
  /** Per-instance stylesheet for preference-driven theme rules (colour, scale). */
  readonly dynamicSheet = new CSSStyleSheet();
  private themeText = '';
  private currentPath = '/';
  private currentSearch = '';
  private apiCache?: { key: string; api: ProviderApi };
  private clientAbort?: AbortController;
  /** The client and provider hosts the configuration was (or is being) loaded for. */
  private clientKey?: string;
  private readonly profile = new ResourceSlot(this.state.data.profile, (e) => this.reportError('menu', e));
  private readonly playlist = new ResourceSlot(this.state.data.playlist, (e) => this.reportError('playlist', e));
  /** The menu language whose catalog was last requested, and the caption language last applied. */
  private languageWanted?: string;
  private ccWanted?: string;
  /**
   * Floods of commands (a host sending 100 `navigate`s or `setLanguage`s): each kind of request starts for the first
   * and the last of a burst only (src/core/burst.ts). The route and the preferences (so `getLanguage()`) follow each
   * command at once; a resource waiting for its request shows as loading. The menu, playlist and catalogs allow two
   * at once: a first visit asks in the guessed language, then in the one the client's configuration names.
   */
  private readonly bursts = { client: this.burst(1), profile: this.burst(2), playlist: this.burst(2), language: this.burst(2) };
  /** The control that had the focus when the first modal screen was navigated to (the modal layer returns it there). */
  modalOpener?: HTMLElement;
  /** Client and code the embed options last routed to (kept across a move of the element). */
  routedKey?: string;
  /** The share link in the page's URL for this player's client (null: none), read once. */
  shared?: SharedView | null;
  /** Where a shared playlist starts (item and time), used once when that playlist arrives. */
  private startAt?: { code: string; index: number; time: number };

  /** The iframe embed page of the `embed-url` attribute (the Embed dialog's default otherwise). */
  embedPage?: string;
  /** Per provider request, ms (0: none): the `request-timeout` attribute. */
  requestTimeout = DEFAULT_TIMEOUT_MS;
  /** The drawings of the items annotated while the page lives, by playlist key and item (the annotation chunk's). */
  declare annotations?: Map<string, string>;
  /** The annotation overlay's surface while it is open (tests and the bench look at it). */
  declare annotationSurface?: import('../annotation/surface').AnnotationSurface;
  /** The client configuration's `search` object, unvalidated (the search chunk reads it). */
  declare searchAccount?: unknown;
  /** The search dialog's session (its client and index), made by the search chunk. */
  declare searchSession?: { dispose(): void };

  /** Keys of the visitor's layer whose last change storage did not keep (full, or failing writes): written again. */
  private readonly unsaved = new Set<string>();

  /** The visitor's choices that storage did not keep, as a layer. */
  private unsavedChoices(): Record<string, unknown> {
    const local = this.state.layers.local as Record<string, unknown>;
    return Object.fromEntries([...this.unsaved].filter((key) => local[key] !== undefined).map((key) => [key, local[key]]));
  }

  /** The provider API that the console was last told could not be reached (told once per address). */
  private unreachableTold?: string;
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
  /** When the control bar shows and hides: made by the player screen's chunk (the menu has no control bar). */
  controls?: ControlsVisibility;

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
      this.engineInstance = new engine.PlaybackEngine({
        state: this.state,
        host: this.host,
        api: () => this.api(this.hosts ?? resolveHosts(undefined)),
        prefs: () => this.preferences(),
        client: () => this.state.loadedClient,
        scripts: () => this.scripts,
        clock: () => this.clock,
        // searchNext: a playlist opened from a search returns to that search when it ends.
        onPlaylistEnd: () => {
          const to = ENGINE.current?.searchNextTarget(this.currentPath, this.currentSearch, this.preferences().searchNext);
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

  api(hosts: ProviderHosts): ProviderApi {
    const key = JSON.stringify(hosts) + this.requestTimeout;
    if (this.apiCache?.key !== key) this.apiCache = { key, api: new ProviderApi(hosts, new HttpClient({ timeout: this.requestTimeout })) };
    return this.apiCache.api;
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

  /** Re-route from the embed options (initially and whenever client or code changes). */
  route(embed: Pick<EmbedOptions, 'client' | 'code' | 'options'>, replace = true): void {
    const params = new URLSearchParams();
    if (embed.client) params.set('client', embed.client);
    if (embed.code) params.set('openthis', embed.code);
    // `search` is also the search dialog's query in the route: the option goes under its preference name.
    for (const [k, v] of embed.options) params.set(k === 'search' ? 'searchButton' : k, v);
    this.go(resolveRedirects(`/?${params}`), replace);
  }

  /**
   * Move the in-memory location to a screen's route (redirects already resolved). The route's requests
   * start here, before React renders anything for it.
   */
  private go(target: string, replace = false): void {
    const fromModal = Boolean(matchRoute(this.currentPath).modal);
    [this.currentPath, this.currentSearch = ''] = target.split('?');
    // Into a modal route: the control that has the focus now is where it returns when the modal layer closes. Read
    // here, before anything renders: the stage behind a dialog turns inert at once (blurring that control), while the
    // modal layer's chunk may still be on its way.
    if (!fromModal && matchRoute(this.currentPath).modal) this.modalOpener = (this.host.shadowRoot?.activeElement as HTMLElement | null) ?? undefined;
    this.syncRoute();
    this.location?.navigate(target, { replace });
  }

  /** Open a share link's playlist at its item and time (the route itself is the caller's). */
  openShared(view: SharedView): void {
    if (view.code) this.startAt = { code: view.code, index: view.item ?? 0, time: view.time ?? 0 };
  }

  /** Provider hosts from the attributes; a change reloads what the route shows. */
  setHosts(hosts: ProviderHosts): void {
    if (this.hosts && JSON.stringify(hosts) === JSON.stringify(this.hosts)) return;
    this.hosts = hosts;
    if (this.routedKey !== undefined) this.syncRoute();
  }

  /**
   * Route loaders: start everything the current route needs, at once and in parallel: the client
   * configuration, the interface language's catalog, the screen's code chunk, the profile (menu
   * routes) or the playlist (player routes; the engine then prepares the first item's source,
   * captions and adapter chunk). Idempotent: called on every navigation and preference change, it
   * starts only what is missing; answers for a route or key left behind are dropped.
   */
  syncRoute(): void {
    const route = matchRoute(this.currentPath);
    const hosts = this.hosts ?? resolveHosts(undefined);
    const client = route.name === 'error' ? undefined : route.client;
    if (client) void this.loadClient(client, hosts);
    else if (route.name === 'error') void ERROR_SCREEN.load(this.importLimit()).catch(() => undefined); // the shell offers a retry
    const playerRoute = route.name === 'playlist' || route.name === 'collection-item';
    const catalogs = new Set<CatalogName>(['messages']);
    if (playerRoute) catalogs.add('player');
    const modalCatalog = route.modal && modalEntry(route.modal).catalog;
    if (modalCatalog) catalogs.add(modalCatalog);
    this.syncLanguage([...catalogs]);
    if (route.modal) {
      // The modal layer and the body's chunk, together; the modal layer shows a failure with a retry.
      void MODAL_LAYER.load(this.importLimit()).catch(() => undefined);
      const entry = modalEntry(route.modal);
      void entry.body?.load(this.importLimit()).catch(() => undefined);
      entry.enter?.(this);
    }
    const prefs = this.preferences();
    const api = this.api(hosts);
    if (route.name === 'navigation' && client) {
      void MENU_SCREEN.load(this.importLimit()).catch(() => undefined); // the shell shows the failure with a retry
      const lang = prefs.menuLanguage;
      this.profile.load(`${client}|${lang}|${hosts.api}`, this.bursts.profile.spaced((signal) => api.profile(client, lang, signal)));
    }
    const code = route.code;
    if ((route.name === 'playlist' || route.name === 'collection-item') && client && code) {
      void PLAYER_SCREEN.load(this.importLimit()).catch(() => undefined); // the shell shows the failure with a retry
      const { menuLanguage, voLanguage } = prefs;
      const key = `${client}|${code}|${menuLanguage}|${voLanguage}|${hosts.api}`;
      // Another playlist: the one playing stops now, not when its screen goes away.
      if (this.state.playback.playlist && this.state.playback.playlist.code !== code) this.engineInstance?.reset();
      const request = this.bursts.playlist.spaced((signal) => api.playlist(client, code, menuLanguage, voLanguage, signal));
      this.playlist.load(key, request, { onData: (p) => void this.startPlaylist(p, key) });
      // The playlist is here but not started (the engine's chunk failed, then a retry loaded it).
      const loaded = this.state.data.playlist;
      if (loaded.status === 'ready' && loaded.key === key && loaded.data && this.state.playback.key !== key) void this.startPlaylist(loaded.data as Playlist, key);
      if (this.state.playback.key === key && prefs.ccLanguage !== this.ccWanted) {
        this.ccWanted = prefs.ccLanguage;
        this.engineInstance?.setCaptionLanguage(prefs.ccLanguage);
      }
      if (this.state.playback.key === key) this.engineInstance?.setAudioDescriptions(prefs.audioDescriptions === 1);
    } else {
      this.playlist.clear();
      if (this.state.playback.key !== undefined) this.engineInstance?.reset();
    }
  }

  /** Replace the current route's query (no navigation: the route stays; the search dialog writes its state so). */
  replaceQuery(search: string): void {
    if (search === this.currentSearch) return;
    this.currentSearch = search;
    this.location?.navigate(this.href, { replace: true });
  }

  /** Retry a failed route request (the screens' "Try again"). */
  retry(resource: 'profile' | 'playlist'): void {
    this[resource].invalidate();
    this.syncRoute();
  }

  /** A playlist arrived: start it (the same playlist in another language continues where the viewer was). */
  private async startPlaylist(playlist: Playlist, key: string): Promise<void> {
    const engine = await this.playback().catch(() => undefined); // a failed chunk: the shell offers a retry
    // Navigated elsewhere (or another language) while the engine's chunk loaded: not this playlist.
    if (!engine || this.state.data.playlist.key !== key) return;
    const current = this.state.playback;
    this.ccWanted = this.preferences().ccLanguage;
    if (current.key === key) return;
    const start = this.startAt;
    if (start?.code === playlist.code) {
      this.startAt = undefined;
      engine.loadPlaylist(playlist, key, start.index, start.time > 0 || start.index > 0 ? { play: false, at: start.time } : undefined);
    } else if (current.playlist?.code === playlist.code) {
      engine.loadPlaylist(playlist, key, current.index, { play: current.player === PLAYER_STATE.PLAYING, at: current.currentTime });
    } else engine.loadPlaylist(playlist, key);
  }

  /**
   * Load the menu language's catalogs the route needs (the player's strings only on player routes); the
   * screen waits for them (no flash of English), a language switch keeps the current one until they load.
   */
  private syncLanguage(catalogs: CatalogName[]): void {
    const lang = this.preferences().menuLanguage;
    const wanted = `${lang}|${catalogs.join()}`;
    if (wanted === this.languageWanted) return;
    const sameLanguage = this.languageWanted?.split('|')[0] === lang;
    this.languageWanted = wanted;
    const activate = () =>
      void activateLanguage(this.i18n, lang, catalogs, () => this.languageWanted === wanted).then(({ language, ok }) => {
        if (this.languageWanted !== wanted) return;
        this.state.locale = language;
        // A catalog that failed to load never keeps a screen waiting (its texts fall back to the source
        // English); the next navigation or preference change tries again.
        this.state.catalogs = catalogs;
        if (!ok) this.languageWanted = undefined;
      });
    // Another language's catalogs follow the flood rule (100 `setLanguage`s load the first and the last language);
    // the catalogs a screen of the same language adds (a dialog's) load at once, or with that language if it waits.
    if (!sameLanguage || this.bursts.language.waiting) this.bursts.language.run(activate);
    else activate();
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

  /** Load the client configuration (account layer) and the stored local layer, once per client change. */
  async loadClient(client: string, hosts: ProviderHosts): Promise<void> {
    // Another provider (provider-url, api-url or delivery-url changed) is asked again, like another client.
    const key = `${client}|${hosts.api}|${hosts.delivery}`;
    if (this.state.loadedClient === client && this.clientKey === key && this.state.clientStatus !== 'error') return;
    this.clientKey = key;
    this.clientAbort?.abort();
    const abort = (this.clientAbort = new AbortController());
    const { stored, answered } = readStoredAnswer();
    this.state.loadedClient = client;
    this.state.clientStatus = 'loading';
    this.state.clientError = undefined;
    // The visitor's layer from storage when it answered, with the choices it could not keep (full, failing writes)
    // on top; storage that did not answer says nothing: the layer in memory stays.
    if (answered) this.state.layers.local = { ...stored.local, ...this.unsavedChoices() };
    this.state.layers.account = stored.account[client] ?? {};
    this.state.favorites = readFavorites(client);
    const api = this.api(hosts);
    const userPreferences = (userId: string) => api.userPreferences(userId, abort.signal).catch(() => ({}));
    // A flood of client changes asks for the first client and the last (src/core/burst.ts); one aborted while it
    // waits asks for nothing.
    const turn = this.bursts.client.spaced(() => Promise.resolve())(abort.signal);
    // A returning visitor: the user preferences of the user the configuration named last time are
    // requested together with the configuration (used only if it names the same user again).
    const cachedUser = stored.users[client];
    const early = cachedUser ? turn.then(() => userPreferences(cachedUser), () => ({})) : undefined;
    try {
      await turn;
      const config = await api.clientConfig(client, abort.signal);
      let user: Record<string, unknown> = {};
      if (config.userId) user = await (early && config.userId === cachedUser ? early : userPreferences(config.userId));
      if (abort.signal.aborted) return;
      this.state.layers.account = sanitizeLayer({ ...config.preferences, ...user });
      this.state.clientName = config.name;
      this.state.userId = config.userId;
      this.searchAccount = config.search;
      this.state.clientStatus = 'ready';
      saveLayers(client, this.state.layers.account, this.state.layers.local, config.userId ?? null);
    } catch (error) {
      if (abort.signal.aborted) return;
      const e = error as { kind?: string; status?: number };
      this.state.clientStatus = e.kind === 'status' && e.status === 404 ? 'not-found' : 'error';
      if (this.state.clientStatus === 'not-found') void ERROR_SCREEN.load().catch(() => undefined);
      this.state.clientError = toLoadError(error);
      this.reportError('client', error);
      this.tellProviderFailure(e, hosts, client);
    }
  }

  /**
   * The visitor reads "We couldn't reach the content server"; the page's developer is told, once per address, where
   * that was and which attribute sets it: when nothing answered, or when the provider was guessed (no `provider-url`
   * or `api-url`: the script's origin) and what answered is not a provider (a 404 page, HTML).
   */
  private tellProviderFailure(e: { kind?: string; status?: number }, hosts: ProviderHosts, client: string): void {
    const guessed = !this.host.hasAttribute('provider-url') && !this.host.hasAttribute('api-url');
    const what =
      e.kind === 'network' ? 'could not be reached'
      : e.kind === 'timeout' ? 'did not answer in time'
      : !guessed ? undefined
      : e.kind === 'status' ? `answered HTTP ${e.status}`
      : e.kind === 'parse' || e.kind === 'too-large' ? 'did not answer as a provider (no JSON)'
      : undefined;
    if (!what || this.unreachableTold === hosts.api) return;
    this.unreachableTold = hosts.api;
    console.warn(
      `patient-ed-player: the provider at ${hosts.api} ${what} (client configuration ${hosts.api}clients/${client}). ` +
        `Its address is the provider-url attribute (or api-url); without one, the origin the script was loaded from${guessed ? ', as here' : ''}.`,
    );
  }

  /** How long a chunk may take to arrive: a request's limit (`request-timeout`), on this player's clock. */
  importLimit(): ImportLimit {
    return { ms: this.requestTimeout, clock: this.clock };
  }

  /** One kind of request under the flood rule, on this player's clock (tests put a fake one there). */
  private burst(atOnce: number): Burst {
    return new Burst(
      () => this.clock,
      () => TIMING.loadSpacingMs,
      atOnce,
    );
  }

  /** A failed provider request the visitor sees, told to the host page (the `error` event). */
  private reportError(code: PlayerErrorCode, error: unknown): void {
    dispatchPlayerEvent(this.host, 'error', { code, message: String((error as Error)?.message ?? error), retryable: isRetryable(error) });
  }

  retryClient(hosts: ProviderHosts): Promise<void> {
    // What failed beside the configuration (the menu or playlist, requested with it) is asked again too.
    for (const slot of [this.profile, this.playlist]) slot.invalidate(true);
    const client = this.state.loadedClient;
    this.state.loadedClient = undefined;
    return client ? this.loadClient(client, hosts) : Promise.resolve();
  }

  /** The layer the visitor's choices go to: local (stored), or session when the query says ignoreLocal. */
  private get visitorLayer(): 'local' | 'session' {
    return this.state.layers.query.ignoreLocal ? 'session' : 'local';
  }

  /** Set a visitor preference; a local one is saved by the persistence subscription. */
  setLocalPreference<K extends PreferenceKey>(key: K, value: Preferences[K]): boolean {
    const coerced = coerceToPreference(key, value);
    if (coerced === undefined) return false;
    const layer = this.visitorLayer;
    this.state.layers[layer] = { ...this.state.layers[layer], [key]: coerced };
    return true;
  }

  /** Language sets menu, caption and voice-over languages together. */
  setLanguage(language: string): void {
    const layer = this.visitorLayer;
    this.state.layers[layer] = { ...this.state.layers[layer], menuLanguage: language, ccLanguage: language, voLanguage: language };
  }

  /** Add (or remove) a favourite playlist of the loaded client; false when it could not be stored. */
  setFavorite(favorite: Favorite, on: boolean): boolean {
    const client = this.state.loadedClient;
    if (!client) return false;
    const list = withFavorite(readFavorites(client), favorite, !on);
    const saved = writeFavorites(client, list);
    // Shown at once (also when storage failed: then it is gone with the page).
    this.state.favorites = list;
    this.channel?.postMessage('saved');
    return saved;
  }

  private channel?: BroadcastChannel;

  clearCaptionsPreferences(): void {
    for (const layer of ['local', 'session'] as const) {
      const next = { ...this.state.layers[layer] } as PartialPreferences;
      for (const key of CAPTION_STYLE_KEYS) delete next[key];
      this.state.layers[layer] = next;
    }
  }

  /**
   * While the element is on the page: save the local layer on every change, take other tabs' changes
   * from the storage event, and keep the route's requests in step with the preferences (a language
   * change reloads the playlist). Returns the teardown; the element connects and disconnects it.
   */
  connect(): () => void {
    this.syncRoute(); // after a move, restart what was aborted
    const offRoute = subscribe(this.state.layers, () => this.syncRoute());
    let lastSaved = JSON.stringify(this.state.layers.local);
    // Players of this page hear each other through a channel (the storage event only reaches other pages).
    const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(STORAGE_KEY) : undefined;
    this.channel = channel;
    const unsubscribe = subscribe(this.state.layers, () => {
      const local = this.state.layers.local;
      const json = JSON.stringify(local);
      if (json === lastSaved) return;
      // Write only what this player changed (and what earlier writes could not keep) onto what is stored now, so that
      // another player's choices (saved in between) survive; then take those choices too. Storage that does not
      // answer is no base: the layer in memory is.
      const previous = JSON.parse(lastSaved) as Record<string, unknown>;
      const { stored, answered } = readStoredAnswer();
      const merged: Record<string, unknown> = { ...(answered ? stored.local : previous) };
      for (const key of new Set([...Object.keys(previous), ...Object.keys(local)])) {
        if (JSON.stringify(previous[key]) !== JSON.stringify((local as Record<string, unknown>)[key])) this.unsaved.add(key);
      }
      for (const key of this.unsaved) {
        const value = (local as Record<string, unknown>)[key];
        if (value === undefined) delete merged[key];
        else merged[key] = value;
      }
      lastSaved = JSON.stringify(merged);
      if (saveLayers(this.state.loadedClient, this.state.layers.account, merged as PartialPreferences)) this.unsaved.clear();
      if (lastSaved !== json) this.state.layers.local = merged as PartialPreferences;
      channel?.postMessage('saved');
    });
    const reread = () => {
      const client = this.state.loadedClient;
      if (client) {
        const favorites = readFavorites(client);
        if (JSON.stringify(favorites) !== JSON.stringify(this.state.favorites)) this.state.favorites = favorites;
      }
      const { stored, answered } = readStoredAnswer();
      if (!answered) return;
      const local = { ...stored.local, ...this.unsavedChoices() };
      const json = JSON.stringify(local);
      if (json === lastSaved) return;
      lastSaved = json;
      this.state.layers.local = local;
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === STORAGE_KEY || event.key === FAVORITES_KEY) reread();
    };
    if (channel) channel.onmessage = reread;
    globalThis.addEventListener?.('storage', onStorage);
    // The network came back: what failed for want of it is asked again.
    const onOnline = () => {
      if (this.state.clientStatus === 'error') void this.retryClient(this.hosts ?? resolveHosts(undefined));
      for (const name of ['profile', 'playlist'] as const) if (this.state.data[name].status === 'error') this.retry(name);
      this.engineInstance?.retry();
    };
    globalThis.addEventListener?.('online', onOnline);
    return () => {
      globalThis.removeEventListener?.('online', onOnline);
      offRoute();
      unsubscribe();
      channel?.close();
      this.channel = undefined;
      globalThis.removeEventListener?.('storage', onStorage);
    };
  }

  /** Run a command through the one command layer (UI, keyboard, methods, events and messages all do). */
  command<N extends CommandName>(name: N, ...args: unknown[]): unknown {
    return executeCommand(this, name, args);
  }

  /** The element left the page: stop every request and release the media; `connect` resumes. */
  abortAll(): void {
    this.clientAbort?.abort();
    this.clientAbort = undefined;
    if (this.state.clientStatus === 'loading') {
      // Aborted half-way: load it again when the element comes back.
      this.state.clientStatus = 'idle';
      this.state.loadedClient = undefined;
    }
    this.profile.stop();
    this.playlist.stop();
    this.engineInstance?.dispose();
    this.controls?.dispose();
  }
}
