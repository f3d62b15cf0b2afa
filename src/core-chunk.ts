/**
 * The core: the element, its controller, the routing and everything a player runs before its interface (no React),
 * built as one chunk (chunks/core-<hash>.js) that the entry file imports (src/entry.ts) after it has asked for the
 * page's first requests. Every lazy chunk reaches it through the `link` chunk (scripts/rollup-linked-core.mjs). Its URL
 * has no query whatever the entry's was (`?ver=`), so a page that loads the entry twice runs one core.
 */
export { CommandError } from './index';
export { start } from './element/start';
