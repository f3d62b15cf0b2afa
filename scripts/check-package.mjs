// The package as a host project gets it (npm test runs this after the build; it reads dist/, never writes it):
// 1. `npm pack` (into a temporary folder): the tarball holds the entry, every chunk the entry reaches (static and
//    dynamic imports), the classic loader and the ViewMedica drop-in, the declarations, custom-elements.json, README.md
//    and docs/api.md, and nothing of src/, test/, demo/, scripts/ or node_modules/. The declarations are one file, the
//    `types` entry (dist/types/patient-ed-player.d.ts, bundled by rollup.types.config.mjs): no relative imports, which
//    `node16` / `nodenext` would need with extensions, and no per-module declarations of internals. They import no
//    other package (only `declare module 'react'`, which adds the element to React's JSX when a host has React's
//    types).
// 2. A host project installs the tarball (`npm install --offline`, nothing else: the build bundles every dependency, so
//    the package has none) and resolves `patient-ed-player`, `/loader`, `/vm`, `/custom-elements.json` and
//    `/package.json`; a bundler (esbuild) bundles `import 'patient-ed-player'` there, taking every chunk from the
//    installed package.
// 3. TypeScript in that project, with `skipLibCheck: false` and the strict options of
//    test/types/consumer/tsconfig.json, compiles test/types/consumer/plain-host.test-d.ts with no @types/react
//    installed (resolution `Bundler`, `Node10` through the `types` field, and `"module": "NodeNext"` with
//    `"moduleResolution": "NodeNext"`, as `tsc --init` writes them, in the host's `"type": "module"` package) and
//    react-host.test-d.tsx with the repository's @types/react linked in (`Bundler` and `NodeNext`).
//
// Usage: node scripts/check-package.mjs [--dir <package folder>] [--keep]
//   --dir   the folder to pack (default: this repository); the type tests and TypeScript come from this repository
//   --keep  keep the temporary folder (tarball, host project) and print where it is
import { execFileSync, spawn } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
  copyFileSync,
  mkdirSync,
  statSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, posix, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Script } from 'node:vm';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const PKG_DIR = resolve(option('--dir') ?? ROOT);
const KEEP = args.includes('--keep');

const NAME = 'patient-ed-player';
const ENTRY = 'dist/patient-ed-player.js';
/** The one declaration file of the package (rollup.types.config.mjs): package.json "types" and exports["."].types. */
const TYPES = 'dist/types/patient-ed-player.d.ts';
const LOADER = 'dist/patient-ed-player.loader.js';
/** The drop-in for the classic ViewMedica embed (`vm_open()`, `_vm`): a classic script that loads the entry too. */
const VM = 'dist/patient-ed-player.vm.js';
const REQUIRED = ['package.json', 'README.md', 'custom-elements.json', 'docs/api.md', ENTRY, LOADER, VM];
const FORBIDDEN = [
  /^(src|test|demo|bench|scripts|stubs|locales|node_modules|\.tmp|tmp)\//,
  /\.tgz$/,
  /(^|\/)tsconfig[^/]*\.json$/,
  /\.test(-d)?\.[jt]sx?$/,
];
/** Packages the declarations may name: only as `declare module 'react'` (React's JSX, when the host has its types). */
const ALLOWED_BARE = new Set(['react']);
const CONSUMER = join(ROOT, 'test/types/consumer');

const problems = [];
const fail = (message) => problems.push(message);
const npm = (argv, cwd) =>
  execFileSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', argv, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
const kb = (n) => `${(n / 1024).toFixed(0)} kB`;

