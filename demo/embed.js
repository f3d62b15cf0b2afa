// The iframe embed page: one full-size <patient-ed-player> configured by the URL query, e.g.
//   embed.html?client=demo&code=A_DEMO_VIDEO&language=es&allowed-origins=https://clinic.example
// Every query parameter becomes an attribute of the same name (`openthis` is an alias of `code`);
// the player's postMessage adapter then answers the parent page.
const params = new URLSearchParams(location.search);
const player = document.createElement('patient-ed-player');
// The demo server writes the reference provider's URL into the page; `provider-url` in the query overrides it.
player.setAttribute('provider-url', document.documentElement.dataset.provider);
for (const [name, value] of params) {
  if (name === 'diagnostics') continue;
  const attribute = name === 'openthis' ? 'code' : name.toLowerCase();
  if (/^[a-z][a-z0-9_-]{0,40}$/.test(attribute)) player.setAttribute(attribute, value);
}
document.body.append(player);
if (params.get('diagnostics') === '1') import('./embed-diagnostics.js');
