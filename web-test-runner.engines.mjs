// The browser tests in three engines: `npx web-test-runner --config web-test-runner.engines.mjs [files]`.
// ENGINES picks them (comma-separated: chromium, firefox, webkit; all three when unset), e.g.
// `ENGINES=firefox npx web-test-runner --config web-test-runner.engines.mjs test/element.test.ts`.
// Everything else (files, servers, bundling, one file at a time) is web-test-runner.config.mjs's.
// - Chromium: that config's launcher.
// - Firefox (Debian's firefox-esr): puppeteer over WebDriver BiDi.
// - WebKit (Debian's webkit2gtk-driver): WebKitWebDriver over W3C WebDriver, driving WebKitGTK's MiniBrowser; with
//   no display, the config starts its own Xvfb server for it.
// `node scripts/ensure-browsers.mjs` finds or installs them.
import { spawn } from 'node:child_process';
import { openSync, writeFileSync } from 'node:fs';
import { puppeteerLauncher } from '@web/test-runner-puppeteer';
import { WebdriverLauncher } from '@web/test-runner-webdriver';
import base from './web-test-runner.config.mjs';
import { findFirefox, findMiniBrowser, findWebKitDriver, findXvfb, selectedEngines } from './scripts/find-browsers.mjs';

const engines = selectedEngines();
/** Child processes this config started (Xvfb, WebKitWebDriver): ended with the run. */
const children = [];
const running = () => children.filter((c) => c.exitCode === null && c.signalCode === null);
/** Ends them, the driver before its X server, and waits (at most 3 s) until they have exited. */
async function stopChildren() {
  const left = running().reverse();
  for (const child of left) child.kill();
  await Promise.race([
    Promise.all(left.map((c) => new Promise((resolve) => c.once('exit', resolve)))),
    new Promise((resolve) => setTimeout(resolve, 3000).unref()),
  ]);
}
process.on('exit', () => running().forEach((c) => c.kill()));

