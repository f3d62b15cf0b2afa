/**
 * The URL of the entry module that started the player, as the page wrote it (`?ver=` kept): the Embed dialog's
 * script, and the default provider (its origin). The entry notes its own `import.meta.url` as it asks for the page's
 * first requests (the first copy on the page wins), and the copy that defines the element sets its own as it starts
 * (src/element/start.ts). One instance serves the entry and the core (the entry lends it:
 * scripts/rollup-entry-modules.mjs), so when another copy takes over (the first copy's core did not load), its URL is
 * the one. Not player state: one build, one URL. Before any entry ran (a test that imports the modules directly), this
 * module's own URL stands in.
 */
let entryUrl: string | undefined;

export function noteScriptUrl(url: string): void {
  entryUrl ??= url;
}

/** The copy of the entry that defines the element: its URL is the player's from now on. */
export function setScriptUrl(url: string): void {
  entryUrl = url;
}

export const scriptUrl = (): string => entryUrl ?? import.meta.url;

/**
 * The provider when `provider-url` is not set: the origin that served the script (a content vendor serves both), as
 * `https://cdn.example/`. A script of no http(s) origin (a bundler's `file:` or `blob:` URL) gives the page's origin.
 */
export function defaultProviderUrl(): string {
  for (const base of [scriptUrl(), globalThis.location?.href]) {
    try {
      const url = new URL('/', base);
      if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
    } catch {
      /* not a URL anything resolves against (data:, blob:): the next */
    }
  }
  return 'http://localhost/';
}
