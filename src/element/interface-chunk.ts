import { lazyModule } from '../core/lazy-module';

/**
 * React DOM and the player's React tree (src/app/react-root.tsx), with the menu screen: the `interface` chunk
 * (rollup.config.mjs). The element mounts it when the player's interface gate opens (src/app/interface-gate.ts).
 */
export const INTERFACE = lazyModule(() => import('../app/react-root'));

/**
 * The file names of the `playback`, `interface` and `player-route` chunks, relative to the entry file (which holds
 * this module): the build writes them in (rollup.config.mjs, `interfaceFiles`); unbuilt (the tests' bundles), the
 * placeholder stays and names none.
 */
const FILES = '__PED_INTERFACE_FILES__';

/**
 * Asks for the first screen's files without running them (`<link rel="modulepreload">` in the player's shadow root,
 * so nothing is added to the page). A player opened on an item: the playback engine's file, which its route's loader
 * imports at once, and the interface's, which download while the interface gate holds and run when it opens (the
 * links are removed then). A menu (`menu`): the interface's file alone. Meanwhile the first imports of a page wait for
 * the core's link (scripts/rollup-linked-core.mjs), a round trip after the entry ran: the files download beside it.
 * An engine that ignores such links there loads them when they are imported, as without this. (Asking for the
 * interface's files only once the engine's had arrived was measured: no faster to the first frame, the screen later.)
 */
export function preloadInterface(root: ShadowRoot | HTMLElement, menu = false): HTMLLinkElement[] {
  if (FILES.startsWith('__')) return [];
  const files = FILES.split(' ').filter((file) => !menu || /(^|\/)interface-[\w-]+\.js$/.test(file));
  return files.map((file) => {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = new URL(file, import.meta.url).href;
    root.append(link);
    return link;
  });
}
