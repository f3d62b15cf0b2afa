import r2wcCore from '@r2wc/core';
import { embedOptions } from '../app/embed-route';
import type { HostCommandName } from '../commands/table';
import { EARLY_START, type EarlyHolder } from '../content/early-requests';
import { readStoredAnswer } from '../preferences/storage';
import { ELEMENT_EVENTS, ELEMENT_PROPS } from './attributes';
import { attributeProps, startPreferences } from './first-requests';

/*
 * The element's machinery (the element itself: src/element/player-element.ts), in the entry file: the element is
 * defined as soon as the entry has run, so that a page's script may listen to it and call its methods at once, and the
 * player's box is held, while the core (src/core-chunk.ts) downloads. What it does is the core's
 * (src/element/player-behaviour.ts): when the core comes, that prototype goes under the element's (`bindPlayer`), every
 * element made until then gets its controller, and those on the page connect. Until then its getters answer as a player
 * that has loaded nothing (`earlyAnswer`), its actions wait for the core, and a page's script may set its properties.
 * The core reads this module from the entry (scripts/rollup-entry-modules.mjs): one element class per build on a page.
 */

// r2wc keeps its props, render method and connected flag under these registered symbols.
export const R2WC_PROPS = Symbol.for('r2wc.props');
export const R2WC_RENDER = Symbol.for('r2wc.render');
export const R2WC_CONNECTED = Symbol.for('r2wc.connected');

/** What the core gives the element (src/element/player-behaviour.ts). */
export interface PlayerKit {
  /** The element's behaviour: a prototype whose own prototype is `PlayerBase.prototype`. */
  behaviour: object;
  /** Sets up one element (its controller), made before the core came or after. */
  init(element: HTMLElement): void;
  /** r2wc's renderer (React DOM and the React tree, loaded on demand: src/element/lazy-renderer.ts). */
  renderer: { mount(...args: never[]): unknown; update(...args: never[]): void; unmount(...args: never[]): void };
}

/** The core's kit once it came (per copy of this module: the core of a build reads its entry's). */
let kit: PlayerKit | undefined;
/** Elements made before the core came, in order (they get their controllers then). */
const waiting = new Set<HTMLElement>();
let arrived: () => void;
let failed: (error: unknown) => void;
/** Settles when the core has come (or could not). */
const coreIn = new Promise<void>((resolve, reject) => {
  arrived = resolve;
  failed = reject;
});
coreIn.catch(() => undefined);
/** Called when an action waits for the core (the entry may be holding it back: `onWait`). */
let hurry: () => void = () => undefined;

/** The renderer r2wc holds from the start: the core's, once it came (r2wc renders only connected, started elements). */
const renderer = {
  mount: (...args: never[]) => kit!.renderer.mount(...args),
  update: (...args: never[]) => kit!.renderer.update(...args),
  unmount: (...args: never[]) => kit!.renderer.unmount(...args),
};

/** r2wc's element: the attributes as string properties, the events, an open shadow root. */
export const PlayerBase = r2wcCore(
  null as never,
  {
    shadow: 'open',
    props: Object.fromEntries(ELEMENT_PROPS.map((p) => [p, 'string'])),
    events: ELEMENT_EVENTS,
  },
  renderer as never,
);

/**
 * The host commands by mode (src/commands/table.ts, `COMMANDS`; a test checks that they agree): what the element's
 * methods do before the core has come.
 */
export const HOST_METHODS = {
  getPlayerState: 'get',
  getVolume: 'get',
  getPlaybackRate: 'get',
  getCurrentTime: 'get',
  getPrimaryItem: 'get',
  getCurrentItem: 'get',
  getCurrentPlaylist: 'get',
  getCurrentPlaylistItems: 'get',
  getCurrentPlaylistIndex: 'get',
  getDuration: 'get',
  getLanguage: 'get',
  setLanguage: 'action',
  navigate: 'action',
  start: 'action',
  playVideo: 'action',
  pauseVideo: 'action',
  next: 'action',
  prev: 'action',
  stop: 'action',
  exitVideo: 'action',
  addFavorite: 'action',
  screenshot: 'action',
  seekTo: 'action',
  seekToChapter: 'action',
  seekToIndex: 'action',
  setVolume: 'action',
  setPlaybackRate: 'action',
  togglePictureInPicture: 'action',
} as const satisfies Record<HostCommandName, 'get' | 'action'>;

