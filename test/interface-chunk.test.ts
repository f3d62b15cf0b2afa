import { expect } from '@open-wc/testing';
import { INTERFACE } from '../src/element/interface-chunk';
import { CONTROLLER } from '../src/app/embed-options';
import { $, $$, clearStorage, mountPlayer, PROVIDER_URL, shadow, text, unmountAll, waitFor } from './helpers';

/**
 * The interface chunk (React DOM and the player's React tree) loads beside the element's first requests. When
 * it cannot load, the player still says so, in the visitor's language, and tries again. Its import is replaced
 * here, before any player of this file mounts (each test file has its own page and modules).
 */
const realLoad = INTERFACE.load.bind(INTERFACE);
const realCurrent = Object.getOwnPropertyDescriptor(INTERFACE, 'current')!.get!.bind(
  INTERFACE,
) as () => typeof INTERFACE.current;
/**
 * While failing, or held (a slow network), the chunk is not there yet; `release` ends the hold. It is not there
 * either until a load of this file's has succeeded (the entry's early request, made before this file ran, is not
 * counted as this file's).
 */
let failing = false;
let held: Promise<void> | undefined;
let imports = 0;
let loaded = false;
/** The last import asked for, settled (its failure caught): the player's own reaction to it has run by then. */
let attempt: Promise<unknown> | undefined;
Object.defineProperty(INTERFACE, 'current', { get: () => (failing || held || !loaded ? undefined : realCurrent()) });
INTERFACE.load = () => {
  imports++;
  const load = (async () => {
    if (failing) throw new TypeError('Failed to fetch dynamically imported module');
    await held;
    const m = await realLoad();
    loaded = true;
    return m;
  })();
  // Settled one reaction later than the import: a test awaiting it resumes after the caller's reaction to the
  // import (queued when the import settled, before the one this settling queues).
  attempt = load.then(
    () => undefined,
    () => undefined,
  );
  return load;
};

