import { INTERFACE } from './interface-chunk';
import { noteScriptUrl } from '../core/script-url';
import { definePlayer, TAG_NAME } from './player-element';

/**
 * What the entry does when a page loads it: ask for the interface chunk (React DOM and the player's React tree: every
 * player needs it, and the earlier it arrives, the earlier the first screen; a failure here is left to the element's
 * own load, which shows it and retries), note the URL the entry was loaded from (the default provider's origin and
 * the Embed dialog's script), then define the element, which upgrades the elements already on the page (so the URL
 * must be known first) and starts their first requests. A second entry of the same build (another URL) finds the
 * element defined and does nothing.
 *
 * The interface is not asked for by the entry beside the core: in parallel they share the connection, and the core,
 * which starts the provider's requests, arrived later (measured: the first `loadedmetadata` 13-20 % later on the
 * emulated connections of `npm run bench`).
 */
export function start(entryUrl: string): void {
  // Another copy of the build (another path or origin) came first: nothing of this one is needed, not even its
  // interface chunk (70 kB); definePlayer says so when the versions differ.
  if (customElements.get(TAG_NAME)) return definePlayer();
  INTERFACE.load().catch(() => undefined);
  noteScriptUrl(entryUrl);
  definePlayer();
}
