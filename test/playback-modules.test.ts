import { expect } from '@open-wc/testing';
import type { PlaylistItem } from '../src/content/playlist';
import { youtubeLoader } from '../src/playback/adapters/youtube';
import { createSlidesAdapter } from '../src/playback/adapters/slides';
import { ANALYTICS } from '../src/core/analytics';
import { Captions } from '../src/playback/captions';
import { ItemLoadError, MediaOpener, loadAdapter, loadError } from '../src/playback/item-load';
import { DEFAULT_SCRIPT_TIMEOUT_MS, PlayerLoadError, loadScript } from '../src/playback/load-script';
import { Markup } from '../src/playback/markup';
import { Notices } from '../src/playback/notices';
import { Stage } from '../src/playback/stage';
import { TIMING, type PlayerTime } from '../src/playback/timing';
import type { AdapterEvents, LoadContext, MediaAdapter, MediaLoader } from '../src/playback/types';
import { ended, firstViewing, jumped, looked, newViewing, playlistViewing, started } from '../src/playback/viewing';
import { Volume } from '../src/playback/volume';
import { Watchdog, failureReport } from '../src/playback/watchdog';
import { DEFAULT_PREFERENCES } from '../src/preferences/defaults';
import { createPlayerStore, initialPlayback } from '../src/state/player-store';
import { FakeClock } from './fake-clock';
import { testItem } from './test-items';

/** The playback modules the engine wires together, each alone: pure where they can be, on a fake clock otherwise. */

const timeOf = (clock: FakeClock): PlayerTime => ({ clock: () => clock, timing: () => TIMING });

const item = (fields: Partial<PlaylistItem> = {}): PlaylistItem =>
  testItem({ code: 'V_ONE', type: 'MainHostedVideo', file: 'one', ...fields });

/** Settle promise chains (no timer: a message-channel turn). */
const turn = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(0);
  });

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('viewing: starts, milestones, chapter steps and the furthest point watched (pure)', () => {
  const V = item({
    chapters: [
      { f: 0, h: 'Start' },
      { f: 4000, h: 'Middle' },
    ],
  });

  it("reports the playlist's start at the first playback, an item's start at each next viewing, once each", () => {
    let v = firstViewing();
    const first = started(v, 'A_LIST', V);
    expect(first.events).to.deep.equal([
      { type: ANALYTICS.PLAYLIST_START, label: 'A_LIST' },
      { type: ANALYTICS.VIDEO_START, label: 'V_ONE' },
    ]);
    v = first.viewing;
    expect(started(v, 'A_LIST', V).events, 'once per viewing').to.deep.equal([]);
    v = newViewing(v);
    expect(started(v, 'A_LIST', V).events.map((e) => e.type)).to.deep.equal([
      ANALYTICS.PLAYLIST_ITEM,
      ANALYTICS.VIDEO_START,
    ]);
    expect(started(playlistViewing(v, false), 'A_LIST', V).events[0].type, 'another playlist').to.equal(
      ANALYTICS.PLAYLIST_START,
    );
    expect(
      started(playlistViewing(firstViewing(), true), 'A_LIST', V).events[0].type,
      'the same one reloaded',
    ).to.equal(ANALYTICS.PLAYLIST_ITEM);
  });

  it('sends each milestone once while playing, a chapter step when playback crosses one, the rest at the end', () => {
    let v = firstViewing();
    const labels: string[] = [];
    for (let t = 0.5; t <= 6.5; t += 0.5) {
      const r = looked(v, V, t, 8, true);
      v = r.viewing;
      labels.push(...r.events.map((e) => e.label));
    }
    expect(labels).to.deep.equal(['V_ONE 25%', 'V_ONE 50%', 'V_ONE Middle', 'V_ONE 75%']);
    expect(looked(v, V, 7, 8, false).events, 'paused: nothing is reported').to.deep.equal([]);
    expect(looked(jumped(v, 1), V, 5, 8, true).events, 'a jump crosses no chapter').to.deep.equal([]);
    expect(ended(v, V).events.map((e) => e.label)).to.deep.equal(['V_ONE 100%', 'V_ONE']);
  });

  it('continuous playback moves the furthest point watched; a jump does not', () => {
    let v = firstViewing();
    for (const t of [0.4, 0.8, 1.2]) v = looked(v, V, t, 8, true).viewing;
    expect(v.watched).to.equal(1.2);
    expect(looked(v, V, 6, 8, true).viewing.watched).to.equal(1.2);
    expect(newViewing(v).watched, 'a new viewing starts over').to.equal(0);
  });
});

