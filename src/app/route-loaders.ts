/**
 * What the route table (src/routing/route-table.ts) names, carried out for one player: the data loaders, each keeping
 * one resource slot of the player's state (src/state/resource.ts) in step with the route, and the catalogs of the
 * route's screen. The controller runs them on every navigation and change of an input they read; each starts only
 * what is missing, and an answer for a key left behind is dropped.
 */
import type { I18n } from '@lingui/core';
import { ref } from 'valtio/vanilla';
import type { ProviderApi, ProviderHosts, VideoSource } from '../content/provider';
import type { Playlist } from '../content/playlist';
import type { Profile } from '../content/profile';
import type { SharedView } from '../content/share-link';
import { firstSourceHint } from '../content/source-hint';
import type { Burst } from '../core/burst';
import { dispatchPlayerEvent, type PlayerErrorCode } from '../core/events';
import type { PlaybackEngine } from '../playback/engine';
import type { EarlyVideo } from '../playback/early-video';
import { activateLanguage, type CatalogName } from '../i18n/locales';
import { PLAYER_STATE, TIMING } from '../playback/timing';
import type { Preferences } from '../preferences/defaults';
import type { PreferenceStorage } from '../preferences/persistence';
import { sanitizeLayer } from '../preferences/storage';
import type { MatchedRoute } from '../routing/routes';
import { initialPlayback, type ClientConfiguration, type PlayerStore } from '../state/player-store';
import { ResourceSlot } from '../state/resource';
import { ERROR_SCREEN } from './chunks';

export interface RouteLoader {
  /** The current route names this loader: start (or keep) what it needs. */
  enter(route: MatchedRoute): void;
  /** The current route does not name it: let go of what it holds. */
  leave?(): void;
}

/** What the loaders get of one player (the controller implements it). */
export interface LoaderContext {
  readonly host: HTMLElement;
  readonly state: PlayerStore;
  readonly i18n: I18n;
  readonly persistence: PreferenceStorage;
  /** The provider hosts the attributes name. */
  providerHosts(): ProviderHosts;
  api(hosts: ProviderHosts): ProviderApi;
  preferences(): Preferences;
  /** A kind of request under the flood rule (src/core/burst.ts), on the player's clock. */
  burst(atOnce: number): Burst;
  /** The engine if this player has made one (a route without playback never makes it). */
  existingEngine(): PlaybackEngine | undefined;
  /** The engine, its chunk loaded first when needed. */
  playback(): Promise<PlaybackEngine>;
  /** The engine when its chunk is loaded already (made if needed), else undefined. */
  loadedPlayback(): PlaybackEngine | undefined;
  /** The first video's media, loading before the engine takes it (src/playback/early-video.ts). */
  readonly earlyVideo: EarlyVideo;
  /** The entry reported the first video's metadata (state 0) already (src/element/first-requests.ts). */
  readonly entryReported: boolean;
  /** That video has its metadata before the engine ran: the early player shows it, the interface may load. */
  showEarlyVideo(video: HTMLVideoElement): void;
  /** Once: settles when the entry asked for the first video source (src/element/first-requests.ts), if it did. */
  takeEntrySource(): Promise<void> | undefined;
  /** A failed provider request the visitor sees, told to the host page (the `error` event). */
  reportError(code: PlayerErrorCode, error: unknown): void;
}

/** A loader that holds one resource slot of the player's state. */
export interface SlotLoader<T extends object> extends RouteLoader {
  readonly slot: ResourceSlot<T>;
}

export interface ClientLoader extends SlotLoader<ClientConfiguration> {
  /** Load it again (Try again, the network back); what failed with it (`others`) is asked again too. */
  retry(others: ResourceSlot<object>[]): void;
  /** The element left the page: a configuration aborted half-way loads again when it comes back. */
  stop(): void;
}

