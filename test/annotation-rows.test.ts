import { expect } from '@open-wc/testing';
import { resetMouse } from '@web/test-runner-commands';
import { CONTROLLER } from '../src/app/embed-options';
import type { PatientEdPlayerElement } from '../src/element/player-element';
import { drawingsOf, itemKey } from '../src/annotation/player-drawings';
import { COLORS, DEFAULT_SIZE, EDITOR, SIZE_OPTIONS, STICKY, TEXT_KINDS } from '../src/annotation/rules';
import { PLANE } from '../src/annotation/surface';
import { TIMING } from '../src/playback/timing';
import { FakeClock } from './fake-clock';
import { choose, drag, enterAnnotation, surfaceRect, toolButton } from './annotation-helpers';
import { $, $$, cleanPlayersAndFaults, mountPlayer, nextTask, shadow, waitFor } from './helpers';

// The annotation screen's rows driven as a visitor does: the overlay opened from the control bar, tools and menus
// chosen with clicks, objects moved, rotated and resized and strokes drawn with the real mouse; what is drawn is read
// back from the drawing kept for the item (the snapshot the overlay saves after every change).

const pb = (el: PatientEdPlayerElement) => el[CONTROLLER].state.playback;

async function openAnnotation(clock?: FakeClock) {
  const el = await mountPlayer({ client: 'demo', code: 'A_DEMO_VIDEO' }, { clock });
  await waitFor(() => pb(el).ready && pb(el).playerState === 0, 'ready item', 10000);
  el.style.setProperty('width', '760px');
  await enterAnnotation(el);
  return el;
}

/** One object of a saved drawing, as Fabric serialises it (the properties these rows read). */
interface Saved {
  type: string;
  kind?: string;
  [property: string]: unknown;
  objects?: Saved[];
  clipPath?: Saved;
  path?: [string, ...number[]][];
}
/** The drawing the overlay keeps for the item on screen (what it loads again when it is opened later). */
function saved(el: PatientEdPlayerElement): Saved[] {
  const json = drawingsOf(el[CONTROLLER]).get(itemKey(el[CONTROLLER])!);
  return json ? (JSON.parse(json) as { objects: Saved[] }).objects : [];
}

/** Where a point of the plane (960 x 540) is on the page. */
const onPage = (el: Element, x: number, y: number) => {
  const r = surfaceRect(el);
  return [r.left + (x / PLANE.width) * r.width, r.top + (y / PLANE.height) * r.height] as const;
};
/** A control of the selected object (`mtr` rotates, `br` resizes from the bottom right corner), on the page. */
function controlOnPage(el: PatientEdPlayerElement, control: string) {
  const s = el[CONTROLLER].annotationSurface!;
  const active = s.canvas.getActiveObject()!;
  active.setCoords();
  const at = active.oCoords[control];
  const r = surfaceRect(el);
  const k = r.width / s.canvas.getWidth();
  return [r.left + at.x * k, r.top + at.y * k] as const;
}
/** The centre of the selected object, on the page. */
function centreOnPage(el: PatientEdPlayerElement) {
  const c = el[CONTROLLER].annotationSurface!.canvas.getActiveObject()!.getCenterPoint();
  return onPage(el, c.x, c.y);
}
/** The left and top edges of an object serialised in its group (its origin may be its centre). */
const edges = (o: Saved) => {
  const w = o.width as number;
  const h = o.height as number;
  return {
    left: (o.left as number) - (o.originX === 'center' ? w / 2 : 0),
    top: (o.top as number) - (o.originY === 'center' ? h / 2 : 0),
  };
};

