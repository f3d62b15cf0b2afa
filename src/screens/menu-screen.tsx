import { useLingui } from '@lingui/react';
import { useDeferredValue, useEffect, useMemo } from 'react';
import { usePlayer } from './player-context';
import { useSnapshot } from 'valtio';
import { resolveLabel } from '../content/labels';
import { menuListNodes } from '../content/menu-lists';
import { ancestry, isMenuList, isTopLevel, MENU_LISTS, type Profile, type ProfileNode } from '../content/profile';
import { paths } from '../routing/routes';
import type { Preferences } from '../preferences/defaults';
import { LoadFailure, Loading } from '../ui/load-failure';
import { Thumbnail } from '../ui/thumbnail';
import { countText, countValues } from '../i18n/count';
import { CardList } from './card-list';
import { MenuListLinks, menuListTitle } from './menu-lists';

interface MenuScreenProps {
  client: string;
  code?: string;
  prefs: Preferences;
}

/** Count the distinct leaf items below a node (each node visited once, whatever the data). */
function countItems(
  profile: Profile,
  node: ProfileNode,
  seen = new Set<string>(),
  visited = new Set<string>(),
): number {
  if (visited.has(node.code)) return 0;
  visited.add(node.code);
  if (node.layer === 'item') {
    const key = node.file ?? node.code;
    if (seen.has(key)) return 0;
    seen.add(key);
    return 1;
  }
  return node.children.reduce((n, c) => {
    const child = profile.nodes.get(c);
    return child ? n + countItems(profile, child, seen, visited) : n;
  }, 0);
}

/** The item count of a profile's sections, each counted once, when first asked for. */
function sectionCounter(profile: Profile): (section: ProfileNode) => number {
  const counts = new Map<string, number>();
  return (section) => {
    let n = counts.get(section.code);
    if (n === undefined) counts.set(section.code, (n = countItems(profile, section)));
    return n;
  };
}

/** A node's children, sections and items apart (an item node stands for itself), in one pass. */
function childrenOf(tree: Profile, code: string): { containers: ProfileNode[]; items: ProfileNode[] } {
  const node = tree.nodes.get(code);
  const containers: ProfileNode[] = [];
  const items: ProfileNode[] = [];
  if (!node) return { containers, items };
  if (node.layer === 'item') return { containers, items: [node] };
  for (const c of node.children) {
    const child = tree.nodes.get(c);
    if (child) (child.layer === 'item' ? items : containers).push(child);
  }
  return { containers, items };
}

/** A link of the breadcrumbs: its text and where it goes. */
interface Crumb {
  key: string;
  text: string;
  to: string;
}

/** What the screen shows for its code: a node of the tree, or a list across it. */
interface MenuView {
  /** The node's code, or the list's name. */
  key: string;
  heading: string;
  /** From the top level to here. */
  trail: Crumb[];
  /** Where its items open (the collection-item route's collection), and Back to menu returns. */
  collection?: string;
  /** The top level: the favorites and the links to the lists show there. */
  top: boolean;
}

