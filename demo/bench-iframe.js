// Bench page (bench/run.mjs): embeds the player's embed page in an iframe on this origin, allowed to
// command it; window.__roundTrip(n) measures postMessage command -> result round trips.
const iframe = document.createElement('iframe');
iframe.src = `embed.html?client=demo&allowed-origins=${encodeURIComponent(location.origin)}`;
iframe.width = '640';
iframe.height = '400';
let ready;
window.__embedReady = new Promise((r) => (ready = r));
const pending = new Map();
window.addEventListener('message', (e) => {
  if (e.source !== iframe.contentWindow) return;
  if (e.data?.type === 'patient-ed-player:event' && e.data.payload.event === 'onReady') ready();
  if (e.data?.type === 'patient-ed-player:result') pending.get(e.data.payload.id)?.(performance.now());
});
let seq = 0;
/** Average round-trip time of `batches` batches of `n` sequential commands (timers are coarse: time batches). */
window.__roundTrip = async (n, batches = 1) => {
  const averages = [];
  for (let b = 0; b < batches; b++) {
    const t0 = performance.now();
    for (let i = 0; i < n; i++) {
      const id = ++seq;
      await new Promise((resolve) => {
        pending.set(id, resolve);
        iframe.contentWindow.postMessage(
          { type: 'patient-ed-player:command', payload: { command: 'getPlayerState', id } },
          location.origin,
        );
      });
      pending.delete(id);
    }
    averages.push((performance.now() - t0) / n);
  }
  return averages;
};
document.body.append(iframe);
