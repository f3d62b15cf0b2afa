import { expect } from '@open-wc/testing';
import { resetMouse, sendKeys, sendMouse } from '@web/test-runner-commands';
import { CONTROLLER } from '../src/app/embed-options';
import type { PatientEdPlayerElement } from '../src/element/player-element';
import {
  COLORS,
  DEFAULT_SIZE,
  EDITOR,
  editorReducer,
  SHAPE,
  SIZE_OPTIONS,
  STICKY,
  TEXT_MIN,
  History,
  historyKey,
  initialEditorState,
  moveKey,
  starPoints,
  stickyGradient,
  stickyTextColor,
  surfaceBox,
  TEXT_KINDS,
} from '../src/annotation/rules';
import { PLANE } from '../src/annotation/surface';
import { paintStill, whenPictured } from '../src/annotation/frame-still';
import { TIMING } from '../src/playback/timing';
import { FakeClock } from './fake-clock';
import {
  $,
  $$,
  cleanPlayersAndFaults,
  findControl,
  mountPlayer,
  nextFrame,
  nextTask,
  shadow,
  waitFor,
} from './helpers';
import { mountSlidesWithoutCors } from './slides-without-cors';
import {
  choose,
  countColor,
  drag as stroke,
  drawingCanvas,
  enterAnnotation,
  surfaceRect,
  toolButton,
} from './annotation-helpers';

const pb = (el: PatientEdPlayerElement) => el[CONTROLLER].state.playback;

describe('annotation rules (pure)', () => {
  it('menus store, clear and restore the tool; a colour restores it and recolours; adding switches to move', () => {
    let s = initialEditorState();
    expect([s.tool, s.color, s.pencilSize, s.eraserSize]).to.deep.equal(['pencil', 'red', DEFAULT_SIZE, DEFAULT_SIZE]);
    [s] = editorReducer(s, { type: 'menu', menu: 'shapes' });
    expect([s.tool, s.lastTool, s.menu]).to.deep.equal(['none', 'pencil', 'shapes']);
    // Another menu keeps the tool put aside by the first; the same menu again restores it.
    [s] = editorReducer(s, { type: 'menu', menu: 'color' });
    expect([s.tool, s.lastTool, s.menu]).to.deep.equal(['none', 'pencil', 'color']);
    [s] = editorReducer(s, { type: 'menu', menu: 'color' });
    expect([s.tool, s.menu]).to.deep.equal(['pencil', undefined]);
    [s] = editorReducer(s, { type: 'menu', menu: 'color' });
    let effects;
    [s, effects] = editorReducer(s, { type: 'color', color: 'blue' });
    expect([s.tool, s.menu, s.color, effects]).to.deep.equal([
      'pencil',
      undefined,
      'blue',
      { recolorSelection: 'blue' },
    ]);
    [s] = editorReducer(s, { type: 'menu', menu: 'text' });
    [s] = editorReducer(s, { type: 'added', kind: 'text' });
    expect([s.tool, s.menu, s.colors.text]).to.deep.equal(['move', undefined, 'blue']);
    [s, effects] = editorReducer(s, { type: 'tool', tool: 'erase' });
    expect([s.tool, effects]).to.deep.equal(['erase', { clearSelection: true }]);
    [s] = editorReducer(s, { type: 'menu', menu: 'size' });
    const widest = SIZE_OPTIONS.at(-1)!.width;
    [s] = editorReducer(s, { type: 'size', width: widest });
    expect([s.tool, s.eraserSize, s.pencilSize]).to.deep.equal(['erase', widest, DEFAULT_SIZE]);
    [s] = editorReducer(s, { type: 'tool', tool: 'pencil' });
    [s] = editorReducer(s, { type: 'size', width: 7 }); // not an option: the default
    expect(s.pencilSize).to.equal(DEFAULT_SIZE);
    [s] = editorReducer(s, { type: 'closeMenu' });
    expect(s.tool).to.equal('pencil');
  });

  it('history: bounded, identical states are one step, a new step drops the redo branch', () => {
    const h = new History(3);
    h.reset('a');
    expect([h.canUndo, h.canRedo]).to.deep.equal([false, false]);
    for (const x of ['b', 'b', 'c', 'd', 'e']) h.push(x);
    expect([h.undo(), h.undo(), h.undo(), h.undo()]).to.deep.equal(['d', 'c', 'b', undefined]);
    expect(h.redo()).to.equal('c');
    h.push('x');
    expect([h.canRedo, h.current, h.undo()]).to.deep.equal([false, 'x', 'c']);
    const big = new History();
    big.reset('0');
    for (let i = 1; i <= EDITOR.historyLimit + 10; i++) big.push(String(i));
    let steps = 0;
    while (big.undo() !== undefined) steps++;
    expect(steps).to.be.at.least(EDITOR.historyLimit);
  });

  it('keys, shapes, stickies and the 16:9 box', () => {
    expect(historyKey({ key: 'z', ctrlKey: true, metaKey: false, shiftKey: false })).to.equal('undo');
    expect(historyKey({ key: 'Z', ctrlKey: false, metaKey: true, shiftKey: true })).to.equal('redo');
    expect(historyKey({ key: 'y', ctrlKey: true, metaKey: false, shiftKey: false })).to.equal('redo');
    expect(historyKey({ key: 'z', ctrlKey: false, metaKey: false, shiftKey: false })).to.equal(undefined);
    const step = EDITOR.step;
    expect([moveKey('h'), moveKey('ArrowDown'), moveKey('K'), moveKey('x')]).to.deep.equal([
      { dx: -step, dy: 0 },
      { dx: 0, dy: step },
      { dx: 0, dy: -step },
      undefined,
    ]);
    const star = starPoints();
    expect(star.length).to.equal(SHAPE.starPoints * 2);
    expect(star[0]).to.deep.equal({ x: 0, y: -SHAPE.starOuter });
    expect(Math.round(Math.hypot(star[1].x, star[1].y))).to.equal(SHAPE.starInner);
    expect(stickyGradient('nope')).to.deep.equal(stickyGradient('yellow'));
    expect([stickyTextColor('black'), stickyTextColor('yellow')]).to.deep.equal(['#ffffff', '#000000']);
    expect(surfaceBox(1000, 600)).to.deep.equal({ left: 20, top: 30, width: 960, height: 540 });
    expect(surfaceBox(400, 600)).to.deep.equal({ left: 20, top: 199, width: 360, height: 203 });
  });
});

/** The drawing's pixel at a point of the page. */
function pixelAt(el: Element, pageX: number, pageY: number): [number, number, number, number] {
  const c = drawingCanvas(el);
  const r = c.getBoundingClientRect();
  const sx = c.width / r.width;
  const d = c
    .getContext('2d')!
    .getImageData(Math.round((pageX - r.left) * sx), Math.round((pageY - r.top) * sx), 1, 1).data;
  return [d[0], d[1], d[2], d[3]];
}
/** The slide image on screen, once it has its picture. */
const shownSlide = (el: Element) =>
  waitFor(() => {
    const img = $<HTMLImageElement>(el, '.slide:not([hidden]) img');
    return img?.complete && img.naturalWidth ? img : undefined;
  }, 'the slide shown');

