import r2wcCore from '@r2wc/core';
import { applyEmbedOptions, CONTROLLER, type PlayerAppProps } from '../app/embed-options';
import { INTERFACE } from '../app/chunks';
import type { PlayerRoot } from '../app/react-root';
import { dispatchPlayerEvent } from '../core/events';
import { PlayerController } from '../app/controller';
import { executeCommand } from '../commands/execute';
import { COMMANDS, HOST_COMMANDS, type CommandArgs, type CommandResults, type HostCommandName } from '../commands/table';
import { ELEMENT_EVENTS, ELEMENT_PROPS } from './attributes';
import { FORWARDED_EVENT_NAMES, type PlayerEventMap } from '../core/events';
import { baseSheet } from './styles';
import { attachCommandEvents } from './transports/custom-events';

export const TAG_NAME = 'patient-ed-player';

// r2wc keeps its props and render method under these registered symbols.
const R2WC_PROPS = Symbol.for('r2wc.props');
const R2WC_RENDER = Symbol.for('r2wc.render');

/** One mounted element's tree: its latest props, and the React root once the interface chunk is in. */
interface RootContext {
  container: ShadowRoot | HTMLElement;
  props: PlayerAppProps;
  root?: PlayerRoot;
  gone: boolean;
  /** Removes the failure shown when the chunk did not load (and its listeners). */
  clearFailure?: () => void;
}

/**
 * r2wc's renderer: what @r2wc/react-to-web-component does with react-dom, here with react-dom and the React tree
 * loaded on demand (the INTERFACE chunk), so that the element, its controller and the route's requests start
 * before React DOM is even parsed. Mounts at once when the chunk is in, else when it arrives; a chunk that does
 * not load shows a translated failure with a retry (and an `error` event), never an empty player.
 */
const lazyRenderer = {
  mount(container: ShadowRoot | HTMLElement, _component: unknown, props: PlayerAppProps): RootContext {
    const ctx: RootContext = { container, props, gone: false };
    mountWhenLoaded(ctx);
    return ctx;
  },
  update(ctx: RootContext, props: PlayerAppProps): void {
    ctx.props = props;
    ctx.root?.render(props);
  },
  unmount(ctx: RootContext): void {
    ctx.gone = true;
    ctx.clearFailure?.();
    ctx.root?.unmount();
  },
};

function mountWhenLoaded(ctx: RootContext): void {
  const mount = (m: typeof import('../app/react-root')) => {
    if (ctx.gone || ctx.root) return;
    ctx.clearFailure?.();
    ctx.root = m.mountPlayerApp(ctx.container, ctx.props);
  };
  if (INTERFACE.current) return mount(INTERFACE.current);
  INTERFACE.load().then(mount, () => !ctx.gone && !ctx.root && showInterfaceFailure(ctx));
}

/**
 * The interface chunk did not load: the message and "Try again" of every failure, built in DOM (React is what
 * failed), in the visitor's language (also once its catalog arrives), tried again when the browser is back online.
 */
function showInterfaceFailure(ctx: RootContext): void {
  const host = (ctx.container instanceof ShadowRoot ? ctx.container.host : ctx.container) as PatientEdPlayerElement;
  const { i18n } = host[CONTROLLER];
  ctx.clearFailure?.();
  const box = document.createElement('div');
  box.className = 'load-failure';
  box.setAttribute('role', 'alert');
  box.dataset.errorKind = 'screen';
  const message = document.createElement('p');
  message.className = 'load-failure-message';
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.className = 'button';
  const paint = () => {
    box.lang = i18n.locale;
    message.textContent = i18n._({ id: 'error.screen', message: 'This screen could not be shown. Please try again.' });
    retry.textContent = i18n._({ id: 'action.retry', message: 'Try again' });
  };
  paint();
  const again = () => mountWhenLoaded(ctx);
  retry.addEventListener('click', again);
  const offLocale = i18n.on('change', paint);
  window.addEventListener('online', again);
  box.append(message, retry);
  ctx.container.append(box);
  ctx.clearFailure = () => {
    offLocale();
    window.removeEventListener('online', again);
    box.remove();
    ctx.clearFailure = undefined;
  };
  dispatchPlayerEvent(host, 'error', { code: 'screen', message: 'The player interface could not be loaded', retryable: true });
}

const Base = r2wcCore(null as never, {
  shadow: 'open',
  props: Object.fromEntries(ELEMENT_PROPS.map((p) => [p, 'string'])) as never,
  events: ELEMENT_EVENTS as never,
}, lazyRenderer as never);

