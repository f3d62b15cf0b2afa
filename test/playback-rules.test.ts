import { expect } from '@open-wc/testing';
import { CONTROLLER } from '../src/app/embed-options';
import { renderCount } from '../src/screens/render-count';
import { ControlsVisibility } from '../src/playback/controls-visibility';
import {
  captionLanguages,
  crossedChapters,
  furthestWatched,
  isEnded,
  muted,
  newMilestones,
  seekTarget,
  steppedVolume,
  unmuted,
  withVolume,
} from '../src/playback/rules';
import { PLAYER_STATE, TIMING } from '../src/playback/timing';
import { formatTime, readoutKey, sliderKey } from '../src/screens/progress-view';
import { FakeClock } from './fake-clock';
import { $, cleanPlayersAndFaults, mountPlayer, steady, text, waitFor } from './helpers';

describe('playback rules (pure)', () => {
  it("the progress's keys change with what it shows: the readout's second, the slider's pixel or step", () => {
    expect([readoutKey(0), readoutKey(1.99), readoutKey(2), readoutKey(-3), readoutKey(NaN)]).to.deep.equal([
      0, 1, 2, 0, 0,
    ]);
    // The readout shows that second.
    expect([formatTime(59.99), formatTime(3725.9), formatTime(-3), formatTime(Infinity)]).to.deep.equal([
      '0:59',
      '1:02:05',
      '0:00',
      '0:00',
    ]);
    // 300 s on 300 px: one key per second (a pixel a second), whatever the polls between.
    expect(sliderKey(10.04, 300, 300)).to.equal(sliderKey(10.96, 300, 300));
    expect(sliderKey(10.96, 300, 300)).not.to.equal(sliderKey(11.0, 300, 300));
    // 600 s on 200 px: a pixel is 3 s, and the spoken second still changes the key.
    expect(sliderKey(12.1, 600, 200)).not.to.equal(sliderKey(13.1, 600, 200));
    expect(sliderKey(12.1, 600, 200).split(':')[1]).to.equal(sliderKey(13.1, 600, 200).split(':')[1]);
    expect(sliderKey(14.9, 600, 200).split(':')[1]).not.to.equal(sliderKey(15.0, 600, 200).split(':')[1]);
    // 9 s on 640 px: the slider's step (0.1 s) is coarser than a pixel.
    expect(sliderKey(1.01, 9, 640)).to.equal(sliderKey(1.09, 9, 640));
    expect(sliderKey(1.09, 9, 640)).not.to.equal(sliderKey(1.11, 9, 640));
    // Not laid out, or no duration: the seconds alone; past the end, the end.
    expect([sliderKey(4.5, 9, 0), sliderKey(4.5, 0, 640)]).to.deep.equal(['4', '4']);
    expect(sliderKey(30, 9, 640)).to.equal(sliderKey(9, 9, 640).replace(/^9/, '30'));
  });

  it('end: past the duration, at 100 %, or under 0.1 s left; never without a duration', () => {
    expect([
      isEnded(9, 9),
      isEnded(9.5, 9),
      isEnded(8.91, 9),
      isEnded(8.85, 9),
      isEnded(0, 0),
      isEnded(5, 0),
    ]).to.deep.equal([true, true, true, false, false, false]);
  });

  it('volume: clamped, 0 mutes and resets the unmute volume to 1, mute remembers, unmute restores else 1', () => {
    const start = { volume: 0.6, muted: false, unmuteVolume: 1 };
    expect(withVolume(start, 3)).to.deep.equal({ volume: 1, muted: false, unmuteVolume: 1 });
    expect(withVolume(start, -2)).to.deep.equal({ volume: 0, muted: true, unmuteVolume: 1 });
    expect(withVolume({ ...start, unmuteVolume: 0.3 }, 0)).to.deep.equal({ volume: 0, muted: true, unmuteVolume: 1 });
    const m = muted(start);
    expect(m).to.deep.equal({ volume: 0.6, muted: true, unmuteVolume: 0.6 });
    expect(unmuted(m)).to.deep.equal({ volume: 0.6, muted: false, unmuteVolume: 0.6 });
    expect(unmuted({ volume: 0, muted: true, unmuteVolume: 0 })).to.deep.equal({
      volume: 1,
      muted: false,
      unmuteVolume: 0,
    });
    expect([
      steppedVolume(start, 0.1),
      steppedVolume(m, 0.1),
      steppedVolume({ ...start, volume: 0.7 }, -0.1),
    ]).to.deep.equal([0.7, 0.1, 0.6]);
  });

  it('skipping: the furthest point watched moves with playback only; a seek cannot pass it when skipping off', () => {
    expect([furthestWatched(2, 2.04), furthestWatched(2, 5), furthestWatched(5, 3)]).to.deep.equal([2.04, 2, 5]);
    expect(seekTarget(7, 9, true, 2, 2)).to.equal(7);
    expect(seekTarget(7, 9, false, 2, 1.5)).to.equal(2);
    expect(seekTarget(1, 9, false, 2, 1.5)).to.equal(1);
    expect([seekTarget(-4, 9, true, 0, 0), seekTarget(40, 9, true, 0, 0), seekTarget(40, 0, true, 0, 0)]).to.deep.equal(
      [0, 9, 40],
    );
  });

  it('analytics: each milestone once; a chapter step only when continuous playback crosses its start', () => {
    expect(newMilestones(new Set(), 55)).to.deep.equal([25, 50]);
    expect(newMilestones(new Set([25, 50]), 100)).to.deep.equal([75, 100]);
    const chapters = [
      { f: 0, h: 'Intro' },
      { f: 4500, h: 'Operation' },
    ];
    expect(crossedChapters(chapters, 4.46, 4.5).map((c) => c.h)).to.deep.equal(['Operation']);
    expect(crossedChapters(chapters, 0, 0.04), 'a chapter at 0 is no step').to.deep.equal([]);
    expect(crossedChapters(chapters, 1, 6), 'a seek crosses none').to.deep.equal([]);
    expect(crossedChapters(chapters, 5, 4.49), 'backwards crosses none').to.deep.equal([]);
  });

  it('captions: the wanted language, then English', () => {
    expect(captionLanguages('pt')).to.deep.equal(['pt', 'en']);
    expect(captionLanguages('en')).to.deep.equal(['en']);
  });
});

