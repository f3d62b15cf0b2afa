/**
 * Focus in the annotation toolbar and its menus (roving focus): one button of each is in the tab order, the arrow
 * keys move between its buttons (left / right in the toolbar, following the writing direction; up / down in a
 * menu), Home and End go to the ends. Disabled buttons are skipped.
 */
import { useEffect, type KeyboardEvent as ReactKeyboardEvent, type RefObject } from 'react';

/** The toolbar's own buttons and its menus' buttons (not the items of an open menu). */
const TOOLBAR_BUTTONS = ':scope > button, :scope > .annotation-menu-host > button';

/** Roving focus in a toolbar or menu: arrows move between its buttons, Home / End to the ends. */
export function rove(event: ReactKeyboardEvent<HTMLElement>, orientation: 'horizontal' | 'vertical'): void {
  const keys = orientation === 'horizontal' ? ['ArrowLeft', 'ArrowRight'] : ['ArrowUp', 'ArrowDown'];
  if (![...keys, 'Home', 'End'].includes(event.key)) return;
  const selector = orientation === 'horizontal' ? TOOLBAR_BUTTONS : 'button';
  const items = [...event.currentTarget.querySelectorAll<HTMLButtonElement>(selector)].filter((b) => !b.disabled);
  const root = event.currentTarget.getRootNode() as ShadowRoot;
  const at = items.indexOf(root.activeElement as HTMLButtonElement);
  if (at === -1) return;
  event.preventDefault();
  event.stopPropagation();
  const rtl = getComputedStyle(event.currentTarget).direction === 'rtl' && orientation === 'horizontal';
  const forward = event.key === keys[1] ? !rtl : event.key === keys[0] ? rtl : undefined;
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? items.length - 1
        : (at + (forward ? 1 : -1) + items.length) % items.length;
  for (const b of items) b.tabIndex = -1;
  items[next].tabIndex = 0;
  items[next].focus();
}

/** The toolbar always has one button in the tab order, and never a disabled one (Undo and Redo come and go). */
export function useOneTabStop(toolbar: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const bar = toolbar.current;
    if (!bar || bar.querySelector('button[tabindex="0"]:not(:disabled)')) return;
    for (const b of bar.querySelectorAll<HTMLButtonElement>('button[tabindex="0"]')) b.tabIndex = -1;
    const first = bar.querySelector<HTMLButtonElement>('button:not(:disabled)');
    if (first) first.tabIndex = 0;
  });
}

/** A menu opening: its checked item, or else its first, takes the focus (and the menu's tab stop). */
export function useFocusOnOpen(menu: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const first =
      menu.current?.querySelector<HTMLButtonElement>('[aria-checked="true"]') ??
      menu.current?.querySelector<HTMLButtonElement>('button');
    if (first) {
      first.tabIndex = 0;
      first.focus();
    }
  }, [menu]);
}
