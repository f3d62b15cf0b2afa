import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { CONTROLLER } from '../src/app/embed-options';
import type { PatientEdPlayerElement } from '../src/element/player-element';
import { PlaybackRate } from '../src/playback/playback-rate';
import { clampRate, steppedRate } from '../src/playback/rate';
import type { MediaAdapter } from '../src/playback/types';
import { STORAGE_KEY, type Preferences } from '../src/preferences/defaults';
import { FakeClock } from './fake-clock';
import {
  $,
  $$,
  cleanPlayersAndFaults,
  controlNames,
  findControl,
  mountPlayer,
  nextTask,
  rejection,
  waitFor,
} from './helpers';

// Playback speed (0.5x to 2x): the setPlaybackRate / getPlaybackRate commands, the `<` and `>` keys, Settings > Video
// > Speed and the control bar's Speed entry; remembered with the visitor's choices, applied to every media kind.
// Picture-in-picture for html5 videos where the browser offers it.

const pb = (el: PatientEdPlayerElement) => el[CONTROLLER].state.playback;
const video = (el: PatientEdPlayerElement) => $<HTMLVideoElement>(el, 'video.media')!;
const storedLocal = (): Partial<Preferences> =>
  (JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as { local?: Partial<Preferences> }).local ?? {};

function rateEvents(el: HTMLElement) {
  const seen: number[] = [];
  el.addEventListener('ratechange', (e) => seen.push((e as CustomEvent<{ rate: number }>).detail.rate));
  return seen;
}

async function mountReady(attrs: Record<string, string>, clock?: FakeClock) {
  const el = await mountPlayer({ client: 'demo', ...attrs }, { clock });
  await waitFor(() => pb(el).ready, `ready item (error ${pb(el).error?.message})`, 10000);
  return el;
}

const press = (el: HTMLElement, key: string) => {
  const target = $(el, '.stage')!;
  target.focus();
  target.dispatchEvent(
    new KeyboardEvent('keydown', { key, shiftKey: true, bubbles: true, composed: true, cancelable: true }),
  );
};

async function openSpeedSettings(el: PatientEdPlayerElement) {
  const base = el.currentPath.replace(/\/settings.*$/, '').replace(/\/$/, '');
  el[CONTROLLER].navigate(`${base}/settings/video/speed`);
  return waitFor(() => $$<HTMLInputElement>(el, '.modal input[type="radio"]').length === 7, 'the Speed choices');
}

const radio = (el: Element, name: string) =>
  $$<HTMLInputElement>(el, '.modal input[type="radio"]').find((r) => r.closest('label')?.textContent === name)!;

describe('playback speed: the rule', () => {
  it('keeps rates within 0.5..2 and steps on the 0.25 grid', () => {
    expect([clampRate(0.1), clampRate(3), clampRate(1.3), clampRate(Number.NaN)]).to.deep.equal([0.5, 2, 1.3, 1]);
    expect([steppedRate(1, 0.25), steppedRate(1, -0.25), steppedRate(2, 0.25), steppedRate(0.5, -0.25)]).to.deep.equal([
      1.25, 0.75, 2, 0.5,
    ]);
    expect(steppedRate(1.1, 0.25), 'a rate off the grid steps onto it').to.equal(1.25);
  });

  it('the player’s rate: a command before the preference is seen wins; a refusal plays at 1 and is told', async () => {
    const told: number[] = [];
    const calls: number[] = [];
    let refuse = false;
    const loaded: { media?: MediaAdapter } = {};
    const rate = new PlaybackRate({ media: () => loaded.media, changed: (r) => told.push(r) });
    rate.set(1.5);
    rate.follow(1); // the preference first seen: the host's command stays
    expect(rate.current(1)).to.equal(1.5);
    const media = (loaded.media = {
      setPlaybackRate: (r: number) => {
        calls.push(r);
        return refuse ? Promise.reject(new Error('not allowed')) : undefined;
      },
    } as unknown as MediaAdapter);
    rate.attach(media, 1);
    expect(calls, 'the new media at the rate asked for').to.deep.equal([1.5]);
    refuse = true;
    rate.set(2);
    await nextTask();
    expect(rate.current(1), 'refused: it plays at 1').to.equal(1);
    refuse = false;
    rate.follow(0.75); // the preference changed (the Settings choice, another tab's)
    expect([calls.at(-1), rate.current(1)]).to.deep.equal([0.75, 0.75]);
    expect(told).to.deep.equal([1.5, 2, 1, 0.75]);
  });
});

