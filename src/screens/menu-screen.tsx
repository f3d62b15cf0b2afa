import { useLingui } from '@lingui/react';
import {
  useDeferredValue,
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { usePlayer } from './player-context';
import { useSnapshot } from 'valtio';
import { resolveLabel } from '../content/labels';
import { ancestry, type Profile, type ProfileNode } from '../content/profile';
import { paths } from '../routing/routes';
import type { Preferences } from '../preferences/defaults';
import { LoadFailure, Loading } from '../ui/load-failure';
import { nearViewport, NearViewportContext, Thumbnail } from '../ui/thumbnail';
import { countText, countValues } from '../i18n/count';

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

/** Cards rendered at first, and added by each "Show more" (or scroll near the end of the list). */
export const MENU_PAGE = 48;

interface CardListProps {
  kind: 'sections' | 'videos';
  /** The list's accessible name. */
  label: string;
  total: number;
  /** The `<li>` of the card at `index` (only rendered cards are asked for). */
  card: (index: number) => ReactNode;
}

/**
 * A grid of cards that renders the first MENU_PAGE and more on demand: the next page when the visitor scrolls near
 * its end, or presses "Show more" (a real button, for keyboard and screen reader users; it takes the focus to the
 * first card it added). A status line says how many are shown. A collection of 20,000 items costs what 48 do.
 */
function CardList({ kind, label, total, card }: CardListProps) {
  const { i18n } = useLingui();
  // One watcher for the list's thumbnails (they load as they come near the viewport).
  const near = useMemo(() => nearViewport(), []);
  useEffect(() => near.disconnect, [near]);
  const [shown, setShown] = useState(MENU_PAGE);
  const visible = Math.min(shown, total);
  const list = useRef<HTMLUListElement>(null);
  const footer = useRef<HTMLDivElement>(null);
  const more = useRef<HTMLButtonElement>(null);
  /** The index of the card to focus once rendered (after Show more). */
  const focusAt = useRef<number | null>(null);
  const hasFocus = (el: HTMLElement | null) =>
    Boolean(el) && (el!.getRootNode() as Document | ShadowRoot).activeElement === el;
  const nextPage = (focus: boolean) => {
    if (visible >= total) return;
    // Show more focuses the first new card; so does the last page while the button has the focus (it goes away).
    if (focus || (visible + MENU_PAGE >= total && hasFocus(more.current))) focusAt.current = visible;
    setShown(visible + MENU_PAGE);
  };
  useLayoutEffect(() => {
    const at = focusAt.current;
    if (at === null) return;
    focusAt.current = null;
    list.current?.children[at]?.querySelector<HTMLElement>('button')?.focus();
  }, [visible]);
  // Near the end of the list (the footer comes within a screen of the viewport), the next page. A new observer per
  // page: its first report says whether the footer is still near (a tall screen fills up page by page). Not while the
  // Show more button has the focus: a keyboard user decides there, and the button stays where it is.
  const nearEnd = useEffectEvent(() => nextPage(false));
  useEffect(() => {
    const target = footer.current;
    if (!target || visible >= total || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting) || hasFocus(more.current)) return;
        observer.disconnect();
        nearEnd();
      },
      { rootMargin: '0px 0px 100% 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [visible, total]);
  const cards: ReactNode[] = [];
  for (let i = 0; i < visible; i++) cards.push(card(i));
  const values = { ...countValues(i18n.locale, total), shownText: countText(i18n.locale, visible) };
  return (
    <>
      <ul ref={list} className={kind === 'sections' ? 'menu-sections' : 'menu-items'} aria-label={label}>
        <NearViewportContext.Provider value={near.watch}>{cards}</NearViewportContext.Provider>
      </ul>
      {total > MENU_PAGE && (
        <div ref={footer} className="menu-more" data-more={kind}>
          <p className="menu-shown" role="status">
            {kind === 'sections'
              ? i18n._({
                  id: 'menu.shownSections',
                  message:
                    '{category, select, one {Showing {shownText} of {countText} section} ' +
                    'other {Showing {shownText} of {countText} sections}}',
                  values,
                })
              : i18n._({
                  id: 'menu.shownVideos',
                  message:
                    '{category, select, one {Showing {shownText} of {countText} video} ' +
                    'other {Showing {shownText} of {countText} videos}}',
                  values,
                })}
          </p>
          {visible < total && (
            <button ref={more} type="button" className="button menu-more-button" onClick={() => nextPage(true)}>
              {kind === 'sections'
                ? i18n._({ id: 'menu.moreSections', message: 'Show more sections' })
                : i18n._({ id: 'menu.moreVideos', message: 'Show more videos' })}
            </button>
          )}
        </div>
      )}
    </>
  );
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
  // A node's children split once per profile and node (a collection of 20,000 is one pass, not one per render).
  const wanted = shown ? (code ?? shown.rootCode) : undefined;
  const split = useMemo(() => (shown && wanted ? childrenOf(shown, wanted) : undefined), [shown, wanted]);
  // Item counts of the sections, each computed once per profile, for the cards rendered.
  const countOf = useMemo(() => (shown ? sectionCounter(shown) : undefined), [shown]);

  if (forClient && profile.status === 'error')
    return <LoadFailure error={profile.error} onRetry={() => void controller.command('retryLoad', 'profile')} />;
  if (!shown) return <Loading />;

  const tree = shown;
  const node = tree.nodes.get(code ?? tree.rootCode);
  if (!node) {
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
  const trail = ancestry(tree, node.code);
  const { containers, items } = split!;
  const collection = node.layer === 'collection' || node.layer === 'group' ? node.code : undefined;
  const openItem = (item: ProfileNode) =>
    controller.navigate(
      collection ? paths.collectionItem(client, collection, item.code) : paths.playlist(client, item.code),
    );

  return (
    <section className="screen menu-screen" part="menu" data-screen="navigation" data-node={node.code}>
      {trail.length > 1 && (
        <nav className="breadcrumbs" aria-label={i18n._({ id: 'menu.breadcrumbs', message: 'Breadcrumbs' })}>
          <ol>
            {trail.map((n, i) => (
              <li key={n.code}>
                {i < trail.length - 1 ? (
                  <button
                    type="button"
                    className="link-button"
                    onClick={() =>
                      controller.navigate(paths.navigation(client, n.layer === 'root' ? undefined : n.code))
                    }
                  >
                    {n.layer === 'root' ? i18n._({ id: 'menu.allTopics', message: 'All topics' }) : label(n)}
                  </button>
                ) : (
                  <span aria-current="page">
                    {n.layer === 'root' ? i18n._({ id: 'menu.allTopics', message: 'All topics' }) : label(n)}
                  </span>
                )}
              </li>
            ))}
          </ol>
        </nav>
      )}
      {node.layer === 'root' && snap.favorites.length > 0 && (
        <section className="menu-favorites" aria-labelledby={`${node.code}-favorites`}>
          <h2 className="menu-heading" id={`${node.code}-favorites`}>
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
        {node.layer === 'root' ? i18n._({ id: 'menu.browse', message: 'Browse topics' }) : label(node)}
      </h2>
      {containers.length > 0 && (
        <CardList
          key={`${node.code}|sections`}
          kind="sections"
          label={i18n._({ id: 'menu.sections', message: 'Sections' })}
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
          key={`${node.code}|videos`}
          kind="videos"
          label={i18n._({ id: 'menu.videos', message: 'Videos' })}
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
    </section>
  );
}
