import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { PlayerApp } from './player-app';
import type { PlayerAppProps } from './embed-options';

/** What the element keeps of a mounted React tree. */
export interface PlayerRoot {
  render(props: PlayerAppProps): void;
  unmount(): void;
}

/**
 * React DOM and the player's React tree: a chunk of their own (most of the player's code), which the element
 * mounts when its interface gate opens (src/app/interface-gate.ts). The element's controller has started the route's
 * requests by then (on a player opened on an item, the media's too), so they run while this chunk loads and renders.
 */
export function mountPlayerApp(
  container: ShadowRoot | HTMLElement,
  props: PlayerAppProps,
  { sliced = false } = {},
): PlayerRoot {
  const root = createRoot(container);
  // `sliced`: the first render in slices (a transition yields to the browser every few milliseconds), for a player
  // whose media is loading: its events (metadata) are handled at once, not after the whole first screen. A menu
  // renders in one go (sooner: nothing else waits).
  if (sliced) startTransition(() => root.render(<PlayerApp {...props} />));
  else root.render(<PlayerApp {...props} />);
  return {
    render: (next) => root.render(<PlayerApp {...next} />),
    unmount: () => root.unmount(),
  };
}
