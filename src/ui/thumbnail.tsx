import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { realClock, type TimerClock } from '../core/clock';

/** Image timeout: a thumbnail not loaded within 15 s shows the fallback. */
export const IMAGE_TIMEOUT_MS = 15000;

/**
 * How far outside the viewport a thumbnail starts loading: a few rows ahead of the scroll, so that cards arrive with
 * their images, and no more (a collection of thousands asks only for what the visitor is about to see).
 */
export const NEAR_MARGIN = '200px 0px';

/** Calls `onNear` once `el` comes near the viewport; returns the function that stops watching. */
export type WatchNear = (el: Element, onNear: () => void) => () => void;

/**
 * One IntersectionObserver for many elements (a screen makes one for all its cards): each is told once, then
 * forgotten. Without IntersectionObserver, at once. `disconnect` stops it all (the screen is gone).
 */
export function nearViewport(): { watch: WatchNear; disconnect: () => void } {
  const waiting = new Map<Element, () => void>();
  let observer: IntersectionObserver | undefined;
  const forget = (el: Element) => {
    waiting.delete(el);
    observer?.unobserve(el);
  };
  const watch: WatchNear = (el, onNear) => {
    if (typeof IntersectionObserver === 'undefined') {
      onNear();
      return () => undefined;
    }
    observer ??= new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const done = entry.isIntersecting && waiting.get(entry.target);
          if (!done) continue;
          forget(entry.target);
          done();
        }
      },
      { rootMargin: NEAR_MARGIN },
    );
    waiting.set(el, onNear);
    observer.observe(el);
    return () => forget(el);
  };
  const disconnect = () => {
    observer?.disconnect();
    observer = undefined;
    waiting.clear();
  };
  return { watch, disconnect };
}

/** The screen's watcher for its thumbnails; a thumbnail outside any makes its own. */
export const NearViewportContext = createContext<WatchNear | undefined>(undefined);

export interface ThumbnailProps {
  src?: string;
  /** Text shown in the fallback tile (the item's label). */
  fallbackText: string;
  timeoutMs?: number;
  /** The clock of the time limit: the player's (tests put a fake one there). */
  clock?: TimerClock;
}

/**
 * A thumbnail that loads when it comes near the viewport (until then an empty tile: nothing is requested), and falls
 * back to a text tile when it fails or has not loaded in time (the time counts from its request). Another src starts
 * afresh.
 */
export function Thumbnail(props: ThumbnailProps) {
  return <LazyThumbnail key={props.src ?? ''} {...props} />;
}

function LazyThumbnail({ src, fallbackText, timeoutMs = IMAGE_TIMEOUT_MS, clock = realClock }: ThumbnailProps) {
  const shared = useContext(NearViewportContext);
  const [own] = useState(nearViewport);
  const watch = shared ?? own.watch;
  const [state, setState] = useState<'waiting' | 'loading' | 'loaded' | 'failed'>(src ? 'waiting' : 'failed');
  const tile = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (state === 'waiting' && tile.current) return watch(tile.current, () => setState('loading'));
    if (state !== 'loading') return;
    const timer = clock.setTimeout(() => setState((s) => (s === 'loading' ? 'failed' : s)), timeoutMs);
    return () => clock.clearTimeout(timer);
  }, [state, watch, timeoutMs, clock]);
  useEffect(() => own.disconnect, [own]);
  if (state === 'waiting')
    return <span ref={tile} className="thumb thumb-waiting" data-thumb="waiting" aria-hidden="true" />;
  if (state === 'failed') {
    return (
      <span className="thumb thumb-fallback" data-thumb="fallback" aria-hidden="true">
        <span className="thumb-fallback-text">{fallbackText.slice(0, 2).toUpperCase()}</span>
      </span>
    );
  }
  return (
    <img
      className={`thumb ${state === 'loaded' ? 'is-loaded' : ''}`}
      data-thumb={state}
      src={src}
      alt=""
      loading="lazy"
      decoding="async"
      onLoad={() => setState('loaded')}
      onError={() => setState('failed')}
    />
  );
}
