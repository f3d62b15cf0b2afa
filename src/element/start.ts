import { setScriptUrl } from '../core/script-url';
import { linkCore } from './core-link';
import { lendEarlyRequests } from '../app/early-start';
import { definePlayer, TAG_NAME } from './player-element';

/**
 * What the entry does when a page loads it: note the URL the entry was loaded from (the default provider's origin and
 * the Embed dialog's script), hand this copy's core to its lazy chunks (src/element/core-link.ts), then define the
 * element, which upgrades the elements already on the page (so the URL must be known first) and starts their first
 * requests; each element asks for the interface chunk (React DOM and the player's React tree) when its interface gate
 * opens (src/app/interface-gate.ts): at once on a menu, once the media of a player opened on a video has its metadata
 * (its picture shows before, in plain DOM: src/element/early-player.ts). A
 * second entry of the same build (another URL) finds the element defined and does nothing.
 */
export function start(entryUrl: string): void {
  // Another copy of the build (another path or origin) came first: nothing of this one is needed; definePlayer says
  // so when the versions differ.
  if (customElements.get(TAG_NAME)) return definePlayer();
  // This copy's URL, also when another copy noted its own first and then could not load its core.
  setScriptUrl(entryUrl);
  // What the entry asked for the players on the page, before the element (and its requests) exist.
  lendEarlyRequests();
  linkCore();
  definePlayer();
}
