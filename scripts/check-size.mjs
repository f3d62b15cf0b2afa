// Size budgets, checked by `npm test` (min+gzip):
// - the entry file (dist/patient-ed-player.js, src/entry.ts), what a page pays before its players' first requests
//   leave: at most 8.51 kB (it reads the players' attributes, routes and stored preferences, and asks for the first
//   data, source and media: src/element/first-requests.ts; 5.5 until V8's compile hint,
//   scripts/rollup-compile-hints.mjs, and storage read once for the page's players: 0.07 kB; 5.75 until it lent its
//   modules to the core, scripts/rollup-entry-modules.mjs: the parts of them only the core used, 0.37 kB; 6.1 until
//   it lent the route grammar and storage's reader too: 0.06 kB; 6.15 until it checked that it is the file the build
//   named before it preloads a file by the build's name, src/core/built-files.ts: 0.03 kB; 6.17 until it met its core
//   on the window when a page froze its element registry, src/core/page-slot.ts: 0.04 kB; 6.21 until it defined the
//   element itself, r2wc's class with its getters, its actions' wait and its held box, src/element/element-kit.ts:
//   2.09 kB; 8.31 until it reported its first video's metadata and held the core's start until then: 0.2 kB);
// - the core (chunks/core-<hash>.js, which the entry imports) and the link chunk, what a page pays before the element
//   starts (the element's behaviour, its controller and the route's requests; no React): at most 27.9 kB (24 until the
//   flood rule for every request-starting command and the shell's full style reset joined the core: 0.8 kB; 25 until
//   the route table with its loaders, the lazy loader of the sliced JSON parser and the player's clock under every
//   request: 0.4 kB; 25.5 until the page's players shared their requests (0.6 kB), `loading="lazy"` with its outline
//   (0.8 kB) and the speed commands and keys (0.3 kB); 27 until the interface gate (0.5 kB); 27.5 until the early
//   player (1.1 kB); 28.75 until the interface's own styles moved into the interface chunk (0.7 kB less) and the first
//   source's request left with the playlist's answer (0.35 kB more); 28.5 until the theme moved into the controller
//   (0.45 kB); 29 until the entry's first requests moved the core into a chunk of its own, with the early video the
//   html5 adapter takes and the lending of the entry's requests: 0.95 kB; 30 until a player decided its media preload
//   from the page's players: 0.04 kB; 30.1 until it read the entry's modules instead of copies: 2.25 kB less; 27.8
//   until it read the route grammar and storage's reader from the entry too: 1 kB less; 26.8 until it checked its own
//   file name before its preload links, which a host's bundler would send to missing files: 0.05 kB; 26.85 until it
//   read the entry's modules from the window on a page that froze its registry: 0.01 kB; 26.87 until its own
//   Array.from, which old libraries on a page replace, scripts/rollup-own-array-natives.mjs: 0.06 kB; 26.93 until the
//   first video's report before the engine ran: 0.48 kB; 27.41 until the playlist's reader moved into the core from the
//   engine's file, which a player opened on a video then asks for after its first video's metadata: 1.2 kB; 28.63 until
//   the route the entry started waited for it too: 0.08 kB; 28.71 until the element and r2wc moved into the entry: 0.88
//   kB less; 27.85 until it kept the entry's report of the first video's metadata: 0.06 kB);
// - the classic loader (dist/patient-ed-player.loader.js): at most 1 kB, not gzipped;
// - the ViewMedica drop-in (dist/patient-ed-player.vm.js): at most 2.5 kB, not gzipped. Like the loader it is a
//   classic script in the page's head that blocks the page's parsing until it has run (the snippets after it call
//   its vm_open() inline); it is the loader plus vm_open() and the names of the _vm handle's 25 methods;
// - the first screen: the entry, the core and the link, and the interface chunk (React DOM, the player's React tree
//   and the menu screen), at most 112.41 kB (98 until the paged card lists of large collections: 0.8 kB more; 100 until
//   the route table and the clock under the thumbnails' time limit: 0.4 kB; 100.5 until the core's 1.7 kB above;
//   102.5 until the core's interface gate; 103 until the early player; 104.25 until the first source's request, and
//   the interface's styles moved out of the core; 104.75 until the entry file of the first requests: 5.2 kB, its
//   modules are the core's too, and the core's 0.95 kB above; 111 until the entry read answers with the core's
//   bounded reader: 0.15 kB; 111.25 until V8's compile hint on the entry, the core, the link and the interface:
//   0.1 kB; 111.5 until the outline's own margins and item line, and a lazy player's metadata preload: 0.13 kB; 111.75
//   until the core read the entry's modules: 1.9 kB less; 109.9 until the route grammar and storage's reader too: 0.94
//   kB less; 108.95 until the entry and the core checked their own file names before their preload links: 0.06 kB;
//   109.05 until they met on the window on a page that froze its element registry: 0.05 kB; 109.1 until the core's
//   own Array.from: 0.06 kB; 109.62 until the core's 0.48 and 1.2 kB above; 110.84 until its 0.08 kB; 110.93 until the
//   element moved into the entry: 1.21 kB; 112.15 until the entry's report of the first video's metadata: 0.26 kB).
// Other lazy chunks are reported, not budgeted here. The playback chunk must import the core only (no React DOM on
// the way to the first frame).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { COMPILE_HINT } from './rollup-compile-hints.mjs';
import { ENTRY_MODULES } from './rollup-entry-modules.mjs';