const work = mkdtempSync(join(tmpdir(), `${NAME}-package-`));
try {
  await main();
} finally {
  if (KEEP) console.log(`Kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}
if (problems.length) {
  console.error(`Package check failed:\n${problems.map((p) => `- ${p}`).join('\n')}`);
  process.exit(1);
}

async function main() {
  const pkg = JSON.parse(readFileSync(join(PKG_DIR, 'package.json'), 'utf8'));

  // 1. The tarball's files.
  const [packed] = JSON.parse(npm(['pack', '--json', '--ignore-scripts', '--pack-destination', work], PKG_DIR));
  const tarball = join(work, packed.filename);
  const files = new Set(packed.files.map((f) => f.path));
  for (const path of REQUIRED) if (!files.has(path)) fail(`${path} is not in the package`);
  for (const path of files) if (FORBIDDEN.some((re) => re.test(path))) fail(`${path} should not be in the package`);

  const typesEntry = posix.normalize(pkg.types ?? '');
  const exportsTargets = Object.entries(pkg.exports ?? {}).flatMap(([key, target]) =>
    typeof target === 'string'
      ? [[key, target]]
      : Object.entries(target).map(([condition, t]) => [`${key} (${condition})`, t]),
  );
  if (!pkg.types) fail('package.json has no "types"');
  else if (typesEntry !== TYPES)
    fail(`package.json "types" should be "${TYPES}" (the bundled declarations), not "${pkg.types}"`);
  const packedDeclarations = [...files].filter((p) => /\.d\.[cm]?ts$/.test(p));
  if (packedDeclarations.join() !== TYPES) {
    fail(
      `the package's declarations should be ${TYPES} alone (bundled by rollup.types.config.mjs); ` +
        `packed: ${packedDeclarations.join(', ') || 'none'}`,
    );
  }
  if (pkg.exports?.['.']?.types !== `./${typesEntry}`)
    fail(`exports["."].types should be "./${typesEntry}" (the "types" field)`);
  if (pkg.exports?.['.']?.default !== `./${ENTRY}`) fail(`exports["."].default should be "./${ENTRY}"`);
  if (pkg.exports?.['./loader'] !== `./${LOADER}`) fail(`exports["./loader"] should be "./${LOADER}"`);
  if (pkg.exports?.['./vm'] !== `./${VM}`) fail(`exports["./vm"] should be "./${VM}"`);
  for (const [key, target] of exportsTargets)
    if (!files.has(posix.normalize(target))) fail(`exports ${key}: ${target} is not in the package`);
  for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies']) {
    if (Object.keys(pkg[field] ?? {}).length)
      fail(
        `package.json "${field}" would be installed with the prebuilt bundle: ${Object.keys(pkg[field]).join(', ')}`,
      );
  }

  // Every chunk the entry reaches, statically or by import(), and each source map a file names.
  const read = (path) => readFileSync(join(PKG_DIR, path), 'utf8');
  const reached = new Set();
  const queue = files.has(ENTRY) ? [ENTRY] : [];
  while (queue.length) {
    const file = queue.shift();
    if (reached.has(file)) continue;
    reached.add(file);
    const code = read(file);
    for (const m of code.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["'](\.\.?\/[^"']+)["']/g)) {
      const target = posix.join(posix.dirname(file), m[1]);
      if (!files.has(target)) fail(`${file} imports ${m[1]}, which is not in the package`);
      else if (!reached.has(target)) queue.push(target);
    }
  }
  const packedJs = [...files].filter((p) => p.startsWith('dist/') && p.endsWith('.js'));
  for (const file of packedJs) {
    const map = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(read(file))?.[1];
    if (map && !map.startsWith('data:') && !files.has(posix.join(posix.dirname(file), map)))
      fail(`${file} names ${map}, which is not in the package`);
  }
  const unreached = packedJs.filter((p) => p.startsWith('dist/chunks/') && !reached.has(p));
  if (unreached.length) {
    const why = 'left over from an earlier build? `npm run build` empties dist/';
    fail(`chunks the entry never imports (${why}): ${unreached.join(', ')}`);
  }
  const onDisk = listJs(join(PKG_DIR, 'dist')).filter((p) => !files.has(p));
  if (onDisk.length) fail(`built but left out of the package ("files" in package.json): ${onDisk.join(', ')}`);

  // The loader and the drop-in are classic scripts (no import/export statements; `import()` is allowed) that load
  // the entry.
  for (const file of [LOADER, VM].filter((f) => files.has(f))) {
    const code = read(file);
    try {
      new Script(code, { filename: file });
    } catch (error) {
      fail(`${file} is not a classic script: ${error.message}`);
    }
    if (!code.includes(posix.basename(ENTRY))) fail(`${file} does not name ${posix.basename(ENTRY)}`);
  }

  // The declarations the types entry reaches are all packed and import no other package.
  if (files.has(typesEntry)) {
    const seen = new Map([[typesEntry, null]]);
    const queue = [typesEntry];
    const chain = (f) => (seen.get(f) ? `${chain(seen.get(f))} -> ${f}` : f);
    const named = new Set();
    const specifiers =
      /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|declare\s+module\s+|reference\s+(?:types|path)=)["']([^"']+)["']/g;
    while (queue.length) {
      const file = queue.shift();
      for (const m of read(file).matchAll(specifiers)) {
        const spec = m[1];
        if (!spec.startsWith('.')) {
          if ((!ALLOWED_BARE.has(spec) || !m[0].startsWith('declare')) && !named.has(spec)) {
            named.add(spec);
            fail(`the declarations name the package "${spec}" (a host's TypeScript loads its types): ${chain(file)}`);
          }
          continue;
        }
        const base = posix.join(posix.dirname(file), spec).replace(/\.js$/, '');
        const target = [`${base}.d.ts`, `${base}/index.d.ts`].find((p) => files.has(p));
        if (!target) fail(`${file} imports ${spec}: no declaration in the package`);
        else if (!seen.has(target)) {
          seen.set(target, file);
          queue.push(target);
        }
      }
    }
  }
  console.log(
    `${packed.filename}: ${files.size} files, ${kb(packed.size)} packed, ${kb(packed.unpackedSize)} unpacked`,
  );
  if (problems.length) return;

  // 2. A host project installs it: nothing else comes with it, and its exports resolve.
  const host = join(work, 'host');
  mkdirSync(host);
  writeFileSync(
    join(host, 'package.json'),
    `${JSON.stringify({ name: 'host', private: true, type: 'module' }, null, 2)}\n`,
  );
  npm(['install', '--offline', '--no-audit', '--no-fund', '--no-package-lock', '--ignore-scripts', tarball], host);
  const installed = readdirSync(join(host, 'node_modules')).filter((n) => !n.startsWith('.'));
  if (installed.join() !== NAME)
    fail(`installing the tarball installed ${installed.join(', ')}; only ${NAME} was expected`);
  const names = [NAME, `${NAME}/loader`, `${NAME}/vm`, `${NAME}/custom-elements.json`, `${NAME}/package.json`];
  writeFileSync(
    join(host, 'resolve.mjs'),
    `const names = ${JSON.stringify(names)};\n` +
      'console.log(JSON.stringify(Object.fromEntries(names.map((n) => [n, import.meta.resolve(n)]))));\n',
  );
  const resolved = JSON.parse(execFileSync(process.execPath, ['resolve.mjs'], { cwd: host, encoding: 'utf8' }));
  const expected = {
    [NAME]: ENTRY,
    [`${NAME}/loader`]: LOADER,
    [`${NAME}/vm`]: VM,
    [`${NAME}/custom-elements.json`]: 'custom-elements.json',
    [`${NAME}/package.json`]: 'package.json',
  };
  for (const [name, path] of Object.entries(expected)) {
    const want = pathToFileURL(join(host, 'node_modules', NAME, path)).href;
    if (resolved[name] !== want || !existsSync(fileURLToPath(resolved[name])))
      fail(`import "${name}" resolves to ${resolved[name]}, not ${want}`);
  }

  // A bundler (esbuild, as Vite uses for dependencies) takes the entry and its lazy chunks from the installed package.
  const esbuild = await import(pathToFileURL(createRequire(join(ROOT, 'package.json')).resolve('esbuild')).href);
  writeFileSync(
    join(host, 'main.js'),
    `import { definePlayer, TAG_NAME } from '${NAME}';\ndefinePlayer();\nconsole.log(TAG_NAME);\n`,
  );
  try {
    const { metafile } = await esbuild.build({
      absWorkingDir: host,
      entryPoints: ['main.js'],
      bundle: true,
      splitting: true,
      format: 'esm',
      outdir: join(work, 'bundle'),
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = Object.keys(metafile.inputs).filter((p) => p.startsWith(`node_modules/${NAME}/`));
    const missing = [...reached].filter((p) => !inputs.includes(`node_modules/${NAME}/${p}`));
    if (missing.length) fail(`a bundler did not take ${missing.join(', ')} from the installed package`);
    else {
      const chunks = Object.keys(metafile.outputs).filter((p) => p.endsWith('.js')).length;
      console.log(
        `Bundled from the installed package (esbuild): ${inputs.length} of its files, ${chunks} output chunks`,
      );
    }
  } catch (error) {
    fail(`a bundler could not build \`import '${NAME}'\` in the host project: ${error.message}`);
  }

  // 3. TypeScript in the host project, skipLibCheck false.
  const { compilerOptions } = JSON.parse(readFileSync(join(CONSUMER, 'tsconfig.json'), 'utf8'));
  const plain = 'plain-host.test-d.ts';
  const react = 'react-host.test-d.tsx';
  for (const file of [plain, react]) copyFileSync(join(CONSUMER, file), join(host, file));
  const project = (name, files, options = {}) => {
    writeFileSync(
      join(host, name),
      `${JSON.stringify({ compilerOptions: { ...compilerOptions, ...options }, files }, null, 2)}\n`,
    );
    return name;
  };
  const tsc = createRequire(join(ROOT, 'package.json')).resolve('typescript/bin/tsc');
  const compile = (config) =>
    new Promise((done) => {
      const child = spawn(process.execPath, [tsc, '-p', config], { cwd: host });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
      child.on('close', (code) => done({ config, code, out }));
    });
  // `tsc --init`'s resolution (TypeScript 5.9): Node's own, in the host's `"type": "module"` package.
  const nodeNext = { module: 'NodeNext', moduleResolution: 'NodeNext' };
  // Without React's types first (none installed yet), then with the repository's @types/react (and its csstype).
  const withoutReact = await Promise.all([
    compile(project('tsconfig.plain.json', [plain])),
    compile(project('tsconfig.plain-node10.json', [plain], { moduleResolution: 'Node10' })),
    compile(project('tsconfig.plain-nodenext.json', [plain], nodeNext)),
  ]);
  for (const dep of ['@types/react', 'csstype']) {
    mkdirSync(dirname(join(host, 'node_modules', dep)), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules', dep), join(host, 'node_modules', dep), 'dir');
  }
  const withReact = await Promise.all([
    compile(project('tsconfig.react.json', [plain, react])),
    compile(project('tsconfig.react-nodenext.json', [plain, react], nodeNext)),
  ]);
  for (const { config, code, out } of [...withoutReact, ...withReact]) {
    if (code !== 0)
      fail(
        `tsc -p ${config} (in the host project, skipLibCheck false) failed:\n${out.trim().replaceAll(host + '/', '')}`,
      );
    else console.log(`tsc -p ${config}: ok`);
  }
  if (!problems.length)
    console.log(
      `Installed in a host project: imports resolve, nothing else installed, declarations compile (skipLibCheck false)`,
    );
}

/** The .js files under a folder, as package paths (dist/...). */
function listJs(dir) {
  if (!existsSync(dir)) return [];
  const out = [];
  const walk = (d) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (p.endsWith('.js')) out.push(relative(PKG_DIR, p).split('\\').join('/'));
    }
  };
  walk(dir);
  return out;
}
