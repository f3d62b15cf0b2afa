/**
 * Issue 25, the first frame: the entry file asks for the first requests of the page's players before the core has
 * arrived (src/element/first-requests.ts), and the core's identical requests take their answers
 * (src/element/early-start.ts, SharedRequests.lend). Here on a detached document, with a registry where the element is
 * not defined yet, and the provider's log as the witness: the core's calls (a ProviderApi over the shared requests the
 * entry's were lent to) make no request of their own.
 */
import { expect } from '@open-wc/testing';
import { embeddingReferrer } from '../src/content/api-calls';
import { builtFiles } from '../src/core/built-files';
import { HttpClient } from '../src/content/http';
import { ProviderApi, resolveHosts } from '../src/content/provider';
import { readLimited, TOO_LARGE } from '../src/content/read-body';
import { LENT_KEEP_MS, SharedRequests } from '../src/content/shared-requests';
import { claimEarlyStart, lendEarlyRequests } from '../src/app/early-start';
import { EARLY_START, type EarlyHolder, type EarlyStart } from '../src/content/early-requests';
import { ENGINE, PLAYER_SCREEN } from '../src/app/chunks';
import type { LazyModule } from '../src/core/lazy-module';
import { CONTROLLER } from '../src/app/embed-options';
import type { PatientEdPlayerElement } from '../src/element/player-element';
import { PlaybackEngine } from '../src/playback/engine';
import { loadEarlyVideo } from '../src/playback/early-video';
import { TIMING } from '../src/playback/timing';
import { FakeClock } from './fake-clock';
import { firstRequests } from '../src/element/first-requests';
import { saveLayers } from '../src/preferences/storage-write';
import {
  $,
  answerNext,
  cleanPlayersAndFaults,
  clearFailures,
  clearProviderLog,
  clearStorage,
  failNext,
  FAULT_PROVIDER_URL,
  hangNext,
  mountPlayer,
  nextTask,
  providerLog,
  rejection,
  waitFor,
} from './helpers';

const NOT_DEFINED = { get: () => undefined };

/** A document holding the players `markup` describes, not upgraded (as the entry finds them). */
function pageWith(markup: string[]): { doc: Document; elements: EarlyHolder[] } {
  const doc = document.implementation.createHTMLDocument('host');
  const elements = markup.map((attributes) => {
    const element = doc.createElement('patient-ed-player');
    for (const [name, value] of Object.entries(JSON.parse(attributes) as Record<string, string>))
      element.setAttribute(name, value);
    doc.body.append(element);
    return element;
  });
  return { doc, elements };
}

const attrs = (extra: Record<string, string> = {}) =>
  JSON.stringify({ client: 'demo', 'provider-url': FAULT_PROVIDER_URL, ...extra });

/** The provider's GETs under `prefix`, sorted (parallel requests reach it in either order). */
const gets = async (prefix: string) =>
  (await providerLog())
    .filter((e) => e.method === 'GET' && e.path.startsWith(prefix))
    .map((e) => e.path)
    .sort();

/** The core's side: the entry's requests lent to a page's shared requests, and the core's calls over them. */
function core(doc: Document) {
  const shared = new SharedRequests();
  lendEarlyRequests(doc, shared);
  const api = new ProviderApi(
    resolveHosts(FAULT_PROVIDER_URL),
    new HttpClient({ retry: { retries: 0, baseDelay: 1, maxDelay: 1 }, shared, referrer: embeddingReferrer() }),
  );
  return { shared, api };
}

