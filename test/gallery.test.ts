import { expect } from '@open-wc/testing';
import { resetMouse, sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import { $, DEMO_URL, findControl, nextFrame, PROVIDER_URL, shadow, waitFor } from './helpers';

/**
 * The "real pages" (demo/gallery/*.html): the built player (dist/) in pages modelled on what clinics have, each under
 * a strict Content-Security-Policy (demo/csp.html's). Each page is loaded from the demo server (another origin) in an
 * iframe; its watcher, demo/gallery-report.js, records errors, unhandled rejections, console errors and warnings and
 * CSP violations from the page's first script on, and answers the test's questions by postMessage. Clicks and keys
 * are real input (the test runner's mouse and keyboard): the visitor's way in, focus and Escape included.
 */

interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
  right: number;
  bottom: number;
}
interface Snapshot {
  defined: boolean;
  state: number | null;
  player: Box | null;
  shell: { dir: string; lang: string; route: string; style: Record<string, string> } | null;
  frame: Box | null;
  stage: Box | null;
  video: { box: Box; readyState: number; currentTime: number; paused: boolean } | null;
  controls: Box | null;
  modal: { name: string; title: string; box: Box; inside: boolean; onTop: boolean; hit: string | null } | null;
  focus: string[];
  pageDialogs: { id: string; open: boolean }[];
}
interface Report {
  problems: string[];
  warnings: string[];
  violations: unknown[];
  resources: string[];
}
type Styles = Record<string, string> & { name: string; box: Box };
/**
 * The build's entry file as the page's resource timing lists it, whatever its query: WebKit lists none for a script
 * it takes from its memory cache (an earlier page of the run loaded it); the other engines list it always.
 */
const entriesListed = (report: Report) => report.resources.filter((name) => /\/patient-ed-player\.js(\?|$)/.test(name));

const FRAME = { width: 860, height: 660 };
const HOTPINK = 'rgb(255, 105, 180)';
const near = (a: number, b: number, by = 1.5) => Math.abs(a - b) <= by;

let asked = 0;
const frames: HTMLIFrameElement[] = [];

/** A gallery page in an iframe at the top left of the test page (so that the runner's mouse can reach it). */
class Page {
  private constructor(readonly frame: HTMLIFrameElement) {}

  static async open(name: string): Promise<Page> {
    const frame = document.createElement('iframe');
    // `clean`: a first-time visitor (no choice saved in the demo origin's storage by an earlier page).
    frame.src = new URL(`gallery/${name}.html?clean`, DEMO_URL).href;
    Object.assign(frame.style, {
      position: 'fixed',
      top: '0',
      left: '0',
      width: `${FRAME.width}px`,
      height: `${FRAME.height}px`,
      border: '0',
      background: '#fff',
    });
    frames.push(frame);
    const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
    document.body.append(frame);
    await loaded;
    return new Page(frame);
  }

  /** Ask the page's watcher (demo/gallery-report.js) a question; its answer. */
  ask<T>(op: string, args: Record<string, unknown> = {}, timeout = 30000): Promise<T> {
    const id = ++asked;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        window.removeEventListener('message', onMessage);
        reject(new Error(`no answer to ${op} from ${this.frame.src}`));
      }, timeout);
      const onMessage = (e: MessageEvent<{ type?: string; id?: number; value?: unknown; error?: string } | null>) => {
        if (e.source !== this.frame.contentWindow || e.data?.type !== 'gallery-answer' || e.data.id !== id) return;
        clearTimeout(timer);
        window.removeEventListener('message', onMessage);
        if ('error' in e.data) reject(new Error(`${op}: ${e.data.error}`));
        else resolve(e.data.value as T);
      };
      window.addEventListener('message', onMessage);
      this.frame.contentWindow!.postMessage({ type: 'gallery-ask', id, op, args }, '*');
    });
  }

  /** Ask again until `check` accepts the answer (condition-based: no fixed waits); the last answer. */
  async askUntil<T>(
    op: string,
    args: Record<string, unknown>,
    check: (value: T) => boolean,
    what: string,
    timeout = 10000,
  ): Promise<T> {
    const start = performance.now();
    for (;;) {
      const value = await this.ask<T>(op, args);
      if (check(value)) return value;
      if (performance.now() - start > timeout)
        throw new Error(`Timed out waiting for ${what}: ${JSON.stringify(value)}`);
      await new Promise((r) => requestAnimationFrame(r));
    }
  }

  /** A real mouse click at the middle of a box of the page (page coordinates: the iframe is at 0,0). */
  async click(box: Box): Promise<void> {
    const r = this.frame.getBoundingClientRect();
    await sendMouse({
      type: 'click',
      position: [Math.round(r.left + box.left + box.width / 2), Math.round(r.top + box.top + box.height / 2)],
    });
  }

  async clickSelector(selector: string): Promise<void> {
    const box = await this.ask<Box | null>('rect', { selector });
    expect(box, selector).to.not.equal(null);
    await this.click(box!);
  }

  /** Nothing went wrong on the page: no error, rejection, console error or warning, failed resource, CSP violation. */
  async expectClean(): Promise<Report> {
    const report = await this.ask<Report>('report');
    expect(report.problems, 'errors, rejections, console errors, failed resources').to.deep.equal([]);
    expect(report.warnings, 'console warnings').to.deep.equal([]);
    expect(report.violations, 'CSP violations').to.deep.equal([]);
    return report;
  }
}

