import { sendMouse } from '@web/test-runner-commands';
import { $, $$, waitFor } from './helpers';

/** The annotation overlay as a visitor reaches it: its surface, toolbar buttons and menus, by what they say. */
export const surfaceRect = (el: Element) => $(el, '.annotation-surface')!.getBoundingClientRect();
export const toolButton = (el: Element, name: string) =>
  $$<HTMLButtonElement>(el, '.annotation-toolbar button').find((b) => b.textContent?.trim() === name)!;
export const menuItem = (el: Element, name: string) =>
  $$<HTMLButtonElement>(el, '.annotation-menu button').find((b) => b.textContent?.trim() === name)!;

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
