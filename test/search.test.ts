import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { CONTROLLER } from '../src/app/embed-options';
import type { PatientEdPlayerElement } from '../src/element/player-element';
import { MAX_QUERY_LENGTH } from '../src/search/fields.js';
import { SEARCH_TIMING } from '../src/search/search-modal';
import { FakeClock } from './fake-clock';
import {
  $,
  $$,
  cleanPlayersAndFaults,
  clearFailures,
  delayNext,
  failNext,
  FAULT_PROVIDER_URL,
  json,
  mountPlayer,
  PROVIDER_URL,
  providerLog,
  shadow,
  steady,
  text,
  waitFor,
  waitForPath,
  watchRequests,
} from './helpers';

const active = (el: Element) => shadow(el).activeElement as HTMLElement | null;
const input = (el: Element) => $<HTMLInputElement>(el, '.modal input[type="search"]');
const hitIds = (el: Element) => $$(el, '.search-results [data-hit]').map((b) => b.dataset.hit);
const stats = (el: Element) => text(el, '[data-search-stats]');
const session = (el: PatientEdPlayerElement) => el[CONTROLLER].searchSession;

/** Open the search dialog from the menu header's button and wait for its box. */
async function openSearch(el: PatientEdPlayerElement) {
  const button = await waitFor(
    () => $<HTMLButtonElement>(el, '.practice-bar [data-control="search"]'),
    'header search button',
  );
  button.focus();
  button.click();
  await waitFor(() => input(el), 'search box');
  return button;
}

