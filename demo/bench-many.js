// Bench probe for a page of many players (bench/run.mjs): when each player sent `ready`, and when all of them had
// (a lazy player far below the fold never does until scrolled to); the bench reads the page's provider requests.
window.__bench = { ready: [] };
const players = [...document.querySelectorAll('patient-ed-player')];
document.addEventListener('ready', () => {
  window.__bench.ready.push(performance.now());
  if (window.__bench.ready.length === players.length) window.__bench.allReady = performance.now();
});
