import { expect } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import { CONTROLLER } from '../src/app/embed-options';
import type { PatientEdPlayerElement } from '../src/element/player-element';
import { ControlsVisibility } from '../src/playback/controls-visibility';
import { PLAYER_STATE, TIMING } from '../src/playback/timing';
import { layoutControlRow, type ControlRowMeasure } from '../src/screens/control-layout';
import { FakeClock } from './fake-clock';
import { renderCount } from '../src/screens/render-count';
import {
  $,
  $$,
  cleanPlayersAndFaults,
  findControl,
  mountPlayer,
  nextFrame,
  shadow,
  steady,
  waitFor,
  waitForPath,
} from './helpers';

// Measures in px: buttons of 32 with a gap of 3 (a slot of 35), a slider of 84.
const measure = (available: number, count: number): ControlRowMeasure => ({
  available,
  gap: 3,
  start: 200,
  pinned: 140,
  volume: 84,
  slot: 35,
  count,
});

describe('control bar layout (pure)', () => {
  it('one row with everything when it fits; else the optional controls that fit, and More for the rest', () => {
    // 200 + 3 + 140 + 3 + 84 = 430 before the optional controls.
    expect(layoutControlRow(measure(430 + 8 * 35, 8))).to.deep.equal({ inline: 8, hideVolume: false, wrapped: false });
    // One pixel short of all eight: seven slots left, one of them for More.
    expect(layoutControlRow(measure(430 + 8 * 35 - 1, 8))).to.deep.equal({
      inline: 6,
      hideVolume: false,
      wrapped: false,
    });
    // Room for More alone: every optional control is in the menu, still one row.
    expect(layoutControlRow(measure(430 + 35, 8))).to.deep.equal({ inline: 0, hideVolume: false, wrapped: false });
    // No optional control: no More, and the row only has to hold the fixed parts.
    expect(layoutControlRow(measure(430, 0))).to.deep.equal({ inline: 0, hideVolume: false, wrapped: false });
  });

  it('then two rows (the end group on its own, with the slider if it fits), then without the slider', () => {
    // Too narrow for the start group beside the end group: the end group (227 + its controls) gets a row.
    expect(layoutControlRow(measure(430 + 34, 8))).to.deep.equal({ inline: 5, hideVolume: false, wrapped: true });
    expect(layoutControlRow(measure(227 + 35, 8))).to.deep.equal({ inline: 0, hideVolume: false, wrapped: true });
    // Narrower than the end group with the slider and More: the slider goes (mute stays), its room holds two.
    expect(layoutControlRow(measure(227 + 34, 8))).to.deep.equal({ inline: 2, hideVolume: true, wrapped: true });
    expect(layoutControlRow(measure(100, 8))).to.deep.equal({ inline: 0, hideVolume: true, wrapped: true });
    expect(layoutControlRow(measure(300, 0))).to.deep.equal({ inline: 0, hideVolume: false, wrapped: true });
  });

  it('an open menu holds the bar: it does not hide while playing until the menu closes (fake clock)', () => {
    const clock = new FakeClock();
    const shell = { controlsVisible: false };
    const controls = new ControlsVisibility(shell, () => clock);
    controls.playback(PLAYER_STATE.PLAYING, true);
    controls.activity('mouse');
    controls.hold(true);
    clock.tick(60_000);
    expect(shell.controlsVisible, 'held').to.equal(true);
    controls.activity('mouse');
    clock.tick(60_000);
    expect(shell.controlsVisible, 'activity while held does not start the timer').to.equal(true);
    controls.hold(false);
    clock.tick(TIMING.controlsHideMouseMs - 1);
    expect(shell.controlsVisible).to.equal(true);
    clock.tick(1);
    expect(shell.controlsVisible, 'hidden in its usual time after the menu closed').to.equal(false);
    controls.dispose();
    expect(clock.pending).to.equal(0);
  });
});

/** The controls shown in the bar's row (not in the menu), in order. */
const rowControls = (el: Element) =>
  $$(el, '.control-group > [data-control], .control-group > .volume, .more > [data-control="more"]').filter(
    (c) => !c.hidden,
  );
