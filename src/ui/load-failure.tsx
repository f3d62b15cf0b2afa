import { useLingui } from '@lingui/react';

export interface LoadFailureProps {
  /** The HttpError (or other error) that ended the load. */
  error: unknown;
  onRetry: () => void;
}

/** A failed load as a clear, translated message with a retry action; never a blank screen. */
export function LoadFailure({ error, onRetry }: LoadFailureProps) {
  const { i18n } = useLingui();
  const e = (error ?? {}) as { reason?: string; status?: number };
  let message: string;
  if (e.reason === 'screen') {
    // A screen that failed to render, or whose code could not be loaded.
    message = i18n._({ id: 'error.screen', message: 'This screen could not be shown. Please try again.' });
  } else if (e.reason === 'network' || e.reason === 'timeout') {
    message = i18n._({
      id: 'error.network',
      message: "We couldn't reach the content server. Check your connection and try again.",
    });
  } else if (e.reason === 'status' && e.status === 404) {
    message = i18n._({ id: 'error.notFound', message: 'This content could not be found.' });
  } else if (e.reason === 'status') {
    message = i18n._({
      id: 'error.status',
      message: 'The content server answered with an error ({status}). Please try again.',
      values: { status: e.status },
    });
  } else {
    message = i18n._({ id: 'error.malformed', message: 'The content server sent data the player could not read.' });
  }
  return (
    <div className="load-failure" role="alert" data-error-kind={e.reason ?? 'unknown'}>
      <p className="load-failure-message">{message}</p>
      <button type="button" className="button" onClick={onRetry}>
        {i18n._({ id: 'action.retry', message: 'Try again' })}
      </button>
    </div>
  );
}

export function Loading() {
  const { i18n } = useLingui();
  return (
    <div className="loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{i18n._({ id: 'status.loading', message: 'Loading…' })}</span>
    </div>
  );
}
