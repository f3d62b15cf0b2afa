/**
 * The visitor's favourite playlists, per client, in the browser's storage: versioned and validated like
 * the preferences (stored data is untrusted input), and never fatal when storage fails.
 */
export const FAVORITES_KEY = 'patient-ed-player.favorites';
export const FAVORITES_VERSION = 1;
/** The most favourites kept per client (the oldest go first). */
export const MAX_FAVORITES = 50;

export interface Favorite {
  code: string;
  /** The playlist's label when it was added (the menu shows the current one when it knows the code). */
  label: string | null;
  /** The playlist's first file, for a thumbnail. */
  file?: string;
}

const CODE = /^[A-Za-z0-9_-]{1,100}$/;
const FILE = /^[A-Za-z0-9_.-]{1,200}$/;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** Every client's list, validated; anything unreadable is an empty list. */
function readAll(): Record<string, Favorite[]> {
  const out = Object.create(null) as Record<string, Favorite[]>;
  try {
    const raw = storage()?.getItem(FAVORITES_KEY);
    if (!raw) return out;
    const parsed = JSON.parse(raw) as { v?: unknown; clients?: unknown };
    if (
      parsed?.v !== FAVORITES_VERSION ||
      !parsed.clients ||
      typeof parsed.clients !== 'object' ||
      Array.isArray(parsed.clients)
    )
      return out;
    for (const [client, list] of Object.entries(parsed.clients as Record<string, unknown>)) {
      if (!Array.isArray(list)) continue;
      const seen = new Set<string>();
      out[client] = list
        .flatMap((f: unknown) => {
          const { code, label, file } = (f ?? {}) as Record<string, unknown>;
          if (typeof code !== 'string' || !CODE.test(code) || seen.has(code)) return [];
          seen.add(code);
          return [
            {
              code,
              label: typeof label === 'string' ? label.slice(0, 300) : null,
              ...(typeof file === 'string' && FILE.test(file) ? { file } : {}),
            },
          ];
        })
        .slice(-MAX_FAVORITES);
    }
  } catch {
    /* corrupt JSON or throwing storage: nothing stored */
  }
  return out;
}

export function readFavorites(client: string): Favorite[] {
  return readAll()[client] ?? [];
}

/** Store one client's list (others kept); false when storage failed. */
export function writeFavorites(client: string, list: Favorite[]): boolean {
  try {
    const s = storage();
    if (!s) return false;
    const all = readAll();
    all[client] = list.slice(-MAX_FAVORITES);
    s.setItem(FAVORITES_KEY, JSON.stringify({ v: FAVORITES_VERSION, clients: all }));
    return true;
  } catch {
    return false;
  }
}

/** The list with `favorite` added (or moved to the end) or, with `remove`, without its code. */
export function withFavorite(list: readonly Favorite[], favorite: Favorite, remove = false): Favorite[] {
  const rest = list.filter((f) => f.code !== favorite.code);
  return remove ? rest : [...rest, favorite].slice(-MAX_FAVORITES);
}
