import { createContext, useContext } from 'react';
import type { memoryLocation } from 'wouter/memory-location';
import type { ProviderApi, ProviderHosts } from '../content/provider';
import type { Clock, TimerClock } from '../core/clock';
import type { ImportLimit } from '../core/lazy-module';
import type { Favorite } from '../preferences/favorites';
import type { PreferenceKey, Preferences } from '../preferences/defaults';
import type { MatchedRoute } from '../routing/routes';
import type { PlayerStore } from '../state/player-store';
import type { PlaybackEngine } from '../playback/engine';
import type { ControlsVisibility } from '../playback/controls-visibility';
import type { CommandName } from '../commands/table';

/** @internal (wouter's types stay out of the public declarations) */
export type MemoryLocation = Pick<ReturnType<typeof memoryLocation>, 'hook' | 'searchHook' | 'navigate'> & {
  history?: string[];
};

/**
 * What the screens, the lazy features (search, annotation) and the interface's components use of one player. The
 * player's controller (src/app) implements it; nothing below src/app imports the controller itself.
 * @internal
 */
export interface PlayerHandle {
  /** The element (events are dispatched on it; lazily loaded styles are adopted into its shadow root). */
  readonly host: HTMLElement;
  readonly state: PlayerStore;
  /** The in-memory location React routes on, once the interface chunk has made it. */
  readonly location?: MemoryLocation;
  /** The in-memory location's path and query. */
  readonly path: string;
  readonly search: string;
  /** Time for the engine, the controls' hide timer and the notices (tests put a fake one there). */
  readonly clock: Clock;
  /** The clock's timers, read as each starts (a test may replace the clock later). */
  readonly timers: TimerClock;
  /** When the control bar shows and hides: made by the player screen. */
  readonly controls?: ControlsVisibility;
  /** The control bar's visibility, made by `make` the first time (one per player). */
  controlsVisibility(make: () => ControlsVisibility): ControlsVisibility;
  /**
   * The control that had the focus when the first modal screen opened (focus returns there), once: taking clears
   * it.
   */
  takeModalOpener(): HTMLElement | undefined;
  /** The iframe embed page of the `embed-url` attribute. */
  readonly embedPage?: string;
  /** The provider hosts the attributes name. */
  readonly hosts?: ProviderHosts;
  /** The URL this player's script was loaded from. */
  readonly scriptUrl: string;
  /** The playback engine (its chunk is loaded once the player screen renders). */
  readonly engine: PlaybackEngine;
  /** The engine when its chunk is loaded already. */
  loadedPlayback(): PlaybackEngine | undefined;
  /** The route the in-memory location is on. */
  currentRoute(): MatchedRoute;
  /** Navigate with the navigation rules applied. */
  navigate(to: string, opts?: { replace?: boolean }): void;
  /** Replace the current route's query (the route stays). */
  replaceQuery(search: string): void;
  /** Run a command through the one command layer. */
  command<N extends CommandName>(name: N, ...args: unknown[]): unknown;
  /** Ask a failed route request again (without one: the route's chunks and the playlist's start). */
  retry(resource?: 'client' | 'profile' | 'playlist'): void;
  /** Adopt a lazily loaded stylesheet into the element's shadow root, once. */
  adoptStyles(key: string, css: string): void;
  /** The merged preferences. */
  preferences(): Preferences;
  /** Set a visitor preference (saved locally); false when the value is not valid. */
  setLocalPreference<K extends PreferenceKey>(key: K, value: Preferences[K]): boolean;
  /** Add or remove a favourite playlist of the loaded client; false when storage failed. */
  setFavorite(favorite: Favorite, on: boolean): boolean;
  /** Forget the visitor's caption choices. */
  clearCaptionsPreferences(): void;
  /** How long a chunk may take to arrive, on this player's clock. */
  importLimit(): ImportLimit;
}

export interface PlayerContextValue {
  controller: PlayerHandle;
  api: ProviderApi;
  /** Called by a screen once its content has rendered (first call dispatches `ready`). */
  reportRendered: (screen: string) => void;
}

export const PlayerContext = createContext<PlayerContextValue | null>(null);

export function usePlayer(): PlayerContextValue {
  const ctx = useContext(PlayerContext);
  if (!ctx) throw new Error('usePlayer outside a player');
  return ctx;
}
