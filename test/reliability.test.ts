import { expect } from '@open-wc/testing';
import { CONTROLLER } from '../src/app/embed-options';
import { DEFAULT_TIMEOUT_MS, HttpClient, parseTimeout } from '../src/content/http';
import { normalisePlaylist } from '../src/content/normalise-playlist';
import type { ProviderApi } from '../src/content/provider';
import type { PlayerEventMap } from '../src/core/events';
import { PlaybackEngine } from '../src/playback/engine';
import { checkStall, reloadDelay, startWatch } from '../src/playback/stall';
import { TIMING } from '../src/playback/timing';
import type { LoadContext, MediaKind, MediaLoader } from '../src/playback/types';
import { DEFAULT_PREFERENCES } from '../src/preferences/defaults';
import { createPlayerStore } from '../src/state/player-store';
import { FakeAdapter, testPlaylist } from './fake-adapter';
import { FakeClock } from './fake-clock';
import {
  $,
  $$,
  answerNext,
  hangNext,
  sleep,
  withoutCorsNext,
  cleanPlayersAndFaults,
  clearProviderLog,
  PROVIDER_URL,
  providerLog,
  providerRaw,
  clearFailures,
  delayNext,
  failNext,
  FAULT_PROVIDER_URL,
  json,
  mountPlayer,
  rejection,
  replaceProperty,
  text,
  waitFor,
  nextTask,
} from './helpers';

const PLAYLIST = testPlaylist([{ type: 'MainHostedVideo', code: 'V_ONE', file: 'one', runtime: 60 }]);

type Behaviour =
  'ready' | 'silent' | 'never' | { error: { reason: 'media' | 'vendor' | 'script'; code?: number; message: string } };

/**
 * An engine over a loader the test scripts (each load: ready, never ready, or failing), a fake clock and a
 * source call that can fail: the watchdog and the load limit in milliseconds of test time.
 */
interface SetupOptions {
  kind?: MediaKind;
  loads?: Behaviour[];
  source?: () => Promise<{ src: string }>;
  playlist?: object;
  captions?: (...args: unknown[]) => Promise<string>;
}
async function setup({
  kind = 'html5',
  loads = [],
  source = () => Promise.resolve({ src: 'x.mp4' }),
  playlist = PLAYLIST,
  captions = () => Promise.reject(new Error('no captions here')),
}: SetupOptions = {}) {
  const clock = new FakeClock();
  const state = createPlayerStore();
  const host = document.createElement('div');
  document.body.append(host); // the error event stops at the document: the host must be in it
  const errors: PlayerEventMap['error'][] = [];
  host.addEventListener('error', (e: Event) => errors.push((e as CustomEvent<PlayerEventMap['error']>).detail));
  const adapters: FakeAdapter[] = [];
  const contexts: LoadContext[] = [];
  let loadCount = 0;
  const loader: MediaLoader = {
    kind,
    detached: true,
    canPlay: () => true,
    source: () => source(),
    load: (ctx) => {
      contexts.push(ctx);
      const behaviour = loads[loadCount++] ?? 'ready';
      if (behaviour === 'never')
        return new Promise((_, reject) =>
          ctx.signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
        );
      if (typeof behaviour === 'object')
        return Promise.reject(Object.assign(new Error(behaviour.error.message), behaviour.error));
      const adapter = new FakeAdapter(ctx.events, ctx.item.runtime);
      adapter.silent = behaviour === 'silent';
      adapters.push(adapter);
      return Promise.resolve(adapter);
    },
  };
  const api = { captions } as unknown as ProviderApi;
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
  // Loads wait on promises only: a few message-channel turns (no 4 ms timer clamping) let them settle.
  const channel = new MessageChannel();
  const turn = () =>
    new Promise<void>((resolve) => {
      channel.port1.onmessage = () => resolve();
      channel.port2.postMessage(0);
    });
  const settle = async () => {
    for (let i = 0; i < 3; i++) await turn();
  };
  await settle();
  /** Let `ms` of test time pass, the media at `time` (unchanged: a stall). */
  const run = async (ms: number, time?: number) => {
    for (let t = 0; t < ms; t += 40) {
      if (time !== undefined && adapters.at(-1)) adapters.at(-1)!.time = time;
      clock.tick(Math.min(40, ms - t));
      await settle();
    }
  };
  const done = () => {
    engine.dispose();
    host.remove();
  };
  return { clock, state, engine, errors, adapters, contexts, run, settle, done, loads: () => loadCount };
}

describe('stall watchdog rules (pure, injected time)', () => {
  const t = { bufferingMs: 1000, stallMs: 10000, stallBackoffMs: 1000, stallReloads: 3 };
  it('buffering after 1 s standing still while playing, a reload after 10 s, a failure after the last reload', () => {
    let w = startWatch(0, 5);
    expect(checkStall(w, 999, 5, true, t).buffering).to.equal(false);
    expect(checkStall(w, 1000, 5, true, t)).to.deep.include({ buffering: true, action: 'none' });
    expect(checkStall(w, 9999, 5, true, t).action).to.equal('none');
    expect(checkStall(w, 10000, 5, true, t).action).to.equal('reload');
    w = startWatch(0, 5, 3);
    expect(checkStall(w, 10000, 5, true, t).action).to.equal('fail');
  });
  it('progress resets the watch and the reload count; paused time never stalls', () => {
    const w = startWatch(0, 5, 2);
    const moved = checkStall(w, 8000, 5.04, true, t);
    expect(moved.watch).to.deep.equal({ time: 5.04, since: 8000, reloads: 0 });
    const paused = checkStall(startWatch(0, 5, 2), 60000, 5, false, t);
    expect(paused).to.deep.equal({ watch: { time: 5, since: 60000, reloads: 2 }, buffering: false, action: 'none' });
  });
  it('the backoff doubles: 1 s, 2 s, 4 s', () => {
    expect([0, 1, 2].map((n) => reloadDelay(n, t))).to.deep.equal([1000, 2000, 4000]);
  });
});

