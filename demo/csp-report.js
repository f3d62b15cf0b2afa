// Collects Content-Security-Policy violations on the strict-CSP demo page and reports them to a parent
// window (the browser tests embed this page in an iframe) once the player is ready.
const violations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  violations.push({ directive: e.violatedDirective, blocked: e.blockedURI, sample: e.sample });
});
const errors = [];
window.addEventListener('error', (e) => errors.push(String(e.message)));
document.addEventListener('ready', (e) => {
  // Give late requests (thumbnails, art) a moment to trigger violations, then report.
  setTimeout(() => {
    const player = document.querySelector('patient-ed-player');
    const report = {
      type: 'csp-report',
      ready: e.target === player,
      violations,
      errors,
      items: player?.shadowRoot?.querySelectorAll('.item-card').length ?? 0,
      styleAttributes: player?.shadowRoot?.querySelectorAll('[style]').length ?? -1,
    };
    if (window.parent !== window) window.parent.postMessage(report, '*');
    const out = document.createElement('output');
    out.id = 'csp-report';
    out.textContent = `CSP violations: ${violations.length}`;
    document.body.append(out);
  }, 1500);
});