/** A key chord with real key presses (modifiers held down). */
async function chord(...keys: string[]) {
  const mods = keys.slice(0, -1);
  for (const m of mods) await sendKeys({ down: m });
  await sendKeys({ press: keys[keys.length - 1] });
  for (const m of mods.reverse()) await sendKeys({ up: m });
}

async function openAnnotation(attrs: Record<string, string> = {}, clock?: FakeClock) {
  const el = await mountPlayer({ client: 'demo', code: 'A_DEMO_VIDEO', ...attrs }, { clock });
  await waitFor(() => pb(el).ready && pb(el).playerState === 0, 'ready item', 10000);
  el.style.setProperty('width', '760px');
  await findControl(el, 'markup');
  return el;
}

describe('annotation overlay', () => {
  cleanPlayersAndFaults();
  afterEach(() => resetMouse());

  it("its strings are in the visitor's language from the first render: the route loader asks for them", async () => {
    const el = await openAnnotation({ language: 'ar' });
    const controller = el[CONTROLLER];
    // The toolbar's first texts, as they are first put on screen (no flash of English before the catalog).
    let first: string | undefined;
    const watch = new MutationObserver(() => (first ??= $(el, '.annotation-toolbar button')?.textContent?.trim()));
    watch.observe(el.shadowRoot!, { childList: true, subtree: true, characterData: true });
    controller.navigate('/demo/player/A_DEMO_VIDEO/markup');
    // Requested by the controller as the route is entered (not by the overlay once its chunk is in).
    await waitFor(
      () => controller.state.catalogs.includes('annotation'),
      'the annotation catalog loaded by the route',
      10000,
    );
    await waitFor(() => $(el, '.annotation-toolbar button'), 'the toolbar', 10000);
    watch.disconnect();
    const { messages: ar } = await import('../locales/ar/annotation');
    const said = (id: string) => String((ar[id] as string[])[0]);
    expect(first).to.equal(said('markup.pencil'));
    expect($(el, '[role="toolbar"]')!.getAttribute('aria-label')).to.equal(said('markup.toolbar'));
    expect($(el, '.shell')!.getAttribute('dir')).to.equal('rtl');
  });

  it('a language switch while annotating closes the overlay; entered again, the drawing is back', async () => {
    // The video reloads in the new language, so the overlay closes; the toolbar comes back in that language.
    const el = await openAnnotation();
    await enterAnnotation(el);
    const r = surfaceRect(el);
    await stroke(r.left + r.width * 0.2, r.top + r.height / 2, r.left + r.width * 0.8, r.top + r.height / 2);
    await waitFor(() => countColor(el, COLORS.red) > 100, 'a stroke');
    const drawn = surfaceOf(el).objects.length;
    await el.setLanguage('de');
    // The item reloads in the other language (its picture may differ): the still and drawing no longer match it.
    await waitFor(() => el.currentPath === '/demo/player/A_DEMO_VIDEO', 'the overlay closed');
    await waitFor(() => pb(el).ready && el[CONTROLLER].state.locale === 'de', 'reloaded in German');
    const { messages: de } = await import('../locales/de/annotation');
    const pencil = String((de['markup.pencil'] as string[])[0]);
    el[CONTROLLER].navigate('/demo/player/A_DEMO_VIDEO/markup');
    await waitFor(
      () => toolButton(el, pencil) && surfaceOf(el)?.objects.length === drawn,
      'the toolbar in German, the drawing back',
      10000,
    );
    await waitFor(() => countColor(el, COLORS.red) > 100, 'the stroke painted again');
  });

  it('opens from the control bar over the paused frame with its toolbar; closing resumes after a delay', async () => {
    const clock = new FakeClock();
    const el = await openAnnotation({}, clock);
    await el.playVideo();
    await waitFor(() => pb(el).playerState === 1, 'playing', 10000);
    await enterAnnotation(el);
    expect(el.currentPath).to.equal('/demo/player/A_DEMO_VIDEO/markup');
    await waitFor(() => pb(el).playerState === 2, 'paused on entering');
    const toolbar = $(el, '[role="toolbar"]')!;
    expect(toolbar.getAttribute('aria-label')).to.equal('Annotation tools');
    expect(
      $$(el, '.annotation-toolbar > button, .annotation-toolbar > .annotation-menu-host > button').map((b) =>
        b.textContent.trim(),
      ),
    ).to.deep.equal([
      'Pencil',
      'Eraser',
      'Move',
      'Text',
      'Shapes',
      'Sticky note',
      'Color',
      'Size',
      'Undo',
      'Redo',
      'Clear',
      'Save screenshot',
      'Close annotation',
    ]);
    // The frame is drawn as the still background, at the video's resolution; the surface keeps 16:9.
    const frame = $<HTMLCanvasElement>(el, '.annotation-frame')!;
    const video = $<HTMLVideoElement>(el, 'video')!;
    expect([frame.width, frame.height]).to.deep.equal([video.videoWidth, video.videoHeight]);
    const r = surfaceRect(el);
    expect(Math.abs(r.width / r.height - 16 / 9)).to.be.lessThan(0.02);
    await expect(el).shadowDom.to.be.accessible({ ignoredRules: ['color-contrast'] });
    toolButton(el, 'Close annotation').click();
    await waitFor(() => el.currentPath === '/demo/player/A_DEMO_VIDEO', 'closed');
    // On the player's clock; asking the media to play unpauses it at once (after the reactions to the timer).
    clock.tick(EDITOR.resumeDelayMs - 1);
    await nextTask();
    expect(video.paused, 'not resumed just before the delay').to.equal(true);
    clock.tick(1);
    await waitFor(() => pb(el).playerState === 1, 'resumed at the delay', 3000);
  });

  it('its toolbar and surface show from the first frame as they stay: no button going, no surface moving', async () => {
    const el = await openAnnotation();
    // As wide as the toolbar's buttons fit on one row, with no room for one more.
    el.style.setProperty('width', '1000px');
    await findControl(el, 'markup');
    const root = el.shadowRoot!;
    const look = () => {
      const surface = root.querySelector('.annotation-surface')!.getBoundingClientRect();
      const toolbar = root.querySelector('.annotation-toolbar')!.getBoundingClientRect();
      const buttons = [...root.querySelectorAll('.annotation-toolbar button')].map((b) => b.textContent?.trim());
      return { surface: [surface.left, surface.top, surface.width, surface.height], toolbar: toolbar.height, buttons };
    };
    // The first animation frame in which the surface is on the page: what that frame paints (its layout, read before
    // the paint).
    const first = new Promise<ReturnType<typeof look>>((resolve) => {
      const watch = () =>
        root.querySelector('.annotation-surface') && root.querySelector('.annotation-toolbar')
          ? resolve(look())
          : requestAnimationFrame(watch);
      requestAnimationFrame(watch);
    });
    (await findControl(el, 'markup')).click();
    const shown = await first;
    for (let i = 0; i < 6; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(shown).to.deep.equal(look());
    expect(shown.buttons).to.not.include('Save annotations only');
  });

  it('the pencil draws in the chosen colour and size with the mouse; the eraser removes pixels; undo', async () => {
    const el = await openAnnotation();
    await enterAnnotation(el);
    expect(pb(el).playerState).to.not.equal(1);
    const r = surfaceRect(el);
    const y = r.top + r.height / 2;
    await stroke(r.left + r.width * 0.2, y, r.left + r.width * 0.8, y);
    await waitFor(() => countColor(el, COLORS.red) > 100, 'a red stroke');
    const red = countColor(el, COLORS.red);
    // Blue, 24 wide: a thicker stroke.
    await choose(el, 'Color', 'Blue');
    expect(toolButton(el, 'Pencil').getAttribute('aria-pressed')).to.equal('true');
    await choose(el, 'Size', '200%');
    const y2 = r.top + r.height * 0.25;
    await stroke(r.left + r.width * 0.2, y2, r.left + r.width * 0.8, y2);
    await waitFor(() => countColor(el, COLORS.blue) > red * 1.5, 'a thicker blue stroke');
    // Erase across the red line: pixels go, the line's ends stay.
    toolButton(el, 'Eraser').click();
    await waitFor(() => toolButton(el, 'Eraser').getAttribute('aria-pressed') === 'true', 'eraser');
    const x = r.left + r.width / 2;
    await stroke(x, r.top + r.height * 0.4, x, r.top + r.height * 0.6);
    await waitFor(() => pixelAt(el, x, y)[3] === 0, 'erased in the middle');
    expect(pixelAt(el, r.left + r.width * 0.3, y)[3]).to.be.greaterThan(200);
    const afterErase = countColor(el, COLORS.red);
    expect(afterErase).to.be.lessThan(red);
    // Undo the erasing, then the blue stroke; redo brings it back.
    toolButton(el, 'Undo').click();
    await waitFor(() => pixelAt(el, x, y)[3] > 200, 'erasing undone');
    toolButton(el, 'Undo').click();
    await waitFor(() => countColor(el, COLORS.blue) === 0, 'blue stroke undone');
    await chord('Control', 'Shift', 'KeyZ');
    await waitFor(() => countColor(el, COLORS.blue) > 0, 'redone by keyboard');
    toolButton(el, 'Clear').click();
    await waitFor(() => countColor(el, COLORS.red) === 0 && countColor(el, COLORS.blue) === 0, 'cleared');
    expect($(el, '[data-annotation-said]')!.textContent).to.equal('Drawing cleared');
    await chord('Control', 'KeyZ');
    await waitFor(() => countColor(el, COLORS.blue) > 0, 'Clear undone');
  });
});

const surfaceOf = (el: PatientEdPlayerElement) => el[CONTROLLER].annotationSurface!;
type Obj = Record<string, unknown> & { kind?: string };
const objects = (el: PatientEdPlayerElement) => surfaceOf(el).objects as unknown as Obj[];
/** Where a point of the plane (960 x 540) is on the page. */
const onPage = (el: PatientEdPlayerElement, x: number, y: number) => {
  const r = surfaceRect(el);
  return [r.left + (x / PLANE.width) * r.width, r.top + (y / PLANE.height) * r.height] as const;
};
async function click(x: number, y: number, modifier?: string) {
  if (modifier) await sendKeys({ down: modifier });
  await sendMouse({ type: 'click', position: [Math.round(x), Math.round(y)] });
  if (modifier) await sendKeys({ up: modifier });
}

describe('annotation: the still and the double click', () => {
  cleanPlayersAndFaults();
  afterEach(() => resetMouse());

  it('the still letterboxes the picture into 16:9 at its own resolution, on black', () => {
    const picture = (width: number, height: number) => {
      const c = document.createElement('canvas');
      [c.width, c.height] = [width, height];
      const ctx = c.getContext('2d')!;
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, width, height);
      return { source: c, width, height };
    };
    const frame = document.createElement('canvas');
    expect(paintStill(frame, picture(400, 300)), 'readable').to.equal(true);
    expect([frame.width, frame.height]).to.deep.equal([Math.round((300 * 16) / 9), 300]);
    // Black bars beside a 4:3 picture, the picture in the middle.
    const at = (x: number, y: number) => [...frame.getContext('2d')!.getImageData(x, y, 1, 1).data];
    expect([at(1, 150), at(frame.width / 2, 150)]).to.deep.equal([
      [0, 0, 0, 255],
      [255, 255, 255, 255],
    ]);
    paintStill(frame, picture(1000, 400));
    expect([frame.width, frame.height]).to.deep.equal([1000, Math.round((1000 * 9) / 16)]);
  });

  it('a video with no picture yet: its still is painted when one comes, and in the next 29 frames', async () => {
    // A video whose readiness the test sets (WebKitGTK at times draws black when a video first says it has a frame).
    const video = document.createElement('video');
    let readyState: number = HTMLMediaElement.HAVE_METADATA;
    Object.defineProperty(video, 'readyState', { get: () => readyState });
    const source = { source: video, width: 320, height: 180 };
    let paints = 0;
    const stop = whenPictured(source, () => paints++);
    video.dispatchEvent(new Event('canplay'));
    expect(paints, 'an event with no picture yet paints nothing').to.equal(0);
    readyState = HTMLMediaElement.HAVE_ENOUGH_DATA;
    video.dispatchEvent(new Event('loadeddata'));
    expect(paints, 'painted at once').to.equal(1);
    for (let i = 0; i < 40; i++) await nextFrame();
    expect(paints, 'then once in each of the next 29 frames, and no more').to.equal(30);
    video.dispatchEvent(new Event('seeked'));
    expect(paints, 'its events are no longer heard').to.equal(30);
    stop();
    // Stopped while it repaints: no paint after.
    readyState = HTMLMediaElement.HAVE_METADATA;
    paints = 0;
    const stopEarly = whenPictured(source, () => paints++);
    readyState = HTMLMediaElement.HAVE_CURRENT_DATA;
    video.dispatchEvent(new Event('loadeddata'));
    await nextFrame();
    await nextFrame();
    stopEarly();
    const painted = paints;
    expect(painted).to.be.within(2, 3);
    for (let i = 0; i < 5; i++) await nextFrame();
    expect(paints, 'stopped: no more paints').to.equal(painted);
    // A video that has its picture already: nothing to wait for.
    paints = 0;
    whenPictured(source, () => paints++)();
    expect(paints).to.equal(0);
  });

  it("a second press on a text within the double-click window edits it, on the player's clock", async () => {
    const clock = new FakeClock();
    const el = await openAnnotation({}, clock);
    await enterAnnotation(el);
    await choose(el, 'Text', 'Heading'); // at the middle of the plane, selected; the tool becomes move
    const [x, y] = onPage(el, PLANE.width / 2 + 10, PLANE.height / 2 + 10);
    await click(x, y);
    clock.tick(EDITOR.doubleClickMs + 1);
    await click(x, y);
    await nextTask();
    expect($(el, '.annotation-text-editor'), 'too late: a press, not a double click').to.equal(null);
    await click(x, y); // no time passed since the last press
    await waitFor(() => $(el, '.annotation-text-editor'), 'the text editor');
  });
});

