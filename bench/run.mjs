// `npm run bench`: entry size, total size, the median time from navigation start to the element's
// `ready` event (menu rendered), from navigation start to the first `loadedmetadata` of a player opened on a
// video, and from play to the first video frame, each beside a plain page with one <video> measured in the
// same run, then the first two again on emulated broadband and slow mobile connections; and the JS heap growth
// over 50 player <-> menu round trips. Headless Chromium; servers on loopback only.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import puppeteer from 'puppeteer-core';
import { startProvider } from '../demo/provider/server.mjs';
import { createDemoServer } from '../demo/static-server.mjs';
import { sizes, CORE_BUDGET, ENTRY_BUDGET, FIRST_SCREEN_BUDGET } from '../scripts/check-size.mjs';
import { CHROME_ARGS, findChrome } from '../scripts/find-chrome.mjs';
import { buildMenuFloor } from './menu-floor-build.mjs';
import { visit } from './visit.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

await buildMenuFloor(); // the menu's floor page (demo/bench-menu-floor.html)
const provider = await startProvider({ port: 0 });
const demo = createDemoServer({ root: process.cwd(), providerUrl: provider.url });
await new Promise((r) => demo.listen(0, '127.0.0.1', r));
const demoUrl = `http://localhost:${demo.address().port}/`;
const browser = await puppeteer.launch({ executablePath: findChrome(), args: CHROME_ARGS, headless: true });

/**
 * Connections a visitor may have, emulated by DevTools (every request, preflights included, pays the round trip;
 * the bandwidth is shared): loopback alone measures the main thread more than the network.
 */
const NETWORKS = [
  { name: 'broadband (40 ms round trip, 10 Mbit/s)', latency: 40, kbps: 10_000 },
  { name: 'slow mobile (150 ms round trip, 1.6 Mbit/s)', latency: 150, kbps: 1_600 },
];

/**
 * Navigation start -> the probe's `what` (demo/bench.js), in a fresh tab without HTTP cache (on `network`, if
 * given), loaded as a visitor's browser loads it (bench/visit.mjs: no DevTools domain but Network and Page on).
 */
async function measure(page, what = 'ready', network = undefined) {
  const tab = await visit(browser, new URL(page, demoUrl).href, { network });
  try {
    const [t] = await tab.wait([what]);
    if (what === 'metadata' && page === 'bench-open.html') {
      // The same page's video on screen (demo/bench.js `frame`) and its player screen rendered (`ready`).
      const [frame, ready] = await tab.wait(['frame', 'ready']);
      screensOf.set(t, { frame, ready });
      gapsOf.set(t, await tab.evaluate(waterfallGaps, provider.url));
    }
    return t;
  } finally {
    await tab.close();
  }
}

/** A player opened on a video: its first frame on screen and its `ready`, by the metadata time of the run. */
const screensOf = new Map();
/** The gaps of the player's waterfall, by the metadata time of the run they were measured in. */
const gapsOf = new Map();

/**
 * In the page, from its resource timing: the entry file received -> the first provider request leaving, and the video
 * source's answer received -> the media request leaving (where nothing but the network should stand).
 */
function waterfallGaps(providerUrl) {
  const entries = performance.getEntriesByType('resource');
  const entry = entries.find((e) => e.name.includes('/dist/patient-ed-player.js'));
  const api = entries.filter((e) => e.name.startsWith(providerUrl));
  const source = api.find((e) => e.name.includes('/api/vod/'));
  const media = api.find((e) => e.name.includes('/media/'));
  return {
    firstRequest: Math.min(...api.map((e) => e.fetchStart)) - entry.responseEnd,
    media: media && source ? media.fetchStart - source.responseEnd : NaN,
  };
}

/**
 * A library page of players (demo/bench-library*.html, 640 px wide each, in a 1000 x 800 view): the time until every
 * player that starts is ready (a lazy page: those near the view, then one second more), the provider requests (API
 * calls apart), the JS heap after garbage collection, how many players started, and the page's layout shift.
 */
