import { expect } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import { CONTROLLER } from '../src/app/player-app';
import type { PatientEdPlayerElement } from '../src/element/player-element';
import { COLORS, editorReducer, History, historyKey, initialEditorState, moveKey, starPoints, stickyGradient, stickyTextColor, surfaceBox, TEXT_KINDS } from '../src/annotation/rules';
import { $, $$, cleanPlayersAndFaults, mountPlayer, sleep, waitFor } from './helpers';

const pb = (el: PatientEdPlayerElement) => el[CONTROLLER].state.playback;

describe('annotation rules (pure)', () => {
  it('menus store, clear and restore the tool; a colour restores it and recolours; adding switches to move', () => {
    let s = initialEditorState();
    expect([s.tool, s.color, s.pencilSize, s.eraserSize]).to.deep.equal(['pencil', 'red', 12, 12]);
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
    expect([s.tool, s.menu, s.color, effects]).to.deep.equal(['pencil', undefined, 'blue', { recolorSelection: 'blue' }]);
    [s] = editorReducer(s, { type: 'menu', menu: 'text' });
    [s] = editorReducer(s, { type: 'added', kind: 'text' });
    expect([s.tool, s.menu, s.colors.text]).to.deep.equal(['move', undefined, 'blue']);
    [s, effects] = editorReducer(s, { type: 'tool', tool: 'erase' });
    expect([s.tool, effects]).to.deep.equal(['erase', { clearSelection: true }]);
    [s] = editorReducer(s, { type: 'menu', menu: 'size' });
    [s] = editorReducer(s, { type: 'size', width: 24 });
    expect([s.tool, s.eraserSize, s.pencilSize]).to.deep.equal(['erase', 24, 12]);
    [s] = editorReducer(s, { type: 'tool', tool: 'pencil' });
    [s] = editorReducer(s, { type: 'size', width: 7 }); // not an option: the default
    expect(s.pencilSize).to.equal(12);
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
    for (let i = 1; i <= 60; i++) big.push(String(i));
    let steps = 0;
    while (big.undo() !== undefined) steps++;
    expect(steps).to.be.at.least(50);
  });

  it('keys, shapes, stickies and the 16:9 box', () => {
    expect(historyKey({ key: 'z', ctrlKey: true, metaKey: false, shiftKey: false })).to.equal('undo');
    expect(historyKey({ key: 'Z', ctrlKey: false, metaKey: true, shiftKey: true })).to.equal('redo');
    expect(historyKey({ key: 'y', ctrlKey: true, metaKey: false, shiftKey: false })).to.equal('redo');
    expect(historyKey({ key: 'z', ctrlKey: false, metaKey: false, shiftKey: false })).to.equal(undefined);
    expect([moveKey('h'), moveKey('ArrowDown'), moveKey('K'), moveKey('x')]).to.deep.equal([{ dx: -10, dy: 0 }, { dx: 0, dy: 10 }, { dx: 0, dy: -10 }, undefined]);
    const star = starPoints();
    expect(star.length).to.equal(10);
    expect(star[0]).to.deep.equal({ x: 0, y: -60 });
    expect(Math.round(Math.hypot(star[1].x, star[1].y))).to.equal(30);
    expect(stickyGradient('nope')).to.deep.equal(stickyGradient('yellow'));
    expect([stickyTextColor('black'), stickyTextColor('yellow')]).to.deep.equal(['#ffffff', '#000000']);
    expect(surfaceBox(1000, 600)).to.deep.equal({ left: 20, top: 30, width: 960, height: 540 });
    expect(surfaceBox(400, 600)).to.deep.equal({ left: 20, top: 199, width: 360, height: 203 });
    expect(TEXT_KINDS.head).to.deep.equal({ fontSize: 36, fontWeight: 'bold', width: 270 });
    expect(COLORS.red).to.equal('#EC1C24');
  });
});

