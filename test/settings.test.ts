import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { CONTROLLER } from '../src/app/embed-options';
import type { PatientEdPlayerElement } from '../src/element/player-element';
import { STORAGE_KEY, type Preferences } from '../src/preferences/defaults';
import { mergePreferences } from '../src/preferences/merge';
import { CAPTION_COLORS, CAPTION_FONTS, shortcutRows } from '../src/screens/modals/settings-options';
import { PLAYER_SHORTCUTS } from '../src/commands/keyboard';
import {
  $,
  $$,
  cleanPlayersAndFaults,
  mountPlayer,
  nextTask,
  shadow,
  sticking,
  text,
  waitFor,
  waitForPath,
} from './helpers';
import { MODAL_NAMES, MODALS } from '../src/screens/modal-registry';

const prefs = (el: PatientEdPlayerElement) => mergePreferences(el[CONTROLLER].state.layers);
const storedLocal = (): Partial<Preferences> =>
  (JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as { local?: Partial<Preferences> }).local ?? {};
const active = (el: Element) => shadow(el).activeElement as HTMLElement | null;
const key = (target: Element, k: string, init: KeyboardEventInit = {}) =>
  target.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, composed: true, ...init }));

/** The radio of a radio group by its accessible name (its label's text). */
function radio(el: Element, name: string): HTMLInputElement {
  const found = $$<HTMLInputElement>(el, '.modal input[type="radio"]').find(
    (r) => r.closest('label')?.textContent?.trim() === name,
  );
  if (!found)
    throw new Error(
      `no radio named ${name}: ${$$(el, '.modal label')
        .map((l) => l.textContent)
        .join(' | ')}`,
    );
  return found;
}
const radioNames = (el: Element) =>
  $$<HTMLInputElement>(el, '.modal input[type="radio"]').map((r) => r.closest('label')!.textContent.trim());
const switchNamed = (el: Element) => $<HTMLButtonElement>(el, '.modal [role="switch"]')!;
const status = (el: Element) => text(el, '.modal [role="status"]');

async function openSettings(el: PatientEdPlayerElement, screen?: string) {
  const base = el.currentPath.replace(/\/settings.*$/, '');
  el[CONTROLLER].navigate(`${base.replace(/\/$/, '')}/settings${screen ? `/${screen}` : ''}`);
  await waitFor(
    () => $(el, `.modal[data-modal-name="settings${screen ? `/${screen}` : ''}"] .modal-body > :not(.loading)`),
    `settings ${screen ?? ''}`,
  );
}

