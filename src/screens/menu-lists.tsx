import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import type { MenuList } from '../content/profile';
import { usePlayer } from './player-context';

/** Styles of the top level's links to the menu lists (adopted by the shadow root when first shown). */
const MENU_LISTS_CSS = /* css */ `
.menu-lists ul { display: flex; flex-wrap: wrap; gap: .5em 1.5em; list-style: none; margin: 0 0 1em; padding: 0; }
`;

/** The heading of a menu list's screen, and the text of the top level's link to it. */
export const menuListTitle = (i18n: I18n, list: MenuList): string =>
  list === 'collections'
    ? i18n._({ id: 'menu.collections', message: 'Collections' })
    : list === 'presentations'
      ? i18n._({ id: 'menu.presentations', message: 'Presentations' })
      : i18n._({ id: 'menu.playlists', message: 'Playlists' });

interface MenuListLinksProps {
  /** The lists to link to. */
  lists: readonly MenuList[];
  open: (list: MenuList) => void;
}

/**
 * The top level's links to the lists across the tree. Each link carries its list's name as `data-code`, so that
 * coming back from a list the focus returns to the link one left by.
 */
export function MenuListLinks({ lists, open }: MenuListLinksProps) {
  const { i18n } = useLingui();
  const { controller } = usePlayer();
  if (lists.length === 0) return null;
  controller.adoptStyles('menu-lists', MENU_LISTS_CSS); // idempotent, before the first paint
  return (
    <nav className="menu-lists" aria-labelledby="menu-lists">
      <h2 className="menu-heading" id="menu-lists">
        {i18n._({ id: 'menu.moreWays', message: 'More ways to browse' })}
      </h2>
      <ul>
        {lists.map((list) => (
          <li key={list}>
            <button type="button" className="link-button" data-code={list} onClick={() => open(list)}>
              {menuListTitle(i18n, list)}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
