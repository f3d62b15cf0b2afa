/**
 * The control bar's progress: the seek slider and the time readout. They are the only parts that follow the time:
 * they subscribe to the playback state alone, so the rest of the control bar does not re-render 25 times a second.
 */
import { useLingui } from '@lingui/react';
import { useSnapshot } from 'valtio';
import { TIMING } from '../playback/timing';
import { usePlayer } from './player-context';

/** Seconds as `m:ss`, or `h:mm:ss` from an hour on (negative or not finite: `0:00`). */
export const formatTime = (seconds: number) => {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
};

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
  const { currentTime, duration, ready } = useSnapshot(controller.state.playback);
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
      className="seek"
      type="range"
      dir="ltr"
      min={0}
      max={Math.max(duration, 0.001)}
      step={0.1}
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
  const { currentTime, duration } = useSnapshot(controller.state.playback);
  return (
    <span className="time" data-control="time" dir="ltr">
      <span className="visually-hidden">{i18n._({ id: 'controls.time', message: 'Time' })}</span>
      {formatTime(currentTime)} / {formatTime(duration)}
    </span>
  );
}
