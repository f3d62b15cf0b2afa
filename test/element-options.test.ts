import { expect } from '@open-wc/testing';
import { INTERFACE } from '../src/element/interface-chunk';
import { CONTROLLER } from '../src/app/embed-options';
import { $, $$, cleanPlayersAndFaults, mountPlayer, waitFor, watchRequests } from './helpers';

/**
 * The element hands its attributes to its controller itself, before and after the interface chunk (React DOM and the
 * player's tree) has arrived: a new `client` or `code` routes at once and its requests start; React then renders
 * what the controller decided. The chunk's import is held back here while `held` is set, before any player of this
 * file mounts (each test file has its own page and modules).
 */
const realLoad = INTERFACE.load.bind(INTERFACE);
const realCurrent = Object.getOwnPropertyDescriptor(INTERFACE, 'current')!.get!.bind(
  INTERFACE,
) as () => typeof INTERFACE.current;
let held: Promise<void> | undefined;
let release = () => {};
Object.defineProperty(INTERFACE, 'current', { get: () => (held ? undefined : realCurrent()) });
INTERFACE.load = async (limit) => {
  await held;
  return realLoad(limit);
};

describe('the element applies its attributes to the controller', () => {
  cleanPlayersAndFaults();
  afterEach(() => {
    release();
    held = undefined;
  });

  it('with the interface chunk held back, `code` routes at once and asks for the playlist; `client` too', async () => {
    held = new Promise((resolve) => (release = resolve));
    // No limit on the held import (the interface's failure is not what this test is about).
    const el = await mountPlayer({ client: 'demo', 'request-timeout': '0' }, { waitReady: false });
    const c = el[CONTROLLER];
    await waitFor(() => c.state.clientStatus === 'ready', 'the client configuration, without the interface');
    expect($$(el, '.shell > .loading'), 'the interface is still on its way').to.have.length(1);
    const watch = watchRequests();
    try {
      el.setAttribute('code', 'A_DEMO_VIDEO');
      expect(c.path, 'routed at once').to.equal('/demo/player/A_DEMO_VIDEO');
      expect(c.state.data.playlist.status, 'the playlist asked for').to.equal('loading');
      await waitFor(() => watch.to('/clients/demo/playlists/A_DEMO_VIDEO').length > 0, 'the playlist request');
      await waitFor(() => c.state.playback.playlist?.code === 'A_DEMO_VIDEO', 'the playlist, started by the engine');
      // An option applies at once too.
      el.setAttribute('language', 'de');
      expect(c.preferences().menuLanguage).to.equal('de');
      // Removing `code` returns to the menu; another client loads its configuration.
      el.removeAttribute('code');
      expect(c.path).to.equal('/demo/menu');
      el.setAttribute('client', 'riverside');
      expect(c.path).to.equal('/riverside/menu');
      expect([c.state.loadedClient, c.state.clientStatus]).to.deep.equal(['riverside', 'loading']);
      await waitFor(() => watch.to('/clients/riverside').length > 0, "riverside's configuration request");
      expect($(el, '.menu-screen, .player-screen'), 'no screen rendered: the interface is still held').to.equal(null);
    } finally {
      watch.stop();
    }
    // The interface arrives: it shows where the controller is.
    release();
    held = undefined;
    await waitFor(() => $(el, '.menu-sections'), 'the menu');
    expect(c.path).to.equal('/riverside/menu');
    await waitFor(() => $(el, '.shell')?.lang === 'de', 'in the language the attribute set');
  });

  it('with the interface in, a change of `code` routes before React renders', async () => {
    const el = await mountPlayer({ client: 'demo' });
    await waitFor(() => $(el, '.menu-sections'), 'the menu');
    const c = el[CONTROLLER];
    el.setAttribute('code', 'A_DEMO_VIDEO');
    expect(c.path).to.equal('/demo/player/A_DEMO_VIDEO');
    expect(c.state.data.playlist.status).to.equal('loading');
    await waitFor(() => $(el, '.player-screen[data-code="A_DEMO_VIDEO"]'), 'the player screen');
  });
});
