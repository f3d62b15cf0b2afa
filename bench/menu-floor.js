// Bench page script (demo/bench-menu-floor.html, bundled by bench/menu-floor-build.mjs): the floor of "navigation ->
// the menu rendered" for an embed of this design, with no player at all. One small script on the page, as a clinic's
// page has: it asks for the provider API's three requests of the player's menu with the same referrer header (each a
// CORS request with its preflight: the client's configuration, its user's preferences, the profile) and, beside them,
// for React 19 and React DOM (bench/menu-floor-view.js: the bytes and the evaluation every React player pays); then
// the profile's libraries and collections are rendered in one React render, and `ready` (demo/bench.js) is sent once
// that render is committed, in a passive effect, as the player reports its own.
const host = document.querySelector('[data-bench-menu]');
const provider = host.dataset.provider;
const headers = { 'X-Embed-Referrer': `${location.origin}${location.pathname}` };
const get = (url) => fetch(url, { headers }).then((response) => response.json());
const answers = Promise.all([
  get(`${provider}api/clients/demo`),
  get(`${provider}cdn/68/preferences`),
  get(`${provider}api/clients/demo/profile?menuLanguage=en`),
]);
const [{ render }, [, , profile]] = await Promise.all([import('./menu-floor-view.js'), answers]);
render(host, profile);
