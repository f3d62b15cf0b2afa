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
