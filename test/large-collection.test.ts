import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { subscribe } from 'valtio/vanilla';
import { CONTROLLER } from '../src/app/embed-options';
import { SLICED_PARSE_CHARS } from '../src/content/http';
import { MENU_PAGE } from '../src/screens/card-list';
import { Thumbnail } from '../src/ui/thumbnail';
import {
  $,
  $$,
  answerNext,
  clearFailures,
  clearStorage,
  FAULT_PROVIDER_URL,
  mountPlayer,
  PROVIDER_URL,
  replaceProperty,
  shadow,
  text,
  unmountAll,
  waitFor,
  watchParses,
} from './helpers';

// `bigcollection` (demo/provider/bigdemo.mjs): a root holding one collection, C_BIGC_ALL, of 19,998 items (20,000
// nodes, the player's cap; about 3 MB), each with its own thumbnail URL (none exists: 404, the fallback tile).
const BIG = 'C_BIGC_ALL';
const BIG_ITEMS = 19998;
const isBigThumb = (url: string) => url.includes('/static/thumbs/bigc-');

/** Long tasks and thumbnail requests from now on, as the page's own observers see them. */
function watchMainThread() {
  const tasks: { start: number; end: number }[] = [];
  const thumbs = new Set<string>();
  const longtasks = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) tasks.push({ start: e.startTime, end: e.startTime + e.duration });
  });
  longtasks.observe({ type: 'longtask' });
  // The resource buffer keeps 250 entries: an observer sees every one.
  const resources = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (isBigThumb(e.name)) thumbs.add(e.name);
  });
  resources.observe({ type: 'resource' });
  return {
    thumbs,
    /** The longest task, or the longest part of one after `from` (ms). */
    longest: (from = 0) => Math.max(0, ...tasks.map((t) => t.end - Math.max(t.start, from))),
    stop: () => {
      longtasks.disconnect();
      resources.disconnect();
    },
  };
}

/** Resolves after the page has rendered twice and run its queued tasks (IntersectionObserver reports included). */
const settled = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve))));

const cards = (el: Element) => $$(el, `.menu-items .item-card`);
const shownText = (el: Element) => text(el, '.menu-more .menu-shown');