/** The client's configuration (account layer), with the user preferences it names, on every route of a client. */
export function clientLoader(player: LoaderContext): ClientLoader {
  const { state, persistence } = player;
  const slot = new ResourceSlot(state.data.client, (e) => player.reportError('client', e));
  // A flood of client changes asks for the first client and the last.
  const burst = player.burst(1);
  /** The provider API that the console was last told could not be reached (told once per address). */
  let unreachableTold: string | undefined;

  async function request(client: string, hosts: ProviderHosts, cachedUser: string | undefined, signal: AbortSignal) {
    const api = player.api(hosts);
    const userPreferences = (userId: string) => api.userPreferences(userId, signal).catch(() => ({}));
    // One aborted while it waits for its turn asks for nothing.
    const turn = burst.spaced(() => Promise.resolve())(signal);
    // A returning visitor: the user preferences of the user the configuration named last time are requested together
    // with the configuration (used only if it names the same user again).
    const early = cachedUser
      ? turn.then(
          () => userPreferences(cachedUser),
          () => ({}),
        )
      : undefined;
    await turn;
    const config = await api.clientConfig(client, signal);
    let user: Record<string, unknown> = {};
    if (config.userId) user = await (early && config.userId === cachedUser ? early : userPreferences(config.userId));
    const account = sanitizeLayer({ ...config.preferences, ...user });
    return { name: config.name, userId: config.userId, search: config.search, account } satisfies ClientConfiguration;
  }

  /**
   * The visitor reads "We couldn't reach the content server"; the page's developer is told, once per address, where
   * that was and which attribute sets it: when nothing answered, or when the provider was guessed (no `provider-url`
   * or `api-url`: the script's origin) and what answered is not a provider (a 404 page, HTML).
   */
  function tellProviderFailure(e: { reason?: string; status?: number }, hosts: ProviderHosts, client: string): void {
    const guessed = !player.host.hasAttribute('provider-url') && !player.host.hasAttribute('api-url');
    const what =
      e.reason === 'network'
        ? 'could not be reached'
        : e.reason === 'timeout'
          ? 'did not answer in time'
          : !guessed
            ? undefined
            : e.reason === 'status'
              ? `answered HTTP ${e.status}`
              : e.reason === 'parse' || e.reason === 'too-large'
                ? 'did not answer as a provider (no JSON)'
                : undefined;
    if (!what || unreachableTold === hosts.api) return;
    unreachableTold = hosts.api;
    console.warn(
      `patient-ed-player: the provider at ${hosts.api} ${what} (client configuration ${hosts.api}clients/${client}). ` +
        'Its address is the provider-url attribute (or api-url); without one, the origin the script was loaded ' +
        `from${guessed ? ', as here' : ''}.`,
    );
  }

  return {
    slot,
    enter(route) {
      const client = route.client;
      if (!client) return;
      const hosts = player.providerHosts();
      // Another provider (provider-url, api-url or delivery-url changed) is asked again, like another client.
      const key = `${client}|${hosts.api}|${hosts.delivery}`;
      // A configuration that failed is asked again with the next navigation or input change (one the provider does
      // not know is not).
      if (state.clientStatus === 'error') slot.invalidate(true);
      if (!slot.needs(key)) return;
      state.loadedClient = client;
      const cachedUser = persistence.loadClient(client);
      slot.load(key, (signal) => request(client, hosts, cachedUser, signal), {
        onData: (config) => {
          state.layers.account = config.account;
          persistence.saveAccount(client, config.userId ?? null);
        },
        onError: (error) => {
          if (state.clientStatus === 'not-found') void ERROR_SCREEN.load().catch(() => undefined);
          tellProviderFailure(error as { reason?: string; status?: number }, hosts, client);
        },
      });
    },
    retry(others) {
      for (const other of others) other.invalidate(true);
      slot.invalidate();
    },
    stop() {
      if (state.clientStatus === 'loading') state.loadedClient = undefined;
      slot.stop();
    },
  };
}

/** The menu's profile, in the menu language, on the navigation route. */
export function profileLoader(player: LoaderContext): SlotLoader<Profile> {
  const slot = new ResourceSlot(player.state.data.profile, (e) => player.reportError('menu', e));
  // Two at once: a first visit asks in the guessed language, then in the one the client's configuration names.
  const burst = player.burst(2);
  return {
    slot,
    enter({ client }) {
      if (!client) return;
      const hosts = player.providerHosts();
      const api = player.api(hosts);
      const lang = player.preferences().menuLanguage;
      slot.load(
        `${client}|${lang}|${hosts.api}`,
        burst.spaced((signal) => api.profile(client, lang, signal)),
      );
    },
  };
}

export interface PlaylistLoader extends SlotLoader<Playlist> {
  /** Open a share link's playlist at its item and time (the route itself is the caller's). */
  openShared(view: SharedView): void;
}

/**
 * The playlist of a player route, in the menu and voice-over languages; when it arrives the engine starts its first
 * item (or, in another language, goes on where the viewer was). Leaving the player routes stops it.
 */
