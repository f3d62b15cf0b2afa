import { checkStall, reloadDelay, startWatch, type StallAction, type StallWatch } from './stall';
import type { PlayerTime } from './timing';
import type { PlayerError } from './types';

/**
 * Whether the watchdog gave up on the current item (its reloads used up): then it tries again every `retryEveryMs`
 * until the item plays, and the failure is told once (`told`), not at every attempt.
 */
export type Lost = 'no' | 'yes' | 'told';

/**
 * A failure of the current item: whether it keeps trying by itself (a media or source failure that may pass, once
 * the watchdog gave up), and whether the host page and the visitor are told (once while it keeps trying).
 */
export function failureReport(
  lost: Lost,
  error: Pick<PlayerError, 'reason'> & { retryable: boolean },
): { lost: Lost; retrying: boolean; tell: boolean } {
  const retrying = lost !== 'no' && error.retryable && (error.reason === 'media' || error.reason === 'source');
  if (retrying && lost === 'told') return { lost, retrying, tell: false };
  return { lost: retrying ? 'told' : lost === 'no' ? 'no' : 'yes', retrying, tell: true };
}

/**
 * The stall watchdog of one player, on its clock: the watch over the media's time (rules in ./stall.ts), the reload
 * waiting for its backoff, the retries after giving up, and what it told. The engine feeds it each poll and each
 * failure; its timers die with the item.
 */
export class Watchdog {
  private watch: StallWatch = startWatch(0, 0);
  private reloadTimer?: number;
  private retryTimer?: number;
  private lost: Lost = 'no';

  constructor(private readonly time: PlayerTime) {}

  /** A new viewing of an item: a fresh watch, nothing lost. */
  newViewing(): void {
    this.watch = startWatch(this.time.clock().now(), 0);
    this.lost = 'no';
  }

  /** The item plays: whatever was lost is back. */
  found(): void {
    this.lost = 'no';
  }

  /** A reload was made since playback last moved (a load failing now is part of the recovery). */
  get reloading(): boolean {
    return this.watch.reloads > 0;
  }

  /** One look at the media each poll: `moving`, playback is expected to progress. */
  look(time: number, moving: boolean): { buffering: boolean; action: StallAction } {
    const { watch, buffering, action } = checkStall(
      this.watch,
      this.time.clock().now(),
      time,
      moving,
      this.time.timing(),
    );
    this.watch = watch;
    return { buffering, action };
  }

  /** Whether the media's time moved since the watch last saw it (a reload waiting is then not needed). */
  moved(time: number): boolean {
    return time !== this.watch.time;
  }

  /**
   * Reload at `at` after the backoff (`reload` makes the load), unless the reloads are used up: then it gives up and
   * answers false. The watch then counts this reload.
   */
  scheduleReload(at: number, reload: () => void): boolean {
    if (this.watch.reloads >= this.time.timing().stallReloads) {
      if (this.lost === 'no') this.lost = 'yes';
      return false;
    }
    this.cancelReload();
    const clock = this.time.clock();
    this.reloadTimer = clock.setTimeout(
      () => {
        this.reloadTimer = undefined;
        const reloads = this.watch.reloads + 1;
        reload();
        this.watch = startWatch(clock.now(), at, reloads);
      },
      reloadDelay(this.watch.reloads, this.time.timing()),
    );
    return true;
  }

  cancelReload(): void {
    this.time.clock().clearTimeout(this.reloadTimer);
    this.reloadTimer = undefined;
  }

  /** Try again from `time` (Try again, or a retry after giving up): a fresh watch, the reload count at 0. */
  retryFrom(time: number): void {
    this.watch = startWatch(this.time.clock().now(), time);
  }

  /** A failure: whether to tell it; once given up, a failure that may pass calls `retry` after `retryEveryMs`. */
  failed(error: Pick<PlayerError, 'reason'> & { retryable: boolean }, retry: () => void): boolean {
    const report = failureReport(this.lost, error);
    this.lost = report.lost;
    if (report.retrying) {
      this.time.clock().clearTimeout(this.retryTimer);
      this.retryTimer = this.time.clock().setTimeout(retry, this.time.timing().retryEveryMs);
    }
    return report.tell;
  }

  /** The item is unloaded: no reload or retry is left waiting. */
  cancel(): void {
    this.cancelReload();
    this.time.clock().clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
  }
}