/** The box an element reserves until the core shows its outline: the same as docs/api.md's rules for a page. */
let reserved: CSSStyleSheet | undefined;
function reservedBox(): CSSStyleSheet {
  if (!reserved) {
    reserved = new CSSStyleSheet();
    reserved.replaceSync(
      ':host{display:block;min-height:240px}' +
        ':host([code^="A_" i]),:host([loading="lazy" i]){box-sizing:content-box;aspect-ratio:16/9;min-height:0;' +
        'max-height:558px;padding-bottom:69px}:host([code^="A_" i]){padding-bottom:227px}:host([hidden]){display:none}',
    );
  }
  return reserved;
}

/** The element's class (src/element/player-element.ts), once it has set itself up (`elementClass`). */
let element: CustomElementConstructor | undefined;

/**
 * Sets up the element's class: until the core comes, the methods and properties of `beforeCore` (below) are its
 * prototype's prototype.
 */
export function elementClass(cls: CustomElementConstructor): void {
  element = cls;
  Object.setPrototypeOf(cls.prototype, beforeCore);
}

/** What the element's constructor does (after r2wc's): the core's setup, or the reserved box until the core comes. */
export function constructElement(host: HTMLElement): void {
  // r2wc takes an element for connected from its creation: attributes set on one made by createElement would render
  // the interface, route and request before it is on a page. It renders once connected (and started) instead.
  (host as unknown as Record<symbol, boolean>)[R2WC_CONNECTED] = false;
  if (kit) kit.init(host);
  else {
    host.shadowRoot!.adoptedStyleSheets = [reservedBox()];
    waiting.add(host);
  }
}

type Callbacks = {
  connectedCallback?(): void;
  disconnectedCallback?(): void;
  attributeChangedCallback?(n: string, o: string | null, v: string | null): void;
};

/**
 * A lifecycle callback of the element: the behaviour's once the core came (custom elements read the callbacks from
 * the class as it is defined, so the class's own forward here); before it only r2wc's `attributeChangedCallback`, which
 * notes the value (it renders nothing yet).
 */
export function callback<K extends keyof Callbacks>(
  host: HTMLElement,
  name: K,
  ...args: Parameters<NonNullable<Callbacks[K]>>
): void {
  if (!kit && name !== 'attributeChangedCallback') return;
  const behaviour = Object.getPrototypeOf(element!.prototype) as Callbacks;
  (behaviour[name] as ((...a: unknown[]) => void) | undefined)?.apply(host, args);
}

/** What a page's script set of the vendor SDKs' URLs before the core came (not reflected: see the behaviour). */
const SCRIPT_PROPS = Symbol('patient-ed-player.script-properties');
type ScriptProps = { youtube?: string; vimeo?: string };
type Early = HTMLElement & { [SCRIPT_PROPS]?: ScriptProps };

/** Takes what a page's script set of the SDKs' URLs before the core came (src/element/player-behaviour.ts). */
export function takeScriptProperties(element: HTMLElement): ScriptProps {
  const props = (element as Early)[SCRIPT_PROPS] ?? {};
  delete (element as Early)[SCRIPT_PROPS];
  return props;
}

/**
 * The methods and properties until the core comes: this object is the element's prototype's prototype then, r2wc's
 * element under it; the core's behaviour takes its place.
 */
