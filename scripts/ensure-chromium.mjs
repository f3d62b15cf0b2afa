// Makes sure a Chromium/Chrome exists for the browser tests: CHROME_PATH, then the usual paths; if none,
// installs Debian's `chromium` package when running as root with apt-get; otherwise says what to install.
import { execSync } from 'node:child_process';
import { findChrome } from './find-chrome.mjs';

let chrome = findChrome();
if (!chrome) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  let hasApt = false;
  try {
    execSync('command -v apt-get', { stdio: 'ignore', shell: '/bin/sh' });
    hasApt = true;
  } catch {
    // no apt-get on this machine
  }
  if (process.env.CHROME_PATH) {
    console.error(`CHROME_PATH is set to ${process.env.CHROME_PATH}, but no browser is there.`);
    process.exit(1);
  }
  if (isRoot && hasApt) {
    console.log("No Chromium found: installing Debian's chromium package (apt-get install chromium)…");
    execSync('apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium', {
      stdio: 'inherit',
      shell: '/bin/sh',
    });
    chrome = findChrome();
  }
  if (!chrome) {
    console.error(
      'No Chromium or Chrome found for the browser tests.\n' +
        'Install one, e.g. `sudo apt-get install chromium` (Debian/Ubuntu), ' +
        'or set CHROME_PATH to a Chrome/Chromium binary.',
    );
    process.exit(1);
  }
}
console.log(`Browser for tests: ${chrome}`);
