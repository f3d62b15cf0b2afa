// Rollup plugin: the core is the entry of the player's build (chunks/core-<hash>.js, imported by the entry file,
// src/entry.ts, a build of its own), and the lazy chunks reach it through a small `link` chunk instead of importing it.
//
// Why: a page may load the entry under any URL (`patient-ed-player.js?ver=9.0.76`: WordPress adds it to every script;
// two plugins, a CDN and a self-hosted copy). A chunk that imported the entry as `../patient-ed-player.js` would make
// the browser evaluate a second copy of it, whose state the first copy cannot read. (The core's URL has no query now,
// but the link keeps each copy's chunks to the copy that defined the element.) Here, in the core's build:
// - in the entry: the internal names Rollup exported for the chunks are not exported (the entry exports the public API
//   only); `__pedLinkCore()` (src/element/core-link.ts calls it, in the copy that defined the element) imports the link
//   chunk and hands it those names; every `import("./chunks/…")` of a chunk that needs them waits for that
//   (`__pedImport`), so no chunk runs before its core is linked. The link chunk's URL has no query, so every copy in
//   one folder finds one link, and only the copy that defined the element fills it in;
// - in every other chunk: `import { a as b } from "../patient-ed-player.js"` becomes
//   `import { g } from "./link-<hash>.js"; const { a: b } = g();`.
// A chunk reads each name once, as it runs (a copy, not a live binding): the build fails if a name handed over is ever
// assigned after its declaration, or if a chunk imports the entry any other way (a namespace, a re-export, `import()`).
import { posix } from 'node:path';
import MagicString from 'magic-string';
import { walk } from './estree-walk.mjs';

const LINK_ID = '\0ped-core-link';
const LINK_NAME = 'link';
const LINK_SOURCE = `let core;
/** Set once, by the copy of the build that defined the element. */
export const s = (c) => { core ??= c; };
/** What every lazy chunk imports from the entry (scripts/rollup-linked-core.mjs). */
export const g = () => {
  if (!core) throw new Error('patient-ed-player: a chunk ran before the player linked it');
  return core;
};
`;

/** The import specifier of file `to` in file `from` (both relative to the output folder). */
const rel = (from, to) => {
  const r = posix.relative(posix.dirname(from), to);
  return r.startsWith('.') ? r : `./${r}`;
};

