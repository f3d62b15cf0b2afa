import { applyEmbedOptions, CONTROLLER, type PlayerAppProps } from '../app/embed-options';
import { lazyRenderer } from './lazy-renderer';
import { PlayerController } from '../app/controller';
import { executeCommand } from '../commands/execute';
import { COMMANDS, HOST_COMMANDS } from '../commands/table';
import { ELEMENT_PROPS } from './attributes';
import { FORWARDED_EVENT_NAMES } from '../core/events';
import { baseSheet } from './styles';
import { attachCommandEvents } from './transports/custom-events';
import { isLazy, mediaPreloadOf, waitUntilNear } from './lazy-start';
import { SDK_ATTRIBUTES } from '../playback/sdk-urls';
import { EARLY_START, type EarlyHolder } from '../content/early-requests';
import { bindPlayer, PlayerBase, R2WC_PROPS, R2WC_RENDER, takeScriptProperties } from './element-kit';

/**
 * What `<patient-ed-player>` does, in the core: the element itself is the entry's (src/element/player-element.ts, so
 * that it is defined, and its methods queue, before the core has arrived); once the core is in, this class's prototype
 * goes under the element's (`bindPlayer`) and each element gets its controller (`init`). Never constructed.
 */
class PlayerBehaviour extends (PlayerBase as unknown as typeof HTMLElement) {
  declare readonly [CONTROLLER]: PlayerController;
  private disconnectAll?: () => void;
  /** Taken off the page in this task: torn down at its end unless put back by then (a move). */
  private leaving?: boolean;
  /** Connected and started once (a lazy player came into view): later connections start at once. */
  private started?: boolean;
  /** A lazy player waiting to come into view: stops the waiting. */
  private stopWaiting?: () => void;

  connectedCallback(): void {
    // Moved within one task (taken out and put back, as a framework reorders a list): nothing was torn down, the
    // media plays on.
    if (this.leaving) {
      this.leaving = false;
      return;
    }
    upgradeProperties(this);
    const controller = this[CONTROLLER];
    let offController: (() => void) | undefined;
    const start = () => {
      if (offController) return;
      this.stopWaiting?.();
      this.stopWaiting = controller.wake = undefined;
      this.started = true;
      // A lazy player, or one of a page's several, loads its media's metadata and first frame only until it plays.
      controller.mediaPreload = mediaPreloadOf(this);
      // Route now: the first requests start before React's first (asynchronous) render.
      this.applyOptions();
      offController = controller.connect();
      base.connectedCallback.call(this);
    };
    // A lazy player waits to come into view the first time only: after that, it is a player that was moved.
    const lazy = !this.started && isLazy(this.getAttribute('loading'));
    if (!lazy) start();
    const offEvents = attachCommandEvents(this, controller);
    const offMessages = attachPostMessageInFrame(this, controller);
    if (lazy) {
      controller.wake = start;
      this.stopWaiting = waitUntilNear(this, this.shadowRoot!, controller.i18n, start);
    }
    this.disconnectAll = () => {
      offEvents();
      offMessages();
      this.stopWaiting?.();
      this.stopWaiting = controller.wake = undefined;
      if (!offController) return;
      offController();
      // Requests under way stop and the media is released; connecting again resumes (a move).
      controller.abortAll();
    };
  }

  disconnectedCallback(): void {
    this.leaving = true;
    queueMicrotask(() => {
      if (!this.leaving) return;
      this.leaving = false;
      this.disconnectAll?.();
      this.disconnectAll = undefined;
      base.disconnectedCallback.call(this);
    });
  }

  /**
   * r2wc ignores removed and empty attributes; both must reset the property so that, for example,
   * removing `code` or setting `code=""` re-routes to the menu, and removing `captions` drops that option.
   */
  attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    base.attributeChangedCallback.call(this, name, old, value);
    const self = this as unknown as { [R2WC_PROPS]: Record<string, unknown>; [R2WC_RENDER]: () => void };
    const prop = name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    if ((value === null || value === '') && prop in self[R2WC_PROPS]) {
      delete self[R2WC_PROPS][prop];
      self[R2WC_RENDER].call(this);
    }
    // The controller takes the change itself (a new `client` or `code` routes, and its requests start), whether or
    // not the interface chunk is in; React then renders what it decided. Before the element is on a page, connecting
    // applies them all. A lazy player still waiting takes them when it starts; `loading` set to eager starts it.
    if (this.stopWaiting) {
      if (name === 'loading' && !isLazy(value)) this[CONTROLLER].wake?.();
    } else if (this.disconnectAll) this.applyOptions();
  }

  /** Hand the attributes to the controller: provider hosts, options, and the route when `client` or `code` changed. */
  private applyOptions(): void {
    applyEmbedOptions(this[CONTROLLER], (this as unknown as { [R2WC_PROPS]: PlayerAppProps })[R2WC_PROPS]);
  }

  /** The in-memory location path (for hosts and tests; the page URL is never touched). */
  get currentPath(): string {
    return this[CONTROLLER].path;
  }
}

