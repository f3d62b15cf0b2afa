// The nonce-based CSP page: plays a video, a slide set and a YouTube item (through `?yt=`, a stand-in for YouTube's
// iframe API, or YouTube's own) and reports violations, errors and what played to the embedding test.
import { errors, report, sleep, until, violations } from './csp-watch.js';

// Only a stand-in of this demo's own (the tests' fakes, served at /test-fixtures/): a link can name no other script.
const ytName = new URLSearchParams(location.search).get('yt');
const youtubeApi = ytName && /^[\w-]{1,60}$/.test(ytName) ? `/test-fixtures/${ytName}.js` : undefined;

function player(code) {
  const el = document.createElement('patient-ed-player');
  el.setAttribute('client', 'demo');
  el.setAttribute('code', code);
  el.setAttribute('provider-url', document.getElementById('players').dataset.providerUrl);
  if (youtubeApi) el.setAttribute('youtube-api-url', youtubeApi);
  document.getElementById('players').append(el);
  return el;
}

async function run() {
  await customElements.whenDefined('patient-ed-player');
  const played = {};
  for (const [name, code] of [
    ['video', 'A_DEMO_VIDEO'],
    ['slides', 'A_DEMO_SLIDES'],
    ['youtube', 'A_DEMO_YT'],
  ]) {
    const el = player(code);
    const ready = await until(() => el.getPlayerState?.() === 0, 15000);
    if (ready) await el.playVideo();
    played[name] = ready && (await until(() => el.getPlayerState() === 1));
    el.pauseVideo?.();
  }
  await sleep(500); // late requests would report violations now
  report({
    type: 'csp-nonce-report',
    played,
    trustedTypes: typeof window.trustedTypes?.createPolicy === 'function',
    violations,
    errors,
    styleAttributes: [...document.querySelectorAll('patient-ed-player')].reduce(
      (n, el) => n + el.shadowRoot.querySelectorAll('[style]').length,
      0,
    ),
  });
}
run();
