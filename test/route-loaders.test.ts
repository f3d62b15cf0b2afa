import { expect } from '@open-wc/testing';
import { CONTROLLER } from '../src/app/embed-options';
import type { PatientEdPlayerElement } from '../src/element/player-element';
import { resolveRedirects } from '../src/routing/routes';
import {
  $,
  cleanPlayersAndFaults,
  clearProviderLog,
  delayNext,
  FAULT_PROVIDER_URL,
  mountPlayer,
  nextTask,
  providerLog,
  text,
  waitFor,
  waitForPath,
  watchRequests,
} from './helpers';

const pb = (el: PatientEdPlayerElement) => el[CONTROLLER].state.playback;
const paths = async () => (await providerLog()).filter((r) => r.method === 'GET').map((r) => r.path);
/** What the player had done when it reported `ready` (its first screen rendered). */
function atReady(el: HTMLElement, snapshot: () => unknown) {
  return new Promise<unknown>((resolve) => el.addEventListener('ready', () => resolve(snapshot()), { once: true }));
}

describe('route redirects (pure)', () => {
  it('follows the table to the screen route, carrying the query less client and openthis', () => {
    expect(resolveRedirects('/?client=demo&openthis=A_DEMO_VIDEO&captions=0')).to.equal(
      '/demo/player/A_DEMO_VIDEO?captions=0',
    );
    expect(resolveRedirects('/?client=demo')).to.equal('/demo/menu');
    expect(resolveRedirects('/?client=demo&openthis=T_KNEE')).to.equal('/demo/menu/T_KNEE');
    expect(resolveRedirects('/demo')).to.equal('/demo/menu');
    expect(resolveRedirects('/')).to.equal('/error');
    expect(resolveRedirects('/demo/player/A_DEMO_VIDEO/info')).to.equal('/demo/player/A_DEMO_VIDEO/info');
  });
});

