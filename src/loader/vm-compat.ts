/**
 * dist/patient-ed-player.vm.js, a drop-in for the classic ViewMedica embed (the WordPress plugin's pages and their
 * like): a classic script that a page loads in its head, followed by per-embed snippets that set globals and call
 * `vm_open()` inline, while the page parses:
 *
 *   <div id='vm'></div><script>client="1234"; width=720; brochures="false"; lang="es"; vm_open();</script>
 *
 * (or `vm_open({ client: 1234, openthis: "vm", width: 720 })`, the plugin's later form). Switching a page means
 * replacing that one script URL. Like the classic loader, it loads the module build beside it by its own URL and
 * query; until the module defines the element, the players it creates wait in the page as plain elements, and
 * upgrade then.
 *
 * It defines two globals, and only this script does (the module build and the loader define none):
 * - `vm_open(options?)`, unless the page has one: reads the options (the argument, or else the snippet's globals,
 *   which it clears after reading so that the next snippet starts clean), and puts a `<patient-ed-player>` with
 *   them as attributes (the element coerces them as it does a page query) into the container: the element whose
 *   id is `openthis` (`vm` without one), the one right before the calling script first (two snippets without
 *   `openthis` both write `<div id='vm'>`). `width` (px, or a percentage) sizes the player through a wrapper of
 *   its own whose shadow root holds the rule: no style attribute and nothing in the page's stylesheets, so a page
 *   under a strict Content-Security-Policy stays clean.
 * - `_vm`: the last player opened, as an object with the element's command methods and `element`. A call made
 *   before that player has shown its first screen (its `ready` event, or an `error` event before it) waits for
 *   it and answers with a Promise; later calls are the element's own (getters answer at once, actions with a
 *   Promise).
 */
import { loadModuleBeside } from './load-module';

const TAG = 'patient-ed-player';
/** The element's command methods (src/commands/table.ts HOST_COMMANDS; test/vm-compat.test.ts checks the list). */
const METHODS =
  'getPlayerState getVolume getPlaybackRate getCurrentTime getPrimaryItem getCurrentItem getCurrentPlaylist ' +
  'getCurrentPlaylistItems getCurrentPlaylistIndex getDuration getLanguage setLanguage navigate start playVideo ' +
  'pauseVideo next prev stop exitVideo addFavorite screenshot seekTo seekToChapter seekToIndex setVolume ' +
  'setPlaybackRate togglePictureInPicture';
/**
 * The snippet's option globals that are the element's attributes of the same name: the spec's query aliases
 * (src/preferences/query.ts QUERY_ALIASES; test/vm-compat.test.ts checks the list), the language names and the
 * preferences the plugin writes under their own names.
 */
const OPTIONS = (
  'brochure brochures captions disclaimer dynamic_sharing favorites fullscreen ignoreaudio markup menuaccess search ' +
  'sections social subtitles language lang audio autoplay'
).split(' ');
/** The other globals of a snippet: `secure` (http or https, now the script's own) is read only to be cleared. */
const GLOBALS = ['client', 'openthis', 'width', 'secure', ...OPTIONS];
/** A width as the snippet writes it: px (a bare number) or a percentage. */
const WIDTH = /^\d+(\.\d+)?(px|%)?$/;

type Options = Record<string, unknown>;
type Player = HTMLElement & Record<string, (...args: unknown[]) => unknown>;

(() => {
  const script = document.currentScript;
  const src = script instanceof HTMLScriptElement ? script.src : '';
  if (!src) {
    console.error(`${TAG}: load ${TAG}.vm.js with <script src>`);
    return;
  }
  loadModuleBeside(src);

  const page = window as unknown as Options;
  if (typeof page.vm_open === 'function') return;

  /** A snippet's value: text, a number or a boolean (never an element a page id made global). */
  const text = (value: unknown) =>
    (/^(string|number|boolean)$/.test(typeof value) && `${value as string}`.trim()) || undefined;

  page.vm_open = (given?: unknown) => {
    const caller = document.currentScript;
    let options: Options;
    if (given && typeof given === 'object') options = given as Options;
    else {
      options = {};
      for (const name of GLOBALS) {
        if (text(page[name]) === undefined) continue;
        options[name] = page[name];
        // An assigned global is deleted; a declared one (`var client`) cannot be, and is emptied.
        if (!Reflect.deleteProperty(window, name)) page[name] = undefined;
      }
    }
    const id = text(options.openthis) ?? 'vm';
    const before = caller?.previousElementSibling;
    const container = before?.id === id ? before : document.getElementById(id);
    const player = document.createElement(TAG) as unknown as Player;
    const client = text(options.client);
    if (client) player.setAttribute('client', client);
    if (id !== 'vm') player.setAttribute('code', id);
    for (const name of OPTIONS) {
      const value = text(options[name]);
      if (value !== undefined) player.setAttribute(name, value);
    }
    let placed: Element = player;
    const width = text(options.width);
    if (width && WIDTH.test(width)) {
      placed = document.createElement('div');
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(`:host{display:block;width:${/\d$/.test(width) ? `${width}px` : width};max-width:100%}`);
      const root = placed.attachShadow({ mode: 'closed' });
      root.adoptedStyleSheets = [sheet];
      root.append(document.createElement('slot'));
      placed.append(player);
    }
    if (container) container.append(placed);
    else if (caller?.parentNode) caller.before(placed);
    else {
      console.error(`${TAG}: vm_open() found no #${id}`);
      return;
    }

    const shown = new Promise((resolve) => {
      player.addEventListener('ready', resolve, { once: true });
      player.addEventListener('error', resolve, { once: true });
    });
    let ready = false;
    void shown.then(() => (ready = true));
    const handle: Options = { element: player };
    for (const name of METHODS.split(' '))
      handle[name] = (...args: unknown[]) => (ready ? player[name](...args) : shown.then(() => player[name](...args)));
    page._vm = handle;
  };
})();

// A module for TypeScript (its declarations above stay its own); the build makes it a classic script with no exports.
export {};
