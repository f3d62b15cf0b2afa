import { expect } from '@open-wc/testing';
import { CONTROLLER } from '../src/app/embed-options';
import { HOST_COMMANDS } from '../src/commands/table';
import { MAX_JSON_LENGTH } from '../src/element/transports/post-message';
import { TIMING } from '../src/playback/timing';
import type { PatientEdPlayerElement } from '../src/element/player-element';
import { $, clearStorage, mountPlayer, nextTask, replaceProperty, unmountAll, waitFor } from './helpers';
import { DEMO_ORIGIN, Embedded, type Answer } from './embedded';
import { mountSlidesWithoutCors } from './slides-without-cors';

async function viaMethod(el: PatientEdPlayerElement, command: string, args: Record<string, unknown>): Promise<Answer> {
  const fn = (el as unknown as Record<string, (...a: unknown[]) => unknown>)[command];
  if (typeof fn !== 'function') return { none: true };
  try {
    const values = Object.values(args);
    return { result: await fn.apply(el, values) };
  } catch (error) {
    return { error: { code: (error as { code: string }).code } };
  }
}

let eventSeq = 0;
/**
 * A command as a CustomEvent: its answer (the `result` event). `handled`: a command the player ignores, or answers at
 * once: its answer once the reactions to the event have run, or `{ none: true }`.
 */
async function viaEvent(
  el: HTMLElement,
  command: string,
  args: Record<string, unknown>,
  handled = false,
): Promise<Answer> {
  const id = `e${++eventSeq}`;
  let answer: Answer | undefined;
  const onResult = (e: Event) => {
    const { id: answered, ...rest } = (e as CustomEvent<{ id: unknown } & Answer>).detail;
    if (answered === id) answer = rest;
  };
  el.addEventListener('result', onResult);
  try {
    el.dispatchEvent(new CustomEvent('command', { detail: { command, id, ...args } }));
    if (!handled) return await waitFor(() => answer, `the answer to ${command} (${id})`);
    await nextTask();
    return answer ?? { none: true };
  } finally {
    el.removeEventListener('result', onResult);
  }
}

/** Compare answers: exact, or numbers within a tolerance for times; errors by code. */
function same(a: Answer, b: Answer, approx = false) {
  if ('error' in a || 'error' in b) return 'error' in a && 'error' in b && a.error.code === b.error.code;
  if ('none' in a || 'none' in b) return 'none' in a && 'none' in b;
  if (approx && typeof a.result === 'number' && typeof b.result === 'number') return Math.abs(a.result - b.result) < 1;
  return JSON.stringify(a.result) === JSON.stringify(b.result);
}

/**
 * A_DEMO_VIDEO as the reference provider's sample content describes it (demo/content/playlists/demo/A_DEMO_VIDEO.json,
 * with the title override of demo/content/users/68/preferences.json): the answers hosts must get.
 */
const KNEE_ITEMS = [
  {
    code: 'V_KNEE_OVERVIEW',
    label: 'What is a knee replacement?',
    type: 'MainHostedVideo',
    file: 'knee-overview',
    language: 'en',
    runtime: 9,
    chapters: [
      { start: 0, heading: 'Introduction' },
      { start: 4.5, heading: 'The operation' },
    ],
  },
  {
    code: 'V_KNEE_SURGERY_DAY',
    label: 'The day of surgery',
    type: 'MainHostedVideo',
    file: 'knee-surgery-day',
    language: 'en',
    runtime: 10,
    chapters: [
      { start: 0, heading: 'Check-in' },
      { start: 3.333, heading: 'Anesthesia' },
      { start: 6.667, heading: 'Recovery room' },
    ],
  },
  {
    code: 'V_KNEE_RECOVERY',
    label: 'Recovery and rehabilitation',
    type: 'MainHostedVideo',
    file: 'knee-recovery',
    language: 'en',
    runtime: 10,
    chapters: [
      { start: 0, heading: 'First days' },
      { start: 3.333, heading: 'Exercises' },
      { start: 6.667, heading: 'Follow-up' },
    ],
  },
];
const KNEE_PLAYLIST = {
  code: 'A_DEMO_VIDEO',
  label: 'Your total knee replacement',
  type: 'video',
  runtime: 29,
  itemCount: 3,
  voLanguages: ['en', 'es'],
  ccLanguages: ['en', 'es', 'de', 'pt', 'ar'],
  langType: 'single',
};

