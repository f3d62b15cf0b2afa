import {
  CAPTION_STYLE_KEYS,
  PREFERENCE_KEYS,
  STORAGE_KEY,
  STORAGE_VERSION,
  STORAGE_VERSION_KEY,
  type PartialPreferences,
  type PreferenceKey,
} from './defaults';
import { coerceToPreference } from './query';

/** What is persisted: the account layer (by client) and the visitor's local choices. */
export interface StoredPreferences {
  account: Record<string, PartialPreferences>;
  local: PartialPreferences;
}

/** Keep only known keys whose values have the default's type: stored data is untrusted input. */
export function sanitizeLayer(value: unknown): PartialPreferences {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const out: Record<string, unknown> = {};
  for (const key of PREFERENCE_KEYS) {
    if (!Object.hasOwn(value, key)) continue;
    const coerced = coerceToPreference(key, (value as Record<string, unknown>)[key]);
    if (coerced !== undefined) out[key] = coerced;
  }
  return out as PartialPreferences;
}

function getStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // access itself can throw (sandboxed iframe, blocked cookies)
  }
}

/** Read stored preferences; any failure (throwing storage, corrupt JSON, wrong version, wrong types) gives empties. */
export function readStored(): StoredPreferences {
  const empty: StoredPreferences = { account: {}, local: {} };
  try {
    const storage = getStorage();
    if (!storage) return empty;
    if (storage.getItem(STORAGE_VERSION_KEY) !== STORAGE_VERSION) return empty;
    const raw = storage.getItem(STORAGE_KEY);
    if (!raw) return empty;
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object') return empty;
    const { account, local } = parsed as Record<string, unknown>;
    // No prototype: a stored "__proto__" client key stays an ordinary key.
    const accounts: Record<string, PartialPreferences> = Object.create(null);
    if (account && typeof account === 'object' && !Array.isArray(account)) {
      for (const [client, layer] of Object.entries(account)) accounts[client] = sanitizeLayer(layer);
    }
    return { account: accounts, local: sanitizeLayer(local) };
  } catch {
    return empty;
  }
}

/** Persist; storage failures (quota, disabled storage) are silently ignored (spec section 8). */
export function writeStored(stored: StoredPreferences): boolean {
  try {
    const storage = getStorage();
    if (!storage) return false;
    storage.setItem(STORAGE_KEY, JSON.stringify(stored));
    storage.setItem(STORAGE_VERSION_KEY, STORAGE_VERSION);
    return true;
  } catch {
    return false;
  }
}

/** Save one client's account layer and the local layer, keeping other clients' cached accounts. */
export function saveLayers(client: string | undefined, account: PartialPreferences, local: PartialPreferences): boolean {
  const stored = readStored();
  if (client) stored.account[client] = account;
  stored.local = local;
  return writeStored(stored);
}

export function withoutCaptionStyles(local: PartialPreferences): PartialPreferences {
  const out = { ...local };
  for (const key of CAPTION_STYLE_KEYS) delete out[key as PreferenceKey];
  return out;
}
