// Test diagnostics for the embed page (loaded only with ?diagnostics=1): counts uncaught errors and
// unhandled rejections inside the iframe, keeps its console warnings, and reports them, with the player's
// location and whether it said it is ready, to the parent when asked (with the id of the question). Used by the
// host-API tests.
const errors = [];
const warnings = [];
const warn = console.warn;
console.warn = (...args) => {
  warnings.push(args.map(String).join(' '));
  warn.apply(console, args);
};
// The player said it is ready (its event bubbles to the document): what it would tell a parent has been told.
let ready = false;
document.addEventListener('ready', () => (ready = true));
window.addEventListener('error', (e) => errors.push(String(e.message)));
window.addEventListener('unhandledrejection', (e) =>
  errors.push(`unhandled: ${String(e.reason?.message ?? e.reason)}`),
);
window.addEventListener('message', (event) => {
  if (event.source !== window.parent || event.data?.type !== 'embed-diagnostics:ask') return;
  const player = document.querySelector('patient-ed-player');
  const polluted = Object.hasOwn(Object.prototype, 'polluted') || Object.hasOwn(Object.prototype, 'command');
  window.parent.postMessage(
    {
      type: 'embed-diagnostics:report',
      id: event.data.id,
      errors,
      warnings,
      polluted,
      ready,
      path: player?.currentPath ?? null,
    },
    event.origin,
  );
});