describe('annotation objects, selection, text and keyboard', () => {
  cleanPlayersAndFaults();
  afterEach(() => resetMouse());

  it('texts, shapes and stickies have their sizes; a new object is selected in front, the tool is move', async () => {
    const el = await openAnnotation();
    await enterAnnotation(el);
    for (const [name, kind] of [
      ['Heading', 'head'],
      ['Subheading', 'subhead'],
      ['Text', 'standard'],
    ] as const) {
      await choose(el, 'Text', name);
      const t = objects(el).at(-1)!;
      const spec = TEXT_KINDS[kind];
      expect([t.kind, t.text, t.fontSize, t.fontWeight, t.width], name).to.deep.equal([
        'text',
        'Enter your text here',
        spec.fontSize,
        spec.fontWeight,
        spec.width,
      ]);
      expect(surfaceOf(el).selected()[0] === (t as never)).to.equal(true);
      expect(toolButton(el, 'Move').getAttribute('aria-pressed')).to.equal('true');
    }
    await choose(el, 'Color', 'Green');
    for (const name of ['Square', 'Circle', 'Triangle', 'Star', 'Diamond']) {
      await choose(el, 'Shapes', name);
      const s = objects(el).at(-1)!;
      expect([s.kind, s.strokeWidth, s.stroke], name).to.deep.equal(['shape', SHAPE.strokeWidth, COLORS.green]);
      if (name === 'Square') expect([s.width, s.height]).to.deep.equal([SHAPE.radius * 2, SHAPE.radius * 2]);
      if (name === 'Circle') expect(s.radius).to.equal(SHAPE.radius);
      if (name === 'Star') expect((s.points as unknown[]).length).to.equal(SHAPE.starPoints * 2);
    }
    // The last shape is drawn in green on the canvas.
    await waitFor(() => countColor(el, COLORS.green) > 50, 'green outlines');
    toolButton(el, 'Sticky note').click();
    await waitFor(() => objects(el).at(-1)?.kind === 'sticky', 'a sticky');
    const sticky = objects(el).at(-1)! as Obj & { getObjects(): Obj[] };
    const [paper, text] = sticky.getObjects();
    expect([paper.width, paper.height, text.fill, sticky.colorName]).to.deep.equal([
      STICKY.width,
      STICKY.height,
      '#000000',
      'green',
    ]);
    // A long text: the paper grows with it (the text never runs off it).
    surfaceOf(el).setText(
      sticky as never,
      'Ice the knee for 20 minutes three times a day, keep the leg up, and call us if the swelling grows.',
    );
    expect((paper.height as number) >= (text.height as number) + 2 * STICKY.padding).to.equal(true);
    expect(paper.height).to.be.greaterThan(STICKY.height);
    expect(objects(el).length).to.equal(9);
    // Choosing a tool clears the selection.
    toolButton(el, 'Pencil').click();
    await waitFor(() => surfaceOf(el).selected().length === 0, 'selection cleared');
  });

  it('selection: click, Shift+click, empty click, rubber band; a colour recolours it; Delete removes it', async () => {
    // A click selects alone, Shift toggles, a click on nothing clears, a rubber band selects what it touches.
    const el = await openAnnotation();
    await enterAnnotation(el);
    await choose(el, 'Shapes', 'Square');
    await choose(el, 'Shapes', 'Circle');
    const s = surfaceOf(el);
    const [square, circle] = objects(el) as unknown as { set(o: object): void; setCoords(): void }[];
    square.set({ left: 200, top: 270 });
    circle.set({ left: 700, top: 270 });
    square.setCoords();
    circle.setCoords();
    s.clearSelection();
    await click(...onPage(el, 200, 270));
    await waitFor(() => s.selected().length === 1 && s.selected()[0] === (square as never), 'square alone');
    await click(...onPage(el, 700, 270), 'Shift');
    await waitFor(() => s.selected().length === 2, 'circle toggled in');
    await click(...onPage(el, 700, 270), 'Shift');
    await waitFor(() => s.selected().length === 1, 'circle toggled out');
    await click(...onPage(el, 480, 60));
    await waitFor(() => s.selected().length === 0, 'empty click clears');
    // A rubber band from empty space across both.
    await stroke(...onPage(el, 120, 150), ...onPage(el, 760, 300));
    await waitFor(() => s.selected().length === 2, 'rubber band selects both');
    await choose(el, 'Color', 'Purple');
    await waitFor(() => objects(el).every((o) => o.stroke === COLORS.purple), 'recoloured');
    // Clear removes the drawing layer only: the shapes stay.
    toolButton(el, 'Clear').click();
    await waitFor(() => $(el, '[data-annotation-said]')!.textContent === 'Drawing cleared', 'cleared');
    expect(objects(el).length).to.equal(2);
    $(el, '.annotation-surface')!.focus();
    await sendKeys({ press: 'Delete' });
    await waitFor(() => objects(el).length === 0, 'deleted');
  });

  it('Enter edits the selected text in an overlay mirroring it, Enter closes it; arrows move it 10 units', async () => {
    const el = await openAnnotation();
    await enterAnnotation(el);
    await choose(el, 'Text', 'Heading');
    const s = surfaceOf(el);
    const t = objects(el)[0] as Obj & { left: number; top: number };
    const left = t.left;
    $(el, '.annotation-surface')!.focus();
    await sendKeys({ press: 'ArrowRight' });
    await sendKeys({ press: 'l' });
    await sendKeys({ press: 'j' });
    expect([t.left - left]).to.deep.equal([2 * EDITOR.step]);
    await sendKeys({ press: 'Enter' });
    const editor = await waitFor(() => $<HTMLTextAreaElement>(el, '.annotation-text-editor'), 'text editor');
    expect(editor.value).to.equal('Enter your text here');
    expect(t.visible).to.equal(false);
    expect(getComputedStyle(editor).borderTopColor).to.equal('rgb(126, 200, 255)');
    expect(getComputedStyle(editor).zIndex).to.equal('1000');
    await sendKeys({ press: 'Backspace' });
    await sendKeys({ type: 'Knee pain' });
    await sendKeys({ press: 'Enter' });
    await waitFor(() => !$(el, '.annotation-text-editor'), 'editor closed');
    expect([t.text, t.visible, s.selected()[0] === (t as never)]).to.deep.equal(['Knee pain', true, true]);
    await sendKeys({ press: 'Escape' }); // no editor and no menu: Escape leaves
    await waitFor(() => el.currentPath === '/demo/player/A_DEMO_VIDEO', 'left by Escape');
  });

  it('keyboard drawing: arrows move a cursor, Space puts the pen down and up; the keyboard stroke width', async () => {
    const el = await openAnnotation();
    await enterAnnotation(el);
    $(el, '.annotation-surface')!.focus();
    for (let i = 0; i < 3; i++) await sendKeys({ press: 'ArrowLeft' });
    const s = surfaceOf(el);
    // From the middle of the plane, three steps left.
    expect([s.cursorPosition.x, s.cursorPosition.y, s.cursorPosition.visible, s.cursorPosition.penDown]).to.deep.equal([
      PLANE.width / 2 - 3 * EDITOR.step,
      PLANE.height / 2,
      true,
      false,
    ]);
    await sendKeys({ press: 'Space' });
    for (let i = 0; i < 10; i++) await sendKeys({ press: 'ArrowRight' });
    await sendKeys({ press: 'Space' });
    expect($(el, '[data-annotation-said]')!.textContent).to.equal('Pen up');
    const line = objects(el).find((o) => o.kind === 'keyboard')!;
    expect([line.strokeWidth, line.stroke]).to.deep.equal([EDITOR.keyboardStroke, COLORS.red]);
    await waitFor(() => countColor(el, COLORS.red) > 100, 'a red keyboard stroke');
    // Drawn between x 450 and 550 at y 270: red in the middle of it (read where the surface is when it is read: once,
    // in a full WebKit run beside a busy core, the pixel there was not red yet just after the stroke was).
    await waitFor(() => pixelAt(el, ...onPage(el, 500, 270))[0] > 180, 'red in the middle of the stroke', 3000);
    expect(s.history.canUndo).to.equal(true);
  });
});

