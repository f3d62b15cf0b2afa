/** Playlist index rules. Each move is reported as made (`true`), even when the index stays or wraps. */

/** Out of range or negative (or not an integer) resets to 0. */
export function setIndex(index: unknown, length: number): number {
  return typeof index === 'number' && Number.isInteger(index) && index >= 0 && index < length ? index : 0;
}

/** Prev at 0 stays 0. */
export const prevIndex = (index: number): number => Math.max(0, index - 1);

/** Next at the last wraps to 0. */
export const nextIndex = (index: number, length: number): number =>
  length <= 0 || index >= length - 1 ? 0 : index + 1;
