import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { defaultReporter } from '@web/test-runner';
import { chromeLauncher } from '@web/test-runner-chrome';
import * as esbuild from 'esbuild';
import { startProvider } from './demo/provider/server.mjs';
import { createDemoServer } from './demo/static-server.mjs';
import { CHROME_ARGS, findChrome } from './scripts/find-chrome.mjs';

// The reference provider and the demo server run for the whole test run, on free ports: real HTTP,
// two origins besides the test page's own.
const provider = await startProvider({ port: 0, jsonMaxAge: 0 });
// A second provider only for fault-injection tests: its failure hooks and request log are not disturbed by
// test files running at the same time against the first one.
// Only it has the test hooks (failures, the request log), and the tests reach them in Node, through the
// `provider` server commands below: the hooks send no CORS headers, so a page could not use them.
// Its build's chunks are revalidated on every use (distMaxAge 0), so that a test failing them meets its rule even if
// a test before loaded them from there (a browser keeps the HTTP cache for the whole run).
const faultProvider = await startProvider({ port: 0, jsonMaxAge: 0, testHooks: true, distMaxAge: 0 });
const demoServer = createDemoServer({ root: process.cwd(), providerUrl: provider.url });
await new Promise((resolve) => demoServer.listen(0, '127.0.0.1', resolve));
const demoUrl = `http://localhost:${demoServer.address().port}/`;

