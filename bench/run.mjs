// `npm run bench`: entry size, total size, and the median time from navigation start to the element's
// `ready` event (menu rendered) in headless Chromium, beside a plain page with one <video> (first frame)
// measured in the same run. Servers run on loopback only.
import puppeteer from 'puppeteer-core';
import { startProvider } from '../demo/provider/server.mjs';
import { createDemoServer } from '../demo/static-server.mjs';
import { sizes, ENTRY_BUDGET } from '../scripts/check-size.mjs';
import { CHROME_ARGS, findChrome } from '../scripts/find-chrome.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const provider = await startProvider({ port: 0 });
const demo = createDemoServer({ root: process.cwd(), providerUrl: provider.url });
await new Promise((r) => demo.listen(0, '127.0.0.1', r));
const demoUrl = `http://localhost:${demo.address().port}/`;
const browser = await puppeteer.launch({ executablePath: findChrome(), args: CHROME_ARGS, headless: true });

async function measure(page) {
  const tab = await browser.newPage();
  await tab.setCacheEnabled(false);
  await tab.goto(new URL(page, demoUrl).href, { waitUntil: 'domcontentloaded' });
  await tab.waitForFunction(() => window.__bench && window.__bench.ready !== undefined, { timeout: 30000 });
  const t = await tab.evaluate(() => window.__bench.ready);
  await tab.close();
  return t;
}

try {
  const player = [];
  const video = [];
  await measure('bench-player.html'); // warm-up (servers, disk cache of the OS)
  await measure('bench-video.html');
  for (let i = 0; i < RUNS; i++) {
    // Interleaved, so both see the same machine load.
    player.push(await measure('bench-player.html'));
    video.push(await measure('bench-video.html'));
  }
  const { entry, total, files } = sizes();
  const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
  const p = median(player);
  const v = median(video);
  console.log(`entry chunk (min+gzip):        ${kb(entry)}   (budget ${kb(ENTRY_BUDGET)})`);
  console.log(`all ${String(files).padEnd(2)} chunks (min+gzip):    ${kb(total)}`);
  console.log(`navigation -> ready (menu):    median ${p.toFixed(0)} ms over ${RUNS} runs  [${player.map((x) => x.toFixed(0)).join(', ')}]`);
  console.log(`navigation -> plain <video> first frame: median ${v.toFixed(0)} ms  [${video.map((x) => x.toFixed(0)).join(', ')}]`);
  console.log(`ratio player / plain video:    ${(p / v).toFixed(2)}`);
} finally {
  await browser.close();
  provider.server.close();
  demo.close();
}
