import { expect } from '@open-wc/testing';
import type { ProviderApi } from '../src/content/provider';
import { ANALYTICS } from '../src/core/analytics';
import { normalisePlaylist } from '../src/content/normalise-playlist';
import { PlaybackEngine } from '../src/playback/engine';
import { TIMING } from '../src/playback/timing';
import { DEFAULT_PREFERENCES } from '../src/preferences/defaults';
import { testPlaylist } from './fake-adapter';
import { fakeEngine } from './fake-engine';

const PLAYLIST = testPlaylist([
  {
    type: 'MainHostedVideo',
    code: 'V_ONE',
    file: 'one',
    runtime: 8,
    version: {
      text: [
        { key: 'chapter', value: 'Start', t: null, f: 0 },
        { key: 'chapter', value: 'Middle', t: null, f: 4000 },
      ],
    },
  },
  { type: 'MainHostedVideo', code: 'V_TWO', file: 'two', runtime: 6 },
]);

describe('playback engine with a fake adapter and a fake clock', () => {
  it('ends an item within the threshold of its end, plays the next, then reports the playlist end once', async () => {
    const { state, engine, events, adapters, advance, settle } = await fakeEngine(PLAYLIST);
    await engine.play();
    await advance(4);
    expect(state.playback.currentTime).to.equal(4);
    await advance(8 - TIMING.endThresholdS / 2); // less than the threshold left (of 8 s): ended
    await settle();
    expect(state.playback.index).to.equal(1);
    expect(adapters).to.have.length(2);
    expect(adapters[0].destroyed, 'the first media is released').to.equal(true);
    expect(adapters[1].playing, 'the playlist continues').to.equal(true);
    await advance(6);
    await advance(6);
    const states = events.filter((e) => e.type === 'statechange').map((e) => (e.detail as { state: number }).state);
    expect(states).to.deep.equal([0, 1, 9, -1, 0, 1, 9]);
    expect(events.filter((e) => e.type === 'playlistend').map((e) => e.detail)).to.deep.equal([{ code: 'A_TEST' }]);
  });

  it('reports -1 as another playlist loads over a ready one (another language), then 0, 1 as it resumes', async () => {
    const { state, engine, events, adapters, advance, settle } = await fakeEngine(PLAYLIST);
    await engine.play();
    await advance(2);
    const states = () =>
      events.filter((e) => e.type === 'statechange').map((e) => (e.detail as { state: number }).state);
    expect(states()).to.deep.equal([0, 1]);
    engine.loadPlaylist(normalisePlaylist(PLAYLIST, 'A_TEST'), 'key:es', 0, { play: true, at: 2 });
    expect(state.playback.playerState, 'not ready while the other video loads').to.equal(-1);
    expect(states(), 'the host hears it as the load starts').to.deep.equal([0, 1, -1]);
    await settle();
    expect(adapters).to.have.length(2);
    expect(adapters[0].destroyed, 'the first media is released').to.equal(true);
    expect(states(), 'ready, then playing where it was').to.deep.equal([0, 1, -1, 0, 1]);
    expect(state.playback.currentTime).to.equal(2);
  });

  it('sends each analytics milestone once, and a chapter step when playback crosses a chapter', async () => {
    const { engine, events, advance } = await fakeEngine(PLAYLIST);
    await engine.play();
    for (let t = 0.04; t < 7.9; t += 0.5) await advance(t);
    const labels = events.filter((e) => e.type === 'analytics').map((e) => e.detail as { type: number; label: string });
    expect(labels.filter((e) => e.type === ANALYTICS.VIDEO_PERCENT).map((e) => e.label)).to.deep.equal([
      'V_ONE 25%',
      'V_ONE 50%',
      'V_ONE 75%',
    ]);
    expect(labels.filter((e) => e.type === ANALYTICS.VIDEO_STEP).map((e) => e.label)).to.deep.equal(['V_ONE Middle']);
  });

  it('with skipping off, a seek cannot pass the furthest point watched and next waits for the end', async () => {
    const { state, engine, advance } = await fakeEngine({ ...PLAYLIST, flags: { lang_type: 'single', skip: 0 } });
    await engine.play();
    for (let t = 0.5; t <= 2; t += 0.5) await advance(t);
    engine.seek(6);
    expect(state.playback.currentTime).to.equal(2);
    engine.seek(1);
    expect(state.playback.currentTime).to.equal(1);
    expect(engine.next()).to.equal(false);
    expect(state.playback.index).to.equal(0);
  });

  it('takes its timings from its dependencies (spec values by default)', async () => {
    const { engine, clock, state } = await fakeEngine(PLAYLIST);
    engine.setVolume(0.3);
    clock.tick(TIMING.indicatorMs);
    expect(state.playback.indicator, 'the default time').to.equal('');
    const custom = new PlaybackEngine({
      state,
      host: document.createElement('div'),
      api: () => ({}) as ProviderApi,
      prefs: () => DEFAULT_PREFERENCES,
      client: () => 'demo',
      clock: () => clock,
      timing: { ...TIMING, indicatorMs: 1000 },
    });
    custom.setVolume(0.4);
    clock.tick(999);
    expect(state.playback.indicator).to.equal('volume');
    clock.tick(1);
    expect(state.playback.indicator).to.equal('');
    custom.dispose();
  });

  it('the indicator and a notice clear after their times of the player clock; dispose leaves no timer', async () => {
    const { clock, state, engine } = await fakeEngine(PLAYLIST);
    engine.setVolume(0.3);
    expect(state.playback.indicator).to.equal('volume');
    clock.tick(TIMING.indicatorMs - 1);
    expect(state.playback.indicator).to.equal('volume');
    clock.tick(1);
    expect(state.playback.indicator).to.equal('');
    engine.notify('info', 'screenshotDisabled');
    clock.tick(TIMING.notificationMs - 1);
    expect(state.notifications).to.have.length(1);
    clock.tick(1);
    expect(state.notifications).to.have.length(0);
    engine.notify('info', 'screenshotDisabled');
    engine.dispose();
    expect(clock.pending, 'no timer or poll left').to.equal(0);
  });
});
