import { expect } from '@open-wc/testing';
import { CONTROLLER } from '../src/app/embed-options';
import type { PatientEdPlayerElement } from '../src/element/player-element';
import { mergePreferences } from '../src/preferences/merge';
import { $, cleanPlayersAndFaults, mountPlayer, nextTask, waitFor, waitForPath } from './helpers';

// Settings > Video > Audio ("Play with sound"): a change mutes or unmutes what plays at once (as the mute button
// does: the volume is remembered and comes back), and every later item and playlist; the host's getVolume() and the
// volumechange event say what is heard (0 while muted).

const pb = (el: PatientEdPlayerElement) => el[CONTROLLER].state.playback;
const video = (el: PatientEdPlayerElement) => $<HTMLVideoElement>(el, 'video.media')!;
const sound = (el: PatientEdPlayerElement) => mergePreferences(el[CONTROLLER].state.layers).audio;
/** Whether the media element is heard. */
const heard = (el: PatientEdPlayerElement) => !video(el).muted && video(el).volume > 0;

interface VolumeDetail {
  volume: number;
  muted: boolean;
}
function volumeEvents(el: HTMLElement) {
  const seen: VolumeDetail[] = [];
  el.addEventListener('volumechange', (e) => seen.push((e as CustomEvent<VolumeDetail>).detail));
  return seen;
}

async function mountReady(attrs: Record<string, string>) {
  const el = await mountPlayer({ client: 'demo', ...attrs });
  await waitFor(() => pb(el).ready, `ready item (error ${pb(el).error?.message})`, 10000);
  return el;
}

async function openAudioSettings(el: PatientEdPlayerElement) {
  const base = el.currentPath.replace(/\/settings.*$/, '').replace(/\/$/, '');
  el[CONTROLLER].navigate(`${base}/settings/video/audio`);
  return waitFor(() => $<HTMLButtonElement>(el, '.modal [role="switch"]'), 'the Play with sound switch');
}

/** Click the switch; the change has reached the media by the next task (no waiting for time). */
async function flip(el: PatientEdPlayerElement, to: 0 | 1) {
  const sw = $<HTMLButtonElement>(el, '.modal [role="switch"]')!;
  expect(sw.getAttribute('aria-checked'), 'the switch before').to.equal(to === 1 ? 'false' : 'true');
  sw.click();
  await nextTask();
  expect(sound(el)).to.equal(to);
}

