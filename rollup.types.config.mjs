/**
 * The package's public declarations as one file (`npm run build:types`, after `tsc -p tsconfig.types.json`).
 *
 * tsc writes a declaration per module into .tmp/types/ (with `stripInternal`); rollup-plugin-dts bundles the ones the
 * entry's declaration reaches into dist/types/patient-ed-player.d.ts, the `types` of package.json. One file has no
 * relative imports, so it resolves the same under every `moduleResolution` (per-module declarations have
 * extensionless relative imports, which `node16` / `nodenext` do not resolve), and none of the modules that the
 * public API never reaches (those importing fabric, React or Lingui) ships.
 *
 * The bundle must keep the `declare global` that types `document.querySelector('patient-ed-player')` and the
 * `declare module 'react'` of src/react-jsx.ts (`<patient-ed-player>` in React's JSX), and import no package: a host
 * compiles it with `skipLibCheck: false` whether or not it has `@types/react` (scripts/check-package.mjs).
 */
import { readFileSync } from 'node:fs';
import { dts } from 'rollup-plugin-dts';

const SOURCE = 'src/index.ts';
const INPUT = '.tmp/types/src/index.d.ts';
const OUTPUT = 'dist/types/patient-ed-player.d.ts';

/** The names in `export { ... }` / `export type { ... }` lists (`a as b` gives `b`). */
const exportedNames = (code) =>
  [...code.matchAll(/^export\s+(?:type\s+)?\{([^}]*)\}/gm)].flatMap((m) =>
    m[1]
      .split(',')
      .map((s) =>
        s
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)
          .pop(),
      )
      .filter(Boolean),
  );

/** Fails the build when the bundled declarations lose a public export or an augmentation, or name a module. */
const checkDeclarations = {
  name: 'check-declarations',
  generateBundle(_, bundle) {
    const file = Object.values(bundle).find((f) => f.type === 'chunk' && f.isEntry);
    if (!file) return this.error('no declaration file was written');
    const code = file.code;
    const problems = [];
    const bundled = new Set(exportedNames(code));
    const missing = exportedNames(readFileSync(SOURCE, 'utf8')).filter((name) => !bundled.has(name));
    if (missing.length) problems.push(`exports of ${SOURCE} missing: ${missing.join(', ')}`);
    if (
      !/declare global \{\s*interface HTMLElementTagNameMap \{\s*'patient-ed-player': PatientEdPlayerElement;/.test(
        code,
      )
    ) {
      problems.push("`declare global { interface HTMLElementTagNameMap { 'patient-ed-player': ... } }` is missing");
    }
    if (
      !new RegExp(
        /declare module 'react' \{\s*namespace JSX \{\s*/.source +
          /interface IntrinsicElements \{\s*'patient-ed-player': PatientEdPlayerJsxProps;/.source,
      ).test(code)
    ) {
      problems.push("`declare module 'react' { namespace JSX { ... } }` (src/react-jsx.ts) is missing");
    }
    const specifiers = new RegExp(
      [
        /^\s*(?:import|export)\b[^;'"]*?(?:\bfrom\s*)?['"]([^'"]+)['"]/, // import ... from 'x', export ... from 'x'
        /\bimport\s*\(\s*['"]([^'"]+)['"]/, // import('x')
        /\/\/\/\s*<reference\s+(?:types|path)=['"]([^'"]+)['"]/, // /// <reference types="x" />
      ]
        .map((r) => r.source)
        .join('|'),
      'gm',
    );
    for (const m of code.matchAll(specifiers)) problems.push(`the declarations import "${m[1] ?? m[2] ?? m[3]}"`);
    if (problems.length) this.error(`${OUTPUT}: ${problems.join('; ')}`);
  },
};

export default {
  input: INPUT,
  output: { file: OUTPUT, format: 'es' },
  plugins: [dts({ tsconfig: 'tsconfig.types.json' }), checkDeclarations],
};
