import type { MediaRendition } from '../content/playlist';

/** One source the html5 player may load. */
export interface SourceCandidate {
  src: string;
  type?: string;
}

export interface SourceChoice {
  /** The provider's video-call answer, when the item has one. */
  provider?: SourceCandidate;
  /** The item's alternate renditions (already normalised: absolute http(s) URLs). */
  renditions: readonly MediaRendition[];
  /** Whether the browser may play a MIME type (the media element's `canPlayType` is not empty). */
  canPlay: (type: string) => boolean;
  /** The player's drawn height in device pixels; 0 or absent when not known. */
  drawnHeight?: number;
}

/**
 * The sources to try, in order; when one fails to load, the player moves to the next.
 *
 * - The provider's answer comes first, then the renditions; a URL already in the list is not repeated.
 * - A source with a type the browser says it cannot play is left out; one without a type stays (the browser finds
 *   out). If that leaves nothing, the provider's answer is kept anyway, so its failure is reported as the media's.
 * - Renditions with a height are ordered by how they fit the drawn height: first those at least as tall, smallest
 *   first (full sharpness for the least data), then the shorter ones, tallest first. Renditions without a height come
 *   after, in the provider's order. When the drawn height is not known the provider's order is kept.
 */
export function chooseSources({ provider, renditions, canPlay, drawnHeight = 0 }: SourceChoice): SourceCandidate[] {
  const playable = (s: SourceCandidate) => !s.type || canPlay(s.type);
  const target = Number.isFinite(drawnHeight) && drawnHeight > 0 ? drawnHeight : undefined;
  const candidates = renditions.filter((r) => r.src !== provider?.src && playable(r));
  const rank = (r: MediaRendition) => {
    if (target === undefined || r.height === undefined) return [2, 0];
    return r.height >= target ? [0, r.height] : [1, -r.height];
  };
  const ordered = candidates
    .map((r, i) => ({ r, i, key: rank(r) }))
    .sort((a, b) => a.key[0] - b.key[0] || a.key[1] - b.key[1] || a.i - b.i)
    .map(({ r }) => (r.type ? { src: r.src, type: r.type } : { src: r.src }));
  const first = provider && (playable(provider) || ordered.length === 0) ? [provider] : [];
  const seen = new Set<string>();
  return [...first, ...ordered].filter((s) => !seen.has(s.src) && Boolean(seen.add(s.src)));
}
