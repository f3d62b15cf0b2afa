import { expect } from '@open-wc/testing';
import { CONTROLLER } from '../src/app/embed-options';
import { InterfaceGate } from '../src/app/interface-gate';
import { TIMING } from '../src/playback/timing';
import { FakeClock } from './fake-clock';
import {
  $,
  answerNext,
  cleanPlayersAndFaults,
  delayNext,
  failNext,
  FAULT_PROVIDER_URL,
  hangNext,
  steady,
  shadow,
  mountPlayer,
  nextTask,
  waitFor,
} from './helpers';

/**
 * Issue 25, the first frame: a player opened on an item runs its interface (React's first render) only once the
 * item's media request has left; a failure, any other route or the time limit opens it (src/app/interface-gate.ts).
 */
describe('the interface gate (pure, injected time)', () => {
  it('held, it opens after the limit; opened, it runs what waits once, and at once what comes later', () => {
    const clock = new FakeClock();
    const gate = new InterfaceGate(clock);
    const ran: string[] = [];
    gate.hold(1000);
    gate.whenOpen(() => ran.push('a'));
    const cancel = gate.whenOpen(() => ran.push('cancelled'));
    cancel();
    clock.tick(999);
    expect([gate.isOpen, ran]).to.deep.equal([false, []]);
    clock.tick(1);
    expect([gate.isOpen, ran]).to.deep.equal([true, ['a']]);
    gate.whenOpen(() => ran.push('b'));
    gate.open();
    gate.hold(1000);
    clock.tick(5000);
    expect(ran).to.deep.equal(['a', 'b']);
  });

  it('released (the player left the page), its limit stops; held again, the limit counts afresh', () => {
    const clock = new FakeClock();
    const gate = new InterfaceGate(clock);
    let runs = 0;
    gate.whenOpen(() => runs++);
    gate.hold(1000);
    clock.tick(600);
    gate.release();
    clock.tick(5000);
    expect([gate.isOpen, runs]).to.deep.equal([false, 0]);
    gate.hold(1000);
    clock.tick(999);
    expect(gate.isOpen).to.equal(false);
    clock.tick(1);
    expect([gate.isOpen, runs]).to.deep.equal([true, 1]);
  });

  it('opened before its limit, the limit does nothing; never held, it waits for `open`', () => {
    const clock = new FakeClock();
    const held = new InterfaceGate(clock);
    let runs = 0;
    held.hold(1000);
    held.whenOpen(() => runs++);
    held.open();
    clock.tick(2000);
    expect(runs).to.equal(1);
    const unheld = new InterfaceGate(clock);
    unheld.whenOpen(() => runs++);
    clock.tick(60_000);
    expect([unheld.isOpen, runs]).to.deep.equal([false, 1]);
  });
});

/**
 * A player on a video whose playlist takes 8 s, on a clock never moved by itself: held, its early player shown (in
 * `language`, when given).
 */
async function mountHeld(language?: string) {
  await delayNext('/api/clients/demo/playlists/A_DEMO_VIDEO', 8000);
  const clock = new FakeClock();
  const el = await mountPlayer(
    { client: 'demo', code: 'A_DEMO_VIDEO', 'provider-url': FAULT_PROVIDER_URL, ...(language ? { language } : {}) },
    { waitReady: false, clock },
  );
  await waitFor(() => $(el, '.shell.early-player .stage-loading'), 'the placeholder');
  return { el, clock };
}

