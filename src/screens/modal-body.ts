import type { ComponentType } from 'react';
import type { MatchedRoute } from '../routing/routes';

/** What the modal layer gives a modal route's body (the bodies import this, never the registry that loads them). */
export interface ModalBodyProps {
  route: MatchedRoute;
  /** Return to the parent route. */
  close: () => void;
}

export type ModalBody = ComponentType<ModalBodyProps>;
