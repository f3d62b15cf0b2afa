// `npm test`'s browser tests: web-test-runner in every engine (web-test-runner.engines.mjs, which ENGINES narrows;
// arguments go on to web-test-runner). A test file that failed only because its browser went away under it (WebKitGTK's
// web process crashing or its driver not answering: BROWSER_GONE there), and nothing else failed, runs once more in
// that engine, in a browser of its own; the run passes if that run passes. Any other failure is the run's result as is.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ENGINE_IDS = { Chrome: 'chromium', Chromium: 'chromium', Firefox: 'firefox', WebKit: 'webkit' };
const goneFile = join(tmpdir(), `patient-ed-player-gone-${process.pid}.json`);

function run(args, env = {}) {
  rmSync(goneFile, { force: true });
  const result = spawnSync(
    process.execPath,
    ['node_modules/@web/test-runner/dist/bin.js', '--config', 'web-test-runner.engines.mjs', ...args],
    { stdio: 'inherit', env: { ...process.env, WTR_GONE_FILE: goneFile, ...env } },
  );
  const report = existsSync(goneFile) ? JSON.parse(readFileSync(goneFile, 'utf8')) : undefined;
  rmSync(goneFile, { force: true });
  return { status: result.status ?? 1, failed: report?.failed };
}

const first = run(process.argv.slice(2));
const failed = first.failed ?? [];
if (first.status === 0 || !failed.length || !failed.every((f) => f.gone && ENGINE_IDS[f.engine])) {
  process.exit(first.status);
}
let status = 0;
for (const engine of new Set(failed.map((f) => f.engine))) {
  const files = failed.filter((f) => f.engine === engine).map((f) => f.file);
  console.log(
    `\n${engine} went away under ${files.length} test file(s); running them again there: ${files.join(', ')}\n`,
  );
  const again = run(files, { ENGINES: ENGINE_IDS[engine] });
  if (again.status !== 0) status = again.status;
}
process.exit(status);
