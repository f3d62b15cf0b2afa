// `node bench/compare.mjs OTHER_CHECKOUT`: this checkout's dist/ against another checkout's (for example the last
// commit's, in a git worktree with its own `npm run build`), interleaved run by run in one browser, on loopback and
// on the emulated connections of bench/run.mjs: navigation start -> `ready` (menu) and -> first `loadedmetadata`
// (a video), with that player's `ready` and its first frame on screen (`frame`), and the API's floor page (no player,
// served from this checkout) in the same rotation. Each build is served by its own demo server over the same
// reference provider. Medians of BENCH_RUNS (default 9) per row. The menu's `ready` is set beside a plain <video>'s
// first frame (issue 25's 2x), the video's rows beside the API's floor. BENCH_NETWORKS=loopback (comma-separated
// names) runs some of the connections only.
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { startProvider } from '../demo/provider/server.mjs';
import { createDemoServer } from '../demo/static-server.mjs';
import { CHROME_ARGS, findChrome } from '../scripts/find-chrome.mjs';
import { visit } from './visit.mjs';

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

const ONLY = process.env.BENCH_NETWORKS?.split(',');
const NETWORKS = [
  { name: 'loopback' },
  { name: 'broadband', latency: 40, kbps: 10_000 },
  { name: 'slow mobile', latency: 150, kbps: 1_600 },
].filter(({ name }) => !ONLY || ONLY.includes(name));
const PAGES = [
  { whats: ['ready'], page: 'bench-player.html', floor: 'bench-video.html', floorWhat: 'ready' },
  { whats: ['metadata', 'ready', 'frame'], page: 'bench-open.html', floor: 'bench-floor.html', floorWhat: 'metadata' },
];

/** Navigation start -> each of the probe's `whats` (demo/bench.js), in one fresh tab loaded as a visitor's. */
async function measure(base, page, whats, network) {
  const tab = await visit(browser, new URL(page, base).href, { network });
  try {
    return await tab.wait(whats);
  } finally {
    await tab.close();
  }
}

try {
  for (const network of NETWORKS) {
    for (const { whats, page, floor, floorWhat } of PAGES) {
      const times = { this: [], other: [], floor: [] };
      const runs = floor ? ['this', 'other', 'floor'] : ['this', 'other'];
      const run = (which) =>
        which === 'floor'
          ? measure(builds.this.url, floor, [floorWhat], network)
          : measure(builds[which].url, page, whats, network);
      for (const which of runs) await run(which); // warm-up (the servers' gzip caches, the OS)
      for (let i = 0; i < RUNS; i++) {
        // Rotate which goes first, so that none always runs on the warmer machine.
        const order = runs.map((_, k) => runs[(i + k) % runs.length]);
        for (const which of order) times[which].push(await run(which));
      }
      const floorMs = floor && median(times.floor.map((t) => t[0]));
      whats.forEach((what, k) => {
        const a = median(times.this.map((t) => t[k]));
        const b = median(times.other.map((t) => t[k]));
        const change = (((a - b) / b) * 100).toFixed(1);
        const name = floor?.replace(/^bench-|\.html$/g, '');
        const ratios = floorMs
          ? `   ${name} ${floorMs.toFixed(0)} ms: ${(a / floorMs).toFixed(2)}x / ${(b / floorMs).toFixed(2)}x`
          : '';
        console.log(
          `${network.name.padEnd(12)} ${`${what} (${page.replace(/^bench-|\.html$/g, '')})`.padEnd(17)} ` +
            `this ${a.toFixed(0).padStart(5)} ms   other ${b.toFixed(0).padStart(5)} ms   (${change} %)${ratios}`,
        );
      });
    }
  }
} finally {
  await browser.close();
  provider.server.close();
  for (const { server } of Object.values(builds)) server.close();
}
