import { useEffect, useState } from 'react';

/** Image timeout (spec section 9): a thumbnail not loaded by then shows the fallback. */
export const IMAGE_TIMEOUT_MS = 15000;

export interface ThumbnailProps {
  src?: string;
  /** Text shown in the fallback tile (the item's label). */
  fallbackText: string;
  timeoutMs?: number;
}

/** A thumbnail that falls back to a text tile when it fails or has not loaded in time. */
export function Thumbnail({ src, fallbackText, timeoutMs = IMAGE_TIMEOUT_MS }: ThumbnailProps) {
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>(src ? 'loading' : 'failed');
  useEffect(() => {
    setState(src ? 'loading' : 'failed');
    if (!src) return;
    const timer = setTimeout(() => setState((s) => (s === 'loading' ? 'failed' : s)), timeoutMs);
    return () => clearTimeout(timer);
  }, [src, timeoutMs]);
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
      decoding="async"
      onLoad={() => setState('loaded')}
      onError={() => setState('failed')}
    />
  );
}
