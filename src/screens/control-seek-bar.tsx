/**
 * The control bar's progress: the seek slider and the time readout. They are the only parts that follow the time,
 * and they re-render only when what they show changes (src/screens/progress-view.ts): the readout once a second, the
 * slider when its thumb moves by a pixel or a step, or its spoken time by a second; not at each of the media's time
 * polls (25 a second, spec: 40 ms), which on a video of a few minutes move the thumb by a tenth of a pixel.
 */
import { useLingui } from '@lingui/react';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useSnapshot } from 'valtio';
import { subscribe } from 'valtio/vanilla';
import { TIMING } from '../playback/timing';
import { usePlayer } from './player-context';
import { SEEK_STEP_S, formatTime, readoutKey, sliderKey } from './progress-view';
import { countRender } from './render-count';

/** The seek slider's keys: seconds to move (the shortcuts' steps; up is forward, as on any slider). */
const SEEK_KEYS: Record<string, number> = {
  ArrowLeft: -TIMING.seekStepS,
  ArrowDown: -TIMING.seekStepS,
  ArrowRight: TIMING.seekStepS,
  ArrowUp: TIMING.seekStepS,
  PageDown: -TIMING.seekLongStepS,
  PageUp: TIMING.seekLongStepS,
};

/** The seek slider: drags seek, arrow and page keys step by the shortcuts' steps. */
export function SeekBar({ onSeek }: { onSeek: (seconds: number) => void }) {
  const { i18n } = useLingui();
  const { controller } = usePlayer();
  const playback = controller.state.playback;
  const { duration, ready } = useSnapshot(playback);
  const input = useRef<HTMLInputElement>(null);
  const width = useWidth(input);
  useShownTime(playback, () => sliderKey(playback.currentTime, duration, width));
  // Read as this render happens (the key above says when): the time now, not the one of the last render.
  const currentTime = playback.currentTime;
  countRender(controller, 'seek');
  // Arrow keys step as the player's shortcuts do (5 s; Page Up / Down 10 s), not the slider's 0.1 s.
  const onKeyDown = (event: React.KeyboardEvent) => {
    const step = SEEK_KEYS[event.key];
    if (step === undefined) return;
    event.preventDefault();
    event.stopPropagation();
    if (ready) void controller.command('seekBy', step);
  };
  // Not `disabled` while an item loads: a disabled control drops the keyboard's focus (to the page's body when the
  // next item of a playlist starts). Media time runs left to right in every language (the slider is `dir="ltr"`).
  return (
    <input
      ref={input}
      className="seek"
      type="range"
      dir="ltr"
      min={0}
      max={Math.max(duration, 0.001)}
      step={SEEK_STEP_S}
      value={Math.min(currentTime, duration || 0)}
      aria-disabled={!ready || undefined}
      aria-label={i18n._({ id: 'controls.seek', message: 'Seek' })}
      aria-valuetext={i18n._({
        id: 'controls.seekValue',
        message: '{current} of {total}',
        values: { current: formatTime(currentTime), total: formatTime(duration) },
      })}
      onChange={(e) => ready && onSeek(Number(e.currentTarget.value))}
      onKeyDown={onKeyDown}
    />
  );
}

/** The current time and the duration. */
export function TimeReadout() {
  const { i18n } = useLingui();
  const { controller } = usePlayer();
  const playback = controller.state.playback;
  const { duration } = useSnapshot(playback);
  const currentTime = useShownTime(playback, () => readoutKey(playback.currentTime));
  countRender(controller, 'time');
  return (
    <span className="time" data-control="time" dir="ltr">
      <span className="visually-hidden">{i18n._({ id: 'controls.time', message: 'Time' })}</span>
      {formatTime(currentTime)} / {formatTime(duration)}
    </span>
  );
}

/**
 * Re-renders the caller when `key()` (read from the playback state as it changes) changes, and answers it: a key that
 * changes less often than the time means fewer renders.
 */
function useShownTime<T extends object, K>(playback: T, key: () => K): K {
  const listen = useCallback((changed: () => void) => subscribe(playback, changed), [playback]);
  return useSyncExternalStore(listen, key);
}

/** The element's width in CSS pixels, followed (0 before it is laid out, or hidden). */
function useWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
