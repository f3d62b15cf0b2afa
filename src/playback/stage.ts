/** What setting the stage did: nothing, removed it, or set it (`taken`: a load waiting for it took it). */
export type StageChange = 'same' | 'left' | 'set' | 'taken';

/**
 * Where adapters render: a holder element that joins the player screen's stage when the screen renders it. Kinds
 * that can load detached (html5) start loading their media before that, so the first frame never waits for a React
 * render; loads that need the document (vendor iframes) wait for the stage.
 */
export class Stage {
  readonly holder: HTMLElement = Object.assign(document.createElement('div'), { className: 'media-holder' });
  private element?: HTMLElement;
  /** Loads that prepared their item before the player screen rendered, waiting for its stage. */
  private readonly waiters = new Set<(stage: HTMLElement) => void>();

  get current(): HTMLElement | undefined {
    return this.element;
  }

  /** The element the media shows in; null when the player screen goes away. A media loaded or loading moves along. */
  set(stage: HTMLElement | null): StageChange {
    if (stage === (this.element ?? null)) return 'same';
    this.element = stage ?? undefined;
    if (!stage) {
      this.holder.remove();
      return 'left';
    }
    stage.append(this.holder);
    if (this.waiters.size === 0) return 'set';
    const waiters = [...this.waiters];
    this.waiters.clear();
    for (const resolve of waiters) resolve(stage);
    return 'taken';
  }

  /** The stage, at once when there is one, else when the player screen renders it (undefined if aborted). */
  wait(signal: AbortSignal): Promise<HTMLElement | undefined> {
    if (this.element) return Promise.resolve(this.element);
    if (signal.aborted) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      const onStage = (stage: HTMLElement) => {
        signal.removeEventListener('abort', onAbort);
        resolve(stage);
      };
      const onAbort = () => {
        this.waiters.delete(onStage);
        resolve(undefined);
      };
      this.waiters.add(onStage);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** The player is released: no stage, no load waiting for one. */
  clear(): void {
    this.waiters.clear();
    this.element = undefined;
  }
}
