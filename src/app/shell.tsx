import { useLingui } from '@lingui/react';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { directionOf } from '../i18n/locales';
import { mergePreferences } from '../preferences/merge';
import { DEFAULT_PREFERENCES } from '../preferences/defaults';
import { matchRoute, paths, type MatchedRoute } from '../routing/routes';
import { HEADER_ICONS, SvgIcon } from '../ui/svg-icon';
import { MODAL_TITLES } from '../routing/modal-titles';
import { MODAL_DATA } from '../routing/modals';
import { ErrorBoundary } from '../ui/error-boundary';
import { LoadFailure, Loading } from '../ui/load-failure';
import { usePlayer } from '../screens/player-context';
import { FailedScreen } from '../screens/failed-screen';
import { dispatchPlayerEvent } from '../core/events';
import type { PlayerController } from './controller';
import { ERROR_SCREEN, MENU_SCREEN, MODAL_LAYER, NOTICES, PLAYER_SCREEN } from './chunks';
import type { LazyModule } from '../core/lazy-module';
import { useLazyModule } from '../screens/use-lazy-module';
import { countRender } from '../screens/render-count';

const PLATFORMS = ['ios', 'android', 'web'];

/** A screen that failed to render or load: a clear message with a retry (and still the first screen's `ready`). */
function ScreenFailure({ onRetry }: { onRetry: () => void }) {
  const { reportRendered } = usePlayer();
  useEffect(() => reportRendered('failure'), [reportRendered]);
  return <FailedScreen onRetry={onRetry} />;
}

/** The modal layer from its chunk (requested by the controller with the modal route); a retry if it failed. */
function LazyModalScreen({ route }: { route: MatchedRoute }) {
  const chunk = useLazyModule(MODAL_LAYER);
  if (chunk.status === 'ready') return <chunk.module.ModalScreen route={route} />;
  if (chunk.status === 'error') return <FailedScreen onRetry={chunk.retry} />;
  return null;
}

function LazyNotices() {
  const chunk = useLazyModule(NOTICES);
  return chunk.status === 'ready' ? <chunk.module.NoticeList /> : null;
}

/**
 * A screen from its chunk (requested by the controller with the route, beside the route's data): a spinner
 * meanwhile, a failure with a retry if it did not load.
 */
function LazyScreen<T>({ chunk: mod, render }: { chunk: LazyModule<T>; render: (module: T) => React.ReactNode }) {
  const chunk = useLazyModule(mod);
  if (chunk.status === 'loading') return <Loading />;
  if (chunk.status === 'error') return <ScreenFailure onRetry={chunk.retry} />;
  return render(chunk.module);
}

type PlayerScreenProps = Parameters<typeof import('../screens/player-screen').PlayerScreen>[0];

/**
 * The player screen from its chunk, which the controller requested on navigation: rendered at once
 * when it is there (no Suspense, so no throttled reveal), a spinner meanwhile, a retry if it failed.
 */
function LazyPlayerScreen(props: PlayerScreenProps) {
  const { controller } = usePlayer();
  const chunk = useLazyModule(PLAYER_SCREEN);
  if (chunk.status === 'loading') return <Loading />;
  if (chunk.status === 'error') {
    // The controller asks for the chunk again with the route's work, and starts the playlist that waited for it.
    const retry = chunk.retry;
    return <ScreenFailure onRetry={() => (void controller.command('retryLoad'), retry())} />;
  }
  const { PlayerScreen } = chunk.module;
  return <PlayerScreen {...props} />;
}

/** What the visitor does that ends the wait for a loading screen's focus target. */
const GIVE_UP = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/** The focus is somewhere on purpose: on an element of the player, or on the page's own (not lost to its body). */
const focusElsewhere = (root: ShadowRoot, host: HTMLElement) =>
  Boolean(root.activeElement?.isConnected) ||
  (document.activeElement !== document.body && document.activeElement !== host);