describe('watchdog: reloads with backoff, giving up, and trying again told once (fake clock)', () => {
  it('tells a failure once while it keeps trying after giving up; a failure that cannot pass is told each time', () => {
    const media = { reason: 'media' as const, retryable: true };
    expect(failureReport('no', media)).to.deep.equal({ lost: 'no', retrying: false, tell: true });
    expect(failureReport('yes', media)).to.deep.equal({ lost: 'told', retrying: true, tell: true });
    expect(failureReport('told', media)).to.deep.equal({ lost: 'told', retrying: true, tell: false });
    expect(failureReport('told', { reason: 'vendor', retryable: false })).to.deep.equal({
      lost: 'yes',
      retrying: false,
      tell: true,
    });
  });

  it('reloads after 1, 2 and 4 s of backoff where the media stood, then gives up; its timers die with the item', () => {
    const clock = new FakeClock();
    const dog = new Watchdog(timeOf(clock));
    dog.newViewing();
    const reloads: number[] = [];
    for (const backoff of [1000, 2000, 4000]) {
      const before = reloads.length;
      expect(dog.scheduleReload(12.5, () => reloads.push(clock.now()))).to.equal(true);
      clock.tick(backoff - 1);
      expect(reloads.length, 'not before its backoff').to.equal(before);
      clock.tick(1);
    }
    expect(reloads).to.deep.equal([1000, 3000, 7000]);
    expect(dog.reloading).to.equal(true);
    expect(
      dog.scheduleReload(12.5, () => reloads.push(clock.now())),
      'the reloads are used up',
    ).to.equal(false);
    const retries: number[] = [];
    expect(
      dog.failed({ reason: 'source', retryable: true }, () => retries.push(clock.now())),
      'told',
    ).to.equal(true);
    expect(
      dog.failed({ reason: 'source', retryable: true }, () => retries.push(clock.now())),
      'not twice',
    ).to.equal(false);
    clock.tick(TIMING.retryEveryMs);
    expect(retries, 'one retry after 30 s (the second failure replaced the first timer)').to.deep.equal([
      7000 + TIMING.retryEveryMs,
    ]);
    dog.failed({ reason: 'source', retryable: true }, () => retries.push(clock.now()));
    dog.scheduleReload(1, () => undefined);
    dog.cancel();
    expect(clock.pending, 'no timer left').to.equal(0);
  });

  it('watches the time each poll: buffering after 1 s standing still while moving, a reload after 10 s', () => {
    const clock = new FakeClock();
    const dog = new Watchdog(timeOf(clock));
    dog.newViewing();
    expect(dog.look(3, true)).to.deep.equal({ buffering: false, action: 'none' });
    clock.tick(TIMING.bufferingMs);
    expect(dog.look(3, true).buffering).to.equal(true);
    expect(dog.moved(3.04)).to.equal(true);
    clock.tick(TIMING.stallMs);
    expect(dog.look(3, true).action).to.equal('reload');
    expect(dog.look(3, false), 'paused: never stalled').to.deep.equal({ buffering: false, action: 'none' });
  });
});

