import { lazyModule } from '../core/lazy-module';

/**
 * React DOM and the player's React tree (src/app/react-root.tsx), with the menu screen: the `interface` chunk
 * (rollup.config.mjs). The element mounts it; the entry (src/index.ts) requests it beside the core.
 */
export const INTERFACE = lazyModule(() => import('../app/react-root'));