/** A free loopback port. */
async function freePort() {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function missing(what) {
  throw new Error(`${what} not found: run \`node scripts/ensure-browsers.mjs\` (or leave it out with ENGINES).`);
}

/**
 * puppeteer's Keyboard over WebDriver BiDi takes key values, not the key names of its CDP keyboard: 'Space' is ' '.
 * The tests' `sendKeys` names keys as Chromium's puppeteer does, so the names are mapped here. Keys go to the test
 * page's window, brought to the front first: a window Firefox opened since (picture-in-picture) keeps the keyboard
 * focus otherwise, and every later test's keys would be lost.
 */
const BIDI_KEY_NAMES = { Space: ' ' };
function bidiKeyboard(page) {
  const keyboard = page.keyboard;
  const name = (key) => BIDI_KEY_NAMES[key] ?? key;
  const front = () => page.bringToFront();
  return {
    type: async (text, options) => (await front(), keyboard.type(text, options)),
    press: async (key, options) => (await front(), keyboard.press(name(key), options)),
    down: async (key, options) => (await front(), keyboard.down(name(key), options)),
    up: async (key) => (await front(), keyboard.up(name(key))),
  };
}

function firefox() {
  const executablePath = findFirefox() ?? missing('Firefox (firefox-esr)');
  const launcher = puppeteerLauncher({
    launchOptions: {
      browser: 'firefox',
      protocol: 'webDriverBiDi',
      executablePath,
      headless: true,
      extraPrefsFirefox: {
        // Media plays without a user gesture, as Chromium's --autoplay-policy=no-user-gesture-required.
        'media.autoplay.default': 0,
        'media.autoplay.blocking_policy': 0,
        // A closed network: no update, telemetry or remote settings requests.
        'app.update.enabled': false,
        'toolkit.telemetry.enabled': false,
        'datareporting.policy.dataSubmissionEnabled': false,
      },
    },
  });
  const getPage = launcher.getPage.bind(launcher);
  launcher.getPage = (sessionId) => {
    const page = getPage(sessionId);
    // Methods are bound to the page itself: puppeteer's BiDi page reads private fields, which a proxy does not have.
    return new Proxy(page, {
      get: (target, prop) => {
        if (prop === 'keyboard') return bidiKeyboard(target);
        const value = Reflect.get(target, prop, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  };
  return launcher;
}

/** W3C WebDriver key values of the key names the tests use (as puppeteer names them). */
const WEBDRIVER_KEYS = {
  Backspace: '\uE003',
  Tab: '\uE004',
  Enter: '\uE007',
  Shift: '\uE008',
  Control: '\uE009',
  Alt: '\uE00A',
  Escape: '\uE00C',
  Space: '\uE00D',
  PageUp: '\uE00E',
  PageDown: '\uE00F',
  End: '\uE010',
  Home: '\uE011',
  ArrowLeft: '\uE012',
  ArrowUp: '\uE013',
  ArrowRight: '\uE014',
  ArrowDown: '\uE015',
  Delete: '\uE017',
  Meta: '\uE03D',
};
const BUTTONS = { left: 0, middle: 1, right: 2 };

/**
 * web-test-runner's commands support only `press` and `type` keys over WebDriver (no `down` / `up`, so no
 * Shift+Tab) and no `setViewport`; they support all of them for a launcher of the 'playwright' type through a page
 * object. So the WebKit launcher presents itself as one, with a page made of W3C WebDriver actions: the keyboard's
 * and the pointer's input state lasts across commands, as a real keyboard's does.
 */
function actionsPage(launcher, sessionId) {
  const perform = (actions) => launcher.driverManager.performActions(sessionId, actions);
  // Key names as puppeteer takes them: named keys, then codes such as KeyZ and Digit1 (their unshifted character).
  const key = (k) => WEBDRIVER_KEYS[k] ?? /^(?:Key([A-Z])|Digit(\d))$/.exec(k)?.slice(1).join('').toLowerCase() ?? k;
  const keys = (actions) => perform([{ type: 'key', id: 'keyboard', actions }]);
  const pointer = (actions) =>
    perform([{ type: 'pointer', id: 'mouse', parameters: { pointerType: 'mouse' }, actions }]);
  return {
    keyboard: {
      type: (text) =>
        keys(
          [...text].flatMap((c) => [
            { type: 'keyDown', value: c },
            { type: 'keyUp', value: c },
          ]),
        ),
      press: (combo) => {
        const parts = combo.length > 1 ? combo.split('+').map(key) : [combo];
        return keys([
          ...parts.map((value) => ({ type: 'keyDown', value })),
          ...parts.reverse().map((value) => ({ type: 'keyUp', value })),
        ]);
      },
      down: (k) => keys([{ type: 'keyDown', value: key(k) }]),
      up: (k) => keys([{ type: 'keyUp', value: key(k) }]),
    },
    mouse: {
      move: (x, y) => pointer([{ type: 'pointerMove', duration: 0, x: Math.round(x), y: Math.round(y) }]),
      click: (x, y, { button = 'left' } = {}) =>
        pointer([
          { type: 'pointerMove', duration: 0, x: Math.round(x), y: Math.round(y) },
          { type: 'pointerDown', button: BUTTONS[button] },
          { type: 'pointerUp', button: BUTTONS[button] },
        ]),
      down: ({ button = 'left' } = {}) => pointer([{ type: 'pointerDown', button: BUTTONS[button] }]),
      up: ({ button = 'left' } = {}) => pointer([{ type: 'pointerUp', button: BUTTONS[button] }]),
    },
    /** The window is sized so that the page's viewport gets the size asked (the window's frame added). */
    async setViewportSize({ width, height }) {
      const driver = launcher.driver;
      const inner = () => driver.execute('return [window.innerWidth, window.innerHeight]');
      const rect = await driver.getWindowRect();
      const [w, h] = await inner();
      await driver.setWindowRect(null, null, width + rect.width - w, height + rect.height - h);
    },
  };
}

/** An X display for WebKitGTK: the current one, else a new Xvfb server (its number chosen by Xvfb itself). */
async function display() {
  if (process.env.DISPLAY || process.env.WAYLAND_DISPLAY) return process.env.DISPLAY;
  const xvfb = findXvfb() ?? missing('Xvfb (xvfb), needed by WebKit without a display');
  const child = spawn(xvfb, ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    child.stdio[3].on('data', (d) => {
      out += d;
      if (out.includes('\n')) resolve(`:${out.trim()}`);
    });
    child.once('exit', (code) => reject(new Error(`Xvfb exited (${code}): ${err.trim()}`)));
  });
}

/** WebKitWebDriver on a free port, answering: its port and process. */
async function startWebKitDriver(driver, env) {
  const port = await freePort();
  // WebKit's own warnings (no D-Bus session, GStreamer plugins) go to WEBKIT_DRIVER_LOG when it names a file.
  const log = process.env.WEBKIT_DRIVER_LOG ? openSync(process.env.WEBKIT_DRIVER_LOG, 'a') : 'ignore';
  const child = spawn(driver, [`--port=${port}`, '--host=local'], { env, stdio: ['ignore', log, log] });
  children.push(child);
  for (let i = 0; ; i++) {
    const up = await fetch(`http://127.0.0.1:${port}/status`).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (child.exitCode !== null || i > 100) throw new Error(`WebKitWebDriver did not start (exit ${child.exitCode})`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { port, child };
}

/**
 * What a browser or its driver going away looks like (the test file it happened in fails with it; web-test-runner
 * stops altogether when it happens as the next file starts): WebKitGTK's web process crashing, the driver's session
 * lost, the driver not answering.
 */
export const BROWSER_GONE = new RegExp(
  [
    'browser disconnected',
    'invalid session id',
    'session not created',
    'no such window',
    'UND_ERR',
    'ECONNREFUSED',
    'ECONNRESET',
    'socket hang up',
    'Timed out stopping the browser page',
  ].join('|'),
  'i',
);

async function webkit() {
  const driver = findWebKitDriver() ?? missing('WebKitWebDriver (webkit2gtk-driver)');
  const binary = findMiniBrowser() ?? missing("WebKitGTK's MiniBrowser (webkit2gtk-driver)");
  const env = { ...process.env };
  const x = await display();
  if (x) env.DISPLAY = x;
  let { port, child } = await startWebKitDriver(driver, env);
  const launcher = new WebdriverLauncher({
    hostname: '127.0.0.1',
    port,
    path: '/',
    logLevel: 'error',
    capabilities: {
      browserName: 'MiniBrowser',
      // Classic WebDriver: webdriverio would otherwise ask for a BiDi session.
      'wdio:enforceWebDriverClassic': true,
      'webkitgtk:browserOptions': { binary, args: ['--automation', '--autoplay-policy=allow'] },
    },
  });
  // The reports name the engine, not the MiniBrowser program.
  const initialize = launcher.initialize.bind(launcher);
  launcher.initialize = async (...args) => {
    await initialize(...args);
    launcher.name = 'WebKit';
  };
  launcher.type = 'playwright';
  launcher.getPage = (sessionId) => actionsPage(launcher, sessionId);
  // A test file starts on a browser that is there: if its session (or the driver) went away with the file before, a
  // new driver and browser take over, and the run goes on. The navigation is not awaited, as in web-test-runner's
  // own start (the session's start is the page connecting back); there its failure was an uncaught exception that
  // stopped the whole run.
  const restart = async () => {
    await Promise.race([launcher.stop(), new Promise((r) => setTimeout(r, 5000))]);
    launcher.driver = launcher.driverManager = undefined;
    child.kill('SIGKILL');
    ({ port, child } = await startWebKitDriver(driver, env));
    launcher.options.port = port;
    await launcher.ensureManagerInitialized();
  };
  // Asked for a page's address when its connection closed in the middle of a file (web-test-runner tells a page that
  // navigated away from one whose browser went away). The driver's session manager only looks it up in its own map:
  // while a new browser takes over there is none ("Not initialized", thrown uncaught, stopped the whole run), and the
  // new one never knew the page. The page is where it was started: the file is failed as a browser that went away.
  const startUrls = new Map();
  const getBrowserUrl = launcher.getBrowserUrl.bind(launcher);
  launcher.getBrowserUrl = async (id) => {
    try {
      return (launcher.driverManager && (await getBrowserUrl(id))) || startUrls.get(id);
    } catch {
      return startUrls.get(id);
    }
  };
  launcher.startSession = async (id, url) => {
    startUrls.set(id, url);
    await launcher.ensureManagerInitialized();
    void launcher.driverManager.startSession(id, url).catch(async (error) => {
      const message = String(error?.message ?? error);
      if (!BROWSER_GONE.test(message)) throw error;
      console.warn(`WebKit went away (${message.split('\n')[0]}): a new browser takes over.`);
      await restart();
      await launcher.driverManager.startSession(id, url);
    });
  };
  return launcher;
}

const browsers = [];
for (const name of engines) {
  if (name === 'chromium') browsers.push(...base.browsers);
  if (name === 'firefox') browsers.push(firefox());
  if (name === 'webkit') browsers.push(await webkit());
}

/** One 'N passed, N failed' line per engine (the base config's overall line still closes the run). */
function engineSummaries() {
  return {
    onTestRunFinished({ sessions }) {
      const counts = new Map();
      const visit = (c, suite) => {
        for (const t of suite.tests ?? []) {
          if (t.skipped) c.skipped++;
          else if (t.passed) c.passed++;
          else c.failed++;
        }
        for (const s of suite.suites ?? []) visit(c, s);
      };
      for (const session of sessions) {
        const name = session.browser.name;
        if (!counts.has(name)) counts.set(name, { passed: 0, failed: 0, skipped: 0 });
        const c = counts.get(name);
        if (session.testResults) visit(c, session.testResults);
        if (!session.passed && !session.testResults?.tests?.length && !session.testResults?.suites?.length) c.failed++;
      }
      for (const [name, c] of counts) {
        console.log(
          `Engine ${name}: ${c.passed} passed, ${c.failed} failed${c.skipped ? `, ${c.skipped} skipped` : ''}`,
        );
      }
    },
  };
}

/**
 * With WTR_GONE_FILE set (scripts/browser-tests.mjs): the test files that failed, by engine, each marked `gone` when
 * its browser went away under it (BROWSER_GONE in the session's own errors, not in a test's), written there as JSON.
 */
function goneReport() {
  const file = process.env.WTR_GONE_FILE;
  return {
    onTestRunFinished({ sessions }) {
      if (!file) return;
      const failed = sessions
        .filter((s) => !s.passed)
        .map((s) => ({
          engine: s.browser.name,
          file: s.testFile,
          gone: (s.errors ?? []).some((e) => BROWSER_GONE.test(String(e?.message ?? e))),
        }));
      writeFileSync(file, JSON.stringify({ failed }));
    },
  };
}

export default {
  ...base,
  browsers,
  reporters: [...base.reporters, engineSummaries(), goneReport()],
  plugins: [...base.plugins, { name: 'stop-engine-processes', serverStop: stopChildren }],
};
