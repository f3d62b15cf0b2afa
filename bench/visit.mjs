/**
 * A page loaded as a visitor's browser loads it, for the timed rows of bench/run.mjs and bench/compare.mjs: a new tab
 * with no DevTools domain on but Network (the emulated connection, no HTTP cache) and Page (to know when the document
 * is there), and no script of ours running in it while it loads (the probe, demo/bench.js, resolves a promise when its
 * values are recorded: no polling).
 *
 * A Puppeteer page is not that: it turns on the Runtime domain and more (an isolated world, bindings, lifecycle
 * events) and polls its waits in every animation frame, and V8 then works for the inspector while the page's scripts
 * load (it collects the source positions of the interface chunk during its evaluation: ~10 ms of a 25 ms import on
 * this machine). A plain <video> page runs no script and pays nothing, so the player's ratios to it were measured
 * against a handicap no visitor has (navigation -> the menu's `ready` on loopback: 137 ms in a Puppeteer page, 121 in
 * this one; the plain video's first frame 54 and 53).
 */

const roots = new WeakMap(); // browser -> its CDP connection

/**
 * Opens `url` in a new tab (on `network` when it has a latency) and answers `{ wait, evaluate, close }`: `wait(whats)`
 * gives the probe's values of `whats` once all are recorded (demo/bench.js `__benchWait`), `evaluate(fn, ...args)`
 * runs a function in the page (after the wait: it runs a script) and answers its value.
 */
export async function visit(browser, url, { network, timeout = 60000 } = {}) {
  let connection = roots.get(browser);
  if (!connection) roots.set(browser, (connection = (await browser.target().createCDPSession()).connection()));
  const { targetId } = await connection.send('Target.createTarget', { url: 'about:blank' });
  // Closed, and gone (its renderer torn down) before the next page is measured, as a Puppeteer page's close waits.
  const close = async () => {
    await connection.send('Target.closeTarget', { targetId }).catch(() => undefined);
    for (let i = 0; i < 100; i++) {
      const { targetInfos } = await connection.send('Target.getTargets');
      if (!targetInfos.some((t) => t.targetId === targetId)) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  try {
    const { sessionId } = await connection.send('Target.attachToTarget', { targetId, flatten: true });
    const session = connection.session(sessionId);
    await session.send('Network.enable');
    await session.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (network?.latency) {
      const bytes = (network.kbps * 1000) / 8;
      await session.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: network.latency,
        downloadThroughput: bytes,
        uploadThroughput: bytes,
      });
    }
    const evaluate = async (expression) => {
      const answer = await session.send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true });
      if (answer.exceptionDetails) throw new Error(`${url}: ${answer.exceptionDetails.exception?.description}`);
      return answer.result.value;
    };
    await session.send('Page.enable');
    // The page's DOMContentLoaded (not a late one of the blank page the tab opened with: the URL is checked), waited
    // for as an event, not polled.
    let parsedCount = 0;
    const waiting = [];
    session.on('Page.domContentEventFired', () => {
      parsedCount++;
      for (const resolve of waiting.splice(0)) resolve();
    });
    const parsedAfter = (seen) =>
      parsedCount > seen ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve));
    await session.send('Page.navigate', { url });
    const parsed = async () => {
      for (let seen = 0; ; seen = parsedCount) {
        await parsedAfter(seen);
        if ((await evaluate('location.href')) === new URL(url).href) return;
      }
    };
    await withTimeout(parsed(), timeout, `${url}: no DOMContentLoaded`);
    return {
      wait: (whats) =>
        withTimeout(evaluate(`window.__benchWait(${JSON.stringify(whats)})`), timeout, `${url}: no ${whats}`),
      evaluate: (fn, ...args) => evaluate(`(${fn})(...${JSON.stringify(args)})`),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

function withTimeout(promise, ms, message) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(message)), ms))),
  ]).finally(() => clearTimeout(timer));
}