describe('playback engine: nothing waits forever, stalls recover (fake clock)', () => {
  it('an html5 media never getting its metadata fails after 20 s (retryable); Try again loads it again', async () => {
    const { state, engine, errors, contexts, run, settle, done, loads } = await setup({ loads: ['never', 'ready'] });
    await run(TIMING.mediaLoadMs - 40);
    expect(state.playback.error, 'not before the limit').to.equal(undefined);
    await run(80);
    expect(contexts[0].signal.aborted, 'the stuck load is aborted (the adapter releases its element)').to.equal(true);
    expect(state.playback.error).to.deep.include({ reason: 'media', retryable: true });
    expect(errors).to.deep.equal([{ code: 'media', message: 'The media was not ready within 20 s', retryable: true }]);
    expect(engine.retry()).to.equal(true);
    await settle();
    expect(loads()).to.equal(2);
    expect(state.playback.error).to.equal(undefined);
    expect(state.playback.ready).to.equal(true);
    done();
  });

  it('a YouTube or Vimeo player that never becomes ready is an `sdk` error after 20 s', async () => {
    const { state, errors, run, done } = await setup({ kind: 'youtube', loads: ['never'] });
    await run(TIMING.mediaLoadMs + 40);
    expect(state.playback.error?.reason).to.equal('script');
    expect(errors.map((e) => [e.code, e.retryable])).to.deep.equal([['sdk', true]]);
    done();
  });

  it('a vendor refusal is final: a `vendor` error, not retryable, and no Try again', async () => {
    const { state, engine, errors, done } = await setup({
      kind: 'youtube',
      loads: [{ error: { reason: 'vendor', code: 150, message: 'not embeddable' } }],
    });
    expect(errors).to.deep.equal([{ code: 'vendor', message: 'not embeddable', retryable: false }]);
    expect(state.playback.error?.retryable).to.equal(false);
    expect(engine.retry()).to.equal(false);
    done();
  });

  it('playing with the time standing still: the indicator, reloads at the same time, then the error', async () => {
    // The indicator after 1 s; a reload at the same time after 10 s plus backoff, three times; then the error.
    const { state, engine, errors, adapters, run, done, loads } = await setup();
    await engine.play();
    await run(400, 12.5); // moves to 12.5 s, then stands still
    expect(state.playback.buffering).to.equal(false);
    await run(1000, 12.5);
    expect(state.playback.buffering, 'the loading indicator after 1 s').to.equal(true);
    await run(TIMING.stallMs - 1000 + 40, 12.5);
    expect(loads(), 'no reload before the backoff').to.equal(1);
    await run(1000, 12.5);
    expect(loads(), 'reloaded after 10 s + 1 s').to.equal(2);
    expect(adapters[0].destroyed).to.equal(true);
    expect(adapters[1].time, 'at the same time').to.equal(12.5);
    expect(adapters[1].playing, 'and playing on').to.equal(true);
    // Still stuck: the next reloads wait 2 s and 4 s more.
    await run(TIMING.stallMs + 2000 + 80, 12.5);
    expect(loads()).to.equal(3);
    await run(TIMING.stallMs + 4000 + 80, 12.5);
    expect(loads()).to.equal(4);
    expect(errors).to.deep.equal([]);
    await run(TIMING.stallMs + 80, 12.5);
    expect(loads(), 'no fourth reload').to.equal(4);
    expect(state.playback.error).to.deep.include({ reason: 'media', retryable: true });
    expect(state.playback.buffering).to.equal(false);
    expect(errors).to.deep.equal([
      { code: 'media', message: 'Playback stalled: no progress for 10 s', retryable: true },
    ]);
    // Try again plays on from there.
    expect(engine.retry()).to.equal(true);
    await run(40);
    expect(adapters.at(-1)!.time).to.equal(12.5);
    expect(adapters.at(-1)!.playing).to.equal(true);
    done();
  });

  it('playback moving again after a reload starts the count afresh; a paused media is never stalled', async () => {
    const { engine, run, done, loads, state } = await setup();
    await engine.play();
    await run(TIMING.stallMs + 1000 + 80, 3);
    expect(loads()).to.equal(2);
    for (let t = 3; t < 6; t += 0.5) await run(40, t); // it plays again
    await run(TIMING.stallMs + 1000 + 80, 6);
    expect(loads(), 'the first backoff again (1 s), not the second').to.equal(3);
    for (let t = 6; t < 7; t += 0.5) await run(40, t);
    engine.pause();
    await run(30000, 7);
    expect(loads()).to.equal(3);
    expect(state.playback.buffering).to.equal(false);
    done();
  });

  it('a play that never starts (no data) counts as a stall too: the indicator, then a reload that plays', async () => {
    const { engine, state, adapters, run, done, loads } = await setup({ loads: ['silent', 'ready'] });
    await engine.play();
    expect(state.playback.playerState, 'never reported playing').to.equal(0);
    await run(1040);
    expect(state.playback.buffering).to.equal(true);
    await run(TIMING.stallMs + 1000);
    expect(loads()).to.equal(2);
    expect(adapters[1].playing).to.equal(true);
    expect(state.playback.playerState).to.equal(1);
    done();
  });

  it('a pause during the backoff wins: the reload does not play; progress during the backoff cancels it', async () => {
    const { engine, adapters, run, done, loads, state } = await setup();
    await engine.play();
    await run(200, 8);
    await run(TIMING.stallMs + 40, 8); // stalled: the reload waits 1 s
    engine.pause();
    await run(1040, 8);
    expect(loads()).to.equal(2);
    expect(adapters[1].playing, 'the visitor paused').to.equal(false);
    expect(adapters[1].time).to.equal(8);
    // Again, but the media moves on by itself during the wait: no reload.
    await engine.play();
    await run(TIMING.stallMs + 40, 8);
    expect(state.playback.buffering).to.equal(true);
    for (let t = 8.04; t < 9.3; t += 0.04) await run(40, t); // it plays on, past the 1 s the reload waited
    expect(loads(), 'not reloaded').to.equal(2);
    expect(state.playback.buffering).to.equal(false);
    done();
  });

  it('an item that failed but then plays by itself (the data came after all) drops its error', async () => {
    const { engine, adapters, run, done, state } = await setup();
    await engine.play();
    await run(200, 3);
    adapters[0].events.error({ reason: 'media', code: 3, message: 'decode' });
    expect(state.playback.error?.message).to.equal('decode');
    adapters[0].events.playing();
    expect(state.playback.error).to.equal(undefined);
    done();
  });

  it('a network error mid-file reloads at the same time (a decoding error is shown at once)', async () => {
    const { engine, adapters, run, done, loads, state, errors } = await setup();
    await engine.play();
    await run(200, 20);
    adapters[0].events.error({ reason: 'media', code: 2, message: 'network' });
    expect(state.playback.buffering).to.equal(true);
    await run(1040);
    expect(loads()).to.equal(2);
    expect(adapters[1].time).to.equal(20);
    expect(adapters[1].playing).to.equal(true);
    expect(errors).to.deep.equal([]);
    adapters[1].events.error({ reason: 'media', code: 3, message: 'decode' });
    expect(state.playback.error?.message).to.equal('decode');
    expect(errors.map((e) => e.code)).to.deep.equal(['media']);
    done();
  });

  it("the network down, the reload's source call fails too: it keeps trying, and recovers on its return", async () => {
    // It keeps trying with the backoff.
    let down = false;
    const { engine, adapters, run, done, loads, state, errors } = await setup({
      source: () =>
        down
          ? Promise.reject(Object.assign(new Error('Network Error'), { reason: 'network' }))
          : Promise.resolve({ src: 'x.mp4' }),
    });
    await engine.play();
    await run(200, 30);
    down = true;
    adapters[0].events.error({ reason: 'media', code: 2, message: 'network' });
    await run(1040); // reload 1: its source call fails; waits 2 s
    expect(state.playback.error).to.equal(undefined);
    expect(loads()).to.equal(1);
    down = false;
    await run(2040);
    expect(loads()).to.equal(2);
    expect(adapters[1].time).to.equal(30);
    expect(adapters[1].playing).to.equal(true);
    expect(errors).to.deep.equal([]);
    done();
  });
  it('reloads used up, it tries every 30 s (told once) and plays on by itself when the network returns', async () => {
    let down = false;
    let sources = 0;
    const { engine, adapters, run, done, state, errors } = await setup({
      source: () => (
        sources++,
        down
          ? Promise.reject(Object.assign(new Error('Network Error'), { reason: 'network' }))
          : Promise.resolve({ src: 'x.mp4' })
      ),
    });
    await engine.play();
    await run(200, 40);
    down = true;
    sources = 0;
    adapters[0].events.error({ reason: 'media', code: 2, message: 'network' });
    await run(1040 + 2040 + 4040 + 200); // the three reloads, 1, 2 and 4 s apart: each source call fails
    expect(sources).to.equal(3);
    expect(state.playback.error?.reason).to.equal('source');
    expect(errors).to.deep.equal([{ code: 'source', message: 'Network Error', retryable: true }]);
    await run(TIMING.retryEveryMs + 40); // still down: tried again, not told again
    expect(sources).to.equal(4);
    expect(errors.length).to.equal(1);
    expect(state.playback.error?.reason).to.equal('source');
    down = false;
    await run(TIMING.retryEveryMs + 40);
    expect(sources).to.equal(5);
    expect(state.playback.error).to.equal(undefined);
    expect([adapters.at(-1)!.time, adapters.at(-1)!.playing]).to.deep.equal([40, true]);
    for (let t = 41; t < 41 + TIMING.retryEveryMs / 1000 + 2; t++) await run(1000, t); // playing on, past another 30 s
    expect(sources, 'no more tries once it plays').to.equal(5);
    done();
  });
});

