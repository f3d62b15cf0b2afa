import type { PlaybackEngine } from '../playback/engine';
import type { PreferenceKey, Preferences } from '../preferences/defaults';
import type { PlayerStore } from '../state/player-store';
import type { Favorite } from '../preferences/favorites';

/** What the playback commands drive: the engine's command surface, nothing of its lifecycle. */
export type PlaybackCommands = Pick<
  PlaybackEngine,
  | 'play'
  | 'pause'
  | 'toggle'
  | 'next'
  | 'prev'
  | 'stop'
  | 'seek'
  | 'seekBy'
  | 'seekToChapter'
  | 'setIndex'
  | 'setVolume'
  | 'changeVolume'
  | 'setPlaybackRate'
  | 'playbackRate'
  | 'togglePictureInPicture'
  | 'toggleMute'
  | 'currentItem'
  | 'canvasable'
  | 'captureFrame'
  | 'screenshotFrame'
  | 'screenshotTurn'
  | 'notify'
  | 'retry'
  | 'brochureOpened'
>;

/**
 * The narrow view of one player that command handlers get. `PlayerController` implements it; tests can
 * pass a fake. Nothing in src/commands imports src/app.
 */
export interface CommandContext {
  /** The element (events are dispatched on it; full screen is requested for it). */
  readonly host: HTMLElement;
  /** A lazy player that has not started yet starts now (an action needs it); nothing otherwise. */
  wake?(): void;
  readonly state: PlayerStore;
  /** The in-memory location's path (the screen the player is on). */
  readonly path: string;
  /** The playback engine, its chunk loaded first when needed (the menu does not carry it). */
  playback(): Promise<PlaybackCommands>;
  /** The playback engine when its chunk is loaded already. */
  loadedPlayback(): PlaybackCommands | undefined;
  /** The merged preferences. */
  preferences(): Preferences;
  /** Navigate the in-memory location (the navigation rules apply). */
  navigate(path: string): void;
  /** Set menu, caption and voice-over languages together. */
  setLanguage(language: string): void;
  /** Add or remove a favourite playlist of the loaded client (stored); false when storage failed. */
  setFavorite(favorite: Favorite, on: boolean): boolean;
  /** Set a visitor preference (saved locally); false when the value is not valid. */
  setLocalPreference<K extends PreferenceKey>(key: K, value: Preferences[K]): boolean;
  /** Ask a failed request of the route again (without one: the route's chunks and the playlist's start). */
  retry(resource?: 'client' | 'profile' | 'playlist'): void;
}
