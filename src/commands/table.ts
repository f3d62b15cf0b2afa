/**
 * The one command table of host messaging and the player's own controls: every command, with its argument rules,
 * declared once; its handler lives with its group (./query-handlers.ts, ./playback-handlers.ts,
 * ./navigation-handlers.ts, ./preference-handlers.ts), and argument and result types derive from the handlers.
 * Element methods, `command` CustomEvents and postMessage all go through `executeCommand`, and so do the player's
 * own UI and keyboard (the commands with `host: false`).
 */
import type { CommandContext } from './context';
import { LANGUAGES } from '../i18n/languages.js';
import * as navigation from './navigation-handlers';
import * as playback from './playback-handlers';
import * as preferences from './preference-handlers';
import * as queries from './query-handlers';

/** Argument rules, checked before anything runs: a failing argument changes nothing. */
export type ArgSpec =
  | { name: string; type: 'number'; min?: number; max?: number; integer?: boolean; clamp?: boolean }
  | {
      name: string;
      type: 'string';
      maxLength: number;
      pattern?: RegExp;
      oneOf?: readonly string[];
      optional?: boolean;
    };

/** A playlist or menu code, or '/' for the navigation screen. */
const CODE_PATTERN = /^(?:\/|[A-Za-z0-9_-]{1,100})$/;
/** An image as a base64 data URL (PNG, JPEG or WebP). */
const IMAGE_DATA_URL = /^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/=]+$/;

/** A playback speed: clamped to 0.5..2. */
const RATE_ARG: ArgSpec = { name: 'rate', type: 'number', min: 0.5, max: 2, clamp: true };

/** The commands of host messaging and the player's own controls: names declared once. */
export const COMMAND_NAMES = [
  'getPlayerState',
  'getVolume',
  'getPlaybackRate',
  'getCurrentTime',
  'getPrimaryItem',
  'getCurrentItem',
  'getCurrentPlaylist',
  'getCurrentPlaylistItems',
  'getCurrentPlaylistIndex',
  'getDuration',
  'getLanguage',
  'setLanguage',
  'navigate',
  'start',
  'playVideo',
  'pauseVideo',
  'next',
  'prev',
  'stop',
  'exitVideo',
  'addFavorite',
  'screenshot',
  'seekTo',
  'seekToChapter',
  'seekToIndex',
  'setVolume',
  'setPlaybackRate',
  'togglePictureInPicture',
  // The player's own controls and keyboard.
  'togglePlay',
  'toggleMute',
  'seekBy',
  'changeVolume',
  'changePlaybackRate',
  'toggleFullscreen',
  'toggleCaptions',
  'toggleAudioDescriptions',
  'removeFavorite',
  'retryMedia',
  'retryLoad',
  'brochureOpened',
] as const;
export type CommandName = (typeof COMMAND_NAMES)[number];

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

/**
 * One command: how it answers (its mode), whether hosts may send it, its argument rules (checked before `run`; a
 * failing argument changes nothing) and its handler. Its JSDoc in the map is its description in docs/api.md.
 */
export interface CommandHandler<A extends unknown[] = never[], R = unknown> {
  /** How it answers: a getter synchronously; an action may return a Promise. */
  mode: 'get' | 'action';
  /** Host commands are exposed as methods, CustomEvents and postMessage; the others only inside. */
  host: boolean;
  args: readonly ArgSpec[];
  run(ctx: CommandContext, ...args: A): R;
}

/** Declare a handler keeping its literal mode and host flag and its argument and result types. */
const command = <const M extends 'get' | 'action', const H extends boolean, A extends unknown[], R>(spec: {
  mode: M;
  host: H;
  args: readonly ArgSpec[];
  run: (ctx: CommandContext, ...args: A) => R;
}) => spec;

/** A host getter: no arguments, answers synchronously. */
const getter = <R>(run: (ctx: CommandContext) => R) => command({ mode: 'get', host: true, args: [], run });

/**
 * The command map. `satisfies Record<CommandName, ...>`: a name without a handler (or a handler without a
 * name) fails the type check. Argument and result types of the methods, events and messages derive from it; the
 * results typed here are the public ones (`ItemInfo`, `PlaylistInfo`).
 */
