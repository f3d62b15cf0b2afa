declare const __ENTRY_FILE__: string;

/**
 * Import the module build beside a classic script, by the script's own URL with its query (`?ver=` stays: the same
 * cache-busting reaches the module, which asks for the page's first requests and imports the core). `import()` of
 * one URL evaluates once, so loading twice, or beside the module script, defines the element once.
 */
export function loadModuleBeside(src: string): void {
  const url = new URL(src);
  url.pathname = url.pathname.slice(0, url.pathname.lastIndexOf('/') + 1) + __ENTRY_FILE__;
  url.hash = '';
  import(url.href).catch((error: unknown) =>
    console.error(`patient-ed-player: ${url.href} could not be loaded`, error),
  );
}
