/**
 * Render counts per player, for tests (a control bar must not re-render on every time update). Only in
 * development builds: production builds replace `process.env.NODE_ENV` and drop the body.
 */
declare const process: { env: { NODE_ENV?: string } };

const counts = new WeakMap<object, Map<string, number>>();

export function countRender(owner: object, name: string): void {
  if (process.env.NODE_ENV === 'production') return;
  let map = counts.get(owner);
  if (!map) counts.set(owner, (map = new Map<string, number>()));
  map.set(name, (map.get(name) ?? 0) + 1);
}

/** How many times `name` rendered for this owner (always 0 in production builds). */
export const renderCount = (owner: object, name: string): number => counts.get(owner)?.get(name) ?? 0;
