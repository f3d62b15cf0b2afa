import { I18nProvider } from '@lingui/react';
import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { resolveHosts } from '../content/provider';
import { PlayerContext, type PlayerContextValue } from '../screens/player-context';
import { INTERFACE_CSS } from './interface-styles';
import { Shell } from './shell';
import { CONTROLLER, contextMenuAllowed, type ControllerHost, type PlayerAppProps } from './embed-options';

export function PlayerApp(props: PlayerAppProps) {
  const host = (props.container instanceof ShadowRoot ? props.container.host : props.container) as ControllerHost;
  const controller = host[CONTROLLER];
  controller.adoptStyles('interface', INTERFACE_CSS); // idempotent: before the shell's first paint
  // The controller routes before React is there; its in-memory location starts where it is by now.
  const location = (controller.location ??= memoryLocation({ path: controller.href }));
  // The element hands its attributes to the controller itself (src/element/player-element.ts), before this renders:
  // the tree shows what the controller decided, with the hosts its requests use (one object until they change).
  const configured = controller.hosts;
  const hosts = useMemo(() => configured ?? resolveHosts(undefined), [configured]);

  // The latest callback, in place before the screens' effects report (layout effects run first).
  const onReadyRef = useRef(props.onReady);
  useLayoutEffect(() => {
    onReadyRef.current = props.onReady;
  });
  const reportRendered = useCallback(
    (screen: string) => {
      if (controller.noteScreenShown()) onReadyRef.current?.({ route: controller.path, screen });
    },
    [controller],
  );

  const context = useMemo<PlayerContextValue>(
    () => ({ controller, api: controller.api(hosts), reportRendered }),
    [controller, hosts, reportRendered],
  );
  return (
    <I18nProvider i18n={controller.i18n}>
      <PlayerContext.Provider value={context}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <Shell controller={controller} host={host} contextMenu={contextMenuAllowed(props.contextMenu)} />
        </Router>
      </PlayerContext.Provider>
    </I18nProvider>
  );
}
