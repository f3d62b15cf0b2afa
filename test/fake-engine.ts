import { normalisePlaylist } from '../src/content/normalise-playlist';
import type { ProviderApi } from '../src/content/provider';
import { PlaybackEngine } from '../src/playback/engine';
import { TIMING } from '../src/playback/timing';
import type { MediaLoader } from '../src/playback/types';
import { DEFAULT_PREFERENCES } from '../src/preferences/defaults';
import { createPlayerStore } from '../src/state/player-store';
import { FakeAdapter } from './fake-adapter';
import { FakeClock } from './fake-clock';
import { nextTask } from './helpers';

/** An engine with a fake adapter per item and a fake clock: playback rules in milliseconds of test time. */
export async function fakeEngine(playlist: object) {
  const clock = new FakeClock();
  const state = createPlayerStore();
  const host = document.createElement('div');
  const events: { type: string; detail: unknown }[] = [];
  for (const type of ['statechange', 'analytics', 'playlistend'])
    host.addEventListener(type, (e) => events.push({ type, detail: (e as CustomEvent).detail }));
  const adapters: FakeAdapter[] = [];
  const loader: MediaLoader = {
    kind: 'html5',
    detached: true,
    canPlay: () => true,
    load: (ctx) => {
      const adapter = new FakeAdapter(ctx.events, ctx.item.runtime);
      adapters.push(adapter);
      return Promise.resolve(adapter);
    },
  };
  const api = { captions: () => Promise.reject(new Error('no captions here')) } as unknown as ProviderApi;
  const engine = new PlaybackEngine({
    state,
    host,
    api: () => api,
    prefs: () => DEFAULT_PREFERENCES,
    client: () => 'demo',
    clock: () => clock,
    loaderFor: () => loader,
  });
  engine.setStage(document.createElement('div'));
  engine.loadPlaylist(normalisePlaylist(playlist, 'A_TEST'), 'key');
  // The end of the promise reactions a change starts (the fake adapter answers in promises, not in time).
  const settle = nextTask;
  await settle();
  // Later loads are not bunched with the first one (item changes within loadSpacingMs wait for the burst to end).
  clock.tick(TIMING.loadSpacingMs);
  /** Move the media's time and let the poll see it. */
  const advance = async (seconds: number) => {
    adapters.at(-1)!.time = seconds;
    clock.tick(TIMING.pollMs);
    await settle();
  };
  return { clock, state, engine, events, adapters, advance, settle };
}