export const COMMANDS = {
  /** Player state: -1 not ready / no playlist, 0 not playing, 1 playing, 2 paused, 9 ended. */
  getPlayerState: getter(queries.getPlayerState),
  /** Volume 0..1 (0 while muted). */
  getVolume: getter(queries.getVolume),
  /** Playback speed, 0.5..2 (1 while a video does not allow another). */
  getPlaybackRate: getter(queries.getPlaybackRate),
  /** Current time of the current item, in seconds. */
  getCurrentTime: getter(queries.getCurrentTime),
  /** The first item of the current playlist, or null. */
  getPrimaryItem: getter((ctx): ItemInfo | null => queries.getPrimaryItem(ctx)),
  /** The item playing (or ready to play), or null. */
  getCurrentItem: getter((ctx): ItemInfo | null => queries.getCurrentItem(ctx)),
  /** The current playlist (without items), or null. */
  getCurrentPlaylist: getter((ctx): PlaylistInfo | null => queries.getCurrentPlaylist(ctx)),
  /** The items of the current playlist ([] without one). */
  getCurrentPlaylistItems: getter((ctx): ItemInfo[] => queries.getCurrentPlaylistItems(ctx)),
  /** Index of the current item (0 without a playlist). */
  getCurrentPlaylistIndex: getter(queries.getCurrentPlaylistIndex),
  /** Duration of the current item, in seconds (0 when unknown). */
  getDuration: getter(queries.getDuration),
  /** The menu language. */
  getLanguage: getter(queries.getLanguage),
  /** Set menu, caption and voice-over languages (en, es, de, ar, pt). */
  setLanguage: command({
    mode: 'action',
    host: true,
    args: [{ name: 'language', type: 'string', maxLength: 2, oneOf: LANGUAGES }],
    run: preferences.setLanguage,
  }),
  /** Open a code: a playlist code opens the player, a menu code the menu; '/' is the navigation screen. */
  navigate: command({
    mode: 'action',
    host: true,
    args: [{ name: 'code', type: 'string', maxLength: 100, pattern: CODE_PATTERN }],
    run: (ctx, code: string) => {
      const client = ctx.state.loadedClient;
      if (!client) throw new CommandError('not_ready', 'navigate: no client is loaded yet');
      return navigation.navigate(ctx, client, code);
    },
  }),
  /** Start the playlist from its first item. */
  start: command({ mode: 'action', host: true, args: [], run: playback.start }),
  /** Play (queued until the item is ready). */
  playVideo: command({ mode: 'action', host: true, args: [], run: playback.playVideo }),
  /** Pause. */
  pauseVideo: command({ mode: 'action', host: true, args: [], run: playback.pauseVideo }),
  /** Next item (the last wraps to the first). */
  next: command({ mode: 'action', host: true, args: [], run: playback.next }),
  /** Previous item (the first stays). */
  prev: command({ mode: 'action', host: true, args: [], run: playback.prev }),
  /** Stop: reports ended and resets to the first item. */
  stop: command({ mode: 'action', host: true, args: [], run: playback.stop }),
  /** Leave the player for the menu. */
  exitVideo: command({ mode: 'action', host: true, args: [], run: navigation.exitVideo }),
  /** Add the current playlist to the visitor's favorites (stored for this client) and answer it ({ code, label }). */
  addFavorite: command({ mode: 'action', host: true, args: [], run: preferences.addFavorite }),
  /**
   * Save a screenshot of the current frame (or of the given image data URL): a download, or a screenshot event in
   * native wrappers. At most one per second: `false` for the others, and when the frame cannot be read.
   */
  screenshot: command({
    mode: 'action',
    host: true,
    args: [{ name: 'data', type: 'string', maxLength: 20_000_000, pattern: IMAGE_DATA_URL, optional: true }],
    run: playback.screenshot,
  }),
  /** Seek to a time in seconds (clamped to the duration). */
  seekTo: command({
    mode: 'action',
    host: true,
    args: [{ name: 'seconds', type: 'number', min: 0 }],
    run: playback.seekTo,
  }),
  /** Seek to a chapter of the current item (0-based). */
  seekToChapter: command({
    mode: 'action',
    host: true,
    args: [{ name: 'chapter', type: 'number', min: 0, integer: true }],
    run: (ctx, chapter: number) =>
      playback.onEngine(ctx, (engine) => {
        const chapters = engine.currentItem?.chapters.length ?? 0;
        if (chapter >= chapters)
          throw new CommandError('invalid_argument', `seekToChapter: the current item has ${chapters} chapter(s)`);
        return engine.seekToChapter(chapter);
      }),
  }),
  /** Play the item at an index (out of range or negative: the first). */
  seekToIndex: command({
    mode: 'action',
    host: true,
    args: [{ name: 'index', type: 'number', integer: true }],
    run: playback.seekToIndex,
  }),
  /** Set the volume 0..1 (clamped; 0 mutes). */
  setVolume: command({
    mode: 'action',
    host: true,
    args: [{ name: 'volume', type: 'number', min: 0, max: 1, clamp: true }],
    run: playback.setVolume,
  }),
  /** Set the playback speed 0.5..2 (clamped), remembered for later items and visits; answers the rate set. */
  setPlaybackRate: command({ mode: 'action', host: true, args: [RATE_ARG], run: playback.setPlaybackRate }),
  /**
   * Enter or leave picture-in-picture (an html5 video, where the browser offers it): true when the video is now in
   * picture-in-picture; false otherwise, changing nothing where it is not offered.
   */
  togglePictureInPicture: command({ mode: 'action', host: true, args: [], run: playback.togglePictureInPicture }),
  /** Play or pause. */
  togglePlay: command({ mode: 'action', host: false, args: [], run: playback.togglePlay }),
  /** Mute or unmute. */
  toggleMute: command({ mode: 'action', host: false, args: [], run: playback.toggleMute }),
  /** Seek relative to the current time. */
  seekBy: command({ mode: 'action', host: false, args: [{ name: 'seconds', type: 'number' }], run: playback.seekBy }),
  /** Change the volume by a step. */
  changeVolume: command({
    mode: 'action',
    host: false,
    args: [{ name: 'delta', type: 'number', min: -1, max: 1 }],
    run: playback.changeVolume,
  }),
  /** Change the playback speed by a step (on the 0.25 grid). */
  changePlaybackRate: command({
    mode: 'action',
    host: false,
    args: [{ name: 'delta', type: 'number', min: -2, max: 2 }],
    run: playback.changePlaybackRate,
  }),
  /** Enter or leave full screen. */
  toggleFullscreen: command({ mode: 'action', host: false, args: [], run: navigation.toggleFullscreen }),
  /** Show or hide captions. */
  toggleCaptions: command({ mode: 'action', host: false, args: [], run: preferences.toggleCaptions }),
  /** Turn audio descriptions on or off. */
  toggleAudioDescriptions: command({ mode: 'action', host: false, args: [], run: preferences.toggleAudioDescriptions }),
  /** Remove the current playlist from the visitor's favourites. */
  removeFavorite: command({ mode: 'action', host: false, args: [], run: preferences.removeFavorite }),
  /** Load the current item again after a media error that may pass (the stage's Try again). */
  retryMedia: command({ mode: 'action', host: false, args: [], run: playback.retryMedia }),
  /** Ask a failed request of the route again (a screen's Try again); without a resource, the route's chunks. */
  retryLoad: command({
    mode: 'action',
    host: false,
    args: [
      { name: 'resource', type: 'string', maxLength: 8, oneOf: ['client', 'profile', 'playlist'], optional: true },
    ],
    run: navigation.retryLoad,
  }),
  /** The brochure link was followed (an analytics event). */
  brochureOpened: command({
    mode: 'action',
    host: false,
    args: [{ name: 'url', type: 'string', maxLength: 100_000 }],
    run: playback.brochureOpened,
  }),
} satisfies Record<CommandName, CommandHandler<never[]>>;

