import { proxy, ref } from 'valtio/vanilla';
import type { Cue, MediaKind, PlayerError } from './media-types';
import type { Playlist } from '../content/playlist';
import type { Profile } from '../content/profile';
import { idleResource, type Resource } from './resource';
import type { PlayerStateValue } from '../core/player-states';
import type { PartialPreferences } from '../preferences/defaults';
import type { Favorite } from '../preferences/favorites';

export type IndicatorKind = '' | 'play' | 'pause' | 'mute' | 'unmute' | 'volume' | 'rate';

/** Playback state: the loaded playlist and item, the state reported to the host, time, volume and indicator. */
export interface PlaybackState {
  /** The loaded playlist (kept as a plain snapshot: `ref`). */
  playlist?: Playlist;
  /** Client and code the playlist was loaded for. */
  key?: string;
  index: number;
  /** Player state reported to a host: -1, 0, 1, 2, 9. */
  playerState: PlayerStateValue;
  /**
   * The player reported its first video ready (state 0) from the video loading early, before its engine ran
   * (src/app/route-loaders.ts, issue 25); the engine that takes over keeps that state (src/playback/lifecycle.ts).
   */
  early?: boolean;
  kind?: MediaKind;
  /** The adapter is loaded and ready. */
  ready: boolean;
  duration: number;
  currentTime: number;
  volume: number;
  muted: boolean;
  unmuteVolume: number;
  indicator: IndicatorKind;
  indicatorText: string;
  error?: PlayerError;
  /** Playing, but the media's time has stood still for a while (waiting for data): the stage shows a spinner. */
  buffering: boolean;
  /** On touch devices autoplay is not forced: the player waits for a tap. */
  awaitingTap: boolean;
  /** Voice-over and caption languages actually used for the current item. */
  voLanguage: string;
  ccLanguage: string;
  captions: string[];
  hasCaptions: boolean;
  /** The current item plays its audio-described variant. */
  audioDescribed: boolean;
  /** Every caption cue of the current item in `ccLanguage` (kept as a plain array: `ref`). */
  cues: Cue[];
}

/** Notices the player shows (translated by the UI from their key). */
export type NoticeKey =
  | 'screenshotDisabled'
  | 'voFallback'
  | 'ccFallback'
  | 'restricted'
  | 'mediaError'
  | 'sourceError'
  | 'youtubeScript'
  | 'vimeoScript'
  | 'vendorError';

export interface Notification {
  id: number;
  kind: 'info' | 'error';
  key: NoticeKey;
}

/**
 * A client's configuration as loaded: its name, the user it names, its hosted search settings (unvalidated: the
 * search chunk reads them) and the account layer (its preferences with the user's, validated).
 */
export interface ClientConfiguration {
  name?: string;
  userId?: string;
  search?: unknown;
  account: PartialPreferences;
}

/** Per-instance state: one proxy per element, never module-level. */
export interface PlayerStore {
  /** Client whose preferences are loaded (preferences load once per client change). */
  loadedClient?: string;
  /**
   * The client configuration's request (`data.client`) as the screens tell it: `not-found` when the provider said
   * 404.
   */
  readonly clientStatus: 'idle' | 'loading' | 'ready' | 'not-found' | 'error';
  layers: {
    account: PartialPreferences;
    query: PartialPreferences;
    local: PartialPreferences;
    session: PartialPreferences;
  };
  shell: { controlsVisible: boolean; fullscreen: boolean };
  /** The first screen has rendered and the `ready` event has gone to the host (once per element). */
  firstScreenShown: boolean;
  /** The interface language whose catalog is active (undefined until the first one has loaded). */
  locale?: string;
  /** The catalogs of that language loaded for the current route (the player's strings on player routes). */
  catalogs: string[];
  /** What the current route needs, requested by the controller as navigation happens. */
  data: { client: Resource<ClientConfiguration>; profile: Resource<Profile>; playlist: Resource<Playlist> };
  playback: PlaybackState;
  notifications: Notification[];
  /** The visitor's favourite playlists of the loaded client (from storage). */
  favorites: Favorite[];
}

export function initialPlayback(): PlaybackState {
  return {
    index: 0,
    playerState: -1,
    ready: false,
    duration: 0,
    currentTime: 0,
    volume: 1,
    muted: false,
    unmuteVolume: 1,
    indicator: '',
    buffering: false,
    indicatorText: '',
    awaitingTap: false,
    voLanguage: 'en',
    ccLanguage: 'en',
    captions: [],
    hasCaptions: false,
    cues: ref([]),
    audioDescribed: false,
  };
}

export function createPlayerStore(): PlayerStore {
  const state: PlayerStore = proxy<PlayerStore>({
    // Read from the client's resource (a getter: a snapshot takes its value).
    get clientStatus() {
      const { status, error } = state.data.client;
      return status === 'error' && error?.reason === 'status' && error.status === 404 ? 'not-found' : status;
    },
    layers: { account: {}, query: {}, local: {}, session: {} },
    shell: { controlsVisible: false, fullscreen: false },
    firstScreenShown: false,
    catalogs: [],
    data: { client: idleResource(), profile: idleResource(), playlist: idleResource() },
    playback: initialPlayback(),
    notifications: [],
    favorites: [],
  });
  return state;
}