describe('captions: load with the item, English when the language has none, floods of changes (fake clock)', () => {
  const vtt = (text: string) => `WEBVTT\n\n00:00:01.000 --> 00:00:03.000\n${text}\n`;

  function setup(answers: Record<string, string | undefined>) {
    const clock = new FakeClock();
    const pb = initialPlayback();
    const asked: string[] = [];
    const api = {
      captions: (_id: string, _vo: string, lang: string) => {
        asked.push(lang);
        const answer = answers[lang];
        return answer ? Promise.resolve(answer) : Promise.reject(new Error('404'));
      },
    };
    const captions = new Captions({ playback: () => pb, api: () => api, time: timeOf(clock) });
    return { clock, pb, asked, captions };
  }

  it("loads the item's cues, falls back to English, and shows the lines at a time", async () => {
    const { pb, asked, captions } = setup({ en: vtt('Hello') });
    await captions.load(item(), 'en', 'de', new AbortController().signal);
    expect(asked).to.deep.equal(['de', 'en']);
    expect([pb.hasCaptions, pb.cues.length]).to.deep.equal([true, 1]);
    captions.show(2);
    expect(pb.captions).to.deep.equal(['Hello']);
    captions.show(4);
    expect(pb.captions).to.deep.equal([]);
  });

  it('a change drops the cues at once; a flood of changes asks for the first and the last language only', async () => {
    const { clock, pb, asked, captions } = setup({ es: vtt('Hola'), pt: vtt('Olá'), de: vtt('Hallo') });
    const signal = new AbortController().signal;
    await captions.load(item(), 'en', 'es', signal);
    asked.length = 0;
    for (const lang of ['de', 'pt', 'de', 'pt']) captions.change(item(), 'en', lang, signal);
    expect(pb.cues, 'dropped at once').to.deep.equal([]);
    await turn();
    expect(asked, 'the first at once').to.deep.equal(['de']);
    clock.tick(TIMING.loadSpacingMs);
    await turn();
    expect(asked, 'then the last one').to.deep.equal(['de', 'pt']);
    captions.show(2);
    expect(pb.captions).to.deep.equal(['Olá']);
  });

  it('an item left keeps no cues, and an item load drops the language change waiting', async () => {
    const { clock, pb, asked, captions } = setup({ es: vtt('Hola'), de: vtt('Hallo') });
    const itemLoad = new AbortController();
    void captions.load(item(), 'en', 'es', itemLoad.signal);
    itemLoad.abort();
    await turn();
    expect(pb.cues).to.deep.equal([]);
    const signal = new AbortController().signal;
    captions.change(item(), 'en', 'de', signal);
    captions.change(item(), 'en', 'es', signal); // within the spacing: waits
    captions.cancel();
    clock.tick(TIMING.loadSpacingMs);
    expect(asked).to.deep.equal(['es', 'de']);
  });
});