/** Focus `target` (when there is one); whether it took the focus. */
const focusOn = (root: ShadowRoot, target: HTMLElement | null) => {
  target?.focus();
  return Boolean(target) && root.activeElement === target;
};

/**
 * Focus follows a navigation made from inside the player (a card, a breadcrumb, Back to menu): the control that had
 * it is gone with its screen, so the visitor (a keyboard or screen reader user above all) is taken to the new
 * screen rather than to the top of the host page. Returning to a menu focuses the card of where they were; otherwise
 * the screen's heading. Navigations the host page makes while its own controls have the focus leave it there; the
 * modal layer manages focus into a dialog and back to its opener (when the opener is gone, as after choosing a
 * search result, the new screen's heading takes it here). A visitor who clicks, scrolls or types while the new
 * screen loads is left alone.
 */
function useFocusFollowsNavigation(host: HTMLElement, path: string) {
  // Where the focus goes after a navigation: the card of the code navigated from ('' for the screen's heading), or
  // nowhere (null). Read in the render of the new path, while the old screen is still on the page (its control still
  // has the focus).
  const [navigation, setNavigation] = useState<{ path: string; from: string | null }>({ path, from: null });
  if (navigation.path !== path) {
    const from =
      !matchRoute(path).modal && host.matches(':focus-within') ? (matchRoute(navigation.path).code ?? '') : null;
    setNavigation({ path, from });
  }
  /** The navigation's focus target until the effect below takes it (set before the DOM's observers report). */
  const wanted = useRef<string | null>(null);
  useLayoutEffect(() => {
    wanted.current = navigation.from;
  }, [navigation]);
  /** The navigation's focus is still on its way (its screen loading): the retry handling below waits. */
  const navigating = useRef(false);
  useEffect(() => {
    const from = wanted.current;
    const root = host.shadowRoot;
    const screen = root?.querySelector('.screen-host');
    if (from === null || !root || !screen) return;
    /** Focus the new screen's target once it is there; true when done (or no longer wanted). */
    const attempt = () => {
      // Focus went somewhere since (the visitor clicked, the host page took it): nothing to do.
      if (focusElsewhere(root, host)) return true;
      const code = from && CSS.escape(from);
      return focusOn(
        root,
        (code && screen.querySelector<HTMLElement>(`button[data-code="${code}"], button[data-favorite="${code}"]`)) ||
          screen.querySelector<HTMLElement>('h2[tabindex="-1"]'),
      );
    };
    wanted.current = null;
    if (attempt()) return;
    // The screen is still loading (its data, its chunk): as soon as it shows, unless the visitor does something first.
    navigating.current = true;
    const observer = new MutationObserver(() => attempt() && stop());
    const stop = () => {
      navigating.current = false;
      observer.disconnect();
      for (const type of GIVE_UP) document.removeEventListener(type, stop, true);
    };
    observer.observe(screen, { childList: true, subtree: true });
    for (const type of GIVE_UP) document.addEventListener(type, stop, true);
    return stop;
  }, [path, host]);

  // Without a navigation, Try again goes with its failure when pressed (a spinner, then the screen): the screen's
  // heading, or the new Try again if it failed again, takes the focus once there. Only while the focus is still on
  // that button: the visitor who has moved on (to the page, elsewhere in the player) is left alone.
  useEffect(() => {
    const root = host.shadowRoot;
    const screen = root?.querySelector('.screen-host');
    if (!root || !screen) return;
    let last: Element | null = null;
    let lost = false;
    const onFocusIn = (event: Event) => {
      const target = event.composedPath()[0];
      last =
        target instanceof Element && screen.contains(target) && target.matches('.load-failure button') ? target : null;
    };
    // Focus leaving the button for somewhere else (not its removal) ends the watch.
    const onFocusOut = (event: Event) => {
      const target = event.composedPath()[0];
      if (target !== last) return;
      queueMicrotask(() => {
        if (last === target && last.isConnected) last = null;
      });
    };
    const settle = () => {
      lost = false;
      for (const type of GIVE_UP) document.removeEventListener(type, settle, true);
    };
    const observer = new MutationObserver(() => {
      if (wanted.current !== null || navigating.current) return;
      const away = focusElsewhere(root, host);
      if (!lost && last && !last.isConnected && !away) {
        lost = true;
        for (const type of GIVE_UP) document.addEventListener(type, settle, true);
      }
      if (!lost) return;
      if (away) return settle();
      if (focusOn(root, screen.querySelector<HTMLElement>('h2[tabindex="-1"], .load-failure button'))) settle();
    });
    root.addEventListener('focusin', onFocusIn);
    root.addEventListener('focusout', onFocusOut);
    observer.observe(screen, { childList: true, subtree: true });
    return () => {
      root.removeEventListener('focusin', onFocusIn);
      root.removeEventListener('focusout', onFocusOut);
      observer.disconnect();
      settle();
    };
  }, [host]);
}