describe('annotation screenshot and persistence', () => {
  cleanPlayersAndFaults();
  afterEach(() => resetMouse());

  it("Save screenshot composes the frame and the drawing at the video's resolution (in a native wrapper)", async () => {
    const el = await openAnnotation({ platform: 'ios' });
    await enterAnnotation(el);
    const shots: string[] = [];
    el.addEventListener('screenshot', (e) => shots.push((e as CustomEvent<{ data: string }>).detail.data));
    const r = surfaceRect(el);
    await stroke(r.left + r.width * 0.1, r.top + r.height * 0.1, r.left + r.width * 0.9, r.top + r.height * 0.1);
    await waitFor(() => countColor(el, COLORS.red) > 100, 'stroke');
    toolButton(el, 'Save screenshot').click();
    await waitFor(() => shots.length === 1, 'screenshot event', 5000);
    const img = new Image();
    img.src = shots[0];
    await img.decode();
    const video = $<HTMLVideoElement>(el, 'video')!;
    expect([img.naturalWidth, img.naturalHeight]).to.deep.equal([video.videoWidth, video.videoHeight]);
    const c = document.createElement('canvas');
    c.width = img.naturalWidth;
    c.height = img.naturalHeight;
    const ctx = c.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    const [red, green, blue] = ctx.getImageData(Math.round(c.width / 2), Math.round(c.height * 0.1), 1, 1).data;
    expect(red > 180 && green < 90 && blue < 90, `red stroke in the picture (${red},${green},${blue})`).to.equal(true);
    // Elsewhere: the frame, not blank.
    const frame = ctx.getImageData(0, 0, c.width, c.height).data;
    let nonBlack = 0;
    for (let i = 0; i < frame.length; i += 400) if (frame[i] + frame[i + 1] + frame[i + 2] > 60) nonBlack++;
    expect(nonBlack).to.be.greaterThan(100);
  });

  it('entered before the video has a picture (metadata only), the still is painted when it comes', async () => {
    const el = await openAnnotation();
    const player = $<HTMLVideoElement>(el, 'video')!;
    // The engine's picture is a video that has nothing decoded yet (as when Annotate is pressed while an item loads).
    const late = document.createElement('video');
    late.muted = true;
    late.crossOrigin = 'anonymous';
    late.preload = 'auto';
    const engine = el[CONTROLLER].engine as unknown as { frameSource: () => unknown };
    engine.frameSource = () => ({ source: late, width: player.videoWidth, height: player.videoHeight });
    await enterAnnotation(el);
    const frame = $<HTMLCanvasElement>(el, '.annotation-frame')!;
    const lit = () => {
      const data = frame.getContext('2d')!.getImageData(0, 0, frame.width, frame.height).data;
      let n = 0;
      for (let i = 0; i < data.length; i += 400) if (data[i] + data[i + 1] + data[i + 2] > 60) n++;
      return n;
    };
    expect(lit(), 'nothing to show yet: a black still').to.equal(0);
    late.src = player.currentSrc;
    try {
      await waitFor(() => lit() > 100, 'the picture painted once it is decoded', 10000);
      expect([frame.width, frame.height]).to.deep.equal([player.videoWidth, player.videoHeight]);
      expect(toolButton(el, 'Save screenshot').disabled).to.equal(false);
    } finally {
      late.removeAttribute('src');
      late.load(); // releases the media
    }
  });

  it("slides served with CORS: Save screenshot gives the slide and the drawing at the slide's resolution", async () => {
    const el = await mountPlayer({ client: 'demo', code: 'A_DEMO_SLIDES', platform: 'ios' });
    await waitFor(() => pb(el).ready, 'slides ready', 10000);
    el.style.setProperty('width', '760px');
    const slide = await shownSlide(el);
    await enterAnnotation(el);
    const shots: string[] = [];
    el.addEventListener('screenshot', (e) => shots.push((e as CustomEvent<{ data: string }>).detail.data));
    const r = surfaceRect(el);
    await stroke(r.left + r.width * 0.1, r.top + r.height * 0.1, r.left + r.width * 0.9, r.top + r.height * 0.1);
    await waitFor(() => countColor(el, COLORS.red) > 100, 'stroke');
    expect(toolButton(el, 'Save annotations only'), 'no fallback offered').to.equal(undefined);
    toolButton(el, 'Save screenshot').click();
    await waitFor(() => shots.length === 1, 'screenshot event', 5000);
    expect(shots[0]).to.match(/^data:image\/png;base64,/);
    const img = new Image();
    img.src = shots[0];
    await img.decode();
    expect([img.naturalWidth, img.naturalHeight]).to.deep.equal([slide.naturalWidth, slide.naturalHeight]);
    const c = document.createElement('canvas');
    c.width = img.naturalWidth;
    c.height = img.naturalHeight;
    const ctx = c.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    const [red, green, blue] = ctx.getImageData(Math.round(c.width / 2), Math.round(c.height * 0.1), 1, 1).data;
    expect(red > 180 && green < 90 && blue < 90, `red stroke in the picture (${red},${green},${blue})`).to.equal(true);
    // Below the stroke: the slide's own pixels.
    const s = document.createElement('canvas');
    [s.width, s.height] = [c.width, c.height];
    const sctx = s.getContext('2d')!;
    sctx.drawImage(slide, 0, 0);
    const y = Math.round(c.height * 0.6);
    const saved = ctx.getImageData(0, y, c.width, 1).data;
    const shown = sctx.getImageData(0, y, c.width, 1).data;
    let differ = 0;
    for (let i = 0; i < saved.length; i++) if (Math.abs(saved[i] - shown[i]) > 2) differ++;
    expect(differ).to.equal(0);
  });

  it('slides from a host without CORS: Screenshot Disabled, and Save annotations only gives the drawing', async () => {
    const el = await mountSlidesWithoutCors({ platform: 'android' });
    await waitFor(() => pb(el).ready, 'slides ready', 10000);
    expect((await shownSlide(el)).crossOrigin, 'loaded without CORS').to.equal(null);
    await enterAnnotation(el);
    const shots: string[] = [];
    el.addEventListener('screenshot', (e) => shots.push((e as CustomEvent<{ data: string }>).detail.data));
    const r = surfaceRect(el);
    await stroke(r.left + r.width * 0.3, r.top + r.height / 2, r.left + r.width * 0.7, r.top + r.height / 2);
    toolButton(el, 'Save screenshot').click();
    await waitFor(
      () => $$(el, '.notice').some((n) => n.textContent?.includes('Screenshot Disabled')),
      'disabled notice',
    );
    expect(
      $$(el, '.notice').some((n) => n.textContent?.includes('Use your system to capture an image of this screen.')),
    ).to.equal(true);
    (await waitFor(() => toolButton(el, 'Save annotations only'), 'save annotations only')).click();
    await waitFor(() => shots.length === 1, 'drawing saved');
    const img = new Image();
    img.src = shots[0];
    await img.decode();
    expect(img.naturalWidth).to.be.greaterThan(0);
  });

  it('the drawing stays with its item while the page lives; another item starts blank', async () => {
    const el = await openAnnotation();
    await enterAnnotation(el);
    await choose(el, 'Shapes', 'Star');
    toolButton(el, 'Close annotation').click();
    await waitFor(() => !el.currentPath.endsWith('/markup'), 'closed');
    await enterAnnotation(el);
    await waitFor(() => objects(el).length === 1 && objects(el)[0].kind === 'shape', 'the star is back');
    toolButton(el, 'Close annotation').click();
    await waitFor(() => !el.currentPath.endsWith('/markup'), 'closed');
    await el.seekToIndex(1);
    await waitFor(() => pb(el).index === 1 && pb(el).ready && pb(el).playerState === 1, 'second item playing', 10000);
    await enterAnnotation(el);
    expect(objects(el).length).to.equal(0);
    // Its own drawing, and nothing of the first item's, when it is entered again (a drawing is loaded as its
    // overlay opens: any other one would show there).
    await choose(el, 'Shapes', 'Square');
    await waitFor(() => objects(el).length === 1, 'a square');
    toolButton(el, 'Close annotation').click();
    await waitFor(() => !el.currentPath.endsWith('/markup'), 'closed');
    await enterAnnotation(el);
    await waitFor(
      () => objects(el).length === 1 && objects(el)[0].kind === 'shape' && !objects(el)[0].points,
      "the second item's square (not the first's star), alone",
    );
  });

  it('the toolbar works by keyboard: arrows between buttons, into a menu and through it; axe-clean', async () => {
    const el = await openAnnotation();
    await enterAnnotation(el);
    toolButton(el, 'Pencil').focus();
    await sendKeys({ press: 'ArrowRight' });
    expect(shadow(el).activeElement?.textContent).to.equal('Eraser');
    await sendKeys({ press: 'End' });
    expect(shadow(el).activeElement?.textContent).to.equal('Close annotation');
    await sendKeys({ press: 'Home' });
    for (let i = 0; i < 6; i++) await sendKeys({ press: 'ArrowRight' });
    expect(shadow(el).activeElement?.textContent?.trim()).to.equal('Color');
    await sendKeys({ press: 'Enter' });
    await waitFor(() => $(el, '.annotation-menu[role="menu"]'), 'colour menu');
    await waitFor(() => shadow(el).activeElement?.textContent?.trim() === 'Red', 'focus on the current colour');
    await sendKeys({ press: 'ArrowDown' });
    expect(shadow(el).activeElement?.textContent?.trim()).to.equal('Yellow');
    await expect(el).shadowDom.to.be.accessible({ ignoredRules: ['color-contrast'] });
    await sendKeys({ press: 'Enter' });
    await waitFor(() => !$(el, '.annotation-menu'), 'menu closed by choosing');
    expect(toolButton(el, 'Pencil').getAttribute('aria-pressed')).to.equal('true');
    toolButton(el, 'Shapes').click();
    await waitFor(() => $(el, '.annotation-menu'), 'shapes menu');
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !$(el, '.annotation-menu'), 'Escape closes the menu only');
    expect(el.currentPath.endsWith('/markup')).to.equal(true);
  });
});