export function playlistLoader(player: LoaderContext): PlaylistLoader {
  const { state } = player;
  const slot = new ResourceSlot(state.data.playlist, (e) => player.reportError('playlist', e));
  const burst = player.burst(2);
  /** Where a shared playlist starts (item and time), used once when that playlist arrives. */
  let startAt: { code: string; index: number; time: number } | undefined;
  /** The playlist (client and code) an early video may be loading for. */
  let earlyFor: string | undefined;
  /** The caption language last applied. */
  let ccWanted: string | undefined;
  /** The first video's source as this player asks for it (the playlist's answer read here), when it asks. */
  let firstSource: Promise<VideoSource | undefined> | undefined;

  /**
   * A playlist arrived: start it (the same playlist in another language continues where the viewer was). With the
   * engine's chunk in, in the task of the answer, before the screen renders the playlist: the media's requests leave
   * first.
   */
  async function start(playlist: Playlist, key: string): Promise<void> {
    // The first video loads before the engine (the entry started it, or this player did with its source's answer, when
    // it had started before the playlist answered): the engine's work, and its file, wait for that video's metadata,
    // which the player reports then (state 0), so that the media's request and last round trip do not share the main
    // thread with them.
    // Only a video of the source this player asks for is reported (the entry's may be another: another copy's
    // provider, a language the configuration changed). The wait's limit counts from here, through the source's answer.
    if (firstSource && !player.existingEngine()) {
      const sourced = firstSource;
      const [early, source] = await Promise.all([player.earlyVideo.settled(TIMING.interfaceHoldMs, sourced), sourced]);
      if (state.data.playlist.key !== key) return;
      if (early && early.src === source?.src && !startAt && !state.playback.playlist && !player.existingEngine())
        reportEarly(playlist, key, early.video);
    }
    // Off the page (taken off while the video was awaited, or the engine's chunk loaded): no engine starts for the
    // element; it starts when the element is back (`enter`).
    if (!player.host.isConnected) return;
    // A failed chunk: the shell offers a retry.
    const engine = player.loadedPlayback() ?? (await player.playback().catch(() => undefined));
    // Navigated elsewhere (or another language) while the engine's chunk loaded: not this playlist.
    if (!engine || state.data.playlist.key !== key || !player.host.isConnected) return;
    const current = state.playback;
    ccWanted = player.preferences().ccLanguage;
    if (current.key === key) {
      // The engine takes over the video the player reported ready (it keeps state 0).
      if (current.early) engine.loadPlaylist(playlist, key);
      return;
    }
    const at = startAt;
    if (at?.code === playlist.code) {
      startAt = undefined;
      engine.loadPlaylist(
        playlist,
        key,
        at.index,
        at.time > 0 || at.index > 0 ? { play: false, at: at.time } : undefined,
      );
    } else if (current.playlist?.code === playlist.code) {
      engine.loadPlaylist(playlist, key, current.index, {
        play: current.playerState === PLAYER_STATE.PLAYING,
        at: current.currentTime,
      });
    } else engine.loadPlaylist(playlist, key);
  }

  /** The first video has its metadata and no engine has run yet: the player is ready (0), on the first item. */
  function reportEarly(playlist: Playlist, key: string, video: HTMLVideoElement): void {
    const duration = Number.isFinite(video.duration) ? video.duration : (playlist.items[0]?.runtime ?? 0);
    Object.assign(state.playback, {
      playlist: ref(playlist),
      key,
      duration,
      playerState: PLAYER_STATE.IDLE,
      early: true,
    });
    // Once: the entry may have told the page already, before this player started.
    if (!player.entryReported) dispatchPlayerEvent(player.host, 'statechange', { state: PLAYER_STATE.IDLE });
    // Its picture and the interface's files after the host has heard (in the same task: painted as the state is told).
    player.showEarlyVideo(video);
  }

  /**
   * The player's playlist stops: the engine resets (-1 to the host); reported ready before an engine ran (its chunk
   * failed, or the route or `code` changed first), the player has no playlist now and says so.
   */
  function stopPlaylist(): void {
    const engine = player.existingEngine();
    if (engine) return engine.reset();
    state.playback = initialPlayback();
    dispatchPlayerEvent(player.host, 'statechange', { state: PLAYER_STATE.NOT_READY });
  }

  function leave(): void {
    slot.clear();
    player.earlyVideo.discard();
    if (state.playback.key !== undefined) stopPlaylist();
  }

  return {
    slot,
    openShared(view) {
      if (view.code) startAt = { code: view.code, index: view.item ?? 0, time: view.time ?? 0 };
    },
    enter({ client, code }) {
      if (!client || !code) return leave();
      const engine = player.existingEngine();
      const hosts = player.providerHosts();
      const api = player.api(hosts);
      const prefs = player.preferences();
      const { menuLanguage, voLanguage } = prefs;
      const key = `${client}|${code}|${menuLanguage}|${voLanguage}|${hosts.api}`;
      // Another playlist: the one playing stops now, not when its screen goes away.
      if (state.playback.playlist && state.playback.playlist.code !== code) stopPlaylist();
      // A playlist started afresh asks for its first item's source with its answer, not after the engine's chunk.
      const fresh = !startAt && state.playback.playlist?.code !== code;
      const hint = (signal: AbortSignal) => (dto: unknown) => {
        // Not when the engine is there to ask in this task: unless the first video loads before it (it then waits).
        const first =
          fresh &&
          (player.earlyVideo.present || !player.loadedPlayback()) &&
          firstSourceHint(dto, voLanguage, prefs.audioDescriptions === 1);
        if (!first) return;
        // Its media request leaves in the task of that answer, the engine's html5 adapter takes the element. The entry
        // may be asking for it already (src/element/first-requests.ts): this request then takes its answer.
        const ask = () =>
          api.prefetchVideoSource(client, first.file, first.language, first.audioDescriptions, signal, prefs.cdn === 1);
        firstSource = (player.takeEntrySource()?.then(ask) ?? ask()).then((source) => {
          if (source && !signal.aborted) player.earlyVideo.start(source);
          return source;
        });
      };
      // Another playlist: a video loading early for the one before is not the one to play.
      if (earlyFor !== undefined && earlyFor !== `${client}|${code}`) {
        player.earlyVideo.discard();
        firstSource = undefined;
      }
      earlyFor = `${client}|${code}`;
      const request = burst.spaced((signal) =>
        api.playlist(client, code, menuLanguage, voLanguage, signal, hint(signal)),
      );
      slot.load(key, request, { onData: (p) => void start(p, key) });
      // The playlist is here but not started (the engine's chunk failed, then a retry loaded it).
      const loaded = state.data.playlist;
      if (
        loaded.status === 'ready' &&
        loaded.key === key &&
        loaded.data &&
        (state.playback.key !== key || state.playback.early)
      )
        void start(loaded.data, key);
      if (state.playback.key !== key) return;
      if (prefs.ccLanguage !== ccWanted) {
        ccWanted = prefs.ccLanguage;
        engine?.setCaptionLanguage(prefs.ccLanguage);
      }
      engine?.setAudioDescriptions(prefs.audioDescriptions === 1);
      engine?.setSound(prefs.audio !== 0);
      engine?.followSpeed(prefs.speed);
    },
    leave,
  };
}