/** The player has its video (metadata loaded), defined by the page's copy of the build. */
async function expectReady(page: Page): Promise<Snapshot> {
  const s = await page.ask<Snapshot>('ready');
  expect(s.defined, 'the element is defined').to.equal(true);
  expect(s.video?.readyState ?? 0, 'the video has its metadata').to.be.at.least(1);
  return s;
}

/** The video fills the player's frame (the stage), as wide as the player less its padding. */
function expectFullWidth(s: Snapshot, scale = 1): void {
  const padding = 2 * 16 * scale; // the screen's padding, 1em on each side
  expect(
    near(s.frame!.width, s.player!.width - padding),
    `frame ${s.frame!.width} in player ${s.player!.width}`,
  ).to.equal(true);
  expect(near(s.stage!.width, s.frame!.width), `stage ${s.stage!.width} in frame ${s.frame!.width}`).to.equal(true);
  expect(near(s.video!.box.width, s.frame!.width), `video ${s.video!.box.width} in frame ${s.frame!.width}`).to.equal(
    true,
  );
  expect(near(s.video!.box.height, (s.frame!.width * 9) / 16, 2), `video height ${s.video!.box.height}`).to.equal(true);
}

/** The control bar fits: its controls on one line, inside the bar (none wrapped below, none sticking out). */
async function expectBarFits(page: Page, s: Snapshot): Promise<void> {
  const middle = (b: Box) => b.top + b.height / 2;
  const bar = s.controls!;
  let items: Styles[] = [];
  let off: string[] = [];
  // The bar fits itself to its controls as they arrive with the item (captions bring the transcript): read it until
  // its row holds, a second at most (Firefox, once in CI: the end group still on a row of its own at `ready`).
  for (const start = performance.now(); performance.now() - start < 1000; await nextFrame()) {
    items = await page.ask<Styles[]>('styles', { inside: '.control-row [data-control]:not(.more-item)', props: [] });
    const line = items.length ? middle(items[0].box) : 0;
    off = items
      .filter((i) => Math.abs(middle(i.box) - line) > 4 || i.box.left < bar.left - 1 || i.box.right > bar.right + 1)
      .map((i) => i.name);
    if (items.length >= 4 && !off.length) break;
  }
  expect(items.length, 'controls in the row').to.be.at.least(4);
  expect(off, "controls off the bar's line").to.deep.equal([]);
}

/**
 * The Settings dialog, as a visitor opens it: a click on the bar's Settings button; it opens inside the player's box,
 * painted on top, with the focus; Escape closes it and the focus is back on the button.
 */
async function expectDialog(
  page: Page,
  afterEscape?: (closed: Snapshot) => void,
): Promise<{ open: Snapshot; closed: Snapshot }> {
  const control = await page.ask<{ box: Box; label: string; onTop: boolean; inMenu: boolean } | null>('control', {
    name: 'settings',
  });
  expect(control, 'the Settings control').to.not.equal(null);
  expect(control!.onTop, 'the Settings control is not covered').to.equal(true);
  await page.click(control!.box);
  const open = await page.ask<Snapshot>('modal', { open: true });
  expect(open.modal?.name, 'the Settings dialog opened').to.equal('settings');
  expect(
    open.modal!.inside,
    `dialog ${JSON.stringify(open.modal!.box)} inside the player ${JSON.stringify(open.player)}`,
  ).to.equal(true);
  expect(open.modal!.onTop, `the dialog is painted on top (its middle reaches ${open.modal!.hit})`).to.equal(true);
  expect(open.focus.at(-1), 'the focus is in the dialog').to.match(/\.modal/);
  await sendKeys({ press: 'Escape' });
  const closed = await page.ask<Snapshot>('modal', { open: false });
  expect(closed.modal, 'Escape closed the dialog').to.equal(null);
  afterEscape?.(closed);
  // The Settings control (in the row, or More when it was in the More menu) has the focus again.
  expect(closed.focus.at(-1), 'the focus is back').to.equal(
    control!.inMenu ? 'button[data-control=more]' : 'button[data-control=settings]',
  );
  return { open, closed };
}