/** A free loopback port for the test server (two runs, or `npm start`, never collide). */
async function freePort() {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = createServer().once('error', reject);
    server.listen(0, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * React is CommonJS only, so test files are bundled with esbuild on the fly (one bundle per test
 * file), with the servers' URLs defined in.
 */
function bundleTests() {
  return {
    name: 'bundle-tests',
    async serve(context) {
      if (!/^\/test\/.*\.test\.tsx?$/.test(context.path)) return undefined;
      const result = await esbuild.build({
        entryPoints: [`.${context.path}`],
        bundle: true,
        format: 'esm',
        write: false,
        jsx: 'automatic',
        target: 'es2022',
        sourcemap: 'inline',
        // @web/test-runner-commands (sendKeys: real key presses) reaches the runner through this module.
        external: ['/__web-dev-server__web-socket.js'],
        define: {
          'process.env.NODE_ENV': '"development"',
          __PLAYER_VERSION__: JSON.stringify(JSON.parse(readFileSync('package.json', 'utf8')).version),
          __PROVIDER_URL__: JSON.stringify(provider.url),
          __DEMO_URL__: JSON.stringify(demoUrl),
          __FAULT_PROVIDER_URL__: JSON.stringify(faultProvider.url),
        },
      });
      return { body: result.outputFiles[0].text, type: 'js' };
    },
  };
}

/**
 * The built package bundled again by a host's bundler (`/rebundled/`): a host app (`import 'patient-ed-player'`, its
 * default export unused) bundled by esbuild with code splitting into one folder, as a host project's build does. The
 * entry's and the core's chunks move and are renamed; the player must find what it lends itself and load its lazy
 * chunks from where the bundler put them. `/rebundled/files.json` lists the files it wrote. Built once, on first use,
 * from dist/ (the tests that use it run on a built package, as the embedding tests do).
 */
function rebundled() {
  let built;
  const build = () =>
    (built ??= esbuild
      .build({
        stdin: { contents: "import 'patient-ed-player';", resolveDir: process.cwd(), sourcefile: 'host-app.js' },
        alias: { 'patient-ed-player': './dist/patient-ed-player.js' },
        bundle: true,
        splitting: true,
        format: 'esm',
        target: 'es2022',
        minify: true,
        outdir: 'rebundled',
        entryNames: 'host-app',
        write: false,
        logLevel: 'silent',
      })
      .then(({ outputFiles }) => {
        // One folder (esbuild writes every chunk beside the entry).
        const files = new Map(outputFiles.map((f) => [`/rebundled/${basename(f.path)}`, f.text]));
        files.set('/rebundled/files.json', JSON.stringify([...files.keys()]));
        return files;
      }));
  return {
    name: 'rebundled',
    async serve(context) {
      if (!context.path.startsWith('/rebundled/')) return undefined;
      const body = (await build()).get(context.path);
      return body === undefined ? undefined : { body, type: context.path.endsWith('.json') ? 'json' : 'js' };
    },
  };
}

/**
 * The fault provider's hooks for the browser tests, as server commands (`executeServerCommand('provider-…')`):
 * `provider-fail` (a failure rule), `provider-clear`, `provider-log`, `provider-log-clear`; and `provider-raw`, an
 * HTTP request made from Node (any method, headers and body, a forged Host included) to either provider, answered as
 * `{ status, headers, body, ms }` (ms: from sending the request to the answer's end, timed in Node).
 */
function providerCommands() {
  const hooks = faultProvider.server.provider;
  return {
    name: 'provider-commands',
    async executeCommand({ command, payload }) {
      switch (command) {
        case 'provider-fail':
          return hooks.fail(payload);
        case 'provider-clear':
          hooks.clearFailures();
          return true;
        case 'provider-log':
          return hooks.log();
        case 'provider-log-clear':
          hooks.clearLog();
          return true;
        case 'provider-raw': {
          const { which = 'fault', path, method = 'GET', headers = {}, body: sent } = payload;
          const base = new URL(which === 'main' ? provider.url : faultProvider.url);
          const { request } = await import('node:http');
          return new Promise((resolve, reject) => {
            const started = performance.now();
            // Headers up to 64 KB read (Node's limit is 16 KB): the provider echoes a 16 KB X-Embed-Referrer back.
            const options = { host: '127.0.0.1', port: base.port, path, method, headers, maxHeaderSize: 65536 };
            const req = request(options, (res) => {
              let body = '';
              res.setEncoding('utf8');
              res.on('data', (c) => (body += c));
              res.on('end', () =>
                resolve({ status: res.statusCode, headers: res.headers, body, ms: performance.now() - started }),
              );
            });
            req.on('error', reject);
            req.end(sent);
          });
        }
        default:
          return undefined;
      }
    },
  };
}

/** Ends the run with one plain 'N passed, N failed' line (what CI reads), counted over every test. */
function summaryLine() {
  return {
    onTestRunFinished({ sessions }) {
      let passed = 0;
      let failed = 0;
      let skipped = 0;
      const visit = (suite) => {
        for (const t of suite.tests ?? []) {
          if (t.skipped) skipped++;
          else if (t.passed) passed++;
          else failed++;
        }
        for (const s of suite.suites ?? []) visit(s);
      };
      for (const session of sessions) {
        if (session.testResults) visit(session.testResults);
        // A file that failed to load counts as a failure, never as silence.
        if (!session.passed && !session.testResults?.tests?.length && !session.testResults?.suites?.length) failed++;
      }
      process.on('exit', () =>
        console.log(`\nTests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`),
      );
    },
  };
}

export default {
  files: ['test/**/*.test.{ts,tsx}'],
  port: Number(process.env.WTR_PORT ?? (await freePort())),
  nodeResolve: true,
  // One test file at a time: files share the origin, so they would share localStorage (and its storage events).
  concurrency: 1,
  concurrentBrowsers: 1,
  testsFinishTimeout: 10 * 60 * 1000,
  testFramework: { config: { timeout: 20000 } },
  browsers: [chromeLauncher({ launchOptions: { executablePath: findChrome(), args: CHROME_ARGS } })],
  reporters: [defaultReporter(), summaryLine()],
  plugins: [
    bundleTests(),
    rebundled(),
    providerCommands(),
    {
      name: 'stop-servers',
      serverStop() {
        provider.server.close();
        faultProvider.server.close();
        demoServer.close();
      },
    },
  ],
};