describe('volume, notices and the annotation hooks', () => {
  it("the first playlist starts from the prefs; then the volume is the player's own, but for a sound change", () => {
    const pb = initialPlayback();
    const applied: [string, number | boolean][] = [];
    const changes: [number, boolean][] = [];
    const indicators: string[] = [];
    const volume = new Volume({
      playback: () => pb,
      media: () => ({ setVolume: (v) => applied.push(['volume', v]), setMuted: (m) => applied.push(['muted', m]) }),
      indicate: (kind) => indicators.push(kind),
      changed: (v, m) => changes.push([v, m]),
    });
    expect(volume.forPlaylist(0), 'query audio 0').to.deep.equal({ volume: 0, muted: true, unmuteVolume: 1 });
    expect(volume.forPlaylist(1), 'the sound preference turned on since: unmuted').to.deep.equal({
      volume: 1,
      muted: false,
      unmuteVolume: 1,
    });
    expect(volume.forPlaylist(1), 'kept while the preference stays').to.deep.equal(volume.forPlaylist(1));
    expect(volume.set(0.4)).to.equal(true);
    expect(volume.set(Number.NaN)).to.equal(false);
    volume.mute();
    volume.unmute();
    volume.change(-0.1);
    // The host hears the volume heard: 0 while muted.
    expect(changes).to.deep.equal([
      [1, false],
      [0.4, false],
      [0, true],
      [0.4, false],
      [0.3, false],
    ]);
    expect(indicators, 'none for the preference').to.deep.equal(['volume', 'mute', 'unmute', 'volume']);
    expect(applied.slice(0, 4)).to.deep.equal([
      ['volume', 1],
      ['muted', false],
      ['volume', 0.4],
      ['muted', false],
    ]);
    expect(volume.setSound(true), 'no change of the preference').to.equal(false);
    expect(volume.forPlaylist(0), 'turned off: muted').to.deep.equal({ volume: 0.3, muted: true, unmuteVolume: 0.3 });
    expect(volume.setSound(true), 'turned on: unmuted').to.equal(true);
    expect([pb.volume, pb.muted]).to.deep.equal([0.3, false]);
    expect(
      new Volume({ playback: () => pb, media: () => undefined, indicate: () => {}, changed: () => {} }).forPlaylist(1),
    ).to.deep.equal({
      volume: 1,
      muted: false,
      unmuteVolume: 1,
    });
  });

  it('notices leave after their time and the indicator after its own, in test time; dispose leaves no timer', () => {
    const clock = new FakeClock();
    const state = createPlayerStore();
    const notices = new Notices(() => state, timeOf(clock));
    notices.notify('info', 'ccFallback');
    clock.tick(1000);
    notices.notify('error', 'mediaError');
    notices.indicate('volume', '40%');
    expect([state.playback.indicator, state.playback.indicatorText]).to.deep.equal(['volume', '40%']);
    clock.tick(TIMING.indicatorMs);
    expect(state.playback.indicator).to.equal('');
    clock.tick(TIMING.notificationMs - 1000 - TIMING.indicatorMs);
    expect(state.notifications.map((n) => n.key)).to.deep.equal(['mediaError']);
    notices.indicate('pause');
    notices.dispose();
    expect(clock.pending).to.equal(0);
  });

  it('entering markup remembers how playback was, once; a screenshot takes its turn, the frame 100 ms on', async () => {
    const clock = new FakeClock();
    const markup = new Markup(timeOf(clock));
    expect(markup.enter({ playerState: 1, key: 'k', index: 2 })).to.equal(true);
    expect(markup.enter({ playerState: 2, key: 'k', index: 2 }), 'entered already').to.equal(false);
    expect(markup.entry).to.deep.equal({ playing: true, key: 'k', index: 2 });
    expect([markup.screenshotTurn(), markup.screenshotTurn()]).to.deep.equal([true, false]);
    clock.tick(TIMING.screenshotSpacingMs);
    expect(markup.screenshotTurn()).to.equal(true);
    let frame: string | undefined = 'none yet';
    void markup.frameLater(() => 'media frame').then((f) => (frame = f));
    clock.tick(TIMING.screenshotDelayMs - 1);
    await turn();
    expect(frame, 'not before its delay').to.equal('none yet');
    clock.tick(1);
    await turn();
    expect(frame).to.equal('media frame');
    markup.capture = () => 'frame with drawing';
    expect(markup.frame(() => 'media frame')).to.equal('frame with drawing');
  });
});

