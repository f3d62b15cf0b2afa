import { INTERFACE } from './chunks';

/**
 * The interface chunk (React DOM and the player's React tree) is requested as the entry starts to run, before the
 * rest of the entry is evaluated: every player needs it, and the earlier it arrives, the earlier the first screen
 * (on loopback the gain is within noise; on a real network the download starts that much earlier). A failure here
 * is left to the element's own load, which asks again, shows it and retries.
 */
INTERFACE.load().catch(() => undefined);
