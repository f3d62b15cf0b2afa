/**
 * The URL of the entry module that started the player, as the page wrote it (`?ver=` kept): the Embed dialog's
 * script, and the default provider (its origin). The entry (src/index.ts) notes its own `import.meta.url` before it
 * defines the element; when a page loads the entry under two URLs (with and without a query), both share this one
 * module and the first wins. Not player state: one build, one URL. Before any entry ran (a test that imports the
 * modules directly), this module's own URL stands in.
 */
let entryUrl: string | undefined;

export function noteScriptUrl(url: string): void {
  entryUrl ??= url;
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
