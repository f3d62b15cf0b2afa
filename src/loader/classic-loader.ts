/**
 * dist/patient-ed-player.loader.js, a classic script (no `type="module"`) for the pages that can only add one: a
 * CMS's "add a script URL" field, WordPress' classic script API, a Drupal library, a tag manager. It imports the
 * module build that sits beside it, by its own URL with its query (`?ver=` stays: the same cache-busting reaches the
 * module), so `<script src=".../patient-ed-player.loader.js"></script>` and the element are a complete embed.
 * Loading it twice, or beside the module script, defines the element once: the module is one module whatever its
 * query (src/index.ts), and `import()` of one URL evaluates once.
 *
 * `import()` in a classic script is fetched as a module, under the page's CSP like the loader itself (with the
 * loader's nonce, when it has one). No global is written.
 */
declare const __ENTRY_FILE__: string;
/** The core chunk (`chunks/core-<hash>.js`), written in by the build. */
declare const __CORE_FILE__: string;

(() => {
  const script = document.currentScript;
  const src = script instanceof HTMLScriptElement ? script.src : '';
  if (!src) {
    console.error('patient-ed-player: the loader must be included with <script src=".../patient-ed-player.loader.js">');
    return;
  }
  const url = new URL(src);
  // The core, requested with the entry rather than after it (one round trip less); its URL, with no query, is the
  // one the entry imports, so it is one module. A failure is the entry's to report.
  import(new URL(__CORE_FILE__, url).href).catch(() => undefined);
  url.pathname = url.pathname.slice(0, url.pathname.lastIndexOf('/') + 1) + __ENTRY_FILE__;
  url.hash = '';
  import(url.href).catch((error: unknown) =>
    console.error(`patient-ed-player: ${url.href} could not be loaded`, error),
  );
})();