describe("the entry's first requests (src/element/first-requests.ts)", () => {
  beforeEach(async () => {
    clearStorage();
    await clearFailures();
    await clearProviderLog();
  });
  after(async () => {
    clearStorage();
    await clearFailures();
  });

  it("asks for a video's configuration, playlist, source and media once; the core's calls take them", async () => {
    const { doc, elements } = pageWith([attrs({ code: 'A_DEMO_VIDEO' })]);
    void firstRequests(import.meta.url, doc, NOT_DEFINED);
    const early = elements[0][EARLY_START]!;
    expect(early.requests.map((r) => new URL(r.url).pathname)).to.deep.equal([
      '/api/clients/demo',
      '/api/clients/demo/playlists/A_DEMO_VIDEO',
    ]);
    const { api } = core(doc);
    expect(early.requests, 'handed to the core').to.deep.equal([]);
    // The core, as its loaders call: the configuration, the playlist in the default languages, the first source.
    const [config, playlist] = await Promise.all([
      api.clientConfig('demo'),
      api.playlist('demo', 'A_DEMO_VIDEO', 'en', 'en'),
    ]);
    expect(config.client).to.equal('demo');
    expect(playlist.items[0].file).to.equal('knee-overview');
    await early.sourceAsked;
    const source = await api.videoSource('demo', 'knee-overview', 'en', false);
    expect(source.src).to.match(/\/media\/knee-overview\/en\.mp4$/);
    // The video the entry started loads that source.
    const found = await early.video;
    expect(found?.source.src).to.equal(source.src);
    expect(found?.video?.video.src).to.equal(source.src);
    expect(found?.video?.video.preload, "the page's only player: all of its video").to.equal('auto');
    await waitFor(() => (found?.video?.video.readyState ?? 0) >= 1, 'the early video has its metadata', 10000);
    // The fault provider answers with max-age=0 and this client shares nothing else: one request each.
    expect(await gets('/api/clients/demo')).to.deep.equal([
      '/api/clients/demo',
      '/api/clients/demo/playlists/A_DEMO_VIDEO',
    ]);
    expect(await gets('/api/vod/')).to.deep.equal(['/api/vod/demo/knee-overview']);
    found?.video?.video.removeAttribute('src');
  });

  it("reads the visitor's stored languages and the element's options as the core does", async () => {
    saveLayers('demo', {}, { menuLanguage: 'es', voLanguage: 'es' });
    const { doc, elements } = pageWith([
      attrs({ code: 'A_DEMO_VIDEO' }),
      attrs({ code: 'A_DEMO_VIDEO', language: 'de' }),
    ]);
    void firstRequests(import.meta.url, doc, NOT_DEFINED);
    const [stored, option] = elements.map((e) => e[EARLY_START]!.requests.map((r) => new URL(r.url)));
    expect(stored[1].search).to.equal('?menuLanguage=es&videoLanguage=es');
    // The stored layer is above the element's options (src/preferences/merge.ts): still Spanish.
    expect(option[1].search).to.equal('?menuLanguage=es&videoLanguage=es');
    // One configuration request for both players of the client (and one playlist: the same URL).
    expect(elements[0][EARLY_START]!.requests[0]).to.equal(elements[1][EARLY_START]!.requests[0]);
    const { api } = core(doc);
    await api.playlist('demo', 'A_DEMO_VIDEO', 'es', 'es');
    expect(await gets('/api/clients/demo/playlists/')).to.have.length(1);
    const videos = await Promise.all(elements.map((e) => e[EARLY_START]!.video));
    // Two players on the page: each loads its video's metadata and first frame only until played.
    expect(videos.map((found) => found?.video?.video.preload)).to.deep.equal(['metadata', 'metadata']);
    for (const found of videos) found?.video?.video.removeAttribute('src');
  });

  it("asks for the configuration's user preferences with its answer, a returning visitor's at once", async () => {
    const { doc, elements } = pageWith([attrs()]);
    void firstRequests(import.meta.url, doc, NOT_DEFINED);
    const { api } = core(doc);
    // The configuration names user 68: the entry asks for its preferences with the answer, before the core's turn.
    await waitFor(async () => (await gets('/cdn/')).length > 0, "the entry's user preferences request");
    // The core's client loader (src/app/route-loaders.ts): the configuration, then its user's preferences.
    const config = await api.clientConfig('demo');
    expect(config.userId).to.equal('68');
    expect(await api.userPreferences('68')).to.be.an('object');
    expect(await gets('/cdn/')).to.deep.equal(['/cdn/68/preferences']);
    expect(elements[0][EARLY_START]!.requests).to.deep.equal([]);
    // A returning visitor: the user stored for the client is asked for beside the configuration.
    saveLayers('demo', {}, {}, '68');
    const again = pageWith([attrs()]);
    void firstRequests(import.meta.url, again.doc, NOT_DEFINED);
    expect(again.elements[0][EARLY_START]!.requests.map((r) => new URL(r.url).pathname)).to.deep.equal([
      '/api/clients/demo',
      '/cdn/68/preferences',
      '/api/clients/demo/profile',
    ]);
    const { api: later } = core(again.doc);
    await Promise.all([later.clientConfig('demo'), later.userPreferences('68'), later.profile('demo', 'en')]);
    expect(await gets('/cdn/'), "one per page: the core's call took it").to.have.length(2);
  });

  it("reads the configuration's answer once for the page's players (the user it names)", async () => {
    const { doc, elements } = pageWith([attrs(), attrs({ code: 'A_DEMO_VIDEO' }), attrs({ code: 'A_DEMO_VIDEO' })]);
    const clone = Response.prototype.clone; // eslint-disable-line @typescript-eslint/unbound-method
    const cloned: string[] = [];
    Response.prototype.clone = function (this: Response) {
      cloned.push(new URL(this.url).pathname);
      return clone.call(this);
    };
    try {
      void firstRequests(import.meta.url, doc, NOT_DEFINED);
      await waitFor(async () => (await gets('/cdn/')).length > 0, "the entry's user preferences request");
    } finally {
      Response.prototype.clone = clone;
    }
    // The copy the core reads, and one read for the user: not one per player.
    expect(cloned.filter((path) => path === '/api/clients/demo')).to.have.length(2);
    await Promise.all(elements.map((e) => e[EARLY_START]!.video));
  });

  it('a configuration naming no usable user (an object, malformed JSON): no user preferences asked', async () => {
    for (const body of [JSON.stringify({ name: 'Odd', userId: { id: 68 } }), '{"userId": 68,']) {
      // The configuration and the profile (their paths start alike) answer so.
      await answerNext('/api/clients/demo', body, 2);
      const { doc, elements } = pageWith([attrs()]);
      void firstRequests(import.meta.url, doc, NOT_DEFINED);
      const early = elements[0][EARLY_START]!;
      // The entry reads the configuration's answer as this does, then its next task has run.
      await readLimited((await early.requests[0].copy).clone());
      await nextTask();
      expect(early.requests.map((r) => new URL(r.url).pathname)).to.deep.equal([
        '/api/clients/demo',
        '/api/clients/demo/profile',
      ]);
    }
  });

  it("reads storage once for the page's players, after asking for the configuration (which needs none)", async () => {
    saveLayers('demo', {}, { menuLanguage: 'es' });
    const { doc, elements } = pageWith([attrs({ code: 'A_DEMO_VIDEO' }), attrs({ code: 'A_DEMO_VIDEO' }), attrs()]);
    const calls: string[] = [];
    const realFetch = window.fetch.bind(window);
    const getItem = Storage.prototype.getItem; // eslint-disable-line @typescript-eslint/unbound-method
    window.fetch = (input, init) => {
      calls.push(`fetch ${new URL(input instanceof Request ? input.url : input).pathname}`);
      return realFetch(input, init);
    };
    Storage.prototype.getItem = function (this: Storage, key: string) {
      calls.push('storage');
      return getItem.call(this, key);
    };
    try {
      void firstRequests(import.meta.url, doc, NOT_DEFINED);
    } finally {
      window.fetch = realFetch;
      Storage.prototype.getItem = getItem;
    }
    // The stored version, then the preferences: two reads for three players; one request per URL.
    expect(calls).to.deep.equal([
      'fetch /api/clients/demo',
      'storage',
      'storage',
      'fetch /api/clients/demo/playlists/A_DEMO_VIDEO',
      'fetch /api/clients/demo/profile',
    ]);
    expect(new URL(elements[2][EARLY_START]!.requests[1].url).search).to.equal('?menuLanguage=es');
    await Promise.all(elements.map((e) => e[EARLY_START]!.video));
  });

  it('asks for a menu its configuration and profile; nothing for a lazy player or a property set early', async () => {
    const { doc, elements } = pageWith([attrs(), attrs({ code: 'A_DEMO_VIDEO', loading: 'lazy' }), attrs()]);
    // A framework's property on the element before it upgraded: the core reads it, the entry cannot.
    Object.defineProperty(elements[2], 'code', { value: 'OTHER', configurable: true, writable: true });
    void firstRequests(import.meta.url, doc, NOT_DEFINED);
    expect(elements[0][EARLY_START]!.requests.map((r) => new URL(r.url).pathname)).to.deep.equal([
      '/api/clients/demo',
      '/api/clients/demo/profile',
    ]);
    expect(elements[1][EARLY_START]).to.equal(undefined);
    expect(elements[2][EARLY_START]).to.equal(undefined);
    expect(await elements[0][EARLY_START]!.video).to.equal(undefined);
  });

  it('asks for nothing when the element is defined already (another copy of the player came first)', () => {
    const { doc, elements } = pageWith([attrs({ code: 'A_DEMO_VIDEO' })]);
    void firstRequests(import.meta.url, doc, customElements);
    expect(elements[0][EARLY_START]).to.equal(undefined);
  });

  it('a malformed or failed playlist answer: no source, no video, and the core asks again for a failure', async () => {
    await answerNext('/api/clients/demo/playlists/A_DEMO_VIDEO', '{"items": [{"file": 42}], "x": [');
    let { doc, elements } = pageWith([attrs({ code: 'A_DEMO_VIDEO' })]);
    void firstRequests(import.meta.url, doc, NOT_DEFINED);
    expect(await elements[0][EARLY_START]!.video).to.equal(undefined);
    expect(await gets('/api/vod/')).to.deep.equal([]);

    await clearProviderLog();
    await failNext('/api/clients/demo/playlists/A_DEMO_VIDEO', 500);
    ({ doc, elements } = pageWith([attrs({ code: 'A_DEMO_VIDEO' })]));
    void firstRequests(import.meta.url, doc, NOT_DEFINED);
    const early = elements[0][EARLY_START]!;
    const { api } = core(doc);
    expect(await early.video).to.equal(undefined);
    // The failure is not kept for the core: its call asks again, and gets the playlist.
    const playlist = await api.playlist('demo', 'A_DEMO_VIDEO', 'en', 'en');
    expect(playlist.items.length).to.be.above(0);
    expect(await gets('/api/clients/demo/playlists/')).to.have.length(2);
  });

  it("reads an answer up to its limit only (the entry reads 256 kB at most, with the core's reader)", async () => {
    const body = (kb: number) => new Response('x'.repeat(kb * 1024));
    expect(await rejection(readLimited(body(300), 256 * 1024))).to.equal(TOO_LARGE);
    expect((await readLimited(body(200), 256 * 1024)).length).to.equal(200 * 1024);
  });

  it('a player that started before the playlist answered reads it itself: the entry asks for no source', async () => {
    const { doc, elements } = pageWith([attrs({ code: 'A_DEMO_VIDEO' })]);
    void firstRequests(import.meta.url, doc, NOT_DEFINED);
    const claimed = claimEarlyStart(elements[0]);
    expect(claimed).to.equal(elements[0][EARLY_START]);
    expect(claimEarlyStart(elements[0]), 'once').to.equal(undefined);
    await claimed!.sourceAsked;
    expect(await claimed!.video).to.equal(undefined);
    expect(await gets('/api/vod/')).to.deep.equal([]);
  });
});

