/**
 * Public entry: registers `<patient-ed-player>` and exports its public API (docs/api.md).
 *
 * This module is the only code of the entry file (dist/patient-ed-player.js); everything it imports is the `core`
 * chunk, which every lazy chunk imports by a relative URL, never this file. So a page may load it under any URL
 * (`?ver=`, two copies of one build under two URLs): there is one core, one element class and one store per build.
 */
import { start } from './element/start';

start(import.meta.url);

export { PatientEdPlayerElement, TAG_NAME, definePlayer } from './element/player-element';
export type { PlayerMethods, PlayerProperties } from './element/player-element';
export { CommandError } from './commands/table';
export type { CommandArgs, CommandResults, HostCommandName, ItemInfo, PlaylistInfo } from './commands/table';
export type { PlayerErrorCode, PlayerEventMap, PlayerEventName } from './core/events';
export type { Preferences } from './preferences/defaults';
// Types only; importing this entry also declares <patient-ed-player> in React's JSX.
export type {
  PatientEdPlayerJsxProps,
  PlayerAttributeName,
  PlayerJsxAttributes,
  PlayerJsxEventProps,
} from './react-jsx';