describe('the interface chunk', () => {
  beforeEach(clearStorage);
  afterEach(() => {
    failing = false;
    held = undefined;
    unmountAll();
  });

  it('did not load: a message with Try again and an error event; the retry imports again, the menu shows', async () => {
    failing = true;
    const errors: unknown[] = [];
    const onError = (e: Event) => errors.push((e as CustomEvent).detail);
    // Heard on the document: the event comes as the failure shows, maybe before mountPlayer returns.
    document.addEventListener('error', onError);
    const el = await mountPlayer({ client: 'demo' }, { waitReady: false });
    try {
      await waitFor(() => $(el, '.load-failure'), 'the failure');
      expect(text(el, '.load-failure-message')).to.equal('This screen could not be shown. Please try again.');
      expect($(el, '.load-failure')!.getAttribute('role')).to.equal('alert');
      expect(text(el, '.load-failure button')).to.equal('Try again');
      await expect(el).shadowDom.to.be.accessible();
      expect(errors).to.deep.equal([
        { code: 'screen', message: 'The player interface could not be loaded', retryable: true },
      ]);
      // The controller went on without the interface: the client configuration is in.
      await waitFor(() => el[CONTROLLER].state.clientStatus === 'ready', 'the client configuration');

      // A retry that fails again keeps the same failure (and the focus on its button): one more event per attempt,
      // however often the button is pressed while it runs.
      const button = $(el, '.load-failure button')!;
      button.focus();
      const before = imports;
      button.click();
      button.click();
      await waitFor(() => errors.length === 2, 'the second error event');
      expect(imports, 'one attempt').to.equal(before + 1);
      expect($(el, '.load-failure button') === button, 'the same button').to.equal(true);
      expect(shadow(el).activeElement === button, 'the focus stays on it').to.equal(true);
      expect($(el, '.load-failure')!.getAttribute('aria-busy')).to.equal('false');
    } finally {
      document.removeEventListener('error', onError);
    }

    failing = false;
    const before = imports;
    const ready = new Promise((resolve) => el.addEventListener('ready', resolve, { once: true }));
    $(el, '.load-failure button')!.click();
    await ready;
    expect(imports, 'the retry imported it again').to.equal(before + 1);
    await waitFor(() => $(el, '.menu-sections'), 'the menu');
    expect($$(el, '.load-failure'), 'the failure is gone').to.have.length(0);
    expect($$(el, '.shell'), 'one shell').to.have.length(1);
  });

  it('says so in the visitor language and direction, and tries again when the browser is back online', async () => {
    failing = true;
    const el = await mountPlayer({ client: 'demo', 'menu-language': 'ar' }, { waitReady: false });
    // The Arabic catalog may arrive after the failure shows: the text follows it.
    await waitFor(() => $(el, '.load-failure') && $(el, '.shell')!.lang === 'ar', 'the Arabic failure');
    expect($(el, '.shell')!.dir).to.equal('rtl');
    await waitFor(() => text(el, '.load-failure button') !== 'Try again', 'the translated button');
    expect(text(el, '.load-failure-message')).to.not.equal('This screen could not be shown. Please try again.');

    failing = false;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => $(el, '.menu-sections'), 'the menu after online');
    expect($$(el, '.load-failure')).to.have.length(0);
    expect($(el, '.shell')!.getAttribute('lang')).to.equal('ar');
  });

  it('shows a spinner while loading; a player removed meanwhile mounts nothing, added again shows once', async () => {
    let release!: () => void;
    held = new Promise((resolve) => (release = resolve));
    const el = await mountPlayer({ client: 'demo' }, { waitReady: false });
    expect($$(el, '.shell > .loading[role="status"]'), 'the spinner').to.have.length(1);
    expect(text(el, '.loading .visually-hidden')).to.equal('Loading…');
    await expect(el).shadowDom.to.be.accessible();
    el.remove();
    await Promise.resolve(); // released at the end of the task
    expect(shadow(el).childElementCount, 'nothing left when removed').to.equal(0);
    const ready = new Promise((resolve) => el.addEventListener('ready', resolve, { once: true }));
    document.body.append(el);
    el.remove();
    document.body.append(el);
    held = undefined;
    release();
    await ready;
    await waitFor(() => $(el, '.menu-sections'), 'the menu');
    expect($$(el, '.shell'), 'one tree').to.have.length(1);
    expect(shadow(el).childElementCount, 'nothing else in the shadow root').to.equal(1);
  });

  it('a player made but not on a page shows no failure and sends nothing; put on the page, it loads', async () => {
    failing = true;
    const errors: unknown[] = [];
    const onError = (e: Event) => errors.push((e as CustomEvent).detail);
    document.addEventListener('error', onError, true);
    try {
      const el = document.createElement('patient-ed-player');
      el.setAttribute('provider-url', PROVIDER_URL);
      el.setAttribute('client', 'demo'); // r2wc renders at once, even off the page
      await waitFor(() => imports > 0, 'an attempt');
      await attempt; // failed, and the player's reaction to the failure has run
      expect(errors, 'no event off the page').to.have.length(0);
      expect(shadow(el).childElementCount, 'nothing shown off the page').to.equal(0);
      failing = false;
      const ready = new Promise((resolve) => el.addEventListener('ready', resolve, { once: true }));
      document.body.append(el);
      await ready;
      expect($$(el, '.menu-sections')).to.have.length(1);
      el.remove();
    } finally {
      document.removeEventListener('error', onError, true);
    }
  });

  it('a removed player no longer listens: going online later tries nothing', async () => {
    failing = true;
    const el = await mountPlayer({ client: 'demo' }, { waitReady: false });
    await waitFor(() => $(el, '.load-failure'), 'the failure');
    unmountAll();
    await Promise.resolve(); // released at the end of the task
    const before = imports;
    // Listeners run within dispatchEvent, and a retry asks for the import at once: it would be counted by now.
    window.dispatchEvent(new Event('online'));
    expect(imports).to.equal(before);
  });
});
