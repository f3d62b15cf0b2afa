import { useLingui } from '@lingui/react';
import { lazy, Suspense, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation, useSearch } from 'wouter';
import { activateLanguage, directionOf } from '../i18n/locales';
import { mergePreferences } from '../preferences/merge';
import { matchRoute, redirectFor } from '../routing/routes';
import { ErrorScreen } from '../screens/error-screen';
import { MenuScreen } from '../screens/menu-screen';
import { ModalScreen } from '../screens/modal-screen';
import { Notices } from '../screens/notices';
import { ErrorBoundary } from '../ui/error-boundary';
import { LoadFailure, Loading } from '../ui/load-failure';
import { usePlayer } from './context';
import { themeCss } from '../element/styles';
import { dispatchPlayerEvent } from '../element/events';
import type { ProviderHosts } from '../content/provider';

const PLATFORMS = ['ios', 'android', 'web'];

// The first screen is usually the menu: the player screen (controls, modals) is a lazy chunk.
const PlayerScreen = lazy(() => import('../screens/player-screen').then((m) => ({ default: m.PlayerScreen })));

/** Query names consumed by the root redirect; the rest of the query is carried to the open route. */
const ROOT_ONLY_PARAMS = ['client', 'openthis'];

/** A screen that failed to render: a clear message with a retry (and still the first screen's `ready`). */
function ScreenFailure({ onRetry }: { onRetry: () => void }) {
  const { reportRendered } = usePlayer();
  useEffect(() => reportRendered('failure'), [reportRendered]);
  return <LoadFailure error={{ kind: 'parse' }} onRetry={onRetry} />;
}

/** The root shell: route table, redirects, client loading, shell classes and the modal layer. */
export function Shell({ hosts, host, contextMenu }: { hosts: ProviderHosts; host: HTMLElement; contextMenu: boolean }) {
  const { i18n } = useLingui();
  const { controller, reportRendered } = usePlayer();
  const [path] = useLocation();
  const search = useSearch();
  const route = useMemo(() => matchRoute(path), [path]);
  const redirect = useMemo(() => {
    const query = new URLSearchParams(search);
    const target = redirectFor(route, query);
    if (!target) return undefined;
    if (route.name === 'root') for (const p of ROOT_ONLY_PARAMS) query.delete(p);
    const rest = query.toString();
    return rest ? `${target}?${rest}` : target;
  }, [route, search]);
  const snap = useSnapshot(controller.state);
  const prefs = mergePreferences(snap.layers);

  useLayoutEffect(() => {
    if (redirect) controller.navigate(redirect, { replace: true });
  }, [redirect, controller]);

  const hostsKey = JSON.stringify(hosts);
  useEffect(() => {
    if (!redirect && route.client && route.name !== 'error') void controller.loadClient(route.client, hosts);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [route.client, route.name, redirect, hostsKey, controller]);

  // The first screen waits for its language catalog (no flash of English); later switches keep the
  // current language on screen until the new catalog has loaded.
  const [languageReady, setLanguageReady] = useState(false);
  useEffect(() => {
    let live = true;
    void activateLanguage(controller.i18n, prefs.menuLanguage).then(() => live && setLanguageReady(true));
    return () => {
      live = false;
    };
  }, [prefs.menuLanguage, controller]);

  useEffect(() => {
    if (snap.clientStatus === 'error' && languageReady) reportRendered('failure');
  }, [snap.clientStatus, languageReady, reportRendered]);

  useEffect(() => controller.connectStorage(), [controller]);

  // The navigate event: every screen the player settles on (not the redirects), with its code.
  useEffect(() => {
    if (redirect) return;
    dispatchPlayerEvent(host, 'navigate', { name: route.name, code: route.code ?? null });
  }, [route, redirect, host]);

  useEffect(() => {
    controller.applyTheme(themeCss(prefs));
  }, [prefs.color, prefs.scale, prefs.fontSize, prefs.ccFontFamily, prefs.ccFontSize, prefs.ccFontColor, prefs.ccFontOpacity, prefs.ccBackgroundColor, prefs.ccBackgroundOpacity, controller]);

  useEffect(() => {
    const onFullscreen = () => {
      controller.state.shell.fullscreen = document.fullscreenElement === host;
    };
    document.addEventListener('fullscreenchange', onFullscreen);
    return () => document.removeEventListener('fullscreenchange', onFullscreen);
  }, [controller, host]);

  const platform = PLATFORMS.includes(prefs.platform) ? prefs.platform : 'default';
  const classes = [
    'shell',
    `platform-${platform}`,
    prefs.increaseContrast ? 'increase-contrast' : '',
    prefs.reduceMotion ? 'reduce-motion' : '',
    route.modal === 'markup' ? 'markup' : '',
    snap.shell.controlsVisible ? 'controls-visible' : '',
    snap.shell.fullscreen ? 'fullscreen' : '',
  ].filter(Boolean);

  let screen: React.ReactNode;
  const showsClientScreens = !redirect && route.name !== 'error' && route.client && route.client === snap.loadedClient;
  if (redirect || !languageReady) screen = <Loading />;
  else if (route.name === 'error' || (showsClientScreens && snap.clientStatus === 'not-found')) {
    screen = <ErrorScreen brand={prefs.reseller?.brand} />;
  } else if (!showsClientScreens || snap.clientStatus === 'loading' || snap.clientStatus === 'idle') {
    screen = <Loading />;
  } else if (snap.clientStatus === 'error') {
    screen = <LoadFailure error={snap.clientError} onRetry={() => void controller.retryClient(hosts)} />;
  } else if (route.name === 'navigation') {
    screen = <MenuScreen client={route.client!} code={route.code} prefs={prefs} />;
  } else {
    screen = (
      <Suspense fallback={<Loading />}>
        <PlayerScreen client={route.client!} code={route.code!} collection={route.collection} prefs={prefs} modalOpen={Boolean(route.modal)} />
      </Suspense>
    );
  }
  const artUrl = prefs.art ? controller.api(hosts).artUrl(prefs.art) : undefined;
  const inClient = showsClientScreens && snap.clientStatus === 'ready';
  const modalOpen = Boolean(inClient && route.modal);
  // The right-click menu can be disabled inside the player only; the host page's own menu is untouched.
  const onContextMenu = contextMenu ? undefined : (event: React.MouseEvent) => event.preventDefault();

  return (
    <div className={classes.join(' ')} dir={directionOf(i18n.locale)} lang={i18n.locale} data-route={route.name} onContextMenu={onContextMenu}>
      {inClient && (
        <header className="practice-bar">
          {artUrl && <img className="practice-art" src={artUrl} alt="" />}
          <h1 className="practice-name">{prefs.practice}</h1>
        </header>
      )}
      <div className="screen-host" inert={modalOpen}>
        <ErrorBoundary resetKey={path} fallback={(reset) => <ScreenFailure onRetry={reset} />}>
          {screen}
        </ErrorBoundary>
      </div>
      <Notices />
      <div className="modal-layer" hidden={!modalOpen} inert={!modalOpen} data-modal={route.modal ?? ''}>
        {modalOpen && <ModalScreen route={route} />}
      </div>
    </div>
  );
}
