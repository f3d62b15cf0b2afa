// Where the three test engines live on a machine: Chromium (find-chrome.mjs), Firefox (Debian's `firefox-esr`) and
// WebKitGTK (Debian's `webkit2gtk-driver`: WebKitWebDriver, driving the MiniBrowser of libwebkit2gtk), plus the Xvfb
// server that WebKitGTK needs when there is no display. An environment variable names a binary; it wins when set.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { findChrome } from './find-chrome.mjs';

export { findChrome };

/** The first existing path of `candidates`; when `envName` is set, that path alone (undefined if it is missing). */
function pick(envName, candidates) {
  const fromEnv = envName && process.env[envName];
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : undefined;
  return candidates.find((p) => existsSync(p));
}

/** `name` on the PATH, as an absolute path. */
function onPath(name) {
  return (process.env.PATH ?? '')
    .split(delimiter)
    .filter(Boolean)
    .map((dir) => join(dir, name))
    .find((p) => existsSync(p));
}

/** Debian's multiarch library folders (`/usr/lib/x86_64-linux-gnu`, ...), then the plain ones. */
function libDirs() {
  let multiarch = [];
  try {
    multiarch = readdirSync('/usr/lib')
      .filter((d) => /-linux-gnu/.test(d))
      .map((d) => `/usr/lib/${d}`);
  } catch {
    // no /usr/lib (not Linux)
  }
  return [...multiarch, '/usr/lib', '/usr/libexec', '/usr/lib64'];
}

export function findFirefox() {
  return pick('FIREFOX_PATH', [
    '/usr/lib/firefox-esr/firefox-esr',
    '/usr/bin/firefox-esr',
    '/usr/lib/firefox/firefox',
    '/usr/bin/firefox',
    '/Applications/Firefox.app/Contents/MacOS/firefox',
  ]);
}

export function findWebKitDriver() {
  return pick(
    'WEBKIT_WEBDRIVER_PATH',
    [
      onPath('WebKitWebDriver'),
      ...libDirs().flatMap((d) => [`${d}/webkit2gtk-4.1/WebKitWebDriver`, `${d}/webkitgtk-6.0/WebKitWebDriver`]),
    ].filter(Boolean),
  );
}

export function findMiniBrowser() {
  return pick(
    'WEBKIT_MINIBROWSER_PATH',
    libDirs().flatMap((d) => [
      `${d}/webkit2gtk-4.1/MiniBrowser`,
      `${d}/webkitgtk-6.0/MiniBrowser`,
      `${d}/webkit2gtk-4.0/MiniBrowser`,
    ]),
  );
}

/** A file named `name` (a string, or a pattern) in one of the library folders, or in `sub` inside them. */
function findLib(name, sub = '') {
  for (const dir of libDirs()) {
    let names = [];
    try {
      names = readdirSync(join(dir, sub));
    } catch {
      continue;
    }
    const hit = names.find((n) => (typeof name === 'string' ? n === name : name.test(n)));
    if (hit) return join(dir, sub, hit);
  }
  return undefined;
}

/**
 * The H.264/AAC decoders of the sample media (MP4): Firefox on Linux decodes them with the system's FFmpeg
 * (libavcodec, only recommended by Debian's firefox-esr); WebKitGTK with GStreamer's libav plugin, and it renders
 * WebVTT captions with gst-plugins-bad's subtitle encoder (both only recommended by libwebkit2gtk).
 */
export const findLibavcodec = () => findLib(/^libavcodec\.so\.\d+$/);
export const findGstLibav = () => findLib('libgstlibav.so', 'gstreamer-1.0');
export const findGstSubenc = () => findLib('libgstsubenc.so', 'gstreamer-1.0');

/** Debian's package of the newest libavcodec it has (its name carries the library's major version). */
export function libavcodecPackage() {
  for (const name of ['libavcodec62', 'libavcodec61', 'libavcodec60', 'libavcodec59']) {
    try {
      const out = execSync(`apt-cache policy ${name}`, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
      if (/Candidate: (?!\(none\))/.test(out)) return name;
    } catch {
      // no apt-cache
    }
  }
  return 'libavcodec59';
}

export function findXvfb() {
  return pick('XVFB_PATH', [onPath('Xvfb'), '/usr/bin/Xvfb'].filter(Boolean));
}

/**
 * Each engine's binaries (undefined where missing) and the Debian package that brings them. WebKit needs Xvfb only
 * when there is no display.
 */
export function findEngines() {
  const needsXvfb = !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY;
  return {
    chromium: { binaries: { chromium: findChrome() }, packages: ['chromium'] },
    firefox: {
      binaries: { firefox: findFirefox(), libavcodec: findLibavcodec() },
      packages: ['firefox-esr', 'libavcodec'],
    },
    webkit: {
      binaries: {
        WebKitWebDriver: findWebKitDriver(),
        MiniBrowser: findMiniBrowser(),
        'GStreamer libav': findGstLibav(),
        'GStreamer subenc': findGstSubenc(),
        ...(needsXvfb ? { Xvfb: findXvfb() } : {}),
      },
      packages: ['webkit2gtk-driver', 'gstreamer1.0-libav', 'gstreamer1.0-plugins-bad', ...(needsXvfb ? ['xvfb'] : [])],
    },
  };
}

/** The engines named in ENGINES (comma-separated: chromium, firefox, webkit), all three when unset. */
export function selectedEngines(value = process.env.ENGINES) {
  const all = ['chromium', 'firefox', 'webkit'];
  if (!value) return all;
  const names = value
    .split(',')
    .map((n) => n.trim().toLowerCase())
    .filter(Boolean)
    .map((n) => ({ chrome: 'chromium', gecko: 'firefox', safari: 'webkit' })[n] ?? n);
  const unknown = names.filter((n) => !all.includes(n));
  if (unknown.length) throw new Error(`ENGINES: unknown engine ${unknown.join(', ')} (known: ${all.join(', ')})`);
  return all.filter((n) => names.includes(n));
}
