declare const __ENTRY_FILE__: string;
/** The core chunk (`chunks/core-<hash>.js`), written in by the build. */
declare const __CORE_FILE__: string;

/**
 * Import the module build beside a classic script, by the script's own URL with its query (`?ver=` stays: the same
 * cache-busting reaches the module), and the core chunk with it rather than after it (one round trip less; its URL,
 * with no query, is the one the entry imports, so it is one module; a failure is the entry's to report). `import()`
 * of one URL evaluates once, so loading twice, or beside the module script, defines the element once.
 */
export function loadModuleBeside(src: string): void {
  const url = new URL(src);
  import(new URL(__CORE_FILE__, url).href).catch(() => undefined);
  url.pathname = url.pathname.slice(0, url.pathname.lastIndexOf('/') + 1) + __ENTRY_FILE__;
  url.hash = '';
  import(url.href).catch((error: unknown) =>
    console.error(`patient-ed-player: ${url.href} could not be loaded`, error),
  );
}
