import { useLingui } from '@lingui/react';
import { useEffect } from 'react';
import { usePlayer } from '../app/context';
import { useSnapshot } from 'valtio';
import { resolveLabel } from '../content/labels';
import { ancestry, type Profile, type ProfileNode } from '../content/profile';
import { paths } from '../routing/routes';
import type { Preferences } from '../preferences/defaults';
import { LoadFailure, Loading } from '../ui/load-failure';
import { Thumbnail } from '../ui/thumbnail';
import { countValues } from '../i18n/count';

interface MenuScreenProps {
  client: string;
  code?: string;
  prefs: Preferences;
}

/** Count the distinct leaf items below a node (each node visited once, whatever the data). */
function countItems(profile: Profile, node: ProfileNode, seen = new Set<string>(), visited = new Set<string>()): number {
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

  const shown = forClient && profile.data ? (profile.data as Profile) : undefined;
  useEffect(() => {
    if (forClient && (profile.status === 'ready' || profile.status === 'error')) reportRendered('navigation');
  }, [forClient, profile.status, reportRendered]);

  if (forClient && profile.status === 'error') return <LoadFailure error={profile.error} onRetry={() => controller.retry('profile')} />;
  if (!shown) return <Loading />;

  const tree = shown;
  const node = tree.nodes.get(code ?? tree.rootCode);
  if (!node) {
    return (
      <section className="screen menu-screen" part="menu" data-screen="navigation">
        <p role="alert">{i18n._({ id: 'menu.sectionNotFound', message: 'This section of the menu could not be found.' })}</p>
        <button type="button" className="button" onClick={() => controller.navigate(paths.navigation(client))}>
          {i18n._({ id: 'menu.backToAll', message: 'Show all topics' })}
        </button>
      </section>
    );
  }
  const trail = ancestry(tree, node.code);
  const children = node.layer === 'item' ? [node] : node.children.map((c) => tree.nodes.get(c)).filter((n): n is ProfileNode => !!n);
  const containers = children.filter((c) => c.layer !== 'item');
  const items = children.filter((c) => c.layer === 'item');
  const collection = node.layer === 'collection' || node.layer === 'group' ? node.code : undefined;
  const openItem = (item: ProfileNode) =>
    controller.navigate(collection ? paths.collectionItem(client, collection, item.code) : paths.playlist(client, item.code));

  return (
    <section className="screen menu-screen" part="menu" data-screen="navigation" data-node={node.code}>
      {trail.length > 1 && (
        <nav className="breadcrumbs" aria-label={i18n._({ id: 'menu.breadcrumbs', message: 'Breadcrumbs' })}>
          <ol>
            {trail.map((n, i) => (
              <li key={n.code}>
                {i < trail.length - 1 ? (
                  <button type="button" className="link-button" onClick={() => controller.navigate(paths.navigation(client, n.layer === 'root' ? undefined : n.code))}>
                    {n.layer === 'root' ? i18n._({ id: 'menu.allTopics', message: 'All topics' }) : label(n)}
                  </button>
                ) : (
                  <span aria-current="page">{n.layer === 'root' ? i18n._({ id: 'menu.allTopics', message: 'All topics' }) : label(n)}</span>
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
                  <button type="button" className="item-card" data-favorite={f.code} onClick={() => controller.navigate(paths.playlist(client, f.code))}>
                    <Thumbnail src={f.file ? api.thumbnailUrl(f.file) : undefined} fallbackText={text} />
                    <span className="item-label">{text}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      )}
      <h2 className="menu-heading" tabIndex={-1}>{node.layer === 'root' ? i18n._({ id: 'menu.browse', message: 'Browse topics' }) : label(node)}</h2>
      {containers.length > 0 && (
        <ul className="menu-sections" aria-label={i18n._({ id: 'menu.sections', message: 'Sections' })}>
          {containers.map((c) => {
            const count = countItems(tree, c);
            return (
              <li key={c.code}>
                <button type="button" className="section-card" data-code={c.code} onClick={() => controller.navigate(paths.navigation(client, c.code))}>
                  <span className="section-label">{label(c)}</span>
                  <span className="section-count">{i18n._({ id: 'menu.itemCount', message: '{category, select, one {{countText} video} other {{countText} videos}}', values: countValues(i18n.locale, count) })}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {items.length > 0 && (
        <ul className="menu-items" aria-label={i18n._({ id: 'menu.videos', message: 'Videos' })}>
          {items.map((item) => {
            const text = label(item);
            return (
              <li key={item.code}>
                <button type="button" className="item-card" data-code={item.code} onClick={() => openItem(item)}>
                  <Thumbnail src={item.file ? api.thumbnailUrl(item.file) : undefined} fallbackText={text} />
                  <span className="item-label">{text}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {children.length === 0 && <p>{i18n._({ id: 'menu.empty', message: 'There is nothing here yet.' })}</p>}
    </section>
  );
}