describe('playback speed', () => {
  cleanPlayersAndFaults();

  it('setPlaybackRate plays the html5 video at the rate (clamped), getPlaybackRate and ratechange agree', async () => {
    const el = await mountReady({ code: 'A_DEMO_VIDEO' });
    const rates = rateEvents(el);
    expect(el.getPlaybackRate()).to.equal(1);
    expect(video(el).playbackRate).to.equal(1);
    expect(await el.setPlaybackRate(1.5)).to.equal(1.5);
    expect(video(el).playbackRate).to.equal(1.5);
    expect(el.getPlaybackRate()).to.equal(1.5);
    expect(await el.setPlaybackRate(7)).to.equal(2);
    expect(video(el).playbackRate, 'clamped to 2').to.equal(2);
    await el.setPlaybackRate(0.1);
    expect([video(el).playbackRate, el.getPlaybackRate()], 'clamped to 0.5').to.deep.equal([0.5, 0.5]);
    await el.setPlaybackRate(0.5);
    expect(rates, 'one event per change').to.deep.equal([1.5, 2, 0.5]);
    const bad = await rejection<{ code: string }>(el.setPlaybackRate('fast' as unknown as number));
    expect(bad.code).to.equal('invalid_argument');
    expect(video(el).playbackRate, 'a bad argument changes nothing').to.equal(0.5);
    expect(storedLocal().speed, 'remembered with the visitor’s choices').to.equal(50);
    await el.playVideo();
    await waitFor(() => pb(el).playerState === 1, 'playing');
    expect(video(el).playbackRate, 'still at its rate once playing').to.equal(0.5);
  });

  it('the > and < keys (Shift+. and Shift+,) step by 0.25 within 0.5..2', async () => {
    const el = await mountReady({ code: 'A_DEMO_VIDEO' });
    const rates = rateEvents(el);
    press(el, '>');
    expect(video(el).playbackRate).to.equal(1.25);
    await waitFor(() => $(el, '.indicator[data-indicator="rate"]')?.textContent === '1.25×', 'the speed on the stage');
    press(el, '<');
    press(el, '<');
    press(el, '<');
    expect(video(el).playbackRate).to.equal(0.5);
    press(el, '<');
    expect(el.getPlaybackRate(), 'not below 0.5').to.equal(0.5);
    for (let i = 0; i < 8; i++) press(el, '>');
    expect(el.getPlaybackRate(), 'not above 2').to.equal(2);
    expect(rates.slice(0, 4)).to.deep.equal([1.25, 1, 0.75, 0.5]);
    expect(rates.at(-1)).to.equal(2);
  });

  it('Settings > Video > Speed applies at once, is announced, kept on reload and for the next playlist', async () => {
    const el = await mountReady({ code: 'A_DEMO_VIDEO' });
    await openSpeedSettings(el);
    expect($$(el, '.modal input[type="radio"]').map((r) => r.closest('label')!.textContent)).to.deep.equal([
      '0.5×',
      '0.75×',
      'Normal',
      '1.25×',
      '1.5×',
      '1.75×',
      '2×',
    ]);
    expect(radio(el, 'Normal').checked).to.equal(true);
    radio(el, '0.75×').click();
    await waitFor(() => video(el).playbackRate === 0.75, 'the video at 0.75');
    expect(el.getPlaybackRate()).to.equal(0.75);
    expect($(el, '[data-settings-status]')!.textContent).to.equal('Speed: 0.75×');
    expect(storedLocal().speed).to.equal(75);

    // The next playlist plays at the chosen speed.
    el.setAttribute('code', 'A_DEMO_DUAL');
    await waitFor(() => pb(el).playlist?.code === 'A_DEMO_DUAL' && pb(el).ready, 'the other playlist ready');
    expect(video(el).playbackRate).to.equal(0.75);

    // A reload of the element (a new visit): the choice is remembered.
    el.remove();
    const again = await mountReady({ code: 'A_DEMO_VIDEO' });
    expect([video(again).playbackRate, again.getPlaybackRate()]).to.deep.equal([0.75, 0.75]);
    await openSpeedSettings(again);
    expect(radio(again, '0.75×').checked).to.equal(true);
  });

  it('the control bar’s Speed entry names the speed and opens Settings > Video > Speed', async () => {
    const el = await mountReady({ code: 'A_DEMO_VIDEO', speed: '150' });
    expect(video(el).playbackRate, 'the speed attribute').to.equal(1.5);
    el.style.width = '480px'; // narrow: Speed is in the More menu
    // Once the bar has fitted itself to the new width (its resize observer, some frames later under load).
    await waitFor(() => !$(el, '.control-row [data-control="speed"]:not(.more-item)'), 'Speed out of the row');
    const entry = await findControl(el, 'speed');
    expect(entry.classList.contains('more-item'), 'in the More menu').to.equal(true);
    expect(entry.textContent).to.equal('Speed: 1.5×');
    entry.click();
    await waitFor(() => $(el, '.modal[data-modal-name="settings/video/speed"]'), 'the Speed settings');
  });

  it('slides advance faster on the player’s clock', async () => {
    const clock = new FakeClock();
    const el = await mountReady({ code: 'A_DEMO_SLIDES' }, clock);
    await el.setPlaybackRate(2);
    await el.playVideo();
    await waitFor(() => pb(el).playerState === 1, 'slides playing');
    const start = pb(el).currentTime;
    clock.tick(1000);
    expect(pb(el).currentTime - start, 'two seconds of slides in one of the clock').to.be.closeTo(2, 0.05);
    await el.setPlaybackRate(0.5);
    clock.tick(1000);
    expect(pb(el).currentTime - start, 'then half a second per second').to.be.closeTo(2.5, 0.05);
    const second = pb(el).playlist!.items[0].slides[1].t / 1000;
    await el.setPlaybackRate(2);
    clock.tick(((second - pb(el).currentTime) / 2) * 1000 + 100);
    await waitFor(() => $(el, '.slide[data-slide="1"]:not([hidden])'), 'the second slide');
  });

  it('YouTube and Vimeo play at the rate through their APIs; a Vimeo video that refuses it plays at 1', async () => {
    const w = window as unknown as {
      __fakeYT: { players: { calls: unknown[][] }[] };
      __fakeVimeo: { refuseRate?: boolean; players: { calls: unknown[][] }[] };
    };
    const yt = await mountReady({
      code: 'A_DEMO_YT',
      speed: '125',
      'youtube-api-url': '/test/fixtures/fake-youtube-iframe-api.js',
    });
    const ytPlayer = w.__fakeYT.players.at(-1)!;
    expect(ytPlayer.calls, 'the speed from the start').to.deep.include(['setPlaybackRate', 1.25]);
    await yt.setPlaybackRate(1.75);
    expect(ytPlayer.calls.at(-1)).to.deep.equal(['setPlaybackRate', 1.75]);
    expect(yt.getPlaybackRate()).to.equal(1.75);

    const vimeo = await mountReady({
      code: 'A_DEMO_VIMEO',
      'vimeo-api-url': '/test/fixtures/fake-vimeo-player-api.js',
    });
    const vimeoPlayer = w.__fakeVimeo.players.at(-1)!;
    await waitFor(() => vimeoPlayer.calls.some((c) => c[0] === 'setPlaybackRate' && c[1] === 1.75), 'Vimeo at 1.75');
    const rates = rateEvents(vimeo);
    w.__fakeVimeo.refuseRate = true;
    try {
      await vimeo.setPlaybackRate(1.5);
      expect(vimeoPlayer.calls.at(-1)).to.deep.equal(['setPlaybackRate', 1.5]);
      await waitFor(() => vimeo.getPlaybackRate() === 1, 'refused: plays at 1');
      expect(rates).to.deep.equal([1.5, 1]);
      expect(pb(vimeo).error, 'no failure shown').to.equal(undefined);
    } finally {
      w.__fakeVimeo.refuseRate = false;
    }
  });
});

