/**
 * Undo and redo of the drawing surface: every change becomes one step (a JSON snapshot of the canvas in the bounded
 * history of ./rules.ts), taken once per task, so that one action changing many objects (Clear) is one step. Undo
 * and redo load a snapshot back; what the surface does meanwhile (`quietly`) is not a step.
 */
import type { Canvas, FabricObject } from 'fabric';
import { History } from './rules';
import { CUSTOM_PROPERTIES } from './surface-objects';

export interface HistoryHooks {
  /** What is never part of a snapshot's changes (the keyboard cursor). */
  ignores(target: FabricObject | undefined): boolean;
  /** After a snapshot is loaded (the keyboard cursor goes back on the canvas). */
  restored(): void;
  /** After every step taken, and after undo / redo. */
  onChange?: () => void;
}

export class SurfaceHistory {
  readonly steps = new History();
  private quiet = false;
  private pending = false;
  private disposed = false;
  /** Undo and redo run one after another (a key held down queues them; none overlaps another's load). */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly canvas: Canvas,
    private readonly hooks: HistoryHooks,
  ) {
    this.steps.reset(this.snapshot());
  }

  snapshot(): string {
    return JSON.stringify(this.canvas.toObject(CUSTOM_PROPERTIES));
  }

  /** A change (of `target`, if known): one undo step, taken once per task. */
  changed(target?: FabricObject): void {
    if (this.quiet || this.pending || this.disposed || this.hooks.ignores(target)) return;
    this.pending = true;
    queueMicrotask(() => {
      this.pending = false;
      if (this.disposed) return;
      this.steps.push(this.snapshot());
      this.hooks.onChange?.();
    });
  }

  /** Run `change` without taking an undo step for it. */
  quietly(change: () => void): void {
    this.quiet = true;
    try {
      change();
    } finally {
      this.quiet = false;
    }
  }

  undo(): Promise<void> {
    return (this.queue = this.queue.then(() => this.restore(this.steps.undo())));
  }
  redo(): Promise<void> {
    return (this.queue = this.queue.then(() => this.restore(this.steps.redo())));
  }

  /** Start from a saved drawing: nothing to undo. */
  async load(json: string): Promise<void> {
    await this.restore(json);
    this.steps.reset(this.snapshot());
  }

  dispose(): void {
    this.disposed = true;
  }

  private async restore(json: string | undefined): Promise<void> {
    if (json === undefined || this.disposed) return;
    this.quiet = true;
    try {
      this.canvas.discardActiveObject();
      await this.canvas.loadFromJSON(json);
      this.hooks.restored();
    } finally {
      this.quiet = false;
    }
    this.canvas.requestRenderAll();
    this.hooks.onChange?.();
  }
}
