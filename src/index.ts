/** Public entry: registers `<patient-ed-player>` and exports its types. */
import { definePlayer } from './element/player-element';

definePlayer();

export { PatientEdPlayerElement, TAG_NAME, definePlayer } from './element/player-element';
export type { Preferences } from './preferences/defaults';