describe('picture-in-picture', () => {
  cleanPlayersAndFaults();

  it('is offered for an html5 video where the browser offers it, and nowhere else', async () => {
    const el = await mountReady({ code: 'A_DEMO_VIDEO' });
    // WebKitGTK has no Picture-in-Picture API (undefined): not offered.
    const offered = Boolean(document.pictureInPictureEnabled);
    expect((await controlNames(el)).includes('picture-in-picture')).to.equal(offered);
    const slides = await mountReady({ code: 'A_DEMO_SLIDES' });
    expect(await controlNames(slides)).to.not.include('picture-in-picture');
    expect(await slides.togglePictureInPicture(), 'slides: nothing to put in picture-in-picture').to.equal(false);
  });

  it('where offered (not in WebKitGTK): the entry puts the video in picture-in-picture and back', async () => {
    if (!document.pictureInPictureEnabled) return; // a browser without it: the test below covers that
    const el = await mountReady({ code: 'A_DEMO_VIDEO' });
    const root = el.shadowRoot!;
    // A key press is the visitor's gesture the browser asks for.
    const choose = async () => {
      (await findControl(el, 'picture-in-picture')).focus();
      await sendKeys({ press: 'Enter' });
    };
    const pressed = async () => {
      const entry = await findControl(el, 'picture-in-picture');
      return entry.getAttribute(entry.classList.contains('more-item') ? 'aria-checked' : 'aria-pressed');
    };
    expect(await pressed()).to.equal('false');
    await choose();
    await waitFor(() => root.pictureInPictureElement === video(el), 'the video in picture-in-picture');
    expect(await pressed(), 'the switch on').to.equal('true');
    // Back with a click (leaving needs no gesture): Firefox's picture-in-picture window takes the keyboard focus.
    (await findControl(el, 'picture-in-picture')).click();
    await waitFor(() => root.pictureInPictureElement === null, 'back in the player');
    expect(await pressed(), 'the switch off').to.equal('false');
  });

  it('hidden when the browser does not offer it; the command then changes nothing and answers false', async () => {
    Object.defineProperty(document, 'pictureInPictureEnabled', { value: false, configurable: true });
    try {
      const el = await mountReady({ code: 'A_DEMO_VIDEO' });
      await nextTask();
      expect(await controlNames(el)).to.not.include('picture-in-picture');
      expect(await el.togglePictureInPicture()).to.equal(false);
      expect(document.pictureInPictureElement ?? null).to.equal(null);
    } finally {
      delete (document as { pictureInPictureEnabled?: boolean }).pictureInPictureEnabled;
    }
  });
});