/** Type into the box as a visitor would (an input event per change). */
function type(el: Element, value: string) {
  const box = input(el)!;
  box.focus();
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(box, value);
  box.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Wait until the dialog shows the answer to `q` (the results carry the query they answer). */
const settled = (el: Element, q = '') =>
  waitFor(
    () => $(el, '.search[data-status="idle"]')?.getAttribute('data-query') === q && stats(el) !== '',
    `results for "${q}"`,
  );
/** The result count of the stats line. */
const count = (el: Element) => Number(stats(el).split(' ')[0].replace(/\D/g, ''));

const facetBox = (el: Element, facet: string, value: string) =>
  $<HTMLInputElement>(el, `[data-facet="${facet}"] input[value="${value}"]`);

describe('search dialog: the embedded index', () => {
  cleanPlayersAndFaults();

  it('opens from the menu header (its own chunk), its box focused, axe-clean; Escape returns the focus', async () => {
    const el = await mountPlayer({ client: 'demo' });
    const button = await openSearch(el);
    expect(button.getAttribute('aria-label')).to.equal('Search');
    expect(el.currentPath).to.equal('/demo/menu/search');
    const box = input(el)!;
    expect([
      box.placeholder,
      box.maxLength,
      box.spellcheck,
      box.getAttribute('autocorrect'),
      box.getAttribute('autocapitalize'),
      box.required,
    ]).to.deep.equal(['Search here…', MAX_QUERY_LENGTH, false, 'off', 'off', true]);
    expect($(el, '.modal button[type="submit"]')!.title).to.equal('Search');
    expect($(el, '.modal button[type="reset"]')!.title).to.equal('Clear');
    expect($(el, '.modal [role="search"]') !== null).to.equal(true);
    await waitFor(() => active(el) === input(el), 'focus in the search box');
    await settled(el);
    // The empty query lists everything, 20 at a time.
    expect(count(el)).to.be.greaterThan(30);
    expect(hitIds(el).length).to.equal(20);
    $<HTMLButtonElement>(el, '.search-more')!.click();
    await waitFor(() => hitIds(el).length === Math.min(40, count(el)), 'the next page');
    await expect(el).shadowDom.to.be.accessible();
    input(el)!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
    await waitForPath(el, '/demo/menu');
    await waitFor(() => active(el) === button, 'focus back on the Search button');
  });

  it('types, highlights with <mark>, announces the count, writes the route (not the URL) after a delay', async () => {
    const href = location.href;
    const historyLength = history.length;
    const el = await mountPlayer({ client: 'demo' });
    await openSearch(el);
    await settled(el);
    type(el, 'kne');
    // Not yet written: the visitor is still typing (the write waits for its delay of quiet: see the next test).
    expect(el[CONTROLLER].search.includes('search=')).to.equal(false);
    await settled(el, 'kne');
    expect(hitIds(el)).to.include('A_KNEE_ARTHRITIS');
    expect(hitIds(el)).to.not.include('A_CATARACTS');
    const marks = $$(el, '.search-results mark').map((m) => m.textContent);
    expect(marks.length).to.be.greaterThan(2);
    expect(marks.every((m) => /^kne/i.test(m))).to.equal(true);
    expect($(el, '[data-search-stats]')!.getAttribute('role')).to.equal('status');
    expect(stats(el)).to.match(/^\d+ results found in \d+ms$/);
    expect(count(el)).to.equal(hitIds(el).length);
    await waitFor(() => new URLSearchParams(el[CONTROLLER].search).get('search') === 'kne', 'query in the route', 2000);
    expect(el[CONTROLLER].path).to.equal('/demo/menu/search');
    expect(el.currentPath).to.equal('/demo/menu/search');
    expect(location.href).to.equal(href);
    expect(history.length).to.equal(historyLength);
  });

  it('the route is written its delay after the last keystroke, not before (test clock)', async () => {
    const { writeDelayMs } = SEARCH_TIMING;
    const clock = new FakeClock();
    const el = await mountPlayer({ client: 'demo' }, { clock });
    await openSearch(el);
    await settled(el);
    const written = () => new URLSearchParams(el[CONTROLLER].search).get('search');
    type(el, 'kn');
    await settled(el, 'kn');
    clock.tick(Math.round(writeDelayMs * 0.75));
    type(el, 'knee'); // typing again starts the wait over
    await settled(el, 'knee');
    clock.tick(writeDelayMs - 1);
    expect(written()).to.equal(null);
    clock.tick(1);
    expect(written()).to.equal('knee');
    expect(el[CONTROLLER].path).to.equal('/demo/menu/search'); // the route itself stays
  });

  it('typing with real key presses: every keystroke searches, the box keeps what is typed', async () => {
    const el = await mountPlayer({ client: 'demo' });
    await openSearch(el);
    await settled(el);
    input(el)!.focus();
    await sendKeys({ type: 'rodilla' });
    await waitFor(
      () =>
        input(el)!.value === 'rodilla' &&
        hitIds(el).length > 0 &&
        hitIds(el).every((id) => /KNEE|MENISCUS|ACL|DEMO_VIDEO/.test(id!)),
      'Spanish hits',
    );
    expect(input(el)!.value).to.equal('rodilla');
  });

  it('refines by kind, topic and language (any of the values); clears the filters; states in the route', async () => {
    const el = await mountPlayer({ client: 'demo' });
    await openSearch(el);
    await settled(el);
    const presentation = await waitFor(() => facetBox(el, 'kind', 'presentation'), 'kind facet');
    expect(presentation.closest('label')!.textContent).to.match(/^Presentation\d+$/);
    const all = count(el);
    presentation.click();
    await waitFor(() => hitIds(el).join() === 'A_DEMO_SLIDES', 'presentations only');
    // or: a second value widens.
    facetBox(el, 'kind', 'video')!.click();
    await waitFor(() => count(el) === all, 'videos and presentations');
    facetBox(el, 'kind', 'video')!.click();
    await waitFor(() => hitIds(el).join() === 'A_DEMO_SLIDES', 'presentations again');
    // Topic labels come from the menu; language names in the menu language.
    expect($$(el, '[data-facet="topics"] .facet-label').map((l) => l.textContent)).to.include('Featured programs');
    expect($$(el, '[data-facet="languages"] .facet-label').map((l) => l.textContent)).to.deep.equal(['English']);
    await waitFor(
      () => new URLSearchParams(el[CONTROLLER].search).get('taxonomy') === 'kind:presentation',
      'taxonomy in the route',
      2000,
    );
    $<HTMLButtonElement>(el, '[data-clear-refinements]')!.click();
    await waitFor(() => count(el) === all, 'all again');
    expect(facetBox(el, 'kind', 'presentation')!.checked).to.equal(false);
    await waitFor(() => !new URLSearchParams(el[CONTROLLER].search).has('taxonomy'), 'taxonomy cleared', 2000);
  });

  it('with search-operator="and" a second value narrows; an empty facet says "No results."', async () => {
    const el = await mountPlayer({ client: 'demo', 'search-operator': 'and' });
    await openSearch(el);
    await settled(el);
    (await waitFor(() => facetBox(el, 'kind', 'video'), 'kind facet')).click();
    await waitFor(() => facetBox(el, 'kind', 'video')!.checked && count(el) > 10, 'videos');
    // and: nothing is both a video and a presentation.
    await waitFor(() => facetBox(el, 'kind', 'presentation') || true, 'kind values');
    const values = $$<HTMLInputElement>(el, '[data-facet="kind"] input').map((i) => i.value);
    expect(values).to.deep.equal(['video']); // with and, the other kind has no hit left to add
    type(el, 'zzzzqqq');
    await settled(el, 'zzzzqqq');
    expect(
      $$(el, '[data-facet="topics"] .search-facet-empty, [data-facet="languages"] .search-facet-empty').map(
        (p) => p.textContent,
      ),
    ).to.deep.equal(['No results.', 'No results.']);
    expect(text(el, '[data-search-status="empty"]')).to.equal('No results for “zzzzqqq”.');
  });

  it('sorts by relevance or title A–Z (in the menu language)', async () => {
    const el = await mountPlayer({ client: 'demo' });
    await openSearch(el);
    type(el, 'knee');
    await settled(el, 'knee');
    expect(hitIds(el).length).to.be.greaterThan(3);
    const select = $<HTMLSelectElement>(el, '.search-sort select')!;
    expect([...select.options].map((o) => o.textContent)).to.deep.equal(['Relevance', 'Title A–Z']);
    select.value = 'demo_title_en_asc';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    const titles = () => $$(el, '.search-results .item-label').map((l) => l.textContent);
    await waitFor(() => {
      const t = titles();
      return (
        t.length > 3 &&
        t.join('|') ===
          [...t].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true })).join('|')
      );
    }, 'sorted titles');
    await waitFor(
      () => new URLSearchParams(el[CONTROLLER].search).get('taxonomy') === 'sort:title',
      'sort in the route',
      2000,
    );
  });

  it('Title A–Z is a relevant sort: "{n} relevant results sorted out of {total}", then "See all results"', async () => {
    // Then "See relevant results" again.
    const el = await mountPlayer({ client: 'demo' });
    el[CONTROLLER].navigate('/demo/menu/search?search=ca&taxonomy=sort:title');
    await settled(el, 'ca');
    await waitFor(() => /relevant results sorted out of/.test(stats(el)), 'relevant sort stats');
    expect(stats(el)).to.equal(`${hitIds(el).length} relevant results sorted out of 7`);
    expect(hitIds(el).length).to.be.lessThan(7);
    const toggle = $<HTMLButtonElement>(el, '[data-relevant-sort]')!;
    expect(toggle.textContent).to.equal('See all results');
    toggle.click();
    await waitFor(() => /^7 results found in \d+ms$/.test(stats(el)) && hitIds(el).length === 7, 'all results, sorted');
    expect($<HTMLButtonElement>(el, '[data-relevant-sort]')!.textContent).to.equal('See relevant results');
    $<HTMLButtonElement>(el, '[data-relevant-sort]')!.click();
    await waitFor(() => /relevant results sorted out of 7/.test(stats(el)), 'relevant again');
  });

  it('says "No results for …" when nothing matches', async () => {
    const el = await mountPlayer({ client: 'demo' });
    await openSearch(el);
    type(el, 'xylophone');
    await waitFor(() => $(el, '[data-search-status="empty"]'), 'no results');
    expect(text(el, '[data-search-status="empty"]')).to.equal('No results for “xylophone”.');
    expect(stats(el)).to.equal('0 results found in ' + stats(el).split(' in ')[1]);
  });

  it('opens from the route query; a hit opens its collection item and keeps the search for the player', async () => {
    const el = await mountPlayer({ client: 'demo' });
    el[CONTROLLER].navigate('/demo/menu/search?search=arthritis&taxonomy=kind:video');
    await waitFor(() => input(el)?.value === 'arthritis', 'query from the route');
    await waitFor(() => hitIds(el).includes('A_KNEE_ARTHRITIS'), 'hit');
    expect(facetBox(el, 'kind', 'video')!.checked).to.equal(true);
    $<HTMLButtonElement>(el, '[data-hit="A_KNEE_ARTHRITIS"]')!.click();
    await waitForPath(el, '/demo/player/C_KNEE/A_KNEE_ARTHRITIS/');
    const q = new URLSearchParams(el[CONTROLLER].search);
    expect([q.get('search'), q.get('taxonomy')]).to.deep.equal(['arthritis', 'kind:video']);
    // Leaving for the menu drops them (navigation rules).
    el[CONTROLLER].navigate('/demo/menu');
    await waitForPath(el, '/demo/menu');
    expect(el[CONTROLLER].search).to.equal('');
  });

  it('two players search independently', async () => {
    const a = await mountPlayer({ client: 'demo' });
    const b = await mountPlayer({ client: 'demo' });
    await openSearch(a);
    await openSearch(b);
    type(a, 'knee');
    type(b, 'hip');
    await settled(a, 'knee');
    await settled(b, 'hip');
    expect(hitIds(a)).to.include('A_KNEE_ARTHRITIS');
    expect(hitIds(b)).to.include('A_HIP_REPLACEMENT');
    expect(hitIds(b)).to.not.include('A_KNEE_ARTHRITIS');
    await waitFor(
      () =>
        new URLSearchParams(a[CONTROLLER].search).get('search') === 'knee' &&
        new URLSearchParams(b[CONTROLLER].search).get('search') === 'hip',
      'both routes',
      2000,
    );
    expect(session(a)).to.not.equal(session(b));
    expect(input(a)!.value).to.equal('knee');
  });
});