describe('floods of commands cost nothing per message', () => {
  const FIVE = testPlaylist(
    ['A', 'B', 'C', 'D', 'E'].map((c) => ({
      type: 'MainHostedVideo',
      code: `V_${c}`,
      file: c.toLowerCase(),
      runtime: 60,
    })),
  );

  it('100 next / previous / index changes at once ask for at most 2 sources; each shows, the last loads', async () => {
    let sources = 0;
    const { engine, state, run, adapters, done } = await setup({
      playlist: FIVE,
      source: () => (sources++, Promise.resolve({ src: 'x.mp4' })),
    });
    expect(sources, 'the first item').to.equal(1);
    await run(1000);
    sources = 0;
    const bursts: [string, (i: number) => void, number][] = [
      ['next', () => engine.next(), 100 % 5], // from the first item; next at the last wraps to the first
      ['seekToIndex', (i) => engine.setIndex((i * 3) % 5), (99 * 3) % 5],
      ['next and previous', (i) => (i % 2 ? engine.prev() : engine.next()), 2],
    ];
    for (const [name, call, expected] of bursts) {
      sources = 0;
      for (let i = 0; i < 100; i++) {
        call(i);
        if (i % 10 === 0) await run(40); // the burst spreads over a few polls
      }
      expect(state.playback.index, `${name}: the last change shows at once`).to.equal(expected);
      await run(400);
      expect(sources, `${name}: source requests`).to.be.at.most(2);
      expect(state.playback.ready, name).to.equal(true);
      expect(adapters.at(-1)!.destroyed, name).to.equal(false);
      expect(state.playback.index, name).to.equal(expected);
      await run(400);
    }
    done();
  });

  it("100 caption-language changes at once ask at most 2 tracks; each shows, the last one's cues come", async () => {
    const asked: string[] = [];
    const captions = (_id: unknown, _vo: unknown, lang: unknown) => (
      asked.push(String(lang)),
      Promise.resolve(`WEBVTT\n\n00:00.000 --> 00:05.000\n${String(lang)} text`)
    );
    const { engine, state, run, done } = await setup({
      playlist: { ...PLAYLIST, ccLanguages: ['en', 'es', 'de', 'pt'] },
      captions,
    });
    await run(1000);
    expect(state.playback.cues.map((c) => c.text)).to.deep.equal(['en text']);
    asked.length = 0;
    const languages = ['es', 'de', 'pt', 'en'];
    for (let i = 0; i < 100; i++) {
      engine.setCaptionLanguage(languages[i % 4]);
      expect(state.playback.ccLanguage, 'the language shows at once').to.equal(languages[i % 4]);
      if (i % 10 === 0) await run(40);
    }
    expect(state.playback.cues, 'no cues of a language left behind').to.deep.equal([]);
    await run(400);
    expect(asked.length, 'caption requests').to.be.at.most(2);
    expect(asked.at(-1)).to.equal('en');
    expect(state.playback.cues.map((c) => c.text)).to.deep.equal(['en text']);
    done();
  });

  it('a screenshot at most once per second', async () => {
    const { engine, clock, done } = await setup();
    const turns = [engine.screenshotTurn(), engine.screenshotTurn()];
    clock.tick(999);
    turns.push(engine.screenshotTurn());
    clock.tick(1);
    turns.push(engine.screenshotTurn());
    expect(turns).to.deep.equal([true, false, false, true]);
    done();
  });
});