describe('controls visibility (fake clock)', () => {
  it("shows on activity, hides after the mouse's or touch's time while playing, stays while paused and ready", () => {
    const clock = new FakeClock();
    const shell = { controlsVisible: false };
    const controls = new ControlsVisibility(shell, () => clock);
    const { controlsHideMouseMs: mouse, controlsHideTouchMs: touch } = TIMING;
    controls.playback(PLAYER_STATE.PLAYING, true);
    controls.activity('mouse');
    clock.tick(mouse - 1);
    expect(shell.controlsVisible).to.equal(true);
    clock.tick(1);
    expect(shell.controlsVisible).to.equal(false);
    controls.activity('touch');
    clock.tick(touch - 1);
    expect(shell.controlsVisible).to.equal(true);
    clock.tick(1);
    expect(shell.controlsVisible).to.equal(false);
    // A key press keeps the last pointer kind: touch.
    controls.activity();
    clock.tick(mouse);
    expect(shell.controlsVisible).to.equal(true);
    controls.playback(PLAYER_STATE.PAUSED, true);
    clock.tick(60_000);
    expect(shell.controlsVisible).to.equal(true);
    controls.dispose();
    expect(shell.controlsVisible).to.equal(false);
    expect(clock.pending, 'no timer left behind').to.equal(0);
  });
});

