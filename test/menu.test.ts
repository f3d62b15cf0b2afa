import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { CONTROLLER } from '../src/app/embed-options';
import {
  $,
  $$,
  clearFailures,
  clearStorage,
  delayNext,
  FAULT_PROVIDER_URL,
  findControl,
  mountPlayer,
  shadow,
  text,
  unmountAll,
  waitFor,
  waitForPath,
} from './helpers';

describe('menu screen', () => {
  beforeEach(clearStorage);
  afterEach(unmountAll);

  it('browses libraries, collections and items with thumbnails and resolved labels', async () => {
    const el = await mountPlayer({ client: 'demo' });
    const sections = await waitFor(
      () => ($$(el, '.section-card').length ? $$(el, '.section-card') : undefined),
      'sections',
    );
    expect(sections.length).to.be.at.least(2);
    for (const s of sections) expect(s.querySelector('.section-label')!.textContent.trim()).to.not.equal('');
    // Walk down until items appear.
    let guard = 0;
    while (!$(el, '.item-card') && guard++ < 5) {
      const card = $(el, '.section-card')!;
      card.click();
      // Each level is a new list: the card clicked goes with the level it was on.
      await waitFor(() => !card.isConnected && ($(el, '.item-card') ?? $(el, '.section-card')), 'next level');
    }
    const items = $$(el, '.item-card');
    expect(items.length).to.be.greaterThan(0);
    await waitFor(() => $(el, 'img.thumb[data-thumb="loaded"]'), 'a loaded thumbnail');
    for (const item of items) expect(item.querySelector('.item-label')!.textContent.trim()).to.not.equal('');
    expect($(el, '.breadcrumbs [aria-current="page"]')).to.exist;
  });

  it('shows the practice name, colour and art icon from the account preferences', async () => {
    const el = await mountPlayer({ client: 'riverside' });
    const prefs = el[CONTROLLER].preferences();
    await waitFor(() => text(el, '.practice-name') === prefs.practice, 'practice name');
    const bar = $(el, '.practice-bar')!;
    const hex = (rgb: string) =>
      '#' +
      rgb
        .match(/\d+/g)!
        .slice(0, 3)
        .map((n) => Number(n).toString(16).padStart(2, '0'))
        .join('');
    expect(hex(getComputedStyle(bar).backgroundColor).toLowerCase()).to.equal(prefs.color.toLowerCase());
    const art = $<HTMLImageElement>(el, '.practice-art')!;
    expect(art.src).to.match(new RegExp(`/static/art/${prefs.art}\\.svg$`));
    await waitFor(() => art.complete && art.naturalWidth > 0, 'art icon loaded');
  });

  it('choosing an item opens the player with the playlist title, items and poster from the real call', async () => {
    const el = await mountPlayer({ client: 'demo', code: 'C_FEATURED' });
    const card = await waitFor(() => $(el, '.item-card[data-code="A_DEMO_VIDEO"]'), 'A_DEMO_VIDEO card');
    (card as HTMLElement).click();
    await waitForPath(el, '/demo/player/C_FEATURED/A_DEMO_VIDEO/');
    await waitFor(() => $(el, '.playlist-title'), 'title');
    expect(text(el, '.playlist-title')).to.not.equal('');
    expect(text(el, '.item-title')).to.match(/^1 of \d+: /);
    (await findControl(el, 'list')).click();
    await waitFor(() => $$(el, '.modal .playlist-item').length >= 2, 'playlist items in the list modal');
    $(el, '.modal button[aria-label="Close"]')!.click();
    const poster = $<HTMLImageElement>(el, 'img.poster')!;
    expect(poster.src).to.match(/\?v=/);
    await waitFor(() => poster.complete && poster.naturalWidth > 0, 'poster loaded');
  });

  it('a thumbnail that fails shows a fallback', async () => {
    const el = await mountPlayer({ client: 'demo' });
    const profile = await el[CONTROLLER].api(resolveFrom(el)).profile('demo', 'en');
    // The sample content has exactly one item whose thumbnail is missing; find where it lives.
    const missing = await (async () => {
      for (const item of profile.items) {
        const res = await fetch(el[CONTROLLER].api(resolveFrom(el)).thumbnailUrl(item.file ?? ''), { method: 'HEAD' });
        if (res.status === 404) return item;
      }
      return undefined;
    })();
    expect(missing, 'an item without thumbnail in the sample content').to.exist;
    el[CONTROLLER].navigate(`/demo/menu/${missing!.parent}`);
    await waitFor(() => $(el, `.item-card[data-code="${missing!.code}"] [data-thumb="fallback"]`), 'fallback tile');
  });

  it('a thumbnail that has not loaded in time shows a fallback', async () => {
    const { Thumbnail } = await import('../src/ui/thumbnail');
    const { createRoot } = await import('react-dom/client');
    const { createElement } = await import('react');
    await clearFailures();
    await delayNext('/static/thumbs/knee-overview_1280.jpg', 3000);
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    root.render(
      createElement(Thumbnail, {
        src: new URL('static/thumbs/knee-overview_1280.jpg', FAULT_PROVIDER_URL).href,
        fallbackText: 'Knee',
        timeoutMs: 400,
      }),
    );
    await waitFor(() => host.querySelector('img[data-thumb="loading"]'), 'image loading');
    await waitFor(() => host.querySelector('[data-thumb="fallback"]'), 'fallback after the image timeout', 2500);
    expect(Boolean(host.querySelector('img'))).to.equal(false);
    root.unmount();
    host.remove();
    await clearFailures();
  });

  it('is keyboard operable and axe-clean; the error screen too', async () => {
    const el = await mountPlayer({ client: 'demo' });
    await waitFor(() => $(el, '.section-card'), 'sections');
    const first = $(el, '.section-card')!;
    first.focus();
    expect(shadow(el).activeElement === first).to.equal(true);
    expect(first.tagName).to.equal('BUTTON');
    await expect(el).shadowDom.to.be.accessible();
    el[CONTROLLER].navigate('/demo/menu/C_FEATURED');
    await waitFor(() => $(el, '.item-card'), 'items');
    await expect(el).shadowDom.to.be.accessible();
    const err = await mountPlayer({ client: 'nobody' });
    await waitFor(() => $(err, '[data-screen="error"]'), 'error screen');
    await expect(err).shadowDom.to.be.accessible();
  });

  it('focus follows a navigation from inside the player: to the new heading, back to the card one left', async () => {
    const el = await mountPlayer({ client: 'demo' });
    const active = () => shadow(el).activeElement as HTMLElement | null;
    const press = async (target: Element) => {
      (target as HTMLElement).focus();
      await sendKeys({ press: 'Enter' });
    };
    // Into a library, then a collection: each time its heading has the focus (the card pressed is gone
    // with its screen).
    await press(await waitFor(() => $(el, '.section-card[data-code="L_ORTHO"]'), 'the Orthopedics card'));
    await waitFor(
      () => active()?.matches('h2.menu-heading') && $(el, '.section-card[data-code="C_FEATURED"]'),
      'the library heading focused',
    );
    await press($(el, '.section-card[data-code="C_FEATURED"]')!);
    await waitFor(() => active()?.matches('h2.menu-heading') && $(el, '.item-card'), 'the collection heading focused');
    expect(active()!.textContent).to.equal($(el, '.menu-heading')!.textContent);
    // An item: the player's title.
    await press($(el, '.item-card[data-code="A_DEMO_VIDEO"]')!);
    await waitFor(() => active()?.matches('h2.playlist-title'), 'the playlist title focused', 10000);
    // Back to the menu: the card of the item one came from.
    await press(await waitFor(() => $(el, '[data-action="menu"]'), 'Back to menu'));
    await waitFor(() => active()?.matches('.item-card[data-code="A_DEMO_VIDEO"]'), 'the item card focused again');
    // Up by the breadcrumb (All topics > Orthopedics > Featured): the collection's card in its library.
    await press($$(el, '.breadcrumbs button')[1]);
    await waitFor(() => active()?.matches('.section-card[data-code="C_FEATURED"]'), 'the section card focused again');
    // Choosing a search result: the dialog's opener (the menu's Search button) is not on the player screen, so the
    // player's title takes the focus.
    el[CONTROLLER].navigate('/demo/menu/search?search=knee%20arthritis');
    await press(await waitFor(() => $(el, '.modal [data-hit]'), 'a search result'));
    await waitFor(
      () => active()?.matches('h2.playlist-title'),
      'the playlist title focused after a search result',
      10000,
    );
    el[CONTROLLER].navigate('/demo/menu/C_FEATURED');
    await waitFor(() => $(el, '.item-card'), 'back in the section');
    // A navigation by the host page, its own control focused, leaves the focus with the page.
    const pageButton = document.createElement('button');
    document.body.append(pageButton);
    try {
      pageButton.focus();
      el[CONTROLLER].navigate('/demo/menu/L_ORTHO');
      await waitFor(() => $(el, '.section-card[data-code="C_FEATURED"]'), 'the library');
      // React runs a render's effects (where focus follows a navigation) before it renders again: once the next
      // screen shows, the library's have run.
      el[CONTROLLER].navigate('/demo/menu/C_FEATURED');
      await waitFor(() => $(el, '.item-card'), 'the section');
      expect(document.activeElement === pageButton, 'the page keeps its focus').to.equal(true);
    } finally {
      pageButton.remove();
    }
  });

  it('Back to menu onto a menu still loading ends on the card of the item one came from', async () => {
    // Opened on a playlist: the menu's data has not been requested yet.
    const el = await mountPlayer({ client: 'demo', code: 'A_DEMO_VIDEO' });
    el[CONTROLLER].navigate('/demo/player/C_FEATURED/A_DEMO_VIDEO/');
    const back = await waitFor(() => $<HTMLButtonElement>(el, '[data-action="menu"]'), 'Back to menu');
    expect(el[CONTROLLER].state.data.profile.status).to.equal('idle');
    back.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(
      () => (shadow(el).activeElement as HTMLElement | null)?.matches('.item-card[data-code="A_DEMO_VIDEO"]'),
      'the item card focused once the menu loaded',
      10000,
    );
  });

  it('uses the titles override from the account preferences and the menu language', async () => {
    const el = await mountPlayer({ client: 'demo', language: 'es' });
    const titles = el[CONTROLLER].preferences().titles;
    const [code, byLang] = Object.entries(titles).find(([, t]) => t.es) ?? [];
    expect(code, 'a titles override in the sample user preferences').to.be.a('string');
    const profile = await el[CONTROLLER].api(resolveFrom(el)).profile('demo', 'es');
    el[CONTROLLER].navigate(`/demo/menu/${profile.nodes.get(code!)!.parent}`);
    await waitFor(() => $(el, `.item-card[data-code="${code}"]`)?.textContent?.includes(byLang!.es), 'override label');
  });
});

function resolveFrom(el: HTMLElement) {
  // The same hosts the element derived from its provider-url attribute.
  const base = el.getAttribute('provider-url')!;
  return { api: `${base}api/`, delivery: `${base}cdn/`, static: `${base}static/`, brochure: `${base}brochures/` };
}