describe('search dialog: the hosted (Algolia) backend over real HTTP', () => {
  cleanPlayersAndFaults();
  const algolia = (host = PROVIDER_URL) => ({
    client: 'demo',
    'search-app-id': 'TESTAPP',
    'search-api-key': 'search-only-key',
    'search-index': 'demo',
    'search-host': host,
  });

  it('returns the same hits as the embedded index for the same query, with the search-only key', async () => {
    const embedded = await mountPlayer({ client: 'demo' });
    const hosted = await mountPlayer(algolia());
    for (const el of [embedded, hosted]) {
      await openSearch(el);
      type(el, 'knee ex');
    }
    await settled(hosted, 'knee ex');
    await settled(embedded, 'knee ex');
    expect(hitIds(hosted).length).to.be.greaterThan(0);
    expect(session(hosted)!.config.backend).to.equal('algolia');
    expect(session(embedded)!.config.backend).to.equal('embedded');
    expect(hitIds(hosted)).to.deep.equal(hitIds(embedded));
    expect($$(hosted, '.search-results mark').map((m) => m.textContent)).to.deep.equal(
      $$(embedded, '.search-results mark').map((m) => m.textContent),
    );
  });

  it("marks every occurrence of the query's words in every title shown, the account's own titles too", async () => {
    // The demo account names A_DEMO_VIDEO "Your total knee replacement" in English and A_KNEE_ARTHRITIS "Artrosis de
    // rodilla" in Spanish (titles the index never saw: its labels are "Total knee replacement", "Artritis de rodilla").
    const marked = (el: Element, code: string) =>
      $$(el, `[data-hit="${code}"] .item-label mark`).map((m) => m.textContent);
    const label = (el: Element, code: string) => text(el, `[data-hit="${code}"] .item-label`);
    for (const backend of [{}, algolia()]) {
      const en = await mountPlayer({ client: 'demo', ...backend });
      await openSearch(en);
      type(en, 'knee');
      await settled(en, 'knee');
      expect(label(en, 'A_DEMO_VIDEO')).to.equal('Your total knee replacement');
      expect(marked(en, 'A_DEMO_VIDEO')).to.deep.equal(['knee']);
      expect(marked(en, 'A_KNEE_ARTHRITIS')).to.deep.equal(['Knee']);
      type(en, 'kne');
      await settled(en, 'kne');
      expect(marked(en, 'A_DEMO_VIDEO'), 'a prefix').to.deep.equal(['knee']);
      const es = await mountPlayer({ client: 'demo', language: 'es', ...backend });
      await openSearch(es);
      type(es, 'RODILLA');
      await settled(es, 'RODILLA');
      expect(label(es, 'A_KNEE_ARTHRITIS')).to.equal('Artrosis de rodilla');
      expect(marked(es, 'A_KNEE_ARTHRITIS')).to.deep.equal(['rodilla']);
      expect(marked(es, 'A_KNEE_REPLACEMENT')).to.deep.equal(['rodilla']);
    }
  });

  it('shows the stalled indicator after its delay, then the hits', async () => {
    const el = await mountPlayer(algolia(FAULT_PROVIDER_URL));
    await openSearch(el);
    await settled(el);
    await delayNext('/1/indexes', SEARCH_TIMING.stalledMs + 700); // answered well after the indicator shows
    const typedAt = performance.now();
    type(el, 'hip');
    // Not at once: no sooner than the stalled delay (a loaded machine can only make it later).
    expect(Boolean($(el, '[data-search-status="stalled"]'))).to.equal(false);
    await waitFor(() => $(el, '[data-search-status="stalled"]'), 'stalled indicator', 3000);
    expect(performance.now() - typedAt, 'shown after the stalled delay').to.be.at.least(SEARCH_TIMING.stalledMs);
    expect(text(el, '[data-search-status="stalled"]')).to.equal('Searching…');
    await waitFor(
      () => hitIds(el).includes('A_HIP_REPLACEMENT') && !$(el, '[data-search-status="stalled"]'),
      'hits after the delay',
      10000,
    );
  });

  it('a failing service: "Search is unavailable right now." and a Retry that searches again', async () => {
    const el = await mountPlayer(algolia(FAULT_PROVIDER_URL));
    await openSearch(el);
    await settled(el);
    await failNext('/1/indexes', 503, 3);
    type(el, 'shoulder');
    await waitFor(() => $(el, '[data-search-status="error"]'), 'error', 8000);
    expect(text(el, '[data-search-status="error"] p')).to.equal('Search is unavailable right now.');
    // The box keeps working meanwhile.
    expect(input(el)!.value).to.equal('shoulder');
    const retry = $<HTMLButtonElement>(el, '[data-search-status="error"] button')!;
    expect(retry.textContent).to.equal('Retry');
    retry.click();
    await waitFor(() => hitIds(el).includes('A_ROTATOR_CUFF'), 'results after retry', 8000);
  });
});

