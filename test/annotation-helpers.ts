import { sendMouse } from '@web/test-runner-commands';
import { CONTROLLER } from '../src/app/embed-options';
import type { PatientEdPlayerElement } from '../src/element/player-element';
import { $, $$, findControl, steady, waitFor } from './helpers';

/** The annotation overlay as a visitor reaches it: its surface, toolbar buttons and menus, by what they say. */
export const surfaceRect = (el: Element) => $(el, '.annotation-surface')!.getBoundingClientRect();
export const toolButton = (el: Element, name: string) =>
  $$<HTMLButtonElement>(el, '.annotation-toolbar button').find((b) => b.textContent?.trim() === name)!;
export const menuItem = (el: Element, name: string) =>
  $$<HTMLButtonElement>(el, '.annotation-menu button').find((b) => b.textContent?.trim() === name)!;

/** The Fabric canvas that shows the drawing (its lower canvas). */
export const drawingCanvas = (el: Element) => $<HTMLCanvasElement>(el, '.annotation-surface canvas.lower-canvas')!;

/** Count the pixels of the drawing whose colour is near `hex`. */
export function countColor(el: Element, hex: string, tolerance = 40): number {
  const c = drawingCanvas(el);
  const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  let n = 0;
  for (let i = 0; i < d.length; i += 4)
    if (
      d[i + 3] > 200 &&
      Math.abs(d[i] - r) < tolerance &&
      Math.abs(d[i + 1] - g) < tolerance &&
      Math.abs(d[i + 2] - b) < tolerance
    )
      n++;
  return n;
}

/** Enter annotation with the control bar's button, and wait until its surface is made and laid out over the stage. */
export async function enterAnnotation(el: PatientEdPlayerElement) {
  (await findControl(el, 'markup')).click();
  await waitFor(
    () => $(el, '.annotation-surface canvas.lower-canvas') && toolButton(el, 'Pencil'),
    'the surface',
    10000,
  );
  // The surface is made, laid out over the stage, its canvas sized to it, and stays so (strokes and drags aim at it).
  await waitFor(() => el[CONTROLLER].annotationSurface, 'the surface made');
  await steady(() => [surfaceRect(el), drawingCanvas(el).width], 'the surface in place');
}

/** Open a toolbar menu and choose an item in it. */
export async function choose(el: Element, menu: string, item: string) {
  toolButton(el, menu).click();
  (await waitFor(() => menuItem(el, item), `${menu} > ${item}`)).click();
  await waitFor(() => !$(el, '.annotation-menu'), 'menu closed');
}

/** A drag (or a stroke) with the real mouse from (x1, y1) to (x2, y2), in page pixels, in `steps` moves. */
export async function drag(x1: number, y1: number, x2: number, y2: number, steps = 10) {
  await sendMouse({ type: 'move', position: [Math.round(x1), Math.round(y1)] });
  await sendMouse({ type: 'down' });
  for (let i = 1; i <= steps; i++)
    await sendMouse({
      type: 'move',
      position: [Math.round(x1 + ((x2 - x1) * i) / steps), Math.round(y1 + ((y2 - y1) * i) / steps)],
    });
  await sendMouse({ type: 'up' });
}