describe('spec rows: the transient notification banner of the annotation screen', () => {
  cleanPlayersAndFaults();
  afterEach(() => resetMouse());

  it('a notice raised while annotating is on top of the screen, clear of its toolbar, and goes after 5 s', async () => {
    const clock = new FakeClock();
    const el = await openAnnotation(clock);
    el[CONTROLLER].loadedPlayback()!.notify('info', 'screenshotDisabled');
    const notice = await waitFor(
      () => $$(el, '.notice').find((n) => n.textContent?.includes('Screenshot Disabled')),
      'the notice',
    );
    expect(notice.textContent).to.equal('Screenshot Disabled Use your system to capture an image of this screen.');
    // On top: what is under the notice's centre is the notice, not the annotation screen (the notices let the pointer
    // through to what is under them; for this look they take it).
    const sheet = new CSSStyleSheet();
    sheet.replaceSync('.notices, .notices * { pointer-events: auto !important; }');
    const root = shadow(el);
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    // (The player is taller than the test page's window: the notice is brought into view to be looked at.)
    notice.scrollIntoView({ block: 'center' });
    const n = notice.getBoundingClientRect();
    expect(n.width > 0 && n.height > 0, 'shown').to.equal(true);
    const screen = $(el, '.modal-layer')!.getBoundingClientRect();
    const inside = n.left >= screen.left && n.right <= screen.right && n.top >= screen.top && n.bottom <= screen.bottom;
    expect(inside, 'within the annotation screen').to.equal(true);
    const hit = root.elementFromPoint(n.left + n.width / 2, n.top + n.height / 2);
    expect(hit?.closest('.notice') === notice, `on top (found ${hit?.className})`).to.equal(true);
    root.adoptedStyleSheets = root.adoptedStyleSheets.filter((s) => s !== sheet);
    const bar = $(el, '.annotation-toolbar')!.getBoundingClientRect();
    const clear = n.right <= bar.left || bar.right <= n.left || n.bottom <= bar.top || bar.bottom <= n.top;
    expect(clear, 'not under the toolbar').to.equal(true);
    // Transient: there for its time on the player's clock, gone after it; the editor stays open.
    clock.tick(TIMING.notificationMs - 1);
    await nextTask();
    expect(notice.isConnected, 'still there just before its time').to.equal(true);
    clock.tick(1);
    await waitFor(() => !notice.isConnected, 'the notice gone at its time');
    expect(Boolean($(el, '.annotation-toolbar')), 'the editor still open').to.equal(true);
  });
});