/** A scripted SpeechRecognition installed on the page: it hears what the test says, or fails as told. */
class PageRecognition {
  static heard = 'hip';
  static error: string | undefined;
  /** Only an interim result, then the end (no final phrase). */
  static interimOnly = false;
  lang = '';
  interimResults = false;
  continuous = false;
  maxAlternatives = 1;
  onresult: ((e: unknown) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  onend: (() => void) | null = null;
  onstart: (() => void) | null = null;
  static instances: PageRecognition[] = [];
  /** The last one started, once it has been (the dialog listens until it answers: `respond`). */
  static async started(count: number): Promise<PageRecognition> {
    return waitFor(
      () => PageRecognition.instances.length === count && PageRecognition.instances[count - 1],
      `recognition ${count} started`,
    );
  }
  start() {
    PageRecognition.instances.push(this);
  }
  /** What it heard (or its failure), then its end. */
  respond() {
    if (PageRecognition.error) this.onerror?.({ error: PageRecognition.error });
    else
      this.onresult?.({
        results: { length: 1, 0: { isFinal: !PageRecognition.interimOnly, 0: { transcript: PageRecognition.heard } } },
      });
    this.onend?.();
  }
  stop() {}
  abort() {}
}

describe('voice search in the dialog', () => {
  cleanPlayersAndFaults();
  const w = window as unknown as Record<string, unknown>;
  const saved = { SpeechRecognition: w.SpeechRecognition, webkitSpeechRecognition: w.webkitSpeechRecognition };
  afterEach(() => Object.assign(w, saved));
  const voiceButton = (el: Element) => $<HTMLButtonElement>(el, '[data-voice-button]')!;
  const voiceStatus = (el: Element) => $(el, '.search-voice-status')!;

  it('what is heard fills the box and searches, in the menu language; listening is shown and announced', async () => {
    w.SpeechRecognition = PageRecognition;
    PageRecognition.error = undefined;
    PageRecognition.heard = 'cadera';
    PageRecognition.instances = [];
    const el = await mountPlayer({ client: 'demo', language: 'es' });
    await openSearch(el);
    await settled(el);
    expect(voiceButton(el).title).to.equal('Buscar por voz');
    voiceButton(el).click();
    await waitFor(() => voiceStatus(el).dataset.voice === 'listening', 'listening');
    expect(voiceStatus(el).getAttribute('role')).to.equal('status');
    expect(voiceStatus(el).textContent).to.equal('Escuchando… hable ahora.');
    expect(voiceButton(el).getAttribute('aria-pressed')).to.equal('true');
    (await PageRecognition.started(1)).respond();
    await waitFor(
      () => input(el)!.value === 'cadera' && hitIds(el).includes('A_HIP_REPLACEMENT'),
      'heard and searched',
    );
    expect(PageRecognition.instances[0].lang).to.equal('es');
    await waitFor(() => voiceStatus(el).dataset.voice === 'idle', 'idle again');
  });

  it('permission denied: a crossed-out microphone and "Microphone access denied"; the box still works', async () => {
    w.SpeechRecognition = PageRecognition;
    PageRecognition.error = 'not-allowed';
    PageRecognition.instances = [];
    const el = await mountPlayer({ client: 'demo' });
    await openSearch(el);
    voiceButton(el).click();
    (await PageRecognition.started(1)).respond();
    await waitFor(() => voiceStatus(el).dataset.voice === 'denied', 'denied');
    expect(voiceStatus(el).textContent).to.equal('Microphone access denied');
    expect(Boolean(voiceStatus(el).querySelector('svg'))).to.equal(true);
    PageRecognition.error = 'network';
    voiceButton(el).click();
    (await PageRecognition.started(2)).respond();
    await waitFor(() => voiceStatus(el).dataset.voice === 'error', 'error');
    expect(voiceStatus(el).textContent).to.equal('Voice search did not work. Try again.');
    type(el, 'hip');
    await waitFor(() => hitIds(el).includes('A_HIP_REPLACEMENT'), 'typed search');
  });

  it('listening that ends on words not yet final searches them', async () => {
    w.SpeechRecognition = PageRecognition;
    PageRecognition.error = undefined;
    PageRecognition.interimOnly = true;
    PageRecognition.heard = 'shoulder';
    PageRecognition.instances = [];
    try {
      const el = await mountPlayer({ client: 'demo' });
      await openSearch(el);
      await settled(el);
      voiceButton(el).click();
      (await PageRecognition.started(1)).respond();
      await settled(el, 'shoulder');
      expect(input(el)!.value).to.equal('shoulder');
      expect(hitIds(el).length).to.be.greaterThan(0);
    } finally {
      PageRecognition.interimOnly = false;
    }
  });

  it('without support the button is disabled and says so', async () => {
    w.SpeechRecognition = undefined;
    w.webkitSpeechRecognition = undefined;
    const el = await mountPlayer({ client: 'demo' });
    await openSearch(el);
    expect(voiceButton(el).disabled).to.equal(true);
    expect(voiceButton(el).title).to.equal('Search by voice (not supported on this browser)');
  });
});

describe('search-next', () => {
  cleanPlayersAndFaults();

  it('a playlist opened from a search returns to that search when it ends (searchNext on)', async () => {
    const el = await mountPlayer({ client: 'demo', 'search-next': '1' });
    await openSearch(el);
    type(el, 'cataracts');
    await waitFor(() => hitIds(el).join() === 'A_CATARACTS', 'one hit');
    $<HTMLButtonElement>(el, '[data-hit="A_CATARACTS"]')!.click();
    await waitFor(
      () => el.currentPath.includes('/player/') && el[CONTROLLER].state.playback.ready,
      'player ready',
      10000,
    );
    const engine = await el[CONTROLLER].playback();
    await engine.play();
    await waitFor(() => el[CONTROLLER].state.playback.playerState === 1, 'playing', 10000);
    engine.setIndex(el[CONTROLLER].state.playback.playlist!.items.length - 1, true);
    await waitFor(() => el[CONTROLLER].state.playback.playerState === 1, 'last item playing', 10000);
    engine.seek(el[CONTROLLER].state.playback.duration - 0.3);
    await waitForPath(el, '/demo/menu/search-next', 10000);
    expect(new URLSearchParams(el[CONTROLLER].search).get('search')).to.equal('cataracts');
    await waitFor(() => input(el)?.value === 'cataracts' && hitIds(el).join() === 'A_CATARACTS', 'the search again');
  });
});

describe('search dialog: keyboard and long facets', () => {
  cleanPlayersAndFaults();

  it('works by keyboard: type, tick a filter with Space, open a hit with Enter', async () => {
    const el = await mountPlayer({ client: 'demo' });
    await openSearch(el);
    await settled(el);
    await waitFor(() => active(el) === input(el), 'focus in the box');
    await sendKeys({ type: 'knee' });
    await settled(el, 'knee');
    const box = facetBox(el, 'kind', 'video')!;
    box.focus();
    await sendKeys({ press: 'Space' });
    await waitFor(() => facetBox(el, 'kind', 'video')?.checked, 'ticked by Space');
    await settled(el, 'knee');
    const hit = $<HTMLButtonElement>(el, '.search-results [data-hit]')!;
    const id = hit.dataset.hit!;
    hit.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => el.currentPath.endsWith(`/${id}/`) || el.currentPath.endsWith(`/${id}`), 'opened by Enter');
  });

  it('a long facet shows 10 values, "Show more" up to 100, "Show less" back (bigdemo: 10,000 items)', async () => {
    const el = await mountPlayer({ client: 'bigdemo' });
    await openSearch(el);
    await settled(el);
    expect(count(el)).to.equal(10000);
    const topics = () => $$(el, '[data-facet="topics"] input').length;
    expect(topics()).to.equal(10);
    const toggle = $<HTMLButtonElement>(el, '[data-facet="topics"] button')!;
    expect([toggle.textContent, toggle.getAttribute('aria-expanded')]).to.deep.equal(['Show more', 'false']);
    toggle.click();
    await waitFor(() => topics() === 100, '100 topics');
    expect($(el, '[data-facet="topics"] button')!.textContent).to.equal('Show less');
    $<HTMLButtonElement>(el, '[data-facet="topics"] button')!.click();
    await waitFor(() => topics() === 10, 'back to 10');
    // The library labels come from the menu, in the menu language.
    expect($$(el, '[data-facet="topics"] .facet-label').every((l) => !/^[LCG]_BIG/.test(l.textContent))).to.equal(true);
    type(el, 'rodilla ejercicio');
    await settled(el, 'rodilla ejercicio');
    // Found through the Spanish labels, shown in the menu language (English).
    expect(count(el)).to.be.greaterThan(0);
    expect(
      $$(el, '.search-results .item-label').every(
        (l) => /knee/i.test(l.textContent) && /exercise/i.test(l.textContent),
      ),
    ).to.equal(true);
    expect(session(el)!.stats!.records).to.equal(10000);
  });
});

