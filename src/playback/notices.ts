import type { IndicatorKind, NoticeKey, PlayerStore } from '../state/player-store';
import type { PlayerTime } from './timing';

/**
 * The player's transient messages, on its clock: notices (`state.notifications`, each removed after
 * `notificationMs`) and the stage's play / pause / volume indicator (cleared after `indicatorMs`, a new one replacing
 * it). Their timers die with the engine (`dispose`).
 */
export class Notices {
  private lastId = 0;
  private readonly timers = new Set<number>();
  private indicatorTimer?: number;

  constructor(
    private readonly state: () => PlayerStore,
    private readonly time: PlayerTime,
  ) {}

  notify(kind: 'info' | 'error', key: NoticeKey): void {
    const id = ++this.lastId;
    const list = this.state().notifications;
    list.push({ id, kind, key });
    const timer = this.time.clock().setTimeout(() => {
      this.timers.delete(timer);
      const at = list.findIndex((n) => n.id === id);
      if (at >= 0) list.splice(at, 1);
    }, this.time.timing().notificationMs);
    this.timers.add(timer);
  }

  indicate(kind: IndicatorKind, text = ''): void {
    const pb = this.state().playback;
    pb.indicator = kind;
    pb.indicatorText = text;
    this.time.clock().clearTimeout(this.indicatorTimer);
    this.indicatorTimer = this.time.clock().setTimeout(() => {
      pb.indicator = '';
      pb.indicatorText = '';
    }, this.time.timing().indicatorMs);
  }

  dispose(): void {
    this.time.clock().clearTimeout(this.indicatorTimer);
    this.indicatorTimer = undefined;
    for (const timer of this.timers) this.time.clock().clearTimeout(timer);
    this.timers.clear();
  }
}
