// Test diagnostics for the embed page (loaded only with ?diagnostics=1): counts uncaught errors and
// unhandled rejections inside the iframe and reports them, with the player's location, to the parent
// when asked. Used by the host-API fuzz test.
const errors = [];
window.addEventListener('error', (e) => errors.push(String(e.message)));
window.addEventListener('unhandledrejection', (e) => errors.push(`unhandled: ${String(e.reason?.message ?? e.reason)}`));
window.addEventListener('message', (event) => {
  if (event.source !== window.parent || event.data?.type !== 'embed-diagnostics:ask') return;
  const player = document.querySelector('patient-ed-player');
  const polluted = Object.hasOwn(Object.prototype, 'polluted') || Object.hasOwn(Object.prototype, 'command');
  window.parent.postMessage({ type: 'embed-diagnostics:report', errors, polluted, path: player?.currentPath ?? null }, event.origin);
});
