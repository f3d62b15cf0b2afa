/** Saving the stored preferences (./storage.ts reads them). */
import { STORAGE_KEY, STORAGE_VERSION, STORAGE_VERSION_KEY, type PartialPreferences } from './defaults';
import { getStorage, readStored, USER_ID, type StoredPreferences } from './storage';

/** Cached client configurations (account layers) kept in storage. */
export const ACCOUNT_CACHE_LIMIT = 20;

/** Persist; storage failures (quota, disabled storage) are silently ignored. */
export function writeStored(stored: StoredPreferences): boolean {
  try {
    const storage = getStorage();
    if (!storage) return false;
    const { users, ...layers } = stored;
    storage.setItem(STORAGE_KEY, JSON.stringify(Object.keys(users).length > 0 ? stored : layers));
    storage.setItem(STORAGE_VERSION_KEY, STORAGE_VERSION);
    return true;
  } catch {
    return false;
  }
}

/**
 * Save one client's account layer and the local layer, keeping other clients' cached accounts; with a
 * `userId`, also the user id the client's configuration named (null: none).
 */
export function saveLayers(
  client: string | undefined,
  account: PartialPreferences,
  local: PartialPreferences,
  userId?: string | null,
): boolean {
  const stored = readStored();
  if (client) {
    // The most recent last; only the latest clients are kept, so saving never stops for want of space.
    stored.account[client] = account;
    const clients = [...(stored.order ?? Object.keys(stored.account)).filter((c) => c !== client), client];
    for (const old of clients.splice(0, Math.max(0, clients.length - ACCOUNT_CACHE_LIMIT))) {
      delete stored.account[old];
      delete stored.users[old];
    }
    stored.order = clients;
  }
  if (client && userId !== undefined) {
    if (userId && USER_ID.test(userId)) stored.users[client] = userId;
    else delete stored.users[client];
  }
  stored.local = local;
  return writeStored(stored);
}