describe('floods of navigate and setLanguage: requests for the first call and the last only (test clock)', () => {
  cleanPlayersAndFaults();
  /** One task turn (a message, no timer): what separates commands a host sends one by one. */
  const turn = () =>
    new Promise<void>((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve();
      channel.port2.postMessage(0);
    });
  const requests = async (prefix: string) =>
    (await providerLog()).filter((r) => r.method === 'GET' && r.path.startsWith(prefix)).map((r) => r.path);

  it('100 `navigate` calls at once make at most 3 playlist requests; each route shows, the last plays', async () => {
    const clock = new FakeClock();
    const el = await mountPlayer({ client: 'demo', 'provider-url': FAULT_PROVIDER_URL }, { clock });
    await waitFor(() => $(el, '.menu-sections'), 'the menu');
    clock.tick(1000); // what the player asked for as it started is long past
    await clearProviderLog();
    const codes = ['A_KNEE_REPLACEMENT', 'A_POSTURE', 'A_ANKLE_SPRAIN', 'A_HIP_REPLACEMENT', 'A_DEMO_VIDEO'];
    for (let i = 0; i < 100; i++) {
      const code = codes[i % codes.length];
      await el.navigate(code);
      expect(el[CONTROLLER].path, 'the route follows each call at once').to.equal(`/demo/player/${code}`);
      await turn(); // one message at a time, as a host's postMessages arrive
    }
    expect(el[CONTROLLER].state.data.playlist.status, 'the last playlist shows as loading').to.equal('loading');
    clock.tick(300); // the burst is over: the last call's request starts
    await waitFor(() => el.getCurrentPlaylist()?.code === 'A_DEMO_VIDEO', 'the last playlist', 10000);
    await waitFor(() => $(el, '.player-screen[data-code="A_DEMO_VIDEO"]'), 'its screen', 10000);
    const asked = await requests('/api/clients/demo/playlists/');
    expect(asked.length, 'playlist requests (the first two of a burst, then the last)').to.be.at.most(3);
    expect(asked.at(-1)).to.equal('/api/clients/demo/playlists/A_DEMO_VIDEO');
  });

  it('100 `setLanguage` calls at once: at most 3 menu requests and 3 catalogs; the last language wins', async () => {
    const { loaders } = await import('../src/i18n/locales');
    const real = { ...loaders.messages };
    const catalogs: string[] = [];
    for (const lang of ['es', 'de', 'ar', 'pt'] as const)
      loaders.messages[lang] = () => (catalogs.push(lang), real[lang]!());
    try {
      const clock = new FakeClock();
      const el = await mountPlayer({ client: 'demo', 'provider-url': FAULT_PROVIDER_URL }, { clock });
      await waitFor(() => $(el, '.menu-sections'), 'the menu');
      clock.tick(1000);
      await clearProviderLog();
      catalogs.length = 0;
      const languages = ['es', 'ar', 'pt', 'en', 'de'] as const;
      for (let i = 0; i < 100; i++) {
        const language = languages[i % languages.length];
        await el.setLanguage(language);
        expect(el.getLanguage(), 'getLanguage follows each call at once').to.equal(language);
        await turn();
      }
      clock.tick(300);
      const c = el[CONTROLLER];
      await waitFor(
        () => c.state.locale === 'de' && c.i18n.locale === 'de' && c.state.data.profile.status === 'ready',
        'German, and its menu',
        10000,
      );
      expect(c.state.data.profile.key).to.match(/^demo\|de\|/);
      const asked = await requests('/api/clients/demo/profile');
      expect(asked.length, 'menu requests (the first two of a burst, then the last)').to.be.at.most(3);
      expect(catalogs.length, `catalogs loaded: ${catalogs.join(', ')}`).to.be.at.most(3);
      expect(catalogs.at(-1)).to.equal('de');
      expect(el.getLanguage()).to.equal('de');
    } finally {
      Object.assign(loaders.messages, real);
    }
  });
});

