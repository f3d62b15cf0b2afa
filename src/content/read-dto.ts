/**
 * Reading a provider's answer, which may hold anything: the playlist reader (normalise-playlist.ts) and the first
 * source's hint (source-hint.ts), both in the core, read its fields the same way.
 */

/** A non-blank string, trimmed; anything else is absent. */
export const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** The strings of a list; anything else is an empty list. */
export const strList = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
