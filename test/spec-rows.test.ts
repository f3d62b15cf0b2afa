import { setupI18n } from '@lingui/core';
import { expect } from '@open-wc/testing';
import type { Canvas, FabricObject } from 'fabric';
import { createElement, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { applyPointerRules } from '../src/annotation/pointer-rules';
import { TextEditor } from '../src/annotation/text-editor';
import { CONTROLLER } from '../src/app/embed-options';
import { HttpClient } from '../src/content/http';
import { normalisePlaylist } from '../src/content/normalise-playlist';
import type { PatientEdPlayerElement } from '../src/element/player-element';
import { messages as searchMessages } from '../locales/en/search';
import { mergePreferences } from '../src/preferences/merge';
import { CAPTION_COLORS } from '../src/screens/modals/settings-options';
import { VoiceButton } from '../src/search/search-voice-button';
import { testPlaylist } from './fake-adapter';
import { FakeClock } from './fake-clock';
import { fakeEngine } from './fake-engine';
import {
  $,
  $$,
  cleanPlayersAndFaults,
  controlNames,
  findControl,
  mountPlayer,
  nextTask,
  text,
  waitFor,
  watchRequests,
} from './helpers';

const pb = (el: PatientEdPlayerElement) => el[CONTROLLER].state.playback;

/** A player on the demo video, its item ready and the controls that come with the playlist in the bar. */
async function mountDemo(attrs: Record<string, string> = {}) {
  const el = await mountPlayer({ client: 'demo', code: 'A_DEMO_VIDEO', ...attrs });
  el.style.width = '1200px';
  await waitFor(() => pb(el).ready && pb(el).playlist && $(el, '.control-row'), 'controls');
  // The note and extras controls arrive with the playlist, as the chapters and markup controls do.
  await findControl(el, 'note');
  await findControl(el, 'extras');
  return el;
}

/** The Extras dialog's content, opened. */
async function openExtras(el: PatientEdPlayerElement) {
  el[CONTROLLER].navigate('/demo/player/A_DEMO_VIDEO/extras');
  await waitFor(() => $(el, '.modal .extras'), 'extras');
}

describe('spec rows: the off switches hide their controls', () => {
  cleanPlayersAndFaults();

  it('sections, markup and fullscreen set to 0 remove the chapters, annotate and full screen controls', async () => {
    const on = await mountDemo();
    const names = await controlNames(on);
    expect(names, 'on by default').to.include.members(['chapters', 'markup']);
    expect(Boolean($(on, '.control-row [data-control="fullscreen"]')), 'full screen on by default').to.equal(true);

    const off = await mountDemo({ sections: '0', markup: '0', fullscreen: '0' });
    const offNames = await controlNames(off);
    expect(offNames, 'the rest of the bar is there').to.include.members(['note', 'extras']);
    expect(offNames).to.not.include('chapters');
    expect(offNames).to.not.include('markup');
    expect(Boolean($(off, '[data-control="fullscreen"]'))).to.equal(false);
    expect(Boolean($(off, '[data-control="chapters"]'))).to.equal(false);
    expect(Boolean($(off, '[data-control="markup"]'))).to.equal(false);
  });

  it('brochures and disclaimer set to 0 remove the brochure link and the Disclaimer button from Extras', async () => {
    const on = await mountDemo();
    await openExtras(on);
    await waitFor(() => $(on, '.modal .brochure-link'), 'brochure link when on');
    expect(Boolean($(on, '.modal [data-action="disclaimer"]')), 'disclaimer when on').to.equal(true);

    const off = await mountDemo({ brochures: '0', disclaimer: '0' });
    await openExtras(off);
    expect(Boolean($(off, '.modal .brochure-link'))).to.equal(false);
    expect(Boolean($(off, '.modal [data-action="disclaimer"]'))).to.equal(false);
  });
});

describe('spec rows: progress is polled every 40 ms (fake clock)', () => {
  it('the playback time follows the media on each 40 ms poll, not before', async () => {
    const { clock, state, engine, adapters } = await fakeEngine(
      testPlaylist([{ type: 'MainHostedVideo', code: 'V_ONE', file: 'one', runtime: 8 }]),
    );
    await engine.play();
    await nextTask();
    // Line the test up with the poll: move the media, then find the millisecond a poll sees it.
    adapters[0].time = 0.5;
    let waited = 0;
    while (state.playback.currentTime !== 0.5 && waited < 100) {
      clock.tick(1);
      waited++;
    }
    expect(waited, 'seen by a poll within 40 ms').to.be.within(1, 40);

    adapters[0].time = 1;
    clock.tick(39);
    expect(state.playback.currentTime, 'no look before 40 ms').to.equal(0.5);
    clock.tick(1);
    expect(state.playback.currentTime, 'seen at 40 ms').to.equal(1);
    adapters[0].time = 2;
    clock.tick(39);
    expect(state.playback.currentTime).to.equal(1);
    clock.tick(1);
    expect(state.playback.currentTime, 'and every 40 ms after').to.equal(2);
    engine.pause();
  });
});

describe('spec rows: the text editor grows 5 px at a time while its text overflows', () => {
  let host: HTMLElement | undefined;
  afterEach(() => host?.remove());

  it('from 30 px to the first 5 px step that holds six 17 px lines (102 px): 105 px, in steps of 5', async () => {
    host = document.createElement('div');
    // Line boxes of a known height, no padding or border: the height is the text's height.
    const style = document.createElement('style');
    style.textContent =
      '.annotation-text-editor { position: absolute; box-sizing: content-box; padding: 0; border: 0; margin: 0;' +
      ' font: 14px/17px monospace; overflow: auto; resize: none; }';
    host.append(style);
    const mount = document.createElement('div');
    host.append(mount);
    document.body.append(host);
    const box = { left: 0, top: 0, width: 200, height: 30, fontSize: 14, color: '#000', fontWeight: '400' };
    function Editor() {
      const [value, setValue] = useState('');
      return createElement(TextEditor, {
        label: 'Text',
        value,
        box: { ...box, fontFamily: 'monospace' },
        onChange: setValue,
        onDone: () => undefined,
      });
    }
    const root = createRoot(mount);
    flushSync(() => root.render(createElement(Editor)));
    const editor = await waitFor(() => mount.querySelector('textarea'), 'editor');
    expect(editor.style.height).to.equal('30px');
    // Every height the editor takes, in order: each change's previous value, then the last one.
    const before: number[] = [];
    const watch = new MutationObserver((list) => {
      for (const r of list) before.push(Number(/height: ([\d.]+)px/.exec(r.oldValue ?? '')?.[1]));
    });
    watch.observe(editor, { attributes: true, attributeFilter: ['style'], attributeOldValue: true });
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(editor, 'a\nb\nc\nd\ne\nf');
    editor.dispatchEvent(new Event('input', { bubbles: true }));
    expect(editor.style.height, 'the first 5 px step at or above 102 px').to.equal('105px');
    await nextTask();
    watch.disconnect();
    const heights = [...before, 105];
    expect(heights[0]).to.equal(30);
    expect(
      heights.slice(1).map((h, i) => h - heights[i]),
      'each step is 5 px',
    ).to.deep.equal(Array.from({ length: 15 }, () => 5));
    root.unmount();
  });
});

describe('spec rows: the double-click window is 400 ms (fake clock)', () => {
  /** A canvas that only takes handlers, and a press on one text at the clock's time. */
  function pressRig() {
    const clock = new FakeClock();
    const handlers = new Map<string, (e: unknown) => void>();
    const canvas = {
      on: (name: string, handler: (e: unknown) => void) => handlers.set(name, handler),
      getViewportPoint: () => ({ x: 10, y: 10 }),
    } as unknown as Canvas;
    const edited: FabricObject[] = [];
    applyPointerRules(canvas, clock, (t) => edited.push(t));
    const text = { kind: 'text', left: 0, top: 0 } as unknown as FabricObject;
    const press = () => handlers.get('mouse:down')!({ target: text, e: new MouseEvent('mousedown') });
    return { clock, press, edited };
  }

  it('a second press on a text 400 ms after the first edits it; 401 ms after, it is a new first press', () => {
    const at400 = pressRig();
    at400.press();
    at400.clock.tick(400);
    at400.press();
    expect(at400.edited, 'within the window').to.have.length(1);

    const at401 = pressRig();
    at401.press();
    at401.clock.tick(401);
    at401.press();
    expect(at401.edited, 'past the window').to.have.length(0);
    at401.clock.tick(400);
    at401.press();
    expect(at401.edited, 'the late press started a new window').to.have.length(1);
  });
});

describe('spec rows: playlist rules (pure)', () => {
  const item = (text: object[]) => ({ type: 'MainHostedVideo', code: 'V_X', file: 'x', version: { text } });
  const hasChapters = (text: object[]) => normalisePlaylist({ items: [item(text)] }, 'A_X').items[0].hasChapters;

  it('an item has chapters when its first text entry has a time value (and it has a chapter)', () => {
    const timed = { key: 'chapter', value: 'Start', t: null, f: 0 };
    const later = { key: 'chapter', value: 'Middle', t: null, f: 4000 };
    const untimed = { key: 'chapter', value: 'Intro', t: null, f: null };
    expect(hasChapters([timed, later]), 'first entry timed').to.equal(true);
    expect(hasChapters([{ ...timed, f: null, t: 0 }, later]), 'a time in t counts too').to.equal(true);
    expect(hasChapters([untimed, later]), 'first entry without a time').to.equal(false);
    expect(hasChapters([]), 'no text entries').to.equal(false);
  });

  it("a playlist's type is video unless it says otherwise", () => {
    expect(normalisePlaylist({ code: 'A_X', items: [] }, 'A_X').type).to.equal('video');
    expect(normalisePlaylist({ code: 'A_X', type: 'slides', items: [] }, 'A_X').type).to.equal('slides');
  });
});

describe('spec rows: requests carry no credentials', () => {
  it('every request the HTTP client makes is sent with credentials omitted', async () => {
    const seen: (RequestInit | undefined)[] = [];
    const fake: typeof fetch = (_url, init) => {
      seen.push(init);
      return Promise.resolve(new Response('{"ok":true}', { headers: { 'content-type': 'application/json' } }));
    };
    const client = new HttpClient({ referrer: '', fetch: fake });
    expect(await client.get<{ ok: boolean }>('https://provider.example', '/clients/demo')).to.deep.equal({ ok: true });
    expect(seen.map((init) => init?.credentials)).to.deep.equal(['omit']);
  });
});

describe("spec rows: the voice button's title", () => {
  const w = window as unknown as Record<string, unknown>;
  const saved = { SpeechRecognition: w.SpeechRecognition, webkitSpeechRecognition: w.webkitSpeechRecognition };
  let mount: HTMLElement | undefined;
  afterEach(() => {
    Object.assign(w, saved);
    mount?.remove();
  });

  it("is 'Search by voice' where the browser can recognise speech (English catalog)", () => {
    w.SpeechRecognition = class {
      start() {}
      stop() {}
      abort() {}
    };
    mount = document.createElement('div');
    document.body.append(mount);
    const i18n = setupI18n({ locale: 'en', messages: { en: searchMessages } });
    const root = createRoot(mount);
    flushSync(() =>
      root.render(
        createElement(VoiceButton, { i18n, language: 'en', onHeard: () => undefined, onEnd: () => undefined }),
      ),
    );
    const button = mount.querySelector<HTMLButtonElement>('[data-voice-button]')!;
    expect(button.title).to.equal('Search by voice');
    expect(button.getAttribute('aria-label')).to.equal('Search by voice');
    expect(button.disabled).to.equal(false);
    root.unmount();
  });
});

describe('spec rows: the caption font-opacity and background-color screens', () => {
  cleanPlayersAndFaults();

  /** The radios of the open settings dialog, by their labels. */
  const radios = (el: Element) =>
    new Map(
      $$<HTMLInputElement>(el, '.modal input[type="radio"]').map((r) => [r.closest('label')!.textContent.trim(), r]),
    );
  async function openScreen(el: PatientEdPlayerElement, screen: string) {
    el[CONTROLLER].navigate(`/demo/player/A_DEMO_VIDEO/settings/${screen}`);
    await waitFor(() => $(el, `.modal[data-modal-name="settings/${screen}"] input[type="radio"]`), screen);
  }
  const sample = (el: Element) => getComputedStyle($(el, '.caption-sample span')!);
  const prefs = (el: PatientEdPlayerElement) => mergePreferences(el[CONTROLLER].state.layers);

  it('font opacity: 100%, 75%, 0% (100% first chosen); 75% makes the caption text three-quarters opaque', async () => {
    const el = await mountPlayer({ client: 'demo', code: 'A_DEMO_VIDEO' });
    await openScreen(el, 'captions/font-opacity');
    expect(text(el, '.modal-title')).to.equal('Font opacity');
    const options = radios(el);
    expect([...options.keys()]).to.deep.equal(['100%', '75%', '0%']);
    expect(options.get('100%')!.checked).to.equal(true);
    expect(sample(el).color).to.equal('rgb(255, 255, 255)');
    options.get('75%')!.click();
    await waitFor(() => prefs(el).ccFontOpacity === 'BF', 'font opacity stored');
    await waitFor(() => /^rgba\(255, 255, 255, 0\.75?\d*\)$/.test(sample(el).color), 'three-quarters opaque text');
  });

  it('background color: the caption colours (black first chosen); blue turns the caption background blue', async () => {
    const el = await mountPlayer({ client: 'demo', code: 'A_DEMO_VIDEO' });
    await openScreen(el, 'captions/background-color');
    expect(text(el, '.modal-title')).to.equal('Background color');
    const options = radios(el);
    expect([...options.keys()]).to.deep.equal(CAPTION_COLORS.map((c) => c.name[0].toUpperCase() + c.name.slice(1)));
    expect(options.get('Black')!.checked).to.equal(true);
    options.get('Blue')!.click();
    await waitFor(() => prefs(el).ccBackgroundColor === '#0000FF', 'background colour stored');
    await waitFor(() => /^rgba\(0, 0, 255, 0\.7/.test(sample(el).backgroundColor), 'blue background (75% opaque)');
  });
});

describe('spec rows: preferences load once per change of client', () => {
  cleanPlayersAndFaults();

  it("navigating within a client asks for its configuration once; another client's is asked once more", async () => {
    const watch = watchRequests();
    try {
      const el = await mountPlayer({ client: 'demo' });
      await waitFor(() => $(el, '.menu-sections'), 'menu');
      el[CONTROLLER].navigate('/demo/player/A_DEMO_VIDEO');
      await waitFor(() => pb(el).ready, 'the demo video ready');
      el[CONTROLLER].navigate('/demo/menu');
      await waitFor(() => $(el, '.menu-sections'), 'the menu again');
      expect(watch.to('/api/clients/demo'), 'one configuration request for demo').to.have.length(1);
      el[CONTROLLER].navigate('/riverside/menu');
      await waitFor(() => watch.to('/api/clients/riverside').length === 1, 'the configuration of riverside');
      await waitFor(() => el[CONTROLLER].state.clientStatus === 'ready', 'riverside configured');
      el[CONTROLLER].navigate('/riverside/menu');
      await nextTask();
      expect(watch.to('/api/clients/riverside'), 'one configuration request for riverside').to.have.length(1);
      expect(watch.to('/api/clients/demo'), 'demo was not asked again').to.have.length(1);
    } finally {
      watch.stop();
    }
  });
});

describe('spec rows: the route names and their parameters', () => {
  cleanPlayersAndFaults();

  it('navigation has no code; open passes its code to the playlist route (client, code); info has a code', async () => {
    const el = await mountPlayer({ client: 'demo' });
    const seen: { name: string; code: string | null }[] = [];
    el.addEventListener('navigate', (e) => seen.push((e as CustomEvent<{ name: string; code: string | null }>).detail));
    // The route's name and parameters (those it has), as the element matched them.
    const route = () => {
      const { name, client, code, modal } = el[CONTROLLER].currentRoute();
      return { name, client, code, modal };
    };
    expect(route(), 'navigation: no code').to.deep.equal({
      name: 'navigation',
      client: 'demo',
      code: undefined,
      modal: undefined,
    });
    expect(Boolean($(el, '[data-screen="navigation"]'))).to.equal(true);

    // open with a playlist code: the playlist route, whose client and code load that playlist.
    el[CONTROLLER].navigate('/demo/open/A_DEMO_SLIDES');
    expect(el.currentPath, 'open redirects before anything renders').to.equal('/demo/player/A_DEMO_SLIDES');
    expect(route()).to.deep.equal({ name: 'playlist', client: 'demo', code: 'A_DEMO_SLIDES', modal: undefined });
    await waitFor(() => $(el, '[data-screen="playlist"][data-code="A_DEMO_SLIDES"]'), 'the slides player');
    await waitFor(() => pb(el).playlist?.code === 'A_DEMO_SLIDES', 'the playlist of that code loaded');
    await waitFor(() => seen.some((s) => s.name === 'playlist'), 'navigate event');

    // info with a code: the info screen of that code's playlist.
    el[CONTROLLER].navigate('/demo/player/A_DEMO_SLIDES/info');
    expect(route()).to.deep.equal({ name: 'playlist', client: 'demo', code: 'A_DEMO_SLIDES', modal: 'info' });
    const title = async () => (await waitFor(() => $(el, '.modal .info-list dd'), 'info rows')).textContent;
    expect(await title(), 'the info of A_DEMO_SLIDES').to.equal('Your surgery checklist');

    // open with another code, then info: the info follows the code.
    el[CONTROLLER].navigate('/demo/open/A_DEMO_VIDEO');
    await waitFor(() => pb(el).playlist?.code === 'A_DEMO_VIDEO', 'the video playlist loaded');
    el[CONTROLLER].navigate('/demo/player/A_DEMO_VIDEO/info');
    await waitFor(() => $(el, '.modal .info-list dd')?.textContent === 'Your total knee replacement', 'its info');

    // open without a code (or with a menu code) is the navigation screen.
    el[CONTROLLER].navigate('/demo/open');
    expect(el.currentPath).to.equal('/demo/menu');
    await waitFor(() => $(el, '[data-screen="navigation"]'), 'the menu');
    el[CONTROLLER].navigate('/demo/open/L_ORTHO');
    expect(route()).to.deep.equal({ name: 'navigation', client: 'demo', code: 'L_ORTHO', modal: undefined });
    await waitFor(() => seen.at(-1)?.code === 'L_ORTHO', 'the last navigate event');
    // The host hears the screens settled on, never the open route itself.
    expect(seen.map((s) => s.name)).to.not.include('open');
    expect(seen.filter((s) => s.name === 'playlist').map((s) => s.code)).to.include.members([
      'A_DEMO_SLIDES',
      'A_DEMO_VIDEO',
    ]);
    expect(
      seen.some((s) => s.name === 'navigation' && s.code === null),
      'navigation, no code',
    ).to.equal(true);
  });
});
