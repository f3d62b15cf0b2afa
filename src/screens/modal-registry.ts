/**
 * The modal registry as the modal layer reads it: each modal route's data (src/routing/modals.ts), title
 * (src/routing/modal-titles.ts) and body (./modal-bodies.ts), by name. Only the React tree imports it; the controller
 * needs no title.
 */
import type { LazyModule } from '../core/lazy-module';
import { MODAL_TITLES, type ModalTitle } from '../routing/modal-titles';
import { MODAL_DATA, MODAL_NAMES, type ModalData, type ModalName } from '../routing/modals';
import { MODAL_BODIES } from './modal-bodies';
import type { ModalBody } from './modal-body';

export type { ModalBody, ModalBodyProps } from './modal-body';
export { MODAL_NAMES, parentModal, type ModalName, type ModalPresentation, type ModalScope } from '../routing/modals';

/** A modal route as the modal layer shows it: its data, its title and its body's chunk. */
export interface ModalSpec extends ModalData {
  title: ModalTitle;
  body?: LazyModule<ModalBody>;
}

/**
 * Every modal route, by name. `body` is the one in ./modal-bodies.ts (the route's loader requests that one), so a
 * body set here (a test swaps one) is the one both load.
 */
export const MODALS = Object.fromEntries(
  MODAL_NAMES.map((name) => {
    const entry = {
      ...MODAL_DATA[name],
      title: MODAL_TITLES[name],
      get body() {
        return MODAL_BODIES[name];
      },
      set body(body: LazyModule<ModalBody>) {
        MODAL_BODIES[name] = body;
      },
    };
    return [name, entry];
  }),
) as { [N in ModalName]: (typeof MODAL_DATA)[N] & { title: ModalTitle; body: LazyModule<ModalBody> } };

export const modalEntry = (name: ModalName): ModalSpec => MODALS[name];
