/**
 * Issue 25, the first frame: a player opened on a playlist asks for its first item's video source in the task of the
 * playlist's answer (src/content/source-hint.ts), not after the engine's chunk; the engine's own request takes that
 * answer, so the provider is asked once; with that answer the media's request leaves in a video element the engine's
 * html5 adapter then takes (src/playback/early-video.ts).
 */
import { expect } from '@open-wc/testing';
import { ENGINE } from '../src/app/chunks';
import { HttpClient } from '../src/content/http';
import { ProviderApi, resolveHosts } from '../src/content/provider';
import { LENT_KEEP_MS, SharedRequests } from '../src/content/shared-requests';
import { firstSourceHint } from '../src/content/source-hint';
import { FakeClock } from './fake-clock';
import {
  cleanPlayersAndFaults,
  clearFailures,
  failNext,
  clearProviderLog,
  FAULT_PROVIDER_URL,
  mountPlayer,
  providerLog,
  replaceProperty,
  shadow,
  waitFor,
} from './helpers';

const vodRequests = async () =>
  (await providerLog()).filter((e) => e.method === 'GET' && e.path.startsWith('/api/vod/')).map((e) => e.path);

describe('the first source, asked for with the playlist', () => {
  afterEach(cleanPlayersAndFaults);

  it('leaves while the engine is still loading; the engine takes its answer (one request) and its video', async () => {
    // The engine's chunk held back, as on a slow connection where it arrives after the playlist.
    expect(ENGINE.current, 'the engine is not loaded yet in this file').to.equal(undefined);
    const load = ENGINE.load.bind(ENGINE);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const restore = replaceProperty(ENGINE, 'load', (limit) => held.then(() => load(limit)));
    // The video elements made meanwhile (src/playback/early-video.ts makes the one that loads the media).
    const videos: HTMLVideoElement[] = [];
    const create = document.createElement.bind(document);
    const restoreCreate = replaceProperty(
      document,
      'createElement',
      (name: string, options?: ElementCreationOptions) => {
        const made = create(name, options);
        if (made instanceof HTMLVideoElement) videos.push(made);
        return made;
      },
    );
    try {
      await clearProviderLog();
      const el = await mountPlayer(
        { client: 'demo', code: 'A_DEMO_VIDEO', 'provider-url': FAULT_PROVIDER_URL },
        { waitReady: false },
      );
      await waitFor(async () => (await vodRequests()).length > 0, 'the source request', 8000);
      expect(ENGINE.current, 'asked before the engine came').to.equal(undefined);
      expect(await vodRequests()).to.deep.equal(['/api/vod/demo/knee-overview']);
      // The media's request leaves with the source's answer, still before the engine.
      const early = await waitFor(() => videos.find((v) => /\/media\/knee-overview\//.test(v.src)), 'the media', 8000);
      expect(ENGINE.current, 'the media asked for before the engine came').to.equal(undefined);
      release();
      const video = await waitFor(
        () => shadow(el).querySelector<HTMLVideoElement>('video.media'),
        'the video element',
        10000,
      );
      await waitFor(() => video.readyState >= 1, 'the metadata', 10000);
      expect(video.src).to.match(/\/media\/knee-overview\//);
      expect(video === early, 'the engine plays the video that was loading').to.equal(true);
      expect(await vodRequests(), 'the engine asked nothing more').to.deep.equal(['/api/vod/demo/knee-overview']);
    } finally {
      release();
      restore();
      restoreCreate();
    }
  });
});

describe('a video source asked for early (ProviderApi.prefetchVideoSource)', () => {
  // Shared requests of their own, on a fake clock; the fault provider answers with max-age=0: nothing is reused but
  // what was asked for ahead. No retry: a failure of the request made ahead is not the call's (it asks again).
  const api = (clock = new FakeClock()) =>
    new ProviderApi(
      resolveHosts(FAULT_PROVIDER_URL),
      new HttpClient({
        retry: { retries: 0, baseDelay: 1, maxDelay: 1 },
        shared: new SharedRequests(() => clock.now()),
      }),
    );
  beforeEach(async () => {
    await clearFailures();
    await clearProviderLog();
  });
  after(clearFailures);

  it('is the answer of the one call it was asked for; the next call asks again', async () => {
    const provider = api();
    expect((await provider.prefetchVideoSource('demo', 'knee-overview', 'en', false))?.src).to.match(/\/en\.mp4$/);
    const first = await provider.videoSource('demo', 'knee-overview', 'en', false);
    expect(first.src).to.match(/\/media\/knee-overview\/en\.mp4$/);
    expect(await vodRequests()).to.have.length(1);
    await provider.videoSource('demo', 'knee-overview', 'en', false);
    expect(await vodRequests()).to.have.length(2);
  });

  it('is not used by a call for another source, after its time, or when it failed', async () => {
    const clock = new FakeClock();
    const provider = api(clock);
    void provider.prefetchVideoSource('demo', 'knee-overview', 'es', false);
    expect((await provider.videoSource('demo', 'knee-overview', 'en', false)).src).to.match(/\/en\.mp4$/);
    await waitFor(async () => (await vodRequests()).length === 2, 'both requests');

    await clearProviderLog();
    await provider.prefetchVideoSource('demo', 'knee-overview', 'en', false);
    clock.tick(LENT_KEEP_MS);
    await provider.videoSource('demo', 'knee-overview', 'en', false);
    expect(await vodRequests(), 'too old: asked again').to.have.length(2);

    await clearProviderLog();
    await failNext('/api/vod/demo/knee-overview', 500);
    // The call joins the request made ahead while it is in flight; that one fails: the call asks again.
    const early = provider.prefetchVideoSource('demo', 'knee-overview', 'en', false);
    expect((await provider.videoSource('demo', 'knee-overview', 'en', false)).src).to.match(/\/en\.mp4$/);
    expect(await early).to.equal(undefined);
    expect(await vodRequests(), 'failed: asked again').to.have.length(2);

    // Not retried (with a client that retries): its failure is left to the call.
    await clearProviderLog();
    await failNext('/api/vod/demo/knee-overview', 500);
    const retrying = new ProviderApi(
      resolveHosts(FAULT_PROVIDER_URL),
      new HttpClient({ retry: { retries: 2, baseDelay: 1, maxDelay: 1 }, shared: new SharedRequests() }),
    );
    expect(await retrying.prefetchVideoSource('demo', 'knee-overview', 'en', false)).to.equal(undefined);
    expect(await vodRequests(), 'one request').to.have.length(1);
  });
});

describe('the first source read from a playlist answer (pure)', () => {
  const item = { type: 'MainHostedVideo', file: ' knee-overview ', audio_descriptions: ['en'] };

  it("is the first item's file in the wanted voice-over language, English when the playlist does not offer it", () => {
    expect(firstSourceHint({ items: [item] }, 'es', false)).to.deep.equal({
      file: 'knee-overview',
      language: 'es',
      audioDescriptions: false,
    });
    expect(firstSourceHint({ voLanguages: ['en', 'es'], items: [item] }, 'es', false)?.language).to.equal('es');
    expect(firstSourceHint({ voLanguages: ['en', 'de'], items: [item] }, 'es', false)?.language).to.equal('en');
    // Audio descriptions only when the visitor wants them and the item has them in that language.
    expect(firstSourceHint({ items: [item] }, 'en', true)?.audioDescriptions).to.equal(true);
    expect(firstSourceHint({ items: [item] }, 'de', true)?.audioDescriptions).to.equal(false);
    // The first item that is an object, as the playlist reader skips the others.
    expect(firstSourceHint({ items: [null, 'x', item] }, 'en', false)?.file).to.equal('knee-overview');
  });

  it('asks nothing for a vendor video, a dual-language playlist, an item without a file or a malformed answer', () => {
    const none = [
      { items: [{ type: 'MainYoutubeVideo', file: 'x', video: { id: 'abc' } }] },
      { items: [{ type: 'MainVimeoVideo', file: 'x' }] },
      { flags: { lang_type: 'dual' }, items: [item] },
      { items: [{ type: 'MainHostedVideo', file: '  ' }] },
      { items: [{ type: 'MainHostedVideo', file: 42 }] },
      { items: [] },
      { items: 'x' },
      [item],
      null,
      'playlist',
    ];
    for (const dto of none) expect(firstSourceHint(dto, 'en', false), JSON.stringify(dto)).to.equal(undefined);
  });
});