describe('settings: ways in, the list, focus', () => {
  cleanPlayersAndFaults();

  it('Settings in the menu header: its screens listed, each back to its parent, the focus on its link', async () => {
    const el = await mountPlayer({ client: 'demo' });
    const opener = await waitFor(
      () => $<HTMLButtonElement>(el, '.practice-bar [data-control="settings"]'),
      'header settings button',
    );
    expect(opener.getAttribute('aria-label')).to.equal('Settings');
    opener.focus();
    opener.click();
    await waitForPath(el, '/demo/menu/settings');
    await waitFor(() => $$(el, '.settings-link').length === 9, 'settings list');
    expect($$(el, '.settings-link').map((b) => b.querySelector('span')!.textContent)).to.deep.equal([
      'Menu language',
      'Text size',
      'Increase contrast',
      'Reduce motion',
      'Video language',
      'Audio',
      'Speed',
      'Captions',
      'Keyboard shortcuts',
    ]);
    // Current values describe each link.
    const textSize = $<HTMLButtonElement>(el, '[data-settings="settings/menu/font-size"]')!;
    expect(shadow(el).getElementById(textSize.getAttribute('aria-describedby')!)!.textContent).to.equal('100%');
    await expect(el).shadowDom.to.be.accessible();

    textSize.click();
    await waitForPath(el, '/demo/menu/settings/menu/font-size');
    await waitFor(() => radioNames(el).length === 9, 'text size radios');
    expect(text(el, '.modal-title')).to.equal('Text size');
    key($(el, '.modal')!, 'Escape');
    await waitForPath(el, '/demo/menu/settings');
    await waitFor(() => active(el)?.dataset.settings === 'settings/menu/font-size', 'focus back on the Text size link');
    key($(el, '.modal')!, 'Escape');
    await waitForPath(el, '/demo/menu');
    await waitFor(() => active(el) === opener, 'focus back on the header button');

    // Captions: its own list, reached from settings, returning to it.
    el[CONTROLLER].navigate('/demo/menu/settings/captions/font-color');
    await waitFor(() => radioNames(el).length === 10, 'colours');
    $<HTMLButtonElement>(el, '.modal-header button')!.click(); // the close button returns to the parent
    await waitForPath(el, '/demo/menu/settings/captions');
    await waitFor(() => $$(el, '.settings-link').length === 7, 'caption settings list');
    expect($$(el, '.settings-link').map((b) => b.querySelector('span')!.textContent)).to.deep.equal([
      'Caption language',
      'Font',
      'Font size',
      'Font color',
      'Font opacity',
      'Background color',
      'Background opacity',
    ]);
    expect(text(el, '[data-action="reset-captions"]')).to.equal('Reset caption settings');
  });

  it('the control bar has a Settings button; closing returns the focus to it', async () => {
    const el = await mountPlayer({ client: 'demo', code: 'A_DEMO_VIDEO' });
    const button = await waitFor(
      () => $<HTMLButtonElement>(el, '.controls [data-control="settings"]'),
      'settings control',
    );
    expect(button.getAttribute('aria-label')).to.equal('Settings');
    button.focus();
    button.click();
    await waitForPath(el, '/demo/player/A_DEMO_VIDEO/settings');
    await waitFor(() => $$(el, '.settings-link').length === 9, 'settings list');
    expect(active(el)?.classList.contains('modal')).to.equal(true);
    key($(el, '.modal')!, 'Escape');
    await waitForPath(el, '/demo/player/A_DEMO_VIDEO');
    await waitFor(() => active(el) === button, 'focus back on the control');
  });
});

