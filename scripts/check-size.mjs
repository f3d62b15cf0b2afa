// Size budgets, checked by `npm test` (min+gzip):
// - the entry chunk, what a page pays before anything starts (the element, its controller and the route's first
//   requests; no React): at most 24 kB;
// - the first screen: the entry plus the interface chunk it requests at once (React DOM, the player's React tree and
//   the menu screen), at most 98 kB.
// Other lazy chunks are reported, not budgeted here. The playback chunk must import the entry only (no React DOM on
// the way to the first frame).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const ENTRY = 'dist/patient-ed-player.js';
export const ENTRY_BUDGET = 24 * 1024;
export const FIRST_SCREEN_BUDGET = 98 * 1024;

/** The chunk files a minified chunk imports statically (`import ... from "x"` and `import "x"`, not `import()`). */
export const staticImports = (code) => [...new Set([...code.matchAll(/(?:\bfrom|\bimport)\s*"([^"]+)"/g)].map((m) => m[1]))];

export function sizes(dir = 'dist') {
  const files = [];
  const walk = (d) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (p.endsWith('.js')) files.push(p);
    }
  };
  walk(dir);
  const gz = (p) => gzipSync(readFileSync(p), { level: 9 }).length;
  const entry = gz(ENTRY);
  const interfaceFiles = files.filter((p) => /[\\/]chunks[\\/]interface-[\w-]+\.js$/.test(p));
  if (interfaceFiles.length !== 1) throw new Error(`Expected one interface chunk in ${dir}/chunks, found ${interfaceFiles.length}`);
  const firstScreen = entry + gz(interfaceFiles[0]);
  // No React in the entry: the element, its controller and the first requests do not wait for it.
  const reactInEntry = JSON.parse(readFileSync(`${ENTRY}.map`, 'utf8')).sources.filter((s) => /node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(s));
  if (reactInEntry.length) throw new Error(`React reached the entry chunk: ${reactInEntry.join(', ')}`);
  // The playback chunk (engine, playlist reader, html5 adapter) must not wait for React: it imports the entry only.
  const playbackFiles = files.filter((p) => /[\\/]chunks[\\/]playback-[\w-]+\.js$/.test(p));
  if (playbackFiles.length !== 1) throw new Error(`Expected one playback chunk in ${dir}/chunks, found ${playbackFiles.length}`);
  const playbackImports = staticImports(readFileSync(playbackFiles[0], 'utf8')).filter((i) => i !== '../patient-ed-player.js');
  if (playbackImports.length) throw new Error(`The playback chunk must import the entry only (the first frame never waits for React DOM); it imports ${playbackImports.join(', ')}`);
  const total = files.reduce((n, p) => n + gz(p), 0);
  return { entry, firstScreen, total, files: files.length };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { entry, firstScreen, total, files } = sizes();
  const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
  console.log(
    `Entry ${ENTRY}: ${kb(entry)} min+gzip (budget ${kb(ENTRY_BUDGET)}); with the interface chunk: ${kb(firstScreen)} (budget ${kb(FIRST_SCREEN_BUDGET)}); all ${files} chunks: ${kb(total)}`,
  );
  const over = [
    entry > ENTRY_BUDGET && `the entry chunk is ${kb(entry)}, over ${kb(ENTRY_BUDGET)}`,
    firstScreen > FIRST_SCREEN_BUDGET && `the entry and the interface chunk are ${kb(firstScreen)}, over ${kb(FIRST_SCREEN_BUDGET)}`,
  ].filter(Boolean);
  if (over.length) {
    console.error(`Size budget exceeded: ${over.join('; ')}.`);
    process.exit(1);
  }
}
