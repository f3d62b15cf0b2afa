import { INTERFACE, preloadInterface } from './interface-chunk';
import { CONTROLLER, type ControllerHost, type PlayerAppProps } from '../app/embed-options';
import type { PlayerRoot } from '../app/react-root';
import { dispatchPlayerEvent } from '../core/events';
import { directionOf } from '../i18n/locales';
import { showEarlyPlayer, type EarlyPlayer } from './early-player';

/** One mounted element's tree: its latest props, and the React root once the interface chunk is in. */
interface RootContext {
  container: ShadowRoot | HTMLElement;
  host: ControllerHost;
  props: PlayerAppProps;
  root?: PlayerRoot;
  /** Unmounted: whatever arrives later is dropped. */
  gone: boolean;
  /** An import of the chunk is under way (one at a time: clicks and `online` during it do nothing more). */
  loading: boolean;
  /** What the shadow root shows until the React tree is in. */
  placeholder?: Placeholder | EarlyPlayer;
  /** Waiting for the player's interface gate (src/app/interface-gate.ts): cancels that wait. */
  held?: () => void;
  /** The gate held it (a player opened on an item, its media loading): the first render is sliced. */
  wasHeld?: boolean;
  /** The `modulepreload` links of the first screen's files. */
  preloads?: HTMLLinkElement[];
}

interface Placeholder {
  mode: 'loading' | 'failure';
  remove(): void;
  /** Failure mode: the retry's busy state. */
  busy(value: boolean): void;
}

/**
 * r2wc's renderer: what @r2wc/react-to-web-component does with react-dom, here with react-dom and the React tree
 * loaded on demand (the INTERFACE chunk), so that the element, its controller and the route's requests start
 * before React DOM is even parsed. Meanwhile the shadow root shows a spinner; a chunk that does not load shows the
 * failure every screen shows (translated, with Try again) and an `error` event, never an empty player.
 */
export const lazyRenderer = {
  mount(container: ShadowRoot | HTMLElement, _component: unknown, props: PlayerAppProps): RootContext {
    const host = (container instanceof ShadowRoot ? container.host : container) as ControllerHost;
    const ctx: RootContext = { container, host, props, gone: false, loading: false };
    load(ctx);
    return ctx;
  },
  update(ctx: RootContext, props: PlayerAppProps): void {
    ctx.props = props;
    if (ctx.root) ctx.root.render(props);
    // No root yet (the interface chunk still loading, or failed): any later change tries again.
    else load(ctx);
  },
  unmount(ctx: RootContext): void {
    ctx.gone = true;
    ctx.held?.();
    clearPlaceholder(ctx);
    ctx.root?.unmount();
  },
};

function load(ctx: RootContext): void {
  if (ctx.gone || ctx.root || ctx.loading || ctx.held) return;
  const gate = ctx.host[CONTROLLER].interfaceGate;
  if (!gate.isOpen) {
    // A player opened on a video: the interface's files only when the gate opens, after the media's metadata, whose
    // bytes they would share a slow connection with; meanwhile the video's picture shows in a plain-DOM outline of the
    // player screen. The engine's file is asked for ahead (its route imports it once the core's link is in), unless
    // the first video loads early (the entry's, src/playback/early-video.ts): it then waits for that video's metadata
    // too, as the engine does, so that its compile does not share the main thread with the media's request (issue 25).
    if (!ctx.placeholder && !INTERFACE.current && !ctx.host[CONTROLLER].engineWaits())
      ctx.preloads = preloadInterface(ctx.container, 'engine');
    ctx.wasHeld = true;
    ctx.placeholder ??= showEarlyPlayer(ctx.container, ctx.host, () => {
      if (ctx.placeholder?.mode === 'early') ctx.placeholder = undefined;
    });
    ctx.held = gate.whenOpen(() => {
      ctx.held = undefined;
      load(ctx);
    });
    return;
  }
  const ready = INTERFACE.current;
  if (ready) return mountRoot(ctx, ready);
  ctx.loading = true;
  if (!ctx.placeholder) {
    ctx.preloads ??= preloadInterface(ctx.container, 'interface');
    ctx.placeholder = showPlaceholder(ctx, 'loading');
  }
  ctx.placeholder.busy(true);
  const { requestTimeout, clock } = ctx.host[CONTROLLER];
  INTERFACE.load({ ms: requestTimeout, clock }).then(
    (m) => {
      ctx.loading = false;
      mountRoot(ctx, m);
    },
    () => {
      ctx.loading = false;
      if (ctx.gone) return;
      // Not in a document (yet): nothing to show; connecting tries again (update above).
      if (!ctx.host.isConnected) return clearPlaceholder(ctx);
      if (ctx.placeholder?.mode !== 'failure') {
        clearPlaceholder(ctx);
        ctx.placeholder = showPlaceholder(ctx, 'failure');
      }
      ctx.placeholder.busy(false);
      dispatchPlayerEvent(ctx.host, 'error', {
        code: 'screen',
        message: 'The player interface could not be loaded',
        retryable: true,
      });
    },
  );
}

