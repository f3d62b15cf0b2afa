import { expect } from '@open-wc/testing';
import { CONTROLLER } from '../src/app/embed-options';
import { COMMANDS, HOST_COMMANDS } from '../src/commands/table';
import { HOST_METHODS } from '../src/element/element-kit';
import { definePlayer, PatientEdPlayerElement } from '../src/element/player-element';
import {
  $,
  clearFailures,
  clearStorage,
  FAULT_PROVIDER_URL,
  hangNext,
  mountPlayer,
  nextFrame,
  PROVIDER_URL,
  shadow,
  text,
  unmountAll,
  waitFor,
  waitForPath,
  watchRequests,
} from './helpers';

describe('<patient-ed-player> element', () => {
  beforeEach(clearStorage);
  afterEach(unmountAll);

  it('has, before its core comes, one method per host command, of its mode (getter or action)', () => {
    expect(Object.keys(HOST_METHODS).sort()).to.deep.equal([...HOST_COMMANDS].sort());
    for (const name of HOST_COMMANDS) expect(HOST_METHODS[name], name).to.equal(COMMANDS[name].mode);
  });

  it('is defined once, with open shadow DOM; defining again does not throw', () => {
    expect(customElements.get('patient-ed-player')).to.equal(PatientEdPlayerElement);
    expect(() => definePlayer()).to.not.throw();
    const el = document.createElement('patient-ed-player');
    expect(el.shadowRoot).to.exist;
    expect(el.shadowRoot!.mode).to.equal('open');
  });

  it('dispatches a bubbling, composed ready event once its first screen rendered', async () => {
    const seen: CustomEvent[] = [];
    const listener = (e: Event) => seen.push(e as CustomEvent);
    document.addEventListener('ready', listener);
    try {
      const el = await mountPlayer({ client: 'demo' });
      expect(seen).to.have.length(1);
      expect(seen[0].bubbles).to.equal(true);
      expect(seen[0].composed).to.equal(true);
      expect(seen[0].target).to.equal(el);
      expect(seen[0].detail).to.deep.include({ screen: 'navigation', route: '/demo/menu' });
      expect($(el, '.menu-sections')).to.exist;
    } finally {
      document.removeEventListener('ready', listener);
    }
  });

  it('keeps styles inside the shadow root: no style attributes, no <style> elements, nothing in the head', async () => {
    const headBefore = document.head.innerHTML;
    const el = await mountPlayer({ client: 'demo', code: 'C_FEATURED' });
    await waitFor(() => $(el, '.item-card'), 'items');
    expect(shadow(el).querySelectorAll('[style]').length).to.equal(0);
    expect(shadow(el).querySelectorAll('style').length).to.equal(0);
    // The core's sheet, the theme's and the interface's (src/app/interface-styles.ts).
    expect(shadow(el).adoptedStyleSheets.length).to.equal(3);
    expect(document.head.innerHTML).to.equal(headBefore);
    // Host page styles do not reach inside.
    const hostile = document.createElement('style');
    hostile.textContent = 'button { display: none !important; } * { color: red !important; }';
    document.head.append(hostile);
    try {
      expect(getComputedStyle($(el, '.item-card')!).display).to.not.equal('none');
    } finally {
      hostile.remove();
    }
  });

  it('two players on one page are fully independent', async () => {
    const a = await mountPlayer({ client: 'demo', language: 'es' });
    const b = await mountPlayer({ client: 'riverside' });
    expect(a[CONTROLLER]).to.not.equal(b[CONTROLLER]);
    await waitFor(() => text(a, '.practice-name') && text(b, '.practice-name'), 'both practices');
    expect(text(a, '.practice-name')).to.not.equal(text(b, '.practice-name'));
    expect(text(a, '.menu-heading')).to.equal('Explorar temas');
    expect(text(b, '.menu-heading')).to.equal('Browse topics');
    a[CONTROLLER].navigate('/demo/player/A_DEMO_VIDEO');
    await waitForPath(a, '/demo/player/A_DEMO_VIDEO');
    expect(b.currentPath).to.equal('/riverside/menu');
    b[CONTROLLER].navigate('/riverside/menu/settings');
    await waitFor(() => !$(b, '.modal-layer')!.hidden, 'b modal');
    expect($(a, '.modal-layer')!.hidden).to.equal(true);
    expect(a[CONTROLLER].i18n).to.not.equal(b[CONTROLLER].i18n);
    expect(a[CONTROLLER].i18n.locale).to.equal('es');
    expect(b[CONTROLLER].i18n.locale).to.equal('en');
  });

  it('falls back to the host page query (client, openthis, aliases) when client is absent', async () => {
    const original = location.href;
    history.replaceState(history.state, '', `${location.pathname}?client=demo&openthis=A_DEMO_VIDEO&captions=off`);
    try {
      const el = await mountPlayer({});
      expect(el.currentPath).to.equal('/demo/player/A_DEMO_VIDEO');
      expect(el[CONTROLLER].preferences().captionsButton).to.equal(0);
    } finally {
      history.replaceState(history.state, '', original);
    }
  });

  it('releases its React tree when removed and renders again when re-attached', async () => {
    const el = await mountPlayer({ client: 'demo' });
    el.remove();
    await Promise.resolve(); // released at the end of the task (a move within it keeps everything)
    expect(shadow(el).childElementCount).to.equal(0);
    document.body.append(el);
    await waitFor(() => $(el, '.menu-sections'), 'menu after re-attach');
    el.remove();
  });

  it('a property set before the element was defined takes effect, and so do later sets', async () => {
    // A page (or a framework binding properties) that sets them before the script defined the element.
    const tag = `ped-late-${Math.random().toString(36).slice(2)}`;
    const el = document.createElement(tag) as PatientEdPlayerElement & Record<string, unknown>;
    el.setAttribute('provider-url', PROVIDER_URL);
    el.client = 'demo';
    el.code = 'A_DEMO_SLIDES';
    el.fontSize = '150';
    customElements.define(tag, class extends PatientEdPlayerElement {});
    document.body.append(el);
    try {
      await waitForPath(el, '/demo/player/A_DEMO_SLIDES');
      expect([
        el.getAttribute('code'),
        el.getAttribute('font-size'),
        Object.prototype.hasOwnProperty.call(el, 'code'),
      ]).to.deep.equal(['A_DEMO_SLIDES', '150', false]);
      el.code = 'A_DEMO_VIDEO';
      await waitForPath(el, '/demo/player/A_DEMO_VIDEO');
      expect(el.getAttribute('code')).to.equal('A_DEMO_VIDEO');
    } finally {
      el.remove();
    }
  });

  it('an element off the page renders and asks for nothing, whatever its attributes; put on one, starts', async () => {
    // The page's own resource timing (not the fault provider: what it serves stays in the browser's cache, which the
    // broken-media and thumbnail tests must not meet).
    // Requests of an earlier test's player, aborted as it left, may be entered when their connection closes: only
    // requests started from now on count.
    performance.clearResourceTimings();
    const since = performance.now();
    const requests = () =>
      performance
        .getEntriesByType('resource')
        // Not media: the other player's video sources are built from the provider's public URL (this one), and
        // Firefox lists a video's fetches too. The one off the page could only ask for media after its playlist.
        .filter((e) => e.name.startsWith(PROVIDER_URL) && !e.name.startsWith(`${PROVIDER_URL}media/`))
        .filter((e) => e.startTime >= since)
        .map((e) => e.name);
    const el = document.createElement('patient-ed-player');
    el.setAttribute('provider-url', PROVIDER_URL);
    el.setAttribute('client', 'demo');
    el.setAttribute('code', 'A_DEMO_VIDEO');
    const events: string[] = [];
    for (const type of ['navigate', 'ready', 'error']) el.addEventListener(type, () => events.push(type));
    // A player put on the page at the same moment, on the same provider under another name (its requests are told
    // apart), is ready: by then the one off the page would have rendered, asked and said ready too.
    await mountPlayer({
      client: 'demo',
      code: 'A_DEMO_VIDEO',
      'provider-url': PROVIDER_URL.replace('localhost', '127.0.0.1'),
    });
    expect(shadow(el).childElementCount, 'nothing rendered').to.equal(0);
    expect(requests(), 'no request').to.deep.equal([]);
    expect(events).to.deep.equal([]);
    document.body.append(el);
    try {
      await waitFor(() => events.includes('ready'), 'ready once on the page');
      expect(requests().some((u) => u.includes('/api/clients/demo'))).to.equal(true);
    } finally {
      el.remove();
    }
  });

  it('a provider-url changed while the first is still being asked loads the configuration from the new', async () => {
    // The first provider never answers, neither the configuration nor the menu's profile asked beside it (both paths
    // start with /api/clients/demo, and either may reach the provider first); the player's requests are watched.
    await hangNext('/api/clients/demo', 0, 2);
    const watch = watchRequests();
    try {
      const errors: unknown[] = [];
      const el = await mountPlayer({ client: 'demo', 'provider-url': FAULT_PROVIDER_URL }, { waitReady: false });
      el.addEventListener('error', (e) => errors.push((e as CustomEvent).detail));
      const first = await waitFor(
        () => watch.to('/api/clients/demo').find((r) => r.url.startsWith(FAULT_PROVIDER_URL)),
        'the first provider asked',
      );
      el.setAttribute('provider-url', PROVIDER_URL);
      await waitFor(() => $(el, '.menu-sections'), 'menu from the new provider');
      expect(el[CONTROLLER].state.clientStatus).to.equal('ready');
      // The first request is given up (aborted, its failure unreported): nothing can come of it later.
      await waitFor(() => first.signal?.aborted && first.over, 'the request to the first provider given up');
      expect(errors, 'no failure from the old provider').to.deep.equal([]);
      expect(el[CONTROLLER].state.clientStatus).to.equal('ready');
      expect($(el, '.menu-sections')).to.exist;
    } finally {
      watch.stop();
      await clearFailures();
    }
  });

  it('provider-url points the player at another provider base', async () => {
    const el = await mountPlayer({ client: 'demo', 'provider-url': PROVIDER_URL.replace('localhost', '127.0.0.1') });
    await waitFor(() => $(el, '.menu-sections'), 'menu via 127.0.0.1');
    expect($(el, '.practice-art')!.getAttribute('src')).to.contain('127.0.0.1');
  });

  it('shell classes follow state: contrast, motion, platform, markup, fullscreen', async () => {
    const el = await mountPlayer({ client: 'demo', 'increase-contrast': '1', 'reduce-motion': 'on', platform: 'ios' });
    const shell = $(el, '.shell')!;
    expect(shell.classList.contains('increase-contrast')).to.equal(true);
    expect(shell.classList.contains('reduce-motion')).to.equal(true);
    expect(shell.classList.contains('platform-ios')).to.equal(true);
    el[CONTROLLER].navigate('/demo/player/A_DEMO_VIDEO/markup');
    await waitFor(() => $(el, '.shell.markup'), 'markup class');
    // A markup deep link opened while its item loads stays open once the item is there (it is the same item).
    const playback = () => el[CONTROLLER].state.playback;
    await waitFor(() => playback().ready && playback().key !== undefined, 'the item ready under the overlay');
    for (let frame = 0; frame < 5; frame++) await nextFrame();
    expect([el.currentPath, !!$(el, '.shell.markup')]).to.deep.equal(['/demo/player/A_DEMO_VIDEO/markup', true]);
    el[CONTROLLER].state.shell.controlsVisible = true;
    await waitFor(() => $(el, '.shell.controls-visible'), 'controls-visible class');
    el[CONTROLLER].state.shell.fullscreen = true;
    await waitFor(() => $(el, '.shell.fullscreen'), 'fullscreen class');
    const other = await mountPlayer({ client: 'demo', platform: 'toaster' });
    expect($(other, '.shell')!.classList.contains('platform-default')).to.equal(true);
  });

  it('an error boundary keeps a screen that throws from blanking the player, and resets with the route', async () => {
    const { ErrorBoundary } = await import('../src/ui/error-boundary');
    const { createRoot } = await import('react-dom/client');
    const { createElement } = await import('react');
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    const Boom = () => {
      throw new Error('render failure');
    };
    const quiet = console.error;
    console.error = () => {};
    try {
      const fallback = () => createElement('p', { className: 'fallback' }, 'failed');
      root.render(createElement(ErrorBoundary, { resetKey: '/a', fallback }, createElement(Boom)));
      await waitFor(() => host.querySelector('.fallback'), 'fallback shown');
      root.render(
        createElement(ErrorBoundary, { resetKey: '/b', fallback }, createElement('p', { className: 'ok' }, 'fine')),
      );
      await waitFor(() => host.querySelector('.ok'), 'content after the route changed');
    } finally {
      console.error = quiet;
      root.unmount();
      host.remove();
    }
  });
});
