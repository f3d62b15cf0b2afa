import type { Clock } from '../src/core/clock';

/** A clock that moves only when told: `tick(ms)` runs every timer due, in order, in test time. */
export class FakeClock implements Clock {
  private time = 0;
  private nextId = 1;
  private readonly timers = new Map<number, { at: number; fn: () => void; every?: number }>();

  now(): number {
    return this.time;
  }
  setTimeout(fn: () => void, ms: number): number {
    const id = this.nextId++;
    this.timers.set(id, { at: this.time + Math.max(0, ms), fn });
    return id;
  }
  setInterval(fn: () => void, ms: number): number {
    const id = this.nextId++;
    this.timers.set(id, { at: this.time + Math.max(1, ms), fn, every: Math.max(1, ms) });
    return id;
  }
  clearTimeout(id: number | undefined): void {
    if (id !== undefined) this.timers.delete(id);
  }
  clearInterval(id: number | undefined): void {
    this.clearTimeout(id);
  }
  /** Timers waiting to fire. */
  get pending(): number {
    return this.timers.size;
  }
  /** How many timers are waiting to fire `ms` from now (those set for that long just now, say). */
  dueIn(ms: number): number {
    return [...this.timers.values()].filter((t) => t.at === this.time + ms).length;
  }
  tick(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      let next: [number, { at: number; fn: () => void; every?: number }] | undefined;
      for (const entry of this.timers) if (entry[1].at <= end && (!next || entry[1].at < next[1].at)) next = entry;
      if (!next) break;
      const [id, timer] = next;
      this.time = timer.at;
      if (timer.every) timer.at += timer.every;
      else this.timers.delete(id);
      timer.fn();
    }
    this.time = end;
  }
}
