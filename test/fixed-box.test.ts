import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { CONTROLLER } from '../src/app/embed-options';
import type { PatientEdPlayerElement } from '../src/element/player-element';
import { $, $$, clearStorage, mountPlayer, nextFrame, shadow, unmountAll, waitFor, waitForPath } from './helpers';

/**
 * A box the page fixes (a CMS block with a height, a card of a grid): the player's screen scrolls inside it, so a
 * menu taller than the box is not cut off; its dialogs stay over the box; a new screen starts at its top.
 */
describe('a box the page fixes', () => {
  let sheet: HTMLStyleElement;
  before(() => {
    sheet = document.createElement('style');
    sheet.textContent = 'patient-ed-player.fixed-box { width: 360px; height: 300px; } .narrow-box { width: 360px; }';
    document.head.append(sheet);
  });
  after(() => sheet.remove());
  beforeEach(clearStorage);
  afterEach(unmountAll);

  /** Whether `target` is where the visitor sees it: inside the host's box, and what a click at its centre hits. */
  function reachable(el: PatientEdPlayerElement, target: HTMLElement): boolean {
    const box = el.getBoundingClientRect();
    const r = target.getBoundingClientRect();
    if (r.top < box.top - 1 || r.bottom > box.bottom + 1) return false;
    const hit = shadow(el).elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return Boolean(hit && (hit === target || target.contains(hit)));
  }

  const menuCards = async (el: PatientEdPlayerElement) =>
    waitFor(
      () =>
        $$(el, '.screen-host button[data-code]').length > 3 ? $$(el, '.screen-host button[data-code]') : undefined,
      'menu cards',
    );

  it('a menu taller than the box scrolls inside it: every card is reached, by keyboard and by pointer', async () => {
    const el = await mountPlayer({ client: 'demo', class: 'fixed-box' });
    const cards = await menuCards(el);
    const shell = $(el, '.shell')!;
    expect(el.getBoundingClientRect().height, "the page's height holds").to.equal(300);
    expect(shell.scrollHeight, 'the menu is taller than the box (the case this is for)').to.be.above(
      shell.clientHeight + 200,
    );
    const last = cards.at(-1)!;
    expect(reachable(el, last), 'the last card starts below the box').to.equal(false);
    // The keyboard: Tab to the last card (the focus brings it into view, inside the box).
    cards.at(-2)!.focus();
    await sendKeys({ press: 'Tab' });
    await waitFor(() => shadow(el).activeElement === last, 'the last card focused');
    await nextFrame();
    expect(shell.scrollTop, 'the screen scrolled').to.be.above(0);
    expect(reachable(el, last), 'the focused card is in the box, and a click there reaches it').to.equal(true);
    // The wheel or a finger: the shell scrolls to its end; the practice bar scrolled away with the screen.
    shell.scrollTop = shell.scrollHeight;
    await nextFrame();
    expect(shell.scrollTop + shell.clientHeight).to.be.closeTo(shell.scrollHeight, 1);
    expect(reachable(el, last)).to.equal(true);
    expect($(el, '.practice-bar')!.getBoundingClientRect().bottom).to.be.at.most(el.getBoundingClientRect().top);
    expect(window.scrollY, "the page's scroll is not used").to.equal(0);
  });

  it('a dialog opened from a scrolled menu covers the box; closed, its opener is in view', async () => {
    const el = await mountPlayer({ client: 'demo', class: 'fixed-box' });
    await menuCards(el);
    const shell = $(el, '.shell')!;
    shell.scrollTop = 250;
    await nextFrame();
    const scrolled = shell.scrollTop;
    expect(scrolled).to.be.above(100);
    // Its opener has the focus (the host page opens it here; a visitor's click would focus it as well).
    $(el, '[data-control="settings"]')!.focus({ preventScroll: true });
    await nextFrame();
    expect(shell.scrollTop).to.equal(scrolled);
    el[CONTROLLER].navigate('/demo/menu/settings');
    const layer = await waitFor(() => {
      const l = $(el, '.modal-layer');
      return l && !l.hidden && $(el, '.modal[data-modal-name="settings"] [data-settings]') ? l : undefined;
    }, 'settings dialog');
    const box = el.getBoundingClientRect();
    const covered = layer.getBoundingClientRect();
    for (const side of ['top', 'left', 'bottom', 'right'] as const)
      expect(covered[side], side).to.be.closeTo(box[side], 1);
    const close = $(el, '.modal button[data-close], .modal .modal-close') ?? $(el, '.modal button')!;
    expect(reachable(el, close), "the dialog's first control is in the box").to.equal(true);
    expect(shell.scrollTop, 'the menu behind keeps its place').to.equal(scrolled);
    // Closed: the focus goes back to its opener (the practice bar's Settings), which the box scrolls into view. Escape
    // once the dialog has the focus (pressed before, under a full run's load in WebKit, it reached the page's body).
    await waitFor(() => layer.contains(shadow(el).activeElement), 'the focus in the dialog');
    await sendKeys({ press: 'Escape' });
    await waitFor(() => $(el, '.modal-layer')!.hidden, 'closed');
    const opener = await waitFor(() => {
      const active = shadow(el).activeElement;
      return active instanceof HTMLElement && active.matches('[data-control="settings"]') ? active : undefined;
    }, 'the focus back on Settings');
    await nextFrame();
    expect(reachable(el, opener)).to.equal(true);
  });

  it('a screen opened from a scrolled menu starts at its top', async () => {
    const el = await mountPlayer({ client: 'demo', code: 'A_DEMO_VIDEO', class: 'fixed-box' });
    await waitFor(() => $(el, '.player-frame'), 'player screen');
    el[CONTROLLER].navigate('/demo/menu/playlists');
    await waitFor(() => ($$(el, '.item-card').length > 3 ? true : undefined), 'the playlists');
    const shell = $(el, '.shell')!;
    shell.scrollTop = shell.scrollHeight;
    await nextFrame();
    expect(shell.scrollTop).to.be.above(100);
    // The visitor clicks the last card (a playlist: its player screen).
    const last = $$(el, '.item-card').at(-1)!;
    const code = last.dataset.code!;
    last.click();
    await waitForPath(el, new RegExp(`/player/.*${code}`));
    await waitFor(() => $(el, '.player-frame'), 'player screen again');
    await nextFrame();
    expect(shell.scrollTop).to.equal(0);
    expect($(el, '.practice-bar')!.getBoundingClientRect().top).to.be.closeTo(el.getBoundingClientRect().top, 1);
  });

  it('with the height its content gives it (none set by the page), the player grows and nothing scrolls', async () => {
    const el = await mountPlayer({ client: 'demo', class: 'narrow-box' });
    await menuCards(el);
    await nextFrame();
    const shell = $(el, '.shell')!;
    expect(el.getBoundingClientRect().height, 'taller than the fixed box').to.be.above(400);
    expect(shell.scrollHeight).to.be.at.most(shell.clientHeight);
    expect(shell.getBoundingClientRect().height).to.be.closeTo(el.getBoundingClientRect().height, 1);
  });
});
