import { builtFiles } from '../core/built-files';
import { lazyModule } from '../core/lazy-module';

/**
 * React DOM and the player's React tree (src/app/react-root.tsx), with the menu screen: the `interface` chunk
 * (rollup.config.mjs). The element mounts it when the player's interface gate opens (src/app/interface-gate.ts).
 */
export const INTERFACE = lazyModule(() => import('../app/react-root'));

/**
 * The core's own file name, then the file names of the `playback` and `interface` chunks, relative to the core's file
 * (which holds this module): the build writes them in (rollup.config.mjs, `interfaceFiles`); unbuilt (the tests'
 * bundles), the placeholder stays and names none.
 */
const FILES = '__PED_INTERFACE_FILES__';

/**
 * Asks for the first screen's files without running them (`<link rel="modulepreload">` in the player's shadow root,
 * so nothing is added to the page): `engine`, the playback engine's file, which the route of a player opened on an
 * item imports at once (its interface's files wait for the interface gate: src/element/lazy-renderer.ts);
 * `interface`, the interface's file, for a menu. Meanwhile the first imports of a page wait for the core's link
 * (scripts/rollup-linked-core.mjs), a round trip after the entry ran: the files download beside it. An engine that
 * ignores such links there loads them when they are imported, as without this.
 */
export function preloadInterface(root: ShadowRoot | HTMLElement, which: 'engine' | 'interface'): HTMLLinkElement[] {
  const wanted = which === 'engine' ? /(^|\/)playback-[\w-]+\.js$/ : /(^|\/)interface-[\w-]+\.js$/;
  return builtFiles(FILES, import.meta.url)
    .filter((file) => wanted.test(file))
    .map((file) => {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = new URL(file, import.meta.url).href;
      root.append(link);
      return link;
    });
}
