// First: the interface chunk is on its way while the rest of the core is evaluated.
import '../app/early-interface';
import { noteScriptUrl } from '../core/script-url';
import { definePlayer } from './player-element';

/**
 * What the entry does when a page loads it: note the URL it was loaded from (the default provider's origin and the
 * Embed dialog's script), then define the element (which upgrades the elements already on the page, so the URL must
 * be known first). A second entry of the same build (another URL) finds it defined and does nothing.
 */
export function start(entryUrl: string): void {
  noteScriptUrl(entryUrl);
  definePlayer();
}
