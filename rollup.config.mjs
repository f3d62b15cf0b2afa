import commonjs from '@rollup/plugin-commonjs';
import resolve from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import esbuild from 'rollup-plugin-esbuild';
import linguiEntryIds from './scripts/rollup-lingui-ids.mjs';

const production = process.env.NODE_ENV !== 'development';

/**
 * wouter reaches React's useSyncExternalStore through the `use-sync-external-store` shim (for React < 18);
 * React 19 has it built in, so the shim (2.3 kB) stays out of the entry.
 */
const SHIM = 'use-sync-external-store/shim/index.js';
const builtinSyncExternalStore = {
  name: 'builtin-use-sync-external-store',
  resolveId: (id) => (id === SHIM ? `\0${SHIM}` : null),
  load: (id) => (id === `\0${SHIM}` ? "export { useSyncExternalStore } from 'react';" : null),
};

export default {
  input: { 'patient-ed-player': 'src/index.ts' },
  // Keep the entry's exports on the entry chunk itself (no facade file).
  preserveEntrySignatures: 'allow-extension',
  output: {
    dir: 'dist',
    format: 'es',
    entryFileNames: '[name].js',
    chunkFileNames: 'chunks/[name]-[hash].js',
    sourcemap: true,
  },
  onwarn(warning, warn) {
    // @lingui/react ships a 'use client' directive: meaningless here.
    if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
    warn(warning);
  },
  plugins: [
    builtinSyncExternalStore,
    replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') } }),
    resolve({ browser: true, extensions: ['.mjs', '.js', '.ts', '.tsx', '.json'] }),
    commonjs(),
    // esbuild resolves extension-less imports only for our own files, never inside node_modules
    // (it would bypass `browser` field maps there).
    esbuild({ include: /\.[jt]sx?$/, exclude: /node_modules/, target: 'es2022', jsx: 'automatic', minify: false }),
    production && linguiEntryIds(),
    production && terser({ format: { comments: false }, compress: { passes: 2 } }),
  ],
};
