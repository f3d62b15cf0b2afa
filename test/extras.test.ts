import { expect } from '@open-wc/testing';
import { CONTROLLER } from '../src/app/embed-options';
import type { PatientEdPlayerElement } from '../src/element/player-element';
import { FAVORITES_KEY, readFavorites } from '../src/preferences/favorites';
import { playlistNotes } from '../src/content/playlist';
import {
  $,
  $$,
  cleanPlayersAndFaults,
  json,
  mountPlayer,
  PROVIDER_URL,
  replaceProperty,
  shadow,
  text,
  waitFor,
  waitForPath,
} from './helpers';
import { mountSlidesWithoutCors } from './slides-without-cors';

const pb = (el: PatientEdPlayerElement) => el[CONTROLLER].state.playback;
const control = (el: Element, name: string) => $<HTMLButtonElement>(el, `.controls [data-control="${name}"]`);
/** Type into a React-controlled input (through the native setter, so React sees the change). */
function type(input: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}
const key = (target: Element, k: string) =>
  target.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, composed: true }));

describe('favorites', () => {
  cleanPlayersAndFaults();

  it('the Favorite toggle stores the playlist for this client; the menu lists favorites first, opens one', async () => {
    const el = await mountPlayer({ client: 'demo', code: 'A_DEMO_VIDEO' });
    const toggle = await waitFor(() => control(el, 'favorite'), 'favorite toggle');
    expect(toggle.getAttribute('aria-label')).to.equal('Favorite');
    expect(toggle.getAttribute('aria-pressed')).to.equal('false');
    toggle.click();
    await waitFor(() => toggle.getAttribute('aria-pressed') === 'true', 'pressed');
    expect(readFavorites('demo').map((f) => f.code)).to.deep.equal(['A_DEMO_VIDEO']);
    expect((JSON.parse(localStorage.getItem(FAVORITES_KEY)!) as { v: number }).v).to.equal(1);

    el.setAttribute('code', 'root');
    await waitForPath(el, '/demo/menu/root');
    const group = await waitFor(() => $(el, '.menu-favorites'), 'favorites group');
    expect(shadow(el).querySelector('.menu-heading')!.textContent).to.equal('Favorites');
    const card = group.querySelector<HTMLButtonElement>('[data-favorite="A_DEMO_VIDEO"]')!;
    expect(card.textContent).to.equal(el.getCurrentPlaylist()?.label ?? card.textContent);
    card.click();
    await waitForPath(el, '/demo/player/A_DEMO_VIDEO');
    const again = await waitFor(() => control(el, 'favorite'), 'toggle');
    expect(again.getAttribute('aria-pressed')).to.equal('true');
    again.click();
    await waitFor(() => again.getAttribute('aria-pressed') === 'false', 'unpressed');
    expect(readFavorites('demo')).to.deep.equal([]);
  });

  it('addFavorite stores it too, answers { code, label }; the other player shows it, not other clients', async () => {
    const el = await mountPlayer({ client: 'demo', code: 'A_DEMO_VIDEO' });
    const menu = await mountPlayer({ client: 'demo' });
    const riverside = await mountPlayer({ client: 'riverside' });
    await waitFor(() => pb(el).playlist, 'playlist');
    const answer = await el.addFavorite();
    expect(answer).to.deep.equal({ code: 'A_DEMO_VIDEO', label: el.getCurrentPlaylist()!.label });
    await waitFor(() => $(menu, '.menu-favorites [data-favorite="A_DEMO_VIDEO"]'), "the other player's menu");
    await waitFor(() => $(riverside, '.menu-sections'), 'riverside menu');
    expect(Boolean($(riverside, '.menu-favorites'))).to.equal(false);
    // Off by default (riverside's account does not turn it on).
    const other = await mountPlayer({ client: 'riverside', code: 'A_CHOLESTEROL' });
    await waitFor(() => control(other, 'play'), 'controls');
    expect(Boolean(control(other, 'favorite'))).to.equal(false);
  });

  it('broken or hostile storage gives no favorites and no crash; a failed save still shows for the page', async () => {
    localStorage.setItem(FAVORITES_KEY, '{not json');
    const el = await mountPlayer({ client: 'demo' });
    await waitFor(() => $(el, '.menu-sections'), 'menu');
    expect(Boolean($(el, '.menu-favorites'))).to.equal(false);
    localStorage.setItem(
      FAVORITES_KEY,
      JSON.stringify({
        v: 1,
        clients: { demo: [{ code: '"><img>' }, { code: 'A_DEMO_VIDEO', label: 7, file: '../x' }, 'junk'] },
      }),
    );
    expect(readFavorites('demo')).to.deep.equal([{ code: 'A_DEMO_VIDEO', label: null }]);
    localStorage.setItem(FAVORITES_KEY, JSON.stringify({ v: 99, clients: { demo: [{ code: 'A_DEMO_VIDEO' }] } }));
    expect(readFavorites('demo')).to.deep.equal([]);

    const restore = replaceProperty(Storage.prototype, 'setItem', () => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    try {
      const player = await mountPlayer({ client: 'demo', code: 'A_DEMO_VIDEO' });
      const toggle = await waitFor(() => control(player, 'favorite'), 'toggle');
      toggle.click();
      await waitFor(() => toggle.getAttribute('aria-pressed') === 'true', 'pressed for this page');
    } finally {
      restore();
    }
  });
});

describe('note and disclaimer', () => {
  cleanPlayersAndFaults();

  it('the Note control opens the note when the playlist has one, and only then', async () => {
    const el = await mountPlayer({ client: 'demo', code: 'A_DEMO_VIDEO' });
    const note = await waitFor(() => control(el, 'note'), 'note control');
    note.click();
    await waitForPath(el, '/demo/player/A_DEMO_VIDEO/note');
    await waitFor(() => text(el, '.modal .notes').startsWith('Talk to your surgeon about your own risks.'), 'the note');
    // Only then: no note in the playlist or the client's notes, no control (the rule the control bar uses).
    expect(playlistNotes({ code: 'A_X', note: '  ' }, { code: 'V_X' }, { A_Y: 'other' })).to.deep.equal([]);
    expect(playlistNotes({ code: 'A_X' }, { code: 'V_X' }, { V_X: 'For this video' })).to.deep.equal([
      'For this video',
    ]);
  });

  it('the Disclaimer in Extras: copyright, its id, provider, reviewer, review date MM/DD/YYYY, the note', async () => {
    const el = await mountPlayer({ client: 'demo', code: 'A_DEMO_VIDEO' });
    el[CONTROLLER].navigate('/demo/player/A_DEMO_VIDEO/extras');
    const button = await waitFor(
      () => $<HTMLButtonElement>(el, '.modal [data-action="disclaimer"]'),
      'disclaimer button',
    );
    expect(button.textContent).to.equal('Disclaimer');
    expect(button.getAttribute('aria-expanded')).to.equal('false');
    const list = shadow(el).getElementById(button.getAttribute('aria-controls')!)!;
    expect(list.hidden).to.equal(true);
    button.click();
    await waitFor(() => !list.hidden, 'shown');
    const rows = Object.fromEntries(
      [...list.querySelectorAll('div')].map((d) => [
        d.querySelector('dt')!.textContent,
        d.querySelector('dd')!.textContent,
      ]),
    );
    // The current item's own copyright id (the playlist's, LO-2026-014, when the item has none).
    expect(rows['Copyright ID']).to.equal('LO-2026-014-1');
    expect(rows).to.deep.include({
      'Provided by': 'Lakeside Orthopedics & Family Health',
      'Medically reviewed by': 'Dana Whitfield, MD',
      Note: 'Talk to your surgeon about your own risks.',
    });
    expect(rows['Reviewed on']).to.match(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(rows.Copyright).to.contain('Lakeside');
    await expect(el).shadowDom.to.be.accessible();

    const off = await mountPlayer({ client: 'demo', code: 'A_DEMO_VIDEO', disclaimer: '0' });
    off[CONTROLLER].navigate('/demo/player/A_DEMO_VIDEO/extras');
    await waitFor(() => $(off, '.modal .extras'), 'extras');
    expect(Boolean($(off, '.modal [data-action="disclaimer"]'))).to.equal(false);
  });
});

describe('transcript', () => {
  cleanPlayersAndFaults();

  it('an overlay beside the live video: cues as buttons, the current one marked; seeks, filters, follows', async () => {
    // It follows the caption language.
    const el = await mountPlayer({ client: 'demo', code: 'A_DEMO_VIDEO' });
    await waitFor(() => pb(el).ready && pb(el).cues.length > 0, 'captions');
    const toggle = await waitFor(() => control(el, 'transcript'), 'transcript toggle');
    expect(toggle.getAttribute('aria-pressed')).to.equal('false');
    toggle.click();
    await waitForPath(el, '/demo/player/A_DEMO_VIDEO/transcript');
    await waitFor(() => $$(el, '.transcript-cue').length === pb(el).cues.length, 'cues listed');
    expect(text(el, '.modal-title')).to.equal('Transcript');
    expect($(el, '.modal')!.getAttribute('aria-modal')).to.equal('false');
    expect($(el, '.screen-host')!.inert).to.equal(false);
    expect(control(el, 'transcript')!.getAttribute('aria-pressed')).to.equal('true');
    const cues = () => $$<HTMLButtonElement>(el, '.transcript-cue');
    expect(cues().map((c) => c.textContent)).to.deep.equal(
      pb(el).cues.map((c) => `0:0${Math.floor(c.start)}${c.text}`),
    );
    expect(cues()[0].getAttribute('aria-current')).to.equal('true');

    // Activating a cue seeks to its start; the current one follows.
    cues()[1].click();
    await waitFor(() => Math.abs(pb(el).currentTime - pb(el).cues[1].start) < 0.3, 'seeked to the second cue');
    await waitFor(() => cues()[1].getAttribute('aria-current') === 'true', 'second cue current');
    expect(cues()[0].hasAttribute('aria-current')).to.equal(false);

    // The filter narrows the list.
    const filter = $<HTMLInputElement>(el, '.transcript-filter input')!;
    expect(shadow(el).querySelector(`label[for="${filter.id}"]`)!.textContent).to.equal('Filter the transcript');
    type(filter, 'implant');
    await waitFor(() => cues().length === 1, 'one match');
    expect(cues()[0].textContent).to.contain('implant');
    await expect(el).shadowDom.to.be.accessible();

    // Another caption language: the panel follows.
    el[CONTROLLER].setLocalPreference('ccLanguage', 'es');
    await waitFor(() => pb(el).ccLanguage === 'es', 'Spanish captions');
    type(filter, '');
    await waitFor(
      () => $(el, '.transcript-cues[lang="es"]') && cues().length === pb(el).cues.length,
      'all Spanish cues',
    );

    // Another item: its cues.
    const before = cues().map((c) => c.textContent);
    await el.seekToIndex(1);
    await waitFor(
      () =>
        pb(el).index === 1 &&
        pb(el).cues.length > 0 &&
        cues().length === pb(el).cues.length &&
        cues()[0].textContent !== before[0],
      "the next item's cues",
    );
    expect(cues()[0].textContent).to.contain(pb(el).cues[0].text);

    // Escape (or the toggle) closes it.
    key($(el, '.modal')!, 'Escape');
    await waitForPath(el, '/demo/player/A_DEMO_VIDEO');
  });
});

describe('audio descriptions', () => {
  cleanPlayersAndFaults();
  const video = (el: Element) => $<HTMLVideoElement>(el, 'video.media');

  it('the toggle switches an item that has an audio-described variant to it, at the same time, and back', async () => {
    const el = await mountPlayer({ client: 'demo', code: 'A_DEMO_VIDEO', 'audio-descriptions-button': '1' });
    await waitFor(() => pb(el).ready && video(el)?.currentSrc.endsWith('/en.mp4'), 'the ordinary video');
    await el.seekTo(3);
    await waitFor(() => Math.abs(video(el)!.currentTime - 3) < 0.2, 'at 3 s');
    const toggle = await waitFor(() => control(el, 'audio-descriptions'), 'toggle');
    expect(toggle.getAttribute('aria-label')).to.equal('Audio descriptions');
    expect(toggle.getAttribute('aria-pressed')).to.equal('false');
    toggle.click();
    await waitFor(() => video(el)?.currentSrc.endsWith('/en-ad.mp4') && pb(el).ready, 'the audio-described video');
    expect(toggle.getAttribute('aria-pressed')).to.equal('true');
    expect(pb(el).audioDescribed).to.equal(true);
    await waitFor(() => Math.abs(video(el)!.currentTime - 3) < 0.3, 'still at 3 s');
    expect(el.getPlayerState()).to.not.equal(1);
    await el.playVideo();
    await waitFor(() => el.getPlayerState() === 1, 'playing');
    toggle.click();
    await waitFor(
      () => video(el)?.currentSrc.endsWith('/en.mp4') && el.getPlayerState() === 1,
      'back to the ordinary video, still playing',
    );
    expect(video(el)!.currentTime).to.be.at.least(3);
  });

  it('the reference provider answers the variant when asked and it exists; a bad value is a 400', async () => {
    const vod = (q: string) => fetch(new URL(`api/vod/demo/${q}`, PROVIDER_URL));
    type Source = { src: string; audioDescriptions: boolean; language: string };
    const ad = await json<Source>(await vod('knee-overview?language=es&audioDescriptions=1'));
    expect([ad.src.endsWith('/media/knee-overview/es-ad.mp4'), ad.audioDescriptions, ad.language]).to.deep.equal([
      true,
      true,
      'es',
    ]);
    const none = await json<Source>(await vod('knee-exercises?language=en&audioDescriptions=1'));
    expect([none.src.endsWith('/media/knee-exercises/en.mp4'), none.audioDescriptions]).to.deep.equal([true, false]);
    const plain = await json<Source>(await vod('knee-overview?language=en'));
    expect([plain.src.endsWith('/en.mp4'), plain.audioDescriptions]).to.deep.equal([true, false]);
    expect((await vod('knee-overview?audioDescriptions=yes')).status).to.equal(400);
  });

  it('on from the start it plays the variant where there is one, and the ordinary video elsewhere', async () => {
    const el = await mountPlayer({ client: 'demo', code: 'A_DEMO_VIDEO', 'audio-descriptions': '1', language: 'es' });
    await waitFor(() => pb(el).ready && video(el)?.currentSrc.endsWith('/es-ad.mp4'), 'Spanish audio-described video');
    const other = await mountPlayer({ client: 'demo', code: 'A_KNEE_EXERCISES', 'audio-descriptions': '1' });
    await waitFor(() => pb(other).ready && video(other)?.currentSrc.endsWith('/en.mp4'), 'ordinary video');
    expect(pb(other).audioDescribed).to.equal(false);
    // The toggle is off by default (audioDescriptionsButton 0).
    await waitFor(() => control(other, 'play'), 'controls');
    expect(Boolean(control(other, 'audio-descriptions'))).to.equal(false);
  });
});

describe('CSS parts', () => {
  cleanPlayersAndFaults();
  let sheet: HTMLStyleElement | undefined;
  afterEach(() => sheet?.remove());

  it('header, menu, stage, controls and dialog can be styled from the host page, and are in the manifest', async () => {
    sheet = document.createElement('style');
    sheet.textContent = [
      'patient-ed-player::part(header) { background-color: rgb(1, 2, 3); }',
      'patient-ed-player::part(menu) { outline: 3px solid rgb(4, 5, 6); }',
      'patient-ed-player::part(stage) { outline: 3px solid rgb(7, 8, 9); }',
      'patient-ed-player::part(controls) { background-color: rgb(10, 11, 12); }',
      'patient-ed-player::part(dialog) { background-color: rgb(13, 14, 15); }',
    ].join('\n');
    document.head.append(sheet);
    const menu = await mountPlayer({ client: 'demo' });
    await waitFor(() => $(menu, '.menu-sections'), 'menu');
    expect(getComputedStyle($(menu, '[part="header"]')!).backgroundColor).to.equal('rgb(1, 2, 3)');
    expect(getComputedStyle($(menu, '[part="menu"]')!).outlineColor).to.equal('rgb(4, 5, 6)');
    const el = await mountPlayer({ client: 'demo', code: 'A_DEMO_VIDEO' });
    await waitFor(() => $(el, '[part="controls"]'), 'controls');
    expect(getComputedStyle($(el, '[part="stage"]')!).outlineColor).to.equal('rgb(7, 8, 9)');
    expect(getComputedStyle($(el, '[part="controls"]')!).backgroundColor).to.equal('rgb(10, 11, 12)');
    el[CONTROLLER].navigate('/demo/player/A_DEMO_VIDEO/info');
    await waitFor(() => $(el, '[part="dialog"]'), 'dialog');
    expect(getComputedStyle($(el, '[part="dialog"]')!).backgroundColor).to.equal('rgb(13, 14, 15)');
    type Declaration = { cssParts?: { name: string }[] };
    const manifest = await json<{ modules: { declarations?: Declaration[] }[] }>(await fetch('/custom-elements.json'));
    const parts = manifest.modules
      .flatMap((m) => m.declarations ?? [])
      .flatMap((d) => d.cssParts ?? [])
      .map((p) => p.name);
    expect(parts).to.include.members(['header', 'menu', 'stage', 'controls', 'dialog']);
  });
});

describe('slide screenshots', () => {
  cleanPlayersAndFaults();

  /** The slide image on screen, once it has its picture. */
  const shownSlide = (el: PatientEdPlayerElement) =>
    waitFor(() => {
      const img = $<HTMLImageElement>(el, '.slide:not([hidden]) img');
      return img?.complete && img.naturalWidth ? img : undefined;
    }, 'the slide shown');
  /** The pixels of `source` drawn at its own size. */
  const pixels = (source: HTMLImageElement) => {
    const c = document.createElement('canvas');
    c.width = source.naturalWidth;
    c.height = source.naturalHeight;
    const ctx = c.getContext('2d')!;
    ctx.drawImage(source, 0, 0);
    return ctx.getImageData(0, 0, c.width, c.height).data;
  };

  it('served with CORS headers, the slide on screen is saved as a PNG at its own resolution', async () => {
    const el = await mountPlayer({ client: 'demo', code: 'A_DEMO_SLIDES', platform: 'ios' });
    await waitFor(() => el.getPlayerState() === 0, 'slides ready', 10000);
    await el.seekTo(6);
    await waitFor(() => $(el, '.slide[data-slide="1"]:not([hidden])'), 'the second slide');
    const slide = await shownSlide(el);
    expect(slide.crossOrigin, 'loaded in CORS mode').to.equal('anonymous');
    const shots: string[] = [];
    el.addEventListener('screenshot', (e) => shots.push(e.detail.data));
    expect(await el.screenshot()).to.equal(true);
    expect(shots).to.have.length(1);
    expect(shots[0]).to.match(/^data:image\/png;base64,/);
    const img = new Image();
    img.src = shots[0];
    await img.decode();
    expect([img.naturalWidth, img.naturalHeight]).to.deep.equal([slide.naturalWidth, slide.naturalHeight]);
    expect([img.naturalWidth, img.naturalHeight]).to.deep.equal([640, 360]);
    // That slide's own picture, pixel for pixel.
    const [saved, shown] = [pixels(img), pixels(slide)];
    let differ = 0;
    for (let i = 0; i < saved.length; i++) if (Math.abs(saved[i] - shown[i]) > 2) differ++;
    expect(differ).to.equal(0);
  });

  it('from a host without CORS headers the slide still shows, and a screenshot says Screenshot Disabled', async () => {
    const el = await mountSlidesWithoutCors();
    await waitFor(() => el.getPlayerState() === 0, 'slides ready', 10000);
    const slide = await shownSlide(el);
    expect(slide.crossOrigin, 'loaded again without CORS').to.equal(null);
    expect(slide.naturalWidth).to.equal(640);
    expect(await el.screenshot()).to.equal(false);
    await waitFor(() => $(el, '.notice-headline'), 'the notice');
    expect(text(el, '.notice-headline')).to.equal('Screenshot Disabled');
    expect(text(el, '.notice-text')).to.equal('Use your system to capture an image of this screen.');
  });
});
