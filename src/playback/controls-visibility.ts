import type { Clock } from '../core/clock';
import { PLAYER_STATE, TIMING, type PlayerStateValue, type Timing } from './timing';

/**
 * When the control bar shows: on mouse move, touch or key press; it hides
 * after 4 s (mouse) or 7 s (touch) while playing or not ready, and stays while paused and ready.
 * Writes `controlsVisible` in the player's shell state; time comes from the player's clock.
 */
export class ControlsVisibility {
  private timer?: number;
  private lastInput: 'mouse' | 'touch' = 'mouse';
  /** Playing, or not ready: the bar may hide (not while paused or idle and ready). Kept up to date by `playback()`. */
  private mayHide = true;
  /** What keeps the bar shown: a menu of the bar open, the keyboard's focus in the bar. */
  private readonly held = new Set<'menu' | 'focus'>();

  constructor(
    private readonly shell: { controlsVisible: boolean },
    private readonly clock: () => Clock,
    private readonly timing: Pick<Timing, 'controlsHideMouseMs' | 'controlsHideTouchMs'> = TIMING,
  ) {}

  /** The visitor moved the mouse, touched, or pressed a key (the last pointer kind is kept). */
  activity(kind: 'mouse' | 'touch' = this.lastInput): void {
    this.lastInput = kind;
    this.shell.controlsVisible = true;
    this.schedule();
  }

  /** Playback changed: hiding is scheduled while playing; paused and ready shows the bar and keeps it. */
  playback(player: PlayerStateValue, ready: boolean): void {
    const playing = player === PLAYER_STATE.PLAYING;
    this.mayHide = playing || !ready;
    if (player === PLAYER_STATE.PAUSED && ready) {
      this.cancel();
      this.shell.controlsVisible = true;
    } else if (playing && this.shell.controlsVisible) this.schedule();
  }

  /**
   * Keep the bar shown while something in it is open (the More menu) or has the keyboard's focus (a control hidden
   * under the focus would leave a keyboard user lost); when nothing holds it any more the usual timer starts.
   */
  hold(on: boolean, reason: 'menu' | 'focus' = 'menu'): void {
    if (on === this.held.has(reason)) return;
    if (on) this.held.add(reason);
    else this.held.delete(reason);
    if (on) {
      this.cancel();
      this.shell.controlsVisible = true;
    } else if (this.shell.controlsVisible) this.schedule();
  }

  private schedule(): void {
    this.cancel();
    if (!this.mayHide || this.held.size > 0) return;
    const ms = this.lastInput === 'touch' ? this.timing.controlsHideTouchMs : this.timing.controlsHideMouseMs;
    this.timer = this.clock().setTimeout(() => {
      this.timer = undefined;
      if (this.mayHide) this.shell.controlsVisible = false;
    }, ms);
  }

  private cancel(): void {
    if (this.timer !== undefined) this.clock().clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** The player screen went away: no timer is left, and the bar is hidden. */
  dispose(): void {
    this.cancel();
    this.held.clear();
    this.shell.controlsVisible = false;
  }
}