async function libraryPage(page) {
  const { tab, cdp } = await openLibrary(page);
  if (page.includes('lazy')) await settled(tab);
  else await tab.waitForFunction(() => window.__bench.allReady !== undefined, { timeout: 60000 });
  const result = await tab.evaluate((providerUrl) => {
    const requests = performance.getEntriesByType('resource').filter((e) => e.name.startsWith(providerUrl));
    const players = [...document.querySelectorAll('patient-ed-player')];
    return {
      readyMs: Math.max(...window.__bench.ready),
      shift: window.__bench.shift,
      requests: requests.length,
      api: requests.filter((e) => /\/(api|cdn)\//.test(new URL(e.name).pathname)).length,
      started: players.filter((el) => !el.shadowRoot.querySelector('.lazy-placeholder')).length,
      players: players.length,
    };
  }, provider.url);
  return { ...result, heap: await closeWithHeap(tab, cdp) };
}

/** A library page opened as the bench measures it (HTTP cache off, a 1000 x 800 view), with a DevTools session. */
async function openLibrary(page) {
  const tab = await browser.newPage();
  await tab.setCacheEnabled(false);
  await tab.setViewport({ width: 1000, height: 800 });
  const cdp = await tab.createCDPSession();
  await tab.goto(new URL(page, demoUrl).href, { waitUntil: 'domcontentloaded' });
  return { tab, cdp };
}

/** A lazy page settled: the players near the view ready, then a second (their idle-time work). */
async function settled(tab) {
  await tab.waitForFunction(() => window.__bench.ready.length > 0, { timeout: 30000 });
  await new Promise((r) => setTimeout(r, 1000));
}

/** The page's JS heap after garbage collection, bytes; the tab is closed. */
async function closeWithHeap(tab, cdp) {
  for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await tab.close();
  return usedSize;
}

/**
 * How far apart the scrolled library page's steps are (one viewport each), ms: a visitor skimming the list (about 3,200
 * px a second in the bench's 800 px view), and one scrolling fast (about 6,700 px a second; a touch fling starts faster
 * and slows down).
 */
const SCROLL_STEPS_MS = { skimming: 250, fast: 120 };

/**
 * A library page of 50 lazy players (demo/bench-library-scroll.html), scrolled through as a visitor reads it: one
 * viewport every `stepMs` (SCROLL_STEPS_MS) from the top to the end, the players starting as they come near. What the
 * visitor feels of it: how many of the players that came into view during the scroll were not ready then, and the
 * longest such wait; the main thread's long tasks from the first step until every player is ready (the longest, how
 * many, and their time over 50 ms, as total blocking time counts it); the provider's requests (API calls, media), the
 * JS heap at the end, after garbage collection, and the page's layout shift over the whole visit.
 */
async function scrolledLibrary(stepMs) {
  const { tab, cdp } = await openLibrary('bench-library-scroll.html');
  await settled(tab);
  const from = await tab.evaluate(() => performance.now());
  let steps = 0;
  for (; steps < 500; steps++) {
    const end = await tab.evaluate(() => {
      window.scrollBy(0, innerHeight);
      return innerHeight + scrollY >= document.documentElement.scrollHeight - 1;
    });
    await new Promise((r) => setTimeout(r, stepMs));
    if (end) break;
  }
  await tab.waitForFunction(() => window.__bench.allReady !== undefined, { timeout: 60000 });
  const result = await tab.evaluate(
    (providerUrl, from) => {
      const { seen, readyAt } = window.__bench;
      // Each player's first coming into view during the scroll (one in view from the start never comes).
      const came = [...seen].flatMap(([player, times]) => {
        const at = times.find((t) => t >= from);
        return at === undefined ? [] : [[player, at]];
      });
      const waits = came.map(([player, at]) => (readyAt.get(player) ?? Infinity) - at).filter((wait) => wait > 0);
      const requests = performance.getEntriesByType('resource').filter((e) => e.name.startsWith(providerUrl));
      const path = (e) => new URL(e.name).pathname;
      const long = window.__bench.long.filter(([start]) => start >= from).map(([, duration]) => duration);
      return {
        shift: window.__bench.shift,
        came: came.length,
        waited: waits.length,
        longestWait: Math.max(0, ...waits),
        longest: Math.max(0, ...long),
        longCount: long.length,
        blocking: long.reduce((sum, d) => sum + d - 50, 0),
        api: requests.filter((e) => /\/(api|cdn)\//.test(path(e))).length,
        media: requests.filter((e) => /\/media\//.test(path(e))).length,
        players: document.querySelectorAll('patient-ed-player').length,
      };
    },
    provider.url,
    from,
  );
  return { ...result, steps, heap: await closeWithHeap(tab, cdp) };
}

const CONTROLLER = 'patient-ed-player.controller';

/**
 * The play page (demo/bench-play.html: the player opened on a video beside a plain <video> of the same file), once
 * both videos hold enough data (`readyState` 4) and the main thread is idle (the player's screen has rendered), so that
 * neither side waits for its media or the other's start. Both have sound (an unmuted video's first frame waits for the
 * audio output to start: about 35 ms more here than a muted one's). Answers what `after(tab)` answers (it plays one of
 * the two and measures), and closes the tab.
 */
async function onPlayPage(after) {
  const tab = await browser.newPage();
  await tab.setCacheEnabled(false);
  await tab.goto(new URL('bench-play.html', demoUrl).href, { waitUntil: 'domcontentloaded' });
  await tab.evaluate(async () => {
    // Looked for every 5 ms, for 30 s at most (the bench stops with the play page's error).
    const until = (check) =>
      new Promise((resolve, reject) => {
        const start = performance.now();
        const t = setInterval(() => {
          const v = check();
          if (v || performance.now() - start > 30_000) {
            clearInterval(t);
            if (v) resolve(v);
            else reject(new Error('bench-play.html: the videos did not load in 30 s'));
          }
        }, 5);
      });
    const el = document.querySelector('patient-ed-player');
    const plain = document.querySelector('video[data-plain]');
    await until(() => el.shadowRoot.querySelector('[data-control="big-play"]'));
    const video = await until(() => el.shadowRoot.querySelector('video.media'));
    await until(() => plain.readyState >= 4 && video.readyState >= 4);
    await new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5000 }));
    // The video of each side, and its play request, for `after`'s scripts.
    window.__benchPlay = {
      video: (which) => (which === 'plain' ? plain : video),
      play: (which) =>
        which === 'plain' ? void plain.play() : el.shadowRoot.querySelector('[data-control="big-play"]').click(),
    };
  });
  try {
    return await after(tab);
  } finally {
    await tab.close();
  }
}

