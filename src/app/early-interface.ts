/**
 * The interface chunk (React DOM and the player's React tree) is requested as the entry starts to run, before the
 * rest of the entry is evaluated: every player needs it, and the earlier it arrives, the earlier the first screen.
 * The element imports it again when it mounts (the same module: no second download); a failure here is left to
 * that import, which shows it and retries.
 */
import('./react-root').catch(() => undefined);