describe('annotation: pointer geometry, resizing and leaving', () => {
  cleanPlayersAndFaults();
  afterEach(() => resetMouse());

  it('a press moving under 3 px does not move the object; a drag does, in plane units, the page scrolled', async () => {
    const spacer = document.createElement('div');
    spacer.style.setProperty('height', '900px');
    document.body.prepend(spacer);
    try {
      const el = await openAnnotation();
      await enterAnnotation(el);
      el.scrollIntoView({ block: 'start' }); // the page scrolled by the spacer's height
      await waitFor(() => window.scrollY > 500, 'the page scrolled');
      await choose(el, 'Shapes', 'Square');
      const sq = objects(el)[0] as Obj & { left: number; top: number };
      const [x, y] = onPage(el, 480, 270);
      await stroke(x, y, x + 2, y, 2);
      expect([sq.left, sq.top]).to.deep.equal([480, 270]);
      const r = surfaceRect(el);
      await stroke(x, y, x + r.width / 4, y, 8); // a quarter of the surface: 240 plane units
      await waitFor(() => Math.abs(sq.left - 720) < 3, `moved by a quarter (now ${sq.left})`);
      // Drawing lands under the pointer too.
      toolButton(el, 'Pencil').click();
      await stroke(...onPage(el, 100, 450), ...onPage(el, 300, 450));
      await waitFor(() => pixelAt(el, ...onPage(el, 200, 450))[3] > 200, 'stroke under the pointer');
    } finally {
      spacer.remove();
      window.scrollTo(0, 0);
    }
  });

  it('with the pencil, a press on a shape drags it, elsewhere it draws; a stroke moves nothing', async () => {
    const el = await openAnnotation();
    await enterAnnotation(el);
    await choose(el, 'Shapes', 'Square'); // at the middle, 100 x 100; the tool is move
    const sq = objects(el)[0] as Obj & { left: number; top: number };
    toolButton(el, 'Pencil').click();
    await waitFor(() => toolButton(el, 'Pencil').getAttribute('aria-pressed') === 'true', 'the pencil');
    // During a stroke nothing moves: a stroke across the square is drawn over it.
    await stroke(...onPage(el, 300, 270), ...onPage(el, 660, 270));
    await waitFor(() => objects(el).length === 2, 'a stroke over the square');
    expect([sq.left, sq.top]).to.deep.equal([480, 270]);
    // The stroke ended: a press on the square (the stroke in front of it) drags it, with no stroke drawn.
    const [x, y] = onPage(el, 480, 270); // on the stroke, over the square
    await stroke(x, y, x + surfaceRect(el).width / 4, y, 8); // a quarter of the surface: 240 plane units
    await waitFor(() => Math.abs(sq.left - 720) < 3, `the square dragged (now ${sq.left})`);
    expect(objects(el).length).to.equal(2);
    expect(surfaceOf(el).selected()[0]).to.equal(sq);
    expect(toolButton(el, 'Pencil').getAttribute('aria-pressed')).to.equal('true');
    // A press on empty canvas still draws (and leaves the square where it is).
    await stroke(...onPage(el, 100, 450), ...onPage(el, 300, 450));
    await waitFor(() => objects(el).length === 3, 'a stroke on empty canvas');
    await waitFor(() => pixelAt(el, ...onPage(el, 200, 450))[3] > 200, 'the stroke under the pointer');
    expect(Math.abs(sq.left - 720) < 3).to.equal(true);
    // The drag is one undo step.
    toolButton(el, 'Undo').click();
    await waitFor(() => objects(el).length === 2, 'the last stroke undone');
    toolButton(el, 'Undo').click();
    await waitFor(() => (objects(el).find((o) => o.kind === 'shape') as typeof sq).left === 480, 'the drag undone');
    expect(objects(el).length).to.equal(2);
  });

  it('follows the player when resized (16:9 kept, the drawing scales); leaving leaves no canvas behind', async () => {
    const el = await openAnnotation();
    await enterAnnotation(el);
    await choose(el, 'Shapes', 'Circle');
    const before = surfaceRect(el);
    el.style.setProperty('width', '520px');
    await waitFor(() => Math.abs(surfaceRect(el).width - before.width) > 50, 'smaller surface');
    const after = surfaceRect(el);
    expect(Math.abs(after.width / after.height - 16 / 9)).to.be.lessThan(0.02);
    // The circle is still in the middle of the surface.
    await waitFor(() => countColor(el, COLORS.red) > 20, 'circle drawn');
    expect(pixelAt(el, after.left + after.width / 2, after.top + after.height / 2)[3]).to.equal(0); // hollow centre
    const canvas = drawingCanvas(el);
    expect(canvas.width).to.equal(Math.round(after.width * devicePixelRatio));
    toolButton(el, 'Close annotation').click();
    await waitFor(() => !el.currentPath.endsWith('/markup'), 'closed');
    await waitFor(() => $$(el, 'canvas').length === 0, 'no canvas left');
    expect(el[CONTROLLER].annotationSurface).to.equal(undefined);
    expect(document.querySelectorAll('textarea, canvas').length).to.equal(0); // nothing of Fabric's in the page
  });

  it('corner-resizing a text scales its font size (at least 100 wide); a square bakes the scale in', async () => {
    const el = await openAnnotation();
    await enterAnnotation(el);
    await choose(el, 'Text', 'Text');
    const s = surfaceOf(el);
    const t = objects(el)[0] as Obj & { set(o: object): void };
    t.set({ scaleX: 2, scaleY: 2 });
    s.canvas.fire('object:modified', { target: t as never });
    expect([t.fontSize, t.width, t.scaleX, t.scaleY]).to.deep.equal([
      TEXT_KINDS.standard.fontSize * 2,
      TEXT_KINDS.standard.width * 2,
      1,
      1,
    ]);
    t.set({ scaleX: 0.1, scaleY: 0.5 });
    s.canvas.fire('object:modified', { target: t as never });
    expect(t.width).to.equal(TEXT_MIN.width);
    t.set({ scaleX: 1, scaleY: 0.2 }); // far below the least height: the font grows back until the box is that high
    s.canvas.fire('object:modified', { target: t as never });
    expect(t.height).to.be.at.least(TEXT_MIN.height);
    // One short line scaled far down: its font grows back to a box of the least height.
    t.set({ text: 'Hi', scaleX: 1, scaleY: 0.1 });
    s.canvas.fire('object:modified', { target: t as never });
    expect(t.height).to.be.at.least(TEXT_MIN.height);
    expect(t.fontSize).to.be.greaterThan(20);
    await choose(el, 'Shapes', 'Square');
    const sq = objects(el)[1] as Obj & { set(o: object): void };
    sq.set({ scaleX: 1.5, scaleY: 0.5 });
    s.canvas.fire('object:modified', { target: sq as never });
    expect([sq.width, sq.height, sq.scaleX, sq.scaleY]).to.deep.equal([150, 50, 1, 1]);
  });
});