/** Time from the play request to the first presented frame: the player's play button vs a plain <video>. */
const firstFrame = (which) =>
  onPlayPage((tab) =>
    tab.evaluate((which) => {
      const t0 = performance.now();
      const frame = new Promise((resolve) =>
        window.__benchPlay.video(which).requestVideoFrameCallback(() => resolve(performance.now() - t0)),
      );
      window.__benchPlay.play(which);
      return frame;
    }, which),
  );

/**
 * What a playing video costs the page's main thread: script and all tasks, ms per second of playback over PLAYING_MS
 * (from Chromium's own counters, `Performance.getMetrics`), once it has played for a second; the player (its progress
 * poll, the spec's 40 ms, and the bar it updates) vs a plain <video>.
 */
const PLAYING_MS = 4000;
const playingCost = (which) =>
  onPlayPage(async (tab) => {
    const cdp = await tab.createCDPSession();
    await cdp.send('Performance.enable');
    await tab.evaluate((which) => {
      window.__benchPlay.play(which);
      return new Promise((resolve) => setTimeout(resolve, 1000));
    }, which);
    const read = async () => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      return Object.fromEntries(metrics.map(({ name, value }) => [name, value]));
    };
    const before = await read();
    const playedTime = () => tab.evaluate((which) => window.__benchPlay.video(which).currentTime, which);
    const played0 = await playedTime();
    await new Promise((resolve) => setTimeout(resolve, PLAYING_MS));
    const after = await read();
    const played = (await playedTime()) - played0;
    const perSecond = (name) => ((after[name] - before[name]) * 1000) / played;
    return { script: perSecond('ScriptDuration'), tasks: perSecond('TaskDuration'), played };
  });

/** JS heap growth over 50 player <-> menu round trips (after forced GCs). */
async function heapGrowth(rounds = 50) {
  const tab = await browser.newPage();
  const cdp = await tab.createCDPSession();
  await tab.goto(new URL('bench-player.html', demoUrl).href, { waitUntil: 'domcontentloaded' });
  await tab.waitForFunction(() => window.__bench?.ready !== undefined, { timeout: 30000 });
  const roundTrips = (n) =>
    tab.evaluate(
      async (n, key) => {
        const el = document.querySelector('patient-ed-player');
        const c = el[Symbol.for(key)];
        const until = (check) =>
          new Promise((resolve) => {
            const t = setInterval(() => {
              if (check()) {
                clearInterval(t);
                resolve();
              }
            }, 5);
          });
        for (let i = 0; i < n; i++) {
          c.navigate('/demo/player/A_DEMO_VIDEO');
          await until(() => c.state.playback.ready);
          c.navigate('/demo/menu');
          await until(() => el.shadowRoot.querySelector('.section-card'));
        }
      },
      n,
      CONTROLLER,
    );
  // The browser's resource-timing buffer grows with every request; it is not the player's memory.
  const heap = async () => {
    await tab.evaluate(() => performance.clearResourceTimings());
    for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    const { nodes, jsEventListeners } = await cdp.send('Memory.getDOMCounters');
    return { usedSize, nodes, jsEventListeners };
  };
  await roundTrips(3); // warm-up: lazy chunks, catalogs, caches
  const before = await heap();
  await roundTrips(rounds);
  const after = await heap();
  await tab.close();
  return { before, after };
}

/** Median latency of a method call (getter, and an action's promise) and of a postMessage round trip. */
async function commandLatency() {
  const tab = await browser.newPage();
  await tab.goto(new URL('bench-player.html', demoUrl).href, { waitUntil: 'domcontentloaded' });
  await tab.waitForFunction(() => window.__bench?.ready !== undefined, { timeout: 30000 });
  // Timers are coarse in the page (100 µs), so time batches and divide.
  const methods = await tab.evaluate(async () => {
    const el = document.querySelector('patient-ed-player');
    const getter = [];
    const action = [];
    for (let batch = 0; batch < 9; batch++) {
      let t = performance.now();
      for (let i = 0; i < 10000; i++) el.getPlayerState();
      getter.push((performance.now() - t) / 10000);
      t = performance.now();
      for (let i = 0; i < 500; i++) await el.setVolume(i % 2 ? 0.5 : 0.6);
      action.push((performance.now() - t) / 500);
    }
    return { getter, action };
  });
  await tab.goto(new URL('bench-iframe.html', demoUrl).href, { waitUntil: 'domcontentloaded' });
  await tab.evaluate(() => window.__embedReady);
  await tab.evaluate(() => window.__roundTrip(20, 1)); // warm-up
  const messages = await tab.evaluate(() => window.__roundTrip(100, 9));
  await tab.close();
  return { ...methods, messages };
}

/**
 * Search on `bigdemo` (10,000 items): what opening the dialog loads (gzip of the chunks fetched), the embedded
 * index's build time, and per keystroke of a typed query the time to rendered hits and the search itself.
 */
