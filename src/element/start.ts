import { setScriptUrl } from '../core/script-url';
import { linkCore } from './core-link';
import { lendEarlyRequests } from '../app/early-start';
import { hasBehaviour } from './element-kit';
import { definePlayer, PatientEdPlayerElement, TAG_NAME } from './player-element';
import { bindBehaviour } from './player-behaviour';

/**
 * What the core does as the entry starts it: note the URL the entry was loaded from (the default provider's origin
 * and the Embed dialog's script), hand this copy's core to its lazy chunks (src/element/core-link.ts), then give the
 * element (the entry defined it: src/element/player-element.ts) its behaviour, which starts the elements already on
 * the page and their first requests (so the URL must be known first); each element asks for the interface chunk (React
 * DOM and the player's React tree) when its interface gate opens (src/app/interface-gate.ts): at once on a menu, once
 * the media of a player opened on a video has its metadata (its picture shows before, in plain DOM:
 * src/element/early-player.ts). A second entry of the same build (another URL) finds the element started and does
 * nothing; one of another build finds another element defined (its entry said so when the versions differ).
 */
export function start(entryUrl: string): void {
  const defined = customElements.get(TAG_NAME);
  if ((defined && defined !== PatientEdPlayerElement) || hasBehaviour()) return;
  // This copy's URL, also when another copy of the build defined the element and then could not load its core.
  setScriptUrl(entryUrl);
  // What the entry asked for the players on the page, before the element had its behaviour.
  lendEarlyRequests();
  linkCore();
  definePlayer();
  bindBehaviour();
}