/**
 * The menu language's catalogs the route needs (the player's strings only on player routes): the screen waits for
 * them (no flash of English), a language switch keeps the current one until they load.
 */
export function catalogLoader(player: LoaderContext): (catalogs: readonly CatalogName[]) => void {
  const { state } = player;
  /** The menu language and catalogs last requested. */
  let wanted: string | undefined;
  // Floods of `setLanguage`s load the first and the last language's catalogs (src/core/burst.ts); two at once: a
  // first visit asks in the guessed language, then in the one the client's configuration names.
  const burst = player.burst(2);
  return (catalogs) => {
    const lang = player.preferences().menuLanguage;
    const these = `${lang}|${catalogs.join()}`;
    if (these === wanted) return;
    const sameLanguage = wanted?.split('|')[0] === lang;
    wanted = these;
    const activate = () =>
      void activateLanguage(player.i18n, lang, [...catalogs], () => wanted === these).then(({ language, ok }) => {
        if (wanted !== these) return;
        state.locale = language;
        // A catalog that failed to load never keeps a screen waiting (its texts fall back to the source English);
        // the next navigation or preference change tries again.
        state.catalogs = [...catalogs];
        if (!ok) wanted = undefined;
      });
    // Another language's catalogs follow the flood rule (100 `setLanguage`s load the first and the last language);
    // the catalogs a screen of the same language adds (a dialog's) load at once, or with that language if it waits.
    if (!sameLanguage || burst.waiting) burst.run(activate);
    else activate();
  };
}
