// Makes sure the browser engines of the tests exist: Chromium, Firefox and WebKitGTK (with Xvfb when there is no
// display), or only those named in ENGINES (e.g. ENGINES=firefox,webkit). What is missing is installed from Debian's
// packages when running as root with apt-get; otherwise the script says what to install and exits 1.
import { execSync } from 'node:child_process';
import { findEngines, libavcodecPackage, selectedEngines } from './find-browsers.mjs';

const missingOf = (engine) =>
  Object.entries(engine.binaries)
    .filter(([, path]) => !path)
    .map(([name]) => name);

const wanted = selectedEngines();
let engines = findEngines();
// 'libavcodec' stands for Debian's libavcodecNN of this release.
const debianNames = (list) => list.map((p) => (p === 'libavcodec' ? libavcodecPackage() : p));
let packages = wanted.flatMap((name) => (missingOf(engines[name]).length ? engines[name].packages : []));

if (packages.length) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  let hasApt = false;
  try {
    execSync('command -v apt-get', { stdio: 'ignore', shell: '/bin/sh' });
    hasApt = true;
  } catch {
    // no apt-get on this machine
  }
  if (isRoot && hasApt) {
    execSync('apt-get update -q', { stdio: 'inherit', shell: '/bin/sh' });
    packages = debianNames(packages);
    console.log(`Missing browser engines: installing Debian's ${packages.join(', ')} (apt-get install)…`);
    execSync('DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends ' + packages.join(' '), {
      stdio: 'inherit',
      shell: '/bin/sh',
    });
    engines = findEngines();
    packages = wanted.flatMap((name) => (missingOf(engines[name]).length ? engines[name].packages : []));
  }
}

let ok = true;
for (const name of wanted) {
  const missing = missingOf(engines[name]);
  if (missing.length) {
    ok = false;
    console.error(
      `${name}: ${missing.join(', ')} not found. Install Debian's ${debianNames(engines[name].packages).join(', ')} ` +
        `(\`sudo apt-get install ${debianNames(engines[name].packages).join(' ')}\`), or set ` +
        { chromium: 'CHROME_PATH', firefox: 'FIREFOX_PATH', webkit: 'WEBKIT_WEBDRIVER_PATH / WEBKIT_MINIBROWSER_PATH' }[
          name
        ] +
        '.',
    );
  } else {
    const found = Object.entries(engines[name].binaries).map(([bin, path]) => `${bin} ${path}`);
    console.log(`Browser engine for tests, ${name}: ${found.join(', ')}`);
  }
}
if (!ok) process.exit(1);