describe('provider requests have a time limit', () => {
  it('20 s by default; the request-timeout attribute sets it, 0 for none, anything else is the default', async () => {
    expect(DEFAULT_TIMEOUT_MS).to.equal(20000);
    expect([
      parseTimeout('300'),
      parseTimeout('0'),
      parseTimeout(' 1500 '),
      parseTimeout('-1'),
      parseTimeout('1e3'),
      parseTimeout(''),
      parseTimeout(undefined),
    ]).to.deep.equal([300, 0, 1500, 20000, 20000, 20000, 20000]);
    // A client made with no options arms a 20 s timer for its request.
    const delays: number[] = [];
    const realSetTimeout = window.setTimeout.bind(window);
    const restore = replaceProperty(window, 'setTimeout', ((fn: () => void, ms?: number) => {
      delays.push(ms ?? 0);
      return realSetTimeout(fn, ms);
    }) as typeof window.setTimeout);
    const abort = new AbortController();
    try {
      const pending = new HttpClient({
        fetch: (_u, init) =>
          new Promise((_, reject) =>
            init?.signal?.addEventListener('abort', () => reject(new DOMException('x', 'AbortError'))),
          ),
      }).get('http://x.invalid/', 'a', { signal: abort.signal });
      abort.abort();
      expect((await rejection(pending)).message).to.equal('Request aborted');
    } finally {
      restore();
    }
    expect(delays).to.include(20000);
  });
});

