/**
 * `loading="lazy"`: a library page of many players, most below the fold. A lazy player makes no request until it
 * comes within about one viewport of the visible area; meanwhile it holds a 16:9 box in the tab order; it starts when
 * scrolled to, focused, or given an action command, and `ready` fires once it has loaded.
 */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { pageRequests } from '../src/content/shared-requests';
import type { PatientEdPlayerElement } from '../src/element/player-element';
import { $, cleanPlayersAndFaults, steady, mountPlayer, PROVIDER_URL, waitFor, watchRequests } from './helpers';

const pb = (el: PatientEdPlayerElement) => el.getPlayerState();
const waiting = (el: PatientEdPlayerElement) => Boolean($(el, '.lazy-placeholder'));
const readyEvent = (el: HTMLElement) => new Promise<void>((resolve) => el.addEventListener('ready', () => resolve()));

/** A column of `n` lazy players, 480 px wide, after a spacer of `above` px; appended to the page. */
function libraryPage(n: number, above = 0, attrs: Record<string, string> = {}) {
  const page = document.createElement('div');
  const spacer = document.createElement('div');
  spacer.style.height = `${above}px`;
  page.append(spacer);
  const players = Array.from({ length: n }, () => {
    const el = document.createElement('patient-ed-player');
    for (const [k, v] of Object.entries({
      client: 'demo',
      code: 'A_DEMO_VIDEO',
      'provider-url': PROVIDER_URL,
      loading: 'lazy',
      ...attrs,
    }))
      el.setAttribute(k, v);
    el.style.width = '480px';
    el.style.marginBottom = '16px';
    page.append(el);
    return el;
  });
  document.body.append(page);
  return { page, players };
}