describe('route loaders: data is requested as navigation happens, not as screens render', () => {
  cleanPlayersAndFaults();
  beforeEach(clearProviderLog);

  it('a player route loads the playlist, source, captions and media while the screen awaits the account', async () => {
    // The account's user preferences answer late: the first screen cannot render before them.
    await delayNext('/cdn/68/preferences', 1200);
    const el = await mountPlayer(
      { client: 'demo', code: 'A_DEMO_VIDEO', 'provider-url': FAULT_PROVIDER_URL },
      { waitReady: false },
    );
    const seen = atReady(el, () => ({
      metadata: pb(el).ready,
      duration: pb(el).duration,
      video: $<HTMLVideoElement>(el, 'video.media')?.readyState ?? -1,
    }));
    // Long before the screen renders, the media has loaded its metadata (a detached <video>).
    await waitFor(() => pb(el).ready, 'metadata loaded before the screen rendered', 8000);
    expect(Boolean($(el, '.player-screen')), 'no player screen yet').to.equal(false);
    const requested = await paths();
    expect(requested).to.include('/api/clients/demo/playlists/A_DEMO_VIDEO');
    expect(requested).to.include('/api/vod/demo/knee-overview');
    expect(requested).to.include('/api/videos/knee-overview/captions');
    const ready = (await seen) as { metadata: boolean; duration: number; video: number };
    expect(ready.metadata).to.equal(true);
    expect(ready.duration).to.be.greaterThan(5);
    // The media element that loaded detached is the one on screen: nothing was loaded twice.
    expect(ready.video).to.be.at.least(1);
    const all = await paths();
    expect(all.filter((p) => p === '/api/vod/demo/knee-overview')).to.have.length(1);
    expect(all.filter((p) => p === '/api/clients/demo/playlists/A_DEMO_VIDEO')).to.have.length(1);
  });

  it('a menu route requests the profile together with the client configuration', async () => {
    await delayNext('/cdn/68/preferences', 800);
    const el = await mountPlayer({ client: 'demo', 'provider-url': FAULT_PROVIDER_URL }, { waitReady: false });
    await waitFor(() => el[CONTROLLER].state.data.profile.status === 'ready', 'profile loaded', 8000);
    expect(el[CONTROLLER].state.clientStatus, 'the account is still loading').to.equal('loading');
    await waitFor(() => $(el, '.menu-sections'), 'menu');
    expect((await paths()).filter((p) => p === '/api/clients/demo/profile')).to.have.length(1);
  });

  it("a returning visitor's user preferences are requested together with the configuration", async () => {
    const first = await mountPlayer({ client: 'demo', 'provider-url': FAULT_PROVIDER_URL });
    await waitFor(() => $(first, '.menu-sections'), 'menu');
    first.remove();
    await clearProviderLog();
    await delayNext('/api/clients/demo', 800, 2); // the configuration (and the profile) answer late
    const watch = watchRequests();
    try {
      const el = await mountPlayer({ client: 'demo', 'provider-url': FAULT_PROVIDER_URL }, { waitReady: false });
      const user = await waitFor(() => watch.to('/cdn/68/preferences')[0], 'the user preferences requested');
      // Before the configuration (held by the provider) answered.
      const config = watch.to('/api/clients/demo')[0];
      expect(config, 'the configuration requested').to.not.equal(undefined);
      expect(
        config.answered === undefined || user.sent < config.answered,
        'asked before the configuration answered',
      ).to.equal(true);
      await waitFor(() => $(el, '.menu-sections'), 'menu', 8000);
      expect(
        (await paths()).filter((p) => p === '/cdn/68/preferences'),
        'requested once',
      ).to.have.length(1);
      expect(el[CONTROLLER].preferences().titles?.A_DEMO_VIDEO, 'the user preferences applied').to.deep.equal({
        en: 'Your total knee replacement',
      });
    } finally {
      watch.stop();
    }
  });

  it('drops the answer of a route left behind: the later navigation wins', async () => {
    const el = await mountPlayer({ client: 'demo', 'provider-url': FAULT_PROVIDER_URL });
    await delayNext('/api/clients/demo/playlists/A_KNEE_REPLACEMENT', 1500);
    const watch = watchRequests();
    try {
      el[CONTROLLER].navigate('/demo/player/A_KNEE_REPLACEMENT');
      // The first request reaches the provider (which holds its answer for 1.5 s) before the second navigation.
      await waitFor(
        async () => (await paths()).includes('/api/clients/demo/playlists/A_KNEE_REPLACEMENT'),
        'the first playlist requested',
      );
      const first = watch.to('/api/clients/demo/playlists/A_KNEE_REPLACEMENT')[0];
      el[CONTROLLER].navigate('/demo/player/A_ACLTEAR');
      await waitFor(() => $(el, '.player-screen[data-code="A_ACLTEAR"]'), 'the second playlist');
      // The first request is over (given up, or its late answer in) and changed nothing.
      await waitFor(() => first.over, 'the first request over', 8000);
      await waitFor(() => $(el, '.player-screen')?.dataset.code === 'A_ACLTEAR', 'the screen of the second');
      expect(pb(el).playlist?.code).to.equal('A_ACLTEAR');
      expect($(el, '.player-screen')!.dataset.code).to.equal('A_ACLTEAR');
    } finally {
      watch.stop();
    }
  });

  it('moving the element while its client configuration loads does not leave it loading forever', async () => {
    // The configuration and the profile (requested together) both answer late.
    await delayNext('/api/clients/demo', 800, 2);
    const el = await mountPlayer({ client: 'demo', 'provider-url': FAULT_PROVIDER_URL }, { waitReady: false });
    const ready = new Promise((resolve) => el.addEventListener('ready', resolve, { once: true }));
    await waitFor(() => el[CONTROLLER].state.clientStatus === 'loading', 'configuration loading');
    const box = document.createElement('div');
    document.body.append(box);
    // Off the page for a task (a move within one task is ignored: nothing is torn down), so the request under way is
    // aborted; then back on the page, where it must be asked again.
    el.remove();
    await nextTask(); // the end of the task in which it left
    expect(el[CONTROLLER].state.clientStatus).to.equal('idle');
    box.append(el);
    await ready;
    await waitFor(() => $(el, '.menu-sections'), 'menu after the move', 8000);
    expect(el[CONTROLLER].state.clientStatus).to.equal('ready');
    box.remove();
  });

  it('moving the element keeps the visitor where they were', async () => {
    const el = await mountPlayer({ client: 'demo' });
    el[CONTROLLER].navigate('/demo/menu/C_FEATURED');
    await waitFor(() => $(el, '[data-node="C_FEATURED"]'), 'featured collection');
    const box = document.createElement('div');
    document.body.append(box);
    box.append(el);
    await waitForPath(el, '/demo/menu/C_FEATURED');
    await waitFor(() => $(el, '[data-node="C_FEATURED"]'), 'still the featured collection');
    expect(text(el, '.menu-heading')).to.not.equal('');
    box.remove();
  });
});