describe('stage and item loads', () => {
  it('a load that needs the document waits for the stage; an aborted load stops waiting', async () => {
    const stage = new Stage();
    const abort = new AbortController();
    const waiting = stage.wait(abort.signal);
    const el = document.createElement('div');
    expect(stage.set(el)).to.equal('taken');
    expect(await waiting).to.equal(el);
    expect(el.contains(stage.holder)).to.equal(true);
    expect(stage.set(el)).to.equal('same');
    expect(stage.set(null)).to.equal('left');
    expect(stage.set(null)).to.equal('same');
    const aborted = stage.wait(abort.signal);
    abort.abort();
    expect(await aborted).to.equal(undefined);
    expect(stage.set(el), 'no load waits any more').to.equal('set');
  });

  it("tells a failed load by its kind: the time limit, an SDK's failure, a vendor's refusal, a media error", () => {
    const told = (error: unknown, kind: 'html5' | 'youtube' | 'vimeo', timedOutMs?: number) => {
      const e = loadError(error, kind, timedOutMs);
      return [e.failure.reason, e.notice, e.passing, e.failure.retryable];
    };
    expect(told(new Error('x'), 'html5', 20000)).to.deep.equal(['media', 'mediaError', true, true]);
    expect(told(new Error('x'), 'youtube', 20000)).to.deep.equal(['script', 'youtubeScript', false, true]);
    expect(told(Object.assign(new Error('x'), { reason: 'script' }), 'vimeo')).to.deep.equal([
      'script',
      'vimeoScript',
      false,
      undefined,
    ]);
    expect(told(Object.assign(new Error('gone'), { reason: 'vendor', code: 150 }), 'youtube')).to.deep.equal([
      'vendor',
      'vendorError',
      false,
      undefined,
    ]);
    expect(told(Object.assign(new Error('decode'), { reason: 'media', code: 3 }), 'html5')).to.deep.equal([
      'media',
      'mediaError',
      true,
      undefined,
    ]);
    expect(loadError(new Error('x'), 'youtube', 20000).failure.message).to.equal(
      'The player was not ready within 20 s',
    );
  });

  it('an adapter that never answers is aborted and fails at the time limit of the player clock', async () => {
    const clock = new FakeClock();
    let signal: AbortSignal | undefined;
    const loader: MediaLoader = {
      kind: 'html5',
      canPlay: () => true,
      load: (ctx) =>
        new Promise((_, reject) => {
          signal = ctx.signal;
          ctx.signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    };
    const loading = rejection(
      loadAdapter(loader, { signal: new AbortController().signal } as LoadContext, clock, TIMING.mediaLoadMs),
    );
    clock.tick(TIMING.mediaLoadMs - 1);
    expect(signal?.aborted).to.equal(false);
    clock.tick(1);
    const error = await loading;
    expect(error).to.be.instanceOf(ItemLoadError);
    expect((error as ItemLoadError).failure.message).to.equal('The media was not ready within 20 s');
    expect(clock.pending).to.equal(0);
  });

  it('opens an item: a source failure is a source error; a vendor kind waits for the stage (the clock)', async () => {
    const clock = new FakeClock();
    const stage = new Stage();
    const contexts: LoadContext[] = [];
    const adapter = { destroy() {} } as MediaAdapter;
    const deps = {
      prefs: () => DEFAULT_PREFERENCES,
      api: () => ({ hosts: { static: 'https://static.example/' } }) as never,
      client: () => 'demo',
    };
    const opener = new MediaOpener(() => deps, stage, timeOf(clock));
    const pb = initialPlayback();
    const events = {} as AdapterEvents;
    const failing: MediaLoader = {
      kind: 'html5',
      canPlay: () => true,
      detached: true,
      source: () => Promise.reject(new Error('Network Error')),
      load: () => Promise.resolve(adapter),
    };
    const sourceError = await rejection(opener.open(failing, item(), 'en', pb, events, new AbortController().signal));
    expect([(sourceError as ItemLoadError).failure.reason, (sourceError as ItemLoadError).notice]).to.deep.equal([
      'source',
      'sourceError',
    ]);
    const vendor: MediaLoader = {
      kind: 'youtube',
      canPlay: () => true,
      load: (ctx) => (contexts.push(ctx), Promise.resolve(adapter)),
    };
    const opening = opener.open(
      vendor,
      item({ type: 'MainYoutubeVideo', videoId: 'abc' }),
      'en',
      pb,
      events,
      new AbortController().signal,
    );
    await turn();
    expect(contexts, 'waits for the stage').to.have.length(0);
    stage.set(document.createElement('div'));
    expect(await opening).to.equal(adapter);
    expect(contexts[0].clock).to.equal(clock);
    expect(contexts[0].staticUrl('slides/a.png')).to.equal('https://static.example/slides/a.png');
    const aborted = new AbortController();
    stage.set(null);
    const abandoned = opener.open(vendor, item(), 'en', pb, events, aborted.signal);
    aborted.abort();
    expect(await abandoned, 'aborted while it waited').to.equal(undefined);
  });
});

describe('adapters and SDK loads on the player clock', () => {
  it('slides move with the clock they are given: next slide, pause, seek and end in test time', async () => {
    const clock = new FakeClock();
    const container = document.createElement('div');
    const reports: string[] = [];
    const events: AdapterEvents = {
      ready: () => reports.push('ready'),
      playing: () => reports.push('playing'),
      paused: () => reports.push('paused'),
      ended: () => reports.push('ended'),
      durationChange: () => {},
      error: () => {},
    };
    const slides = [
      { text: 'one', t: 0 },
      { text: 'two', t: 2000 },
    ];
    const ctx = {
      container,
      events,
      item: item({ type: 'Slides', runtime: 8, slides }),
      signal: new AbortController().signal,
      staticUrl: (p: string) => p,
      clock,
    } as unknown as LoadContext;
    const adapter = await createSlidesAdapter(ctx);
    const shown = () => [...container.querySelectorAll('figure')].findIndex((f) => !f.hidden);
    await adapter.play();
    clock.tick(2000);
    expect([adapter.getCurrentTime(), shown()]).to.deep.equal([2, 1]);
    adapter.pause();
    clock.tick(5000);
    expect(adapter.getCurrentTime(), 'paused: time stands').to.equal(2);
    adapter.seek(1);
    expect(shown()).to.equal(0);
    await adapter.play();
    clock.tick(6999);
    expect(reports, 'not before its end').to.deep.equal(['ready', 'playing', 'paused', 'playing']);
    clock.tick(1);
    expect(reports).to.deep.equal(['ready', 'playing', 'paused', 'playing', 'ended']);
    expect(adapter.getCurrentTime()).to.equal(8);
    adapter.destroy();
    expect(clock.pending).to.equal(0);
  });

  it("a script load's time limit runs on the clock it is given", async () => {
    const clock = new FakeClock();
    const url = `/test/fixtures/fake-vimeo-player-api.js?clock=${Date.now()}`;
    const slow = rejection(loadScript(url, { timeoutMs: 1000, clock }));
    clock.tick(1000);
    const error = await slow;
    expect(error).to.be.instanceOf(PlayerLoadError);
    expect((error as Error).message).to.match(/timed out/);
    await loadScript(`${url}&again`, { timeoutMs: 1, clock }); // 1 ms of test time never passes: it loads
  });

  it('a YouTube SDK that loads but never makes its player fails when the player clock says so', async () => {
    const clock = new FakeClock();
    const ctx = {
      container: document.createElement('div'),
      item: item({ type: 'MainYoutubeVideo', videoId: 'abc' }),
      events: {} as AdapterEvents,
      signal: new AbortController().signal,
      origin: location.origin,
      scripts: { youtube: `/test/fixtures/fake-vimeo-player-api.js?noyt=${Date.now()}`, vimeo: '' },
      staticUrl: (p: string) => p,
      volume: 1,
      muted: false,
      clock,
    } satisfies LoadContext;
    const loading = rejection(youtubeLoader.load(ctx));
    clock.tick(1); // the script's own limit is now 1 ms closer than the one set once it has loaded
    await new Promise<void>((resolve) => {
      const check = () => (clock.dueIn(DEFAULT_SCRIPT_TIMEOUT_MS) === 1 ? resolve() : void turn().then(check));
      check();
    });
    clock.tick(DEFAULT_SCRIPT_TIMEOUT_MS);
    const error = await loading;
    expect(error).to.be.instanceOf(PlayerLoadError);
    expect((error as PlayerLoadError).reason).to.equal('script');
  });
});
