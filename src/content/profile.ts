import type { LabelMap, ProfileNodeDto } from './types';

export type Layer = 'root' | 'library' | 'collection' | 'group' | 'item';
const LAYERS: readonly string[] = ['root', 'library', 'collection', 'group', 'item'];

export interface ProfileNode {
  code: string;
  layer: Layer;
  labels: LabelMap;
  label?: string;
  file?: string;
  type?: string;
  /** Voice-over languages of an item, as the provider sent them (search validates them). */
  languages?: unknown;
  parent?: string;
  children: string[];
}

export interface Profile {
  rootCode: string;
  /** Flattened by code. */
  nodes: Map<string, ProfileNode>;
  /** Leaf items, de-duplicated by file (first occurrence wins), in tree order. */
  items: ProfileNode[];
}

const MAX_DEPTH = 32;
/** Profiles over this many nodes are cut (with a console warning). */
export const MAX_NODES = 20000;

function layerOf(dto: ProfileNodeDto, depth: number, hasChildren: boolean): Layer {
  if (typeof dto.layer === 'string' && LAYERS.includes(dto.layer)) return dto.layer as Layer;
  if (depth === 0) return 'root';
  return hasChildren ? 'collection' : 'item';
}

/**
 * Flatten the provider's profile tree by code; malformed nodes (no code, not objects, cycles by
 * repeated container codes, absurd depth) are skipped rather than failing the whole menu.
 */
export function flattenProfile(tree: unknown): Profile {
  const nodes = new Map<string, ProfileNode>();
  const items: ProfileNode[] = [];
  const seenFiles = new Set<string>();
  const root = (tree && typeof tree === 'object' ? tree : {}) as ProfileNodeDto;
  const rootCode = typeof root.code === 'string' && root.code ? root.code : 'root';

  const path = new Set<string>();
  const childSets = new Map<ProfileNode, Set<string>>();
  let cut = false;
  const visit = (dto: ProfileNodeDto, parent: ProfileNode | undefined, depth: number): void => {
    if (!dto || typeof dto !== 'object' || depth > MAX_DEPTH) return;
    const code = depth === 0 ? rootCode : typeof dto.code === 'string' ? dto.code.trim() : '';
    if (!code || path.has(code)) return; // a code repeating one of its ancestors would make a cycle
    const kids = Array.isArray(dto.children) ? dto.children : [];
    const layer = layerOf(dto, depth, kids.length > 0);
    let node = nodes.get(code);
    // A code seen before: a container is kept once; an item may repeat only as an item.
    if (node && (layer !== 'item' || node.layer !== 'item')) return;
    if (!node && nodes.size >= MAX_NODES) {
      // What a provider can make us hold: the menu is cut there (said once).
      if (!cut) console.warn(`patient-ed-player: profile cut at ${MAX_NODES} nodes`);
      cut = true;
      return;
    }
    if (!node) {
      node = {
        code,
        layer,
        labels: dto.labels && typeof dto.labels === 'object' ? dto.labels : {},
        label: typeof dto.label === 'string' ? dto.label : undefined,
        file: typeof dto.file === 'string' && dto.file ? dto.file : undefined,
        type: typeof dto.type === 'string' ? dto.type : undefined,
        languages: dto.languages,
        parent: parent?.code,
        children: [],
      };
      nodes.set(code, node);
    }
    if (parent) {
      // A set per container keeps flattening linear (a container with thousands of items).
      let kids = childSets.get(parent);
      if (!kids) childSets.set(parent, (kids = new Set()));
      if (!kids.has(code)) {
        kids.add(code);
        parent.children.push(code);
      }
    }
    if (layer === 'item') {
      const key = node.file ?? `code:${code}`;
      if (!seenFiles.has(key)) {
        seenFiles.add(key);
        items.push(node);
      }
      return;
    }
    path.add(code);
    for (const child of kids) visit(child, node, depth + 1);
    path.delete(code);
  };
  visit(root, undefined, 0);
  if (!nodes.has(rootCode)) {
    nodes.set(rootCode, { code: rootCode, layer: 'root', labels: {}, children: [] });
  }
  return { rootCode, nodes, items };
}

/** Menu names of the top level of the client's library: the profile's root, whatever its code. */
const TOP_LEVEL_NAMES: readonly string[] = ['root', 'vm'];
/** Menu names of the client's content listed across the whole tree. */
export const MENU_LISTS = ['collections', 'presentations', 'playlists'] as const;
export type MenuList = (typeof MENU_LISTS)[number];

/** Whether a menu code names the top level (no code, `root` or `vm`). */
export const isTopLevel = (code: string | undefined): boolean => !code || TOP_LEVEL_NAMES.includes(code);

/** Whether a menu code names one of the lists across the tree (`collections`, `presentations`, `playlists`). */
export const isMenuList = (code: string | undefined): code is MenuList =>
  (MENU_LISTS as readonly (string | undefined)[]).includes(code);

/** Codes that open the navigation screen rather than the player: none, a menu name, or a T_, L_, C_ or G_ code. */
export function isMenuCode(code: string | undefined): boolean {
  if (isTopLevel(code) || isMenuList(code)) return true;
  return ['T_', 'L_', 'C_', 'G_'].some((p) => code!.includes(p));
}

/** Path from the root to a node (for breadcrumbs). */
export function ancestry(profile: Profile, code: string): ProfileNode[] {
  const out: ProfileNode[] = [];
  const guard = new Set<string>();
  let node = profile.nodes.get(code);
  while (node && !guard.has(node.code)) {
    guard.add(node.code);
    out.unshift(node);
    node = node.parent ? profile.nodes.get(node.parent) : undefined;
  }
  return out;
}