describe('search: hostile input and failures', () => {
  cleanPlayersAndFaults();
  const post = (body: string) =>
    fetch(new URL('1/indexes/*/queries?x-algolia-application-id=A&x-algolia-api-key=K', PROVIDER_URL), {
      method: 'POST',
      body,
      headers: { 'content-type': 'text/plain' },
    });

  it("the provider's search call answers malformed or oversized requests with Algolia's error shape", async () => {
    const bad = await post('{nope');
    type SearchError = { status: number; message: string };
    expect([bad.status, (await json<SearchError>(bad)).message]).to.deep.equal([400, 'Malformed JSON body']);
    const many = await post(
      JSON.stringify({ requests: Array.from({ length: 5 }, () => ({ indexName: 'demo', hitsPerPage: 1000 })) }),
    );
    expect(many.status).to.equal(400);
    const filters = await post(
      JSON.stringify({
        requests: [{ indexName: 'demo', facetFilters: [Array.from({ length: 300 }, (_, i) => `kind:${i}`)] }],
      }),
    );
    expect(filters.status).to.equal(400);
    const unknown = await post(JSON.stringify({ requests: [{ indexName: 'no-such-client' }] }));
    expect([unknown.status, (await json<SearchError>(unknown)).status]).to.deep.equal([404, 404]);
    const ok = await post(
      JSON.stringify({
        requests: [{ indexName: 'demo', query: 'knee', facetFilters: ['kind:-presentation'], hitsPerPage: 2 }],
      }),
    );
    const answer = await json<{ results: { hits: { kind: string }[] }[] }>(ok);
    const hits = answer.results[0].hits;
    expect([ok.status, hits.length, hits.every((h) => h.kind === 'video')]).to.deep.equal([200, 2, true]);
  });

  it('the search option (search="1") is the button, never the query', async () => {
    const el = await mountPlayer({ client: 'demo', search: '1' });
    expect(new URLSearchParams(el[CONTROLLER].search).has('search')).to.equal(false);
    await openSearch(el);
    await settled(el);
    expect(input(el)!.value).to.equal('');
  });

  it('a failed menu request: the dialog says search is unavailable, does not retry alone; Retry recovers', async () => {
    await failNext('/api/clients/demo/profile', 503, 12);
    const watch = watchRequests();
    try {
      const el = await mountPlayer({ client: 'demo', 'provider-url': FAULT_PROVIDER_URL });
      el[CONTROLLER].navigate('/demo/menu/search');
      await waitFor(() => $(el, '[data-search-status="error"]'), 'search unavailable', 15000);
      const count = async () => (await providerLog()).filter((r) => r.path === '/api/clients/demo/profile').length;
      const before = await count();
      // No retry loop: a loop would ask as the failure renders; the failure stays, with no request, frame after frame.
      const c = el[CONTROLLER];
      await steady(
        () => [
          c.state.data.profile.status,
          watch.to('/api/clients/demo/profile').length,
          $(el, '[data-search-status]')?.dataset.searchStatus,
        ],
        'the failure settled',
        10,
      );
      expect(c.state.data.profile.status).to.equal('error');
      expect(await count()).to.equal(before);
      await clearFailures();
      $<HTMLButtonElement>(el, '[data-search-status="error"] button')!.click();
      await waitFor(() => hitIds(el).length > 0, 'results after retry', 15000);
    } finally {
      watch.stop();
    }
  });
});

