import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { CONTROLLER } from '../src/app/embed-options';
import type { PatientEdPlayerElement } from '../src/element/player-element';
import { PLAYER_STATE, TIMING } from '../src/playback/timing';
import { FakeClock } from './fake-clock';
import { $, $$, cleanPlayersAndFaults, mountPlayer, shadow, steady, sticking, waitFor, waitForPath } from './helpers';

// What a walk through the player as a visitor found (keyboard, a phone's width with large text, Arabic): each test
// failed before its fix.

const pb = (el: PatientEdPlayerElement) => el[CONTROLLER].state.playback;
const active = (el: Element) => shadow(el).activeElement as HTMLElement | null;

async function mountVideo(attrs: Record<string, string> = {}, width = 1000, clock?: FakeClock) {
  const el = await mountPlayer({ client: 'demo', code: 'A_DEMO_VIDEO', ...attrs }, { clock });
  el.style.width = `${width}px`;
  await waitFor(() => pb(el).ready && $(el, '.control-row'), 'the item ready');
  return el;
}

/**
 * Texts with a word broken in the middle ("langua / ge") although it would fit on a line of its row (`row`, a
 * closest() selector): their box is narrower than such a word. A word wider than the whole row has to break.
 */
function brokenWords(el: HTMLElement, selector: string, row: string): string[] {
  const ctx = document.createElement('canvas').getContext('2d')!;
  return $$(el, selector)
    .filter((n) => n.getClientRects().length > 0 && n.textContent.trim())
    .filter((n) => {
      const style = getComputedStyle(n);
      ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const line = n.closest<HTMLElement>(row)!;
      const padding = getComputedStyle(line);
      const room = line.clientWidth - parseFloat(padding.paddingLeft) - parseFloat(padding.paddingRight);
      const widths = n.textContent
        .trim()
        .split(/\s+/)
        .map((w) => ctx.measureText(w).width)
        .filter((w) => w <= room);
      return widths.length > 0 && n.getBoundingClientRect().width + 1 < Math.max(...widths);
    })
    .map((n) => n.textContent.trim());
}

describe('visitor walk: keyboard focus on the player', () => {
  cleanPlayersAndFaults();

  it("Enter on the big Play button plays, the focus on the bar's Play / Pause, where K still works", async () => {
    const el = await mountVideo({ captions: 'off' });
    const big = await waitFor(() => $<HTMLButtonElement>(el, '[data-control="big-play"]'), 'the big Play button');
    big.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => pb(el).playerState === PLAYER_STATE.PLAYING, 'playing');
    await waitFor(() => !$(el, '[data-control="big-play"]'), 'the big button gone');
    expect(active(el)?.dataset.control, "focus on the bar's Play / Pause").to.equal('play');
    await sendKeys({ press: 'k' });
    await waitFor(() => pb(el).playerState === PLAYER_STATE.PAUSED, 'paused by K');
  });

  it('the seek slider keeps the focus while the next item loads; its arrow keys move by the seek step', async () => {
    const el = await mountVideo({ captions: 'off' });
    const seek = $<HTMLInputElement>(el, 'input.seek')!;
    seek.focus();
    await sendKeys({ press: 'ArrowRight' });
    await waitFor(() => Math.abs(pb(el).currentTime - TIMING.seekStepS) < 0.3, 'one step on');
    await sendKeys({ press: 'ArrowLeft' });
    await waitFor(() => pb(el).currentTime < 0.3, 'back at 0 s');
    await el.next();
    await waitFor(() => pb(el).index === 1 && pb(el).ready, 'the next item');
    expect(active(el), 'still on the seek slider').to.equal(seek);
    expect(seek.getAttribute('aria-disabled')).to.equal(null);
  });

  it("the bar stays shown while the keyboard's focus is in it, and hides its usual time after it leaves", async () => {
    const clock = new FakeClock();
    const el = await mountVideo({ captions: 'off' }, 1000, clock);
    const shell = () => el[CONTROLLER].state.shell;
    await el.playVideo();
    await waitFor(() => pb(el).playerState === PLAYER_STATE.PLAYING, 'playing');
    $<HTMLElement>(el, '.stage')!.focus();
    await sendKeys({ press: 'Tab' }); // into the bar, by keyboard
    await waitFor(() => active(el)?.closest('.controls'), 'focus in the bar');
    clock.tick(10_000);
    expect(shell().controlsVisible, 'shown with the focus in it').to.equal(true);
    $<HTMLElement>(el, '.stage')!.focus();
    clock.tick(TIMING.controlsHideMouseMs - 1);
    expect(shell().controlsVisible).to.equal(true);
    clock.tick(1);
    expect(shell().controlsVisible, 'hidden its usual time after the focus left').to.equal(false);
    await el.pauseVideo();
  });

  it('the transcript panel ends above the control bar: the controls stay visible beside it', async () => {
    for (const width of [1000, 600]) {
      const el = await mountVideo({}, width);
      el[CONTROLLER].navigate('/demo/player/A_DEMO_VIDEO/transcript');
      const panel = await waitFor(() => $(el, '.modal[data-modal-name="transcript"]'), 'the transcript');
      const controls = $(el, '.controls')!;
      await waitFor(
        () => panel.getBoundingClientRect().bottom <= controls.getBoundingClientRect().top + 1,
        `panel above the bar at ${width}px`,
      );
      el.remove();
    }
  });
});

