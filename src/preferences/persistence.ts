import { subscribe } from 'valtio/vanilla';
import { STORAGE_KEY } from './defaults';
import { FAVORITES_KEY, readFavorites, withFavorite, writeFavorites, type Favorite } from './favorites';
import type { PreferenceLayers } from './merge';
import { readStoredAnswer } from './storage';
import { saveLayers } from './storage-write';

/** The part of a player's state (a valtio proxy, src/state/player-store.ts) that storage feeds and keeps. */
export interface PersistedState {
  layers: PreferenceLayers;
  /** The client whose account layer and favourites are loaded. */
  loadedClient?: string;
  favorites: Favorite[];
}

type Layer = Record<string, unknown>;

/** One player's preferences in the browser's storage (`preferenceStorage`). */
export interface PreferenceStorage {
  /**
   * A client starts loading: its stored account layer and favourites, and the visitor's stored layer (with the
   * choices storage could not keep on top; storage that did not answer says nothing: the layer in memory stays).
   * Returns the user id the client's configuration named last time (its preferences can be asked for at once).
   */
  loadClient(client: string): string | undefined;
  /** Keep the loaded client's account layer, with the user id its configuration named (null: none). */
  saveAccount(client: string, userId: string | null): void;
  /** Add (or remove) a favourite playlist of the loaded client; false when it could not be stored. */
  setFavorite(favorite: Favorite, on: boolean): boolean;
  /** While the element is on the page: save and take in changes. Returns the teardown. */
  connect(): () => void;
}

/**
 * One player's preferences in the browser's storage: the stored layers put in place as a client loads, the visitor's
 * layer saved on every change (merged with what other players saved meanwhile), and other tabs' and players'
 * changes taken in (the storage event; a BroadcastChannel between the players of one page). A choice storage did not
 * keep (full, failing writes) stays in memory and is written again with the next save.
 */
export function preferenceStorage(state: PersistedState): PreferenceStorage {
  /** Keys of the visitor's layer whose last change storage did not keep. */
  const unsaved = new Set<string>();
  let channel: BroadcastChannel | undefined;

  /** The visitor's choices that storage did not keep, as a layer. */
  const unsavedChoices = (): Layer => {
    const local = state.layers.local as Layer;
    return Object.fromEntries([...unsaved].filter((key) => local[key] !== undefined).map((key) => [key, local[key]]));
  };

  return {
    loadClient(client) {
      const { stored, answered } = readStoredAnswer();
      if (answered) state.layers.local = { ...stored.local, ...unsavedChoices() };
      state.layers.account = stored.account[client] ?? {};
      state.favorites = readFavorites(client);
      return stored.users[client];
    },

    saveAccount(client, userId) {
      saveLayers(client, state.layers.account, state.layers.local, userId);
    },

    setFavorite(favorite, on) {
      const client = state.loadedClient;
      if (!client) return false;
      const list = withFavorite(readFavorites(client), favorite, !on);
      const saved = writeFavorites(client, list);
      // Shown at once (also when storage failed: then it is gone with the page).
      state.favorites = list;
      channel?.postMessage('saved');
      return saved;
    },

    connect() {
      let lastSaved = JSON.stringify(state.layers.local);
      // Players of this page hear each other through a channel (the storage event only reaches other pages).
      const own = typeof BroadcastChannel === 'function' ? new BroadcastChannel(STORAGE_KEY) : undefined;
      channel = own;
      const unsubscribe = subscribe(state.layers, () => {
        const local = state.layers.local as Layer;
        const json = JSON.stringify(local);
        if (json === lastSaved) return;
        // Write only what this player changed (and what earlier writes could not keep) onto what is stored now, so
        // that another player's choices (saved in between) survive; then take those choices too. Storage that does
        // not answer is no base: the layer in memory is.
        const previous = JSON.parse(lastSaved) as Layer;
        const { stored, answered } = readStoredAnswer();
        const merged: Layer = { ...(answered ? stored.local : previous) };
        for (const key of new Set([...Object.keys(previous), ...Object.keys(local)])) {
          if (JSON.stringify(previous[key]) !== JSON.stringify(local[key])) unsaved.add(key);
        }
        for (const key of unsaved) {
          const value = local[key];
          if (value === undefined) delete merged[key];
          else merged[key] = value;
        }
        lastSaved = JSON.stringify(merged);
        if (saveLayers(state.loadedClient, state.layers.account, merged)) unsaved.clear();
        if (lastSaved !== json) state.layers.local = merged;
        own?.postMessage('saved');
      });
      const reread = () => {
        const client = state.loadedClient;
        if (client) {
          const favorites = readFavorites(client);
          if (JSON.stringify(favorites) !== JSON.stringify(state.favorites)) state.favorites = favorites;
        }
        const { stored, answered } = readStoredAnswer();
        if (!answered) return;
        const local = { ...stored.local, ...unsavedChoices() };
        const json = JSON.stringify(local);
        if (json === lastSaved) return;
        lastSaved = json;
        state.layers.local = local;
      };
      const onStorage = (event: StorageEvent) => {
        if (event.key === null || event.key === STORAGE_KEY || event.key === FAVORITES_KEY) reread();
      };
      if (own) own.onmessage = reread;
      globalThis.addEventListener?.('storage', onStorage);
      return () => {
        unsubscribe();
        own?.close();
        channel = undefined;
        globalThis.removeEventListener?.('storage', onStorage);
      };
    },
  };
}