describe('a request lent to the shared requests (SharedRequests.lend)', () => {
  const answer = (text: string) => Promise.resolve({ text, status: 200, freshFor: 0 });

  it("is the first asker's answer whatever its freshness, within LENT_KEEP_MS; then asked again", async () => {
    let now = 0;
    const shared = new SharedRequests(() => now);
    shared.lend('k', answer('lent'), new AbortController());
    await Promise.resolve();
    await Promise.resolve();
    const asked: string[] = [];
    const get = () =>
      shared.get(
        'k',
        () => (asked.push('network'), answer('network')),
        undefined,
        () => new Error('aborted'),
      );
    expect((await get()).text).to.equal('lent');
    expect((await get()).text, 'once').to.equal('network');
    shared.lend('k2', answer('lent'), new AbortController());
    await Promise.resolve();
    now += LENT_KEEP_MS;
    const late = await shared.get(
      'k2',
      () => answer('network'),
      undefined,
      () => new Error('aborted'),
    );
    expect(late.text, 'too late').to.equal('network');
  });

  it('is aborted when the same request is in flight already', () => {
    const shared = new SharedRequests();
    void shared.get(
      'k',
      () => new Promise(() => undefined),
      undefined,
      () => new Error('aborted'),
    );
    const controller = new AbortController();
    shared.lend('k', answer('lent'), controller);
    expect(controller.signal.aborted).to.equal(true);
  });
});

