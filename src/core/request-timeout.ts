/**
 * How long one provider request (and one chunk of the player's code) may take by default, in ms: the
 * `request-timeout` attribute changes it per player; 0 is none.
 */
export const DEFAULT_TIMEOUT_MS = 20000;
