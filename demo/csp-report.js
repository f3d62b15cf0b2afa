// Collects Content-Security-Policy violations on the strict-CSP demo page while a menu and a playing video
// (captions, notices, a modal) are on screen, and reports them to a parent window (the browser tests embed
// this page in an iframe).
import { errors, report as send, sleep, until, violations } from './csp-watch.js';

async function run() {
  await customElements.whenDefined('patient-ed-player');
  const [menu, video] = document.querySelectorAll('patient-ed-player');
  const ready = await until(() => menu.shadowRoot.querySelector('.item-card') && video.getPlayerState() === 0, 15000);
  await video.playVideo();
  const playing = await until(() => video.getPlayerState() === 1);
  const captions = await until(() => video.shadowRoot.querySelector('.caption-line'));
  video.shadowRoot.querySelector('[data-control="chapters"]')?.click();
  const modal = await until(() => video.shadowRoot.querySelector('.modal .chapter-list'));
  // The annotation overlay (Fabric.js, its lazy chunk and catalog): a shape added from the toolbar.
  video.shadowRoot.querySelector('.modal [aria-label="Close"]')?.click();
  await until(() => !video.shadowRoot.querySelector('.modal .chapter-list'));
  video.shadowRoot.querySelector('[data-control="markup"]')?.click();
  const shapes = await until(() =>
    [...video.shadowRoot.querySelectorAll('.annotation-toolbar button')].find((b) => b.textContent === 'Shapes'),
  );
  if (shapes) {
    [...video.shadowRoot.querySelectorAll('.annotation-toolbar button')]
      .find((b) => b.textContent === 'Shapes')
      .click();
    const square = await until(() => video.shadowRoot.querySelector('.annotation-menu [data-shape="square"]'));
    if (square) video.shadowRoot.querySelector('.annotation-menu [data-shape="square"]').click();
  }
  const annotation = await until(
    () => video.shadowRoot.querySelector('.annotation-surface canvas.lower-canvas') && video.getPlayerState() === 2,
  );
  // The search dialog (its lazy chunks: InstantSearch, the embedded index) from the menu's header button.
  menu.shadowRoot.querySelector('[data-control="search"]')?.click();
  const box = await until(() => menu.shadowRoot.querySelector('.modal input[type="search"]'));
  if (box) {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
    setter.call(menu.shadowRoot.querySelector('.modal input[type="search"]'), 'knee');
    menu.shadowRoot.querySelector('.modal input[type="search"]').dispatchEvent(new Event('input', { bubbles: true }));
  }
  const search = await until(() => menu.shadowRoot.querySelector('.search[data-query="knee"] .search-results mark'));
  await sleep(1000); // late requests (thumbnails, art) would report violations now
  const report = {
    type: 'csp-report',
    ready: Boolean(ready),
    playing,
    captions,
    modal,
    search,
    annotation,
    violations,
    errors,
    items: menu.shadowRoot.querySelectorAll('.item-card').length,
    // Texts of the built entry (its English strings come from the catalog it ships).
    lang: menu.shadowRoot.querySelector('.shell')?.getAttribute('lang'),
    texts: [
      menu.shadowRoot.querySelector('.notices')?.getAttribute('aria-label'),
      menu.shadowRoot.querySelector('[data-control="settings"]')?.getAttribute('aria-label'),
    ],
    // Styles set through the CSSOM show as style attributes; only the drawing surface may have them (its canvases
    // and the text overlay are positioned so), which a strict CSP allows.
    styleAttributes: [menu, video].reduce(
      (n, el) => n + el.shadowRoot.querySelectorAll('[style]:not(.annotation-stage, .annotation-stage *)').length,
      0,
    ),
  };
  send(report);
}
run();