describe('annotation: touch and pen', () => {
  cleanPlayersAndFaults();

  for (const pointerType of ['touch', 'pen'] as const) {
    it(`draws with ${pointerType} pointer events`, async () => {
      const el = await openAnnotation();
      await enterAnnotation(el);
      const upper = $<HTMLCanvasElement>(el, '.annotation-surface canvas.upper-canvas')!;
      const r = upper.getBoundingClientRect();
      const fire = (type: string, x: number, target: EventTarget = upper) =>
        target.dispatchEvent(
          new PointerEvent(type, {
            clientX: x,
            clientY: r.top + r.height / 2,
            pointerId: 7,
            pointerType,
            isPrimary: true,
            button: type === 'pointermove' ? -1 : 0,
            buttons: type === 'pointerup' ? 0 : 1,
            bubbles: true,
            composed: true,
            cancelable: true,
          }),
        );
      fire('pointerdown', r.left + r.width * 0.2);
      for (let i = 1; i <= 20; i++) fire('pointermove', r.left + r.width * (0.2 + i * 0.03));
      fire('pointerup', r.left + r.width * 0.8, document);
      await waitFor(() => objects(el).some((o) => o.kind === 'pencil'), 'a stroke');
      await waitFor(() => pixelAt(el, r.left + r.width / 2, r.top + r.height / 2)[0] > 180, 'red under the stroke');
    });
  }
});

