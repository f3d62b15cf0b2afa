import { readFileSync } from 'node:fs';
import { basename, posix, relative } from 'node:path';
import commonjs from '@rollup/plugin-commonjs';
import resolve from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import MagicString from 'magic-string';
import esbuild from 'rollup-plugin-esbuild';
import compileHints from './scripts/rollup-compile-hints.mjs';
import ownArrayNatives from './scripts/rollup-own-array-natives.mjs';
import linguiEntryIds from './scripts/rollup-lingui-ids.mjs';
import linkedCore from './scripts/rollup-linked-core.mjs';
import { entryModulesPlugins } from './scripts/rollup-entry-modules.mjs';
import minifyCss from './scripts/rollup-minify-css.mjs';

const production = process.env.NODE_ENV !== 'development';
const PACKAGE = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

/**
 * wouter reaches React's useSyncExternalStore through the `use-sync-external-store` shim (for React < 18);
 * React 19 has it built in, so the shim (2.3 kB) stays out of the entry.
 */
const SHIM = 'use-sync-external-store/shim/index.js';
/**
 * wouter's default router reads and writes the browser's location; every <Router> of the player is given the
 * in-memory location instead (the host page's URL and history are never touched), so the default hooks are
 * replaced by ones that say so if ever reached (3 kB less in the entry).
 */
const BROWSER_LOCATION = /wouter[\\/]src[\\/]use-browser-location\.js$/;
const noBrowserLocation = {
  name: 'no-browser-location',
  async resolveId(id, importer, options) {
    if (!importer || !/wouter[\\/]src[\\/]index\.js$/.test(importer) || !id.endsWith('use-browser-location.js'))
      return null;
    const resolved = await this.resolve(id, importer, { ...options, skipSelf: true });
    return resolved && BROWSER_LOCATION.test(resolved.id) ? '\0no-browser-location' : null;
  },
  load: (id) =>
    id === '\0no-browser-location'
      ? "const never = () => { throw new Error('patient-ed-player: the page location is never used " +
        "(in-memory location only)'); };\n" +
        'export const useBrowserLocation = never;\n' +
        'export const useSearch = never;'
      : null,
};

/**
 * @lingui/core warns in the console about every message shown from its source text ("Uncompiled message
 * detected!", a 300-byte text): a development diagnostic. Our catalogs are compiled at build time
 * (`lingui compile --strict`), so the production build drops it.
 */