describe('host API: one command table, three transports', () => {
  beforeEach(clearStorage);
  afterEach(unmountAll);

  it('declares the 28 host commands as element methods', () => {
    expect(HOST_COMMANDS).to.have.members([
      'getPlayerState',
      'getVolume',
      'getPlaybackRate',
      'getCurrentTime',
      'getPrimaryItem',
      'getCurrentItem',
      'getCurrentPlaylist',
      'getCurrentPlaylistItems',
      'getCurrentPlaylistIndex',
      'getDuration',
      'getLanguage',
      'setLanguage',
      'navigate',
      'start',
      'playVideo',
      'pauseVideo',
      'next',
      'prev',
      'stop',
      'exitVideo',
      'addFavorite',
      'screenshot',
      'seekTo',
      'seekToChapter',
      'seekToIndex',
      'setVolume',
      'setPlaybackRate',
      'togglePictureInPicture',
    ]);
    const el = document.createElement('patient-ed-player');
    for (const c of HOST_COMMANDS) expect(el[c], c).to.be.a('function');
    // Before it is ready: the not-ready values.
    expect(el.getPlayerState()).to.equal(-1);
    expect(el.getCurrentPlaylist()).to.equal(null);
    expect(el.getCurrentPlaylistItems()).to.deep.equal([]);
    expect(el.getCurrentTime()).to.equal(0);
  });

  it('runs every command through methods, CustomEvents and postMessage with the same answers', async function () {
    this.timeout(60000);
    const frame = new Embedded({
      client: 'demo',
      code: 'A_DEMO_VIDEO',
      'allowed-origins': location.origin,
      diagnostics: '1',
    });
    try {
      const a = await mountPlayer({ client: 'demo', code: 'A_DEMO_VIDEO' });
      const b = await mountPlayer({ client: 'demo', code: 'A_DEMO_VIDEO' });
      await frame.ready();
      // `handled`: a command that must go unanswered (asked through each transport until it has been handled).
      const transports: [string, (c: string, args: Record<string, unknown>, handled?: boolean) => Promise<Answer>][] = [
        ['method', (c, args) => viaMethod(a, c, args)],
        ['event', (c, args, handled) => viaEvent(b, c, args, handled)],
        ['message', (c, args, handled) => (handled ? frame.callHandled(c, args) : frame.call(c, args))],
      ];
      const settle = async () => {
        for (const [, run] of transports) {
          await waitFor(
            async () => {
              const s = await run('getPlayerState', {});
              return 'result' in s && (s.result as number) >= 0;
            },
            'the player settled',
            10000,
          );
        }
      };
      await settle();
      const steps: [string, Record<string, unknown>, (Answer | 'any')?, boolean?][] = [
        ['getPlayerState', {}, { result: 0 }],
        ['getVolume', {}, { result: 1 }],
        ['getCurrentPlaylist', {}, { result: KNEE_PLAYLIST }],
        ['getCurrentPlaylistItems', {}, { result: KNEE_ITEMS }],
        ['getPrimaryItem', {}, { result: KNEE_ITEMS[0] }],
        ['getCurrentItem', {}, { result: KNEE_ITEMS[0] }],
        ['getCurrentPlaylistIndex', {}, { result: 0 }],
        ['getDuration', {}, 'any', true],
        ['getLanguage', {}, { result: 'en' }],
        ['setVolume', { volume: 0.5 }, { result: true }],
        ['getVolume', {}, { result: 0.5 }],
        ['setVolume', { volume: 3 }, { result: true }],
        ['getVolume', {}, { result: 1 }],
        ['setVolume', { volume: 'loud' }, { error: { code: 'invalid_argument' } }],
        ['setVolume', { volume: Number.NaN }, { error: { code: 'invalid_argument' } }],
        ['setVolume', { volume: Number.POSITIVE_INFINITY }, { error: { code: 'invalid_argument' } }],
        ['setVolume', {}, { error: { code: 'invalid_argument' } }],
        ['getVolume', {}, { result: 1 }],
        ['seekTo', { seconds: 3 }, { result: true }],
        ['getCurrentTime', {}, 'any', true],
        ['seekTo', { seconds: -1 }, { error: { code: 'invalid_argument' } }],
        ['seekTo', { seconds: '3' }, { error: { code: 'invalid_argument' } }],
        ['seekToChapter', { chapter: 1 }, { result: true }],
        ['seekToChapter', { chapter: 1.5 }, { error: { code: 'invalid_argument' } }],
        ['seekToChapter', { chapter: 99 }, { error: { code: 'invalid_argument' } }],
        ['addFavorite', {}, { result: { code: 'A_DEMO_VIDEO', label: 'Your total knee replacement' } }],
        ['setLanguage', { language: 'xx' }, { error: { code: 'invalid_argument' } }],
        ['seekToIndex', { index: 1 }, { result: true }],
      ];
      for (const [command, args, expected, approx] of steps) {
        const answers = [];
        for (const [, run] of transports) answers.push(await run(command, args));
        const label = `${command}(${JSON.stringify(args)}) -> ${JSON.stringify(answers)}`;
        expect(same(answers[0], answers[1], approx) && same(answers[0], answers[2], approx), label).to.equal(true);
        if (expected && expected !== 'any') expect(same(answers[0], expected), label).to.equal(true);
      }
      await settle();
      // A navigation, and leaving the video, change the path: the next command waits until every player is there.
      const more: [string, Record<string, unknown>, Answer?, string?][] = [
        ['getCurrentPlaylistIndex', {}, { result: 1 }],
        ['seekToIndex', { index: 99 }, { result: true }],
        ['getCurrentPlaylistIndex', {}, { result: 0 }],
        ['next', {}, { result: true }],
        ['getCurrentPlaylistIndex', {}, { result: 1 }],
        ['prev', {}, { result: true }],
        ['stop', {}, { result: true }],
        ['getCurrentPlaylistIndex', {}, { result: 0 }],
        ['start', {}, { result: true }],
        ['pauseVideo', {}, { result: true }],
        ['playVideo', {}],
        ['pauseVideo', {}, { result: true }],
        ['setLanguage', { language: 'es' }, { result: true }],
        ['getLanguage', {}, { result: 'es' }],
        ['navigate', { code: '<script>' }, { error: { code: 'invalid_argument' } }],
        ['navigate', { code: 'L_ORTHO' }, { result: true }, '/demo/menu/L_ORTHO'],
        ['navigate', { code: '/' }, { result: true }, '/demo/menu'],
        ['navigate', { code: 'A_DEMO_SLIDES' }, { result: true }, '/demo/player/A_DEMO_SLIDES'],
        ['exitVideo', {}, { result: true }, '/demo/menu'],
        ['getPlayerState', {}, { result: -1 }],
        ['noSuchCommand', {}, { none: true }],
      ];
      for (const [command, args, expected, path] of more) {
        const answers = [];
        for (const [, run] of transports) answers.push(await run(command, args, expected && 'none' in expected));
        const label = `${command}(${JSON.stringify(args)}) -> ${JSON.stringify(answers)}`;
        expect(same(answers[0], answers[1]) && same(answers[0], answers[2]), label).to.equal(true);
        if (expected) expect(same(answers[0], expected), label).to.equal(true);
        if (path)
          await waitFor(
            async () => a.currentPath === path && b.currentPath === path && (await frame.diagnostics()).path === path,
            `every player on ${path}`,
            10000,
          );
      }
      expect(a.currentPath).to.equal('/demo/menu');
      expect(b.currentPath).to.equal('/demo/menu');
      expect((await frame.diagnostics()).path).to.equal('/demo/menu');
    } finally {
      frame.close();
    }
  });

  it('dispatches events out on the element (bubbling, composed) and forwards them to the embedding page', async () => {
    const el = await mountPlayer({ client: 'demo' }, { waitReady: false });
    const seen: Record<string, unknown[]> = {};
    for (const name of ['ready', 'statechange', 'volumechange', 'navigate', 'analytics']) {
      document.addEventListener(name, (e) => {
        if (e.target !== el) return;
        expect(e.bubbles && e.composed, name).to.equal(true);
        (seen[name] ??= []).push((e as CustomEvent).detail);
      });
    }
    await waitFor(() => seen.ready, 'ready');
    expect(seen.navigate).to.deep.include({ name: 'navigation', code: null });
    await el.navigate('A_DEMO_VIDEO');
    await waitFor(() => el.getPlayerState() === 0, 'player ready');
    expect(seen.navigate).to.deep.include({ name: 'playlist', code: 'A_DEMO_VIDEO' });
    await el.setVolume(0.25);
    expect(seen.volumechange.at(-1)).to.deep.equal({ volume: 0.25, muted: false });
    await el.playVideo();
    await waitFor(() => (seen.statechange as { state: number }[]).some((s) => s.state === 1), 'statechange 1');
    const playing = (seen.statechange as { state: number; duration: number; currentTime: number }[]).find(
      (s) => s.state === 1,
    )!;
    expect(playing.duration).to.be.greaterThan(0);
    expect(playing.currentTime).to.be.a('number');
    expect(seen.analytics.length).to.be.greaterThan(0);

    const frame = new Embedded({ client: 'demo', code: 'A_DEMO_VIDEO', 'allowed-origins': location.origin });
    try {
      await frame.ready();
      expect(frame.events.map((e) => e.event)).to.include.members(['onReady', 'onNavigate']);
      await frame.call('setVolume', { volume: 0.5 });
      await waitFor(() => frame.events.some((e) => e.event === 'onVolumeChange'), 'onVolumeChange');
      await frame.call('playVideo');
      await waitFor(
        () => frame.events.some((e) => e.event === 'onStateChange' && (e.data as { state: number }).state === 1),
        'onStateChange',
      );
      // A failure the visitor sees reaches the parent page too.
      await frame.call('navigate', { code: 'A_NO_SUCH_PLAYLIST' });
      const error = await waitFor(() => frame.events.find((e) => e.event === 'onError'), 'onError', 10000);
      expect(error.data).to.deep.equal({
        code: 'playlist',
        message: 'Request failed with status code 404',
        retryable: false,
      });
    } finally {
      frame.close();
    }
  });

  it('ignores command events without a command name and an id, unknown commands and hostile details', async () => {
    const el = await mountPlayer({ client: 'demo' });
    const results: unknown[] = [];
    el.addEventListener('result', (e) => results.push(e.detail));
    const hostile = {
      get command(): string {
        throw new Error('boom');
      },
      id: 1,
    };
    for (const detail of [
      null,
      'getVolume',
      { command: 'getVolume' },
      { id: 1 },
      { command: 'nope', id: 2 },
      { command: 'togglePlay', id: 3 },
      hostile,
      new Proxy(
        {},
        {
          get: () => {
            throw new Error('trap');
          },
        },
      ),
    ]) {
      el.dispatchEvent(new CustomEvent('command', { detail }));
    }
    el.dispatchEvent(new CustomEvent('command', { detail: { command: 'getVolume', id: 'ok' } }));
    await waitFor(() => results.length > 0, 'the valid one answered');
    // Answered in promise reactions, in the order asked: the others would have been by the next task.
    await nextTask();
    expect(results).to.deep.equal([{ id: 'ok', result: 1 }]);
  });

  it('queues playVideo sent before the playlist is ready', async () => {
    const el = await mountPlayer({ client: 'demo', code: 'A_DEMO_VIDEO' }, { waitReady: false });
    const played = el.playVideo();
    expect(el.getPlayerState()).to.equal(-1);
    await played;
    await waitFor(() => el.getPlayerState() === 1, 'playing once ready', 10000);
  });

  it('screenshots: a download, an event in native wrappers, a notice when not possible', async () => {
    const el = await mountPlayer({ client: 'demo', code: 'A_DEMO_VIDEO', platform: 'ios' });
    await waitFor(() => el.getPlayerState() === 0, 'ready');
    await el.seekTo(2);
    await waitFor(() => el.getCurrentTime() > 1.5, 'seeked');
    const shots: string[] = [];
    el.addEventListener('screenshot', (e) => shots.push(e.detail.data));
    expect(await el.screenshot()).to.equal(true);
    expect(shots).to.have.length(1);
    expect(shots[0]).to.match(/^data:image\/png;base64,/);
    const img = new Image();
    img.src = shots[0];
    await img.decode();
    expect([img.width, img.height]).to.deep.equal([320, 180]); // the frame at pixel ratio 1
    const given = 'data:image/png;base64,iVBORw0KGgo=';
    expect(await el.screenshot(given), 'at most one per spacing').to.equal(false);
    // The spacing later by the player's own clock (injected; no real wait), the next one goes.
    const real = el[CONTROLLER].clock;
    el[CONTROLLER].clock = { ...real, now: () => real.now() + TIMING.screenshotSpacingMs };
    expect(await el.screenshot(given)).to.equal(true);
    expect(shots[1]).to.equal(given);
    await el.screenshot('javascript:alert(1)').then(
      () => expect.fail('accepted a bad data URL'),
      (e: { code: string }) => expect(e.code).to.equal('invalid_argument'),
    );
    // On the web the image downloads as a file named from the item.
    const web = await mountPlayer({ client: 'demo', code: 'A_DEMO_VIDEO' });
    await waitFor(() => web.getPlayerState() === 0, 'ready');
    const downloads: string[] = [];
    const restore = replaceProperty(HTMLAnchorElement.prototype, 'click', function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    try {
      expect(await web.screenshot()).to.equal(true);
    } finally {
      restore();
    }
    expect(downloads).to.deep.equal([`${web.getCurrentItem()!.code}.png`]);
    // Slides whose images come without CORS headers cannot be read back: 'Screenshot Disabled'.
    const slides = await mountSlidesWithoutCors();
    await waitFor(() => slides.getPlayerState() === 0, 'slides ready');
    expect(await slides.screenshot()).to.equal(false);
    await waitFor(() => $(slides, '.notice'), 'notice');
    expect($(slides, '.notice-headline')!.textContent).to.equal('Screenshot Disabled');
    expect($(slides, '.notice-text')!.textContent).to.equal('Use your system to capture an image of this screen.');
  });

  it('the UI and the keyboard go through the same command layer', async () => {
    const el = await mountPlayer({ client: 'demo', code: 'A_DEMO_VIDEO' });
    await waitFor(() => el.getPlayerState() === 0, 'ready');
    const c = el[CONTROLLER];
    const calls: string[] = [];
    const original = c.command.bind(c);
    c.command = (name: string, ...args: unknown[]) => {
      calls.push(name);
      return original(name as never, ...args);
    };
    $(el, '[data-control="mute"]')!.click();
    $(el, '.stage')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true, composed: true }));
    $(el, '[data-control="play"]')!.click();
    expect(calls).to.deep.equal(['toggleMute', 'seekBy', 'togglePlay']);
  });
});

