import { expect } from '@open-wc/testing';
import { CONTROLLER } from '../src/app/embed-options';
import type { PatientEdPlayerElement } from '../src/element/player-element';
import { writeStored } from '../src/preferences/storage-write';
import { MODAL_NAMES, modalData, type ModalName } from '../src/routing/modals';
import { routeWork } from '../src/routing/route-table';
import { matchRoute } from '../src/routing/routes';
import { $, cleanPlayersAndFaults, mountPlayer, waitFor, watchRequests } from './helpers';

const work = (path: string) => routeWork(matchRoute(path));

describe('route table (pure): each route declares what it starts', () => {
  it('the menu: its screen, the client configuration and the profile', () => {
    expect(work('/demo/menu')).to.deep.equal({
      chunks: ['menu-screen'],
      catalogs: ['messages'],
      loaders: ['client', 'profile'],
    });
    expect(work('/demo/menu/C_KNEE')).to.deep.equal(work('/demo/menu'));
  });

  it('both player routes: the player screen and engine, its strings, the client configuration and the playlist', () => {
    const player = { chunks: ['player-screen'], catalogs: ['messages', 'player'], loaders: ['client', 'playlist'] };
    expect(work('/demo/player/A_DEMO_VIDEO')).to.deep.equal(player);
    expect(work('/demo/player/C_KNEE/A_DEMO_VIDEO/')).to.deep.equal(player);
  });

  it('the error screen, for a missing client or an unknown path, starts its screen and no client', () => {
    expect(work('/error')).to.deep.equal({ chunks: ['error-screen'], catalogs: ['messages'], loaders: [] });
    expect(work('/demo/nowhere/x')).to.deep.equal(work('/error'));
  });

  it("a modal child adds the modal layer, its body, its catalog and its loaders to its screen's work", () => {
    expect(work('/demo/menu/settings/captions')).to.deep.equal({
      chunks: ['menu-screen', 'modal-layer', 'modal-body'],
      catalogs: ['messages', 'settings'],
      loaders: ['client', 'profile'],
    });
    // The search dialog prepares its session as it is entered; the markup overlay pauses playback.
    expect(work('/demo/menu/search')).to.deep.include({
      catalogs: ['messages', 'search'],
      loaders: ['client', 'profile', 'search-session'],
    });
    expect(work('/demo/player/A_DEMO_VIDEO/markup')).to.deep.include({
      catalogs: ['messages', 'player', 'annotation'],
      loaders: ['client', 'playlist', 'markup-pause'],
    });
    // The player's own catalog is asked for once.
    expect(work('/demo/player/A_DEMO_VIDEO/chapters/2').catalogs).to.deep.equal(['messages', 'player']);
  });

  it('every modal route asks for its body and its catalog under each screen it is allowed on', () => {
    const screens = {
      menu: ['/demo/menu'],
      player: ['/demo/player/A_X', '/demo/player/C_K/A_X/'],
      shared: ['/demo/menu', '/demo/player/A_X'],
    };
    const pathOf = (screen: string, name: ModalName) => `${screen.replace(/\/$/, '')}/${name.replace(':chapter', '3')}`;
    for (const name of MODAL_NAMES) {
      const { scope, catalog } = modalData(name);
      for (const screen of screens[scope]) {
        const asked = work(pathOf(screen, name));
        expect(asked.chunks, `${name} under ${screen}`).to.include.members(['modal-layer', 'modal-body']);
        if (catalog) expect(asked.catalogs, `${name} under ${screen}`).to.include(catalog);
      }
    }
  });
});

describe('route table (running): the controller starts what the route declares and lets go of the rest', () => {
  cleanPlayersAndFaults();

  const pb = (el: PatientEdPlayerElement) => el[CONTROLLER].state.playback;

  it('a player route asks for its playlist, no profile; the menu drops the playlist, asks the profile', async () => {
    const watch = watchRequests();
    try {
      const el = await mountPlayer({ client: 'demo', code: 'A_DEMO_VIDEO' });
      await waitFor(() => pb(el).playlist?.code === 'A_DEMO_VIDEO', 'the playlist started');
      expect(watch.to('/clients/demo/playlists/A_DEMO_VIDEO')).to.have.length(1);
      expect(watch.to('/clients/demo/profile'), 'the player route asks for no menu').to.have.length(0);
      el[CONTROLLER].navigate('/demo/menu');
      // At once, before anything renders: the playlist is forgotten, playback reset, the profile asked for.
      expect(el[CONTROLLER].state.data.playlist.status).to.equal('idle');
      expect(pb(el).playlist).to.equal(undefined);
      expect(el[CONTROLLER].state.data.profile.status).to.equal('loading');
      await waitFor(() => $(el, '.menu-sections'), 'the menu');
      expect(watch.to('/clients/demo/profile')).to.have.length(1);
    } finally {
      watch.stop();
    }
  });

  it("the client's configuration runs first: the first requests use a returning visitor's language", async () => {
    writeStored({ account: {}, local: { menuLanguage: 'de' }, users: {} });
    const watch = watchRequests();
    try {
      const el = await mountPlayer({ client: 'demo' });
      await waitFor(() => $(el, '.menu-sections'), 'the menu');
      const profiles = watch.to('/clients/demo/profile').map((r) => new URL(r.url).searchParams.get('menuLanguage'));
      expect(profiles, 'one menu request, in the stored language').to.deep.equal(['de']);
      expect(el[CONTROLLER].state.locale).to.equal('de');
    } finally {
      watch.stop();
    }
  });
});