type Commands = typeof COMMANDS;
export type HostCommandName = { [K in CommandName]: Commands[K]['host'] extends true ? K : never }[CommandName];
export const HOST_COMMANDS = COMMAND_NAMES.filter((c) => COMMANDS[c].host) as HostCommandName[];
export const isCommandName = (name: unknown): name is CommandName =>
  typeof name === 'string' && Object.hasOwn(COMMANDS, name);
export const isHostCommand = (name: unknown): name is HostCommandName => isCommandName(name) && COMMANDS[name].host;

/** Positional arguments of each host command, from its handler. */
export type CommandArgs = {
  [K in HostCommandName]: Parameters<Commands[K]['run']> extends [CommandContext, ...infer A] ? A : never;
};
/** Result of each host command (what an action's Promise resolves to), from its handler. */
export type CommandResults = { [K in HostCommandName]: Awaited<ReturnType<Commands[K]['run']>> };

/**
 * Why a command failed. Raised here only, beside its codes: by the argument checks, by `navigate` before a client is
 * loaded, and by `seekToChapter` for a chapter the current item does not have.
 */
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
  const spec: readonly ArgSpec[] = COMMANDS[name].args;
  if (args.length > spec.length) throw new CommandError('invalid_argument', `${name} takes ${spec.length} argument(s)`);
  return spec.map((a, i) => {
    const v = args[i];
    if (a.type === 'number') {
      if (typeof v !== 'number' || !Number.isFinite(v))
        throw new CommandError('invalid_argument', `${name}: ${a.name} must be a finite number`);
      if (a.integer && !Number.isInteger(v))
        throw new CommandError('invalid_argument', `${name}: ${a.name} must be an integer`);
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
