/**
 * The public API (docs/api.md): what the entry file (dist/patient-ed-player.js, src/entry.ts) exports, and what the
 * typings (dist/types) declare. Importing this module defines nothing: the core (src/core-chunk.ts) starts the player.
 */
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
