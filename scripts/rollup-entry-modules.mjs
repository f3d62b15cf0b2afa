// Rollup plugins: the core reads the entry file's own modules instead of carrying copies of them.
//
// The entry file (src/entry.ts, a build of its own) holds the pure modules the page's first requests need (the routes,
// the preference layers, the provider's URLs, ...), and the core (chunks/core-<hash>.js) used to hold a second copy
// of each: the core never imports the entry, whose URL a page may write with a query (a second copy of it would run;
// scripts/rollup-linked-core.mjs). Instead, here:
// - `lendEntryModules` (the entry's build): the entry file, before anything else, puts the exports of each module of
//   ENTRY_MODULES in an array (by module, then by export name) under a registered symbol on the page's custom element
//   registry, keyed by the build (the first copy of one build keeps its own: the copies are the same code, and the
//   one module with state, src/core/script-url.ts, takes the URL of the copy that defines the element; on the window
//   instead, under the same symbol, when the page froze its registry: src/core/page-slot.ts). Not keyed by
//   folder: a bundler that bundles the build again moves its chunks, and a literal `new URL('./', import.meta.url)`
//   is a file reference to bundlers;
// - `readEntryModules` (the player's build): every import of such a module resolves to a small module that takes its
//   exports from that array as the core evaluates (after the entry file, which imports it, has run). Nothing else
//   changes: the modules are the same code, their state is the entry's instance (one per build on a page, not two).
// The player's build runs first and notes each module's export names; the entry's build fails if its own differ.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve as resolvePath } from 'node:path';
import MagicString from 'magic-string';

/**
 * The modules the core reads from the entry: the entry uses (nearly) all of each, so lending them costs the entry
 * almost nothing (the core's own parts live in modules of their own: the navigation rules beside the route grammar,
 * storage's writers beside its reader). Modules of which the entry needs a small part only (the lazy start, the
 * profile's model, the early video) stay copied: lending them would make the entry keep all of them.
 */
export const ENTRY_MODULES = [
  'src/core/next-task.ts',
  'src/core/tag-name.ts',
  'src/core/script-url.ts',
  'src/content/url.ts',
  'src/content/hosts.ts',
  'src/preferences/defaults.ts',
  'src/preferences/query.ts',
  'src/preferences/merge.ts',
  'src/routing/modals.ts',
  'src/routing/routes.ts',
  'src/preferences/storage.ts',
  'src/content/api-calls.ts',
  'src/content/read-body.ts',
  'src/content/read-dto.ts',
  'src/content/source-hint.ts',
  'src/content/early-requests.ts',
  'src/element/attributes.ts',
  'src/app/embed-route.ts',
  'src/element/element-kit.ts',
  'src/element/player-element.ts',
];

const READER_ID = '\0ped-entry-modules';
const BRIDGE_PREFIX = '\0ped-entry-module:';
const KEY = 'patient-ed-player.entry-modules';

export function entryModulesPlugins(root = process.cwd()) {
  const files = ENTRY_MODULES.map((p) => resolvePath(root, p));
  // The lent modules' home (the registry, or the window when a page froze it): copied into the entry and the core.
  const slotFile = resolvePath(root, 'src/core/page-slot.ts');
  const index = new Map(files.map((f, i) => [f, i]));
  // The build's key, from all it is built from (src/, the package and its lockfile): a page may hold two builds, and
  // a core reads only its own build's entry (which exports it lends depends on the whole core).
  const hash = createHash('sha1');
  const sources = readdirSync(resolvePath(root, 'src'), { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => resolvePath(d.parentPath ?? d.path, d.name))
    .sort();
  for (const f of [...sources, resolvePath(root, 'package.json'), resolvePath(root, 'package-lock.json')])
    hash.update(f.slice(root.length)).update(readFileSync(f));
  const build = hash.digest('base64url').slice(0, 10);
  /** Export names per module, sorted, as the player's build read them. */
  const lent = new Map();
  const exportsOf = async (ctx, file) => {
    const info = await ctx.load({ id: file });
    if (!info.exports) ctx.error(`${file}: no exports known`);
    if (info.exports.includes('default')) ctx.error(`${file}: a default export cannot be lent`);
    return [...info.exports].sort();
  };

  const readEntryModules = {
    name: 'read-entry-modules',
    async resolveId(source, importer, options) {
      if (source === READER_ID) return source;
      if (!importer || importer.startsWith('\0') || source.startsWith('\0')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      const at = resolved && index.get(resolved.id);
      return at === undefined ? resolved : `${BRIDGE_PREFIX}${at}`;
    },
    async load(id) {
      if (id === READER_ID)
        return (
          `import { slotHolder } from ${JSON.stringify(slotFile)};\n` +
          `const key = Symbol.for(${JSON.stringify(KEY)});\n` +
          `const all = slotHolder(key)[key]?.[${JSON.stringify(build)}];\n` +
          `export function entryModule(i) {\n` +
          `  const m = all?.[i];\n` +
          `  if (!m) throw new Error('patient-ed-player: the core ran without its entry file');\n` +
          `  return m;\n}\n`
        );
      if (!id.startsWith(BRIDGE_PREFIX)) return null;
      const at = Number(id.slice(BRIDGE_PREFIX.length));
      const names = await exportsOf(this, files[at]);
      lent.set(at, { names, used: new Set() });
      return (
        `import { entryModule } from ${JSON.stringify(READER_ID)};\nconst m = entryModule(${at});\n` +
        names.map((name, i) => `export const ${name} = m[${i}];`).join('\n')
      );
    },
    // The exports the player's chunks kept: the entry lends those only (a hole for the others).
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        for (const [id, module] of Object.entries(chunk.modules)) {
          if (!id.startsWith(BRIDGE_PREFIX)) continue;
          const read = lent.get(Number(id.slice(BRIDGE_PREFIX.length)));
          for (const name of module.renderedExports) read.used.add(name);
        }
      }
    },
  };

  const lendEntryModules = {
    name: 'lend-entry-modules',
    async transform(code, id) {
      if (!/src[\\/]entry\.ts$/.test(id)) return null;
      const imports = [];
      const arrays = [];
      for (const [at, file] of files.entries()) {
        const names = await exportsOf(this, file);
        const read = lent.get(at);
        if (!read) this.error('The entry is built after the player: no modules read yet');
        if (read.names.join() !== names.join())
          this.error(`${ENTRY_MODULES[at]}: the core read other exports (${read.names}) than the entry has (${names})`);
        const used = names.map((n, i) => [n, i]).filter(([n]) => read.used.has(n));
        imports.push(
          `import { ${used.map(([n, i]) => `${n} as __pedLent${at}_${i}`).join(', ')} } from ${JSON.stringify(file)};`,
        );
        arrays.push(`[${names.map((n, i) => (read.used.has(n) ? `__pedLent${at}_${i}` : '')).join(', ')}]`);
      }
      imports.push(`import { slotHolder as __pedSlot } from ${JSON.stringify(slotFile)};`);
      const lend =
        `{ const key = Symbol.for(${JSON.stringify(KEY)}); const lent = (__pedSlot(key)[key] ??= {}); ` +
        `lent[${JSON.stringify(build)}] ??= [${arrays.join(', ')}]; }\n`;
      const out = new MagicString(code).prepend(`${imports.join('\n')}\n${lend}`);
      return { code: out.toString(), map: out.generateMap({ hires: true }) };
    },
  };
  return { readEntryModules, lendEntryModules };
}