describe('a 20,000-item collection', () => {
  beforeEach(clearStorage);
  afterEach(() => {
    unmountAll();
    scrollTo(0, 0);
  });

  it('opens at once: the first cards and the count, thumbnails of cards in view only, no long task', async function () {
    this.timeout(60000);
    // Not part of what is measured: the provider generating the client on its first request, and the player's own
    // first start in this page (its code, styles and catalogs).
    expect((await fetch(new URL(`api/clients/bigcollection/profile?menuLanguage=en`, PROVIDER_URL))).ok).to.equal(true);
    await mountPlayer({ client: 'demo' });
    unmountAll();
    const watch = watchMainThread();
    const el = await mountPlayer({ client: 'bigcollection', code: BIG }, { waitReady: false });
    // When the profile is in the player's state (parsed and flattened: what the menu has to show from).
    let profileAt = Infinity;
    const profile = el[CONTROLLER].state.data.profile;
    const off = subscribe(
      profile,
      () => profile.status === 'ready' && (profileAt = Math.min(profileAt, performance.now())),
      true,
    );
    await waitFor(() => cards(el).length, 'the first cards', 30000);
    off();
    expect(cards(el).length).to.equal(MENU_PAGE);
    expect(cards(el)[0].dataset.code).to.equal('A_BIGC_00001');
    expect(shownText(el)).to.equal(`Showing ${MENU_PAGE} of 19,998 videos`);
    expect($(el, '.menu-more')!.querySelector('[role="status"]')).to.exist;
    expect(text(el, '.menu-more-button')).to.equal('Show more videos');

    // The thumbnails of the cards in view are asked for (each 404s: its fallback tile); the others wait.
    const thumbState = (card: HTMLElement) => card.querySelector<HTMLElement>('[data-thumb]')!.dataset.thumb;
    const inView = cards(el).filter((c) => c.getBoundingClientRect().top < innerHeight);
    expect(inView.length).to.be.greaterThan(0);
    await waitFor(() => inView.every((c) => thumbState(c) === 'fallback'), 'the fallback tiles of the cards in view');
    // One request per thumbnail asked for, and no other (the resource entries arrive with the answers).
    const asked = () => cards(el).filter((c) => thumbState(c) !== 'waiting').length;
    await settled();
    await waitFor(
      () => watch.thumbs.size === asked(),
      `one request per thumbnail shown (${watch.thumbs.size} requests, ${asked()} shown)`,
    );
    watch.stop();
    expect(watch.thumbs.size, 'about a screenful of thumbnails').to.be.at.most(24);
    const far = cards(el).filter((c) => c.getBoundingClientRect().top > innerHeight + 400);
    expect(far.length).to.be.greaterThan(0);
    for (const c of far) expect(thumbState(c)).to.equal('waiting');
    // The menu's own work, from the profile in the player's state to the first cards with their thumbnails, never
    // holds the main thread long (before: one task of about a minute, rendering 19,998 cards). The bench's target,
    // 100 ms, is for the production build (bench/run.mjs); here React is its development build and the machine may be
    // busy with other work.
    expect(profileAt).to.be.below(Infinity);
    expect(watch.longest(profileAt), 'the longest main-thread task once the profile is there (ms)').to.be.below(250);
    // Nor does anything before it: reading and parsing the 3 MB answer (in slices: the next test) and flattening it.
    expect(watch.longest(), 'the longest main-thread task of the whole opening (ms)').to.be.below(2000);
  });

  it('opened straight on it, parses the 3 MB profile in many tasks, never the whole answer at once', async function () {
    this.timeout(60000);
    // One JSON.parse of the whole answer took 100 to 270 ms, the opening's longest task (the bench measures time).
    expect((await fetch(new URL(`api/clients/bigcollection/profile?menuLanguage=en`, PROVIDER_URL))).ok).to.equal(true);
    const watch = watchParses((t) => t.includes('A_BIGC_'));
    try {
      const el = await mountPlayer({ client: 'bigcollection', code: BIG }, { waitReady: false });
      await waitFor(() => cards(el).length, 'the first cards', 30000);
    } finally {
      watch.restore();
    }
    const parsed = watch.calls.reduce((n, c) => n + c.chars, 0);
    expect(parsed, 'characters of the profile parsed').to.be.above(2.5e6);
    const longest = Math.max(...watch.calls.map((c) => c.chars));
    expect(longest, 'the longest text given to JSON.parse').to.be.below(SLICED_PARSE_CHARS);
    // A task does at most about 256 K characters of work (or 8 ms): the whole parse takes dozens.
    expect(watch.tasks(), 'tasks the profile was parsed in').to.be.at.least(8);
  });

  it('Show more (by keyboard) adds the next page, the focus goes to its first card; the count follows', async () => {
    const el = await mountPlayer({ client: 'bigcollection', code: BIG });
    const more = await waitFor(() => $<HTMLButtonElement>(el, '.menu-more-button'), 'Show more');
    more.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => cards(el).length === 2 * MENU_PAGE, 'the second page');
    const first = cards(el)[MENU_PAGE];
    expect(first.dataset.code).to.equal(`A_BIGC_000${MENU_PAGE + 1}`);
    expect(shadow(el).activeElement === first, 'the first new card has the focus').to.equal(true);
    expect(shownText(el)).to.equal(`Showing ${2 * MENU_PAGE} of 19,998 videos`);
    // Keyboard order is the cards' order, and the button still follows the last one.
    await sendKeys({ press: 'Tab' });
    expect(shadow(el).activeElement === cards(el)[MENU_PAGE + 1]).to.equal(true);
    // The focused card came into view: its thumbnail is asked for.
    await waitFor(
      () => first.querySelector('[data-thumb]')?.getAttribute('data-thumb') !== 'waiting',
      'the thumbnail of the focused card',
    );
    const list = $(el, '.menu-items')!;
    expect(list.nextElementSibling?.classList.contains('menu-more')).to.equal(true);
  });

  it('scrolling near the end of the list loads the next page, without moving the focus', async () => {
    const el = await mountPlayer({ client: 'bigcollection', code: BIG });
    await waitFor(() => cards(el).length === MENU_PAGE, 'the first page');
    const heading = $(el, 'h2.menu-heading')!;
    heading.focus();
    $(el, '.menu-more')!.scrollIntoView();
    await waitFor(() => cards(el).length >= 2 * MENU_PAGE, 'the next page, on scrolling');
    expect(shadow(el).activeElement === heading).to.equal(true);
    expect(shownText(el)).to.equal(`Showing ${cards(el).length} of 19,998 videos`);
  });

  it('a keyboard user on Show more is not overtaken by scroll loading: the page grows when they press it', async () => {
    const el = await mountPlayer({ client: 'bigcollection', code: BIG });
    const more = await waitFor(() => $<HTMLButtonElement>(el, '.menu-more-button'), 'Show more');
    more.focus(); // scrolls it into view
    $(el, '.menu-more')!.scrollIntoView();
    await settled();
    expect(cards(el).length).to.equal(MENU_PAGE);
    expect(shadow(el).activeElement === more).to.equal(true);
  });

  it('the last page: the button goes, the focus to the first card it added, the count says all', async () => {
    // bigdemo's C_BIG_KNEE holds 64 items (and groups).
    const el = await mountPlayer({ client: 'bigdemo', code: 'C_BIG_KNEE' });
    const more = await waitFor(() => $<HTMLButtonElement>(el, '.menu-more-button'), 'Show more');
    expect(shownText(el)).to.equal(`Showing ${MENU_PAGE} of 64 videos`);
    more.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => cards(el).length === 64, 'every item');
    expect(Boolean($(el, '.menu-more-button'))).to.equal(false);
    expect(shadow(el).activeElement === cards(el)[MENU_PAGE]).to.equal(true);
    expect(shownText(el)).to.equal('Showing 64 of 64 videos');
  });

  it('another section starts again at the first page', async () => {
    const el = await mountPlayer({ client: 'bigdemo', code: 'C_BIG_KNEE' });
    (await waitFor(() => $<HTMLButtonElement>(el, '.menu-more-button'), 'Show more')).click();
    await waitFor(() => cards(el).length === 64, 'every item');
    // The new list's footer may come near the viewport (then scroll loading adds the next page, as it should): here
    // nothing comes near, so what shows is the page the list starts at (WebKit's window loaded page 2 before the look).
    const restore = replaceProperty(
      window,
      'IntersectionObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
        takeRecords() {
          return [];
        }
      } as unknown as typeof IntersectionObserver,
    );
    try {
      el[CONTROLLER].navigate('/bigdemo/menu/C_BIG_HIP');
      await waitFor(() => $(el, '[data-node="C_BIG_HIP"]'), 'the other collection');
      expect(cards(el).length).to.equal(MENU_PAGE);
      expect(shownText(el)).to.equal(`Showing ${MENU_PAGE} of 61 videos`);
    } finally {
      restore();
    }
  });

  it('a menu level of many sections is paged the same way', async () => {
    // 60 collections of one item each at the root (the fault provider answers this profile once).
    const children = Array.from({ length: 60 }, (_, i) => ({
      code: `C_MANY_${i + 1}`,
      layer: 'collection',
      labels: { en: `Topic ${i + 1}` },
      children: [{ code: `A_MANY_${i + 1}`, layer: 'item', labels: { en: `Video ${i + 1}` } }],
    }));
    await answerNext('/api/clients/demo/profile', { code: 'root', layer: 'root', children });
    try {
      const el = await mountPlayer({ client: 'demo', 'provider-url': FAULT_PROVIDER_URL });
      const more = await waitFor(
        () => $<HTMLButtonElement>(el, '.menu-more[data-more="sections"] .menu-more-button'),
        'Show more sections',
      );
      expect($$(el, '.section-card').length).to.equal(MENU_PAGE);
      expect(text(el, '.menu-more .menu-shown')).to.equal(`Showing ${MENU_PAGE} of 60 sections`);
      expect(more.textContent).to.equal('Show more sections');
      more.click();
      await waitFor(() => $$(el, '.section-card').length === 60, 'every section');
      expect(text(el, '.menu-more .menu-shown')).to.equal('Showing 60 of 60 sections');
      expect(shadow(el).activeElement === $$(el, '.section-card')[MENU_PAGE]).to.equal(true);
    } finally {
      await clearFailures();
    }
  });

  it('is axe-clean with the count and Show more, in Arabic too', async () => {
    const el = await mountPlayer({ client: 'bigcollection', code: BIG });
    await waitFor(() => $(el, '.menu-more-button'), 'Show more');
    await expect(el).shadowDom.to.be.accessible();
    unmountAll();
    const ar = await mountPlayer({ client: 'bigcollection', code: BIG, language: 'ar' });
    const count = `يُعرض ${MENU_PAGE.toLocaleString('ar')} من ${BIG_ITEMS.toLocaleString('ar')} فيديو`;
    await waitFor(() => shownText(ar) === count, `the Arabic count (now "${shownText(ar)}")`);
    await expect(ar).shadowDom.to.be.accessible();
  });
});