/** playVideo() plays: the video runs and the player says PLAYING. */
async function expectPlays(page: Page): Promise<Snapshot> {
  const { started, snapshot } = await page.ask<{ started: boolean; snapshot: Snapshot }>('play');
  expect(started, 'playVideo() resolved true').to.equal(true);
  expect(snapshot.video!.currentTime, 'the video runs').to.be.greaterThan(0.2);
  expect(snapshot.state, 'PLAYING').to.equal(1);
  return snapshot;
}

describe("real pages: the built player in pages modelled on clinics' (demo/gallery/)", function () {
  this.timeout(60000);

  before(() => setViewport({ width: FRAME.width + 20, height: FRAME.height + 20 }));
  afterEach(async () => {
    for (const f of frames.splice(0)) f.remove();
    await resetMouse();
  });

  it('WordPress (module as ?ver=, a theme of !important resets): it styles the page, not the player', async () => {
    const page = await Page.open('wordpress');
    const s = await expectReady(page);
    // The theme applies to the page itself (so that the checks below read something real)...
    const [pageButton] = await page.ask<Styles[]>('styles', {
      selector: '#book',
      props: ['background-color', 'padding-top', 'font-family'],
    });
    expect([pageButton['background-color'], pageButton['padding-top'], pageButton['font-family']]).to.deep.equal([
      HOTPINK,
      '20px',
      'Georgia',
    ]);
    const [pageVideo] = await page.ask<Styles[]>('styles', { selector: '.wp-video-shortcode', props: ['width'] });
    const [column] = await page.ask<Styles[]>('styles', { selector: '.entry-content', props: ['width'] });
    expect(
      near(parseFloat(pageVideo.width), parseFloat(column.width) / 2),
      `page video ${pageVideo.width} is half the column ${column.width}`,
    ).to.equal(true);
    // ...but not inside the player: its buttons, its images, its text, its video.
    const buttons = await page.ask<Styles[]>('styles', {
      inside: 'button',
      props: ['background-color', 'padding-top', 'border-top-left-radius', 'box-sizing'],
    });
    expect(buttons.length, 'visible buttons in the player').to.be.greaterThan(3);
    for (const b of buttons) {
      expect(b['background-color'], b.name).to.not.equal(HOTPINK);
      expect(b['padding-top'], b.name).to.not.equal('20px');
      expect(b['box-sizing'], b.name).to.equal('border-box');
    }
    const images = await page.ask<Styles[]>('styles', {
      inside: 'img',
      props: ['border-top-style', 'border-top-color'],
    });
    for (const img of images) expect(img['border-top-style'], img.name).to.equal('none');
    expect(s.shell!.style['font-family']).to.not.match(/Georgia/);
    expect(s.shell!.style['letter-spacing']).to.equal('normal');
    expect(s.shell!.style.color).to.not.equal('rgb(51, 51, 51)');
    // The player is the column's width (a <p> around it, as wpautop makes), and its video fills the stage.
    expect(
      near(s.player!.width, parseFloat(column.width)),
      `player ${s.player!.width} in column ${column.width}`,
    ).to.equal(true);
    expectFullWidth(s);
    await expectBarFits(page, s);
    await expectDialog(page);
    await expectPlays(page);
    const report = await page.expectClean();
    const entries = entriesListed(report);
    if (entries.length) expect(entries).to.include(new URL('dist/patient-ed-player.js?ver=9.0.76', DEMO_URL).href);
  });

  it('a tab hidden at load: once shown, the player lays out at full width, its bar fitted, and plays', async () => {
    const page = await Page.open('hidden-tab');
    const hidden = await page.ask<Snapshot>('snapshot');
    expect(hidden.player?.width, 'hidden at load').to.equal(0);
    await page.clickSelector('#tab-video');
    const [panel] = await page.askUntil<Styles[]>(
      'styles',
      { selector: '#panel-video', props: ['width'] },
      (v) => v.length === 1,
      'the panel shown',
    );
    const s = await page.askUntil<Snapshot>(
      'ready',
      {},
      (v) => (v.player?.width ?? 0) > 0 && (v.video?.box.width ?? 0) > 0,
      'the player laid out',
    );
    expect(
      near(s.player!.width, parseFloat(panel.width)),
      `player ${s.player!.width} in panel ${panel.width}`,
    ).to.equal(true);
    expectFullWidth(s);
    // The bar was fitted to its width once shown (at load it had none): one row, the same width as the frame.
    const bar = await page.askUntil<{ row: string[]; wrapped: boolean; rowBox: Box }>(
      'controlRow',
      {},
      (v) => v.row.includes('settings') && !v.wrapped,
      'the bar in one row',
    );
    expect(bar.row).to.include.members(['play', 'mute', 'settings', 'fullscreen']);
    expect(near(s.controls!.width, s.frame!.width), `bar ${s.controls!.width} under frame ${s.frame!.width}`).to.equal(
      true,
    );
    await expectBarFits(page, s);
    await expectDialog(page);
    await expectPlays(page);
    await page.expectClean();
  });

  it("a page's <dialog> (showModal): the player plays in it; Escape closes the player's dialog only", async () => {
    const page = await Page.open('page-dialog');
    await page.clickSelector('#open-video');
    await page.ask<Snapshot>('pageDialog', { id: 'video-dialog', open: true });
    const s = await expectReady(page);
    expect(s.pageDialogs).to.deep.equal([{ id: 'video-dialog', open: true }]);
    expectFullWidth(s);
    await expectBarFits(page, s);
    await expectDialog(page, (closed) => {
      expect(closed.pageDialogs, "Escape in the player's dialog: the page's dialog stays open").to.deep.equal([
        { id: 'video-dialog', open: true },
      ]);
    });
    await expectPlays(page);
    // A second Escape (the focus on the player's Settings button) is the page's: its dialog closes.
    await sendKeys({ press: 'Escape' });
    const after = await page.ask<Snapshot>('pageDialog', { id: 'video-dialog', open: false });
    expect(after.pageDialogs).to.deep.equal([{ id: 'video-dialog', open: false }]);
    await page.expectClean();
  });

  it('a transformed container (scale, rotate, will-change): renders, its dialog inside the player, plays', async () => {
    // The container: scale(0.8) rotate(0), in a will-change: transform layer.
    const page = await Page.open('transformed');
    const s = await expectReady(page);
    const [block] = await page.ask<Styles[]>('styles', { selector: '.builder-scaled', props: ['transform'] });
    expect(block.transform).to.not.equal('none');
    // Drawn at 80 %: the player's box is 0.8 of the block's 640 px.
    expect(near(s.player!.width, 640 * 0.8), `player drawn ${s.player!.width} wide`).to.equal(true);
    expectFullWidth(s, 0.8);
    await expectBarFits(page, s);
    await expectDialog(page);
    await expectPlays(page);
    await page.expectClean();
  });

  it('a right-to-left Arabic page with an English player: the shell is ltr and English, and plays', async () => {
    const page = await Page.open('rtl');
    const s = await expectReady(page);
    expect(s.shell!.dir).to.equal('ltr');
    expect(s.shell!.lang).to.equal('en');
    expect(s.shell!.style.direction).to.equal('ltr');
    expect(await page.ask('texts')).to.deep.equal({
      play: 'Play',
      settings: 'Settings',
      mute: 'Mute',
      stage: 'Video player',
    });
    // Laid out left to right: Play at the bar's left, Settings to its right.
    const play = await page.ask<{ box: Box }>('control', { name: 'play' });
    const settings = await page.ask<{ box: Box }>('control', { name: 'settings' });
    expect(play.box.left).to.be.lessThan(settings.box.left);
    expect(play.box.left - s.controls!.left, 'Play at the left end of the bar').to.be.lessThan(40);
    expectFullWidth(s);
    await expectBarFits(page, s);
    const { open } = await expectDialog(page);
    expect(open.modal!.title).to.equal('Settings');
    await expectPlays(page);
    await page.expectClean();
  });

  it('the classic loader only (patient-ed-player.loader.js?ver=): loads the module with its query, plays', async () => {
    const page = await Page.open('classic-loader');
    const s = await expectReady(page);
    expectFullWidth(s);
    await expectBarFits(page, s);
    await expectDialog(page);
    await expectPlays(page);
    const report = await page.expectClean();
    const entries = entriesListed(report);
    if (entries.length) expect(entries).to.include(new URL('dist/patient-ed-player.js?ver=9.0.76', DEMO_URL).href);
  });
});

describe("the player (from src) in a page's <dialog>: Escape is the player's dialog's first", () => {
  let dialog: HTMLDialogElement | undefined;
  afterEach(() => {
    dialog?.remove();
    dialog = undefined;
  });

  it("Escape in the player's Settings closes it only; the next Escape closes the page's dialog", async function () {
    this.timeout(30000);
    dialog = document.createElement('dialog');
    document.body.append(dialog);
    dialog.showModal();
    const el = document.createElement('patient-ed-player');
    for (const [k, v] of Object.entries({ client: 'demo', code: 'A_DEMO_VIDEO', 'provider-url': PROVIDER_URL }))
      el.setAttribute(k, v);
    dialog.append(el);
    const settings = await findControl(el, 'settings');
    settings.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => $(el, '.modal[data-modal-name="settings"]'), 'the Settings dialog');
    await waitFor(() => shadow(el).activeElement?.classList.contains('modal'), 'the focus in it');
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !$(el, '.modal'), 'the Settings dialog closed');
    expect(dialog.open, "the page's dialog is still open").to.equal(true);
    await waitFor(() => shadow(el).activeElement === settings, 'the focus back on Settings');
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !dialog!.open, "the page's dialog closed");
  });
});
