// Bench probe (used by bench/run.mjs): records, relative to navigation start, when the player's first
// screen is ready, or when a plain <video> has its first frame.
window.__bench = {};
document.addEventListener('ready', () => {
  window.__bench.ready = performance.now();
});
const video = document.querySelector('video[data-bench]');
if (video) {
  const done = () => (window.__bench.ready ??= performance.now());
  if (video.readyState >= 2) done();
  else video.addEventListener('loadeddata', done, { once: true });
}
