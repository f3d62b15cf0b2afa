import type { MenuList, Profile, ProfileNode } from './profile';

/**
 * The nodes a menu list shows, in tree order: `collections` the collection nodes (groups stay inside theirs),
 * `presentations` the items without a media file (slide presentations), `playlists` every item. Items are the
 * profile's de-duplicated leaves: an item filed under two collections is listed once.
 */
export const menuListNodes = (profile: Profile, list: MenuList): ProfileNode[] =>
  list === 'collections'
    ? [...profile.nodes.values()].filter((n) => n.layer === 'collection')
    : list === 'presentations'
      ? profile.items.filter((n) => !n.file)
      : profile.items;
