import { expect } from '@open-wc/testing';
import type { PlaylistItem } from '../src/content/playlist';
import { vimeoLoader } from '../src/playback/adapters/vimeo';
import { youtubeLoader } from '../src/playback/adapters/youtube';
import { PlayerLoadError, loadScript } from '../src/playback/load-script';
import type { AdapterEvents, LoadContext, MediaAdapter, MediaLoader, PlayerError } from '../src/playback/types';
import { nextTask, rejection, waitFor } from './helpers';

// The vendor SDKs are replaced by the fakes in test/fixtures (same globals, same call shapes), loaded through
// the real loaders and the real script loader.
const YT_URL = '/test/fixtures/fake-youtube-iframe-api.js';
const VIMEO_URL = '/test/fixtures/fake-vimeo-player-api.js';
const MISSING_URL = '/test/fixtures/does-not-exist.js';
/**
 * The stand-in for the vendors' player pages, which the fakes load in the player's iframe: on another origin than this
 * page, as YouTube's and Vimeo's are (the same test server under its other loopback name).
 */
const FRAME_URL = (() => {
  const url = new URL('/test/fixtures/fake-vendor-frame.html', location.href);
  url.hostname = url.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
  return url.href;
})();
const FRAME_ORIGIN = new URL(FRAME_URL).origin;
/** What the player's iframes get: the least that lets the vendors' players play (docs/api.md, CSP section). */
const SANDBOX = ['allow-popups', 'allow-popups-to-escape-sandbox', 'allow-same-origin', 'allow-scripts'];
const ALLOW = ['autoplay', 'encrypted-media', 'fullscreen', 'picture-in-picture'];

/** What the stand-in page reported from inside the player's iframe. */
interface FrameReport {
  origin: string;
  referrer: string;
  storage: boolean;
  features: string[] | null;
}
/** The iframe's attributes as the fake SDK found them when it was given the iframe. */
interface FrameAttributes {
  connected: boolean;
  sandbox: string | null;
  allow: string | null;
  allowfullscreen: boolean;
  referrerpolicy: string | null;
}
interface FakeYTPlayer {
  options: { events: Record<string, (e: unknown) => void> };
  videoId: string;
  playerVars: Record<string, string>;
  embedUrl: string;
  frameAttributes: FrameAttributes;
  frame?: FrameReport;
  calls: unknown[][];
  destroyed: boolean;
  emitState(state: number): void;
  getPlayerState(): number;
  getVolume(): number;
  isMuted(): boolean;
}
interface FakeVimeoPlayer {
  options: Record<string, unknown>;
  frameAttributes: FrameAttributes;
  frame?: FrameReport;
  calls: unknown[][];
  destroyed: boolean;
  _listeners: Record<string, ((data: unknown) => void)[]>;
  emit(event: string, data?: unknown): void;
  pause(): Promise<void>;
}
interface FakeWindow {
  YT?: unknown;
  Vimeo?: unknown;
  onYouTubeIframeAPIReady?: () => void;
  __fakeYT: {
    duration?: number;
    failVideoId?: string;
    readyDelay?: number;
    frameUrl?: string;
    players: FakeYTPlayer[];
  };
  __fakeVimeo: {
    duration?: number;
    failVideoId?: string;
    refusePlay?: boolean;
    readyDelay?: number;
    frameUrl?: string;
    players: FakeVimeoPlayer[];
  };
}
const w = window as unknown as FakeWindow;

type Recorded = { name: keyof AdapterEvents; arg?: number | PlayerError };

function recorder() {
  const log: Recorded[] = [];
  const events: AdapterEvents = {
    ready: (duration) => void log.push({ name: 'ready', arg: duration }),
    playing: () => void log.push({ name: 'playing' }),
    paused: () => void log.push({ name: 'paused' }),
    ended: () => void log.push({ name: 'ended' }),
    durationChange: (duration) => void log.push({ name: 'durationChange', arg: duration }),
    error: (error) => void log.push({ name: 'error', arg: error }),
  };
  const names = () => log.map((r) => r.name);
  const count = (name: keyof AdapterEvents) => log.filter((r) => r.name === name).length;
  return { log, events, names, count };
}

const ytItem = (videoId: string | null = 'M7lc1UVf-VE'): PlaylistItem => ({
  type: 'MainYoutubeVideo',
  code: 'Y1',
  videoId: videoId ?? undefined,
  language: 'en',
  labels: {},
  runtime: 0,
  chapters: [],
  hasChapters: false,
  slides: [],
  audioDescriptions: [],
});
const vimeoItem = (videoId: string | null = '76979871'): PlaylistItem => ({
  ...ytItem(videoId),
  type: 'MainVimeoVideo',
  code: 'V1',
});

const containers: HTMLElement[] = [];
const adapters: MediaAdapter[] = [];

