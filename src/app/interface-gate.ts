import type { TimerClock } from '../core/clock';

/**
 * When a player's interface (React DOM and its screens: the `interface` and `player-route` chunks) may load and run.
 * A player opened on a video holds it until the media has its metadata: the chain to the first frame (playlist and
 * engine, source, media) has the main thread and the network to itself (on a slow connection the interface's 80 kB
 * would share the link with the media's first bytes), and the video's picture shows meanwhile in plain DOM, with a
 * Play button (src/element/early-player.ts). Any other route opens it at once; a failure the visitor must read opens
 * it (its message is part of the interface), as does a vendor player (it needs the player screen's stage); and it
 * never holds longer than `limitMs` on the player's clock. Measured in `npm run bench` (README).
 */
export class InterfaceGate {
  private opened = false;
  private timer?: ReturnType<TimerClock['setTimeout']>;
  private readonly waiting = new Set<() => void>();

  constructor(private readonly timers: TimerClock) {}

  get isOpen(): boolean {
    return this.opened;
  }

  /** Held for a route that plays: opens by itself after `limitMs` (once; a gate held or open stays so). */
  hold(limitMs: number): void {
    if (this.opened || this.timer !== undefined) return;
    this.timer = this.timers.setTimeout(() => this.open(), limitMs);
  }

  /** The player left the page: its limit stops (a gate held again on return starts it afresh). */
  release(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
  }

  open(): void {
    if (this.opened) return;
    this.opened = true;
    this.release();
    const run = [...this.waiting];
    this.waiting.clear();
    for (const fn of run) fn();
  }

  /** Runs `fn` once the gate is open (at once when it is); the returned function cancels it. */
  whenOpen(fn: () => void): () => void {
    if (this.opened) {
      fn();
      return () => undefined;
    }
    this.waiting.add(fn);
    return () => void this.waiting.delete(fn);
  }
}
