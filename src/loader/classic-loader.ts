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
import { loadModuleBeside } from './load-module';

(() => {
  const script = document.currentScript;
  const src = script instanceof HTMLScriptElement ? script.src : '';
  if (!src) {
    console.error('patient-ed-player: the loader must be included with <script src=".../patient-ed-player.loader.js">');
    return;
  }
  loadModuleBeside(src);
})();