/** The Fabric canvas that shows the drawing (its lower canvas), and its pixel at a point of the page. */
function drawingCanvas(el: Element) {
  return $<HTMLCanvasElement>(el, '.annotation-surface canvas.lower-canvas')!;
}
function pixelAt(el: Element, pageX: number, pageY: number): [number, number, number, number] {
  const c = drawingCanvas(el);
  const r = c.getBoundingClientRect();
  const sx = c.width / r.width;
  const d = c.getContext('2d')!.getImageData(Math.round((pageX - r.left) * sx), Math.round((pageY - r.top) * sx), 1, 1).data;
  return [d[0], d[1], d[2], d[3]];
}
/** Count the pixels of the drawing whose colour is near `hex`. */
function countColor(el: Element, hex: string, tolerance = 40): number {
  const c = drawingCanvas(el);
  const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  let n = 0;
  for (let i = 0; i < d.length; i += 4) if (d[i + 3] > 200 && Math.abs(d[i] - r) < tolerance && Math.abs(d[i + 1] - g) < tolerance && Math.abs(d[i + 2] - b) < tolerance) n++;
  return n;
}
const surfaceRect = (el: Element) => $(el, '.annotation-surface')!.getBoundingClientRect();
const toolButton = (el: Element, name: string) => $$<HTMLButtonElement>(el, '.annotation-toolbar button').find((b) => b.textContent?.trim() === name)!;
const menuItem = (el: Element, name: string) => $$<HTMLButtonElement>(el, '.annotation-menu button').find((b) => b.textContent?.trim() === name)!;
/** Open a toolbar menu and choose an item in it. */
async function choose(el: Element, menu: string, item: string) {
  toolButton(el, menu).click();
  (await waitFor(() => menuItem(el, item), `${menu} > ${item}`)).click();
  await waitFor(() => !$(el, '.annotation-menu'), 'menu closed');
}

/** A key chord with real key presses (modifiers held down). */
async function chord(...keys: string[]) {
  const mods = keys.slice(0, -1);
  for (const m of mods) await sendKeys({ down: m });
  await sendKeys({ press: keys[keys.length - 1] });
  for (const m of mods.reverse()) await sendKeys({ up: m });
}

/** A stroke with the real mouse from (x1, y1) to (x2, y2), in page pixels. */
async function stroke(x1: number, y1: number, x2: number, y2: number, steps = 10) {
  await sendMouse({ type: 'move', position: [Math.round(x1), Math.round(y1)] });
  await sendMouse({ type: 'down' });
  for (let i = 1; i <= steps; i++) await sendMouse({ type: 'move', position: [Math.round(x1 + ((x2 - x1) * i) / steps), Math.round(y1 + ((y2 - y1) * i) / steps)] });
  await sendMouse({ type: 'up' });
}

async function openAnnotation(attrs: Record<string, string> = {}) {
  const el = await mountPlayer({ client: 'demo', code: 'A_DEMO_VIDEO', ...attrs });
  await waitFor(() => pb(el).ready && pb(el).player === 0, 'ready item', 10000);
  el.style.setProperty('width', '760px');
  await waitFor(() => $(el, '[data-control="markup"]'), 'Annotate button');
  return el;
}
async function enter(el: PatientEdPlayerElement) {
  $<HTMLButtonElement>(el, '[data-control="markup"]')!.click();
  await waitFor(() => $(el, '.annotation-surface canvas.lower-canvas') && toolButton(el, 'Pencil'), 'annotation surface', 10000);
  await sleep(50);
}

describe('annotation overlay', () => {
  cleanPlayersAndFaults();
  afterEach(() => sendMouse({ type: 'up' }).catch(() => undefined));

  it('opens from the control bar over the paused frame; the toolbar has the spec\'s buttons; closing resumes after 250 ms', async () => {
    const el = await openAnnotation();
    await el.playVideo();
    await waitFor(() => pb(el).player === 1, 'playing', 10000);
    await enter(el);
    expect(el.currentPath).to.equal('/demo/player/A_DEMO_VIDEO/markup');
    await waitFor(() => pb(el).player === 2, 'paused on entering');
    const toolbar = $(el, '[role="toolbar"]')!;
    expect(toolbar.getAttribute('aria-label')).to.equal('Annotation tools');
    expect($$(el, '.annotation-toolbar > button, .annotation-toolbar > .annotation-menu-host > button').map((b) => b.textContent!.trim())).to.deep.equal([
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
    const closedAt = performance.now();
    await waitFor(() => pb(el).player === 1, 'resumed', 3000);
    expect(performance.now() - closedAt).to.be.greaterThan(200);
  });

  it('the pencil draws in the chosen colour and size with the real mouse; the eraser removes pixels; undo and redo', async () => {
    const el = await openAnnotation();
    await enter(el);
    expect(pb(el).player).to.not.equal(1);
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
    await chord('Control', 'KeyZ');
    await waitFor(() => countColor(el, COLORS.blue) > 0, 'Clear undone');
  });
});