describe('postMessage adapter: security and fuzzing', () => {
  afterEach(unmountAll);

  it('answers only its parent, from allowed origins, to the exact origin', async () => {
    const closed = new Embedded({ client: 'demo', 'allowed-origins': 'https://clinic.example', diagnostics: '1' });
    // An allow-list with no valid origin in it (a typo) denies every parent instead of allowing them all.
    const typo = new Embedded({
      client: 'demo',
      'allowed-origins': 'clinic.example javascript:alert(1)',
      diagnostics: '1',
    });
    const open = new Embedded({ client: 'demo', diagnostics: '1' });
    try {
      await open.ready();
      // Each refused frame's player is listening once it has said that it refuses us.
      for (const frame of [closed, typo])
        await frame.warningsWhen((w) =>
          w.some((line) =>
            line.includes(`the page that frames the player (${location.origin}) is not in allowed-origins`),
          ),
        );
      expect(await closed.callHandled('getVolume')).to.deep.equal({ none: true });
      expect(await typo.callHandled('getVolume')).to.deep.equal({ none: true });
      // Their players are ready too (the menu on screen): the ready event they would have sent us has been sent.
      for (const frame of [closed, typo])
        await waitFor(async () => (await frame.diagnostics()).ready, 'the refused player ready', 15000);
      expect(typo.events).to.deep.equal([]);
      expect(closed.events, 'events go to the configured origin only').to.deep.equal([]);
      expect(await open.call('getVolume')).to.deep.equal({ result: 1 });
      // Another window than the parent: ignored.
      const sibling = document.createElement('iframe');
      document.body.append(sibling);
      const send = new (sibling.contentWindow as unknown as typeof globalThis).Function(
        'w',
        'o',
        'd',
        'w.postMessage(d, o)',
      ) as (w: Window, o: string, d: unknown) => void;
      send(open.win, DEMO_ORIGIN, {
        type: 'patient-ed-player:command',
        payload: { command: 'setVolume', id: 'sib', volume: 0 },
      });
      await open.diagnostics(); // handled after the sibling's message
      expect(open.results.has('sib')).to.equal(false);
      expect(await open.call('getVolume')).to.deep.equal({ result: 1 });
      sibling.remove();
    } finally {
      closed.close();
      typo.close();
      open.close();
    }
  });

  it('answers the plain command shapes of the spec, as objects and as JSON text, with their id', async () => {
    const frame = new Embedded({ client: 'demo', 'allowed-origins': location.origin, diagnostics: '1' });
    const RESULT = 'patient-ed-player:result';
    try {
      await frame.ready();
      // At the top level: the typed answer, with its id and result at the top level too.
      expect(await frame.ask({ command: 'getVolume', id: 1 }, 1)).to.deep.equal({
        type: RESULT,
        payload: { id: 1, result: 1 },
        id: 1,
        result: 1,
      });
      // In `payload`, without a type: the arguments are read there.
      expect(await frame.ask({ payload: { command: 'setVolume', id: 'p1', volume: 0.5 } }, 'p1')).to.deep.equal({
        type: RESULT,
        payload: { id: 'p1', result: true },
        id: 'p1',
        result: true,
      });
      // JSON text of each is answered with JSON text.
      const top = await frame.ask(JSON.stringify({ command: 'getVolume', id: 'j1' }), 'j1');
      expect(top).to.be.a('string');
      expect(JSON.parse(top as string)).to.deep.equal({
        type: RESULT,
        payload: { id: 'j1', result: 0.5 },
        id: 'j1',
        result: 0.5,
      });
      const inPayload = await frame.ask(
        JSON.stringify({ payload: { command: 'setVolume', id: 'j2', volume: 'loud' } }),
        'j2',
      );
      expect(inPayload).to.be.a('string');
      type Failed = { type: string; id: string; error: { code: string }; payload: unknown };
      const failed = JSON.parse(inPayload as string) as Failed;
      expect([failed.type, failed.id, failed.error.code]).to.deep.equal([RESULT, 'j2', 'invalid_argument']);
      expect(failed.payload).to.deep.equal({ id: 'j2', error: failed.error });
      // A payload given as JSON text, with or without the typed envelope around it: answered as objects (the message
      // was one).
      expect(await frame.ask({ payload: JSON.stringify({ command: 'getVolume', id: 'pj' }) }, 'pj')).to.deep.equal({
        type: RESULT,
        payload: { id: 'pj', result: 0.5 },
        id: 'pj',
        result: 0.5,
      });
      expect(
        await frame.ask(
          { type: 'patient-ed-player:command', payload: JSON.stringify({ command: 'getVolume', id: 'tj' }) },
          'tj',
        ),
      ).to.deep.equal({ type: RESULT, payload: { id: 'tj', result: 0.5 } });
      // The typed envelope is answered as it always was, as an object or as JSON text.
      expect(
        await frame.ask({ type: 'patient-ed-player:command', payload: { command: 'getVolume', id: 't1' } }, 't1'),
      ).to.deep.equal({ type: RESULT, payload: { id: 't1', result: 0.5 } });
      expect(
        await frame.ask(
          JSON.stringify({ type: 'patient-ed-player:command', payload: { command: 'getVolume', id: 't2' } }),
          't2',
        ),
      ).to.equal(JSON.stringify({ type: RESULT, payload: { id: 't2', result: 0.5 } }));
      // Ignored: JSON text over the length limit, a message of another protocol (another type), an unknown command.
      expect(
        await frame.answers(
          JSON.stringify({ command: 'setVolume', id: 'big', volume: 0, pad: 'x'.repeat(MAX_JSON_LENGTH) }),
          'big',
        ),
      ).to.equal(false);
      expect(
        await frame.answers({ type: 'other:command', command: 'setVolume', id: 'other', volume: 0 }, 'other'),
      ).to.equal(false);
      expect(await frame.answers({ command: 'setVolumes', id: 'unknown', volume: 0 }, 'unknown')).to.equal(false);
      expect(await frame.call('getVolume')).to.deep.equal({ result: 0.5 });
    } finally {
      frame.close();
    }
  });

  it('answers no plain shape to a foreign origin, nor under an allow-list without an origin', async () => {
    const closed = new Embedded({ client: 'demo', 'allowed-origins': 'https://clinic.example', diagnostics: '1' });
    const typo = new Embedded({ client: 'demo', 'allowed-origins': 'clinic.example', diagnostics: '1' });
    const shapes = (id: string) => [
      { command: 'setVolume', id: `${id}-top`, volume: 0 },
      { payload: { command: 'setVolume', id: `${id}-payload`, volume: 0 } },
      JSON.stringify({ command: 'setVolume', id: `${id}-top-json`, volume: 0 }),
      JSON.stringify({ payload: { command: 'setVolume', id: `${id}-payload-json`, volume: 0 } }),
      JSON.stringify({
        type: 'patient-ed-player:command',
        payload: { command: 'setVolume', id: `${id}-typed-json`, volume: 0 },
      }),
    ];
    const notDiagnostics = (frame: Embedded) =>
      frame.messages.filter((m) => (m as { type?: unknown })?.type !== 'embed-diagnostics:report');
    try {
      // Each is listening once it has said that it refuses us; a diagnostics round trip after the shapes is handled
      // after them (one window, messages in order).
      for (const frame of [closed, typo]) {
        await frame.warningsWhen((w) =>
          w.some((line) =>
            line.includes(`the page that frames the player (${location.origin}) is not in allowed-origins`),
          ),
        );
        for (const message of shapes('x')) frame.post(message);
        await frame.diagnostics();
      }
      expect(notDiagnostics(closed), 'nothing to a foreign origin').to.deep.equal([]);
      expect(notDiagnostics(typo), 'nothing under an allow-list without an origin').to.deep.equal([]);
    } finally {
      closed.close();
      typo.close();
    }
  });

  it('names mistaken allow-list entries and a refused origin in the console, once each', async () => {
    const frame = new Embedded({
      client: 'demo',
      'allowed-origins': 'localhost:8000 https://clinic.example/page',
      diagnostics: '1',
    });
    const typo = new Embedded({ client: 'demo', 'allowed-origins': 'clinic.example', diagnostics: '1' });
    // Named as the player attaches, before any command: a host that waits for `ready` first hears it too.
    const refused =
      `patient-ed-player: the page that frames the player (${location.origin}) is not in allowed-origins: ` +
      'its commands are ignored and its events go elsewhere';
    const ours = (warnings: string[]) => warnings.filter((w) => w.includes('allowed-origins'));
    const notOrigin = (entry: string) =>
      `patient-ed-player: allowed-origins entry "${entry}" is not an http(s) origin and is ignored ` +
      '(write it as https://host or http://host:port)';
    try {
      for (const f of [frame, typo]) {
        await f.warningsWhen((w) => w.includes(refused));
        // A flood of commands from the refused origin, in every shape.
        for (let i = 0; i < 100; i++) {
          const payload = { command: 'setVolume', id: `flood${i}`, volume: 0 };
          f.post(
            [payload, { payload }, JSON.stringify(payload), { type: 'patient-ed-player:command', payload }][i % 4],
          );
        }
      }
      // The diagnostics' question is handled after the flood (one window, messages in order).
      expect(ours((await frame.diagnostics()).warnings)).to.deep.equal([
        notOrigin('localhost:8000'),
        'patient-ed-player: allowed-origins entry "https://clinic.example/page" is more than an origin: ' +
          'only https://clinic.example counts',
        refused,
      ]);
      expect(ours((await typo.diagnostics()).warnings)).to.deep.equal([
        notOrigin('clinic.example'),
        'patient-ed-player: allowed-origins has no http(s) origin: no page may command the player',
        refused,
      ]);
    } finally {
      frame.close();
      typo.close();
    }
  });

  it('survives 5,000 random or malformed messages: no exception, no answer to an invalid one', async function () {
    this.timeout(120000);
    const frame = new Embedded({
      client: 'demo',
      code: 'A_DEMO_VIDEO',
      'allowed-origins': location.origin,
      diagnostics: '1',
    });
    const other = new Embedded({ client: 'demo', 'allowed-origins': 'https://clinic.example', diagnostics: '1' });
    try {
      await frame.ready();
      // The item ready (state 0), so that nothing changes by itself while the messages come.
      await waitFor(
        async () => {
          const state = await frame.call('getPlayerState');
          return 'result' in state && state.result === 0;
        },
        'the item ready',
        10000,
      );
      const snapshot = async () => ({
        state: await frame.call('getPlayerState'),
        volume: await frame.call('getVolume'),
        index: await frame.call('getCurrentPlaylistIndex'),
        language: await frame.call('getLanguage'),
        path: (await frame.diagnostics()).path,
      });
      const before = await snapshot();
      const answeredBefore = frame.received;
      // Deterministic PRNG.
      let seed = 0x5eed;
      const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
      const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)];
      const junk = (): unknown =>
        pick<() => unknown>([
          () => null,
          () => undefined,
          () => rnd() * 1e9,
          () => Number.NaN,
          () => 'x'.repeat(Math.floor(rnd() * 100)),
          () => [1, 'two', { three: 3 }],
          () => ({ nested: { deeper: { deepest: [null] } } }),
          () => true,
          () => new Date(0),
          () => new Uint8Array(16),
        ])();
      const commands = [...HOST_COMMANDS];
      const invalid: (() => unknown)[] = [
        () => junk(),
        () => ({ type: 'patient-ed-player:command' }),
        () => ({ type: 'patient-ed-player:command', payload: junk() }),
        () => ({ type: 'patient-ed-player:command', payload: { command: pick(commands) } }),
        () => ({ type: 'patient-ed-player:command', payload: { id: 'no-command' } }),
        () => ({ type: 'patient-ed-player:command', payload: { command: `nope${Math.floor(rnd() * 100)}`, id: 'x' } }),
        () => ({
          type: 'patient-ed-player:command',
          payload: { command: pick(commands), id: pick([null, {}, [], Number.NaN, '', 'y'.repeat(201), true]) },
        }),
        () => ({ type: 'patient-ed-player:command', payload: { command: 123, id: 'z' } }),
        () => ({ type: 'patient-ed-player:command', payload: [pick(commands), 'id'] }),
        () => ({
          type: 'patient-ed-player:command',
          payload: JSON.parse(
            '{"__proto__":{"polluted":1,"command":"setVolume","id":"p"},"constructor":{"prototype":{"polluted":1}}}',
          ) as unknown,
        }),
        () => ({ type: 'patient-ed-player:result', payload: { id: 'r', result: 1 } }),
        () => ({ type: 'PATIENT-ED-PLAYER:COMMAND', payload: { command: 'stop', id: 'case' } }),
        () => ({ type: 'patient-ed-player:command', payload: { command: 'constructor', id: 'ctor' } }),
        () => ({ type: 'patient-ed-player:command', payload: { command: 'toString', id: 'ts' } }),
        () => ({ type: 'patient-ed-player:command', payload: { command: 'togglePlay', id: 'ui-only' } }),
        // The plain shapes, and JSON text.
        () => ({ command: pick(commands) }),
        () => ({ id: 'plain-no-command' }),
        () => ({ command: `nope${Math.floor(rnd() * 100)}`, id: 'x' }),
        () => ({ command: pick(commands), id: pick([null, {}, [], '', 'y'.repeat(201), true]) }),
        () => ({ command: 'togglePlay', id: 'plain-ui-only' }),
        () => ({ payload: junk() }),
        () => ({ payload: { command: pick(commands) } }),
        () => ({ type: 'other-protocol', command: pick(commands), id: 'other-type' }),
        () => ({ type: null, payload: { command: pick(commands), id: 'null-type' } }),
        () => JSON.stringify(junk()),
        () => JSON.stringify({ command: `nope${Math.floor(rnd() * 100)}`, id: 'x' }),
        () => JSON.stringify({ payload: { id: 'json-no-command' } }),
        () => `{"command":"${pick(commands)}","id":"cut`,
        () => `{"type":"patient-ed-player:command","payload":{"command":"getVolume","id":"bad-json",}}`,
        () => '{"__proto__":{"polluted":1,"command":"setVolume","id":"p"},"constructor":{"prototype":{"polluted":1}}}',
      ];
      // JSON text to choke on: deeply nested (under and over the length limit), a valid command over it, a megabyte.
      const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
      const bombs = [
        nested(Math.floor((MAX_JSON_LENGTH - 1) / 2)),
        '{"payload":'.repeat(5_000) + '{}' + '}'.repeat(5_000),
        nested(MAX_JSON_LENGTH),
        JSON.stringify({ command: 'setVolume', id: 'over-limit', volume: 0, pad: 'x'.repeat(MAX_JSON_LENGTH) }),
        'h'.repeat(1_000_000),
      ];
      const deep = '['.repeat(20_000) + ']'.repeat(20_000);
      // A command in each of the accepted shapes (docs/api.md, postMessage).
      const shaped = (payload: Record<string, unknown>): unknown =>
        pick<() => unknown>([
          () => ({ type: 'patient-ed-player:command', payload }),
          () => payload,
          () => ({ payload }),
          () => JSON.stringify({ type: 'patient-ed-player:command', payload }),
          () => JSON.stringify(payload),
          () => JSON.stringify({ payload }),
        ])();
      let badArgIds = 0;
      const sent = new Map<string, unknown>();
      const badArgs = () => {
        const id = `bad${++badArgIds}`;
        return pick([
          { command: 'setVolume', id, volume: pick(['1', null, Number.NaN, Number.POSITIVE_INFINITY, {}, [0.5]]) },
          { command: 'seekTo', id, seconds: pick([-5, '10', null, Number.NEGATIVE_INFINITY]) },
          { command: 'seekToIndex', id, index: pick([0.5, '1', Number.NaN]) },
          { command: 'setLanguage', id, language: pick(['xx', 5, 'x'.repeat(10_000)]) },
          { command: 'navigate', id, code: pick(['', '../../etc', 'a b', 'x'.repeat(300), 42]) },
        ]);
      };
      const huge = 'h'.repeat(1_000_000);
      for (let i = 0; i < 5000; i++) {
        const r = rnd();
        if (r < 0.1) {
          const m = badArgs() as Record<string, unknown>;
          sent.set(m.id as string, m);
          frame.post(shaped(m));
        } else if (r < 0.15)
          other.post(shaped({ command: 'setVolume', id: `o${i}`, volume: 0 })); // foreign origin for that player
        else if (r < 0.16) frame.send({ command: 'getVolume', id: huge.slice(0, 1000), blob: huge });
        else if (r < 0.165) frame.post(pick(bombs));
        else if (r < 0.17) {
          // A known command whose argument is nested 20,000 deep: an error answer.
          const id = `bad${++badArgIds}`;
          sent.set(id, 'volume nested 20,000 deep');
          frame.post(`{"command":"setVolume","id":"${id}","volume":${deep}}`);
        } else frame.post(pick(invalid)());
      }
      const badAnswers = () =>
        [...frame.results.keys()].filter((id) => typeof id === 'string' && id.startsWith('bad')).length;
      // Every answer, however long 5,000 messages take on a loaded machine (over 15 s at a load average of 20 on two
      // cores: the frame may share this page's thread, and its answers come after every message it was sent).
      await waitFor(() => badAnswers() >= badArgIds, `${badArgIds} error answers`, 60000);
      // Any answer that should not come would have come before the answer to a question asked after every message.
      const diagnostics = await frame.diagnostics();
      await other.diagnostics();
      const answers = [...frame.results.entries()].filter(([id]) => typeof id === 'string' && id.startsWith('bad'));
      expect(answers.length, 'every bad-argument command gets an error answer').to.equal(badArgIds);
      for (const [id, a] of answers)
        expect(
          'error' in a && a.error.code,
          `error answer for ${id}: ${JSON.stringify(a)} ${JSON.stringify(sent.get(String(id)))?.slice(0, 200)}`,
        ).to.equal('invalid_argument');
      expect(frame.received - answeredBefore, 'no answer to invalid messages').to.equal(badArgIds);
      expect(other.received, 'no answer to a foreign origin').to.equal(0);
      expect(diagnostics.errors).to.deep.equal([]);
      expect(diagnostics.polluted).to.equal(false);
      expect((await other.diagnostics()).errors).to.deep.equal([]);
      expect(await snapshot()).to.deep.equal(before);
      // Valid commands still work.
      expect(await frame.call('setVolume', { volume: 0.3 })).to.deep.equal({ result: true });
      expect(await frame.call('getVolume')).to.deep.equal({ result: 0.3 });
    } finally {
      frame.close();
      other.close();
    }
  });
});
