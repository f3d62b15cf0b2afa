/** Public entry: registers `<patient-ed-player>` and exports its types (docs/api.md). */
// First: the interface chunk is on its way while the rest of the entry is evaluated.
import './app/early-interface';
import { definePlayer } from './element/player-element';

definePlayer();

export { PatientEdPlayerElement, TAG_NAME, definePlayer } from './element/player-element';
export type { PlayerMethods } from './element/player-element';
export { CommandError } from './commands/table';
export type { CommandArgs, CommandResults, HostCommandName, ItemInfo, PlaylistInfo } from './commands/table';
export type { PlayerErrorCode, PlayerEventMap, PlayerEventName } from './core/events';
export type { Preferences } from './preferences/defaults';
// Types only; importing this entry also declares <patient-ed-player> in React's JSX.
export type { PatientEdPlayerJsxProps, PlayerAttributeName, PlayerJsxAttributes, PlayerJsxEventProps } from './react-jsx';