function context(item: PlaylistItem, scripts: Partial<LoadContext['scripts']> = {}, extra: Partial<LoadContext> = {}) {
  const container = document.createElement('div');
  container.className = 'vendor-adapter-test';
  document.body.append(container);
  containers.push(container);
  const rec = recorder();
  const controller = new AbortController();
  const ctx: LoadContext = {
    container,
    item,
    events: rec.events,
    signal: controller.signal,
    origin: location.origin,
    scripts: { youtube: YT_URL, vimeo: VIMEO_URL, ...scripts },
    staticUrl: (p) => p,
    volume: 1,
    muted: false,
    ...extra,
  };
  return { ctx, rec, controller, container };
}

async function load(loader: MediaLoader, ctx: LoadContext): Promise<MediaAdapter> {
  const adapter = await loader.load(ctx);
  adapters.push(adapter);
  return adapter;
}

const ytScripts = () => document.head.querySelectorAll('script[src*="fake-youtube"]').length;
const lastYT = () => w.__fakeYT.players.at(-1)!;
const lastVimeo = () => w.__fakeVimeo.players.at(-1)!;
const hasCall = (calls: unknown[][], ...call: unknown[]) =>
  calls.some((c) => JSON.stringify(c) === JSON.stringify(call));
const tokens = (list: string | null, separator: RegExp) =>
  (list ?? '')
    .split(separator)
    .map((t) => t.trim())
    .filter(Boolean)
    .sort();

/**
 * Load the stand-in page in a bare iframe with these attributes and ask it (a ping, as Vimeo's SDK sends) for its
 * report: the origin its answer came from, and what it says.
 */
async function bareFrame(attributes: Record<string, string>): Promise<{ origin: string; report: FrameReport }> {
  const iframe = document.createElement('iframe');
  for (const [name, value] of Object.entries(attributes)) iframe.setAttribute(name, value);
  const page = new URL(FRAME_URL);
  page.searchParams.set('origin', location.origin);
  iframe.src = page.href;
  let answer: { origin: string; report: FrameReport } | undefined;
  const onMessage = (e: MessageEvent<{ method?: string; value: FrameReport } | null>) => {
    if (e.source === iframe.contentWindow && e.data?.method === 'ping')
      answer = { origin: e.origin, report: e.data.value };
  };
  window.addEventListener('message', onMessage);
  document.body.append(iframe);
  const pinging = setInterval(() => iframe.contentWindow?.postMessage({ method: 'ping' }, '*'), 20);
  try {
    return await waitFor(() => answer, 'the stand-in page to answer', 5000);
  } finally {
    clearInterval(pinging);
    window.removeEventListener('message', onMessage);
    iframe.remove();
  }
}