describe('annotation: undo covers every kind of change', () => {
  cleanPlayersAndFaults();
  afterEach(() => resetMouse());

  it('undo / redo a move, a recolour, a text edit and a resize, the player scaled by CSS', async () => {
    // The text edit is closed by a click outside; with the player scaled by CSS it still draws under the pointer.
    const el = await openAnnotation();
    el.style.setProperty('transform', 'scale(0.8)');
    el.style.setProperty('transform-origin', '0 0');
    await enterAnnotation(el);
    await choose(el, 'Text', 'Subheading');
    const s = surfaceOf(el);
    const text = () => objects(el)[0] as Obj & { left: number; set(o: object): void };
    const left = text().left;
    $(el, '.annotation-surface')!.focus();
    await sendKeys({ press: 'ArrowRight' }); // a move
    await waitFor(() => s.history.canUndo && text().left === left + EDITOR.step, 'moved');
    await choose(el, 'Color', 'Orange'); // a recolour
    await waitFor(() => text().fill === COLORS.orange, 'orange');
    $(el, '.annotation-surface')!.focus();
    await sendKeys({ press: 'Enter' }); // a text edit, closed by a click outside it
    const editor = await waitFor(() => $<HTMLTextAreaElement>(el, '.annotation-text-editor'), 'editor');
    editor.select();
    await sendKeys({ type: 'Hip' });
    await click(...onPage(el, 900, 500));
    await waitFor(
      () => !$(el, '.annotation-text-editor') && text().text === 'Hip',
      'edited, closed by the outside click',
    );
    text().set({ scaleX: 1.5, scaleY: 1.5 }); // a resize
    s.canvas.fire('object:modified', { target: text() as never });
    await waitFor(() => text().fontSize === TEXT_KINDS.subhead.fontSize * 1.5, 'resized');
    const undo = async (check: () => boolean, what: string) => {
      toolButton(el, 'Undo').click();
      await waitFor(check, what);
    };
    await undo(() => text().fontSize === TEXT_KINDS.subhead.fontSize, 'resize undone');
    await undo(() => text().text === 'Enter your text here', 'edit undone');
    await undo(() => text().fill === COLORS.red, 'recolour undone');
    await undo(() => text().left === left, 'move undone');
    toolButton(el, 'Redo').click();
    await waitFor(() => text().left === left + 10, 'move redone');
    // Scaled by 0.8: a stroke still lands under the pointer.
    toolButton(el, 'Pencil').click();
    await stroke(...onPage(el, 100, 480), ...onPage(el, 400, 480));
    await waitFor(() => pixelAt(el, ...onPage(el, 250, 480))[3] > 200, 'stroke under the pointer in a scaled player');
  });
});

