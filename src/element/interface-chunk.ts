import { lazyModule } from '../core/lazy-module';

/**
 * React DOM and the player's React tree (src/app/react-root.tsx), with the menu screen: the `interface` chunk
 * (rollup.config.mjs). The element mounts it when the player's interface gate opens (src/app/interface-gate.ts).
 */
export const INTERFACE = lazyModule(() => import('../app/react-root'));

/**
 * The file names of the `interface` and `player-route` chunks, relative to the entry file (which holds this module):
 * the build writes them in (rollup.config.mjs, `interfaceFiles`); unbuilt (the tests' bundles), the placeholder stays
 * and names none.
 */
const FILES = '__PED_INTERFACE_FILES__';

/**
 * Asks for the interface's files without running them (`<link rel="modulepreload">` in the player's shadow root, so
 * nothing is added to the page): they download while the interface gate holds, and run when it opens (the links are
 * removed then); on a menu (`menu`: the interface file alone), while the import waits for the core's link (the first
 * import of a page: scripts/rollup-linked-core.mjs). An engine that ignores such links there loads them when they
 * are imported, as without this.
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
