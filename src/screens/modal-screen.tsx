import { useLingui } from '@lingui/react';
import { useCallback } from 'react';
import { useSnapshot } from 'valtio';
import { usePlayer } from '../app/context';
import { useLazyModule, type LazyModule } from '../app/lazy-module';
import type { MatchedRoute } from '../routing/routes';
import { ErrorBoundary } from '../ui/error-boundary';
import { LoadFailure, Loading } from '../ui/load-failure';
import { ModalDialog } from '../ui/modal-dialog';
import { modalEntry, type ModalBody, type ModalBodyProps } from './modal-registry';

/** A modal's body from its chunk: a spinner while it loads, a retry (that imports again) when it fails. */
function LazyBody({ body, ...props }: ModalBodyProps & { body: LazyModule<ModalBody> }) {
  const state = useLazyModule(body);
  if (state.status === 'loading') return <Loading />;
  if (state.status === 'error') return <LoadFailure error={{ kind: 'screen' }} onRetry={state.retry} />;
  const Body = state.module;
  return <Body {...props} />;
}

/**
 * The modal layer's content for a modal route, from the screen registry. Its body sits inside an
 * error boundary: a body that throws shows a retry inside the dialog, never a blank player.
 */
export function ModalScreen({ route }: { route: MatchedRoute }) {
  const { i18n } = useLingui();
  const { controller } = usePlayer();
  const snap = useSnapshot(controller.state);
  const returnPath = route.returnPath;
  const close = useCallback(() => returnPath && controller.navigate(returnPath), [controller, returnPath]);
  if (!route.modal || !returnPath) return null;
  const entry = modalEntry(route.modal);
  return (
    <ModalDialog kind={entry.kind} name={route.modal} title={entry.title(i18n, route)} closeLabel={i18n._({ id: 'action.close', message: 'Close' })} onClose={close}>
      {entry.body && (!entry.catalog || snap.catalogs.includes(entry.catalog)) && (
        <ErrorBoundary resetKey={route.modal} fallback={(reset) => <LoadFailure error={{ kind: 'screen' }} onRetry={reset} />}>
          <LazyBody body={entry.body} route={route} close={close} />
        </ErrorBoundary>
      )}
    </ModalDialog>
  );
}
