import { useLingui } from '@lingui/react';
import { useCallback, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { usePlayer } from './player-context';
import type { LazyModule } from '../core/lazy-module';
import { useLazyModule } from './use-lazy-module';
import type { MatchedRoute } from '../routing/routes';
import { ErrorBoundary } from '../ui/error-boundary';
import { Loading } from '../ui/load-failure';
import { FailedScreen } from './failed-screen';
import { ModalDialog } from '../ui/modal-dialog';
import { modalEntry, parentModal, type ModalBody, type ModalBodyProps, type ModalName } from './modal-registry';

/** The dialogs' styles: they load with the modal layer. */
const MODAL_CSS = /* css */ `
.modal-layer-overlay { background: transparent; pointer-events: none; }
.modal-layer-overlay .modal { pointer-events: auto; }
.modal {
  background: #fff;
  color: var(--ped-fg);
  border-radius: var(--ped-radius);
  min-width: min(24em, 100%);
  max-width: min(40em, 100%);
  max-height: 100%;
  overflow: auto;
  box-shadow: 0 10px 30px rgb(0 0 0 / .3);
}
/* Paddings stop growing with large text, so a narrow player keeps its width for the content. */
.modal-header {
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: .25em;
  padding: min(.5em, 8px) min(.75em, 12px) min(.5em, 8px) min(1em, 16px);
  border-bottom: 1px solid #e3e6ec;
}
.modal-title { margin: 0; font-size: 1.15em; overflow-wrap: break-word; min-width: 0; }
.modal-body { padding: min(1em, 16px); }
.button-icon {
  background: transparent;
  color: inherit;
  border-color: transparent;
  font-size: 1.4em;
  line-height: 1;
  padding: .1em .4em;
}
.choice-list { border: 0; margin: 0; padding: 0; display: grid; gap: .4em; }
.choice { display: flex; gap: .5em; align-items: center; }
.button-secondary { background: #fff; color: var(--ped-color); }
.disclaimer .info-list { margin-top: .75em; }
`;

/** A modal's body from its chunk: a spinner while it loads, a retry (that imports again) when it fails. */
function LazyBody({ body, ...props }: ModalBodyProps & { body: LazyModule<ModalBody> }) {
  const state = useLazyModule(body);
  if (state.status === 'loading') return <Loading />;
  if (state.status === 'error') return <FailedScreen onRetry={state.retry} />;
  const Body = state.module;
  return <Body {...props} />;
}

/**
 * Where the focus goes when the modal layer closes: its opener or, if a control-bar opener went away meanwhile
 * (the player narrowed and it moved into the More menu), the same control again or the More button.
 */
function returnFocus(root: ShadowRoot | null, opener: HTMLElement | null | undefined): void {
  if (!opener) return;
  if (opener.isConnected) return opener.focus();
  const name = opener.dataset.control;
  if (!name || !root) return;
  const again =
    root.querySelector<HTMLElement>(`.control-row [data-control="${CSS.escape(name)}"]`) ??
    root.querySelector<HTMLElement>('[data-control="more"]');
  again?.focus();
}

/**
 * The modal layer's content for a modal route, from the screen registry. Its body sits inside an
 * error boundary: a body that throws shows a retry inside the dialog, never a blank player.
 *
 * Focus: each modal screen takes the focus when it opens; coming back from a child screen (settings/captions
 * from settings/captions/font-size) puts it on the link that opened the child; when the modal layer
 * closes, it returns to the control that opened the first screen.
 */
export function ModalScreen({ route }: { route: MatchedRoute }) {
  const { i18n } = useLingui();
  const { controller } = usePlayer();
  controller.adoptStyles('modal', MODAL_CSS); // idempotent: before the first paint of a dialog
  const snap = useSnapshot(controller.state);
  const returnPath = route.returnPath;
  const close = useCallback(() => returnPath && controller.navigate(returnPath), [controller, returnPath]);
  // The opener: the control that had the focus when the route was navigated to (the controller noted it), else the
  // one that has it now (read while rendering, before any dialog takes the focus).
  const [opener] = useState(
    () => controller.takeModalOpener() ?? (controller.host.shadowRoot?.activeElement as HTMLElement | null | undefined),
  );
  useEffect(() => () => returnFocus(controller.host.shadowRoot, opener), [controller, opener]);
  // The modal screen shown before this one: coming back from a child screen focuses the link that opened it.
  const [modals, setModals] = useState<{ current?: ModalName; previous?: ModalName }>({ current: route.modal });
  if (modals.current !== route.modal) setModals({ current: route.modal, previous: modals.current });
  const previous = modals.previous;
  if (!route.modal || !returnPath) return null;
  const entry = modalEntry(route.modal);
  const backFromChild =
    previous && previous !== route.modal && parentModal(previous) === route.modal
      ? `[data-settings="${previous}"]`
      : undefined;
  return (
    <ModalDialog
      key={route.modal}
      presentation={entry.presentation}
      name={route.modal}
      title={entry.title(i18n, route)}
      closeLabel={i18n._({ id: 'action.close', message: 'Close' })}
      onClose={close}
      initialFocus={backFromChild ?? entry.initialFocus}
    >
      {entry.body && (!entry.catalog || snap.catalogs.includes(entry.catalog)) && (
        <ErrorBoundary resetKey={route.modal} fallback={(reset) => <FailedScreen onRetry={reset} />}>
          <LazyBody body={entry.body} route={route} close={close} />
        </ErrorBoundary>
      )}
    </ModalDialog>
  );
}