async function searchBench(query = 'knee exercise guide') {
  const tab = await browser.newPage();
  await tab.goto(new URL('bench-search.html', demoUrl).href, { waitUntil: 'domcontentloaded' });
  await tab.waitForFunction(() => window.__bench?.ready !== undefined, { timeout: 30000 });
  const before = await tab.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
  const result = await tab.evaluate(
    async (query, key) => {
      const el = document.querySelector('patient-ed-player');
      const c = el[Symbol.for(key)];
      const root = el.shadowRoot;
      const until = (check) =>
        new Promise((resolve) => {
          const t = setInterval(() => {
            const v = check();
            if (v) {
              clearInterval(t);
              resolve(v);
            }
          }, 2);
        });
      /** Resolves when the dialog shows the answer to `q` (the results carry their query), seen as the DOM changes. */
      const rendered = (q) =>
        new Promise((resolve) => {
          const done = () => root.querySelector('.search[data-status="idle"]')?.getAttribute('data-query') === q;
          if (done()) return resolve(performance.now());
          const observer = new MutationObserver(() => {
            if (!done()) return;
            observer.disconnect();
            resolve(performance.now());
          });
          observer.observe(root, { subtree: true, attributes: true, childList: true });
        });
      const t0 = performance.now();
      c.navigate('/bigdemo/menu/search');
      await rendered('');
      const openMs = performance.now() - t0;
      const session = c.searchSession;
      const index = await session.embeddedIndex();
      const box = root.querySelector('.modal input[type="search"]');
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
      const keystroke = [];
      const engine = [];
      const hits = [];
      for (let round = 0; round < 5; round++) {
        for (let i = 1; i <= query.length; i++) {
          const q = query.slice(0, i);
          const t = performance.now();
          setter.call(box, q);
          box.dispatchEvent(new Event('input', { bubbles: true }));
          keystroke.push((await rendered(q)) - t);
          const s = performance.now();
          const answer = index.answer('bigdemo', {
            query: q,
            facets: ['topics', 'kind', 'languages'],
            hitsPerPage: 20,
            maxValuesPerFacet: 100,
            highlightPreTag: '__ais-highlight__',
            highlightPostTag: '__/ais-highlight__',
          });
          engine.push(performance.now() - s);
          if (round === 0) hits.push(answer.nbHits);
        }
        setter.call(box, '');
        box.dispatchEvent(new Event('input', { bubbles: true }));
        await rendered('');
      }
      await until(() => true);
      return { openMs, build: session.stats, keystroke, engine, hits };
    },
    query,
    CONTROLLER,
  );
  const after = await tab.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
  await tab.close();
  const loaded = after.filter((u) => !before.includes(u) && /\/dist\/chunks\/.+\.js$/.test(u));
  const gz = loaded.reduce((n, u) => n + gzipSync(readFileSync(new URL(u).pathname.slice(1)), { level: 9 }).length, 0);
  return { ...result, chunks: loaded.length, gz };
}

/**
 * Annotation on the demo video: what entering loads (gzip of the chunks fetched), Annotate -> a ready surface
 * (first and second time), and per pointer move of a 500-point stroke the delay until it is painted.
 */
async function annotationBench() {
  const tab = await browser.newPage();
  await tab.setViewport({ width: 1000, height: 800 });
  await tab.goto(new URL('bench-open.html', demoUrl).href, { waitUntil: 'domcontentloaded' });
  // The player screen rendered (its interface comes after the metadata): what loads from here is annotation's.
  await tab.waitForFunction(() => window.__bench?.metadata !== undefined && window.__bench.ready !== undefined, {
    timeout: 30000,
  });
  const before = await tab.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
  const result = await tab.evaluate(async () => {
    const el = document.querySelector('patient-ed-player');
    const root = el.shadowRoot;
    const until = (check) =>
      new Promise((resolve) => {
        const t = setInterval(() => {
          const v = check();
          if (v) {
            clearInterval(t);
            resolve(v);
          }
        }, 1);
      });
    const ready = () =>
      root.querySelector('.annotation-surface canvas.upper-canvas') && root.querySelector('.annotation-toolbar button');
    const enter = async () => {
      const button = await until(() => root.querySelector('[data-control="markup"]'));
      const t0 = performance.now();
      button.click();
      await until(ready);
      return performance.now() - t0;
    };
    const leave = async () => {
      [...root.querySelectorAll('.annotation-toolbar button')].find((b) => b.dataset.action === 'close').click();
      await until(() => !root.querySelector('.annotation-surface'));
    };
    const first = await enter();
    await leave();
    const second = await enter();
    // A 500-point stroke: pointer events on the surface; after each move, when is its pixel painted?
    const upper = root.querySelector('.annotation-surface canvas.upper-canvas');
    const frame = () => new Promise((res) => requestAnimationFrame(() => res()));
    // The surface is laid out over the stage and its canvas sized to it a few frames after it shows: the stroke starts
    // once its box and its canvas's size have stayed the same for three frames (a probe that read pixels at the
    // box of the first frame read nothing in about half the runs: the canvas was sized again under it).
    const size = () => {
      const b = upper.getBoundingClientRect();
      return [b.left, b.top, b.width, b.height, upper.width, upper.height].join();
    };
    for (let same = 0, last = size(), n = 0; same < 3 && n < 120; n++) {
      await frame();
      const now = size();
      same = now === last ? same + 1 : 0;
      last = now;
    }
    const r = upper.getBoundingClientRect();
    const ctx = upper.getContext('2d', { willReadFrequently: true });
    const sx = upper.width / r.width;
    // A zigzag with points 24 px apart (twice the stroke's width): each move paints where nothing was yet.
    const perRow = Math.floor((r.width - 40) / 24);
    const at = (i) => {
      const row = Math.floor(i / perRow);
      const col = i % perRow;
      return { x: r.left + 20 + 24 * (row % 2 ? perRow - 1 - col : col), y: r.top + 20 + row * 24 };
    };
    const fire = (type, p, target = upper) =>
      target.dispatchEvent(
        new PointerEvent(type, {
          clientX: p.x,
          clientY: p.y,
          pointerId: 1,
          pointerType: 'mouse',
          isPrimary: true,
          button: type === 'pointermove' ? -1 : 0,
          buttons: type === 'pointerup' ? 0 : 1,
          bubbles: true,
          composed: true,
          cancelable: true,
        }),
      );
    const painted = (p) =>
      ctx.getImageData(Math.round((p.x - r.left) * sx), Math.round((p.y - r.top) * sx), 1, 1).data[3] > 0;
    fire('pointerdown', at(0));
    const delays = [];
    for (let i = 1; i <= 500; i++) {
      const p = at(i);
      // The brush smooths: a move paints the curve up to the middle of the last two points.
      const prev = at(i - 1);
      const mid = { x: (prev.x + p.x) / 2, y: (prev.y + p.y) / 2 };
      const t = performance.now();
      fire('pointermove', p);
      let n = 0;
      while (!painted(mid) && n++ < 10) await frame();
      delays.push(performance.now() - t);
      if (i % 50 === 0) await frame(); // let the page breathe like a real stroke
    }
    fire('pointerup', at(500), document);
    await frame();
    const objects = el[Symbol.for('patient-ed-player.controller')].annotationSurface?.objects.length;
    return { first, second, delays, objects };
  });
  const after = await tab.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
  await tab.close();
  const loaded = after.filter((u) => !before.includes(u) && /\/dist\/chunks\/.+\.js$/.test(u));
  const gz = loaded.reduce((n, u) => n + gzipSync(readFileSync(new URL(u).pathname.slice(1)), { level: 9 }).length, 0);
  return { ...result, chunks: loaded.length, gz };
}