/** The navigation (browse) screen over the client's profile tree. */
export function MenuScreen({ client, code, prefs }: MenuScreenProps) {
  const { i18n } = useLingui();
  const { api, controller, reportRendered } = usePlayer();
  const lang = prefs.menuLanguage;
  // The controller requested the profile on navigation; a profile of another client is never shown.
  const snap = useSnapshot(controller.state);
  const profile = snap.data.profile;
  const forClient = profile.key?.startsWith(`${client}|`) ?? false;
  const label = (n: { code?: string; label?: string; labels?: Record<string, string> }) =>
    resolveLabel(n, lang, prefs.titles) ?? i18n._({ id: 'label.none', message: 'No Label' });

  // A profile that arrives is rendered a task later, apart from the task that parsed it (a deferred value: React
  // renders it in the background, in slices), so that with 20,000 nodes neither task is long; meanwhile the screen
  // stays as it was. A profile already there (back from the player) renders at once.
  const arrived = useMemo(
    () => ({ key: profile.key, data: profile.data as Profile | undefined }),
    [profile.key, profile.data],
  );
  const deferred = useDeferredValue(arrived);
  const shown = forClient && arrived.data && deferred.key?.startsWith(`${client}|`) ? deferred.data : undefined;
  useEffect(() => {
    if (forClient && ((profile.status === 'ready' && shown) || profile.status === 'error'))
      reportRendered('navigation');
  }, [forClient, profile.status, shown, reportRendered]);
  // While the profile is on its way, the number formatter its counts may need (ICU data: 10 to 15 ms on its first use
  // in a page, src/i18n/count.ts) is made in a task of its own, not in the one that renders a large menu.
  const waiting = !shown;
  useEffect(() => {
    if (!waiting) return;
    const { clock } = controller;
    const timer = clock.setTimeout(() => countText(i18n.locale, 1000), 0);
    return () => clock.clearTimeout(timer);
  }, [waiting, i18n.locale, controller]);
  // What the code shows: one of the lists across the tree (collections, presentations, playlists), else the children
  // of the node it names (the top level for none, `root` and `vm`), split once per profile and code (a collection of
  // 20,000 is one pass, not one per render).
  const list = isMenuList(code) ? code : undefined;
  const wanted = shown && !list ? (isTopLevel(code) ? shown.rootCode : code) : undefined;
  const split = useMemo(() => {
    if (shown && list) {
      const nodes = menuListNodes(shown, list);
      return list === 'collections' ? { containers: nodes, items: [] } : { containers: [], items: nodes };
    }
    return shown && wanted ? childrenOf(shown, wanted) : undefined;
  }, [shown, list, wanted]);
  // Item counts of the sections, each computed once per profile, for the cards rendered.
  const countOf = useMemo(() => (shown ? sectionCounter(shown) : undefined), [shown]);
  // The lists the top level links to: those with something to show (a link to an empty list would lead nowhere).
  const lists = useMemo(
    () => (shown && wanted === shown.rootCode ? MENU_LISTS.filter((l) => menuListNodes(shown, l).length) : []),
    [shown, wanted],
  );

  if (forClient && profile.status === 'error')
    return <LoadFailure error={profile.error} onRetry={() => void controller.command('retryLoad', 'profile')} />;
  if (!shown) return <Loading />;

  const tree = shown;
  const allTopics = i18n._({ id: 'menu.allTopics', message: 'All topics' });
  const crumb = (n: ProfileNode): Crumb => ({
    key: n.code,
    text: n.layer === 'root' ? allTopics : label(n),
    to: paths.navigation(client, n.layer === 'root' ? undefined : n.code),
  });
  const node = wanted ? tree.nodes.get(wanted) : undefined;
  let view: MenuView;
  if (list) {
    const heading = menuListTitle(i18n, list);
    view = {
      key: list,
      heading,
      // The root is always there (flattenProfile adds it to an empty tree).
      trail: [crumb(tree.nodes.get(tree.rootCode)!), { key: list, text: heading, to: paths.navigation(client, list) }],
      // An item opens in its list, where Back to menu returns.
      collection: list,
      top: false,
    };
  } else if (node) {
    view = {
      key: node.code,
      heading: node.layer === 'root' ? i18n._({ id: 'menu.browse', message: 'Browse topics' }) : label(node),
      trail: ancestry(tree, node.code).map(crumb),
      collection: node.layer === 'collection' || node.layer === 'group' ? node.code : undefined,
      top: node.layer === 'root',
    };
  } else {
    return (
      <section className="screen menu-screen" part="menu" data-screen="navigation">
        <p role="alert">
          {i18n._({ id: 'menu.sectionNotFound', message: 'This section of the menu could not be found.' })}
        </p>
        <button type="button" className="button" onClick={() => controller.navigate(paths.navigation(client))}>
          {i18n._({ id: 'menu.backToAll', message: 'Show all topics' })}
        </button>
      </section>
    );
  }
  const { trail, collection } = view;
  const { containers, items } = split!;
  const openItem = (item: ProfileNode) =>
    controller.navigate(
      collection ? paths.collectionItem(client, collection, item.code) : paths.playlist(client, item.code),
    );

  return (
    <section className="screen menu-screen" part="menu" data-screen="navigation" data-node={view.key}>
      {trail.length > 1 && (
        <nav className="breadcrumbs" aria-label={i18n._({ id: 'menu.breadcrumbs', message: 'Breadcrumbs' })}>
          <ol>
            {trail.map((c, i) => (
              <li key={c.key}>
                {i < trail.length - 1 ? (
                  <button type="button" className="link-button" onClick={() => controller.navigate(c.to)}>
                    {c.text}
                  </button>
                ) : (
                  <span aria-current="page">{c.text}</span>
                )}
              </li>
            ))}
          </ol>
        </nav>
      )}
      {view.top && snap.favorites.length > 0 && (
        <section className="menu-favorites" aria-labelledby={`${view.key}-favorites`}>
          <h2 className="menu-heading" id={`${view.key}-favorites`}>
            {i18n._({ id: 'menu.favorites', message: 'Favorites' })}
          </h2>
          <ul className="menu-items">
            {[...snap.favorites].reverse().map((f) => {
              const known = tree.nodes.get(f.code);
              const text = known ? label(known) : (f.label ?? i18n._({ id: 'label.none', message: 'No Label' }));
              return (
                <li key={f.code}>
                  <button
                    type="button"
                    className="item-card"
                    data-favorite={f.code}
                    onClick={() => controller.navigate(paths.playlist(client, f.code))}
                  >
                    <Thumbnail
                      src={f.file ? api.thumbnailUrl(f.file) : undefined}
                      fallbackText={text}
                      clock={controller.clock}
                    />
                    <span className="item-label">{text}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      )}
      <h2 className="menu-heading" tabIndex={-1}>
        {view.heading}
      </h2>
      {containers.length > 0 && (
        <CardList
          key={`${view.key}|sections`}
          kind="sections"
          label={list ? view.heading : i18n._({ id: 'menu.sections', message: 'Sections' })}
          total={containers.length}
          card={(i) => {
            const c = containers[i];
            const count = countOf!(c);
            return (
              <li key={c.code}>
                <button
                  type="button"
                  className="section-card"
                  data-code={c.code}
                  onClick={() => controller.navigate(paths.navigation(client, c.code))}
                >
                  <span className="section-label">{label(c)}</span>
                  <span className="section-count">
                    {i18n._({
                      id: 'menu.itemCount',
                      message: '{category, select, one {{countText} video} other {{countText} videos}}',
                      values: countValues(i18n.locale, count),
                    })}
                  </span>
                </button>
              </li>
            );
          }}
        />
      )}
      {items.length > 0 && (
        <CardList
          key={`${view.key}|videos`}
          kind="videos"
          label={list ? view.heading : i18n._({ id: 'menu.videos', message: 'Videos' })}
          total={items.length}
          card={(i) => {
            const item = items[i];
            const text = label(item);
            return (
              <li key={item.code}>
                <button type="button" className="item-card" data-code={item.code} onClick={() => openItem(item)}>
                  <Thumbnail
                    src={item.file ? api.thumbnailUrl(item.file) : undefined}
                    fallbackText={text}
                    clock={controller.clock}
                  />
                  <span className="item-label">{text}</span>
                </button>
              </li>
            );
          }}
        />
      )}
      {containers.length + items.length === 0 && (
        <p>{i18n._({ id: 'menu.empty', message: 'There is nothing here yet.' })}</p>
      )}
      {view.top && <MenuListLinks lists={lists} open={(l) => controller.navigate(paths.navigation(client, l))} />}
    </section>
  );
}