describe('Settings > Video > Audio (play with sound)', () => {
  cleanPlayersAndFaults();

  it('off mutes the playing video at once, on restores its volume; getVolume and volumechange agree', async () => {
    const el = await mountReady({ code: 'A_DEMO_VIDEO' });
    await el.setVolume(0.6);
    await el.playVideo();
    await waitFor(() => pb(el).playerState === 1, 'playing');
    const volumes = volumeEvents(el);
    await openAudioSettings(el);
    await flip(el, 0);
    expect(video(el).muted, 'the media muted').to.equal(true);
    expect(heard(el)).to.equal(false);
    expect(el.getVolume()).to.equal(0);
    expect(volumes).to.deep.equal([{ volume: 0, muted: true }]);
    expect(pb(el).playerState, 'still playing').to.equal(1);
    await flip(el, 1);
    expect(video(el).muted).to.equal(false);
    // WebKit keeps a media element's volume as a float32 (0.6 reads back 0.6000000238418579).
    expect(video(el).volume).to.be.closeTo(0.6, 1e-6);
    expect(el.getVolume()).to.equal(0.6);
    expect(volumes).to.deep.equal([
      { volume: 0, muted: true },
      { volume: 0.6, muted: false },
    ]);
  });

  it('the mute button and the volume slider still decide after the setting: it acts only when it changes', async () => {
    const el = await mountReady({ code: 'A_DEMO_VIDEO' });
    await openAudioSettings(el);
    await flip(el, 0);
    // The host sets a volume: heard again, and a later change of another preference does not mute it again.
    await el.setVolume(0.5);
    el[CONTROLLER].setLocalPreference('ccLanguage', 'es');
    await waitFor(() => pb(el).ccLanguage === 'es', 'Spanish captions');
    await nextTask();
    expect([heard(el), el.getVolume()]).to.deep.equal([true, 0.5]);
    // The visitor mutes with the setting on: it stays muted until the setting changes.
    await flip(el, 1);
    el[CONTROLLER].engine.mute();
    el[CONTROLLER].setLocalPreference('ccLanguage', 'en');
    await waitFor(() => pb(el).ccLanguage === 'en', 'English captions');
    await nextTask();
    expect([video(el).muted, el.getVolume()]).to.deep.equal([true, 0]);
  });

  it('a later playlist starts muted when the setting is off (changed during a playlist, or on the menu)', async () => {
    const el = await mountReady({ code: 'A_DEMO_VIDEO' });
    await openAudioSettings(el);
    await flip(el, 0);
    el.setAttribute('code', 'A_DEMO_DUAL');
    await waitFor(() => pb(el).playlist?.code === 'A_DEMO_DUAL' && pb(el).ready, 'the other playlist ready');
    expect([video(el).muted, el.getVolume()]).to.deep.equal([true, 0]);
    // Switched on from the menu, with no playlist open: the next playlist is heard, and the host is told.
    await el.exitVideo();
    await waitForPath(el, /\/demo\/menu/);
    await openAudioSettings(el);
    await flip(el, 1);
    const volumes = volumeEvents(el);
    await el.navigate('A_DEMO_VIDEO');
    await waitFor(() => pb(el).playlist?.code === 'A_DEMO_VIDEO' && pb(el).ready, 'back on the video');
    expect([heard(el), el.getVolume()]).to.deep.equal([true, 1]);
    expect(volumes).to.deep.equal([{ volume: 1, muted: false }]);
  });

  it('the audio attribute (and ignoreaudio) applies from the first item, and its change at once', async () => {
    const off = await mountReady({ code: 'A_DEMO_VIDEO', ignoreaudio: '1' });
    expect([video(off).muted, off.getVolume()]).to.deep.equal([true, 0]);
    const el = await mountReady({ code: 'A_DEMO_VIDEO', audio: '0' });
    expect([video(el).muted, el.getVolume()]).to.deep.equal([true, 0]);
    el.setAttribute('audio', '1');
    await waitFor(() => sound(el) === 1, 'the attribute read');
    await nextTask();
    expect([heard(el), el.getVolume()]).to.deep.equal([true, 1]);
    // The visitor's choice wins over the attribute.
    await openAudioSettings(el);
    await flip(el, 0);
    expect([video(el).muted, el.getVolume()]).to.deep.equal([true, 0]);
  });

  it('YouTube and Vimeo players are muted and unmuted through their APIs', async () => {
    const w = window as unknown as {
      __fakeYT: { players: { calls: unknown[][]; isMuted(): boolean }[] };
      __fakeVimeo: { players: { calls: unknown[][] }[] };
    };
    const yt = await mountReady({ code: 'A_DEMO_YT', 'youtube-api-url': '/test/fixtures/fake-youtube-iframe-api.js' });
    const ytPlayer = w.__fakeYT.players.at(-1)!;
    expect(ytPlayer.isMuted()).to.equal(false);
    await openAudioSettings(yt);
    await flip(yt, 0);
    expect(ytPlayer.calls.at(-1)).to.deep.equal(['mute']);
    expect([ytPlayer.isMuted(), yt.getVolume()]).to.deep.equal([true, 0]);
    await flip(yt, 1);
    expect(ytPlayer.calls.at(-1)).to.deep.equal(['unMute']);
    expect([ytPlayer.isMuted(), yt.getVolume()]).to.deep.equal([false, 1]);

    const vimeo = await mountReady({
      code: 'A_DEMO_VIMEO',
      'vimeo-api-url': '/test/fixtures/fake-vimeo-player-api.js',
    });
    const vimeoPlayer = w.__fakeVimeo.players.at(-1)!;
    await openAudioSettings(vimeo);
    await flip(vimeo, 0);
    expect(vimeoPlayer.calls.at(-1)).to.deep.equal(['setMuted', true]);
    expect(vimeo.getVolume()).to.equal(0);
    await flip(vimeo, 1);
    expect(vimeoPlayer.calls.at(-1)).to.deep.equal(['setMuted', false]);
  });
});
