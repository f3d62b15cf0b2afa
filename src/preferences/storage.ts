/**
 * Reading the stored preferences: the entry file reads them for the page's first requests and lends this module to
 * the core (scripts/rollup-entry-modules.mjs); saving them is ./storage-write.ts, the core's only.
 */
import {
  PREFERENCE_KEYS,
  STORAGE_KEY,
  STORAGE_VERSION,
  STORAGE_VERSION_KEY,
  type PartialPreferences,
} from './defaults';
import { coerceToPreference } from './query';

/** What is persisted: the account layer (by client), the visitor's local choices, and each client's user id. */
export interface StoredPreferences {
  account: Record<string, PartialPreferences>;
  local: PartialPreferences;
  /**
   * The user id each client's configuration named last: a returning visitor's user preferences are then
   * requested together with the configuration instead of after it.
   */
  users: Record<string, string>;
  /**
   * The clients of `account`, least recently saved first: an explicit list, because an object's keys put integer-like
   * ids (`1234`) first whatever their age, and the newest such client was evicted in the save that stored it.
   */
  order?: string[];
}

/** A user id as the provider gives it, stored or read back. */
export const USER_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** Keep only known keys whose values have the default's type: stored data is untrusted input. */
export function sanitizeLayer(value: unknown): PartialPreferences {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const out: Record<string, unknown> = {};
  for (const key of PREFERENCE_KEYS) {
    if (!Object.hasOwn(value, key)) continue;
    const coerced = coerceToPreference(key, (value as Record<string, unknown>)[key]);
    if (coerced !== undefined) out[key] = coerced;
  }
  return out;
}

export function getStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // access itself can throw (sandboxed iframe, blocked cookies)
  }
}

/** Read stored preferences; any failure (throwing storage, corrupt JSON, wrong version, wrong types) gives empties. */
export function readStored(): StoredPreferences {
  return readStoredAnswer().stored;
}

/**
 * Stored preferences, and whether storage answered at all: no storage, or storage that throws when read, did not
 * (its empties say nothing of what was chosen, so the player keeps what it has in memory); corrupt or old contents
 * did (they read as empties).
 */
export function readStoredAnswer(): { stored: StoredPreferences; answered: boolean } {
  const empty: StoredPreferences = {
    account: Object.create(null) as StoredPreferences['account'],
    local: {},
    users: Object.create(null) as StoredPreferences['users'],
    order: [],
  };
  let raw: string | null;
  try {
    const storage = getStorage();
    if (!storage) return { stored: empty, answered: false };
    if (storage.getItem(STORAGE_VERSION_KEY) !== STORAGE_VERSION) return { stored: empty, answered: true };
    raw = storage.getItem(STORAGE_KEY);
  } catch {
    return { stored: empty, answered: false };
  }
  return { stored: parseStored(raw) ?? empty, answered: true };
}

function parseStored(raw: string | null): StoredPreferences | undefined {
  try {
    if (!raw) return undefined;
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object') return undefined;
    const { account, local, users, order } = parsed as Record<string, unknown>;
    // No prototype: a stored "__proto__" client key stays an ordinary key.
    const accounts = Object.create(null) as Record<string, PartialPreferences>;
    if (account && typeof account === 'object' && !Array.isArray(account)) {
      for (const [client, layer] of Object.entries(account)) accounts[client] = sanitizeLayer(layer);
    }
    const userIds = Object.create(null) as Record<string, string>;
    if (users && typeof users === 'object' && !Array.isArray(users)) {
      for (const [client, id] of Object.entries(users))
        if (typeof id === 'string' && USER_ID.test(id)) userIds[client] = id;
    }
    // The saved order of the clients it still has; any other (an older format) counts as older than those.
    const listed = Array.isArray(order)
      ? order.filter((c): c is string => typeof c === 'string' && Object.hasOwn(accounts, c))
      : [];
    const known = new Set(listed);
    return {
      account: accounts,
      local: sanitizeLayer(local),
      users: userIds,
      order: [...Object.keys(accounts).filter((c) => !known.has(c)), ...new Set(listed)],
    };
  } catch {
    return undefined;
  }
}
