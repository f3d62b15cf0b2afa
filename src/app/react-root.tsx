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
 * requests as it connects. The element's controller has started the route's requests by then, so they run while
 * this chunk loads and evaluates.
 */
export function mountPlayerApp(container: ShadowRoot | HTMLElement, props: PlayerAppProps): PlayerRoot {
  const root = createRoot(container);
  root.render(<PlayerApp {...props} />);
  return {
    render: (next) => root.render(<PlayerApp {...next} />),
    unmount: () => root.unmount(),
  };
}