describe('control bar renders', () => {
  cleanPlayersAndFaults();

  it('opening a video renders the bar once per change it shows, not once per state change or measurement', async () => {
    const el = await mountPlayer({ client: 'demo', code: 'A_DEMO_VIDEO' }, { waitReady: false });
    const c = el[CONTROLLER];
    await waitFor(
      () => c.state.playback.ready && c.state.playback.hasCaptions && $(el, '.controls'),
      'ready with captions',
    );
    // The resize observer's first measurements, and what they render, are over.
    const row = $(el, '.control-row')!;
    await steady(
      () => [
        renderCount(c, 'controls'),
        renderCount(c, 'player-screen'),
        renderCount(c, 'shell'),
        row.getBoundingClientRect().width,
        row.dataset.wrapped,
      ],
      'the bar measured and rendered',
    );
    // The first render, its measured layout, the captions' Transcript button and its layout, the item ready:
    // 5 at most (before: 8 or 9, with renders for equal layouts and for every render of the screen above).
    expect(renderCount(c, 'controls')).to.be.within(2, 5);
    expect(renderCount(c, 'player-screen'), 'the player screen').to.be.within(1, 4);
    expect(renderCount(c, 'shell'), 'the shell').to.be.within(1, 3);
  });

  it('does not re-render with the time: only the seek bar and the readout follow it', async () => {
    const el = await mountPlayer({ client: 'demo', code: 'A_DEMO_VIDEO' });
    const c = el[CONTROLLER];
    await waitFor(() => c.state.playback.ready && $(el, '.controls'), 'ready');
    await el.playVideo();
    await waitFor(() => c.state.playback.playerState === 1, 'playing');
    const before = renderCount(c, 'controls');
    const time = text(el, '[data-control="time"]');
    const t0 = c.state.playback.currentTime;
    await waitFor(() => c.state.playback.currentTime - t0 > 1.5, 'a second and a half played', 10000);
    await waitFor(() => text(el, '[data-control="time"]') !== time, 'the readout follows the time');
    // Dozens of time updates happened (one per poll of the media's time); the bar itself re-rendered at most a few
    // times.
    expect(renderCount(c, 'controls') - before).to.be.at.most(3);
  });

  it('the slider and the readout re-render when what they show changes, not at each poll of the time', async () => {
    const el = await mountPlayer({ client: 'demo', code: 'A_DEMO_VIDEO', captions: 'off' });
    const c = el[CONTROLLER];
    await waitFor(() => c.state.playback.ready && $(el, 'input.seek'), 'ready');
    const seek = $<HTMLInputElement>(el, 'input.seek')!;
    await el.playVideo();
    await waitFor(() => c.state.playback.playerState === PLAYER_STATE.PLAYING, 'playing');
    const before = { seek: renderCount(c, 'seek'), time: renderCount(c, 'time') };
    let polls = 0;
    let last = c.state.playback.currentTime;
    const t0 = last;
    await waitFor(
      () => {
        const t = c.state.playback.currentTime;
        if (t !== last) polls++;
        last = t;
        return t - t0 > 2;
      },
      'two seconds played',
      10000,
    );
    // The demo video is 9 s: its slider's step (0.1 s) is more than a pixel, so at most ten renders a second (and one a
    // second for the spoken time); the readout once a second. The time itself was polled every 40 ms.
    const seconds = c.state.playback.currentTime - t0;
    const renders = { seek: renderCount(c, 'seek') - before.seek, time: renderCount(c, 'time') - before.time };
    expect(renders.seek, `${polls}+ polls`).to.be.within(seconds * 5, seconds * 11 + 3);
    expect(renders.time).to.be.within(1, Math.ceil(seconds) + 2);
    // What they show still follows the time.
    await waitFor(() => Math.abs(seek.valueAsNumber - c.state.playback.currentTime) <= 0.25, 'the slider at the time');
    await el.pauseVideo();
    await waitFor(() => c.state.playback.playerState === PLAYER_STATE.PAUSED, 'paused');
    await el.seekTo(6.5);
    await waitFor(() => Math.abs(seek.valueAsNumber - 6.5) <= 0.1, 'the slider at 6.5 s');
    await waitFor(() => text(el, '[data-control="time"]').includes('0:06'), 'the readout at 0:06');
    expect(seek.getAttribute('aria-valuetext')).to.match(/^0:06 of 0:0[89]$/);
  });
});
