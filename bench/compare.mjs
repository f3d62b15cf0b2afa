// `node bench/compare.mjs OTHER_CHECKOUT`: this checkout's dist/ against another checkout's (for example the last
// commit's, in a git worktree with its own `npm run build`), interleaved run by run in one browser, on loopback and
// on the emulated connections of bench/run.mjs: navigation start -> `ready` (menu) and -> first `loadedmetadata`
// (a video). Each build is served by its own demo server over the same reference provider. Medians of BENCH_RUNS
// (default 9) per row.
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { startProvider } from '../demo/provider/server.mjs';
import { createDemoServer } from '../demo/static-server.mjs';
import { CHROME_ARGS, findChrome } from '../scripts/find-chrome.mjs';

const other = process.argv[2];
if (!other) {
  console.error('usage: node bench/compare.mjs OTHER_CHECKOUT (a checkout with a built dist/)');
  process.exit(2);
}
const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const provider = await startProvider({ port: 0 });
const serve = async (root) => {
  const server = createDemoServer({ root: path.resolve(root), providerUrl: provider.url });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://localhost:${server.address().port}/` };
};
const builds = { this: await serve(process.cwd()), other: await serve(other) };
const browser = await puppeteer.launch({ executablePath: findChrome(), args: CHROME_ARGS, headless: true });

const NETWORKS = [
  { name: 'loopback' },
  { name: 'broadband', latency: 40, kbps: 10_000 },
  { name: 'slow mobile', latency: 150, kbps: 1_600 },
];
const PAGES = [
  { what: 'ready', page: 'bench-player.html' },
  { what: 'metadata', page: 'bench-open.html' },
];

async function measure(base, page, what, network) {
  const tab = await browser.newPage();
  await tab.setCacheEnabled(false);
  if (network.latency) {
    const cdp = await tab.createCDPSession();
    await cdp.send('Network.enable');
    const bytes = (network.kbps * 1000) / 8;
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: network.latency,
      downloadThroughput: bytes,
      uploadThroughput: bytes,
    });
  }
  await tab.goto(new URL(page, base).href, { waitUntil: 'domcontentloaded' });
  await tab.waitForFunction((w) => window.__bench && window.__bench[w] !== undefined, { timeout: 60000 }, what);
  const t = await tab.evaluate((w) => window.__bench[w], what);
  await tab.close();
  return t;
}

try {
  for (const network of NETWORKS) {
    for (const { what, page } of PAGES) {
      const times = { this: [], other: [] };
      await measure(builds.this.url, page, what, network); // warm-up (the servers' gzip caches, the OS)
      await measure(builds.other.url, page, what, network);
      for (let i = 0; i < RUNS; i++) {
        // Alternate which goes first, so that neither always runs on the warmer machine.
        const order = i % 2 ? ['other', 'this'] : ['this', 'other'];
        for (const which of order) times[which].push(await measure(builds[which].url, page, what, network));
      }
      const a = median(times.this);
      const b = median(times.other);
      const change = (((a - b) / b) * 100).toFixed(1);
      console.log(
        `${network.name.padEnd(12)} ${what.padEnd(9)} ` +
          `this ${a.toFixed(0).padStart(5)} ms   other ${b.toFixed(0).padStart(5)} ms   (${change} %)`,
      );
    }
  }
} finally {
  await browser.close();
  provider.server.close();
  for (const { server } of Object.values(builds)) server.close();
}
