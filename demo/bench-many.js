// Bench probe for a page of many players (bench/run.mjs): when each player sent `ready`, and when all of them had
// (a lazy player far below the fold never does until scrolled to); when each came into view (`seen`, by player: every
// time it did; before the element is defined, a page without docs/api.md's reserving rules lays them all out as empty
// boxes at its top); the main thread's long tasks (50 ms or more, as the browser reports them: Chromium) and the
// page's layout shifts (their sum, as CLS adds them, without a window: Chromium); the bench reads the page's provider
// requests.
window.__bench = { ready: [], long: [], seen: new Map(), readyAt: new Map(), shift: 0 };
const players = [...document.querySelectorAll('patient-ed-player')];
document.addEventListener('ready', (event) => {
  window.__bench.ready.push(performance.now());
  if (!window.__bench.readyAt.has(event.target)) window.__bench.readyAt.set(event.target, performance.now());
  if (window.__bench.ready.length === players.length) window.__bench.allReady = performance.now();
});
const view = new IntersectionObserver((entries) => {
  for (const entry of entries)
    if (entry.isIntersecting)
      window.__bench.seen.set(entry.target, [...(window.__bench.seen.get(entry.target) ?? []), performance.now()]);
});
for (const player of players) view.observe(player);
if (PerformanceObserver.supportedEntryTypes?.includes('layout-shift'))
  new PerformanceObserver((list) => {
    for (const shift of list.getEntries()) if (!shift.hadRecentInput) window.__bench.shift += shift.value;
  }).observe({ type: 'layout-shift', buffered: true });
if (PerformanceObserver.supportedEntryTypes?.includes('longtask'))
  new PerformanceObserver((list) => {
    for (const task of list.getEntries()) window.__bench.long.push([task.startTime, task.duration]);
  }).observe({ type: 'longtask', buffered: true });