/**
 * A collection of 19,998 items (`bigcollection`: 20,000 nodes, the player's cap, about 3 MB), opened two ways: the
 * page opened on it (demo/bench-collection.html: the profile's request, parse and flattening, then the first cards),
 * and the collection opened from its menu (the profile already there). For each, the longest main-thread task
 * (PerformanceObserver 'longtask', watching before the page's own scripts run) and the thumbnail requests made once
 * the cards in view show theirs. Target: longest task < 100 ms; thumbnails: the cards in view only.
 */
async function collectionBench() {
  const open = async (fromMenu) => {
    const tab = await browser.newPage();
    await tab.setViewport({ width: 1000, height: 800 });
    await tab.setCacheEnabled(false);
    await tab.evaluateOnNewDocument(() => {
      const watch = (window.__collection = { tasks: [], thumbs: new Set() });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) watch.tasks.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask', buffered: true });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (e.name.includes('/static/thumbs/bigc-')) watch.thumbs.add(e.name);
      }).observe({ type: 'resource', buffered: true });
    });
    // The provider generates the client on its first request: not part of what is measured.
    await fetch(new URL('api/clients/bigcollection/profile?menuLanguage=en', provider.url));
    await tab.goto(new URL('bench-collection.html', demoUrl).href, { waitUntil: 'domcontentloaded' });
    const result = await tab.evaluate(
      async (fromMenu, key) => {
        const el = document.querySelector('patient-ed-player');
        const watch = window.__collection;
        const until = (check) =>
          new Promise((resolve) => {
            const t = setInterval(() => {
              const v = check();
              if (v) {
                clearInterval(t);
                resolve(v);
              }
            }, 10);
          });
        const root = () => el.shadowRoot;
        let since = 0;
        if (fromMenu) {
          // The menu first (the profile loaded), then the collection's card, as a visitor would.
          await until(() => root()?.querySelector('.item-card'));
          el[Symbol.for(key)].navigate('/bigcollection/menu');
          const card = await until(() => root().querySelector('.section-card[data-code="C_BIGC_ALL"]'));
          await new Promise((r) => setTimeout(r, 500));
          watch.tasks.length = 0;
          watch.thumbs.clear();
          since = performance.now();
          card.click();
        }
        await until(() => root()?.querySelector('[data-node="C_BIGC_ALL"] .item-card'));
        const shownMs = performance.now() - since;
        // Settled: every card in view has its thumbnail's answer (a 404: the fallback tile), then a second more.
        await until(() =>
          [...root().querySelectorAll('.item-card')]
            .filter((c) => c.getBoundingClientRect().top < innerHeight)
            .every((c) => c.querySelector('[data-thumb="fallback"], [data-thumb="loaded"]')),
        );
        await new Promise((r) => setTimeout(r, 1000));
        const profile = performance.getEntriesByType('resource').find((e) => e.name.includes('/bigcollection/profile'));
        const after = fromMenu ? since : profile.responseEnd;
        const longest = (from) =>
          Math.max(0, ...watch.tasks.filter((t) => t.start + t.duration > from).map((t) => t.duration));
        return {
          shownMs,
          longest: longest(after),
          longestPage: longest(0),
          cards: root().querySelectorAll('.item-card').length,
          thumbs: watch.thumbs.size,
          inView: [...root().querySelectorAll('.item-card')].filter((c) => c.getBoundingClientRect().top < innerHeight)
            .length,
        };
      },
      fromMenu,
      CONTROLLER,
    );
    await tab.close();
    return result;
  };
  await open(false); // warm-up (servers, disk cache of the OS)
  const page = [];
  const menu = [];
  for (let i = 0; i < Math.max(3, Math.ceil(RUNS / 2)); i++) {
    page.push(await open(false));
    menu.push(await open(true));
  }
  return { page, menu };
}