describe('thumbnails load as they come near the viewport', () => {
  afterEach(() => scrollTo(0, 0));

  it('a thumbnail far below the viewport asks for nothing until scrolled near', async () => {
    const { createRoot } = await import('react-dom/client');
    const { createElement } = await import('react');
    const host = document.createElement('div');
    const spacer = document.createElement('div');
    spacer.className = 'spacer';
    // A sheet, not a style attribute (the tests run under the same rules as the player).
    const sheet = new CSSStyleSheet();
    sheet.replaceSync('.spacer { height: 5000px; } .far-thumb { width: 200px; }');
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    const slot = document.createElement('div');
    slot.className = 'far-thumb';
    host.append(spacer, slot);
    document.body.append(host);
    const src = new URL(`static/thumbs/knee-overview_1280.jpg?far=${Date.now()}`, PROVIDER_URL).href;
    const requested = () => performance.getEntriesByName(src).length > 0;
    const root = createRoot(slot);
    try {
      root.render(createElement(Thumbnail, { src, fallbackText: 'Knee' }));
      await waitFor(() => slot.querySelector('[data-thumb]'), 'the tile');
      await settled();
      expect(slot.querySelector('[data-thumb]')!.getAttribute('data-thumb')).to.equal('waiting');
      expect(Boolean(slot.querySelector('img'))).to.equal(false);
      expect(requested()).to.equal(false);
      slot.scrollIntoView();
      await waitFor(() => slot.querySelector('img[data-thumb="loaded"]'), 'the image, loaded once near');
      const img = slot.querySelector('img')!;
      expect(img.loading).to.equal('lazy');
      expect(img.decoding).to.equal('async');
      await waitFor(requested, 'its request');
    } finally {
      root.unmount();
      host.remove();
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet);
    }
  });
});
