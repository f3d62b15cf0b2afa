import { expect } from '@open-wc/testing';
import { INTERFACE } from '../src/app/chunks';
import { CONTROLLER } from '../src/app/embed-options';
import { $, $$, clearStorage, mountPlayer, shadow, text, unmountAll, waitFor } from './helpers';

/**
 * The interface chunk (React DOM and the player's React tree) loads beside the element's first requests. When
 * it cannot load, the player still says so, in the visitor's language, and tries again. Its import is replaced
 * here, before any player of this file mounts (each test file has its own page and modules).
 */
const realLoad = INTERFACE.load.bind(INTERFACE);
const realCurrent = Object.getOwnPropertyDescriptor(INTERFACE, 'current')!.get!.bind(INTERFACE);
/** While failing, or held (a slow network), the chunk is not there yet; `release` ends the hold. */
let failing = false;
let held: Promise<void> | undefined;
let imports = 0;
Object.defineProperty(INTERFACE, 'current', { get: () => (failing || held ? undefined : realCurrent()) });
INTERFACE.load = async () => {
  imports++;
  if (failing) throw new TypeError('Failed to fetch dynamically imported module');
  await held;
  return realLoad();
};

describe('the interface chunk', () => {
  beforeEach(clearStorage);
  afterEach(() => {
    failing = false;
    unmountAll();
  });

  it('did not load: a message with Try again and an error event; the retry imports it again and the menu shows', async () => {
    failing = true;
    const errors: unknown[] = [];
    const onError = (e: Event) => errors.push((e as CustomEvent).detail);
    // Heard on the document: the event comes as the failure shows, maybe before mountPlayer returns.
    document.addEventListener('error', onError);
    const el = await mountPlayer({ client: 'demo' }, { waitReady: false });
    await waitFor(() => $(el, '.load-failure'), 'the failure').finally(() => document.removeEventListener('error', onError));
    expect(text(el, '.load-failure-message')).to.equal('This screen could not be shown. Please try again.');
    expect($(el, '.load-failure')!.getAttribute('role')).to.equal('alert');
    expect(text(el, '.load-failure button')).to.equal('Try again');
    expect(errors).to.deep.equal([{ code: 'screen', message: 'The player interface could not be loaded', retryable: true }]);
    // The controller went on without the interface: the client configuration is in.
    await waitFor(() => el[CONTROLLER].state.clientStatus === 'ready', 'the client configuration');

    failing = false;
    const before = imports;
    const ready = new Promise((resolve) => el.addEventListener('ready', resolve, { once: true }));
    $(el, '.load-failure button')!.click();
    await ready;
    expect(imports, 'the retry imported it again').to.equal(before + 1);
    await waitFor(() => $(el, '.menu-sections'), 'the menu');
    expect($$(el, '.load-failure'), 'the failure is gone').to.have.length(0);
  });

  it('says so in the visitor language, and tries again when the browser is back online', async () => {
    failing = true;
    const el = await mountPlayer({ client: 'demo', 'menu-language': 'es' }, { waitReady: false });
    // The Spanish catalog may arrive after the failure shows: the text follows it.
    await waitFor(() => text(el, '.load-failure-message') === 'No se pudo mostrar esta pantalla. Inténtelo de nuevo.', 'the Spanish message');
    expect(text(el, '.load-failure button')).to.equal('Intentar de nuevo');
    expect($(el, '.load-failure')!.lang).to.equal('es');

    failing = false;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => $(el, '.menu-sections'), 'the menu after online');
    expect($$(el, '.load-failure')).to.have.length(0);
    expect(shadow(el).querySelector('.shell')!.getAttribute('lang')).to.equal('es');
  });

  it('a player removed while its interface loads mounts nothing; added again, it shows its screen once', async () => {
    let release!: () => void;
    held = new Promise((resolve) => (release = resolve));
    const el = await mountPlayer({ client: 'demo' }, { waitReady: false });
    el.remove();
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
});
