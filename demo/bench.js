// Bench probe (used by bench/run.mjs): records, relative to navigation start, when the player's first
// screen is ready (or a plain <video> has its first frame), and when the first video has its metadata
// (the player's, or the plain <video>'s `loadedmetadata`).
window.__bench = {};
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
// The player's video may load its metadata before it is on screen (outside the shadow tree, where no
// listener of the page can hear it): poll the player's own state, every millisecond.
const player = document.querySelector('patient-ed-player[code]');
if (player) {
  const key = Symbol.for('patient-ed-player.controller');
  const timer = setInterval(() => {
    if (!player[key]?.state.playback.ready) return;
    window.__bench.metadata ??= performance.now();
    clearInterval(timer);
  }, 1);
}