export default function linkedCore({ entryName }) {
  let linkRef;
  let entryFile;
  return {
    name: 'linked-core',
    buildStart() {
      linkRef = this.emitFile({ type: 'chunk', id: LINK_ID, name: LINK_NAME, preserveSignature: 'strict' });
    },
    resolveId: (id) => (id === LINK_ID ? id : null),
    load: (id) => (id === LINK_ID ? LINK_SOURCE : null),
    renderStart() {
      entryFile = undefined;
    },
    renderChunk(code, chunk, _options, { chunks }) {
      if (chunk.isEntry && chunk.name === LINK_NAME && chunk.facadeModuleId === LINK_ID) return null;
      const linkFile = this.getFileName(linkRef);
      const ast = this.parse(code);
      const out = new MagicString(code);
      if (chunk.isEntry && chunk.name === entryName) {
        entryFile = chunk.fileName;
        const publicNames = new Set(this.getModuleInfo(chunk.facadeModuleId).exports ?? []);
        const internals = [];
        for (const node of ast.body) {
          if (node.type !== 'ExportNamedDeclaration' || node.source || node.declaration) continue;
          const kept = [];
          for (const s of node.specifiers) {
            if (publicNames.has(s.exported.name)) kept.push(code.slice(s.start, s.end));
            else internals.push([s.exported.name, s.local.name]);
          }
          out.overwrite(node.start, node.end, kept.length ? `export{${kept.join(',')}};` : '');
        }
        // A chunk reads each name once, when it runs: only names never assigned after their declaration may be handed
        // over (any assignment to such a name anywhere, even to a local of that name, fails the build: the safe side).
        const declared = new Set();
        for (const node of ast.body)
          if (node.type === 'VariableDeclaration' && node.kind !== 'const')
            for (const d of node.declarations) walk(d.id, (n) => n.type === 'Identifier' && declared.add(n.name));
        const mutable = new Set();
        const assigned = (target) =>
          walk(target, (n) => n.type === 'Identifier' && declared.has(n.name) && mutable.add(n.name));
        walk(ast, (n) => {
          if (n.type === 'AssignmentExpression') assigned(n.left);
          else if (n.type === 'UpdateExpression') assigned(n.argument);
          else if (
            (n.type === 'ForInStatement' || n.type === 'ForOfStatement') &&
            n.left.type !== 'VariableDeclaration'
          )
            assigned(n.left);
        });
        const bad = internals.filter(([, local]) => mutable.has(local)).map(([, local]) => local);
        if (bad.length)
          this.error(`The lazy chunks import variables that are not constants from the entry: ${bad.join(', ')}`);
        // Every chunk the entry imports that needs the core (it, or a chunk it imports, imports the entry) waits for
        // the link; the others (the catalogs, the JSON parser) load at once.
        const needsCore = (file, seen = new Set()) => {
          if (seen.has(file)) return false;
          seen.add(file);
          const imports = chunks[file]?.imports ?? [];
          return imports.includes(chunk.fileName) || imports.some((i) => needsCore(i, seen));
        };
        walk(ast, (n) => {
          if (n.type !== 'ImportExpression') return;
          if (n.source.type !== 'Literal' || typeof n.source.value !== 'string')
            this.error('The entry imports a chunk by a computed URL');
          const file = posix.join(posix.dirname(chunk.fileName), n.source.value);
          if (!chunks[file]) this.error(`The entry imports ${n.source.value}, which is no chunk of the build`);
          if (!needsCore(file)) return;
          out.prependLeft(n.start, '__pedImport(()=>');
          out.appendRight(n.end, ')');
        });
        if (/\b(__pedLink|__pedLinkNow|__pedImport|__pedLinkModule)\b/.test(code))
          this.error('The entry already uses a name of the link');
        const names = internals.map(([exported, local]) => `${exported}:${local}`).join(',');
        const link = JSON.stringify(rel(chunk.fileName, linkFile));
        // The link's import() starts in a microtask, after the task that defines the element: a page's first
        // import() takes 3-4 ms of the main thread on a slow machine, which the player's first requests no longer
        // wait for (a chunk asked for in that task still waits for the link).
        out.append(
          `\nvar __pedLink;` +
            `function __pedLinkNow(){return import(${link}).then(__pedLinkModule=>{__pedLinkModule.s({${names}})})}` +
            `function __pedLinkCore(){__pedLink=Promise.resolve().then(__pedLinkNow)}` +
            `function __pedImport(load){return __pedLink?(__pedLink=__pedLink.catch(__pedLinkNow)).then(load):load()}`,
        );
      } else {
        const core = Object.values(chunks).find((c) => c.isEntry && c.name === entryName);
        if (!core) this.error(`No entry chunk named ${entryName}`);
        const entryPath = rel(chunk.fileName, core.fileName);
        const taken = [];
        for (const node of ast.body) {
          const from = node.source?.value;
          if (from !== entryPath) continue;
          if (node.type !== 'ImportDeclaration') this.error(`${chunk.fileName} re-exports from the entry`);
          for (const s of node.specifiers) {
            if (s.type !== 'ImportSpecifier') this.error(`${chunk.fileName} imports the entry's namespace or default`);
            taken.push(`${s.imported.name}:${s.local.name}`);
          }
          out.remove(node.start, node.end);
        }
        walk(ast, (n) => {
          if (n.type === 'ImportExpression' && n.source.value === entryPath)
            this.error(`${chunk.fileName} imports the entry dynamically`);
        });
        if (!out.hasChanged()) return null;
        // A bare `import "../patient-ed-player.js"` (no names) is dropped: the entry has run before any chunk.
        if (taken.length) {
          if (/\b__pedCore\b/.test(code)) this.error(`${chunk.fileName} already uses the name __pedCore`);
          const link = JSON.stringify(rel(chunk.fileName, linkFile));
          out.prepend(`import{g as __pedCore}from${link};const{${taken.join(',')}}=__pedCore();`);
        }
      }
      return { code: out.toString(), map: out.generateMap({ hires: true }) };
    },
    generateBundle() {
      if (!entryFile) this.error(`No entry chunk named ${entryName}`);
    },
  };
}