describe("the build's files beside a module (builtFiles: preload links only where the build put them)", () => {
  const FILES = 'core-Ab1_x.js playback-Q2.js interface-Z9.js';
  it('the module the build named, in any folder and with any query: the others, relative to it', () => {
    for (const url of [
      'https://cdn.example/ped/chunks/core-Ab1_x.js',
      'https://cdn.example/ped/chunks/core-Ab1_x.js?ver=9.0.1',
      'http://localhost:8000/x/core-Ab1_x.js#a',
    ])
      expect(builtFiles(FILES, url), url).to.deep.equal(['playback-Q2.js', 'interface-Z9.js']);
  });
  it("bundled again (another file's name, or the name inside another): none", () => {
    for (const url of [
      'https://shop.example/assets/host-app.js',
      'https://shop.example/assets/chunk-XYZ.js?core-Ab1_x.js',
      'https://shop.example/assets/my-core-Ab1_x.js',
    ])
      expect(builtFiles(FILES, url), url).to.deep.equal([]);
  });
  it('unbuilt (the placeholder): none', () => {
    expect(builtFiles('__PED_INTERFACE_FILES__', 'http://localhost/src/x.ts')).to.deep.equal([]);
  });
});

describe('a player whose first video the entry started reports its metadata before the engine runs', () => {
  cleanPlayersAndFaults();
  const original = Object.getOwnPropertyDescriptor(PlaybackEngine.prototype, 'loadPlaylist')!;
  afterEach(() => Object.defineProperty(PlaybackEngine.prototype, 'loadPlaylist', original));

  /** The demo video's first source, as the entry reads it, and the video the entry starts for it. */
  async function entryVideo(src?: string) {
    const api = new ProviderApi(resolveHosts(FAULT_PROVIDER_URL), new HttpClient({ referrer: embeddingReferrer() }));
    const source = src ? { src, type: 'video/mp4' } : await api.videoSource('demo', 'knee-overview', 'en', false);
    const offer = loadEarlyVideo(source)!;
    const record: EarlyStart = {
      requests: [],
      sourceAsked: Promise.resolve(),
      video: Promise.resolve({ source, video: offer }),
    };
    return { video: offer.video, record };
  }

  /** Each engine's playlist start, with the player's state (the page's one player) and the video's readiness then. */
  function watchEngineStarts(video: HTMLVideoElement) {
    const starts: { state: number; readyState: number }[] = [];
    const el = () => document.querySelector<PatientEdPlayerElement>('patient-ed-player')!;
    Object.defineProperty(PlaybackEngine.prototype, 'loadPlaylist', {
      ...original,
      value(this: PlaybackEngine, ...args: Parameters<PlaybackEngine['loadPlaylist']>) {
        starts.push({ state: el().getPlayerState(), readyState: video.readyState });
        return (original.value as PlaybackEngine['loadPlaylist']).apply(this, args);
      },
    });
    return starts;
  }

  const attributes = { client: 'demo', code: 'A_DEMO_VIDEO', 'provider-url': FAULT_PROVIDER_URL };

  /** The engine's chunk, and the player screen's with it, held back (a slow connection) until the function returned. */
  const held = [ENGINE, PLAYER_SCREEN] as LazyModule<unknown>[];
  const chunks = held.map((chunk) => Object.getOwnPropertyDescriptors(chunk));
  afterEach(() => held.forEach((chunk, i) => Object.defineProperties(chunk, chunks[i])));
  function holdEngine(): () => void {
    let come = false;
    let let_ = () => undefined as void;
    const came = new Promise<void>((resolve) => (let_ = resolve));
    held.forEach((chunk, i) => {
      const { current, load } = chunks[i];
      Object.defineProperties(chunk, {
        current: { ...current, get: () => (come ? current.get!.call(chunk) : undefined) },
        load: {
          ...load,
          value: (...args: Parameters<LazyModule<unknown>['load']>) =>
            came.then(() => (load.value as LazyModule<unknown>['load']).apply(chunk, args)),
        },
      });
    });
    return () => {
      come = true;
      let_();
    };
  }

  /** The page's player's `statechange` states, in order. */
  function states(player: PatientEdPlayerElement): number[] {
    const events: number[] = [];
    player.addEventListener('statechange', (e) => events.push((e as CustomEvent<{ state: number }>).detail.state));
    return events;
  }

  it('0 once, at the metadata, with the playlist and duration; the picture shown; the engine after it', async () => {
    const { video, record } = await entryVideo();
    const starts = watchEngineStarts(video);
    const events: number[] = [];
    let atReport: Record<string, unknown> | undefined;
    const el = await mountPlayer(attributes, {
      waitReady: false,
      before(player) {
        (player as EarlyHolder)[EARLY_START] = record;
        player.addEventListener('statechange', (e) => {
          events.push((e as CustomEvent<{ state: number }>).detail.state);
          if (atReport) return;
          atReport = {
            videoReady: video.readyState >= 1,
            engineStarted: starts.length,
            state: player.getPlayerState(),
            playlist: player.getCurrentPlaylist()?.code,
            duration: Math.round(player.getDuration()),
          };
          // In the same task, before it is painted.
          queueMicrotask(() => (atReport!.onStage = $(player, '.early-frame video.media') === video));
        });
      },
    });
    await waitFor(() => atReport, 'the report', 10000);
    expect(atReport).to.deep.equal({
      videoReady: true,
      engineStarted: 0,
      state: 0,
      playlist: 'A_DEMO_VIDEO',
      duration: Math.round(video.duration),
      onStage: true,
    });
    await waitFor(() => starts.length > 0, 'the engine started');
    expect(starts, 'after the report, once').to.deep.equal([{ state: 0, readyState: starts[0].readyState }]);
    expect(starts[0].readyState).to.be.at.least(1);
    await waitFor(() => $(el, '.player-screen video.media'), 'the player screen', 10000);
    expect($(el, '.player-screen video.media'), 'the video the entry started').to.equal(video);
    expect(events, 'no -1 as the engine took over').to.deep.equal([0]);
    expect(await el.playVideo()).to.equal(true);
    await waitFor(() => events.includes(1), 'playing');
    expect(events).to.deep.equal([0, 1]);
    expect(el[CONTROLLER].state.playback.early, 'the engine owns the state now').to.equal(undefined);
  });

  it('left for the menu before an engine ran: the host hears -1, the getters answer no playlist', async () => {
    const { video, record } = await entryVideo();
    const events: number[] = [];
    const el = await mountPlayer(attributes, {
      waitReady: false,
      before(player) {
        (player as EarlyHolder)[EARLY_START] = record;
        // The engine's chunk never comes (a stalled connection).
        player[CONTROLLER].playback = () => new Promise<never>(() => undefined);
        player[CONTROLLER].loadedPlayback = () => undefined;
        player.addEventListener('statechange', (e) => events.push((e as CustomEvent<{ state: number }>).detail.state));
      },
    });
    await waitFor(() => events.length > 0, 'the report', 10000);
    expect(events).to.deep.equal([0]);
    expect(el.getCurrentPlaylist()?.code).to.equal('A_DEMO_VIDEO');
    expect(await el.navigate('/')).to.equal(true);
    await waitFor(() => events.length > 1, 'the menu');
    expect(events).to.deep.equal([0, -1]);
    expect([el.getPlayerState(), el.getCurrentPlaylist(), el.getDuration()]).to.deep.equal([-1, null, 0]);
    expect(video.isConnected, 'the video let go').to.equal(false);
  });

  /**
   * The page's player on a video whose metadata does not come, on a fake clock: its source (in Spanish: not an answer
   * the page's earlier players keep) is a media URL of its own whose every request sends its headers and no byte.
   */
  async function onSilentMedia() {
    const src = new URL(`/media/knee-overview/en.mp4?early=${Math.random()}`, FAULT_PROVIDER_URL).href;
    await answerNext('/api/vod/demo/', { src, type: 'video/mp4' });
    await hangNext('/media/knee-overview/en.mp4?early=', 0, 20);
    const { video, record } = await entryVideo(src);
    const starts = watchEngineStarts(video);
    const clock = new FakeClock();
    let events: number[] = [];
    const el = await mountPlayer(
      { ...attributes, language: 'es' },
      {
        waitReady: false,
        clock,
        before(player) {
          (player as EarlyHolder)[EARLY_START] = record;
          events = states(player);
        },
      },
    );
    await waitFor(() => el[CONTROLLER].state.data.playlist.status === 'ready', 'the playlist');
    return { el, starts, clock, events };
  }

  it('a host opening another playlist on that 0: that video let go, not shown; -1, then the other', async () => {
    const { video, record } = await entryVideo();
    const events: number[] = [];
    const listen = (player: PatientEdPlayerElement) =>
      player.addEventListener('statechange', (e) => {
        if (events.push((e as CustomEvent<{ state: number }>).detail.state) === 1)
          player.setAttribute('code', 'A_DEMO_DUAL');
      });
    const el = await mountPlayer(attributes, {
      waitReady: false,
      before: (p) => listen(Object.assign(p, { [EARLY_START]: record })),
    });
    await waitFor(() => events.length > 1, 'the first playlist left', 10000);
    await nextTask();
    expect(events).to.deep.equal([0, -1]);
    expect(video.isConnected, 'the video let go, not put on a stage').to.equal(false);
    await waitFor(() => events.length > 2, 'the other playlist ready', 10000);
    expect(el.getCurrentPlaylist()?.code).to.equal('A_DEMO_DUAL');
  });

  it('its metadata does not come: the engine starts at the limit, and reports as it always has', async () => {
    const { el, starts, clock, events } = await onSilentMedia();
    for (let i = 0; i < 5; i++) await nextTask();
    expect(starts, 'the engine waits for the video').to.have.length(0);
    clock.tick(TIMING.interfaceHoldMs - 1);
    await nextTask();
    expect(starts).to.have.length(0);
    clock.tick(1);
    await waitFor(() => starts.length > 0, 'the engine at the limit');
    expect(starts).to.deep.equal([{ state: -1, readyState: 0 }]);
    expect(events, 'nothing reported ready').to.deep.equal([]);
    expect(el.getPlayerState()).to.equal(-1);
  });

  /** The page's player, on the entry's video, with the engine's chunk held back: reported ready (0) meanwhile. */
  async function reportedWithoutEngine() {
    const { video, record } = await entryVideo();
    let events: number[] = [];
    const letEngine = holdEngine();
    const el = await mountPlayer(attributes, {
      waitReady: false,
      before(player) {
        (player as EarlyHolder)[EARLY_START] = record;
        events = states(player);
      },
    });
    await waitFor(() => events.length > 0, 'the report', 10000);
    return { el, video, events, letEngine };
  }

  it('another playlist chosen before an engine ran: -1 at once, then it loads from -1 as any does', async () => {
    const { el, video, events, letEngine } = await reportedWithoutEngine();
    el.setAttribute('code', 'A_DEMO_DUAL');
    await waitFor(() => events.length > 1, 'the first playlist left');
    expect(events).to.deep.equal([0, -1]);
    expect([el.getPlayerState(), el.getCurrentPlaylist(), el.getDuration()]).to.deep.equal([-1, null, 0]);
    expect(video.isConnected, 'its video let go').to.equal(false);
    letEngine();
    await waitFor(() => events.length > 2, 'the other playlist ready', 10000);
    expect(events).to.deep.equal([0, -1, 0]);
    expect(el.getCurrentPlaylist()?.code).to.equal('A_DEMO_DUAL');
  });

  it('another voice-over language before an engine ran: it loads from -1, as on a language change', async () => {
    /** The player's state as each engine's playlist start returns. */
    const after: number[] = [];
    Object.defineProperty(PlaybackEngine.prototype, 'loadPlaylist', {
      ...original,
      value(this: PlaybackEngine, ...args: Parameters<PlaybackEngine['loadPlaylist']>) {
        (original.value as PlaybackEngine['loadPlaylist']).apply(this, args);
        after.push(document.querySelector<PatientEdPlayerElement>('patient-ed-player')!.getPlayerState());
      },
    });
    const { el, events, letEngine } = await reportedWithoutEngine();
    el.setAttribute('vo-language', 'es');
    await waitFor(() => el[CONTROLLER].state.data.playlist.key?.includes('|es|'), 'the Spanish playlist asked');
    await waitFor(() => el[CONTROLLER].state.data.playlist.status === 'ready', 'the Spanish playlist');
    letEngine();
    await waitFor(() => after.length > 0, 'the engine started');
    await nextTask();
    expect(after, 'loading the Spanish video: not ready, as any language change is').to.deep.equal([-1]);
    await waitFor(() => el.getPlayerState() === 0 && events.length > 1, 'the Spanish video ready', 10000);
    expect(events, 'the host hears the -1 the getter answered, then 0').to.deep.equal([0, -1, 0]);
    expect(el[CONTROLLER].state.playback.voLanguage).to.equal('es');
  });

  it('taken off the page while its video is awaited: no engine starts for it; put back, it starts', async () => {
    const { el, starts, clock } = await onSilentMedia();
    for (let i = 0; i < 5; i++) await nextTask();
    const parent = el.parentElement!;
    el.remove();
    for (let i = 0; i < 10; i++) await nextTask();
    clock.tick(TIMING.interfaceHoldMs);
    for (let i = 0; i < 10; i++) await nextTask();
    expect(starts, 'no engine for the element off the page').to.have.length(0);
    expect(Boolean(el[CONTROLLER].existingEngine()), 'none made').to.equal(false);
    await clearFailures(); // the media answers now
    parent.append(el);
    await waitFor(() => starts.length > 0, 'the engine, back on the page');
    await waitFor(() => el.getPlayerState() === 0, 'ready', 10000);
  });
});
