// Test diagnostics for the embed page (loaded only with ?diagnostics=1): counts uncaught errors and
// unhandled rejections inside the iframe, keeps its console warnings, and reports them, with the player's
// location, to the parent when asked. Used by the host-API tests.
const errors = [];
const warnings = [];
const warn = console.warn;
console.warn = (...args) => {
  warnings.push(args.map(String).join(' '));
  warn.apply(console, args);
};
window.addEventListener('error', (e) => errors.push(String(e.message)));
window.addEventListener('unhandledrejection', (e) => errors.push(`unhandled: ${String(e.reason?.message ?? e.reason)}`));
window.addEventListener('message', (event) => {
  if (event.source !== window.parent || event.data?.type !== 'embed-diagnostics:ask') return;
  const player = document.querySelector('patient-ed-player');
  const polluted = Object.hasOwn(Object.prototype, 'polluted') || Object.hasOwn(Object.prototype, 'command');
  window.parent.postMessage({ type: 'embed-diagnostics:report', errors, warnings, polluted, path: player?.currentPath ?? null }, event.origin);
});