describe('failures reach the host page as error events, and the network coming back retries them', () => {
  cleanPlayersAndFaults();
  const cleanups: (() => void)[] = [];
  afterEach(() => cleanups.splice(0).forEach((f) => f()));

  it('a provider not answering in time: Try again and a `client` error event, which never reaches window', async () => {
    const onWindow: unknown[] = [];
    const windowListener = (e: Event) => onWindow.push(e);
    window.addEventListener('error', windowListener);
    const previousOnError = window.onerror;
    window.onerror = (e) => void onWindow.push(e);
    try {
      await delayNext('/api/clients/demo', 3000, 4);
      const errors: PlayerEventMap['error'][] = [];
      const onDocument = (e: Event) => errors.push((e as CustomEvent<PlayerEventMap['error']>).detail);
      document.addEventListener('error', onDocument);
      cleanups.push(() => document.removeEventListener('error', onDocument));
      const el = await mountPlayer({ client: 'demo', 'provider-url': FAULT_PROVIDER_URL, 'request-timeout': '250' });
      await waitFor(() => $(el, '.load-failure[data-error-kind="timeout"]'), 'the timeout message', 4000);
      expect(text(el, '.load-failure-message')).to.equal(
        "We couldn't reach the content server. Check your connection and try again.",
      );
      // The menu, requested beside the configuration, timed out too.
      expect(errors.find((e) => e.code === 'client')).to.deep.equal({
        code: 'client',
        message: 'timeout exceeded',
        retryable: true,
      });
      expect(errors.every((e) => e.message === 'timeout exceeded' && e.retryable)).to.equal(true);
      expect(onWindow.length, 'window.onerror and window error listeners never see it').to.equal(0);
      await clearFailures();
      $(el, '.load-failure button')!.click();
      await waitFor(() => $(el, '.menu-sections'), 'the menu after Try again', 10000);
    } finally {
      window.removeEventListener('error', windowListener);
      window.onerror = previousOnError;
    }
  });

  it('a playlist that failed for want of network is asked again when the browser is back online', async () => {
    await failNext('/api/clients/demo/playlists/A_KNEE_REPLACEMENT', 'drop', 100);
    const errors: PlayerEventMap['error'][] = [];
    const el = await mountPlayer(
      { client: 'demo', code: 'A_KNEE_REPLACEMENT', 'provider-url': FAULT_PROVIDER_URL },
      { waitReady: false },
    );
    el.addEventListener('error', (e) => errors.push(e.detail));
    await waitFor(() => $(el, '.player-screen .load-failure[data-error-kind="network"]'), 'network failure', 15000);
    expect(errors).to.deep.equal([{ code: 'playlist', message: 'Network Error', retryable: true }]);
    await clearFailures();
    window.dispatchEvent(new Event('online'));
    await waitFor(
      () => $(el, '.player-screen[data-code="A_KNEE_REPLACEMENT"] .stage'),
      'the player once online',
      15000,
    );
    await waitFor(() => el.getPlayerState() === 0, 'the first item ready', 10000);
  });

  it('a 404 playlist is an error event that says retrying will not help', async () => {
    const errors: PlayerEventMap['error'][] = [];
    const el = await mountPlayer({ client: 'demo', code: 'A_NO_SUCH_PLAYLIST' }, { waitReady: false });
    el.addEventListener('error', (e) => errors.push(e.detail));
    await waitFor(() => errors.length > 0, 'the error event', 10000);
    expect(errors).to.deep.equal([
      { code: 'playlist', message: 'Request failed with status code 404', retryable: false },
    ]);
  });
});