type BaseCallbacks = {
  connectedCallback(): void;
  disconnectedCallback(): void;
  attributeChangedCallback(n: string, o: string | null, v: string | null): void;
};
const base = Base.prototype as unknown as BaseCallbacks;

/** The host commands as methods: getters answer synchronously, actions with a Promise. */
export type PlayerMethods = {
  [K in HostCommandName]: (...args: CommandArgs[K]) => (typeof COMMANDS)[K]['kind'] extends 'get' ? CommandResults[K] : Promise<CommandResults[K]>;
};

/** The package version, written in at build time (package.json). */
declare const __PLAYER_VERSION__: string;

/**
 * `<patient-ed-player>`: an embeddable patient-education player. The whole public API: docs/api.md.
 *
 * Every attribute but `allowed-origins` and `search-*` also has a property of its camelCase name (`provider-url` ->
 * `providerUrl`). The methods,
 * one per host command of src/commands/table.ts (`PlayerMethods`), are defined from that table after the
 * class; custom-elements.json lists them all.
 *
 * This JSDoc is generated by scripts/gen-element-docs.mjs from the attribute, event and style tables
 * (`npm run docs`); `npm test` fails when it is out of date.
 *
 * @element patient-ed-player
 *
 * @attr {string} client - The client (practice) id. Without it the player reads `client`, `openthis` and the options from the host page's own query string (classic embed links). Values: a client id. Default: (none).
 * @attr {string} code - What to open: a playlist code (`A_...`) opens the player; a menu code (`root`, `vm`, `collections`, `presentations`, `playlists`, or containing `T_`, `L_`, `C_`, `G_`) opens the menu there. Changing it re-routes; removing it returns to the menu. Values: a code. Default: (none).
 * @attr {string} provider-url - Base URL of the provider API (docs/provider-api.md). Values: URL. Default: `http://localhost:8001/`.
 * @attr {string} api-url - Overrides the API host. Values: URL. Default: `<provider-url>api/`.
 * @attr {string} delivery-url - Overrides the content-delivery host (user preferences, meta records). Values: URL. Default: `<provider-url>cdn/`.
 * @attr {string} static-url - Overrides the static-files host (thumbnails, posters, art). Values: URL. Default: `<provider-url>static/`.
 * @attr {string} brochure-url - Overrides the brochure host. Values: URL. Default: `<provider-url>brochures/`.
 * @attr {string} youtube-api-url - A self-hosted copy of the YouTube iframe API (loaded only when a YouTube item plays). Values: URL. Default: YouTube's.
 * @attr {string} vimeo-api-url - A self-hosted copy of the Vimeo player SDK (loaded only when a Vimeo item plays). Values: URL. Default: Vimeo's.
 * @attr {string} embed-url - The iframe embed page offered in the Embed dialog's iframe code (it takes the same options as its query). Values: URL. Default: `embed.html` in the folder above the script.
 * @attr {string} context-menu - `off` disables the right-click menu inside the player (the host page's own menu is never touched). Values: `off`. Default: on.
 * @attr {string} request-timeout - How long one provider request may take before it fails with a timeout (shown with "Try again", and an `error` event); `0` waits forever, as the spec's default does. Values: milliseconds. Default: `20000`.
 * @attr {string} autoplay - Start playing when a playlist opens. Values: `0` / `1`. Default: `0`.
 * @attr {string} audio - Sound on; `0` starts every item muted (see `ignoreaudio`). Values: `0` / `1`. Default: `1`.
 * @attr {string} cdn - Play the provider's alternate (CDN) video source. Values: `0` / `1`. Default: `0`.
 * @attr {string} search-next - Search option of the spec (`searchNext`). Values: `0` / `1`. Default: `0`.
 * @attr {string} subtitles - Show captions. Values: `0` / `1`. Default: `1`.
 * @attr {string} audio-descriptions - Audio descriptions on. Values: `0` / `1`. Default: `0`.
 * @attr {string} google-analytics - Dispatch `analytics` events. Values: `0` / `1`. Default: `1`.
 * @attr {string} keyboard-shortcuts - Keyboard shortcuts inside the player. Values: `0` / `1`. Default: `1`.
 * @attr {string} ignore-local - Ignore the viewer's saved choices (the local preference layer). Values: `0` / `1`. Default: `0`.
 * @attr {string} captions-button - Show the captions button. Values: `0` / `1`. Default: `1`.
 * @attr {string} menu-access - Let the viewer leave the player for the menu. Values: `0` / `1`. Default: `1`.
 * @attr {string} brochure-button - Show the brochure button. Values: `0` / `1`. Default: `1`.
 * @attr {string} disclaimer-button - Show the disclaimer button. Values: `0` / `1`. Default: `1`.
 * @attr {string} enlarge-button - Show the full-screen button. Values: `0` / `1`. Default: `1`.
 * @attr {string} markup-button - Show the markup (annotation) button. Values: `0` / `1`. Default: `1`.
 * @attr {string} search-button - Show the search button. Values: `0` / `1`. Default: `1`.
 * @attr {string} chapters-button - Show the chapters button. Values: `0` / `1`. Default: `1`.
 * @attr {string} share-button - Show the share button. Values: `0` / `1`. Default: `1`.
 * @attr {string} favorites-button - Show the favorites button. Values: `0` / `1`. Default: `0`.
 * @attr {string} audio-descriptions-button - Show the audio-descriptions button. Values: `0` / `1`. Default: `0`.
 * @attr {string} platform - The native wrapper the player runs in; in `ios` / `android` a screenshot becomes a `screenshot` event instead of a download. Values: `ios`, `android`, `web`. Default: (empty).
 * @attr {string} border - Border around the player. Values: `0` / `1`. Default: `1`.
 * @attr {string} color - Theme colour (sets `--ped-color`); a `#` is added to bare hex digits. Values: `#RRGGBB`, `RRGGBB` or a colour name. Default: `#364B8C`.
 * @attr {string} practice - Practice name shown in the header. Values: text. Default: `Your Practice Name`.
 * @attr {string} art - Header art icon. Values: an icon name (`knee`, `caduceus`, `cardio`, `dental`). Default: `caduceus`.
 * @attr {string} dynamic-sharing - Dynamic sharing links. Values: `0` / `1` (`false` / `true`). Default: `0`.
 * @attr {string} vo-language - Voice-over (video) language; English when a playlist lacks it. Values: `en`, `es`, `de`, `ar`, `pt`. Default: `en`.
 * @attr {string} cc-language - Caption language; English when a playlist lacks it. Values: `en`, `es`, `de`, `ar`, `pt`. Default: `en`.
 * @attr {string} menu-language - Menu (interface) language. Values: `en`, `es`, `de`, `ar`, `pt`. Default: `en`.
 * @attr {string} increase-contrast - High-contrast colours. Values: `0` / `1`. Default: `0`.
 * @attr {string} reduce-motion - No animations or transitions. Values: `0` / `1`. Default: `0`.
 * @attr {string} font-size - Text size, in percent (sets `--ped-text-scale`). Values: 50, 75, 100, 125, 150, 175, 200, 300, 400. Default: `100`.
 * @attr {string} scale - Player scale, in percent (sets `--ped-scale`). Values: 50, 75, 100, 125, 150, 175, 200, 300, 400. Default: `100`.
 * @attr {string} cc-font-family - Caption font family. Values: a font list. Default: `Arial, Helvetica, sans-serif`.
 * @attr {string} cc-font-size - Caption size, 0.5 to 4 times the default. Values: a percentage (`100%`) or `rem` / `em` (`1.5rem`). Default: `100%`.
 * @attr {string} cc-font-color - Caption text colour. Values: `#RRGGBB`. Default: `#FFFFFF`.
 * @attr {string} cc-font-opacity - Caption text opacity. Values: two hex digits (`FF`, `BF`, `00`). Default: `FF`.
 * @attr {string} cc-background-color - Caption background colour. Values: `#RRGGBB`. Default: `#000000`.
 * @attr {string} cc-background-opacity - Caption background opacity. Values: two hex digits (`FF`, `BF`, `00`). Default: `BF`.
 * @attr {string} brochure - Alias of `brochure-button`. Values: `0` / `1`. Default: `1`.
 * @attr {string} brochures - Alias of `brochure-button`. Values: `0` / `1`. Default: `1`.
 * @attr {string} captions - Alias of `captions-button`. Values: `0` / `1`. Default: `1`.
 * @attr {string} disclaimer - Alias of `disclaimer-button`. Values: `0` / `1`. Default: `1`.
 * @attr {string} dynamic_sharing - Alias of `dynamic-sharing`. Values: `0` / `1` (`false` / `true`). Default: `0`.
 * @attr {string} favorites - Alias of `favorites-button`. Values: `0` / `1`. Default: `0`.
 * @attr {string} fullscreen - Alias of `enlarge-button`. Values: `0` / `1`. Default: `1`.
 * @attr {string} ignoreaudio - Alias of `audio` inverted (`1` = sound off). Values: `0` / `1`. Default: `0`.
 * @attr {string} markup - Alias of `markup-button`. Values: `0` / `1`. Default: `1`.
 * @attr {string} menuaccess - Alias of `menu-access`. Values: `0` / `1`. Default: `1`.
 * @attr {string} search - Alias of `search-button`. Values: `0` / `1`. Default: `1`.
 * @attr {string} sections - Alias of `chapters-button`. Values: `0` / `1`. Default: `1`.
 * @attr {string} social - Alias of `share-button`. Values: `0` / `1`. Default: `1`.
 * @attr {string} language - Sets menu, caption and voice-over languages together. Values: `en`, `es`, `de`, `ar`, `pt`. Default: `en`.
 * @attr {string} lang - Sets menu, caption and voice-over languages together. Values: `en`, `es`, `de`, `ar`, `pt`. Default: `en`.
 * @attr {string} allowed-origins - Origins (separated by spaces or commas) allowed to command the player through postMessage when it is embedded in an iframe; also the target of its events. Without it, any parent page may command it. An embed page can pass it as a URL parameter instead. Values: origins. Default: (none).
 * @attr {string} search-app-id - Algolia application id of a hosted search index. With `search-api-key` and `search-index` set (here or in the client configuration's `search`), search uses that service; otherwise an index built in the browser from the client's menu. Values: an application id. Default: (none).
 * @attr {string} search-api-key - The search-only API key of that application (never an admin key: it is visible in the page). Values: a key. Default: (none).
 * @attr {string} search-index - The index name; the "Title A–Z" sort uses its replicas `<index>_title_<language>_asc`. Values: an index name. Default: (none).
 * @attr {string} search-host - Overrides the search service's hosts (a proxy or an Algolia-compatible service such as the reference provider). Values: URL. Default: Algolia's.
 * @attr {string} search-operator - How values of one search filter combine: `or` (any of them) or `and` (all of them). Values: `or`, `and`. Default: `or`.
 *
 * @fires {CustomEvent<{ route: string; screen: string }>} ready - The first screen has rendered.
 * @fires {CustomEvent<{ state: PlayerStateValue; duration?: number; currentTime?: number }>} statechange - Player state changed; duration and currentTime (seconds) for states 1, 2 and 9.
 * @fires {CustomEvent<{ volume: number; muted: boolean }>} volumechange - Volume (0..1) or mute changed.
 * @fires {CustomEvent<AnalyticsEvent>} analytics - An analytics event (only while the googleAnalytics preference is on).
 * @fires {CustomEvent<{ code: string }>} playlistend - The last item of the playlist ended.
 * @fires {CustomEvent<{ name: string; code: string | null }>} navigate - The player moved to another screen: route name and code (if any).
 * @fires {CustomEvent<{ data: string }>} screenshot - A screenshot in native iOS / Android wrappers (elsewhere it downloads as a file).
 * @fires {CustomEvent<{ code: PlayerErrorCode; message: string; retryable: boolean }>} error - Something the visitor was waiting for failed and the player shows it (with a retry where one can help): `code` says what (ERROR_CODES), `message` is an English detail, `retryable` whether trying again may succeed.
 * @fires {CustomEvent<{ id: string | number; result: unknown } | { id: string | number; error: { code: string; message: string } }>} result - The answer to a `command` CustomEvent.
 *
 * @cssprop --ped-color - Theme colour: header, buttons, progress (from the `color` option). Default: `#364B8C`.
 * @cssprop --ped-scale - Player scale factor, 1 = 100% (from the `scale` option). The text is 16px times scale times text scale, at most 4 (64px). Default: `1`.
 * @cssprop --ped-text-scale - Text scale factor, 1 = 100% (from the `font-size` option, the Text size setting). Default: `1`.
 * @cssprop --ped-fg - Text colour. Default: `#1d2433`.
 * @cssprop --ped-bg - Background colour. Default: `#ffffff`.
 * @cssprop --ped-muted - Secondary text colour. Default: `#5a6478`.
 * @cssprop --ped-radius - Corner radius of cards, buttons and the stage. Default: `8px`.
 * @cssprop --ped-cc-font - Caption font family (from `cc-font-family`). Default: `Arial, Helvetica, sans-serif`.
 * @cssprop --ped-cc-size - Caption size factor (from `cc-font-size`). Default: `1`.
 * @cssprop --ped-cc-color - Caption text colour with alpha (from `cc-font-color` + `cc-font-opacity`). Default: `#FFFFFFFF`.
 * @cssprop --ped-cc-bg - Caption background with alpha (from `cc-background-color` + `cc-background-opacity`). Default: `#000000BF`.
 *
 * @csspart header - The practice bar at the top: name, art and the header buttons.
 * @csspart menu - The menu (browse) screen.
 * @csspart stage - The video or slide area.
 * @csspart controls - The control bar under the stage.
 * @csspart dialog - Every dialog and overlay panel (settings, share, transcript, ...).
 */