describe('settings: each choice applies at once, is saved and announced', () => {
  cleanPlayersAndFaults();

  it('text size: nine options; the text grows, the choice is saved, kept on reload, by the other player', async () => {
    const el = await mountPlayer({ client: 'demo' });
    const other = await mountPlayer({ client: 'demo' });
    await openSettings(el, 'menu/font-size');
    expect(radioNames(el)).to.deep.equal(['50%', '75%', '100%', '125%', '150%', '175%', '200%', '300%', '400%']);
    expect(radio(el, '100%').checked).to.equal(true);
    radio(el, '150%').click();
    await waitFor(() => getComputedStyle($(el, '.shell')!).fontSize === '24px', 'text at 150%');
    expect(status(el)).to.equal('Text size: 150%');
    expect(storedLocal().fontSize).to.equal(150);
    await waitFor(() => getComputedStyle($(other, '.shell')!).fontSize === '24px', 'the other player too');
    el.remove();
    const again = await mountPlayer({ client: 'demo' });
    await waitFor(() => getComputedStyle($(again, '.shell')!).fontSize === '24px', 'after a reload');
  });

  it('text size and scale together stop at 400%; the player stays usable (nothing overflows sideways)', async () => {
    const el = await mountPlayer({ client: 'demo', code: 'A_DEMO_VIDEO', scale: '400', 'font-size': '400' });
    await waitFor(() => $(el, '.controls'), 'controls');
    expect(getComputedStyle($(el, '.shell')!).fontSize).to.equal('64px');
    el.style.width = '640px';
    await openSettings(el);
    const shell = $(el, '.shell')!;
    expect(shell.scrollWidth).to.be.at.most(shell.clientWidth + 1);
    const modal = $(el, '.modal')!;
    expect(modal.getBoundingClientRect().width).to.be.at.most(640);
    // Long dialogs scroll inside the player.
    expect(getComputedStyle(modal).overflowY).to.equal('auto');
    el.style.width = '';
  });

  it('a 320px player with 200% text reflows: the header wraps; menu, settings and search fit its width', async () => {
    const el = await mountPlayer({ client: 'demo', 'font-size': '200' });
    el.style.width = '320px';
    try {
      await waitFor(() => $(el, '.section-card'), 'the menu');
      expect(sticking(el), 'menu').to.deep.equal([]);
      // The practice name keeps whole words on a line when it can (the header's buttons wrap below it).
      const name = $(el, '.practice-name')!;
      expect(name.getBoundingClientRect().width).to.be.greaterThan(150);
      el[CONTROLLER].navigate('/demo/menu/settings/captions/font-color');
      await waitFor(() => $(el, '.modal input[type="radio"]'), 'a settings screen');
      expect(sticking(el), 'settings').to.deep.equal([]);
      el[CONTROLLER].navigate('/demo/menu/search?search=knee');
      await waitFor(() => $(el, '.modal [data-hit]'), 'search results');
      expect(sticking(el), 'search').to.deep.equal([]);
      // The query field keeps a usable width beside (or above) its buttons.
      expect($(el, '.search-input')!.getBoundingClientRect().width).to.be.greaterThan(150);
      // Its buttons grow with the text, as tall as the field.
      const field = $(el, '.search-input')!.getBoundingClientRect().height;
      for (const b of $$(el, '.search-icon-button'))
        expect(Math.abs(b.getBoundingClientRect().height - field)).to.be.below(4);
    } finally {
      el.style.width = '';
    }
  });

  it('increase contrast and reduce motion are switches that set the shell states', async () => {
    const el = await mountPlayer({ client: 'demo' });
    await openSettings(el, 'menu/increase-contrast');
    const sw = switchNamed(el);
    expect(sw.getAttribute('aria-checked')).to.equal('false');
    expect(shadow(el).getElementById(sw.getAttribute('aria-labelledby')!)!.textContent).to.equal('Increase contrast');
    sw.click();
    await waitFor(() => $(el, '.shell.increase-contrast'), 'increase-contrast state');
    expect(sw.getAttribute('aria-checked')).to.equal('true');
    expect(status(el)).to.equal('Increase contrast: On');
    await expect(el).shadowDom.to.be.accessible();
    await openSettings(el, 'menu/reduce-motion');
    switchNamed(el).click();
    await waitFor(() => $(el, '.shell.reduce-motion'), 'reduce-motion state');
    expect(storedLocal()).to.include({ increaseContrast: 1, reduceMotion: 1 });
    switchNamed(el).click();
    await waitFor(() => !$(el, '.shell.reduce-motion'), 'reduce-motion off');
  });

  it('menu language changes the interface only; voice-over and captions keep theirs', async () => {
    const el = await mountPlayer({ client: 'demo' });
    await openSettings(el, 'menu/language');
    expect(radioNames(el)).to.deep.equal(['English', 'Español', 'Deutsch', 'العربية', 'Português']);
    radio(el, 'Deutsch').click();
    await waitFor(() => $(el, '.shell[lang="de"]'), 'German interface');
    expect(prefs(el)).to.include({ menuLanguage: 'de', voLanguage: 'en', ccLanguage: 'en' });
    expect(text(el, '.modal-title')).to.equal('Menüsprache');
    // setLanguage (the host's command) still sets all three.
    await el.setLanguage('es');
    expect(prefs(el)).to.include({ menuLanguage: 'es', voLanguage: 'es', ccLanguage: 'es' });
  });

  it("video language lists the playlist's voice-over languages and switches the video; audio is a switch", async () => {
    const el = await mountPlayer({ client: 'demo', code: 'A_DEMO_VIDEO' });
    await waitFor(() => el[CONTROLLER].state.playback.ready, 'item ready');
    await openSettings(el, 'video/language');
    expect(radioNames(el)).to.deep.equal(['English', 'Español']);
    radio(el, 'Español').click();
    await waitFor(
      () => shadow(el).querySelector<HTMLVideoElement>('video.media')?.currentSrc.includes('/es.mp4'),
      'Spanish voice-over',
    );
    expect(prefs(el)).to.include({ voLanguage: 'es', menuLanguage: 'en' });
    await openSettings(el, 'video/audio');
    const sw = switchNamed(el);
    expect(shadow(el).getElementById(sw.getAttribute('aria-labelledby')!)!.textContent).to.equal('Play with sound');
    expect(sw.getAttribute('aria-checked')).to.equal('true');
    sw.click();
    await waitFor(() => prefs(el).audio === 0, 'audio off');
    expect(storedLocal().audio).to.equal(0);
  });

  it('caption choices restyle the sample and the live captions at once; reset removes the six fields', async () => {
    const el = await mountPlayer({ client: 'demo', code: 'A_DEMO_VIDEO' });
    await waitFor(() => el[CONTROLLER].state.playback.ready, 'item ready');
    await el.seekTo(2);
    await waitFor(() => $(el, '.caption-line'), 'a caption on screen');
    await openSettings(el, 'captions/font-color');
    expect(radioNames(el)).to.deep.equal(CAPTION_COLORS.map((c) => c.name[0].toUpperCase() + c.name.slice(1)));
    expect(radio(el, 'White').checked).to.equal(true);
    radio(el, 'Yellow').click();
    const sample = () => getComputedStyle($(el, '.caption-sample span')!);
    await waitFor(() => sample().color === 'rgb(255, 255, 0)', 'yellow sample');
    expect(getComputedStyle($(el, '.caption-line')!).color).to.equal('rgb(255, 255, 0)');
    expect(status(el)).to.equal('Font color: Yellow');

    await openSettings(el, 'captions/background-opacity');
    expect(radioNames(el)).to.deep.equal(['100%', '75%', '0%']);
    expect(radio(el, '75%').checked).to.equal(true);
    radio(el, '0%').click();
    await waitFor(
      () => getComputedStyle($(el, '.caption-line')!).backgroundColor === 'rgba(0, 0, 0, 0)',
      'transparent background',
    );

    await openSettings(el, 'captions/font-family');
    expect(radioNames(el).length).to.be.at.least(5);
    expect(radioNames(el)[0]).to.equal('Arial');
    radio(el, 'Courier New').click();
    await waitFor(() => /Courier New/.test(getComputedStyle($(el, '.caption-line')!).fontFamily), 'Courier captions');

    await openSettings(el, 'captions/font-size');
    radio(el, '200%').click();
    await waitFor(() => prefs(el).ccFontSize === '200%', 'caption size');
    const base = parseFloat(getComputedStyle($(el, '.shell')!).fontSize);
    await waitFor(
      () => Math.abs(parseFloat(getComputedStyle($(el, '.caption-line')!).fontSize) - base * 1.35 * 2) < 1,
      'captions twice as large',
    );

    expect(Object.keys(storedLocal())).to.include.members([
      'ccFontColor',
      'ccBackgroundOpacity',
      'ccFontFamily',
      'ccFontSize',
    ]);
    await openSettings(el, 'captions');
    $<HTMLButtonElement>(el, '[data-action="reset-captions"]')!.click();
    await waitFor(() => getComputedStyle($(el, '.caption-line')!).color === 'rgb(255, 255, 255)', 'white again');
    expect(status(el)).to.equal('Caption settings were reset.');
    const stored = storedLocal();
    for (const k of [
      'ccFontFamily',
      'ccFontSize',
      'ccFontColor',
      'ccFontOpacity',
      'ccBackgroundColor',
      'ccBackgroundOpacity',
    ])
      expect(stored).to.not.have.property(k);
    expect(prefs(el).ccFontFamily).to.equal(CAPTION_FONTS[0].value);
    await expect(el).shadowDom.to.be.accessible();
  });

  it("caption language: the playlist's languages plus Off", async () => {
    const el = await mountPlayer({ client: 'demo', code: 'A_DEMO_VIDEO' });
    await waitFor(() => el[CONTROLLER].state.playback.ready, 'item ready');
    await el.seekTo(2);
    await waitFor(() => $(el, '.caption-line'), 'a caption');
    await openSettings(el, 'captions/language');
    expect(radioNames(el)).to.deep.equal(['Off', 'English', 'Español', 'Deutsch', 'Português', 'العربية']);
    radio(el, 'Off').click();
    await waitFor(() => !$(el, '.caption-line'), 'captions off');
    expect(prefs(el).subtitles).to.equal(0);
    radio(el, 'Deutsch').click();
    await waitFor(
      () => el[CONTROLLER].state.playback.ccLanguage === 'de' && $(el, '.captions[lang="de"] .caption-line'),
      'German captions',
    );
    expect(prefs(el)).to.include({ subtitles: 1, ccLanguage: 'de', menuLanguage: 'en' });
  });

  it('keyboard shortcuts: the list comes from the shortcut table; the switch turns them off', async () => {
    const el = await mountPlayer({ client: 'demo', code: 'A_DEMO_VIDEO' });
    await waitFor(() => el[CONTROLLER].state.playback.ready, 'item ready');
    await openSettings(el, 'keyboard-shortcuts');
    const rows = $$<HTMLTableRowElement>(el, '[data-shortcuts] tbody tr');
    expect(rows.length).to.equal(shortcutRows().length);
    const keys = rows.flatMap((r) => [...r.querySelectorAll('kbd')]).length;
    expect(keys).to.equal(Object.keys(PLAYER_SHORTCUTS).length);
    expect(rows.map((r) => r.cells[1].textContent)).to.include.members([
      'Back 5 seconds',
      'Forward 10 seconds',
      'Play or pause',
      'Volume up 10%',
    ]);
    await expect(el).shadowDom.to.be.accessible();
    switchNamed(el).click();
    await waitFor(() => prefs(el).keyboardShortcuts === 0, 'shortcuts off');
    key($(el, '.modal')!, 'Escape');
    await waitForPath(el, '/demo/player/A_DEMO_VIDEO/settings');
    key($(el, '.modal')!, 'Escape');
    await waitForPath(el, '/demo/player/A_DEMO_VIDEO');
    key($(el, '.stage')!, ' ', { code: 'Space' });
    // Asking the media to play unpauses it at once: once the reactions to the key press have run, it would show.
    await nextTask();
    expect($<HTMLVideoElement>(el, 'video')!.paused, 'the media not asked to play').to.equal(true);
    expect(el.getPlayerState()).to.not.equal(1);
  });

  it('settings read in Arabic, right to left', async () => {
    const el = await mountPlayer({ client: 'demo', language: 'ar' });
    await openSettings(el);
    await waitFor(() => $(el, '.shell[dir="rtl"]'), 'rtl');
    expect(text(el, '[data-settings="settings/menu/font-size"] span')).to.equal('حجم النص');
    await openSettings(el, 'video/audio');
    expect(shadow(el).getElementById(switchNamed(el).getAttribute('aria-labelledby')!)!.textContent).to.equal(
      'التشغيل مع الصوت',
    );
  });
});