describe('hostile URLs in provider data, floods from the host', () => {
  cleanPlayersAndFaults();

  it("a media `ended` seconds before the duration (WebKit's stalled stream) is not the video's end", async () => {
    const clock = new FakeClock();
    const el = await mountPlayer({ client: 'demo', code: 'A_DEMO_VIDEO' }, { clock });
    const states: number[] = [];
    el.addEventListener('statechange', (e) => states.push(e.detail.state));
    expect(await el.playVideo()).to.equal(true);
    const video = $<HTMLVideoElement>(el, 'video.media-video')!;
    await waitFor(() => video.currentTime > 0.3 && video.duration - video.currentTime > 2, 'playing, far from the end');
    video.dispatchEvent(new Event('ended'));
    await nextTask();
    expect(el.getPlayerState(), 'still playing').to.equal(1);
    expect(states, 'no ended state').to.not.include(9);
    // WebKitGTK also shortens a stalled stream's duration to the data it has, then ends there: the player keeps the
    // file's duration, so neither that `ended` nor its own end rule ends the video.
    const full = el.getDuration();
    Object.defineProperty(video, 'duration', { configurable: true, get: () => video.currentTime + 0.2 });
    video.dispatchEvent(new Event('durationchange'));
    video.dispatchEvent(new Event('ended'));
    await nextTask();
    clock.tick(1000); // the engine's polls, and their end rule
    expect(el.getDuration(), "the file's duration").to.equal(full);
    expect(el.getPlayerState(), 'still playing after the shortened end').to.equal(1);
    expect(states, 'no ended state').to.not.include(9);
  });

  it('a connection stalling mid-file: the indicator, then (network back) a reload playing on', async function () {
    this.timeout(60000);
    // The player's timers run on a fake clock the test moves along with real time (the media plays in real time).
    const clock = new FakeClock();
    const path = '/media/acl-tear/en.mp4?stalls-mid-file=1'; // its own URL: no other test meets it in the cache
    const src = new URL(path, FAULT_PROVIDER_URL).href;
    // The provider keeps answering with that URL until the network comes back (a reload before then meets the stall
    // again, as it would on a real connection, instead of another file that plays).
    await answerNext('/api/vod/demo/', { src, type: 'video/mp4' }, 10);
    // Of 76 kB, the first 64 (the browser's media cache works in 32 kB blocks): most of the video, then nothing.
    // Every request stalls there until the network comes back (clearFailures below): an engine that gives up on a
    // stalled connection and asks again (WebKit's, many times) meets the same stall.
    await hangNext(path, 65536, 10000);
    const errors: unknown[] = [];
    const el = await mountPlayer(
      { client: 'demo', code: 'A_DEMO_VIDEO', 'provider-url': FAULT_PROVIDER_URL },
      { clock },
    );
    el.addEventListener('error', (e) => errors.push(e.detail));
    // What the player said and what its video showed at each state change: the story of a failure.
    const changes: string[] = [];
    el.addEventListener('statechange', (e) => {
      const video = $<HTMLVideoElement>(el, 'video.media-video');
      changes.push(
        `${e.detail.state}@${el.getCurrentTime().toFixed(2)}/${el.getDuration().toFixed(2)}` +
          ` (video ${video?.currentTime.toFixed(2)}/${video?.duration.toFixed(2)} ended ${video?.ended}` +
          ` ${video?.currentSrc.slice(video.currentSrc.indexOf('/media/'))})`,
      );
    });
    const pace = async (fakeMs: number, realMs = 20) => {
      clock.tick(fakeMs);
      // A real-time wait, the one left in the suite: the media plays in real time and runs out of data on its own,
      // and no event says so (the stall is the time standing still while the player polls it); the player's fake
      // clock is moved along with the real time the media takes.
      await sleep(realMs);
    };
    const until = async (check: () => boolean, what: string | (() => string), limit = 15000) => {
      for (const start = performance.now(); !check(); await pace(40))
        if (performance.now() - start > limit)
          throw new Error(`Timed out waiting for ${typeof what === 'string' ? what : what()}`);
    };
    await until(() => el.getPlayerState() === 0, 'ready');
    // Not awaited: the media's play() settles once it is playing, and an engine that wants more than the 64 kB before
    // it plays (WebKit's, at times) plays only after the reload, which only the clock moved below brings.
    void el.playVideo();
    // It plays until the data runs out or, in such an engine, never starts: either way the time then stands still
    // while the visitor asked to play. Meanwhile the clock keeps the real time's pace (6 s at most): no reload comes
    // before the network does (10 s standing still).
    const asked = performance.now();
    for (let last = asked; performance.now() - asked < 6000;) {
      if (el.getPlayerState() === 1 && el.getCurrentTime() > 0.5) break;
      await sleep(20);
      const now = performance.now();
      clock.tick(Math.round(now - last));
      last = Math.round(now);
    }
    const started = el.getCurrentTime() > 0.5;
    // The time stands still (within 50 ms: an engine may report a position that moves by a few milliseconds while it
    // waits for data).
    let base = -1;
    let still = 0;
    const seen: string[] = [];
    await until(
      () => {
        const t = el.getCurrentTime();
        const video = $<HTMLVideoElement>(el, 'video.media-video');
        seen.push(`${t.toFixed(2)}/${el.getPlayerState()}/${video?.readyState}/${video?.networkState}`);
        if (Math.abs(t - base) < 0.05) still++;
        else [base, still] = [t, 0];
        return still > 50;
      },
      () => `the stall (time/state/readyState/networkState, last polls: ${seen.slice(-40).join(' ')})`,
      // The data runs out about 7 s into the video, in real time: a loaded machine plays it slower.
      30000,
    );
    const stalledAt = el.getCurrentTime();
    const story = `states: ${changes.join(', ')}; polls: ${seen.slice(-12).join(' ')}`;
    if (started) expect(stalledAt, `mid-file (${story})`).to.be.above(2);
    else expect(stalledAt, `before the first frame (${story})`).to.be.below(0.05);
    // Playing as far as the visitor asked (not paused, not ended); an engine that never started reports ready.
    expect(el.getPlayerState(), `still playing, as far as the visitor asked (${story})`).to.equal(started ? 1 : 0);
    expect(Boolean($(el, '.stage-loading')), 'the loading indicator after 1 s').to.equal(true);
    // The network comes back; 10 s without progress (and the 1 s backoff) reload the source at the same time.
    await clearFailures();
    await answerNext('/api/vod/demo/', { src, type: 'video/mp4' }); // the reload asks for the source again
    await pace(10000 + 1000 + 40, 50);
    await until(() => el.getCurrentTime() > stalledAt + 0.5, 'playing on after the reload');
    const video = $<HTMLVideoElement>(el, 'video.media-video')!;
    expect(video.currentSrc).to.equal(src);
    expect(el.getPlayerState()).to.equal(1);
    expect(Boolean($(el, '.stage-loading'))).to.equal(false);
    expect(errors).to.deep.equal([]);
  });

  it('a cdn source whose host sends no CORS headers plays without CORS; its screenshots are disabled', async () => {
    // A URL of its own (the query), so that no other test meets this answer in the browser's cache.
    const path = '/media/acl-tear/en.mp4?cdn-without-cors=1';
    await withoutCorsNext(path, 100);
    const alternate = new URL(path, FAULT_PROVIDER_URL).href;
    await answerNext('/api/vod/demo/', {
      src: new URL('/media/acl-tear/en.mp4', FAULT_PROVIDER_URL).href,
      alternate,
      type: 'video/mp4',
    });
    const el = await mountPlayer({
      client: 'demo',
      code: 'A_DEMO_VIDEO',
      'provider-url': FAULT_PROVIDER_URL,
      cdn: '1',
    });
    await waitFor(() => el.getPlayerState() === 0, 'ready without CORS', 15000);
    const video = $<HTMLVideoElement>(el, 'video.media-video')!;
    expect([video.currentSrc, video.crossOrigin]).to.deep.equal([alternate, null]);
    await el.playVideo();
    await waitFor(() => el.getPlayerState() === 1 && el.getCurrentTime() > 0.2, 'playing', 10000);
    expect(await el.screenshot()).to.equal(false);
    await waitFor(() => $(el, '.notice-headline'), 'the notice');
    expect(text(el, '.notice-headline')).to.equal('Screenshot Disabled');
  });

  it('ten screenshot calls in a row make one image; the others answer false', async () => {
    const el = await mountPlayer({ client: 'demo', code: 'A_DEMO_VIDEO', platform: 'ios' });
    await waitFor(() => el.getPlayerState() === 0, 'ready', 10000);
    await el.seekTo(2);
    const images: string[] = [];
    el.addEventListener('screenshot', (e) => images.push(e.detail.data));
    const answers = await Promise.all(Array.from({ length: 10 }, () => el.screenshot()));
    expect(answers).to.deep.equal([true, false, false, false, false, false, false, false, false, false]);
    expect(images.length).to.equal(1);
    expect(images[0].startsWith('data:image/png;base64,')).to.equal(true);
  });

  it('art of another scheme shows the default art', async () => {
    for (const art of ['javascript:alert(1)', 'data:image/svg+xml,<svg/>']) {
      const el = await mountPlayer({ client: 'demo', art });
      const img = await waitFor(() => $<HTMLImageElement>(el, '.practice-art'), 'the art');
      expect(img.src, art).to.equal(new URL('static/art/caduceus.svg', PROVIDER_URL).href);
    }
  });

  it('a `javascript:` link is shown as text, never as a link; a poster of another scheme is not used', async () => {
    type Item = { content?: object; version?: { text?: { key: string; value: string }[] } };
    const path = 'api/clients/demo/playlists/A_KNEE_REPLACEMENT?menuLanguage=en&videoLanguage=en';
    const real = await json<{ items: Item[] }>(await fetch(new URL(path, FAULT_PROVIDER_URL)));
    const items = real.items.map((item) => ({
      ...item,
      content: { ...item.content, hyperlink: 'javascript:alert(document.domain)' },
      version: {
        ...item.version,
        text: (item.version?.text ?? []).map((e) => (e.key === 'poster' ? { ...e, value: 'javascript:alert(1)' } : e)),
      },
    }));
    await answerNext('/api/clients/demo/playlists/A_KNEE_REPLACEMENT', { ...real, items });
    const el = await mountPlayer({ client: 'demo', code: 'A_KNEE_REPLACEMENT', 'provider-url': FAULT_PROVIDER_URL });
    await waitFor(() => el.getPlayerState() === 0, 'the first item ready', 10000);
    const poster = $<HTMLImageElement>(el, '.poster');
    expect(poster ? /^https?:/.test(poster.src) : true, 'any poster is http(s)').to.equal(true);
    el[CONTROLLER].navigate('/demo/player/A_KNEE_REPLACEMENT/extras');
    await waitFor(() => $(el, '.modal .extras'), 'extras');
    expect(
      $$(el, '.modal a').every((a) => /^(https?|mailto|tel):/.test((a as HTMLAnchorElement).href)),
      'every link http(s)',
    ).to.equal(true);
    expect(Boolean($(el, '.modal a.hyperlink'))).to.equal(false);
    expect(text(el, '.modal .hyperlink-text')).to.equal('javascript:alert(document.domain)');
  });
});

