/** The control bar's "More options" menu: the optional controls that do not fit in the row. */
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useLingui } from '@lingui/react';
import { Icon, type IconName } from '../ui/icons';
import { drawnScale } from './use-control-row-layout';

/** A control that may give way to the More menu: a button in the row, or an item of the menu. */
export interface OptionalControl {
  name: string;
  label: string;
  icon: IconName;
  /** A switch (aria-pressed in the row, aria-checked in the menu); undefined for an action. */
  pressed?: boolean;
  run: () => void;
}

const ITEM_SELECTOR = '[role="menuitem"], [role="menuitemcheckbox"]';

/**
 * "More options": a menu button (WAI-ARIA menu button pattern) holding the optional controls that do not fit.
 * Arrow keys move through the items, Home / End jump, Escape closes and returns to the button, Tab closes;
 * a press outside closes it. While it is open the control bar stays shown. Choosing an item puts the focus
 * back on the button first, so a dialog it opens returns there when it closes.
 */
export function MoreMenu({
  items,
  first,
  onOpenChange,
}: {
  items: OptionalControl[];
  first: number;
  onOpenChange: (open: boolean) => void;
}) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const focusOnOpen = useRef<'first' | 'last'>('first');
  const id = useId();
  const label = i18n._({ id: 'controls.more', message: 'More options' });
  const menuItems = () => [...(menu.current?.querySelectorAll<HTMLElement>(ITEM_SELECTOR) ?? [])];

  // The hold is released however the menu goes: closed, or unmounted while open (More no longer needed).
  // A layout effect: the bar's hold ends with the commit that removes the menu, not a task later (a hide timer
  // running meanwhile would otherwise still see it held).
  useLayoutEffect(() => {
    onOpenChange(open);
    return () => void (open && onOpenChange(false));
  }, [open, onOpenChange]);
  // Placed after every render while open, and whenever the player changes size: the bar refits itself (a frame after
  // the player's width changed, or in its layout effect, which runs after this child's) and moves More, and a menu
  // sized for where More was would be cramped or leave the player.
  const place = useCallback(() => {
    const host = (wrapper.current?.getRootNode() as ShadowRoot | undefined)?.host as HTMLElement | undefined;
    if (!menu.current || !button.current || !host) return;
    // The player clips what leaves its box (paint containment): the menu is at most as tall as the room above More.
    const at = button.current.getBoundingClientRect();
    const box = host.getBoundingClientRect();
    // Drawn sizes, set as CSS (layout) pixels: divided by the page's scale, if it transforms the player.
    const scale = drawnScale(host);
    const style = menu.current.style;
    const room = (at.top - box.top) / scale - 8;
    style.setProperty('--ped-menu-room', `${Math.max(96, Math.floor(room))}px`);
    // And as wide as the room from More's end to the player's other side (a narrow player, large text: it ran off
    // the player's start, cutting its labels).
    const rtl = getComputedStyle(button.current).direction === 'rtl';
    const across = (rtl ? box.right - at.left : at.right - box.left) / scale;
    style.setProperty('--ped-menu-width-room', `${Math.max(96, Math.floor(across - 4))}px`);
    // Where that room is under the menu's least width (More at the player's start), it moves inside the player.
    style.removeProperty('--ped-menu-shift');
    const drawn = menu.current.getBoundingClientRect();
    const shift = Math.max(0, box.left + 2 - drawn.left) - Math.max(0, drawn.right - (box.right - 2));
    if (Math.abs(shift) >= 0.5) style.setProperty('--ped-menu-shift', `${shift / scale}px`);
  }, []);
  useLayoutEffect(() => {
    if (open) place();
  });
  useEffect(() => {
    const host = (wrapper.current?.getRootNode() as ShadowRoot | undefined)?.host;
    if (!open || !host || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => place());
    observer.observe(host);
    return () => observer.disconnect();
  }, [open, place]);
  useLayoutEffect(() => {
    if (open) (focusOnOpen.current === 'last' ? menuItems().at(-1) : menuItems()[0])?.focus();
  }, [open]);
  useEffect(() => {
    const doc = wrapper.current?.ownerDocument;
    if (!open || !doc) return;
    const onPointerDown = (event: PointerEvent) => {
      if (wrapper.current && !event.composedPath().includes(wrapper.current)) setOpen(false);
    };
    doc.addEventListener('pointerdown', onPointerDown, true);
    return () => doc.removeEventListener('pointerdown', onPointerDown, true);
  }, [open]);

  const openWith = (focus: 'first' | 'last') => {
    focusOnOpen.current = focus;
    setOpen(true);
  };
  const onButtonKeyDown = (event: React.KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    event.stopPropagation(); // not the player's volume shortcut
    openWith(event.key === 'ArrowUp' ? 'last' : 'first');
  };
  const onMenuKeyDown = (event: React.KeyboardEvent) => {
    // Keys inside the menu are the menu's: none reaches the player's shortcuts.
    event.stopPropagation();
    const list = menuItems();
    const at = list.indexOf(event.target as HTMLElement);
    const move = (index: number) => {
      event.preventDefault();
      list[(index + list.length) % list.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(list.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
    } else if (event.key === 'Tab') {
      // Tab goes on from More (to the next control, or back before More with Shift), as it would without the menu.
      button.current?.focus();
      setOpen(false);
    }
  };
  const onBlur = (event: React.FocusEvent) => {
    const next = event.relatedTarget as Node | null;
    if (open && next && !wrapper.current?.contains(next)) setOpen(false);
  };

  return (
    <div className="more" ref={wrapper} onBlur={onBlur}>
      <button
        ref={button}
        type="button"
        className="control"
        data-control="more"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        aria-label={label}
        onClick={() => (open ? setOpen(false) : openWith('first'))}
        onKeyDown={onButtonKeyDown}
      >
        <Icon name="more" />
      </button>
      {open && (
        // The focus moves among the menu's items (roving), never to the menu itself: it needs no tab stop of its own.
        // eslint-disable-next-line jsx-a11y/interactive-supports-focus
        <div className="more-menu" role="menu" id={id} ref={menu} aria-label={label} onKeyDown={onMenuKeyDown}>
          {items.map((item, i) => (
            <button
              key={item.name}
              data-optional={first + i}
              type="button"
              className="more-item"
              role={item.pressed === undefined ? 'menuitem' : 'menuitemcheckbox'}
              aria-checked={item.pressed}
              tabIndex={-1}
              data-control={item.name}
              onClick={() => {
                setOpen(false);
                button.current?.focus();
                item.run();
              }}
            >
              <Icon name={item.icon} />
              <span>{item.label}</span>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
