import { expect } from '@open-wc/testing';
import { CONTROLLER } from '../src/app/embed-options';
import type { PatientEdPlayerElement } from '../src/element/player-element';
import { $, cleanPlayersAndFaults, mountPlayer, PROVIDER_URL, waitFor, waitForPath } from './helpers';

const pb = (el: PatientEdPlayerElement) => el[CONTROLLER].state.playback;
const themeText = (el: PatientEdPlayerElement) =>
  [...el[CONTROLLER].dynamicSheet.cssRules].map((r) => r.cssText).join('\n');

describe('attributes changed or removed after mount', () => {
  cleanPlayersAndFaults();

  it('code="" is a removal: the player returns to the menu', async () => {
    const el = await mountPlayer({ client: 'demo', code: 'A_DEMO_VIDEO' });
    await waitForPath(el, '/demo/player/A_DEMO_VIDEO');
    el.setAttribute('code', '');
    await waitForPath(el, '/demo/menu');
    await waitFor(() => $(el, '.menu-sections'), 'menu');
    expect(pb(el).playlist, 'the playlist was left').to.equal(undefined);
    el.setAttribute('code', 'A_KNEE_REPLACEMENT');
    await waitForPath(el, '/demo/player/A_KNEE_REPLACEMENT');
  });

  it('provider-url changed after mount: data, thumbnails and art come from the new host', async () => {
    const el = await mountPlayer({ client: 'demo' });
    await waitFor(() => $(el, '.menu-sections'), 'menu');
    const other = PROVIDER_URL.replace('localhost', '127.0.0.1');
    el.setAttribute('provider-url', other);
    await waitFor(() => $(el, '.practice-art')?.getAttribute('src')?.includes('127.0.0.1'), 'art from the new host');
    expect(el[CONTROLLER].state.data.profile.key).to.include('127.0.0.1');
    await waitFor(() => $(el, '.menu-sections'), 'menu from the new host');
  });

  it('an option changed after mount applies; removed, it falls back to the account or default value', async () => {
    const el = await mountPlayer({ client: 'demo', code: 'A_DEMO_VIDEO', 'captions-button': '0', color: '#112233' });
    await waitFor(() => pb(el).ready && pb(el).hasCaptions, 'item with captions');
    await waitFor(() => $(el, '.controls'), 'controls');
    expect(Boolean($(el, '[data-control="captions"]')), 'captions button off').to.equal(false);
    expect(themeText(el)).to.include('#112233');

    el.removeAttribute('captions-button');
    await waitFor(() => $(el, '[data-control="captions"]'), 'captions button back');
    el.setAttribute('color', '#445566');
    await waitFor(() => themeText(el).includes('#445566'), 'new colour');
    el.setAttribute('color', '');
    await waitFor(() => !themeText(el).includes('#445566'), 'colour option dropped');
    // The account's own colour (demo client) is back.
    expect(themeText(el)).to.include(String(el[CONTROLLER].preferences().color));
  });
});

describe('several players at once', () => {
  cleanPlayersAndFaults();

  it('two players play real media at the same time, independently', async () => {
    const a = await mountPlayer({ client: 'demo', code: 'A_DEMO_VIDEO' });
    const b = await mountPlayer({ client: 'demo', code: 'A_KNEE_REPLACEMENT' });
    await waitFor(() => pb(a).ready && pb(b).ready, 'both ready', 10000);
    await Promise.all([a.playVideo(), b.playVideo()]);
    await waitFor(
      () => pb(a).playerState === 1 && pb(b).playerState === 1 && pb(a).currentTime > 0.3 && pb(b).currentTime > 0.3,
      'both playing',
    );
    await a.pauseVideo();
    await waitFor(() => pb(a).playerState === 2, 'a paused');
    const t = pb(b).currentTime;
    await waitFor(() => pb(b).currentTime > t + 0.3, 'b still playing');
    expect(pb(b).playerState).to.equal(1);
    expect($<HTMLVideoElement>(a, 'video.media')!.paused).to.equal(true);
    expect($<HTMLVideoElement>(b, 'video.media')!.paused).to.equal(false);
    expect(a.getCurrentPlaylist()!.code).to.equal('A_DEMO_VIDEO');
    expect(b.getCurrentPlaylist()!.code).to.equal('A_KNEE_REPLACEMENT');
  });

  it("two players sharing storage keep each other's saved choices", async () => {
    const a = await mountPlayer({ client: 'demo' });
    const b = await mountPlayer({ client: 'demo' });
    a[CONTROLLER].setLocalPreference('reduceMotion', 1);
    b[CONTROLLER].setLocalPreference('increaseContrast', 1);
    // Each saves its local layer; the other takes it from storage without dropping its own choice.
    await waitFor(() => {
      type Choices = { reduceMotion?: number; increaseContrast?: number };
      const stored = JSON.parse(localStorage.getItem('patient-ed-player.preferences') ?? '{}') as Choices & {
        local?: Choices;
      };
      const local = stored.local ?? stored;
      // The other player hears of a choice by a message (a task later than the write): wait for both to have both.
      const both = [a, b].every((el) => {
        const prefs = el[CONTROLLER].preferences();
        return prefs.reduceMotion === 1 && prefs.increaseContrast === 1;
      });
      return local.reduceMotion === 1 && local.increaseContrast === 1 && both;
    }, 'both choices stored and taken by both players');
    for (const el of [a, b]) {
      expect(el[CONTROLLER].preferences().reduceMotion, 'reduceMotion').to.equal(1);
      expect(el[CONTROLLER].preferences().increaseContrast, 'increaseContrast').to.equal(1);
    }
    const c = await mountPlayer({ client: 'demo' });
    expect(c[CONTROLLER].preferences()).to.include({ reduceMotion: 1, increaseContrast: 1 });
  });
});