const LINGUI_CORE = /@lingui[\\/]core[\\/]dist[\\/]index\.mjs$/;
const UNCOMPILED_WARNING = /console\.warn\(`Uncompiled message detected![^`]*`\);/;
const quietLingui = {
  name: 'quiet-lingui',
  transform(code, id) {
    if (!LINGUI_CORE.test(id)) return null;
    if (!UNCOMPILED_WARNING.test(code))
      this.error('@lingui/core changed: its uncompiled-message warning was not found');
    return { code: code.replace(UNCOMPILED_WARNING, ''), map: null };
  },
};

/**
 * object-inspect (instantsearch.js -> qs -> side-channel) requires './util.inspect', which its package.json maps to
 * nothing in browsers (`"./util.inspect.js": false`); the extension-less require misses that mapping, and the
 * search chunk would import Node's `util`. Resolved to an empty module here, as its browser field says.
 */
const NO_UTIL_INSPECT = '\0object-inspect-util-inspect';
const browserObjectInspect = {
  name: 'browser-object-inspect',
  resolveId: (id, importer) =>
    importer && /object-inspect[\\/]index\.js$/.test(importer) && /^\.\/util\.inspect(\.js)?$/.test(id)
      ? NO_UTIL_INSPECT
      : null,
  load: (id) => (id === NO_UTIL_INSPECT ? 'export default {};' : null),
};

const builtinSyncExternalStore = {
  name: 'builtin-use-sync-external-store',
  resolveId: (id) => (id === SHIM ? `\0${SHIM}` : null),
  load: (id) => (id === `\0${SHIM}` ? "export { useSyncExternalStore } from 'react';" : null),
};

/**
 * Chunks that are always requested together are one file each: fewer requests on the way to the first screen,
 * and no dependency found only once a first file is parsed (a round trip later).
 * - `interface`: React, React DOM and the player's React tree (src/app/react-root.tsx and all it imports but the
 *   core has), with the menu screen (the first screen of most embeds): requested as an element starts (a player
 *   opened on an item preloads it and runs it after its media request: src/app/interface-gate.ts). The core has
 *   no React (scripts/check-size.mjs checks it).
 * - `playback`: the playback engine, the playlist reader and the html5 adapter, requested by the player routes' loader
 *   with the playlist. It needs nothing of React: the way from the playlist to the video's source and metadata never
 *   waits for the 70 kB interface chunk (on a slow connection the engine used to wait for React DOM's download before
 *   it could ask for the source). scripts/check-size.mjs fails the build if it imports any chunk but the core.
 * - `player-route`: the player screen, its control bar and the notices (React), requested beside it.
 * A module the core has stays in the core; a group takes only what an earlier group (or the core) has not. Every
 * other chunk of the interface imports from `interface` anyway (they all need React); `playback` and `player-route`
 * keep only what no other chunk imports (else the menu's settings dialogs would load the engine with them).
 */
const CHUNK_GROUPS = [
  // The keyboard shortcut table is shared by the player screen and the settings dialogs (a few hundred bytes).
  [
    'interface',
    { shared: true },
    [/src[\\/]app[\\/]react-root\.tsx$/, /src[\\/]screens[\\/]menu-screen\.tsx$/, /src[\\/]commands[\\/]keyboard\.ts$/],
  ],
  ['playback', { shared: false }, [/src[\\/]playback[\\/]engine\.ts$/, /src[\\/]playback[\\/]adapters[\\/]html5\.ts$/]],
  [
    'player-route',
    { shared: false },
    [
      /src[\\/]screens[\\/]player-screen\.tsx$/,
      /src[\\/]screens[\\/]player-controls\.tsx$/,
      /src[\\/]screens[\\/]notices\.tsx$/,
    ],
  ],
];

/** The entry file's name: src/entry.ts, the first requests and the core's import (`entry` below). */
const ENTRY_NAME = 'patient-ed-player';
/**
 * The core: src/core-chunk.ts and src/element/start.ts with all they import (the element, its controller, the routing
 * and the first requests; no React), one chunk (chunks/core-<hash>.js) that the entry file imports as it asks for the
 * page's first requests. The lazy chunks reach it through the `link` chunk (scripts/rollup-linked-core.mjs).
 * Internally the core's modules are marked `core` here, so that the groups below leave them where they are.
 */
const CORE_NAME = 'core';
const CORE_ROOT = /src[\\/]element[\\/]start\.ts$/;
const ENTRY_ROOT = /src[\\/]core-chunk\.ts$/;

function groupedChunks() {
  let chunkOf;
  const closure = (starts, getModuleInfo) => {
    const seen = new Set();
    const stack = [...starts];
    while (stack.length) {
      const id = stack.pop();
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...(getModuleInfo(id)?.importedIds ?? []));
    }
    return seen;
  };
  return (id, { getModuleIds, getModuleInfo }) => {
    if (!chunkOf) {
      const ids = [...getModuleIds()];
      const find = (re) => ids.filter((m) => re.test(m));
      chunkOf = new Map();
      // src/core-chunk.ts, src/element/start.ts and all they import are the core.
      for (const m of closure([...find(ENTRY_ROOT), ...find(CORE_ROOT)], getModuleInfo)) chunkOf.set(m, CORE_NAME);
      for (const [name, { shared }, patterns] of CHUNK_GROUPS) {
        const roots = patterns.flatMap(find);
        const members = new Set([...closure(roots, getModuleInfo)].filter((m) => !chunkOf.has(m)));
        // Not shared: drop what a module outside the group imports, until nothing changes.
        for (let changed = !shared; changed;) {
          changed = false;
          for (const m of members) {
            if (roots.includes(m)) continue;
            const info = getModuleInfo(m);
            if (
              [...info.importers, ...info.dynamicImporters].some((i) => !members.has(i) && chunkOf.get(i) !== CORE_NAME)
            ) {
              members.delete(m);
              // Named (after its path, so two files of one name stay apart), or Rollup would pull it into the group
              // as a dependency of its importer there.
              chunkOf.set(
                m,
                relative(process.cwd(), m)
                  .replace(/^src[\\/]/, '')
                  .replace(/\.[jt]sx?$/, '')
                  .replace(/[^\w]+/g, '-'),
              );
              changed = true;
            }
          }
        }
        for (const m of members) chunkOf.set(m, name);
      }
    }
    // The core's modules are the core chunk's (a manual chunk holding the entry module is the entry chunk): left
    // unassigned, Rollup would pull those the groups import into the groups.
    const chunk = chunkOf.get(id);
    return chunk;
  };
}

/**
 * The first screens' files (`playback`, `interface`), written into the entry where
 * src/element/interface-chunk.ts names them (a placeholder string), so that a player can ask for them before it runs
 * them (`modulepreload`; their imports wait for the core's link). The names are Rollup's, hash placeholders included:
 * it puts the final names in.
 */
const INTERFACE_FILES = '__PED_INTERFACE_FILES__';
const interfaceFiles = {
  name: 'interface-files',
  renderChunk(code, chunk) {
    if (!chunk.isEntry || chunk.name !== CORE_NAME) return null;
    if (!code.includes(INTERFACE_FILES)) this.error(`The core names no ${INTERFACE_FILES}`);
    // Relative to the core's file (src/element/interface-chunk.ts resolves them against its own URL).
    // The playback chunk first: the video's way to its source needs it, the screen's only later.
    const order = ['playback', 'interface'];
    const rank = (f) => order.findIndex((name) => f.startsWith(`chunks/${name}-`));
    const files = [...new Set(chunk.dynamicImports.filter((f) => rank(f) >= 0))].sort((a, b) => rank(a) - rank(b));
    if (files.length !== order.length) this.error(`Expected the ${order.join(', ')} chunks, found ${files.join(', ')}`);
    const out = new MagicString(code);
    const at = code.indexOf(INTERFACE_FILES);
    const relative = (f) => posix.relative(posix.dirname(chunk.fileName), f);
    // The core's own name first: the module checks that it is where the build put it (not bundled again).
    const names = [posix.basename(chunk.fileName), ...files.map(relative)];
    out.overwrite(at, at + INTERFACE_FILES.length, names.join(' '));
    return { code: out.toString(), map: out.generateMap({ hires: true }) };
  },
};

/** One pair for both builds: the player's notes the modules' exports, the entry's checks its own against them. */
const entryModules = entryModulesPlugins();

const player = {
  input: { [CORE_NAME]: 'src/core-chunk.ts' },
  // Rollup may export the core's internal names from the entry for the lazy chunks; the linked-core plugin takes them
  // out again (the entry file exports the public API and nothing else) and hands them over through the link chunk.
  preserveEntrySignatures: 'allow-extension',
  output: {
    dir: 'dist',
    format: 'es',
    // The link chunk is an emitted chunk (scripts/rollup-linked-core.mjs), named like the other chunks.
    entryFileNames: 'chunks/[name]-[hash].js',
    chunkFileNames: 'chunks/[name]-[hash].js',
    manualChunks: groupedChunks(),
    sourcemap: true,
  },
  onwarn(warning, warn) {
    // A bare Node built-in left in a chunk would fail in every browser: make it a build error.
    if (warning.code === 'UNRESOLVED_IMPORT') throw new Error(`Unresolved import in the build: ${warning.message}`);
    // @lingui/react ships a 'use client' directive: meaningless here.
    if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
    warn(warning);
  },
  plugins: [
    // The entry's own modules: read from the entry file, not copied into the core (scripts/rollup-entry-modules.mjs).
    entryModules.readEntryModules,
    browserObjectInspect,
    builtinSyncExternalStore,
    noBrowserLocation,
    replace({
      preventAssignment: true,
      values: {
        'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development'),
        __PLAYER_VERSION__: JSON.stringify(PACKAGE.version),
      },
    }),
    resolve({ browser: true, extensions: ['.mjs', '.js', '.ts', '.tsx', '.json'] }),
    commonjs(),
    production && minifyCss(),
    production && quietLingui,
    // esbuild resolves extension-less imports only for our own files, never inside node_modules
    // (it would bypass `browser` field maps there).
    esbuild({ include: /\.[jt]sx?$/, exclude: /node_modules/, target: 'es2022', jsx: 'automatic', minify: false }),
    production && linguiEntryIds(CORE_NAME),
    // Before the minifier: every chunk's `Array.from` and arrays' `entries()` are its own (old libraries replace them).
    ownArrayNatives(),
    production && terser({ format: { comments: false }, compress: { passes: 2 } }),
    interfaceFiles,
    linkedCore({ entryName: CORE_NAME }),
    // The core, its link and the first screens' groups: compiled as they arrive (the entry's build below too).
    production && compileHints([CORE_NAME, 'link', ...CHUNK_GROUPS.map(([name]) => name)]),
    {
      name: 'core-file',
      generateBundle(_options, bundle) {
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        coreFile = chunks.find((c) => c.isEntry && c.name === CORE_NAME)?.fileName;
        // The entry's own name first (src/element/first-requests.ts checks that it is where the build put it).
        firstFiles = `${ENTRY_NAME}.js navigation:${chunks.find((c) => c.name === 'interface')?.fileName}`;
        linkFile = chunks.find((c) => c.isEntry && c.name === 'link')?.fileName;
      },
    },
  ],
};

/** The core's and the link's file names, once the player's build has written them (the entry file imports them). */
let coreFile;
let firstFiles;
let linkFile;
const CORE_IMPORT = '\0ped-core';
const LINK_IMPORT = '\0ped-link';

/**
 * The entry file (src/entry.ts): the page's first requests (src/element/first-requests.ts and the pure modules it
 * reads, most of which it lends to the core: scripts/rollup-entry-modules.mjs), then `import()` of the core chunk by
 * its hashed name. Built after the player.
 */
const entry = {
  input: 'src/entry.ts',
  output: {
    dir: 'dist',
    format: 'es',
    entryFileNames: `${ENTRY_NAME}.js`,
    sourcemap: true,
    paths: (id) => {
      const file = id === CORE_IMPORT ? coreFile : id === LINK_IMPORT ? linkFile : id;
      if (!file) throw new Error('The entry is built after the core: no core or link file yet');
      return file === id ? id : `./${file}`;
    },
  },
  plugins: [
    {
      // The first screen's files by route (src/element/first-requests.ts).
      name: 'first-files',
      transform(code, id) {
        if (!/src[\\/]element[\\/]first-requests\.ts$/.test(id)) return null;
        if (!code.includes("'__PED_FIRST_FILES__'")) this.error('first-requests.ts names no __PED_FIRST_FILES__');
        if (!firstFiles || firstFiles.includes('undefined'))
          this.error('The entry is built after the core: no files yet');
        return { code: code.replace("'__PED_FIRST_FILES__'", JSON.stringify(firstFiles)), map: null };
      },
    },
    {
      name: 'core-import',
      resolveId: (id, importer) => {
        if (!importer || !/src[\\/]entry\.ts$/.test(importer)) return null;
        if (id === './core-chunk') return { id: CORE_IMPORT, external: true };
        return id === './link-chunk.js' ? { id: LINK_IMPORT, external: true } : null;
      },
    },
    replace({
      preventAssignment: true,
      values: {
        'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development'),
        __PLAYER_VERSION__: JSON.stringify(PACKAGE.version),
      },
    }),
    entryModules.lendEntryModules,
    resolve({ browser: true, extensions: ['.mjs', '.js', '.ts', '.json'] }),
    esbuild({ include: /\.[jt]sx?$/, exclude: /node_modules/, target: 'es2022', minify: false }),
    ownArrayNatives(),
    production && terser({ format: { comments: false }, compress: { passes: 2 } }),
    production && compileHints(['entry']),
  ],
};

/** Files copied into dist/: the iframe embed page, hostable anywhere beside the build. */
const STATIC_FILES = ['src/embed-page/embed.html', 'src/embed-page/embed.css'];
const staticFiles = {
  name: 'static-files',
  generateBundle() {
    for (const file of STATIC_FILES) {
      const source = readFileSync(file, 'utf8');
      this.emitFile({ type: 'asset', fileName: basename(file), source });
    }
  },
};

/**
 * A classic script beside the player that loads it (one small IIFE, no chunks, no imports): the build's entry file
 * name is written in.
 */
const classicScript = (input, fileName, ...plugins) => ({
  input,
  output: { dir: 'dist', entryFileNames: fileName, format: 'iife', sourcemap: false },
  plugins: [
    ...plugins,
    replace({
      preventAssignment: true,
      values: {
        __ENTRY_FILE__: JSON.stringify(`${ENTRY_NAME}.js`),
      },
    }),
    esbuild({ include: /\.ts$/, target: 'es2020', minify: false }),
    terser({ format: { comments: false } }),
  ],
});

/** The classic-script loader (src/loader/classic-loader.ts), with the iframe embed page's files. */
const loader = classicScript('src/loader/classic-loader.ts', `${ENTRY_NAME}.loader.js`, staticFiles);
/** The drop-in for the classic ViewMedica embed's `vm_open()` and `_vm` (src/loader/vm-compat.ts). */
const vmCompat = classicScript('src/loader/vm-compat.ts', `${ENTRY_NAME}.vm.js`);

export default [player, entry, loader, vmCompat];