export class PatientEdPlayerElement extends (Base as unknown as typeof HTMLElement) {
  /** This copy's version (package.json); a page that loads two copies keeps the first and is told so. */
  static readonly version: string = __PLAYER_VERSION__;
  declare client: string | undefined;
  declare code: string | undefined;
  declare language: string | undefined;
  declare providerUrl: string | undefined;
  readonly [CONTROLLER] = new PlayerController(this);
  private disconnectAll?: () => void;

  constructor() {
    super();
    this.shadowRoot!.adoptedStyleSheets = [baseSheet(), this[CONTROLLER].dynamicSheet];
  }

  connectedCallback(): void {
    const controller = this[CONTROLLER];
    // Route now: the first requests start before React's first (asynchronous) render.
    applyEmbedOptions(controller, (this as unknown as { [R2WC_PROPS]: PlayerAppProps })[R2WC_PROPS]);
    const offController = controller.connect();
    base.connectedCallback.call(this);
    const offEvents = attachCommandEvents(this, controller);
    const offMessages = attachPostMessageInFrame(this, controller);
    this.disconnectAll = () => {
      offEvents();
      offMessages();
      offController();
      // Requests under way stop and the media is released; connecting again resumes (a move).
      controller.abortAll();
    };
  }

  disconnectedCallback(): void {
    this.disconnectAll?.();
    this.disconnectAll = undefined;
    base.disconnectedCallback.call(this);
  }