function clearPlaceholder(ctx: RootContext): void {
  ctx.placeholder?.remove();
  ctx.placeholder = undefined;
  for (const link of ctx.preloads?.splice(0) ?? []) link.remove();
}

function mountRoot(ctx: RootContext, m: typeof import('../app/react-root')): void {
  if (ctx.gone || ctx.root) return;
  // The early player that holds the video stays until the player screen takes it (or another screen renders:
  // early-player.ts); with nothing to hand over it goes now.
  if (ctx.placeholder?.mode === 'early' && ctx.placeholder.holdsVideo)
    for (const link of ctx.preloads?.splice(0) ?? []) link.remove();
  else clearPlaceholder(ctx);
  ctx.root = m.mountPlayerApp(ctx.container, ctx.props, { sliced: ctx.wasHeld });
}

/**
 * A spinner, or the failure with "Try again", in plain DOM (React is what is missing), inside a `.shell` (which
 * inherits nothing from the host page's theme: src/element/styles.ts), in the visitor's language and its direction,
 * also once that language's catalog arrives. The failure stays the same element across retries (the focus stays on
 * its button).
 */
function showPlaceholder(ctx: RootContext, mode: Placeholder['mode']): Placeholder {
  const { i18n } = ctx.host[CONTROLLER];
  const shell = document.createElement('div');
  shell.className = 'shell';
  const box = document.createElement('div');
  const message = document.createElement(mode === 'loading' ? 'span' : 'p');
  const retry = document.createElement('button');
  if (mode === 'loading') {
    box.className = 'loading';
    box.setAttribute('role', 'status');
    const spinner = document.createElement('span');
    spinner.className = 'spinner';
    spinner.setAttribute('aria-hidden', 'true');
    message.className = 'visually-hidden';
    box.append(spinner, message);
  } else {
    box.className = 'load-failure';
    box.setAttribute('role', 'alert');
    box.dataset.errorKind = 'screen';
    message.className = 'load-failure-message';
    retry.type = 'button';
    retry.className = 'button';
    retry.addEventListener('click', () => load(ctx));
    box.append(message, retry);
  }
  const paint = () => {
    shell.lang = i18n.locale;
    shell.dir = directionOf(i18n.locale);
    if (mode === 'loading') message.textContent = i18n._({ id: 'status.loading', message: 'Loading…' });
    else {
      message.textContent = i18n._({
        id: 'error.screen',
        message: 'This screen could not be shown. Please try again.',
      });
      retry.textContent = i18n._({ id: 'action.retry', message: 'Try again' });
    }
  };
  paint();
  shell.append(box);
  ctx.container.append(shell);
  const offLocale = i18n.on('change', paint);
  // Back online: try again (the failure only).
  const online = () => load(ctx);
  if (mode === 'failure') window.addEventListener('online', online);
  return {
    mode,
    busy(value) {
      if (mode !== 'failure') return;
      box.setAttribute('aria-busy', String(value));
      retry.setAttribute('aria-disabled', String(value));
    },
    remove() {
      offLocale();
      window.removeEventListener('online', online);
      shell.remove();
    },
  };
}