const names = (els: HTMLElement[]) => els.map((c) => c.dataset.control ?? c.className);
/** The distinct rows the bar's controls sit on (vertical centres within 4 px are one row). */
const rowsOf = (els: HTMLElement[]) => {
  const rows: number[] = [];
  for (const c of els) {
    const r = c.getBoundingClientRect();
    const centre = (r.top + r.bottom) / 2;
    if (!rows.some((y) => Math.abs(y - centre) < 4)) rows.push(centre);
  }
  return new Set(rows);
};
const OPTIONAL = [
  ...['transcript', 'chapters', 'list', 'note', 'favorite', 'markup', 'extras', 'share', 'menu', 'speed'],
  // Picture-in-picture where the browser offers it (Chromium does).
  ...(document.pictureInPictureEnabled ? ['picture-in-picture'] : []),
];

async function mountWide(width: number, attrs: Record<string, string> = {}, clock?: FakeClock) {
  const el = await mountPlayer({ client: 'demo', code: 'A_DEMO_VIDEO', favorites: '1', ...attrs }, { clock });
  el.style.width = `${width}px`;
  await waitFor(() => el[CONTROLLER].state.playback.ready && $(el, '.control-row'), 'controls');
  return el;
}

async function resize(el: PatientEdPlayerElement, width: number, check: () => boolean, what: string) {
  el.style.width = `${width}px`;
  await waitFor(check, `${what} at ${width}px`);
}

