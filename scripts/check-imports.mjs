// Imports run one way: `npm test` fails on an import (type imports and `import()` included) from a lower layer of
// src/ to a higher one, and on an import cycle between files. The layer order is written here once, lowest first; a
// folder may import its own layer and any layer listed before it.
//
// Usage: node scripts/check-imports.mjs [--report]   (--report prints the folder-to-folder import counts as well)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** Lowest first. A folder of src/ (or `index` for src/index.ts) per entry; folders on one line share a layer. */
export const LAYERS = [
  ['core'], // names, events, the clock, script URL: no knowledge of anything above
  ['i18n', 'preferences'], // languages, catalogs; preference rules and storage
  ['content'], // the provider's API: requests, validation, normalisation
  ['state'], // per-player valtio state and resource slots
  ['routing'], // paths, redirects, navigation rules, the route table, modal names (data only)
  ['playback'], // the engine, its state machine, rules, adapters
  ['commands'], // the command table and its executor: every transport and the UI go through it
  ['ui'], // presentational React components
  ['screens', 'search', 'annotation'], // React screens and lazy features
  ['app'], // the controller and the React root: puts the layers together
  ['element', 'loader', 'embed-page'], // the custom element and its transports; the classic loader
  ['index', 'core-chunk', 'entry', 'react-jsx'], // the public API, the core's chunk, the entry file; the JSX types
];

const SRC = resolve('src');
const layerOf = new Map(LAYERS.flatMap((names, rank) => names.map((name) => [name, rank])));

function files(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...files(p));
    else if (/\.(ts|tsx|js|mjs)$/.test(name) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** `src/a/b.ts` -> `a`; `src/index.ts` -> `index`. Files outside src/ (locales, generated) have no layer. */
function folderOf(file) {
  const rel = relative(SRC, file);
  if (rel.startsWith('..')) return undefined;
  const parts = rel.split(/[\\/]/);
  return parts.length === 1 ? parts[0].replace(/\.[^.]+$/, '') : parts[0];
}

function resolveImport(from, spec) {
  if (!spec.startsWith('.')) return undefined; // packages are not layers
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}.js`, join(base, 'index.ts')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return undefined;
}

export function analyse() {
  const all = files(SRC);
  const graph = new Map();
  const upward = [];
  const counts = new Map();
  for (const file of all) {
    const source = readFileSync(file, 'utf8');
    // TypeScript's own pre-parser: import and export declarations (`import type` too) and `import()` calls.
    const { importedFiles } = ts.preProcessFile(source, true, true);
    const targets = [];
    for (const { fileName } of importedFiles) {
      const target = resolveImport(file, fileName);
      if (!target) continue;
      targets.push(target);
      const a = folderOf(file);
      const b = folderOf(target);
      if (b === undefined || a === b) continue;
      const key = `${a} -> ${b}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      const ra = layerOf.get(a);
      const rb = layerOf.get(b);
      if (ra === undefined) upward.push(`${relative('.', file)}: its folder "${a}" has no layer in LAYERS`);
      else if (rb === undefined) upward.push(`${relative('.', target)}: its folder "${b}" has no layer in LAYERS`);
      else if (rb > ra)
        upward.push(`${relative('.', file)} -> ${relative('.', target)} (${a} imports ${b}, a higher layer)`);
    }
    graph.set(file, targets);
  }
  return { upward: [...new Set(upward)], cycles: cyclesOf(graph), counts };
}

/** The strongly connected components of more than one file (Tarjan's algorithm, iterative). */
function cyclesOf(graph) {
  let index = 0;
  const indexOf = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const out = [];
  for (const start of graph.keys()) {
    if (indexOf.has(start)) continue;
    const work = [[start, 0]];
    indexOf.set(start, index);
    low.set(start, index++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1];
      const [node, i] = frame;
      const next = graph.get(node) ?? [];
      if (i < next.length) {
        frame[1]++;
        const to = next[i];
        if (!graph.has(to)) continue;
        if (!indexOf.has(to)) {
          indexOf.set(to, index);
          low.set(to, index++);
          stack.push(to);
          onStack.add(to);
          work.push([to, 0]);
        } else if (onStack.has(to)) low.set(node, Math.min(low.get(node), indexOf.get(to)));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === indexOf.get(node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(relative('.', member));
        } while (member !== node);
        if (component.length > 1) out.push(component.sort());
      }
    }
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { upward, cycles, counts } = analyse();
  if (process.argv.includes('--report')) {
    for (const [key, n] of [...counts].sort()) console.log(`${key}: ${n}`);
  }
  for (const line of upward) console.error(`upward import: ${line}`);
  for (const cycle of cycles) console.error(`import cycle of ${cycle.length} files: ${cycle.join(', ')}`);
  if (upward.length || cycles.length) {
    const found = `${upward.length} upward imports, ${cycles.length} cycles`;
    console.error(`check-imports: ${found} (layer order in scripts/check-imports.mjs)`);
    process.exit(1);
  }
  console.log('check-imports: every import runs down the layers; no cycles');
}
