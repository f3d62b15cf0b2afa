/** Written into the entry file by the build (scripts/rollup-linked-core.mjs); absent from unbuilt code (the tests). */
declare const __pedLinkCore: (() => void) | undefined;

/**
 * Hands this copy's core to its lazy chunks: they reach the entry's code through a small `link` chunk, never by
 * importing the entry (whose URL a page may write with a query, which would be a second copy). Called by the copy of
 * the build that defined the element, once; the chunks it imports wait for it.
 */
export function linkCore(): void {
  if (typeof __pedLinkCore === 'function') __pedLinkCore();
}