const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)];

/** Milliseconds, whole, joined: `[...]` lists of runs. */
const list = (xs) => xs.map((x) => x.toFixed(0)).join(', ');

try {
  const search = await searchBench();
  const kbs = (n) => `${(n / 1024).toFixed(1)} kB`;
  console.log(
    `search dialog: ${search.chunks} chunks loaded on opening, ${kbs(search.gz)} min+gzip ` +
      '(embedded index: InstantSearch, MiniSearch, the dialog, its strings)',
  );
  console.log(
    `search on bigdemo (${search.build.records} records): index built in ${search.build.buildMs.toFixed(0)} ms ` +
      `(in chunks, the page stays responsive); dialog open -> first results ${search.openMs.toFixed(0)} ms`,
  );
  console.log(
    'keystroke -> rendered hits over "knee exercise guide" typed 5 times: ' +
      `median ${median(search.keystroke).toFixed(1)} ms, p95 ${p95(search.keystroke).toFixed(1)} ms (target < 50); ` +
      `the search itself: median ${median(search.engine).toFixed(2)} ms, p95 ${p95(search.engine).toFixed(2)} ms ` +
      `(target < 10); hits per prefix ${search.hits.join(' ')}`,
  );

  const annotation = await annotationBench();
  console.log(
    `annotation: ${annotation.chunks} chunks loaded on entering, ${kbs(annotation.gz)} min+gzip ` +
      '(Fabric.js, the eraser, the overlay, its strings)',
  );
  console.log(
    `Annotate -> ready surface: first ${annotation.first.toFixed(0)} ms, second ${annotation.second.toFixed(0)} ms`,
  );
  console.log(
    'pointer move -> stroke painted over a 500-point stroke: ' +
      `median ${median(annotation.delays).toFixed(2)} ms, p95 ${p95(annotation.delays).toFixed(2)} ms, ` +
      `max ${Math.max(...annotation.delays).toFixed(1)} ms (target p95 < 16); ${annotation.objects} stroke kept`,
  );

  const collection = await collectionBench();
  // The Long Tasks API reports tasks of 50 ms or more: 0 is none.
  const ms = (xs) =>
    Math.max(...xs) === 0
      ? 'none of 50 ms or more'
      : `median ${median(xs).toFixed(0)} ms, max ${Math.max(...xs).toFixed(0)} ms`;
  const { page: cp, menu: cm } = collection;
  console.log(
    'a 19,998-item collection (bigcollection), page opened on it: longest main-thread task after the ' +
      `profile's answer ${ms(cp.map((r) => r.longest))} (target < 100; ` +
      `whole page load, the player's own start included: ${ms(cp.map((r) => r.longestPage))}); ` +
      `first cards ${median(cp.map((r) => r.shownMs)).toFixed(0)} ms after navigation start; ` +
      `${cp[0].cards} cards rendered, thumbnail requests ${cp.map((r) => r.thumbs).join(' ')} ` +
      `for ${cp[0].inView} cards in view`,
  );
  console.log(
    `the same collection opened from its menu: longest main-thread task ${ms(cm.map((r) => r.longest))} ` +
      `(target < 100); first cards ${median(cm.map((r) => r.shownMs)).toFixed(0)} ms after the click; ` +
      `thumbnail requests ${cm.map((r) => r.thumbs).join(' ')}`,
  );

  // The menu beside a plain <video>'s first frame and beside the menu's floor for this design: a page of one small
  // script that makes the menu's three API requests and loads React and React DOM beside them, then renders the
  // profile's libraries in one React render (demo/bench-menu-floor.html), with no player code at all.
  const player = [];
  const video = [];
  const menuFloor = [];
  await measure('bench-player.html'); // warm-up (servers, disk cache of the OS)
  await measure('bench-video.html');
  await measure('bench-menu-floor.html');
  for (let i = 0; i < RUNS; i++) {
    // Interleaved, so all see the same machine load.
    player.push(await measure('bench-player.html'));
    video.push(await measure('bench-video.html'));
    menuFloor.push(await measure('bench-menu-floor.html'));
  }
  const { entry, core, firstScreen, total, files } = sizes();
  const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
  const p = median(player);
  const v = median(video);
  console.log(`entry (min+gzip):              ${kb(entry)}   (budget ${kb(ENTRY_BUDGET)})`);
  console.log(`core + link chunk:             ${kb(core)}   (budget ${kb(CORE_BUDGET)})`);
  console.log(`entry, core, interface chunk:  ${kb(firstScreen)}   (budget ${kb(FIRST_SCREEN_BUDGET)})`);
  console.log(`all ${String(files).padEnd(2)} chunks (min+gzip):    ${kb(total)}`);
  console.log(`navigation -> ready (menu):    median ${p.toFixed(0)} ms over ${RUNS} runs  [${list(player)}]`);
  console.log(`navigation -> plain <video> first frame: median ${v.toFixed(0)} ms  [${list(video)}]`);
  console.log(`ratio player / plain video:    ${(p / v).toFixed(2)}   (target <= 2)`);
  const mf0 = median(menuFloor);
  console.log(
    `navigation -> ready (the menu's floor: React and the API's requests alone): median ${mf0.toFixed(0)} ms ` +
      `[${list(menuFloor)}]; floor / plain video ${(mf0 / v).toFixed(2)}, player / floor ${(p / mf0).toFixed(2)}`,
  );

  // Navigation -> first loadedmetadata: the element opened on a video (code="A_DEMO_VIDEO") beside a plain
  // <video> of the same file, and beside the floor any player of the provider API has: a page that makes only the
  // API's requests on the way to that video (demo/bench-floor.js), with no player code at all.
  const opened = [];
  const plainMeta = [];
  const floor = [];
  await measure('bench-open.html', 'metadata');
  await measure('bench-floor.html', 'metadata');
  for (let i = 0; i < RUNS; i++) {
    opened.push(await measure('bench-open.html', 'metadata'));
    plainMeta.push(await measure('bench-video.html', 'metadata'));
    floor.push(await measure('bench-floor.html', 'metadata'));
  }
  const o = median(opened);
  const m = median(plainMeta);
  const fl = median(floor);
  console.log(`navigation -> loadedmetadata (player, code=A_DEMO_VIDEO): median ${o.toFixed(0)} ms  [${list(opened)}]`);
  console.log(
    `navigation -> loadedmetadata (plain <video>):             median ${m.toFixed(0)} ms  [${list(plainMeta)}]`,
  );
  console.log(`navigation -> loadedmetadata (the API's requests alone):  median ${fl.toFixed(0)} ms  [${list(floor)}]`);
  console.log(
    `ratio player / the API chain alone: ${(o / fl).toFixed(2)}   (target <= 1.4); ` +
      `player / plain video: ${(o / m).toFixed(2)}; the API chain alone / plain video: ${(fl / m).toFixed(2)}`,
  );
  const screens = (runs) => {
    const got = runs.map((t) => screensOf.get(t)).filter(Boolean);
    return { frame: median(got.map((g) => g.frame)), ready: median(got.map((g) => g.ready)) };
  };
  const os = screens(opened);
  console.log(
    `the same player: its video's first frame on screen median ${os.frame.toFixed(0)} ms ` +
      `(${(os.frame / fl).toFixed(2)} of the API chain alone), ` +
      `its player screen rendered (ready) ${os.ready.toFixed(0)} ms`,
  );
  const gaps = opened.map((t) => gapsOf.get(t)).filter(Boolean);
  console.log(
    `player's waterfall: entry received -> first provider request median ${median(
      gaps.map((g) => g.firstRequest),
    ).toFixed(0)} ms [${list(gaps.map((g) => g.firstRequest))}]; video source answered -> media request median ` +
      `${median(gaps.map((g) => g.media)).toFixed(0)} ms [${list(gaps.map((g) => g.media))}]`,
  );

  // A library page: 12 players of one client (one a video, eleven playlists), eager and lazy, beside one player.
  const pages = { one: [], many: [], lazy: [] };
  await libraryPage('bench-library.html'); // warm-up
  for (let i = 0; i < Math.max(3, Math.ceil(RUNS / 3)); i++) {
    pages.one.push(await libraryPage('bench-library-one.html'));
    pages.many.push(await libraryPage('bench-library.html'));
    pages.lazy.push(await libraryPage('bench-library-lazy.html'));
  }
  const row = (runs) => ({
    readyMs: median(runs.map((r) => r.readyMs)),
    requests: median(runs.map((r) => r.requests)),
    api: median(runs.map((r) => r.api)),
    heap: median(runs.map((r) => r.heap)),
    started: median(runs.map((r) => r.started)),
    shift: median(runs.map((r) => r.shift)),
    players: runs[0].players,
  });
  const names = { one: '1 player', many: '12 players', lazy: '12 lazy players (no scroll)' };
  for (const [name, r] of Object.entries(pages).map(([k, runs]) => [k, row(runs)]))
    console.log(
      `library page, ${names[name]}: ` +
        `${r.started} of ${r.players} started, all of them ready ${r.readyMs.toFixed(0)} ms after navigation; ` +
        `provider requests ${r.requests} (API ${r.api}); JS heap ${(r.heap / 1024 / 1024).toFixed(1)} MB; ` +
        `layout shift ${r.shift.toFixed(3)}`,
    );

  // The same kind of page at a clinic's scale, read to its end: 50 lazy players scrolled through, at two speeds.
  for (const [speed, stepMs] of Object.entries(SCROLL_STEPS_MS)) {
    const scrolled = [];
    for (let i = 0; i < 3; i++) scrolled.push(await scrolledLibrary(stepMs));
    const sm = (key) => median(scrolled.map((r) => r[key]));
    console.log(
      `library page, ${scrolled[0].players} lazy players scrolled through ${speed} (${scrolled[0].steps} steps of ` +
        `one viewport, ${stepMs} ms apart), medians of ${scrolled.length}: of the ${sm('came')} players that came ` +
        `into view, ${sm('waited')} were not ready yet (the longest wait ${sm('longestWait').toFixed(0)} ms); long ` +
        `tasks meanwhile ${sm('longCount')} (the longest ${sm('longest').toFixed(0)} ms, ` +
        `${sm('blocking').toFixed(0)} ms over 50 ms in all) [longest: ${list(scrolled.map((r) => r.longest))}]; ` +
        `provider requests: API ${sm('api')}, media ${sm('media')}; ` +
        `JS heap ${(sm('heap') / 1024 / 1024).toFixed(1)} MB; ` +
        `layout shift over the whole visit ${sm('shift').toFixed(3)}`,
    );
  }

  // The same on emulated connections: there the provider API's round trips (each with its CORS preflight) and the
  // bytes before the first request weigh more than the main thread. Fewer runs: each takes seconds.
  const netRuns = Math.max(3, Math.ceil(RUNS / 2));
  for (const network of NETWORKS) {
    const rows = { open: [], floor: [], plainMeta: [], menu: [], plainFrame: [], menuFloor: [] };
    await measure('bench-open.html', 'metadata', network);
    await measure('bench-menu-floor.html', 'ready', network);
    for (let i = 0; i < netRuns; i++) {
      rows.open.push(await measure('bench-open.html', 'metadata', network));
      rows.floor.push(await measure('bench-floor.html', 'metadata', network));
      rows.plainMeta.push(await measure('bench-video.html', 'metadata', network));
      rows.menu.push(await measure('bench-player.html', 'ready', network));
      rows.plainFrame.push(await measure('bench-video.html', 'ready', network));
      rows.menuFloor.push(await measure('bench-menu-floor.html', 'ready', network));
    }
    const [mo, mf, mp, mm, mv, mmf] = [
      rows.open,
      rows.floor,
      rows.plainMeta,
      rows.menu,
      rows.plainFrame,
      rows.menuFloor,
    ].map(median);
    console.log(`on ${network.name}, medians of ${netRuns}:`);
    console.log(
      `  loadedmetadata: player ${mo.toFixed(0)} ms, the API's requests alone ${mf.toFixed(0)} ms, ` +
        `plain <video> ${mp.toFixed(0)} ms; player / API alone ${(mo / mf).toFixed(2)} (target <= 1.15), ` +
        `API alone / plain ${(mf / mp).toFixed(2)}, player / plain ${(mo / mp).toFixed(2)}`,
    );
    const ns = screens(rows.open);
    console.log(
      `  the player's first frame on screen ${ns.frame.toFixed(0)} ms (${(ns.frame / mf).toFixed(2)} of the API ` +
        `alone), its player screen rendered (ready) ${ns.ready.toFixed(0)} ms`,
    );
    console.log(
      `  menu ready ${mm.toFixed(0)} ms, plain <video> first frame ${mv.toFixed(0)} ms; ` +
        `ratio ${(mm / mv).toFixed(2)} (target <= 2); the menu's floor (React and the API alone) ${mmf.toFixed(0)} ` +
        `ms, floor / plain ${(mmf / mv).toFixed(2)}, player / floor ${(mm / mmf).toFixed(2)}`,
    );
  }

  const ff = [];
  const plain = [];
  for (let i = 0; i < RUNS; i++) {
    ff.push(await firstFrame('player'));
    plain.push(await firstFrame('plain'));
  }
  const f = median(ff);
  const g = median(plain);
  console.log(`play -> first frame (player):  median ${f.toFixed(0)} ms  [${list(ff)}]`);
  console.log(`play -> first frame (<video>): median ${g.toFixed(0)} ms  [${list(plain)}]`);
  console.log(`ratio player / plain video:    ${(f / g).toFixed(2)}`);

  const costs = { player: [], plain: [] };
  for (let i = 0; i < 3; i++) for (const which of ['player', 'plain']) costs[which].push(await playingCost(which));
  const cost = (which, what) => median(costs[which].map((c) => c[what])).toFixed(1);
  console.log(
    `while a video plays (${PLAYING_MS / 1000} s, median of 3): main thread per second of playback, script ` +
      `${cost('player', 'script')} ms / all tasks ${cost('player', 'tasks')} ms (player); ` +
      `${cost('plain', 'script')} / ${cost('plain', 'tasks')} ms (plain <video>)`,
  );

  const latency = await commandLatency();
  const us = (xs) => `${(median(xs) * 1000).toFixed(2)} µs`;
  console.log(
    `method call: getter ${us(latency.getter)}, action (await setVolume) ${us(latency.action)} (median of 9 batches)`,
  );
  console.log(
    'postMessage round trip through an iframe (getPlayerState): ' +
      `${(median(latency.messages) * 1000).toFixed(0)} µs (median of 9 batches of 100)`,
  );

  const rounds = Number(process.env.BENCH_ROUNDS ?? 50);
  const { before, after } = await heapGrowth(rounds);
  const mb = (n) => (n / 1024 / 1024).toFixed(2);
  console.log(
    `after ${rounds} player<->menu round trips: JS heap ${mb(before.usedSize)} -> ${mb(after.usedSize)} MB ` +
      `(${after.usedSize >= before.usedSize ? '+' : ''}${((after.usedSize - before.usedSize) / 1024).toFixed(0)} kB, ` +
      'mostly V8 code and DevTools network records); ' +
      `DOM nodes ${before.nodes} -> ${after.nodes}; ` +
      `JS event listeners ${before.jsEventListeners} -> ${after.jsEventListeners}`,
  );
} finally {
  await browser.close();
  provider.server.close();
  demo.close();
}
