// Size budget, checked by `npm test`: the entry chunk (what a page pays on first load) at most 92 kB
// min+gzip. Lazy chunks are reported, not budgeted here.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const ENTRY = 'dist/patient-ed-player.js';
export const ENTRY_BUDGET = 92 * 1024;

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
  const total = files.reduce((n, p) => n + gz(p), 0);
  return { entry, total, files: files.length };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { entry, total, files } = sizes();
  const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
  console.log(`Entry ${ENTRY}: ${kb(entry)} min+gzip (budget ${kb(ENTRY_BUDGET)}); all ${files} chunks: ${kb(total)}`);
  if (entry > ENTRY_BUDGET) {
    console.error(`Size budget exceeded: the entry chunk is ${kb(entry)}, over ${kb(ENTRY_BUDGET)}.`);
    process.exit(1);
  }
}
