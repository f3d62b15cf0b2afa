import { useEffect } from 'react';
import { dispatchPlayerEvent } from '../core/events';
import { LoadFailure } from '../ui/load-failure';
import { usePlayer } from './player-context';

/**
 * A screen that could not be shown (it failed to render, or its code could not be loaded): the failure with a retry,
 * and an `error` event to the host page (failed requests are told where they fail).
 */
export function FailedScreen({ onRetry }: { onRetry: () => void }) {
  const { controller } = usePlayer();
  useEffect(() => {
    dispatchPlayerEvent(controller.host, 'error', {
      code: 'screen',
      message: 'A screen of the player could not be shown',
      retryable: true,
    });
  }, [controller]);
  return <LoadFailure error={{ reason: 'screen' }} onRetry={onRetry} />;
}
