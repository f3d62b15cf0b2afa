// What the strict-CSP demo pages watch for: every Content-Security-Policy violation and every uncaught error on the
// page (installed first, so nothing is missed), and a polling wait. The pages report to a parent window (the
// browser tests embed them in an iframe).
export const violations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  violations.push({ directive: e.violatedDirective, blocked: e.blockedURI, sample: e.sample });
});
export const errors = [];
window.addEventListener('error', (e) => errors.push(String(e.message)));
window.addEventListener('unhandledrejection', (e) => errors.push(String(e.reason?.message ?? e.reason)));

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const until = async (check, ms = 10000) => {
  const start = performance.now();
  while (!check()) {
    if (performance.now() - start > ms) return false;
    await sleep(50);
  }
  return true;
};

/** Send the report to the embedding test and show its count on the page. */
export function report(data) {
  if (window.parent !== window) window.parent.postMessage(data, '*');
  const out = document.createElement('output');
  out.id = 'csp-report';
  out.textContent = `CSP violations: ${violations.length}`;
  document.body.append(out);
}