describe('annotation: lifecycle and focus, after review', () => {
  cleanPlayersAndFaults();
  afterEach(() => resetMouse());

  it('does not resume what was paused; the item changing under the overlay closes it, nothing plays', async () => {
    // On the player's clock: the resume delay passes when the test says so. Asking the media to play unpauses it at
    // once, so a resume would show as soon as its timer, and the reactions to it, have run.
    const clock = new FakeClock();
    const el = await openAnnotation({}, clock);
    const media = () => $<HTMLVideoElement>(el, 'video')!;
    await enterAnnotation(el); // paused before: stays paused after
    toolButton(el, 'Close annotation').click();
    await waitFor(() => !el.currentPath.endsWith('/markup'), 'closed');
    clock.tick(EDITOR.resumeDelayMs);
    await nextTask();
    expect(media().paused, 'not asked to play').to.equal(true);
    expect(pb(el).playerState).to.not.equal(1);
    await el.playVideo();
    await waitFor(() => pb(el).playerState === 1, 'playing', 10000);
    await enterAnnotation(el);
    await waitFor(() => pb(el).playerState === 2, 'paused');
    // The next item, without playing it (the host's seekToIndex would play it: that is asked for).
    el[CONTROLLER].loadedPlayback()!.setIndex(1, false);
    await waitFor(() => !el.currentPath.endsWith('/markup'), 'closed by the item change', 5000);
    // The resume delay, and the spacing of item loads, pass; a play asked for meanwhile would start as the item
    // becomes ready.
    clock.tick(Math.max(EDITOR.resumeDelayMs, TIMING.loadSpacingMs));
    await waitFor(() => pb(el).index === 1 && pb(el).ready, 'the second item ready', 10000);
    expect(media().paused, 'not asked to play').to.equal(true);
    expect(pb(el).playerState).to.not.equal(1); // the resume was for item 0: it does not play item 1
  });

  it("the text editor lies over the text, 2 px larger, in the text's font, weight and colour", async () => {
    const el = await openAnnotation();
    await enterAnnotation(el);
    await choose(el, 'Color', 'Blue');
    await choose(el, 'Text', 'Heading');
    const s = surfaceOf(el);
    const t = objects(el)[0] as unknown as {
      getBoundingRect(): { left: number; top: number; width: number; height: number };
    };
    $(el, '.annotation-surface')!.focus();
    await sendKeys({ press: 'Enter' });
    const editor = await waitFor(() => $<HTMLTextAreaElement>(el, '.annotation-text-editor'), 'editor');
    const r = surfaceRect(el);
    const zoom = s.canvas.getZoom();
    const b = t.getBoundingRect();
    const e = editor.getBoundingClientRect();
    expect(Math.abs(e.left - (r.left + b.left * zoom - 2))).to.be.lessThan(1.5);
    expect(Math.abs(e.top - (r.top + b.top * zoom - 2))).to.be.lessThan(1.5);
    expect(Math.abs(e.width - (b.width * zoom + 4))).to.be.lessThan(1.5);
    const cs = getComputedStyle(editor);
    expect([cs.color, cs.fontWeight, Math.round(parseFloat(cs.fontSize))]).to.deep.equal([
      'rgb(0, 173, 238)',
      '700',
      Math.round(TEXT_KINDS.head.fontSize * zoom),
    ]);
    expect(cs.fontFamily).to.contain('Arial');
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !$(el, '.annotation-text-editor'), 'closed');
  });

  it('keyboard focus after a menu choice; the hidden header close is no tab stop; keyboard erasing', async () => {
    // The focus returns to the menu's button (to the surface after adding); keyboard erasing removes pixels.
    const el = await openAnnotation();
    await enterAnnotation(el);
    toolButton(el, 'Color').focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => $(el, '.annotation-menu'), 'menu');
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'Enter' });
    await waitFor(() => shadow(el).activeElement === toolButton(el, 'Color'), 'focus back on Color');
    toolButton(el, 'Shapes').focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => $(el, '.annotation-menu'), 'shapes');
    await sendKeys({ press: 'Enter' });
    await waitFor(() => shadow(el).activeElement === $(el, '.annotation-surface'), 'focus on the surface after adding');
    expect(getComputedStyle($(el, '.modal[data-modal-name="markup"] .modal-header .button-icon')!).display).to.equal(
      'none',
    );
    // Draw a yellow line by keyboard, then erase its middle by keyboard.
    await sendKeys({ press: 'Delete' });
    await waitFor(() => objects(el).length === 0, 'shape removed');
    await sendKeys({ press: 'Space' });
    for (let i = 0; i < 8; i++) await sendKeys({ press: 'ArrowRight' });
    await sendKeys({ press: 'Space' });
    await waitFor(() => countColor(el, COLORS.yellow) > 100, 'yellow stroke');
    toolButton(el, 'Eraser').click();
    $(el, '.annotation-surface')!.focus();
    for (let i = 0; i < 4; i++) await sendKeys({ press: 'ArrowLeft' });
    await sendKeys({ press: 'ArrowUp' });
    await sendKeys({ press: 'Space' });
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'Space' });
    // The yellow line runs from x 480 to 560 at y 270; the eraser went down x 520.
    const [x, y] = onPage(el, 520, 270);
    await waitFor(() => pixelAt(el, x, y)[3] === 0, 'erased by keyboard');
    expect(pixelAt(el, ...onPage(el, 495, 270))[3]).to.be.greaterThan(200);
  });
});

describe('annotation: full screen', () => {
  cleanPlayersAndFaults();

  it('follows the player into full screen and back', async () => {
    const el = await openAnnotation();
    const stage = await waitFor(() => $<HTMLElement>(el, '.stage'), 'stage');
    stage.focus();
    await sendKeys({ press: 'f' }); // the player's F shortcut, a real key press
    await waitFor(() => document.fullscreenElement === el, 'full screen', 5000);
    try {
      await enterAnnotation(el);
      const big = surfaceRect(el);
      expect(Math.abs(big.width / big.height - 16 / 9)).to.be.lessThan(0.02);
      await document.exitFullscreen();
      await waitFor(() => Math.abs(surfaceRect(el).width - big.width) > 20, 'another size after full screen', 5000);
      const small = surfaceRect(el);
      await waitFor(() => drawingCanvas(el).width === Math.round(small.width * devicePixelRatio), 'canvas follows');
      expect(Math.abs(small.width / small.height - 16 / 9)).to.be.lessThan(0.02);
    } finally {
      if (document.fullscreenElement) await document.exitFullscreen();
    }
  });

  it('draws under the pointer in a zoomed page (CSS zoom on an ancestor)', async () => {
    const wrap = document.createElement('div');
    wrap.style.setProperty('zoom', '1.25');
    document.body.append(wrap);
    try {
      const el = await openAnnotation();
      wrap.append(el); // moved under the zoomed ancestor (the element keeps its state)
      await findControl(el, 'markup');
      await enterAnnotation(el);
      await stroke(...onPage(el, 100, 300), ...onPage(el, 500, 300));
      await waitFor(() => pixelAt(el, ...onPage(el, 300, 300))[3] > 200, 'stroke under the pointer at 125%');
      expect(pixelAt(el, ...onPage(el, 300, 360))[3]).to.equal(0);
    } finally {
      wrap.remove();
    }
  });
});