/** The root shell: the route's screen (its data requested by the controller), shell classes and the modal layer. */
export function Shell({
  controller,
  host,
  contextMenu,
}: {
  controller: PlayerController;
  host: HTMLElement;
  contextMenu: boolean;
}) {
  const { i18n } = useLingui();
  const { api, reportRendered } = usePlayer();
  const [path] = useLocation();
  const route = useMemo(() => matchRoute(path), [path]);
  useFocusFollowsNavigation(host, path);
  const snap = useSnapshot(controller.state);
  countRender(controller, 'shell');
  // One object while the layers stay the same (valtio keeps their snapshot), so the screens below are not
  // rendered again for every change of the shell's other state.
  const prefs = useMemo(() => mergePreferences(snap.layers), [snap.layers]);
  // The first screen waits for its language catalog (no flash of English); later switches keep the
  // current language on screen until the new catalog has loaded. The controller loads it.
  const languageReady = snap.locale !== undefined;

  useEffect(() => {
    if (snap.clientStatus === 'error' && languageReady) reportRendered('failure');
  }, [snap.clientStatus, languageReady, reportRendered]);

  // The navigate event: every screen the player settles on (not the redirects), with its code. A layout effect, so
  // that it comes before what the screen below reports in its own (passive) effects when both render together, as a
  // player opened on an item does when its interface runs late (src/app/interface-gate.ts): `navigate`, then `ready`.
  useLayoutEffect(() => {
    dispatchPlayerEvent(host, 'navigate', { name: route.name, code: route.code ?? null });
  }, [route, host]);

  useEffect(() => {
    const onFullscreen = () => {
      controller.state.shell.fullscreen = document.fullscreenElement === host;
    };
    document.addEventListener('fullscreenchange', onFullscreen);
    return () => document.removeEventListener('fullscreenchange', onFullscreen);
  }, [controller, host]);

  // A dialog gets room: a short menu (or a narrow player) grows while one is open (styles.ts, .dialog-open).
  const inDialog = Boolean(
    route.modal &&
    route.client &&
    route.client === snap.loadedClient &&
    snap.clientStatus === 'ready' &&
    MODAL_DATA[route.modal].presentation === 'dialog',
  );
  // The screen scrolls inside a box the page fixed (interface-styles.ts, .fits-box), but not across a vertical writing
  // mode that the page gives the element: a horizontal scroller in it hangs WebKitGTK's layout. Read once.
  const [fitsBox] = useState(() => !/vertical|sideways|^tb/.test(getComputedStyle(host).writingMode));
  const platform = PLATFORMS.includes(prefs.platform) ? prefs.platform : 'default';
  const classes = [
    'shell',
    `platform-${platform}`,
    fitsBox ? 'fits-box' : '',
    prefs.increaseContrast ? 'increase-contrast' : '',
    prefs.reduceMotion ? 'reduce-motion' : '',
    route.modal === 'markup' ? 'markup' : '',
    inDialog ? 'dialog-open' : '',
    snap.shell.controlsVisible ? 'controls-visible' : '',
    snap.shell.fullscreen ? 'fullscreen' : '',
  ].filter(Boolean);

  let screen: React.ReactNode;
  const showsClientScreens = route.name !== 'error' && route.client && route.client === snap.loadedClient;
  if (!languageReady) screen = <Loading />;
  else if (route.name === 'error' || (showsClientScreens && snap.clientStatus === 'not-found')) {
    screen = <LazyScreen chunk={ERROR_SCREEN} render={(m) => <m.ErrorScreen brand={prefs.reseller?.brand} />} />;
  } else if (!showsClientScreens || snap.clientStatus === 'loading' || snap.clientStatus === 'idle') {
    screen = <Loading />;
  } else if (snap.clientStatus === 'error') {
    screen = (
      <LoadFailure error={snap.data.client.error} onRetry={() => void controller.command('retryLoad', 'client')} />
    );
  } else if (route.name === 'navigation') {
    screen = (
      <LazyScreen
        chunk={MENU_SCREEN}
        render={(m) => <m.MenuScreen client={route.client!} code={route.code} prefs={prefs} />}
      />
    );
  } else {
    screen = !snap.catalogs.includes('player') ? (
      <Loading />
    ) : (
      <LazyPlayerScreen
        client={route.client!}
        code={route.code!}
        collection={route.collection}
        prefs={prefs}
        modalOpen={Boolean(route.modal)}
      />
    );
  }
  // Art of another scheme (or no URL at all): the default art.
  const artUrl = prefs.art ? (api.artUrl(prefs.art) ?? api.artUrl(DEFAULT_PREFERENCES.art)) : undefined;
  const inClient = showsClientScreens && snap.clientStatus === 'ready';
  const modalOpen = Boolean(inClient && route.modal);
  // A dialog makes the stage inert; an overlay leaves it visible and live.
  const presentation = route.modal ? MODAL_DATA[route.modal].presentation : undefined;
  // The right-click menu can be disabled inside the player only; the host page's own menu is untouched.
  const onContextMenu = contextMenu ? undefined : (event: React.MouseEvent) => event.preventDefault();

  return (
    <div
      className={classes.join(' ')}
      dir={directionOf(i18n.locale)}
      lang={i18n.locale}
      data-route={route.name}
      onContextMenu={onContextMenu}
    >
      {inClient && (
        <header className="practice-bar" part="header">
          {artUrl && <img className="practice-art" src={artUrl} alt="" />}
          <h1 className="practice-name">{prefs.practice}</h1>
          {route.name === 'navigation' && route.client && (
            <div className="header-actions">
              {/* The menu's dialogs: search (searchButton) and settings, named by their titles. */}
              {(['search', 'settings'] as const).map(
                (m) =>
                  (m !== 'search' || prefs.searchButton === 1) && (
                    <button
                      key={m}
                      type="button"
                      className="header-button"
                      data-control={m}
                      aria-label={MODAL_TITLES[m](i18n, route)}
                      onClick={() => controller.navigate(paths.modal(paths.navigation(route.client!, route.code), m))}
                    >
                      <SvgIcon d={HEADER_ICONS[m]} />
                    </button>
                  ),
              )}
            </div>
          )}
        </header>
      )}
      <div className="screen-host" inert={modalOpen && presentation === 'dialog'}>
        <ErrorBoundary resetKey={path} fallback={(reset) => <ScreenFailure onRetry={reset} />}>
          {screen}
        </ErrorBoundary>
      </div>
      {/* The live region is always there (so that screen readers announce what appears in it). */}
      <div
        className="notices"
        role="status"
        aria-live="polite"
        aria-label={i18n._({ id: 'notice.region', message: 'Notifications' })}
      >
        {snap.notifications.length > 0 && <LazyNotices />}
      </div>
      <div
        className={`modal-layer modal-layer-${presentation ?? 'dialog'}`}
        hidden={!modalOpen}
        inert={!modalOpen}
        data-modal={route.modal ?? ''}
      >
        {modalOpen && <LazyModalScreen route={route} />}
      </div>
    </div>
  );
}