describe("visitor walk: a phone's width with large text, and Arabic", () => {
  cleanPlayersAndFaults();

  it('at 360 px and 200 % text the captions fit the frame, the More menu stays in the player (de, ar)', async () => {
    for (const language of ['de', 'ar']) {
      const el = await mountVideo({ language, 'font-size': '200', favorites: '1' }, 360);
      await el.seekTo(3); // a long caption line
      await waitFor(() => pb(el).captions.length > 0 && $(el, '.caption-line'), 'a caption');
      const frame = $(el, '.player-frame')!.getBoundingClientRect();
      const captions = $(el, '.captions')!.getBoundingClientRect();
      expect(captions.top, `${language}: captions inside the frame`).to.be.at.least(frame.top - 1);
      const more = await waitFor(() => $<HTMLButtonElement>(el, '[data-control="more"]'), 'More');
      more.click();
      await waitFor(() => $(el, '.more-menu'), 'the menu');
      expect(sticking(el, '.more-menu, .more-menu *'), `${language}: the menu`).to.deep.equal([]);
      el.remove();
    }
  });

  it('opened while the player narrows, the More menu stays inside it and follows the bar as it refits', async () => {
    for (const language of ['de', 'ar']) {
      const el = await mountPlayer({
        client: 'demo',
        code: 'A_DEMO_VIDEO',
        language,
        'font-size': '200',
        favorites: '1',
      });
      const more = await waitFor(() => pb(el).ready && $<HTMLButtonElement>(el, '[data-control="more"]'), 'More');
      el.style.width = '360px'; // and More pressed at once: the bar refits to 360 px a frame later, More moving
      more.click();
      const menu = await waitFor(() => $(el, '.more-menu'), 'the menu');
      expect(sticking(el, '.more-menu, .more-menu *'), `${language}: the menu at once`).to.deep.equal([]);
      await steady(() => more.getBoundingClientRect().left, 'the bar refitted');
      expect(sticking(el, '.more-menu, .more-menu *'), `${language}: the menu, refitted`).to.deep.equal([]);
      const refitted = menu.getBoundingClientRect().width;
      el.remove();
      const narrow = await mountVideo({ language, 'font-size': '200', favorites: '1' }, 360);
      const itsMore = await waitFor(() => $<HTMLButtonElement>(narrow, '[data-control="more"]'), 'More');
      await steady(() => itsMore.getBoundingClientRect().left, 'the bar settled');
      itsMore.click();
      const settled = (await waitFor(() => $(narrow, '.more-menu'), 'its menu')).getBoundingClientRect().width;
      expect(refitted, `${language}: as wide as in a player of 360 px from the start`).to.be.closeTo(settled, 1);
      narrow.remove();
    }
  });

  it('in a player of 200 or 160 px, the More menu stays inside it wherever More sits (de, ar)', async () => {
    for (const width of [200, 160]) {
      for (const language of ['de', 'ar']) {
        const el = await mountVideo({ language, 'font-size': '200', favorites: '1' }, width);
        const more = await waitFor(() => $<HTMLButtonElement>(el, '[data-control="more"]'), 'More');
        await steady(() => more.getBoundingClientRect().left, 'the bar settled');
        more.click();
        await waitFor(() => $(el, '.more-menu'), 'the menu');
        expect(sticking(el, '.more-menu, .more-menu *'), `${width} px, ${language}`).to.deep.equal([]);
        el.remove();
      }
    }
  });

  it('settings keep whole words at 360 px with 200 % text (English, German, Spanish)', async () => {
    for (const language of ['en', 'de', 'es']) {
      const el = await mountPlayer({ client: 'demo', language, 'font-size': '200' });
      el.style.width = '360px';
      for (const screen of ['settings', 'settings/captions']) {
        el[CONTROLLER].navigate(`/demo/menu/${screen}`);
        await waitForPath(el, `/demo/menu/${screen}`);
        await waitFor(() => $$(el, '.settings-link').length > 3, `${screen} in ${language}`);
        expect(brokenWords(el, '.settings-link span', '.settings-link'), `${language} ${screen}`).to.deep.equal([]);
        expect(sticking(el), `${language} ${screen}: nothing outside the player`).to.deep.equal([]);
      }
      el.remove();
    }
  });

  it('in Arabic the media controls keep their left-to-right order', async () => {
    // Previous before Next, the time as 0:00 / 0:09, the slider forward to the right.
    const el = await mountVideo({ language: 'ar', captions: 'off' });
    await waitFor(() => $(el, '.shell[dir="rtl"]'), 'right to left');
    const x = (name: string) => $(el, `.control-row [data-control="${name}"]`)!.getBoundingClientRect().left;
    expect(x('prev'), 'Previous left of Next').to.be.below(x('next'));
    expect(x('play'), 'Play left of Previous').to.be.below(x('prev'));
    const time = $(el, '[data-control="time"]')!;
    expect(getComputedStyle(time).direction).to.equal('ltr');
    const seek = $<HTMLInputElement>(el, 'input.seek')!;
    expect(getComputedStyle(seek).direction).to.equal('ltr');
    seek.focus();
    await sendKeys({ press: 'ArrowRight' });
    await waitFor(() => Math.abs(pb(el).currentTime - 5) < 0.3, 'forward 5 s');
  });
});
