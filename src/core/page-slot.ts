/**
 * Where the copies of the player on one page meet: the entry's modules lent to its core
 * (scripts/rollup-entry-modules.mjs) and the first copy's start (src/entry.ts), each under a registered symbol. Their
 * home is the page's custom element registry, so that no name of ours shows on the window; a page that froze the
 * registry (a hardening script) takes none there (a module's assignment to it throws), so they live on the window
 * then, still under the symbol. Pure (the objects are passed in tests).
 */

/** The object that holds `key`: the registry, unless it was frozen before any copy put `key` on it; then the window. */
export function slotHolder(
  key: symbol,
  registry: object = customElements,
  win: object = globalThis,
): Record<symbol, unknown> {
  return (key in registry || Object.isExtensible(registry) ? registry : win) as Record<symbol, unknown>;
}
