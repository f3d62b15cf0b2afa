// Bench probe (used by bench/run.mjs): records, relative to navigation start, when the player's first
// screen is ready (or a plain <video> has its first frame), and when the first video has its metadata
// (the player's, or the plain <video>'s `loadedmetadata`).
// bench/visit.mjs waits on this instead of polling the page while it loads: the values of `whats` (names of
// window.__bench), once all are recorded.
{
  const waiters = new Set();
  const values = {};
  const settle = () => {
    for (const waiter of waiters)
      if (waiter.whats.every((what) => values[what] !== undefined)) {
        waiters.delete(waiter);
        waiter.resolve(waiter.whats.map((what) => values[what]));
      }
  };
  window.__bench = new Proxy(values, {
    set(target, key, value) {
      target[key] = value;
      settle();
      return true;
    },
  });
  window.__benchWait = (whats) =>
    new Promise((resolve) => {
      waiters.add({ whats, resolve });
      settle();
    });
}
document.addEventListener('ready', () => {
  window.__bench.ready = performance.now();
});
const video = document.querySelector('video[data-bench]');
if (video) {
  const done = () => (window.__bench.ready ??= performance.now());
  if (video.readyState >= 2) done();
  else video.addEventListener('loadeddata', done, { once: true });
  const metadata = () => (window.__bench.metadata ??= performance.now());
  if (video.readyState >= 1) metadata();
  else video.addEventListener('loadedmetadata', metadata, { once: true });
}
// The player's video may load its metadata before it is on screen (outside the shadow tree, where no listener of
// the page can hear its loadedmetadata): the player tells the page with a `statechange` event, state 0 (loaded),
// dispatched while it handles that loadedmetadata.
const player = document.querySelector('patient-ed-player[code]');
player?.addEventListener('statechange', (event) => {
  if (event.detail.state === 0) window.__bench.metadata ??= performance.now();
});
// The first frame on screen: the first animation frame in which a video of the page or of a player's shadow root is
// in the document with a frame to show (readyState >= 2; a player's video may load detached from it).
const shows = () =>
  [...document.querySelectorAll('video'), ...document.querySelectorAll('patient-ed-player')].some((node) => {
    const v = node instanceof HTMLVideoElement ? node : node.shadowRoot?.querySelector('video');
    return v && v.isConnected && v.readyState >= 2;
  });
const watchFrame = () => {
  if (shows()) window.__bench.frame = performance.now();
  else requestAnimationFrame(watchFrame);
};
// Only on a page with a video to watch (a plain <video>, a player opened on a video): on a menu's page the loop would
// run on the main thread in every frame, for nothing, while the player loads.
if (document.querySelector('video[data-bench], patient-ed-player[code^="A_"]')) requestAnimationFrame(watchFrame);
