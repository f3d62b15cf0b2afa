/**
 * The one command table (spec section 7, host messaging): every command a host can send, with its
 * arguments and result type, declared once. Element methods, `command` CustomEvents and postMessage
 * all go through `executeCommand`, and so do the player's own UI and keyboard (the `ui` commands).
 */
import type { PlayerStateValue } from '../playback/timing';

/** Argument rules, checked before anything runs: a failing argument changes nothing. */
export type ArgSpec =
  | { name: string; type: 'number'; min?: number; max?: number; integer?: boolean; clamp?: boolean }
  | { name: string; type: 'string'; maxLength: number; pattern?: RegExp; oneOf?: readonly string[]; optional?: boolean };

export interface CommandSpec {
  args: readonly ArgSpec[];
  /** Getters answer synchronously; actions may return a Promise. */
  kind: 'get' | 'action';
  /** Host commands are exposed as methods, CustomEvents and postMessage; ui commands only inside. */
  host: boolean;
  description: string;
}

/** A playlist or menu code, or '/' for the navigation screen. */
const CODE_PATTERN = /^(?:\/|[A-Za-z0-9_-]{1,100})$/;

export const COMMANDS = {
  getPlayerState: { kind: 'get', host: true, args: [], description: 'Player state: -1 not ready / no playlist, 0 not playing, 1 playing, 2 paused, 9 ended.' },
  getVolume: { kind: 'get', host: true, args: [], description: 'Volume 0..1 (0 while muted).' },
  getCurrentTime: { kind: 'get', host: true, args: [], description: 'Current time of the current item, in seconds.' },
  getPrimaryItem: { kind: 'get', host: true, args: [], description: 'The first item of the current playlist, or null.' },
  getCurrentItem: { kind: 'get', host: true, args: [], description: 'The item playing (or ready to play), or null.' },
  getCurrentPlaylist: { kind: 'get', host: true, args: [], description: 'The current playlist (without items), or null.' },
  getCurrentPlaylistItems: { kind: 'get', host: true, args: [], description: 'The items of the current playlist ([] without one).' },
  getCurrentPlaylistIndex: { kind: 'get', host: true, args: [], description: 'Index of the current item (0 without a playlist).' },
  getDuration: { kind: 'get', host: true, args: [], description: 'Duration of the current item, in seconds (0 when unknown).' },
  getLanguage: { kind: 'get', host: true, args: [], description: 'The menu language.' },
  setLanguage: {
    kind: 'action',
    host: true,
    args: [{ name: 'language', type: 'string', maxLength: 2, oneOf: ['en', 'es', 'de', 'ar', 'pt'] }],
    description: 'Set menu, caption and voice-over languages (en, es, de, ar, pt).',
  },
  navigate: {
    kind: 'action',
    host: true,
    args: [{ name: 'code', type: 'string', maxLength: 100, pattern: CODE_PATTERN }],
    description: "Open a code: a playlist code opens the player, a menu code the menu; '/' is the navigation screen.",
  },
  start: { kind: 'action', host: true, args: [], description: 'Start the playlist from its first item.' },
  playVideo: { kind: 'action', host: true, args: [], description: 'Play (queued until the item is ready).' },
  pauseVideo: { kind: 'action', host: true, args: [], description: 'Pause.' },
  next: { kind: 'action', host: true, args: [], description: 'Next item (the last wraps to the first).' },
  prev: { kind: 'action', host: true, args: [], description: 'Previous item (the first stays).' },
  stop: { kind: 'action', host: true, args: [], description: 'Stop: reports ended and resets to the first item.' },
  exitVideo: { kind: 'action', host: true, args: [], description: 'Leave the player for the menu.' },
  addFavorite: { kind: 'action', host: true, args: [], description: 'Answer the current playlist as a favorite ({ code, label }) for the host to keep.' },
  screenshot: {
    kind: 'action',
    host: true,
    args: [{ name: 'data', type: 'string', maxLength: 20_000_000, pattern: /^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/=]+$/, optional: true }],
    description: 'Save a screenshot of the current frame (or of the given image data URL): a download, or a screenshot event in native wrappers.',
  },
  seekTo: { kind: 'action', host: true, args: [{ name: 'seconds', type: 'number', min: 0 }], description: 'Seek to a time in seconds (clamped to the duration).' },
  seekToChapter: { kind: 'action', host: true, args: [{ name: 'chapter', type: 'number', min: 0, integer: true }], description: 'Seek to a chapter of the current item (0-based).' },
  seekToIndex: { kind: 'action', host: true, args: [{ name: 'index', type: 'number', integer: true }], description: 'Play the item at an index (out of range or negative: the first).' },
  setVolume: { kind: 'action', host: true, args: [{ name: 'volume', type: 'number', min: 0, max: 1, clamp: true }], description: 'Set the volume 0..1 (clamped; 0 mutes).' },
  // The player's own controls and keyboard.
  togglePlay: { kind: 'action', host: false, args: [], description: 'Play or pause.' },
  toggleMute: { kind: 'action', host: false, args: [], description: 'Mute or unmute.' },
  seekBy: { kind: 'action', host: false, args: [{ name: 'seconds', type: 'number' }], description: 'Seek relative to the current time.' },
  changeVolume: { kind: 'action', host: false, args: [{ name: 'delta', type: 'number', min: -1, max: 1 }], description: 'Change the volume by a step.' },
  toggleFullscreen: { kind: 'action', host: false, args: [], description: 'Enter or leave full screen.' },
  toggleCaptions: { kind: 'action', host: false, args: [], description: 'Show or hide captions.' },
} as const satisfies Record<string, CommandSpec>;