  /**
   * r2wc ignores removed and empty attributes; both must reset the property so that, for example,
   * removing `code` or setting `code=""` re-routes to the menu, and removing `captions` drops that option.
   */
  attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    base.attributeChangedCallback.call(this, name, old, value);
    if (value !== null && value !== '') return;
    const prop = name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    const self = this as unknown as Record<symbol, unknown> & { [R2WC_PROPS]: Record<string, unknown> };
    if (!(prop in self[R2WC_PROPS])) return;
    delete self[R2WC_PROPS][prop];
    (self[R2WC_RENDER] as () => void).call(this);
  }

  /** The in-memory location path (for hosts and tests; the page URL is never touched). */
  get currentPath(): string {
    return this[CONTROLLER].path;
  }
}

/**
 * The postMessage adapter, only in a frame and from its own chunk: the parent's messages and the player's
 * events that come before it has loaded are kept and handed to it, in order.
 */
function attachPostMessageInFrame(host: PatientEdPlayerElement, controller: PlayerController): () => void {
  if (window.parent === window) return () => {};
  const early: Event[] = [];
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
    ({ attachPostMessage, parseOrigins }) => {
      stopKeeping();
      if (gone) return;
      // Origins allowed to command the player: the attribute, else the embed URL's parameter.
      const allowList = () => parseOrigins(host.getAttribute('allowed-origins') ?? new URLSearchParams(location.search).get('allowed-origins'));
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
  const getter = COMMANDS[name].kind === 'get';
  Object.defineProperty(PatientEdPlayerElement.prototype, name, {
    configurable: true,
    writable: true,
    value(this: PatientEdPlayerElement, ...args: unknown[]) {
      if (getter) return executeCommand(this[CONTROLLER], name, args);
      try {
        return Promise.resolve(executeCommand(this[CONTROLLER], name, args));
      } catch (error) {
        return Promise.reject(error);
      }
    },
  });
}

export interface PatientEdPlayerElement extends PlayerMethods {
  addEventListener<K extends keyof PlayerEventMap>(
    type: K,
    listener: (this: PatientEdPlayerElement, ev: CustomEvent<PlayerEventMap[K]>) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof PlayerEventMap>(
    type: K,
    listener: (this: PatientEdPlayerElement, ev: CustomEvent<PlayerEventMap[K]>) => unknown,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

/** Define the element once; loading the script twice is harmless. */
export function definePlayer(registry: CustomElementRegistry = customElements): void {
  const defined = registry.get(TAG_NAME) as { version?: unknown } | undefined;
  if (!defined) registry.define(TAG_NAME, PatientEdPlayerElement);
  // Another copy of another version came first: it stays (elements may exist already); one warning says so.
  else if (defined.version !== PatientEdPlayerElement.version) {
    console.warn(`${TAG_NAME} ${PatientEdPlayerElement.version} not used: already defined by version ${defined.version}`);
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'patient-ed-player': PatientEdPlayerElement;
  }
}
