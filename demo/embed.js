// The demo's iframe embed page: one full-size <patient-ed-player> configured by the URL query, e.g.
//   embed.html?client=demo&code=A_DEMO_VIDEO&language=es&allowed-origins=https://clinic.example
// Query parameters become attributes of the same name (`openthis` is an alias of `code`), except URLs;
// the player's postMessage adapter then answers the parent page.
// The allow-list too comes from the query here, which only suits a demo (the page says so): the site that frames the
// page writes its URL and can leave it out. A deployed embed page (dist/embed.html) sets it in its own markup, and the
// element never reads it from the page's URL.
const params = new URLSearchParams(location.search);
const player = document.createElement('patient-ed-player');
// The demo server writes the reference provider's URL into the page (the query cannot change it: see below).
player.setAttribute('provider-url', document.documentElement.dataset.provider);
// Never from the query: the hosts the player talks to and the scripts it loads (`*-url` attributes), so an
// embed link cannot point the player, or a vendor script, anywhere else.
for (const [name, value] of params) {
  const attribute = name === 'openthis' ? 'code' : name.toLowerCase();
  if (attribute === 'diagnostics' || attribute.endsWith('url')) continue;
  if (/^[a-z][a-z0-9_-]{0,40}$/.test(attribute)) player.setAttribute(attribute, value);
}
// The test diagnostics first, so that they hear the player's console warnings from the start.
if (params.get('diagnostics') === '1') await import('./embed-diagnostics.js');
document.body.append(player);
