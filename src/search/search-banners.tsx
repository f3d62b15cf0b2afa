/**
 * The answer's query rules: the refined values of the filters are sent as rule contexts (`ais-{attribute}-{value}`,
 * ten at most: InstantSearch's query rules drop the rest), and each rule the index has for them comes back as
 * `userData`. A collection chosen offers the whole collection in the menu.
 */
import type { I18n } from '@lingui/core';
import { useQueryRules } from 'react-instantsearch-core';
import { resolveLabel } from '../content/labels';
import type { Profile } from '../content/profile';
import type { Preferences } from '../preferences/defaults';
import { paths } from '../routing/routes';
import type { PlayerHandle } from '../screens/player-context';
import { MENU_ATTRIBUTE, REFINEMENT_ATTRIBUTES } from './fields.js';

/** Every chosen value of the filters and of the menu select is a rule context. */
const everyValue = <T,>(values: T[]) => values;
const TRACKED_FILTERS = Object.fromEntries([...REFINEMENT_ATTRIBUTES, MENU_ATTRIBUTE].map((a) => [a, everyValue]));

export interface SearchBannersProps {
  i18n: I18n;
  controller: PlayerHandle;
  client: string;
  language: string;
  prefs: Preferences;
  profile?: Profile;
  beforeLeave: () => void;
}

/** The rules' banners: a collection of the menu, opened from here. */
export function SearchBanners({ i18n, controller, client, language, prefs, profile, beforeLeave }: SearchBannersProps) {
  const { items } = useQueryRules({ trackedFilters: TRACKED_FILTERS });
  const collections = items.flatMap((data: unknown) => {
    const rule = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
    const node =
      rule.type === 'collection' && typeof rule.code === 'string' ? profile?.nodes.get(rule.code) : undefined;
    return node ? [node] : [];
  });
  if (!collections.length) return null;
  return (
    <ul className="search-banners" data-search-rules="">
      {collections.map((node) => (
        <li key={node.code}>
          <button
            type="button"
            className="link-button"
            data-rule-collection={node.code}
            onClick={() => {
              beforeLeave();
              controller.navigate(paths.navigation(client, node.code));
            }}
          >
            {i18n._({
              id: 'search.rule.collection',
              message: 'Open the whole collection “{name}”',
              values: { name: resolveLabel(node, language, prefs.titles) ?? node.code },
            })}
          </button>
        </li>
      ))}
    </ul>
  );
}