describe('control bar fits its width', () => {
  cleanPlayersAndFaults();

  it('keeps one row: what does not fit goes to More, in order; two rows only when narrow; and back', async () => {
    const el = await mountWide(1000);
    await waitFor(
      () => OPTIONAL.every((n) => rowControls(el).some((c) => c.dataset.control === n)),
      'every optional control in the row',
    );
    expect($(el, '[data-control="more"]'), 'no More button when everything fits').to.equal(null);
    expect(rowsOf(rowControls(el)).size, 'one row').to.equal(1);

    await resize(el, 640, () => Boolean($(el, '[data-control="more"]')), 'a More button');
    const row = rowControls(el);
    expect(rowsOf(row).size, 'still one row').to.equal(1);
    const inline = names(row).filter((n) => OPTIONAL.includes(n));
    expect(inline.length, 'some optional controls stay').to.be.within(1, OPTIONAL.length - 1);
    (await findControl(el, 'share')).focus(); // opens the menu
    const inMenu = names($$(el, '.more-menu [data-control]'));
    expect([...inline, ...inMenu], 'row then menu: every optional control once, in order').to.deep.equal(OPTIONAL);
    expect(names(row).slice(-3), 'settings and full screen stay at the end').to.deep.equal([
      'more',
      'settings',
      'fullscreen',
    ]);
    $(el, '[data-control="more"]')!.click();
    await waitFor(() => !$(el, '.more-menu'), 'menu closed');

    await resize(el, 330, () => $(el, '.control-row')!.hasAttribute('data-wrapped'), 'two rows');
    const narrow = rowControls(el);
    expect(rowsOf(narrow).size, 'two rows').to.equal(2);
    const bar = $(el, '.control-row')!.getBoundingClientRect();
    for (const c of narrow) {
      const r = c.getBoundingClientRect();
      expect(
        r.left >= bar.left - 0.5 && r.right <= bar.right + 0.5,
        `${c.dataset.control ?? c.className} inside the bar`,
      ).to.equal(true);
    }
    const mute = $(el, '[data-control="mute"]')!.getBoundingClientRect();
    const volume = $(el, '.volume')!;
    if (!volume.hidden)
      expect(
        Math.abs(
          volume.getBoundingClientRect().top + volume.getBoundingClientRect().height / 2 - (mute.top + mute.height / 2),
        ),
        'the slider beside mute',
      ).to.be.below(2);
    expect(
      rowsOf([$(el, '[data-control="play"]')!, $(el, '[data-control="time"]')!]).size,
      'play and time together',
    ).to.equal(1);

    // Back to a wider player: one row again (the spacer of the two-row layout is not taken for a control's room).
    await resize(el, 700, () => !$(el, '.control-row')!.hasAttribute('data-wrapped'), 'one row');
    expect(rowsOf(rowControls(el)).size).to.equal(1);
    await resize(el, 1000, () => !$(el, '[data-control="more"]'), 'no More');
  });

  it('fits the same controls when the page scales the player (a CSS transform): layout pixels, not drawn', async () => {
    const el = await mountWide(640);
    await waitFor(() => $(el, '[data-control="more"]'), 'a More button');
    const plain = await steady(() => names(rowControls(el)), 'the bar measured');
    for (const scale of [1.25, 0.8]) {
      el.style.transform = `scale(${scale})`;
      el.style.transformOrigin = '0 0';
      // A resize of the row makes it measure again (the transform alone does not): its observer runs before the
      // next frame, and the layout it sets is rendered by the one after.
      el.style.width = '641px';
      await steady(
        () => [names(rowControls(el)), renderCount(el[CONTROLLER], 'controls')],
        `the bar measured at scale ${scale}`,
      );
      expect(names(rowControls(el)), `the same controls at scale ${scale}`).to.deep.equal(plain);
      expect(rowsOf(rowControls(el)).size, `one row at scale ${scale}`).to.equal(1);
      el.style.width = '640px';
      await steady(() => [names(rowControls(el)), renderCount(el[CONTROLLER], 'controls')], 'the bar measured again');
    }
  });

  it('More is a keyboard menu: arrows, Home / End, Escape back to the button, Tab out; no shortcuts', async () => {
    const el = await mountWide(560);
    const c = el[CONTROLLER];
    const more = await waitFor(() => $<HTMLElement>(el, '[data-control="more"]'), 'More');
    expect(more.getAttribute('aria-haspopup')).to.equal('menu');
    expect(more.getAttribute('aria-label')).to.equal('More options');
    const volume = c.state.playback.volume;
    const active = () => shadow(el).activeElement as HTMLElement | null;
    more.focus();
    await sendKeys({ press: 'ArrowDown' });
    const menu = await waitFor(() => $(el, '.more-menu[role="menu"]'), 'menu');
    expect(more.getAttribute('aria-expanded')).to.equal('true');
    expect(more.getAttribute('aria-controls')).to.equal(menu.id);
    const items = $$(el, '.more-menu [data-control]');
    expect(active(), 'first item focused').to.satisfy((a: Element) => a === items[0]);
    await sendKeys({ press: 'ArrowUp' });
    expect(active() === items.at(-1), 'ArrowUp wraps to the last').to.equal(true);
    await sendKeys({ press: 'Home' });
    expect(active() === items[0]).to.equal(true);
    await sendKeys({ press: 'ArrowDown' });
    expect(active() === items[1]).to.equal(true);
    await sendKeys({ press: 'End' });
    expect(active() === items.at(-1)).to.equal(true);
    await sendKeys({ press: 'm' });
    expect(c.state.playback.volume, 'arrows did not change the volume').to.equal(volume);
    expect(c.state.playback.muted, 'M inside the menu is not the mute shortcut').to.equal(false);
    // Every item is a menu item (a switch says whether it is on), and the menu is axe-clean.
    for (const item of items) expect(['menuitem', 'menuitemcheckbox']).to.include(item.getAttribute('role'));
    expect($(el, '.more-menu [data-control="favorite"]')?.getAttribute('aria-checked')).to.equal('false');
    await expect(el).shadowDom.to.be.accessible({ ignoredRules: ['color-contrast'] });
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !$(el, '.more-menu'), 'Escape closes');
    expect(active() === more, 'focus back on More').to.equal(true);
    expect(el.currentPath, 'Escape only closed the menu').to.equal('/demo/player/A_DEMO_VIDEO');

    await sendKeys({ press: 'ArrowUp' });
    await waitFor(() => $(el, '.more-menu'), 'ArrowUp opens');
    expect(active() === $$(el, '.more-menu [data-control]').at(-1), 'on the last item').to.equal(true);
    await sendKeys({ press: 'Tab' });
    await waitFor(() => !$(el, '.more-menu'), 'Tab closes');
    expect(more.getAttribute('aria-expanded')).to.equal('false');
  });

  it('a focused control moving into the menu leaves the focus on More; More going, on the control', async () => {
    // More going away leaves the focus on the control that came out of the menu.
    const el = await mountWide(1000);
    const active = () => shadow(el).activeElement as HTMLElement | null;
    const share = await waitFor(() => $<HTMLElement>(el, '.control-row [data-control="share"]'), 'share in the row');
    share.focus();
    await resize(el, 560, () => Boolean($(el, '[data-control="more"]')), 'More');
    await waitFor(() => active()?.dataset.control === 'more', `focus on More (now ${active()?.dataset.control})`);
    const firstInMenu = OPTIONAL[Number($$(el, '[data-optional]').length)];
    await resize(el, 1000, () => !$(el, '[data-control="more"]'), 'no More');
    await waitFor(
      () => active()?.dataset.control === firstInMenu,
      `focus on ${firstInMenu} (now ${active()?.dataset.control})`,
    );
  });

  it('settles in a shrink-to-fit container (a centred flex column): its width is not from its own layout', async () => {
    const box = document.createElement('div');
    box.className = 'shrink-box';
    const sheet = new CSSStyleSheet();
    sheet.replaceSync('.shrink-box { display: flex; flex-direction: column; align-items: center; width: 1000px; }');
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    document.body.append(box);
    try {
      const el = await mountPlayer({ client: 'demo', code: 'A_DEMO_VIDEO' }, { waitReady: false });
      box.append(el);
      const c = el[CONTROLLER];
      await waitFor(() => c.state.playback.ready && $(el, '.control-row'), 'controls');
      const state = () =>
        [
          $(el, '.control-row')!.dataset.wrapped ?? '-',
          $$(el, '[data-optional]').length,
          el.getBoundingClientRect().width,
        ].join(' ');
      // Settled (a loop would never be: each frame would measure, and render, anew), and it stays so.
      await steady(() => [state(), renderCount(c, 'controls')], 'the bar settled');
      const before = renderCount(c, 'controls');
      const seen = new Set<string>();
      for (let i = 0; i < 10; i++) {
        seen.add(state());
        await nextFrame();
      }
      expect([...seen], 'one layout, frame after frame').to.have.length(1);
      expect(renderCount(c, 'controls') - before, 'no render loop').to.be.at.most(1);
    } finally {
      box.remove();
      document.adoptedStyleSheets = document.adoptedStyleSheets.slice(0, -1);
    }
  });

  it('the menu releases the bar when it goes away while open; Tab and Shift+Tab leave it as from More', async () => {
    const clock = new FakeClock();
    const el = await mountWide(560, {}, clock);
    const c = el[CONTROLLER];
    const more = await waitFor(() => $<HTMLElement>(el, '[data-control="more"]'), 'More');
    const active = () => shadow(el).activeElement as HTMLElement | null;
    more.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => $(el, '.more-menu'), 'menu');
    await sendKeys({ press: 'Tab' });
    await waitFor(() => !$(el, '.more-menu'), 'closed by Tab');
    expect(active()?.dataset.control, 'Tab goes on to Settings').to.equal('settings');
    more.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => $(el, '.more-menu'), 'menu again');
    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ up: 'Shift' });
    await waitFor(() => !$(el, '.more-menu'), 'closed by Shift+Tab');
    const stops = $$(el, '[data-group="end"] button:not(.more-item), [data-group="end"] input:not([hidden])');
    const before = stops[stops.indexOf(more) - 1];
    expect(
      active() === before,
      `Shift+Tab goes back to ${before.dataset.control ?? before.className} (now ${active()?.dataset.control})`,
    ).to.equal(true);

    await el.playVideo();
    await waitFor(() => c.state.playback.playerState === PLAYER_STATE.PLAYING, 'playing');
    more.click();
    await waitFor(() => $(el, '.more-menu'), 'open while playing');
    el.style.width = '1100px';
    await waitFor(() => !$(el, '[data-control="more"]'), 'More gone with its menu open');
    // The keyboard's focus in the bar would keep it too (the Tab presses above): it goes to the stage first.
    $<HTMLElement>(el, '.stage')!.focus();
    clock.tick(TIMING.controlsHideMouseMs);
    expect(c.state.shell.controlsVisible, 'the bar hides again in its usual time').to.equal(false);
    await el.pauseVideo();
  });

  it('a dialog whose opener moved into the More menu meanwhile gives the focus to More when it closes', async () => {
    const el = await mountWide(1100);
    const share = await waitFor(
      () => $<HTMLElement>(el, '.control-row [data-control="share"]:not(.more-item)'),
      'Share in the row',
    );
    share.focus();
    share.click();
    await waitForPath(el, '/demo/player/A_DEMO_VIDEO/share');
    el.style.width = '600px';
    await waitFor(() => !$(el, '.control-row [data-control="share"]:not(.more-item)'), 'Share gone into the menu');
    await sendKeys({ press: 'Escape' });
    await waitForPath(el, '/demo/player/A_DEMO_VIDEO');
    await waitFor(() => (shadow(el).activeElement as HTMLElement | null)?.dataset.control === 'more', 'focus on More');
  });

  it('an item chosen runs and closes the menu; its dialog gives the focus back to More; a press outside', async () => {
    const el = await mountWide(560);
    const more = await waitFor(() => $<HTMLElement>(el, '[data-control="more"]'), 'More');
    const share = await findControl(el, 'share');
    share.click();
    await waitForPath(el, '/demo/player/A_DEMO_VIDEO/share');
    expect($(el, '.more-menu'), 'closed').to.equal(null);
    await waitFor(() => $(el, '.modal[data-modal-name="share"] .modal-body > :not(.loading)'), 'share dialog');
    await sendKeys({ press: 'Escape' });
    await waitForPath(el, '/demo/player/A_DEMO_VIDEO');
    await waitFor(() => shadow(el).activeElement === more, 'focus back on More');

    // A switch in the menu: Favorite is checked once chosen.
    (await findControl(el, 'favorite')).click();
    await waitFor(() => el[CONTROLLER].state.favorites.some((f) => f.code === 'A_DEMO_VIDEO'), 'favorite added');
    expect((await findControl(el, 'favorite')).getAttribute('aria-checked')).to.equal('true');

    // A press anywhere else closes it, and the press does its own work.
    const title = $(el, '.playlist-title')!.getBoundingClientRect();
    await sendMouse({
      type: 'click',
      position: [Math.round(title.left + 5), Math.round(title.top + title.height / 2)],
    });
    await waitFor(() => !$(el, '.more-menu'), 'closed by a press outside');
  });

  it('an open menu keeps the bar shown while the video plays; closing it lets the bar hide (fake clock)', async () => {
    const clock = new FakeClock();
    const el = await mountWide(560, {}, clock);
    const c = el[CONTROLLER];
    const more = await waitFor(() => $<HTMLElement>(el, '[data-control="more"]'), 'More');
    await el.playVideo();
    await waitFor(() => c.state.playback.playerState === PLAYER_STATE.PLAYING, 'playing');
    more.click();
    await waitFor(() => $(el, '.more-menu'), 'menu');
    // Longer than the hide delay; with the wait below, still shorter than a stall (the media cannot move in test time,
    // and a stall would reload it).
    const held = TIMING.controlsHideMouseMs + 1000;
    expect(held + TIMING.controlsHideMouseMs, 'the test stays clear of a stall').to.be.below(TIMING.stallMs);
    clock.tick(held);
    expect(c.state.shell.controlsVisible, 'shown while the menu is open').to.equal(true);
    expect(shadow(el).querySelector('.shell')!.classList.contains('controls-visible')).to.equal(true);
    more.click();
    await waitFor(() => !$(el, '.more-menu'), 'closed');
    // The menu lets go of the bar in an effect once it has closed: then the usual timer starts.
    await waitFor(() => clock.dueIn(TIMING.controlsHideMouseMs) > 0, 'the hide timer started');
    clock.tick(TIMING.controlsHideMouseMs);
    expect(c.state.shell.controlsVisible, 'hidden in its usual time after').to.equal(false);
    await el.pauseVideo();
  });
});