describe('Lazy players (loading="lazy")', () => {
  cleanPlayersAndFaults();
  let page: HTMLElement | undefined;
  beforeEach(() => pageRequests().clear());
  afterEach(() => {
    page?.remove();
    page = undefined;
    window.scrollTo(0, 0);
  });

  it('far below the fold, 12 lazy players request nothing and show outlines; scrolled to, the last plays', async () => {
    const watch = watchRequests();
    try {
      // Single videos, as most of a library page's players are (a playlist of several items: the next test).
      const library = libraryPage(12, innerHeight * 3, { code: 'A_KNEE_REPLACEMENT' });
      page = library.page;
      const last = library.players[11];
      // Give an observer time to report (it would for a player in view: see the next test).
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(watch.requests.map((r) => r.url)).to.deep.equal([]);
      for (const el of library.players) {
        expect(waiting(el)).to.equal(true);
        expect(el.currentPath).to.equal('/');
        expect(pb(el)).to.equal(-1);
      }
      // The outline holds the player screen's size: the page does not shift when it loads.
      const outline = last.getBoundingClientRect().height;
      const stageTop = $(last, '.lazy-stage')!.getBoundingClientRect().top - last.getBoundingClientRect().top;
      const ready = readyEvent(last);
      last.scrollIntoView();
      await ready;
      await waitFor(() => $(last, '.controls') && $(last, '.practice-name'), 'the player screen drawn');
      const loaded = await steady(() => last.getBoundingClientRect().height, 'a steady height');
      // Within a few pixels (the engines' text metrics); the outline of a playlist's screen was 60 px taller here.
      expect(loaded, 'the loaded height').to.be.closeTo(outline, 4);
      // Its stage where the outline's was.
      expect($(last, '.player-frame')!.getBoundingClientRect().top - last.getBoundingClientRect().top).to.be.closeTo(
        stageTop,
        4,
      );
      expect(watch.requests.length).to.be.greaterThan(0);
      expect(waiting(last)).to.equal(false);
      await last.playVideo();
      await waitFor(() => pb(last) === 1 && last.getCurrentTime() > 0.2, 'the last player playing');
      // The first ones, far above now, never started.
      for (const el of library.players.slice(0, 6)) expect(waiting(el), 'far above').to.equal(true);
    } finally {
      watch.stop();
    }
  });

  it('a playlist of several items holds the outline until ready, then grows by its "1 of n" line only', async () => {
    const library = libraryPage(1, innerHeight * 3, { code: 'A_DEMO_VIDEO' });
    page = library.page;
    const [el] = library.players;
    // Wide enough for its control bar's one row (its previous and next buttons wrap it below about 32em).
    el.style.width = '640px';
    const outline = el.getBoundingClientRect().height;
    // Its height while it loads (the interface's spinner, the data), up to `ready`: never below the outline's.
    let lowest = outline;
    let watching = true;
    const watchHeight = () => {
      lowest = Math.min(lowest, el.getBoundingClientRect().height);
      if (watching) requestAnimationFrame(watchHeight);
    };
    const ready = readyEvent(el).then(() => (watching = false));
    requestAnimationFrame(watchHeight);
    el.scrollIntoView();
    await ready;
    expect(lowest, 'held while it loads').to.be.closeTo(outline, 2);
    await waitFor(() => $(el, '.controls') && $(el, '.item-title'), 'the player screen with its item line');
    const loaded = await steady(() => el.getBoundingClientRect().height, 'a steady height');
    const line = $(el, '.item-title')!.getBoundingClientRect().height;
    expect(line).to.be.greaterThan(10);
    // The item line (its margins take from the title's what they add below it): the one height the outline cannot
    // know.
    expect(loaded - outline).to.be.closeTo(line, 3);
  });

  it("docs/api.md's rules reserve the outlines' heights for an undefined player (no shift as it starts)", async () => {
    // The rules as the docs give them, applied in a frame that has no player script (its elements stay undefined).
    const docs = await (await fetch('/docs/api.md')).text();
    const css = /```css\n(\/\* The first height of each player[^`]*)```/.exec(docs)?.[1];
    expect(css, 'the rules in docs/api.md').to.be.a('string');
    // The demo's library pages show them in use: the same rules.
    const demoCss = await (await fetch('/demo/demo.css')).text();
    expect(demoCss.includes(css!), 'demo.css holds the same rules').to.equal(true);
    const frame = document.createElement('iframe');
    frame.width = '1300';
    frame.height = '400';
    document.body.append(frame);
    try {
      const inner = frame.contentDocument!;
      const sheet = new (frame.contentWindow as Window & typeof globalThis).CSSStyleSheet();
      sheet.replaceSync(css!);
      inner.adoptedStyleSheets = [sheet];
      // The outlines, far below the fold here: a video's, a lazy menu's, an eager menu's box (its spinner's, below).
      const kinds = [{ code: 'A_KNEE_REPLACEMENT' }, { code: 'root' }];
      for (const width of [480, 640, 800, 1000, 1200]) {
        for (const attrs of kinds) {
          const library = libraryPage(1, innerHeight * 3, attrs);
          page = library.page;
          const [el] = library.players;
          el.style.width = `${width}px`;
          const outline = $(el, '.lazy-placeholder')!.getBoundingClientRect().height;
          const reserved = inner.createElement('patient-ed-player');
          for (const [k, v] of Object.entries({ client: 'demo', loading: 'lazy', ...attrs }))
            reserved.setAttribute(k, v);
          inner.body.append(reserved);
          reserved.style.width = `${width}px`;
          expect(reserved.getBoundingClientRect().height, `${attrs.code} at ${width} px`).to.be.closeTo(outline, 2);
          reserved.remove();
          page.remove();
          page = undefined;
        }
      }
      // An eager menu holds the player's box (its spinner's) until its menu renders: measured as it connects.
      const menu = document.createElement('patient-ed-player');
      for (const [k, v] of Object.entries({ client: 'demo', code: 'root', 'provider-url': PROVIDER_URL }))
        menu.setAttribute(k, v);
      document.body.append(menu);
      const box = menu.getBoundingClientRect().height;
      menu.remove();
      const reserved = inner.createElement('patient-ed-player');
      reserved.setAttribute('client', 'demo');
      inner.body.append(reserved);
      expect(box).to.equal(240);
      expect(reserved.getBoundingClientRect().height, 'an eager menu').to.equal(box);
    } finally {
      frame.remove();
    }
  });

  it('on a page of 12, only the players near the viewport start', async () => {
    const library = libraryPage(12);
    page = library.page;
    const tops = library.players.map((el) => el.getBoundingClientRect().top);
    const first = readyEvent(library.players[0]);
    await first;
    // Within one viewport below the visible area a player starts; further down (a margin for the few pixels the
    // outlines differ from the loaded screens), it waits.
    library.players.forEach((el, i) => {
      if (tops[i] > innerHeight * 2 + 100) expect(waiting(el), `a player at ${Math.round(tops[i])} px`).to.equal(true);
      if (tops[i] < innerHeight) expect(waiting(el), `a player at ${Math.round(tops[i])} px`).to.equal(false);
    });
    expect(library.players.filter(waiting).length, 'some still wait').to.be.greaterThan(4);
    expect(library.players.filter((el) => !waiting(el)).length, 'some started').to.be.greaterThan(0);
  });

  it('is in the tab order, labelled; focusing it starts the player and the focus goes on inside it', async () => {
    const library = libraryPage(1, innerHeight * 3, { code: '' });
    page = library.page;
    const [el] = library.players;
    const before = document.createElement('button');
    before.textContent = 'before';
    page.prepend(before);
    before.focus();
    const ready = readyEvent(el);
    const box = $(el, '.lazy-placeholder')!;
    expect(box.getAttribute('aria-label')).to.equal('Patient education player');
    expect(box.tabIndex).to.equal(0);
    await expect(el).shadowDom.to.be.accessible();
    await sendKeys({ press: 'Tab' });
    expect(waiting(el), 'the focus on the box started it').to.equal(false);
    await ready;
    await waitFor(() => el.shadowRoot!.activeElement && el.shadowRoot!.activeElement !== box, 'the focus inside');
    expect(waiting(el)).to.equal(false);
  });

  it('an action method starts it at once (playVideo is kept until the item is ready)', async () => {
    const library = libraryPage(1, innerHeight * 3);
    page = library.page;
    const [el] = library.players;
    expect(el.getVolume(), 'a getter answers without starting it').to.be.a('number');
    expect(waiting(el)).to.equal(true);
    const ready = readyEvent(el);
    void el.playVideo();
    expect(waiting(el), 'started by the action').to.equal(false);
    await ready;
    await waitFor(() => pb(el) === 1, 'playing');
  });

  it('a lazy player, or one of several, loads its metadata and first frame; the only eager one, all', async () => {
    const video = (el: PatientEdPlayerElement) =>
      waitFor(() => el.getPlayerState() === 0 && $<HTMLVideoElement>(el, '.stage video.media'), 'its video ready');
    const library = libraryPage(1, 0, { code: 'A_KNEE_REPLACEMENT' });
    page = library.page;
    const [lazy] = library.players;
    const lazyVideo = await video(lazy);
    expect(lazyVideo.preload, 'one of a library page: metadata').to.equal('metadata');
    await lazy.playVideo();
    await waitFor(() => pb(lazy) === 1 && lazyVideo.currentTime > 0.2, 'the lazy player playing');
    const beside = await mountPlayer({ client: 'demo', code: 'A_KNEE_REPLACEMENT' });
    expect((await video(beside)).preload, 'an eager player beside another: metadata').to.equal('metadata');
    await beside.playVideo();
    await waitFor(() => pb(beside) === 1 && beside.getCurrentTime() > 0.2, 'it plays');
    beside.remove();
    page.remove();
    const alone = await mountPlayer({ client: 'demo', code: 'A_KNEE_REPLACEMENT' });
    expect((await video(alone)).preload, 'the only player, the one the visitor came to watch: all of it').to.equal(
      'auto',
    );
  });

  it('taken off the page while waiting, it never requests; set to eager while waiting, it starts', async () => {
    const watch = watchRequests();
    const library = libraryPage(2, innerHeight * 3);
    page = library.page;
    const [first, second] = library.players;
    try {
      second.remove();
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(watch.requests).to.have.length(0);
      expect(waiting(second), 'its outline went with it').to.equal(false);
    } finally {
      watch.stop();
    }
    const ready = readyEvent(first);
    first.setAttribute('loading', 'eager');
    await ready;
    expect(waiting(first)).to.equal(false);
    const media = await waitFor(() => $<HTMLVideoElement>(first, '.stage video.media'), 'its video');
    expect(media.preload, 'eager now: all of it').to.equal('auto');
  });

  it('without the attribute a player far below the fold starts at once (the default stays eager)', async () => {
    const spacer = document.createElement('div');
    spacer.style.height = `${innerHeight * 3}px`;
    document.body.append(spacer);
    try {
      const el = await mountPlayer({ client: 'demo' });
      expect(waiting(el)).to.equal(false);
    } finally {
      spacer.remove();
    }
  });
});