describe('the reference provider: test hooks only for tests, URLs from its own origin', () => {
  it('started by `npm start` it has no hooks; for tests they change only by POST, send no CORS headers', async () => {
    expect((await providerRaw({ which: 'main', path: '/__log' })).status).to.equal(404);
    // A POST there is refused as on any path of the API.
    expect(
      (
        await providerRaw({
          which: 'main',
          path: '/__fail',
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
        })
      ).status,
    ).to.equal(405);
    expect((await providerRaw({ path: '/__fail' })).status, 'GET never changes anything').to.equal(405);
    // A form-like POST (what a page could send without a preflight) is refused.
    expect(
      (await providerRaw({ path: '/__fail', method: 'POST', headers: { 'Content-Type': 'text/plain' } })).status,
    ).to.equal(415);
    const log = await providerRaw({ path: '/__log' });
    expect(log.status).to.equal(200);
    expect(log.headers['access-control-allow-origin']).to.equal(undefined);
    expect(
      (await providerRaw({ path: '/api/clients/demo' })).headers['access-control-allow-origin'],
      'the API itself is CORS-enabled',
    ).to.equal('*');
    // This page is on another origin: the browser keeps the hooks' answers from it.
    expect(
      await fetch(new URL('__log', FAULT_PROVIDER_URL)).then(
        () => 'answered',
        () => 'refused',
      ),
    ).to.equal('refused');
    const rule = JSON.stringify({ path: '/api', status: 500, times: 5 });
    for (const headers of [{ 'Content-Type': 'text/plain' }, { 'Content-Type': 'application/json' }]) {
      expect(
        await fetch(new URL('__fail', FAULT_PROVIDER_URL), { method: 'POST', headers, body: rule }).then(
          () => 'answered',
          () => 'refused',
        ),
      ).to.equal('refused');
    }
    // And nothing changed: the API still answers.
    expect((await providerRaw({ path: '/api/clients/demo' })).status).to.equal(200);
  });

  it("a video-source answer is built from the provider's own origin, whatever Host header was sent", async () => {
    const res = await providerRaw({
      which: 'main',
      path: '/api/vod/demo/knee-overview?language=en',
      headers: { Host: 'evil.example' },
    });
    expect(res.status).to.equal(200);
    const { src } = JSON.parse(res.body) as { src: string };
    expect(src.startsWith(PROVIDER_URL), src).to.equal(true);
  });
});