export const ENTRY = 'dist/patient-ed-player.js';
export const LOADER = 'dist/patient-ed-player.loader.js';
export const ENTRY_BUDGET = 8.51 * 1024;
export const CORE_BUDGET = 27.9 * 1024;
export const LOADER_BUDGET = 1024;
export const VM = 'dist/patient-ed-player.vm.js';
export const VM_BUDGET = 2.5 * 1024;
export const FIRST_SCREEN_BUDGET = 112.41 * 1024;
/** What the entry exports: the public API of docs/api.md, nothing internal. */
export const PUBLIC_EXPORTS = ['CommandError', 'PatientEdPlayerElement', 'TAG_NAME', 'definePlayer'];

/** The chunk files a minified chunk imports statically (`import ... from "x"` and `import "x"`, not `import()`). */
export const staticImports = (code) => [
  ...new Set([...code.matchAll(/(?:\bfrom|\bimport)\s*"([^"]+)"/g)].map((m) => m[1])),
];

export function sizes(dir = 'dist') {
  const files = [];
  const walk = (d) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      // dist/bench: the bench's own pages' scripts (bench/menu-floor-build.mjs), not the player's.
      if (d === dir && name === 'bench') continue;
      if (statSync(p).isDirectory()) walk(p);
      else if (p.endsWith('.js')) files.push(p);
    }
  };
  walk(dir);
  const gz = (p) => gzipSync(readFileSync(p), { level: 9 }).length;
  const one = (re, what) => {
    const found = files.filter((p) => re.test(p));
    if (found.length !== 1) throw new Error(`Expected one ${what} chunk in ${dir}/chunks, found ${found.length}`);
    return found[0];
  };
  // The entry file imports nothing statically and two files dynamically, the core and the link (their URLs have no
  // query whatever the entry's: one core per page); no chunk imports the entry (a page may write its URL with a
  // query: that would be a second copy of the player): they reach the core through the link chunk
  // (scripts/rollup-linked-core.mjs).
  const link = one(/[\\/]chunks[\\/]link-[\w-]+\.js$/, 'link');
  const core = one(/[\\/]chunks[\\/]core-[\w-]+\.js$/, 'core');
  const iface = one(/[\\/]chunks[\\/]interface-[\w-]+\.js$/, 'interface');
  const playback = one(/[\\/]chunks[\\/]playback-[\w-]+\.js$/, 'playback');
  const entryCode = readFileSync(ENTRY, 'utf8');
  const entryImports = staticImports(entryCode);
  if (entryImports.length) throw new Error(`The entry must import nothing; it imports ${entryImports.join(', ')}`);
  const dynamic = [...new Set([...entryCode.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g)].map((m) => m[1]))];
  if (dynamic.sort().join() !== [`./chunks/${basename(core)}`, `./chunks/${basename(link)}`].sort().join())
    throw new Error(`The entry must import the core and the link only; it imports ${dynamic.join(', ') || 'nothing'}`);
  const exported = [...entryCode.matchAll(/\bexport\s*\{([^}]*)\}/g)].flatMap((m) =>
    m[1].split(',').map((s) =>
      s
        .trim()
        .split(/\s+as\s+/)
        .pop(),
    ),
  );
  if (exported.sort().join() !== PUBLIC_EXPORTS.join())
    throw new Error(`The entry must export the public API only (${PUBLIC_EXPORTS.join(', ')}); it exports ${exported}`);
  const importsEntry = files.filter(
    (p) => p !== ENTRY && p !== LOADER && p !== VM && /patient-ed-player\.js"/.test(readFileSync(p, 'utf8')),
  );
  if (importsEntry.length) throw new Error(`Chunks must never import the entry file: ${importsEntry.join(', ')}`);
  const entry = gz(ENTRY);
  const coreSize = gz(core) + gz(link);
  const firstScreen = entry + coreSize + gz(iface);
  // The source files of a built file (its source map's, relative to the repository), each map read once.
  const sourceLists = new Map();
  const sourcesOf = (file) => {
    if (!sourceLists.has(file))
      sourceLists.set(
        file,
        JSON.parse(readFileSync(`${file}.map`, 'utf8')).sources.map((s) => s.replace(/^(\.\.\/)+/, '')),
      );
    return sourceLists.get(file);
  };
  // No React in the entry or the core: the element, its controller and the first requests do not wait for it.
  const reactIn = (file) => sourcesOf(file).filter((s) => /node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(s));
  const reactInEntry = [...reactIn(ENTRY), ...reactIn(core)];
  if (reactInEntry.length) throw new Error(`React reached the entry or the core: ${reactInEntry.join(', ')}`);
  // The entry's modules that it lends (scripts/rollup-entry-modules.mjs) are in the entry, and in no other file.
  const holding = (file, module) => sourcesOf(file).includes(module);
  const unlent = ENTRY_MODULES.filter((m) => !holding(ENTRY, m));
  if (unlent.length) throw new Error(`The entry lends modules it does not hold: ${unlent.join(', ')}`);
  for (const file of files.filter((p) => p !== ENTRY && p !== LOADER && p !== VM)) {
    const copies = ENTRY_MODULES.filter((m) => holding(file, m));
    if (copies.length) throw new Error(`${file} copies modules the entry lends: ${copies.join(', ')}`);
  }
  // The playback chunk (engine, playlist reader, html5 adapter) must not wait for React: it imports the link only.
  const playbackImports = staticImports(readFileSync(playback, 'utf8')).filter((i) => i !== `./${basename(link)}`);
  if (playbackImports.length) {
    const rule = 'The playback chunk must import the core only (the first frame never waits for React DOM)';
    throw new Error(`${rule}; it imports ${playbackImports.join(', ')}`);
  }
  // The first screens' files start with V8's compile hint (scripts/rollup-compile-hints.mjs): compiled as they arrive.
  const route = one(/[\\/]chunks[\\/]player-route-[\w-]+\.js$/, 'player-route');
  const unhinted = [ENTRY, core, link, iface, playback, route].filter(
    (p) => !readFileSync(p, 'utf8').startsWith(`${COMPILE_HINT}\n`),
  );
  if (unhinted.length) throw new Error(`No compile hint first in ${unhinted.join(', ')}`);
  // No file reads the page's Array.from, which old libraries replace (scripts/rollup-own-array-natives.mjs).
  const pageArrayFrom = files.filter((p) => /\bArray\.from\b/.test(readFileSync(p, 'utf8')));
  if (pageArrayFrom.length) throw new Error(`The page's Array.from read in ${pageArrayFrom.join(', ')}`);
  const loader = statSync(LOADER).size;
  const vm = statSync(VM).size;
  const chunks = files.filter((p) => p !== LOADER && p !== VM);
  const total = chunks.reduce((n, p) => n + gz(p), 0);
  return { entry, core: coreSize, firstScreen, loader, vm, total, files: chunks.length };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { entry, core, firstScreen, loader, vm, total, files } = sizes();
  const kb = (n) => `${(n / 1024).toFixed(2)} kB`;
  console.log(
    `Entry ${ENTRY}: ${kb(entry)} min+gzip (budget ${kb(ENTRY_BUDGET)}); ` +
      `the core with the link chunk: ${kb(core)} (budget ${kb(CORE_BUDGET)}); ` +
      `loader: ${loader} bytes (budget ${LOADER_BUDGET}); ViewMedica drop-in: ${vm} bytes (budget ${VM_BUDGET}); ` +
      `with the interface chunk: ${kb(firstScreen)} (budget ${kb(FIRST_SCREEN_BUDGET)}); ` +
      `all ${files} chunks: ${kb(total)}`,
  );
  const over = [
    entry > ENTRY_BUDGET && `the entry is ${kb(entry)}, over ${kb(ENTRY_BUDGET)}`,
    core > CORE_BUDGET && `the core is ${kb(core)}, over ${kb(CORE_BUDGET)}`,
    loader > LOADER_BUDGET && `the classic loader is ${loader} bytes, over ${LOADER_BUDGET}`,
    vm > VM_BUDGET && `the ViewMedica drop-in is ${vm} bytes, over ${VM_BUDGET}`,
    firstScreen > FIRST_SCREEN_BUDGET &&
      `the entry, the core and the interface chunk are ${kb(firstScreen)}, over ${kb(FIRST_SCREEN_BUDGET)}`,
  ].filter(Boolean);
  if (over.length) {
    console.error(`Size budget exceeded: ${over.join('; ')}.`);
    process.exit(1);
  }
}