describe('settings with the keyboard alone, and axe on every dialog', () => {
  cleanPlayersAndFaults();
  /** A real key press (Shift+Tab as Shift held down around Tab). */
  async function press(key: string) {
    if (key !== 'Shift+Tab') return sendKeys({ press: key });
    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ up: 'Shift' });
  }

  /** Tab (or Shift+Tab) until `check` holds for the focused element; at most `max` presses. */
  async function tabTo(el: Element, check: (a: HTMLElement) => boolean, back = false, max = 30) {
    for (let i = 0; i < max; i++) {
      const a = active(el);
      if (a && check(a)) return a;
      await press(back ? 'Shift+Tab' : 'Tab');
    }
    throw new Error(`focus never reached the target (now ${active(el)?.outerHTML.slice(0, 80)})`);
  }

  it('Tab and Shift+Tab stay in a dialog of choices: from the chosen one to Close, from Close back to it', async () => {
    const el = await mountPlayer({ client: 'demo' });
    el[CONTROLLER].navigate('/demo/menu/settings/captions/font-color');
    const close = await waitFor(() => $<HTMLButtonElement>(el, '.modal-header button'), 'the dialog');
    await waitFor(() => radioNames(el).length > 3, 'the colours');
    const chosen = $$<HTMLInputElement>(el, '.modal input[type="radio"]').find((r) => r.checked)!;
    chosen.focus();
    await press('Tab');
    expect(active(el), 'Tab from the chosen colour goes round to Close').to.equal(close);
    await press('Shift+Tab');
    expect(active(el), 'Shift+Tab from Close goes to the chosen colour').to.equal(chosen);
    await press('Escape');
    await waitForPath(el, '/demo/menu/settings/captions');
  });

  it('Tab, Shift+Tab, Enter, Space, arrows and Escape reach and change every kind of setting', async () => {
    const el = await mountPlayer({ client: 'demo' });
    const opener = await waitFor(
      () => $<HTMLButtonElement>(el, '.practice-bar [data-control="settings"]'),
      'settings button',
    );
    opener.focus();
    await press('Enter');
    await waitFor(() => $$(el, '.settings-link').length === 9, 'settings list');
    await tabTo(el, (a) => a.dataset.settings === 'settings/menu/font-size');
    await press('Enter');
    await waitFor(() => radioNames(el).length === 9, 'text sizes');
    await tabTo(el, (a) => a instanceof HTMLInputElement && a.type === 'radio');
    expect((active(el) as HTMLInputElement).checked, 'focus lands on the chosen size').to.equal(true);
    await press('ArrowDown');
    await waitFor(() => prefs(el).fontSize === 125, 'the next size, by arrow key');
    await press('Escape');
    await waitForPath(el, '/demo/menu/settings');
    await waitFor(() => active(el)?.dataset.settings === 'settings/menu/font-size', 'focus on the link it came from');
    await press('Shift+Tab');
    expect(active(el)?.dataset.settings, 'Shift+Tab goes back').to.equal('settings/menu/language');
    await tabTo(el, (a) => a.dataset.settings === 'settings/menu/increase-contrast');
    await press('Enter');
    await waitFor(() => $(el, '.modal [role="switch"]'), 'switch');
    await tabTo(el, (a) => a.getAttribute('role') === 'switch');
    await press('Space');
    await waitFor(() => $(el, '.shell.increase-contrast'), 'contrast on, by Space');
    await press('Enter');
    await waitFor(() => !$(el, '.shell.increase-contrast'), 'contrast off, by Enter');
    // Tab stays inside the dialog.
    for (let i = 0; i < 4; i++) {
      await press('Tab');
      expect($(el, '.modal')!.contains(active(el)), 'focus trapped in the dialog').to.equal(true);
    }
    await press('Escape');
    await waitForPath(el, '/demo/menu/settings');
    await press('Escape');
    await waitForPath(el, '/demo/menu');
    await waitFor(() => active(el) === opener, 'focus back on the opener');
  });

  it('every settings, share and embed dialog, and the transcript, pass axe', async function () {
    this.timeout(60000);
    const el = await mountPlayer({ client: 'demo', code: 'A_DEMO_VIDEO' });
    await waitFor(
      () => el[CONTROLLER].state.playback.ready && el[CONTROLLER].state.playback.cues.length > 0,
      'ready with captions',
    );
    const names = MODAL_NAMES.filter(
      (n) => MODALS[n].scope === 'shared' || n === 'transcript' || n === 'note' || n === 'extras',
    );
    for (const name of names) {
      el[CONTROLLER].navigate(`/demo/player/A_DEMO_VIDEO/${name}`);
      // The body itself, not the spinner shown while its chunk's export resolves.
      await waitFor(() => $(el, `.modal[data-modal-name="${name}"] .modal-body > :not(.loading)`), `${name} body`);
      await expect(el, name).shadowDom.to.be.accessible();
    }
  });
});