describe('the interface gate in a player', () => {
  cleanPlayersAndFaults();
  const descriptor = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, 'src')!;
  afterEach(() => Object.defineProperty(HTMLMediaElement.prototype, 'src', descriptor));

  it('a player opened on a video sets its source before React renders anything; then the screen comes', async () => {
    const seen: { react: boolean; placeholder: boolean }[] = [];
    const players: HTMLElement[] = [];
    // React marks the container of a root it mounted (its shadow root here).
    const reactMounted = (root: ShadowRoot) => Object.keys(root).some((k) => k.startsWith('__reactContainer$'));
    Object.defineProperty(HTMLMediaElement.prototype, 'src', {
      ...descriptor,
      set(value: string) {
        for (const el of players)
          seen.push({ react: reactMounted(el.shadowRoot!), placeholder: Boolean($(el, '.shell.early-player')) });
        descriptor.set!.call(this, value);
      },
    });
    // The source comes a few round trips after the element starts: the element is known by then.
    const player = await mountPlayer({ client: 'demo', code: 'A_DEMO_VIDEO' }, { waitReady: false });
    players.push(player);
    const events: string[] = [];
    for (const name of ['navigate', 'ready']) player.addEventListener(name, () => events.push(name));
    await waitFor(() => seen.length > 0, 'the source set');
    expect(seen[0], 'only the plain placeholder when the source is set').to.deep.equal({
      react: false,
      placeholder: true,
    });
    await waitFor(() => $(player, '.player-screen .stage video.media'), 'the player screen with the video', 10000);
    await waitFor(() => player.getPlayerState() === 0, 'ready');
    // The screen and the shell render together now: still the route first, then the screen's `ready`.
    await waitFor(() => events.includes('ready'), 'the ready event');
    expect(events).to.deep.equal(['navigate', 'ready']);
  });

  it('a playlist the provider does not have opens it at once: the failure shows (no limit reached)', async () => {
    const clock = new FakeClock(); // never moved: only the failure can open the gate
    const el = await mountPlayer({ client: 'demo', code: 'A_NO_SUCH_PLAYLIST' }, { waitReady: false, clock });
    await waitFor(() => $(el, '.player-screen .load-failure'), 'the failure on the player screen', 10000);
    await waitFor(() => !$(el, '.early-player'), 'the early player gone');
    expect(getComputedStyle($(el, '.shell')!).display).to.not.equal('none');
  });

  it('a video source that fails opens it at once: the item failure shows', async () => {
    await failNext('/api/vod/demo/', 404);
    const clock = new FakeClock();
    const el = await mountPlayer(
      { client: 'demo', code: 'A_DEMO_VIDEO', 'provider-url': FAULT_PROVIDER_URL },
      { waitReady: false, clock },
    );
    await waitFor(() => $(el, '.player-screen .stage'), 'the player screen', 10000);
    await waitFor(() => el.getPlayerState() === -1 && $(el, '.stage-error'), 'the error');
  });

  it('a playlist that does not come: the interface runs after the limit, showing that it loads', async () => {
    const { el, clock } = await mountHeld();
    for (let i = 0; i < 10; i++) await nextTask();
    expect(Boolean($(el, '.player-screen')), 'held').to.equal(false);
    // When the interface's shell first enters the shadow root, is the early player (with no video) still there?
    const atCommit: boolean[] = [];
    const commits = new MutationObserver((records) => {
      const added = records.flatMap((r) => [...r.addedNodes]) as Element[];
      if (added.some((n) => n.classList?.contains('shell') && !n.classList.contains('early-player')))
        atCommit.push(Boolean($(el, '.early-player')));
    });
    commits.observe(shadow(el), { childList: true });
    clock.tick(TIMING.interfaceHoldMs);
    await waitFor(() => $(el, '.player-screen'), 'the player screen, loading', 10000);
    // Nothing to hand over: the early player went as the interface mounted, and the interface's shell shows.
    commits.disconnect();
    expect(atCommit, 'the early player gone before the shell came').to.deep.equal([false]);
    expect($(el, '.early-player')).to.equal(null);
    expect(getComputedStyle($(el, '.shell')!).display).to.not.equal('none');
  });

  it("held, it asks for the entry's strings only; the player's come as it opens", async () => {
    const { el, clock } = await mountHeld('es');
    const { state } = el[CONTROLLER];
    // A language's catalogs are activated together: those of the first Spanish activation are what the route asked.
    await waitFor(() => state.locale === 'es', 'the Spanish strings');
    expect(state.catalogs).to.deep.equal(['messages']);
    for (let i = 0; i < 5; i++) await nextTask();
    expect(state.catalogs, 'nothing more while it holds').to.deep.equal(['messages']);
    clock.tick(TIMING.interfaceHoldMs);
    await waitFor(() => state.catalogs.includes('player'), "the player's strings", 10000);
    await waitFor(() => $(el, '.player-screen'), 'the player screen', 10000);
  });

  it("the early player has the visitor's text size, contrast and motion choices, the practice's colour", async () => {
    const { el } = await mountHeld();
    const controller = el[CONTROLLER];
    const shell = $(el, '.shell.early-player')!;
    const spinner = $(el, '.early-player .spinner')!;
    expect([getComputedStyle(shell).fontSize, getComputedStyle(spinner).animationName]).to.deep.equal([
      '16px',
      'ped-spin',
    ]);
    controller.setLocalPreference('fontSize', 200);
    controller.setLocalPreference('increaseContrast', 1);
    controller.setLocalPreference('reduceMotion', 1);
    controller.setLocalPreference('color', '#aa0000');
    await waitFor(() => shell.classList.contains('reduce-motion'), 'the choices applied');
    expect(shell.classList.contains('increase-contrast')).to.equal(true);
    expect(getComputedStyle(shell).fontSize).to.equal('32px');
    expect(getComputedStyle(spinner).animationName).to.equal('none');
    expect(getComputedStyle(el).getPropertyValue('--ped-color').trim().toLowerCase()).to.equal('#aa0000');
  });

  it('a held player taken off the page: its limit stops with it; put back, it loads as before', async () => {
    const { el, clock } = await mountHeld();
    const parent = el.parentElement!;
    el.remove();
    await nextTask(); // the element is torn down at the end of the task it left in
    clock.tick(TIMING.interfaceHoldMs * 5);
    expect(el[CONTROLLER].interfaceGate.isOpen, 'nothing opened it off the page').to.equal(false);
    // The media at a URL of its own: the browser caches media, and playback.test.ts breaks this provider's file later.
    const src = new URL('/media/knee-overview/en.mp4?interface-gate=1', FAULT_PROVIDER_URL).href;
    await answerNext('/api/vod/demo/', { src, type: 'video/mp4' });
    parent.append(el);
    await waitFor(
      () => el.getPlayerState() === 0 && $(el, '.player-screen .stage video.media'),
      'playing ready',
      10000,
    );
  });

  it("the video's request left, its metadata not in: the video on the early player's stage, no React", async () => {
    // The media at a URL of its own that never sends its metadata (a stall after 1 kB), the clock never moved.
    const src = new URL('/media/knee-overview/en.mp4?interface-gate=stall', FAULT_PROVIDER_URL).href;
    await answerNext('/api/vod/demo/', { src, type: 'video/mp4' });
    await hangNext('/media/knee-overview/en.mp4?interface-gate=stall', 1024, 20);
    const clock = new FakeClock();
    const el = await mountPlayer(
      { client: 'demo', code: 'A_DEMO_VIDEO', 'provider-url': FAULT_PROVIDER_URL },
      { waitReady: false, clock },
    );
    const video = await waitFor(() => $<HTMLVideoElement>(el, '.early-frame video.media'), 'the video on the stage');
    expect(video.src).to.equal(src);
    expect(video.isConnected).to.equal(true);
    for (let i = 0; i < 10; i++) await nextTask();
    const root = shadow(el);
    expect(
      Object.keys(root).some((k) => k.startsWith('__reactContainer$')),
      'React not mounted',
    ).to.equal(false);
    expect(el[CONTROLLER].interfaceGate.isOpen).to.equal(false);
    // The spinner says it loads; no Play before the video is ready; the stage is named.
    expect($(el, '.early-frame [role="status"]')!.textContent).to.equal('Loading…');
    expect($<HTMLElement>(el, '[data-control="early-play"]')!.hidden).to.equal(true);
    expect($(el, '.early-frame')!.getAttribute('aria-label')).to.equal('Video player');
    await expect(el).shadowDom.to.be.accessible();
  });

  /** A player on the demo video whose interface gate the test opens (it would open once the metadata is in). */
  async function mountGated(attributes: Record<string, string> = {}) {
    const src = new URL(`/media/knee-overview/en.mp4?interface-gate=${Math.random()}`, FAULT_PROVIDER_URL).href;
    await answerNext('/api/vod/demo/', { src, type: 'video/mp4' });
    const el = await mountPlayer(
      { client: 'demo', code: 'A_DEMO_VIDEO', 'provider-url': FAULT_PROVIDER_URL, ...attributes },
      { waitReady: false },
    );
    const gate = el[CONTROLLER].interfaceGate;
    const open = gate.open.bind(gate);
    gate.open = () => undefined;
    return { el, open };
  }

  it('the early player: Play plays before the interface; the player screen takes the video playing', async () => {
    const { el, open } = await mountGated({ subtitles: '0' });
    const play = await waitFor(() => $<HTMLButtonElement>(el, '[data-control="early-play"]:not([hidden])'), 'Play');
    expect(play.getAttribute('aria-label')).to.equal('Play');
    expect($<HTMLElement>(el, '.early-frame .stage-loading')!.hidden, 'the spinner gone').to.equal(true);
    await expect(el).shadowDom.to.be.accessible();
    play.focus();
    expect(shadow(el).activeElement).to.equal(play);
    play.click();
    const video = $<HTMLVideoElement>(el, '.early-frame video.media')!;
    await waitFor(() => el.getPlayerState() === 1 && video.currentTime > 0.1, 'playing before the interface', 10000);
    expect(play.hidden, 'Play goes while it plays').to.equal(true);
    expect(shadow(el).activeElement, 'the focus on the stage').to.equal($(el, '.early-frame'));
    expect($(el, '.player-screen'), 'no player screen yet').to.equal(null);
    // The interface: the same video moves to the player screen's stage, still playing; the early player is gone and
    // the focus that was on its Play goes on at the control bar's.
    open();
    await waitFor(() => $(el, '.player-screen .stage video.media') === video, 'the video on the screen', 10000);
    expect($(el, '.early-player')).to.equal(null);
    expect(video.paused).to.equal(false);
    const t = video.currentTime;
    await waitFor(() => video.currentTime > t + 0.1, 'still playing');
    await waitFor(
      () => shadow(el).activeElement?.getAttribute('data-control') === 'play',
      "the focus on the bar's Play",
    );
  });

  for (const [code, kind] of [
    ['A_KNEE_REPLACEMENT', 'a single video'],
    ['A_DEMO_VIDEO', 'a playlist of three ("1 of 3" above the stage)'],
  ])
    it(`the picture stays where it is when the player screen takes it: ${kind}`, async () => {
      const { el, open } = await mountGated({ code, subtitles: '0' });
      const video = await waitFor(
        () => el.getPlayerState() === 0 && $<HTMLVideoElement>(el, '.early-frame video.media'),
        'the picture on the early stage',
      );
      const place = () => {
        const [v, host] = [video.getBoundingClientRect(), el.getBoundingClientRect()];
        return { top: v.top - host.top, left: v.left - host.left, width: v.width, height: v.height };
      };
      const early = await steady(place, 'the early stage in place');
      open();
      await waitFor(() => $(el, '.player-screen .stage video.media') === video, 'the video on the screen', 10000);
      const screen = await steady(place, 'the player screen in place');
      for (const key of ['top', 'left', 'width', 'height'] as const)
        expect(screen[key], `the picture's ${key}`).to.be.closeTo(early[key], 1.5);
    });

  it('captions on (the default): the early player shows the picture, and a play waits for the captions', async () => {
    const { el, open } = await mountGated();
    await waitFor(() => el.getPlayerState() === 0 && $(el, '.early-frame video.media'), 'ready on the early stage');
    expect($<HTMLElement>(el, '[data-control="early-play"]')!.hidden, 'no Play').to.equal(true);
    expect($<HTMLElement>(el, '.early-frame .stage-loading')!.hidden, 'the spinner until the player screen').to.equal(
      false,
    );
    const video = $<HTMLVideoElement>(el, '.early-frame video.media')!;
    void el.playVideo();
    for (let i = 0; i < 10; i++) await nextTask();
    expect([el.getPlayerState(), video.paused], 'kept for the player screen').to.deep.equal([0, true]);
    open();
    await waitFor(() => el.getPlayerState() === 1 && !video.paused, 'playing on the player screen', 10000);
    expect($(el, '.player-screen .stage video.media')).to.equal(video);
    await waitFor(() => $(el, '.captions .caption-line'), 'its captions', 10000);
  });

  it('a menu is never held', async () => {
    const clock = new FakeClock();
    const el = await mountPlayer({ client: 'demo' }, { waitReady: false, clock });
    await waitFor(() => $(el, '.menu-sections'), 'the menu', 10000);
  });
});