type BaseCallbacks = {
  connectedCallback(): void;
  disconnectedCallback(): void;
  attributeChangedCallback(n: string, o: string | null, v: string | null): void;
};
const base = PlayerBase.prototype as unknown as BaseCallbacks;

/**
 * What the element's constructor would do, for an element made before the core came or after: its controller, its
 * styles (in place of the entry's reserved box), and what a page's script set before (the vendor SDKs' URLs). The
 * attributes as they are now: one removed before the core came is no property (r2wc read them as it was made).
 */
function init(element: HTMLElement): void {
  const host = element as unknown as {
    [CONTROLLER]: PlayerController;
    [R2WC_PROPS]: Record<string, unknown>;
  } & HTMLElement;
  const controller = new PlayerController(host);
  host[CONTROLLER] = controller;
  host.shadowRoot!.adoptedStyleSheets = [baseSheet(), controller.dynamicSheet];
  const props = host[R2WC_PROPS];
  for (const prop of ELEMENT_PROPS) {
    const value = host.getAttribute(prop.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`));
    if (value) props[prop] = value;
    else delete props[prop];
  }
  Object.assign(controller.scriptProperties, takeScriptProperties(host));
}

/**
 * Properties a page set on the element before its script defined it (a framework binding properties, a script that
 * ran first) are own properties of the element that hide the class's accessors: they are handed to the accessors
 * (which set the attributes), so that they take effect and later sets work.
 */
function upgradeProperties(host: PlayerBehaviour): void {
  const self = host as unknown as Record<string, unknown>;
  for (const prop of ELEMENT_PROPS) {
    if (!Object.prototype.hasOwnProperty.call(self, prop)) continue;
    const value = self[prop];
    delete self[prop];
    self[prop] = value;
  }
}

/**
 * The postMessage adapter, only in a frame and from its own chunk: the parent's messages and the player's
 * events that come before it has loaded are kept and handed to it, in order.
 */
function attachPostMessageInFrame(host: PlayerBehaviour, controller: PlayerController): () => void {
  if (window.parent === window) return () => {};
  const early: Event[] = [];
  // The entry told this page that the first video has its metadata, before the core came: the parent hears it too.
  const record = (host as EarlyHolder)[EARLY_START];
  if (record?.reported && !record.relayed) {
    record.relayed = true;
    early.push(record.reported.event);
  }
  const keep = (event: Event) => early.push(event);
  window.addEventListener('message', keep);
  for (const name of FORWARDED_EVENT_NAMES) host.addEventListener(name, keep);
  const stopKeeping = () => {
    window.removeEventListener('message', keep);
    for (const name of FORWARDED_EVENT_NAMES) host.removeEventListener(name, keep);
  };
  let off: (() => void) | undefined;
  let gone = false;
  void import('./transports/post-message').then(
    ({ attachPostMessage }) => {
      stopKeeping();
      if (gone) return;
      // Origins allowed to command the player: the attribute only, never the page's URL (see attachPostMessage).
      const allowList = () => host.getAttribute('allowed-origins');
      off = attachPostMessage(host, controller, allowList, early.splice(0));
    },
    stopKeeping, // the chunk could not load: the element still works without its iframe transport
  );
  return () => {
    gone = true;
    stopKeeping();
    off?.();
  };
}

// Methods from the command table, handed to the command layer.
for (const name of HOST_COMMANDS) {
  const getter = COMMANDS[name].mode === 'get';
  Object.defineProperty(PlayerBehaviour.prototype, name, {
    configurable: true,
    writable: true,
    value(this: PlayerBehaviour, ...args: unknown[]) {
      if (getter) return executeCommand(this[CONTROLLER], name, args);
      try {
        return Promise.resolve(executeCommand(this[CONTROLLER], name, args));
      } catch (error) {
        // Commands throw CommandError; anything else thrown still rejects with an Error.
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
  });
}

/**
 * `youtubeApiUrl` and `vimeoApiUrl` set from script take any http(s) URL and are not reflected to the attributes: a
 * page's script is trusted with that choice, markup is not (reflected HTML could write it), so the attributes load
 * only the vendor's own URL or one of the page's origin (src/playback/sdk-urls.ts). Reading gives what script set,
 * else the attribute.
 */
for (const [prop, kind] of [
  ['youtubeApiUrl', 'youtube'],
  ['vimeoApiUrl', 'vimeo'],
] as const) {
  Object.defineProperty(PlayerBehaviour.prototype, prop, {
    configurable: true,
    get(this: PlayerBehaviour) {
      return this[CONTROLLER].scriptProperties[kind] ?? this.getAttribute(SDK_ATTRIBUTES[kind]) ?? undefined;
    },
    set(this: PlayerBehaviour, value: unknown) {
      const scripts = this[CONTROLLER].scriptProperties;
      if (typeof value === 'string' && value.trim()) scripts[kind] = value.trim();
      else delete scripts[kind];
    },
  });
}

/** Gives the entry's element its behaviour (once per page and build: the first core that comes). */
export function bindBehaviour(): boolean {
  return bindPlayer({ behaviour: PlayerBehaviour.prototype, init, renderer: lazyRenderer });
}