describe('spec rows: what the saved drawing carries', () => {
  cleanPlayersAndFaults();
  afterEach(() => resetMouse());

  it('text, font, alignment, fill, padding, line height, size, rotation, scale and position of objects', async () => {
    // The player's clock stands still but for the ticks below: two presses on the heading are never a double click.
    const clock = new FakeClock();
    const el = await openAnnotation(clock);
    const s = el[CONTROLLER].annotationSurface!;

    // A heading, moved by a drag to the upper left, then turned a quarter clockwise by its rotation handle.
    await choose(el, 'Text', 'Heading');
    const text = s.canvas.getActiveObject()!;
    const from = text.getCenterPoint();
    const [x0, y0] = centreOnPage(el);
    const [x1, y1] = onPage(el, 250, 150);
    await drag(x0, y0, x1, y1);
    await waitFor(() => text.getCenterPoint().x < from.x - 100, 'the heading moved');
    const moved = text.getCenterPoint();
    clock.tick(EDITOR.doubleClickMs + 1);
    const [cx, cy] = centreOnPage(el);
    const [hx, hy] = controlOnPage(el, 'mtr');
    await drag(hx, hy, cx + (cy - hy), cy, 20);
    await waitFor(() => Math.abs(text.angle - 90) < 5, `turned (now ${text.angle})`);
    expect(Boolean($(el, '.annotation-text-editor')), 'not edited').to.equal(false);
    const savedText = await waitFor(() => saved(el).find((o) => o.kind === 'text' && Number(o.angle) > 80), 'saved');
    const head = TEXT_KINDS.head;
    expect(
      [savedText.type, savedText.text, savedText.fontSize, savedText.fontWeight, savedText.fontStyle],
      'text and font',
    ).to.deep.equal(['Textbox', 'Enter your text here', head.fontSize, head.fontWeight, 'normal']);
    expect(savedText.fontFamily).to.match(/^Arial\b/);
    expect([savedText.textAlign, savedText.fill, savedText.width], 'alignment, fill, width').to.deep.equal([
      'left',
      COLORS.red,
      head.width,
    ]);
    expect(savedText.lineHeight, 'line height').to.be.a('number').and.greaterThan(1);
    expect(savedText.height, 'two lines of 36 px').to.be.within(head.fontSize * 2, head.fontSize * 3);
    expect(savedText.angle, 'rotation').to.be.closeTo(90, 5);
    expect([savedText.scaleX, savedText.scaleY], 'a text is not scaled').to.deep.equal([1, 1]);
    // The position in the plane: the drag's (the centre stays where it was when turned about it).
    expect(savedText.originX).to.equal('center');
    expect(savedText.left, 'x').to.be.closeTo(moved.x, 1);
    expect(savedText.top, 'y').to.be.closeTo(moved.y, 1);
    expect(savedText.left, 'x where it was dragged').to.be.closeTo(250, 4);
    expect(savedText.top, 'y where it was dragged').to.be.closeTo(150, 4);

    // A circle resized by its bottom right corner: its scale is kept.
    await choose(el, 'Color', 'Green');
    await choose(el, 'Shapes', 'Circle');
    const [bx, by] = controlOnPage(el, 'br');
    const [px, py] = onPage(el, 0, 0);
    const [qx, qy] = onPage(el, 50, 25);
    await drag(bx, by, bx + (qx - px), by + (qy - py));
    const circle = await waitFor(
      () => saved(el).find((o) => o.kind === 'shape' && Number(o.scaleX) > 1.2),
      'the circle resized and saved',
    );
    expect([circle.type, circle.radius, circle.stroke, circle.fill]).to.deep.equal([
      'Circle',
      50,
      COLORS.green,
      'transparent',
    ]);
    expect(circle.scaleX, 'scale x: (103 + 50) / 103').to.be.closeTo(153 / 103, 0.08);
    expect(circle.scaleY, 'scale y: (103 + 25) / 103').to.be.closeTo(128 / 103, 0.08);
    expect(circle.angle).to.equal(0);

    // A sticky note: a 150 x 130 paper, its text inset by the padding, black on the chosen colour.
    toolButton(el, 'Sticky note').click();
    const sticky = await waitFor(() => saved(el).find((o) => o.kind === 'sticky'), 'the sticky saved');
    const [paper, note] = sticky.objects!;
    expect([paper.type, paper.width, paper.height]).to.deep.equal(['Rect', STICKY.width, STICKY.height]);
    expect([note.type, note.text, note.fill, note.fontSize]).to.deep.equal([
      'Textbox',
      'Enter your text here',
      '#000000',
      STICKY.fontSize,
    ]);
    expect(note.fontFamily).to.match(/^Arial\b/);
    expect(note.lineHeight).to.be.a('number').and.greaterThan(1);
    expect(edges(note).left - edges(paper).left, 'padding at the left').to.equal(STICKY.padding);
    expect((paper.width as number) - (note.width as number) - STICKY.padding, 'padding at the right').to.equal(
      STICKY.padding,
    );
    expect(edges(note).top - edges(paper).top, 'padding at the top').to.be.at.least(STICKY.padding);
    expect(sticky.colorName).to.equal('green');
  });

  it('strokes: the points the pointer went through, its colour and width; erasing is destination-out', async () => {
    const el = await openAnnotation();
    await choose(el, 'Color', 'Blue');
    const widest = SIZE_OPTIONS.at(-1)!;
    await choose(el, 'Size', `${widest.percent}%`);
    const [ax, ay] = onPage(el, 200, 300);
    const [bx, by] = onPage(el, 700, 200);
    await drag(ax, ay, bx, by, 12);
    const line = await waitFor(() => saved(el).find((o) => o.kind === 'pencil'), 'the stroke saved');
    expect([line.type, line.stroke, line.strokeWidth, line.globalCompositeOperation]).to.deep.equal([
      'Path',
      COLORS.blue,
      widest.width,
      'source-over',
    ]);
    // Its points, in the plane: from the press to the release, through the moves between.
    const points = line.path!.map((c) => c.slice(-2) as number[]);
    expect(points.length, 'a point for each move').to.be.at.least(10);
    const [first, last] = [points[0], points.at(-1)!];
    expect(first[0]).to.be.closeTo(200, 4);
    expect(first[1]).to.be.closeTo(300, 4);
    expect(last[0]).to.be.closeTo(700, 4);
    expect(last[1]).to.be.closeTo(200, 4);
    for (const [x, y] of points) expect(Math.abs(y - (300 - (x - 200) / 5)), `(${x}, ${y}) on the line`).below(4);

    // The eraser across the stroke: its path, of the eraser's width, is kept on the stroke as destination-out.
    toolButton(el, 'Eraser').click();
    await waitFor(() => toolButton(el, 'Eraser').getAttribute('aria-pressed') === 'true', 'eraser');
    const [ex, ey1] = onPage(el, 450, 150);
    const [, ey2] = onPage(el, 450, 350);
    await drag(ex, ey1, ex, ey2);
    const erased = await waitFor(() => saved(el).find((o) => o.kind === 'pencil' && o.clipPath), 'the erasing saved');
    const erasing = erased.clipPath!.objects!.filter((o) => o.type === 'Path');
    expect(erasing.length, 'one eraser stroke').to.equal(1);
    expect([erasing[0].globalCompositeOperation, erasing[0].strokeWidth]).to.deep.equal([
      'destination-out',
      DEFAULT_SIZE,
    ]);
  });
});
