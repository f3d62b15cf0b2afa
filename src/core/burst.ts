import type { Clock } from './clock';

/**
 * The flood rule for work that starts requests (a host sending 100 `navigate`s, `setLanguage`s or `next`s): the
 * first task of a burst runs at once, the last one once the burst has ended, the ones between never run. A task
 * that comes within `spacingMs` of the last start, or of a task that had to wait, waits until `spacingMs` pass
 * without another; a later task replaces the one waiting. What the visitor sees follows each command at once (the
 * caller changes its state before handing the requests here); only the requests are spaced, and the last call's
 * always happen.
 *
 * `atOnce` tasks of a burst may start at once before the rest wait (1 by default). The controller's route requests
 * allow 2: a first visit asks for the menu in the guessed language, then at once again in the language the client's
 * configuration names, which is not a flood and must not wait 300 ms.
 *
 * Time is the player's clock (a getter: tests swap the controller's clock after it is made); nothing is shared
 * between players (one Burst per kind of request per instance).
 */
export class Burst {
  /** When the last task started, and when the last task had to wait (the burst goes on until `spacingMs` later). */
  private lastStart = -Infinity;
  private lastWait = -Infinity;
  /** Tasks started at once since the burst began. */
  private startedAtOnce = 0;
  private waitingTask?: { task: () => void; drop?: () => void; clock: Clock; timer: number };

  constructor(
    private readonly clock: () => Clock,
    private readonly spacingMs: () => number,
    private readonly atOnce = 1,
  ) {}

  /** A task waits for the burst to end. */
  get waiting(): boolean {
    return this.waitingTask !== undefined;
  }

  /**
   * Run `task` at once (true) or when the burst ends (false). A task waiting already is replaced: it never runs, and
   * its `onDrop` is told.
   */
  run(task: () => void, onDrop?: () => void): boolean {
    const clock = this.clock();
    const now = clock.now();
    const spacing = this.spacingMs();
    const waited = this.waitingTask !== undefined;
    this.cancel();
    if (now >= Math.max(this.lastStart, this.lastWait) + spacing) this.startedAtOnce = 0; // a new burst
    if (!waited && this.startedAtOnce < this.atOnce) {
      this.startedAtOnce++;
      this.lastStart = now;
      task();
      return true;
    }
    this.lastWait = now;
    const timer = clock.setTimeout(() => {
      this.waitingTask = undefined;
      this.lastStart = clock.now();
      this.startedAtOnce = this.atOnce; // a call within the spacing of this one waits
      task();
    }, spacing);
    this.waitingTask = { task, drop: onDrop, clock, timer };
    return false;
  }

  /** Drop the task waiting, if any (its `onDrop` is told); the burst itself goes on (the next task still waits). */
  cancel(): void {
    const waiting = this.waitingTask;
    if (!waiting) return;
    this.waitingTask = undefined;
    waiting.clock.clearTimeout(waiting.timer);
    waiting.drop?.();
  }

  /**
   * A request function whose request starts when this burst lets it (`fetch` keeps its own signature): aborted or
   * replaced while it waits, its promise rejects with an AbortError and the request is never made.
   */
  spaced<T>(fetch: (signal: AbortSignal) => Promise<T>): (signal: AbortSignal) => Promise<T> {
    return (signal) =>
      new Promise<T>((resolve, reject) => {
        if (signal.aborted) return reject(abortError());
        const onAbort = () => {
          this.cancelIf(start);
          reject(abortError());
        };
        const start = () => {
          signal.removeEventListener('abort', onAbort);
          try {
            fetch(signal).then(resolve, reject);
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        };
        const onDrop = () => {
          signal.removeEventListener('abort', onAbort);
          reject(abortError());
        };
        signal.addEventListener('abort', onAbort, { once: true });
        this.run(start, onDrop);
      });
  }

  /** Drop `task` if it is the one waiting (a request aborted while it waits). */
  private cancelIf(task: () => void): void {
    if (this.waitingTask?.task !== task) return;
    const { clock, timer } = this.waitingTask;
    this.waitingTask = undefined;
    clock.clearTimeout(timer);
  }
}

const abortError = () => new DOMException('The request was superseded or aborted', 'AbortError');
