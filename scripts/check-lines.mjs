// Lines are at most 120 characters (`npm test`): Prettier wraps code at that width but cannot break a string, a
// template literal or a comment, so this check covers those. It reads the tracked and new (not ignored) .ts, .tsx,
// .js, .mjs and .cjs files under src/, test/, scripts/, bench/, demo/ and at the root; git's ignore rules leave out
// node_modules/, dist/, .tmp/ and the compiled catalogs (locales/*/*.ts). It prints file:line:length for each
// longer line and exits with 1.
//
// Usage: node scripts/check-lines.mjs
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const MAX_LENGTH = 120;
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const EXTENSIONS = /\.(ts|tsx|js|mjs|cjs)$/;
const FOLDERS = /^(src|test|scripts|bench|demo)\//;

/** The files to check: tracked or new, not ignored, with one of the extensions, in the folders or at the root. */
export function filesToCheck() {
  const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const names = new Set(out.split('\0').filter(Boolean));
  return [...names]
    .filter((f) => EXTENSIONS.test(f) && (FOLDERS.test(f) || !f.includes('/')) && existsSync(join(ROOT, f)))
    .sort();
}

/** The lines of `text` longer than MAX_LENGTH characters (code points, not bytes), as `{ line, length }`. */
export function longLines(text) {
  const found = [];
  text.split(/\r?\n/).forEach((line, i) => {
    const length = [...line].length;
    if (length > MAX_LENGTH) found.push({ line: i + 1, length });
  });
  return found;
}

function main() {
  const files = filesToCheck();
  const problems = [];
  for (const file of files) {
    for (const { line, length } of longLines(readFileSync(join(ROOT, file), 'utf8'))) {
      problems.push(`${file}:${line}:${length}`);
    }
  }
  if (problems.length) {
    console.error(`Lines longer than ${MAX_LENGTH} characters (break them; see scripts/check-lines.mjs):`);
    for (const p of problems) console.error(`  ${p}`);
    process.exit(1);
  }
  console.log(`Lines at most ${MAX_LENGTH} characters: ${files.length} files.`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