describe('vendor adapters (YouTube, Vimeo) through the real loaders', () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (e: PromiseRejectionEvent) => void unhandled.push(e.reason);

  before(() => {
    window.addEventListener('unhandledrejection', onUnhandled);
    // A host page that sends no referrer at all (a policy it cannot take back, for this whole file): the player's
    // iframes must still identify the site to the vendors.
    document.head.append(Object.assign(document.createElement('meta'), { name: 'referrer', content: 'no-referrer' }));
  });
  after(() => window.removeEventListener('unhandledrejection', onUnhandled));

  // Every player below runs through the stand-in page, under its iframe's real sandbox.
  beforeEach(() => {
    w.__fakeYT = { players: [], frameUrl: FRAME_URL };
    w.__fakeVimeo = { players: [], frameUrl: FRAME_URL };
  });

  afterEach(() => {
    for (const a of adapters.splice(0)) a.destroy();
    for (const c of containers.splice(0)) c.remove();
  });

  describe('canPlay', () => {
    it('YouTube plays MainYoutubeVideo items with a video id only', () => {
      expect(youtubeLoader.kind).to.equal('youtube');
      expect(youtubeLoader.canPlay(ytItem())).to.equal(true);
      expect(youtubeLoader.canPlay(ytItem(null))).to.equal(false);
      expect(youtubeLoader.canPlay(ytItem(''))).to.equal(false);
      expect(youtubeLoader.canPlay(vimeoItem())).to.equal(false);
      expect(youtubeLoader.canPlay({ ...ytItem(), type: 'MainHostedVideo' })).to.equal(false);
    });

    it('Vimeo plays MainVimeoVideo items with a video id only', () => {
      expect(vimeoLoader.kind).to.equal('vimeo');
      expect(vimeoLoader.canPlay(vimeoItem())).to.equal(true);
      expect(vimeoLoader.canPlay(vimeoItem(null))).to.equal(false);
      expect(vimeoLoader.canPlay(ytItem())).to.equal(false);
      expect(vimeoLoader.canPlay({ ...vimeoItem(), type: undefined })).to.equal(false);
    });
  });

  describe('loadScript', () => {
    // These tests load the Vimeo fake under other URLs: the Vimeo tests below must still find no SDK on the page.
    let savedVimeo: unknown;
    before(() => (savedVimeo = w.Vimeo));
    after(() => {
      if (savedVimeo) w.Vimeo = savedVimeo;
      else delete w.Vimeo;
    });

    it('resolves without injecting anything when isReady() is already true', async () => {
      const url = `/test/fixtures/does-not-exist.js?ready=${Date.now()}`;
      await loadScript(url, { isReady: () => true });
      expect(Boolean(document.querySelector(`script[src="${url}"]`))).to.equal(false);
    });

    it('injects only http(s) URLs: javascript: and data: script URLs are refused', async () => {
      const before = document.scripts.length;
      for (const url of ['javascript:alert(1)', 'data:text/javascript,window.__pwned=1', 'blob:https://x/1']) {
        const error = await rejection<PlayerLoadError>(loadScript(url));
        expect(error.reason, url).to.equal('script');
        expect(error.message).to.match(/^Refused script URL/);
      }
      expect(document.scripts.length).to.equal(before);
      expect((window as unknown as { __pwned?: number }).__pwned).to.equal(undefined);
    });

    it('evicts a failed load, so a later call injects the script again', async () => {
      const url = `${MISSING_URL}?evict=${Date.now()}`;
      const first = await rejection<PlayerLoadError>(loadScript(url));
      expect(first).to.be.instanceOf(PlayerLoadError);
      expect(first.reason).to.equal('script');
      expect(Boolean(document.querySelector(`script[src="${url}"]`)), 'failed <script> removed').to.equal(false);
      await rejection(loadScript(url));
    });

    it('rejects on timeout, then retries', async () => {
      const url = `${VIMEO_URL}?timeout=${Date.now()}`;
      const error = await rejection<PlayerLoadError>(loadScript(url, { timeoutMs: 0 }));
      expect(error.reason).to.equal('script');
      expect(error.message).to.match(/timed out/);
      await loadScript(url);
      expect(document.querySelectorAll(`script[src="${url}"]`).length).to.equal(1);
    });

    it('shares one load per URL; aborting one caller does not cancel it for the others', async () => {
      const url = `${VIMEO_URL}?shared=${Date.now()}`;
      const controller = new AbortController();
      const aborted = loadScript(url, { signal: controller.signal });
      const other = loadScript(url);
      controller.abort();
      const error = await rejection<DOMException>(aborted);
      expect(error).to.be.instanceOf(DOMException);
      expect(error.name).to.equal('AbortError');
      await other;
      await loadScript(url);
      const scripts = [...document.querySelectorAll<HTMLScriptElement>(`script[src="${url}"]`)];
      expect(scripts.length).to.equal(1);
      expect(scripts[0].async).to.equal(true);
      expect(scripts[0].textContent).to.equal('');
    });
  });

  describe('YouTube', () => {
    it('injects the API script once for two loads', async () => {
      const a = context(ytItem());
      const b = context(ytItem('aqz-KE-bpKQ'));
      await Promise.all([load(youtubeLoader, a.ctx), load(youtubeLoader, b.ctx)]);
      await load(youtubeLoader, context(ytItem()).ctx);
      expect(ytScripts()).to.equal(1);
      expect(w.__fakeYT.players.length).to.equal(3);
    });

    it('resolves after onReady with the duration, rendering inside the container', async () => {
      w.__fakeYT.duration = 2.5;
      const { ctx, rec, container } = context(ytItem());
      const adapter = await load(youtubeLoader, ctx);
      expect(rec.log).to.deep.equal([{ name: 'ready', arg: 2.5 }]);
      expect(adapter.kind).to.equal('youtube');
      expect(adapter.canvasable).to.equal(false);
      expect(adapter.getDuration()).to.equal(2.5);
      expect(adapter.getCurrentTime()).to.equal(0);
      expect(container.querySelector('iframe[data-fake-youtube="M7lc1UVf-VE"]')).to.not.equal(null);
    });

    it("gives the API its own iframe: YouTube's embed URL with the video id, page origin and parameters", async () => {
      const { ctx, container } = context(ytItem());
      await load(youtubeLoader, ctx);
      const fake = lastYT();
      expect(fake.embedUrl).to.equal(
        `https://www.youtube.com/embed/M7lc1UVf-VE?enablejsapi=1&origin=${encodeURIComponent(location.origin)}` +
          '&playsinline=1&controls=0&rel=0&modestbranding=1&autoplay=0',
      );
      expect(fake.videoId).to.equal('M7lc1UVf-VE');
      expect(fake.playerVars).to.deep.equal({
        enablejsapi: '1',
        origin: location.origin,
        playsinline: '1',
        controls: '0',
        rel: '0',
        modestbranding: '1',
        autoplay: '0',
      });
      // The rest is in the URL: the API takes only the events.
      expect(Object.keys(fake.options)).to.deep.equal(['events']);
      expect(container.querySelector('iframe')!.title).to.equal('YouTube');
    });

    it('maps raw states in the adapter (-1 and 5 start playing once asked, 1 playing, 2 paused, 0 ended)', async () => {
      const { ctx, rec } = context(ytItem());
      const adapter = await load(youtubeLoader, ctx);
      const fake = lastYT();
      const plays = () => fake.calls.filter((c) => c[0] === 'playVideo').length;

      // Not asked to play (autoplay off, or a touch device waiting for a tap): -1 / 5 do not start playback.
      fake.emitState(-1);
      fake.emitState(5);
      expect(plays()).to.equal(0);

      await adapter.play();
      expect(plays()).to.equal(1);
      await waitFor(() => rec.count('playing') === 1, 'playing');

      fake.emitState(-1);
      expect(plays()).to.equal(2);
      await waitFor(() => rec.count('playing') === 2, 'playing after -1');
      expect(fake.getPlayerState()).to.equal(1);

      fake.emitState(2);
      expect(rec.names().at(-1)).to.equal('paused');

      fake.emitState(5);
      expect(plays()).to.equal(3);
      await waitFor(() => rec.count('playing') === 3, 'playing after 5');

      adapter.pause();
      fake.emitState(5);
      expect(plays()).to.equal(3);

      fake.emitState(3); // buffering: nothing
      fake.emitState(1);
      fake.emitState(0);
      expect(rec.names().slice(0, 5)).to.deep.equal(['ready', 'playing', 'playing', 'paused', 'playing']);
      expect(rec.names().slice(-2)).to.deep.equal(['playing', 'ended']);
    });

    it('applies the starting volume and mute, and drives play, pause, seek, volume and mute', async () => {
      w.__fakeYT.duration = 3;
      const { ctx, rec } = context(ytItem(), {}, { volume: 0.5, muted: true });
      const adapter = await load(youtubeLoader, ctx);
      const fake = lastYT();
      expect(fake.getVolume()).to.equal(50);
      expect(fake.isMuted()).to.equal(true);

      await adapter.play();
      await waitFor(() => rec.count('playing') === 1, 'playing');
      adapter.pause();
      await waitFor(() => rec.count('paused') === 1, 'paused');
      expect(fake.getPlayerState()).to.equal(2);

      adapter.seek(1.5);
      expect(hasCall(fake.calls, 'seekTo', 1.5, true)).to.equal(true);
      expect(adapter.getCurrentTime()).to.equal(1.5);
      adapter.seek(99);
      expect(hasCall(fake.calls, 'seekTo', 3, true), 'clamped to the duration').to.equal(true);
      adapter.seek(-4);
      expect(hasCall(fake.calls, 'seekTo', 0, true), 'clamped to 0').to.equal(true);

      adapter.setVolume(0.42);
      expect(fake.getVolume()).to.equal(42);
      adapter.setVolume(7);
      expect(fake.getVolume()).to.equal(100);
      adapter.setMuted(false);
      expect(fake.isMuted()).to.equal(false);
      adapter.setMuted(true);
      expect(fake.isMuted()).to.equal(true);
    });

    it('advances time while playing and reports the end', async () => {
      w.__fakeYT.duration = 0.6;
      const { ctx, rec } = context(ytItem());
      const adapter = await load(youtubeLoader, ctx);
      await adapter.play();
      await waitFor(() => adapter.getCurrentTime() >= 0.1, 'time advancing');
      expect(adapter.getCurrentTime()).to.be.within(0.1, 0.6);
      await waitFor(() => rec.count('ended') === 1, 'ended');
      expect(adapter.getCurrentTime()).to.equal(0.6);
      expect(rec.names()).to.deep.equal(['ready', 'playing', 'ended']);
    });

    it('reports a vendor error with the code and an English message', async () => {
      w.__fakeYT.failVideoId = 'broken-id';
      const { ctx, rec } = context(ytItem('broken-id'));
      await load(youtubeLoader, ctx);
      const recorded = await waitFor(() => rec.log.find((r) => r.name === 'error'), 'error event');
      const error = recorded.arg as PlayerError;
      expect(error.reason).to.equal('vendor');
      expect(error.code).to.equal(100);
      expect(error.message).to.match(/not found/i);
    });

    it('aborting before ready rejects with AbortError and leaves nothing behind', async () => {
      w.__fakeYT.readyDelay = 150;
      const { ctx, rec, controller, container } = context(ytItem());
      const pending = youtubeLoader.load(ctx);
      const fake = await waitFor(() => w.__fakeYT.players[0], 'player created');
      // A second player made just after, and left to load: once it is ready, the first one's ready would have come.
      const other = context(ytItem());
      const loading = load(youtubeLoader, other.ctx);
      expect(container.querySelector('iframe')).to.not.equal(null);
      controller.abort();
      const error = await rejection<DOMException>(pending);
      expect(error).to.be.instanceOf(DOMException);
      expect(error.name).to.equal('AbortError');
      expect(container.childElementCount).to.equal(0);
      expect(fake.destroyed).to.equal(true);
      await loading;
      expect(other.rec.names()).to.deep.equal(['ready']);
      expect(rec.log).to.deep.equal([]);
    });

    it('aborting before anything started rejects with AbortError too', async () => {
      const { ctx, controller, container } = context(ytItem());
      const pending = youtubeLoader.load(ctx);
      controller.abort();
      expect(await rejection<DOMException>(pending)).to.have.property('name', 'AbortError');
      expect(container.childElementCount).to.equal(0);
      expect(w.__fakeYT.players.length).to.equal(0);
    });

    it('destroy() is idempotent, removes the player and stops events', async () => {
      const { ctx, rec, container } = context(ytItem());
      const adapter = await load(youtubeLoader, ctx);
      const fake = lastYT();
      adapter.destroy();
      adapter.destroy();
      expect(fake.destroyed).to.equal(true);
      expect(fake.calls.filter((c) => c[0] === 'destroy').length).to.equal(1);
      expect(container.childElementCount).to.equal(0);
      // Late vendor callbacks (already queued messages) are ignored.
      fake.options.events.onStateChange({ target: fake, data: 1 });
      fake.options.events.onError({ target: fake, data: 5 });
      expect(rec.names()).to.deep.equal(['ready']);
      expect(adapter.getCurrentTime()).to.equal(0);
      await adapter.play();
    });

    it("chains the page's onYouTubeIframeAPIReady; a missing script is a load error, a later load works", async () => {
      const savedYT = w.YT;
      let hostCalls = 0;
      const retryUrl = `${YT_URL}?retry=${Date.now()}`;
      try {
        delete w.YT;
        w.onYouTubeIframeAPIReady = () => void hostCalls++;
        const failed = context(ytItem(), { youtube: MISSING_URL });
        const error = await rejection<PlayerLoadError>(youtubeLoader.load(failed.ctx));
        expect(error).to.be.instanceOf(PlayerLoadError);
        expect(error).to.be.instanceOf(Error);
        expect(error.reason).to.equal('script');
        expect(error.message).to.equal('YouTube API load error.');
        expect(failed.container.childElementCount).to.equal(0);

        const { ctx, rec } = context(ytItem(), { youtube: retryUrl });
        await load(youtubeLoader, ctx);
        expect(rec.names()).to.deep.equal(['ready']);
        expect(hostCalls, 'the host handler was still called').to.equal(1);
      } finally {
        if (!w.YT) w.YT = savedYT;
        w.onYouTubeIframeAPIReady = undefined;
        document.querySelector(`script[src="${retryUrl}"]`)?.remove();
      }
    });
  });

  describe('Vimeo', () => {
    it('injects the SDK once, creates the player with its options, resolves after ready with a duration', async () => {
      w.__fakeVimeo.duration = 2.5;
      expect(w.Vimeo, 'no SDK on the page yet').to.equal(undefined);
      const a = context(vimeoItem());
      const b = context(vimeoItem('abc'));
      const [adapter] = await Promise.all([load(vimeoLoader, a.ctx), load(vimeoLoader, b.ctx)]);
      expect(document.head.querySelectorAll(`script[src="${VIMEO_URL}"]`).length).to.equal(1);
      expect(a.rec.log).to.deep.equal([{ name: 'ready', arg: 2.5 }]);
      expect(adapter.kind).to.equal('vimeo');
      expect(adapter.canvasable).to.equal(false);
      expect(adapter.getDuration()).to.equal(2.5);
      const [first, second] = w.__fakeVimeo.players;
      // Given its own iframe (no oEmbed, no innerHTML), with the player's options in the URL.
      expect(first.options).to.deep.equal({
        id: '76979871',
        url: 'https://player.vimeo.com/video/76979871?controls=0&playsinline=1&dnt=1&autopause=0',
      });
      expect(second.options.id).to.equal('abc');
      expect(a.container.querySelector('iframe[data-fake-vimeo="76979871"]')).to.not.equal(null);
    });

    it('drives play, pause, seek, volume and mute; caches the time synchronously; reports the end', async () => {
      w.__fakeVimeo.duration = 0.8;
      const { ctx, rec } = context(vimeoItem(), {}, { volume: 0.5, muted: true });
      const adapter = await load(vimeoLoader, ctx);
      const fake = lastVimeo();
      await waitFor(
        () => hasCall(fake.calls, 'setVolume', 0.5) && hasCall(fake.calls, 'setMuted', true),
        'starting volume and mute',
      );

      await adapter.play();
      await waitFor(() => rec.count('playing') > 0, 'playing');
      await waitFor(() => adapter.getCurrentTime() > 0.1, 'time advancing');
      adapter.pause();
      await waitFor(() => rec.count('paused') === 1, 'paused');

      adapter.seek(0.3);
      expect(adapter.getCurrentTime(), 'synchronously after seek').to.equal(0.3);
      adapter.seek(99);
      expect(adapter.getCurrentTime(), 'clamped').to.equal(0.8);
      await waitFor(() => hasCall(fake.calls, 'setCurrentTime', 0.8), 'setCurrentTime');
      expect(hasCall(fake.calls, 'setCurrentTime', 0.3)).to.equal(true);

      adapter.setVolume(0.3);
      adapter.setMuted(false);
      await waitFor(
        () => hasCall(fake.calls, 'setVolume', 0.3) && hasCall(fake.calls, 'setMuted', false),
        'volume and mute',
      );

      adapter.seek(0.5);
      await adapter.play();
      await waitFor(() => rec.count('ended') === 1, 'ended');
      expect(adapter.getCurrentTime()).to.equal(0.8);
      expect(rec.log.filter((r) => r.name === 'error')).to.deep.equal([]);
    });

    it('reports duration changes and player errors, but not errors that belong to a method call', async () => {
      const { ctx, rec } = context(vimeoItem());
      const adapter = await load(vimeoLoader, ctx);
      const fake = lastVimeo();
      fake.emit('durationchange', { duration: 4 });
      expect(adapter.getDuration()).to.equal(4);
      expect(rec.log.at(-1)).to.deep.equal({ name: 'durationChange', arg: 4 });

      fake.emit('error', { name: 'NotAllowedError', message: 'refused', method: 'play' });
      expect(rec.count('error')).to.equal(0);
      fake.emit('error', { name: 'PrivacyError', message: 'private' });
      const error = rec.log.at(-1)!.arg as PlayerError;
      expect(error.reason).to.equal('vendor');
      expect(error.code).to.equal('PrivacyError');
      expect(error.message).to.be.a('string').and.not.equal('');
    });

    it('routes rejected method calls into error events', async () => {
      const { ctx, rec } = context(vimeoItem());
      const adapter = await load(vimeoLoader, ctx);
      const fake = lastVimeo();
      fake.pause = () => Promise.reject(Object.assign(new Error('Password required'), { name: 'PasswordError' }));
      adapter.pause();
      const recorded = await waitFor(() => rec.log.find((r) => r.name === 'error'), 'error event');
      expect(recorded.arg).to.deep.include({ reason: 'vendor', code: 'PasswordError' });
    });

    it('play() rejects with NotAllowedError when the device refuses', async () => {
      w.__fakeVimeo.refusePlay = true;
      const { ctx, rec } = context(vimeoItem());
      const adapter = await load(vimeoLoader, ctx);
      const error = await rejection<DOMException>(adapter.play());
      expect(error).to.be.instanceOf(DOMException);
      expect(error.name).to.equal('NotAllowedError');
      // The SDK refuses before it would report anything; what the adapter does about it is promise reactions.
      await nextTask();
      expect(rec.names()).to.deep.equal(['ready']);
    });

    it('a video that cannot be loaded rejects the load with a vendor error and leaves nothing behind', async () => {
      w.__fakeVimeo.failVideoId = '404';
      const { ctx, rec, container } = context(vimeoItem('404'));
      const error = await rejection(vimeoLoader.load(ctx));
      expect(error).to.be.instanceOf(PlayerLoadError);
      expect(error).to.deep.include({ reason: 'vendor', code: 'NotFoundError' });
      expect(container.childElementCount).to.equal(0);
      expect(rec.log).to.deep.equal([]);
    });

    it('aborting before ready rejects with AbortError and leaves nothing behind', async () => {
      w.__fakeVimeo.readyDelay = 150;
      const { ctx, rec, controller, container } = context(vimeoItem());
      const pending = vimeoLoader.load(ctx);
      const fake = await waitFor(() => w.__fakeVimeo.players[0], 'player created');
      // A second player made just after, and left to load: once it is ready, the first one's ready would have come.
      const other = context(vimeoItem());
      const loading = load(vimeoLoader, other.ctx);
      expect(container.querySelector('iframe')).to.not.equal(null);
      controller.abort();
      const error = await rejection<DOMException>(pending);
      expect(error).to.be.instanceOf(DOMException);
      expect(error.name).to.equal('AbortError');
      expect(container.childElementCount).to.equal(0);
      expect(fake.destroyed).to.equal(true);
      await loading;
      expect(other.rec.names()).to.include('ready');
      expect(rec.log).to.deep.equal([]);
    });

    it('destroy() is idempotent, removes the player and stops events', async () => {
      const { ctx, rec, container } = context(vimeoItem());
      const adapter = await load(vimeoLoader, ctx);
      const fake = lastVimeo();
      const onPlay = fake._listeners.play[0];
      adapter.destroy();
      adapter.destroy();
      expect(fake.destroyed).to.equal(true);
      expect(fake.calls.filter((c) => c[0] === 'destroy').length).to.equal(1);
      expect(container.childElementCount).to.equal(0);
      onPlay({ seconds: 1, duration: 3 }); // a message already on its way
      adapter.pause();
      adapter.seek(1);
      adapter.setVolume(0.2);
      await adapter.play();
      // The player gone is asked nothing more (it could report nothing about it), and what the adapter does itself is
      // promise reactions.
      await nextTask();
      expect(
        fake.calls.slice(fake.calls.findIndex((c) => c[0] === 'destroy') + 1),
        'nothing asked after destroy',
      ).to.deep.equal([]);
      expect(rec.names()).to.deep.equal(['ready']);
    });

    it("a missing script rejects with 'Vimeo API load error.', a later load works", async () => {
      const saved = w.Vimeo;
      const retryUrl = `${VIMEO_URL}?retry=${Date.now()}`;
      try {
        delete w.Vimeo;
        const failed = context(vimeoItem(), { vimeo: MISSING_URL });
        const error = await rejection<PlayerLoadError>(vimeoLoader.load(failed.ctx));
        expect(error).to.be.instanceOf(PlayerLoadError);
        expect(error.reason).to.equal('script');
        expect(error.message).to.equal('Vimeo API load error.');
        expect(failed.container.childElementCount).to.equal(0);

        const { ctx, rec } = context(vimeoItem(), { vimeo: retryUrl });
        await load(vimeoLoader, ctx);
        expect(rec.names()).to.deep.equal(['ready']);
      } finally {
        if (!w.Vimeo) w.Vimeo = saved;
        document.querySelector(`script[src="${retryUrl}"]`)?.remove();
      }
    });
  });

  describe('the player iframes: sandbox, allow and referrer', () => {
    const vendors = [
      {
        name: 'YouTube',
        loader: youtubeLoader,
        item: () => ytItem(),
        fake: () => lastYT() as { frameAttributes: FrameAttributes; frame?: FrameReport },
      },
      {
        name: 'Vimeo',
        loader: vimeoLoader,
        item: () => vimeoItem(),
        fake: () => lastVimeo() as { frameAttributes: FrameAttributes; frame?: FrameReport },
      },
    ];

    it('both get the same narrow sandbox and allow, set before the iframe goes in with its vendor URL', async () => {
      for (const vendor of vendors) {
        const { ctx, container } = context(vendor.item());
        // Attribute changes on the iframe once it is in the page: a sandbox set then would miss its first navigation.
        const records: MutationRecord[] = [];
        const observer = new MutationObserver((list) => void records.push(...list));
        observer.observe(container, { subtree: true, childList: true, attributes: true, attributeOldValue: true });
        await load(vendor.loader, ctx);
        records.push(...observer.takeRecords());
        observer.disconnect();
        const iframe = container.querySelector('iframe')!;

        // Exactly these tokens: no top navigation, forms, modal dialogs, downloads, pointer lock, presentation, ...
        expect(tokens(iframe.getAttribute('sandbox'), /\s+/), vendor.name).to.deep.equal(SANDBOX);
        expect(tokens(iframe.getAttribute('allow'), /;/), vendor.name).to.deep.equal(ALLOW);
        // No `allowfullscreen` beside `allow` (Chromium warns when both are set; `allow` wins anyway).
        expect(iframe.hasAttribute('allowfullscreen'), vendor.name).to.equal(false);
        expect(iframe.referrerPolicy, vendor.name).to.equal('strict-origin-when-cross-origin');
        // The SDK was given the iframe already in the page with all of them.
        expect(vendor.fake().frameAttributes, vendor.name).to.deep.equal({
          connected: true,
          sandbox: iframe.getAttribute('sandbox'),
          allow: iframe.getAttribute('allow'),
          allowfullscreen: false,
          referrerpolicy: 'strict-origin-when-cross-origin',
        });
        const changed = records.filter((r) => r.type === 'attributes' && r.target === iframe);
        expect(
          changed
            .filter(
              (r) =>
                r.attributeName !== 'src' &&
                r.attributeName !== 'data-fake-youtube' &&
                r.attributeName !== 'data-fake-vimeo',
            )
            .map((r) => r.attributeName),
          `${vendor.name}: attributes set after insertion`,
        ).to.deep.equal([]);
        // Its first URL, the one it was inserted with, is the vendor's (the fake then loads the stand-in page).
        const firstSrc = changed.find((r) => r.attributeName === 'src')?.oldValue;
        expect(firstSrc, vendor.name).to.match(
          vendor.name === 'YouTube'
            ? /^https:\/\/www\.youtube\.com\/embed\//
            : /^https:\/\/player\.vimeo\.com\/video\//,
        );
        expect(
          records.some(
            (r) => r.type === 'childList' && [...r.addedNodes].some((n) => n === iframe || n.contains(iframe)),
          ),
          vendor.name,
        ).to.equal(true);
      }
    });

    const referrerTitle =
      "the vendor's page in it keeps its origin and storage, and gets the site's origin as referrer " +
      "(not checked in WebKitGTK, which sends none on the fake SDKs' second navigation of the frame)";
    it(referrerTitle, async () => {
      // The referrer even from a page that sends none.
      // The control: a frame with no policy of its own gets no referrer from this page.
      expect((await bareFrame({ sandbox: SANDBOX.join(' ') })).report.referrer).to.equal('');
      // The fakes load their stand-in page by setting the frame's src once it is on the page, a second navigation
      // (the player's own is the first); WebKitGTK sends no referrer on that one, so the referrer cannot be read there.
      const webKitGtk = /AppleWebKit/.test(navigator.userAgent) && !/Chrome|Firefox/.test(navigator.userAgent);
      for (const vendor of vendors) {
        await load(vendor.loader, context(vendor.item()).ctx);
        expect(vendor.fake().frame, vendor.name).to.deep.include({
          origin: FRAME_ORIGIN,
          storage: true,
          ...(webKitGtk ? {} : { referrer: `${location.origin}/` }),
        });
      }
    });

    it("the vendor's page gets autoplay, encrypted media and fullscreen beyond any frame's, nothing else", async () => {
      const baseline = (await bareFrame({ sandbox: SANDBOX.join(' ') })).report.features;
      if (baseline === null) {
        // Firefox and WebKit have no document.featurePolicy to list a frame's features: what the player grants is
        // then its frame's allow list, which those engines apply as Chromium does.
        for (const vendor of vendors) {
          await load(vendor.loader, context(vendor.item()).ctx);
          expect(vendor.fake().frameAttributes.allow, vendor.name).to.equal(
            'autoplay; encrypted-media; fullscreen; picture-in-picture',
          );
        }
        return;
      }
      expect(baseline).to.include('picture-in-picture'); // allowed to every frame unless a policy takes it away
      for (const vendor of vendors) {
        await load(vendor.loader, context(vendor.item()).ctx);
        const features = vendor.fake().frame!.features!;
        expect(
          features.filter((f) => !baseline.includes(f)),
          vendor.name,
        ).to.deep.equal(['autoplay', 'encrypted-media', 'fullscreen']);
        expect(features, vendor.name).to.include('picture-in-picture');
        // What YouTube's API grants its own iframes, and more, is not granted.
        for (const f of [
          'accelerometer',
          'gyroscope',
          'clipboard-write',
          'clipboard-read',
          'camera',
          'microphone',
          'geolocation',
          'payment',
          'web-share',
        ]) {
          expect(features, `${vendor.name}: ${f}`).to.not.include(f);
        }
      }
    });

    it('the stand-in page cannot answer as itself without allow-same-origin: why both vendors need it', async () => {
      const opaque = await bareFrame({ sandbox: 'allow-scripts' });
      // Its answer comes from 'null', which both SDKs ignore (and messages addressed to its origin never reach it).
      expect(opaque.origin).to.equal('null');
      expect(opaque.report).to.deep.include({ origin: 'null', storage: false });
      const own = await bareFrame({ sandbox: SANDBOX.join(' ') });
      expect(own.origin).to.equal(FRAME_ORIGIN);
      expect(own.report).to.deep.include({ origin: FRAME_ORIGIN, storage: true });
    });

    it('both play under them: ready through the sandboxed page, then playing with the time advancing', async () => {
      w.__fakeYT.duration = 5;
      w.__fakeVimeo.duration = 5;
      for (const vendor of vendors) {
        const { ctx, rec } = context(vendor.item());
        const adapter = await load(vendor.loader, ctx);
        expect(vendor.fake().frame?.origin, `${vendor.name} became ready through the sandboxed page`).to.equal(
          FRAME_ORIGIN,
        );
        await adapter.play();
        await waitFor(() => rec.count('playing') > 0, `${vendor.name} playing`);
        await waitFor(() => adapter.getCurrentTime() > 0.1, `${vendor.name} time advancing`);
        adapter.pause();
        await waitFor(() => rec.count('paused') > 0, `${vendor.name} paused`);
        expect(
          rec.log.filter((r) => r.name === 'error'),
          vendor.name,
        ).to.deep.equal([]);
      }
    });
  });

  it('left no unhandled promise rejections', async () => {
    // Each test awaited its own work; the browser reports a rejection left unhandled in a task soon after it.
    await nextTask();
    expect(unhandled).to.deep.equal([]);
  });
});
