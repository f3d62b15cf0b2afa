// Bundles the menu's floor page script (bench/menu-floor.js, which imports bench/menu-floor-view.js: React 19 and
// React DOM) into dist/bench/: a small entry and the chunk it imports, minified, production React, as the player's
// build ships its own; the demo server sends them with brotli like the player's chunks.
import { build } from 'esbuild';

export async function buildMenuFloor(root = process.cwd()) {
  await build({
    entryPoints: [`${root}/bench/menu-floor.js`],
    outdir: `${root}/dist/bench`,
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    target: 'es2022',
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
    logLevel: 'warning',
  });
}