const beforeCore = Object.create(PlayerBase.prototype as object) as Record<string, unknown>;
for (const [name, mode] of Object.entries(HOST_METHODS)) {
  Object.defineProperty(beforeCore, name, {
    configurable: true,
    writable: true,
    value(this: HTMLElement, ...args: unknown[]): unknown {
      if (mode === 'get') return earlyAnswer(this, name as keyof typeof HOST_METHODS);
      hurry();
      // Called again once the core came: the behaviour's method then.
      return coreIn.then(() => (this as unknown as Record<string, (...a: unknown[]) => unknown>)[name](...args));
    },
  });
}
for (const [prop, kind] of [
  ['youtubeApiUrl', 'youtube'],
  ['vimeoApiUrl', 'vimeo'],
] as const) {
  Object.defineProperty(beforeCore, prop, {
    configurable: true,
    get(this: Early) {
      return (
        this[SCRIPT_PROPS]?.[kind] ??
        this.getAttribute(kind === 'youtube' ? 'youtube-api-url' : 'vimeo-api-url') ??
        undefined
      );
    },
    set(this: Early, value: unknown) {
      const props = (this[SCRIPT_PROPS] ??= {});
      if (typeof value === 'string' && value.trim()) props[kind] = value.trim();
      else delete props[kind];
    },
  });
}
Object.defineProperty(beforeCore, 'currentPath', { configurable: true, get: () => '' });

/**
 * A getter's answer before the core came: a player that has loaded nothing yet (as its controller answers then: no
 * playlist, volume 1, the speed and menu language of its attributes and the visitor's stored choices), in state 0
 * once the entry has reported its first video's metadata.
 */
function earlyAnswer(element: HTMLElement, name: keyof typeof HOST_METHODS): unknown {
  switch (name) {
    case 'getPlayerState':
      return (element as EarlyHolder)[EARLY_START]?.reported ? 0 : -1;
    case 'getVolume':
      return 1;
    case 'getDuration':
      return (element as EarlyHolder)[EARLY_START]?.reported?.duration ?? 0;
    case 'getPlaybackRate': {
      // clampRate's rule (src/playback/rate.ts, not in the entry): 0.5..2, 1 for anything not a number.
      const rate = earlyPreferences(element).speed / 100;
      return Number.isFinite(rate) ? Math.min(2, Math.max(0.5, rate)) : 1;
    }
    case 'getLanguage':
      return earlyPreferences(element).menuLanguage;
    case 'getCurrentPlaylistItems':
      return [];
    case 'getCurrentTime':
    case 'getCurrentPlaylistIndex':
      return 0;
    default:
      return null;
  }
}

/** The preferences a player starts with: its attributes' and the visitor's stored (src/element/first-requests.ts). */
function earlyPreferences(element: HTMLElement) {
  const embed = embedOptions(attributeProps(element) ?? {});
  return startPreferences(element.getAttribute('client') ?? '', embed, readStoredAnswer());
}

/**
 * Gives the element its behaviour (the core, as it starts: src/element/start.ts): its prototype goes under this
 * class's, the elements made until now get their controllers, and those on the page connect, in the order they were
 * made. Once per copy of this module; false if it had one already.
 */
export function bindPlayer(next: PlayerKit): boolean {
  if (kit || !element) return false;
  Object.setPrototypeOf(element.prototype, next.behaviour);
  kit = next;
  const made = [...waiting];
  waiting.clear();
  for (const element of made) kit.init(element);
  for (const element of made) if (element.isConnected) (element as unknown as Callbacks).connectedCallback?.();
  arrived();
  return true;
}

/** Whether the element has its behaviour (a core of this build started). */
export const hasBehaviour = (): boolean => kit !== undefined;

/** The core could not come: the actions waiting for it reject (later ones too), with `error`. */
export function coreFailed(error: unknown): void {
  failed(error instanceof Error ? error : new Error(String(error)));
}

/** What runs when an action waits for the core (the entry starts it then if it holds it back). */
export function onWait(run: () => void): void {
  hurry = run;
}
