/**
 * What the control bar's progress shows of the time, as keys that change only when the view does (the seek slider
 * and the readout re-render on a change of key: src/screens/control-seek-bar.tsx). Pure.
 */

/** The seek slider's step, s: its value moves by no less. */
export const SEEK_STEP_S = 0.1;

/** The readout's key: the whole second it shows (`m:ss`; negative or not finite: 0). */
export const readoutKey = (seconds: number): number => Math.floor(Number.isFinite(seconds) ? Math.max(0, seconds) : 0);

/** Seconds as `m:ss`, or `h:mm:ss` from an hour on (negative or not finite: `0:00`): the readout's second shown. */
export const formatTime = (seconds: number) => {
  const s = readoutKey(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
};

/**
 * The seek slider's key for `seconds` of `duration` on a slider `width` CSS pixels wide: changes when the thumb moves
 * by a pixel (or by the slider's step, on a long slider or a short media) and when its spoken time (`aria-valuetext`,
 * whole seconds) changes. Unknown width (0: not laid out yet) or duration: the seconds alone.
 */
export function sliderKey(seconds: number, duration: number, width: number): string {
  const second = readoutKey(seconds);
  if (!(duration > 0) || !(width > 0)) return `${second}`;
  const quantum = Math.max(SEEK_STEP_S, duration / width);
  const t = Math.min(Math.max(0, seconds), duration);
  return `${second}:${Math.floor(t / quantum)}`;
}