export type CommandName = keyof typeof COMMANDS;
export type HostCommandName = { [K in CommandName]: (typeof COMMANDS)[K]['host'] extends true ? K : never }[CommandName];
export const HOST_COMMANDS = (Object.keys(COMMANDS) as CommandName[]).filter((c) => COMMANDS[c].host) as HostCommandName[];
export const isCommandName = (name: unknown): name is CommandName => typeof name === 'string' && Object.hasOwn(COMMANDS, name);
export const isHostCommand = (name: unknown): name is HostCommandName => isCommandName(name) && COMMANDS[name].host;

/** JSON-safe summary of a playlist item as answered to hosts. */
export interface ItemInfo {
  code: string;
  label: string | null;
  type: string | null;
  file: string | null;
  language: string;
  runtime: number;
  chapters: { start: number; heading: string }[];
}

export interface PlaylistInfo {
  code: string;
  label: string | null;
  type: string;
  runtime: number;
  itemCount: number;
  voLanguages: string[];
  ccLanguages: string[];
  langType: string;
}

/** Result type of each host command. */
export interface CommandResults {
  getPlayerState: PlayerStateValue;
  getVolume: number;
  getCurrentTime: number;
  getPrimaryItem: ItemInfo | null;
  getCurrentItem: ItemInfo | null;
  getCurrentPlaylist: PlaylistInfo | null;
  getCurrentPlaylistItems: ItemInfo[];
  getCurrentPlaylistIndex: number;
  getDuration: number;
  getLanguage: string;
  setLanguage: boolean;
  navigate: boolean;
  start: boolean;
  playVideo: boolean;
  pauseVideo: boolean;
  next: boolean;
  prev: boolean;
  stop: boolean;
  exitVideo: boolean;
  addFavorite: { code: string; label: string | null } | null;
  screenshot: boolean;
  seekTo: boolean;
  seekToChapter: boolean;
  seekToIndex: boolean;
  setVolume: boolean;
}

/** Positional arguments of each host command. */
export interface CommandArgs {
  getPlayerState: [];
  getVolume: [];
  getCurrentTime: [];
  getPrimaryItem: [];
  getCurrentItem: [];
  getCurrentPlaylist: [];
  getCurrentPlaylistItems: [];
  getCurrentPlaylistIndex: [];
  getDuration: [];
  getLanguage: [];
  setLanguage: [language: string];
  navigate: [code: string];
  start: [];
  playVideo: [];
  pauseVideo: [];
  next: [];
  prev: [];
  stop: [];
  exitVideo: [];
  addFavorite: [];
  screenshot: [data?: string];
  seekTo: [seconds: number];
  seekToChapter: [chapter: number];
  seekToIndex: [index: number];
  setVolume: [volume: number];
}

export class CommandError extends Error {
  constructor(
    readonly code: 'unknown_command' | 'invalid_argument' | 'not_ready' | 'not_allowed' | 'failed',
    message: string,
  ) {
    super(message);
    this.name = 'CommandError';
  }
}

/** Validate positional arguments against a command's spec; returns the (clamped) values or throws. */
export function validateArgs(name: CommandName, args: readonly unknown[]): unknown[] {
  const spec = COMMANDS[name].args as readonly ArgSpec[];
  if (args.length > spec.length) throw new CommandError('invalid_argument', `${name} takes ${spec.length} argument(s)`);
  return spec.map((a, i) => {
    const v = args[i];
    if (a.type === 'number') {
      if (typeof v !== 'number' || !Number.isFinite(v)) throw new CommandError('invalid_argument', `${name}: ${a.name} must be a finite number`);
      if (a.integer && !Number.isInteger(v)) throw new CommandError('invalid_argument', `${name}: ${a.name} must be an integer`);
      if (a.clamp) return Math.min(a.max ?? Infinity, Math.max(a.min ?? -Infinity, v));
      if ((a.min !== undefined && v < a.min) || (a.max !== undefined && v > a.max)) {
        throw new CommandError('invalid_argument', `${name}: ${a.name} out of range`);
      }
      return v;
    }
    if (v === undefined && a.optional) return undefined;
    if (typeof v !== 'string') throw new CommandError('invalid_argument', `${name}: ${a.name} must be a string`);
    if (v.length > a.maxLength || (a.pattern && !a.pattern.test(v)) || (a.oneOf && !a.oneOf.includes(v))) {
      throw new CommandError('invalid_argument', `${name}: ${a.name} is not valid`);
    }
    return v;
  });
}