describe('search: the route drives an open dialog', () => {
  cleanPlayersAndFaults();

  it('a search route reached from elsewhere while the dialog is open shows its query and filters', async () => {
    const el = await mountPlayer({ client: 'demo' });
    await openSearch(el);
    type(el, 'knee');
    await settled(el, 'knee');
    el[CONTROLLER].navigate('/demo/menu/search?search=hip&taxonomy=kind:video');
    await settled(el, 'hip');
    // The box follows one render after the results (its own state, set when the query changes).
    await waitFor(() => input(el)!.value === 'hip', `the box shows the host's query (now "${input(el)!.value}")`, 2000);
    expect(facetBox(el, 'kind', 'video')!.checked).to.equal(true);
    // And the dialog's own writes carry on from there.
    type(el, 'hip repl');
    await waitFor(() => new URLSearchParams(el[CONTROLLER].search).get('search') === 'hip repl', 'written', 2000);
    expect(new URLSearchParams(el[CONTROLLER].search).get('taxonomy')).to.equal('kind:video');
  });

  it("a write still waiting for its delay when the host navigates does not overwrite the host's route", async () => {
    const clock = new FakeClock();
    const el = await mountPlayer({ client: 'demo' }, { clock });
    await openSearch(el);
    await settled(el);
    type(el, 'knee');
    await settled(el, 'knee');
    // The visitor's query is due after the write delay; the host navigates first, and the wait ends before the dialog
    // has shown the host's query (the timer fired late on a loaded machine).
    el[CONTROLLER].navigate('/demo/menu/search?search=hip');
    clock.tick(SEARCH_TIMING.writeDelayMs);
    expect(new URLSearchParams(el[CONTROLLER].search).get('search'), "the host's route stays").to.equal('hip');
    await settled(el, 'hip');
    await waitFor(() => input(el)!.value === 'hip', `the box shows the host's query (now "${input(el)!.value}")`, 2000);
    clock.tick(SEARCH_TIMING.writeDelayMs);
    expect(new URLSearchParams(el[CONTROLLER].search).get('search'), 'written from there').to.equal('hip');
  });
});
