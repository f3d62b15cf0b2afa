/**
 * The one command table (spec section 7, host messaging): every command, with its argument rules and
 * its handler, declared once; argument and result types derive from the handlers. Element methods,
 * `command` CustomEvents and postMessage all go through `executeCommand`, and so do the player's own UI
 * and keyboard (the commands with `host: false`).
 */
import type { Playlist, PlaylistItem } from '../content/playlist';
import { itemLabel, playlistLabel } from '../content/playlist';
import { isMenuCode } from '../content/profile';
import { dispatchPlayerEvent } from '../core/events';
import { toggleFullscreen } from '../core/fullscreen';
import { PLAYER_STATE, type PlayerStateValue } from '../playback/timing';
import { matchRoute, paths } from '../routing/routes';
import type { CommandContext, PlaybackCommands } from './context';

/** Argument rules, checked before anything runs: a failing argument changes nothing. */
export type ArgSpec =
  | { name: string; type: 'number'; min?: number; max?: number; integer?: boolean; clamp?: boolean }
  | { name: string; type: 'string'; maxLength: number; pattern?: RegExp; oneOf?: readonly string[]; optional?: boolean };

/** A playlist or menu code, or '/' for the navigation screen. */
const CODE_PATTERN = /^(?:\/|[A-Za-z0-9_-]{1,100})$/;

/** The commands of spec section 7 (host messaging) and the player's own controls: names declared once. */
export const COMMAND_NAMES = [
  'getPlayerState',
  'getVolume',
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
  // The player's own controls and keyboard.
  'togglePlay',
  'toggleMute',
  'seekBy',
  'changeVolume',
  'toggleFullscreen',
  'toggleCaptions',
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

/** Labels as the visitor sees them: the titles override wins (spec section 3, label resolution). */
const itemInfo = (ctx: CommandContext, item: PlaylistItem | undefined): ItemInfo | null => {
  if (!item) return null;
  const { menuLanguage, titles } = ctx.preferences();
  return {
    code: item.code,
    label: itemLabel(item, menuLanguage, titles) ?? null,
    type: item.type ?? null,
    file: item.file ?? null,
    language: item.language,
    runtime: item.runtime,
    chapters: item.chapters.map((c) => ({ start: c.f / 1000, heading: c.h })),
  };
};

const playlistInfo = (ctx: CommandContext, p: Playlist | undefined): PlaylistInfo | null => {
  if (!p) return null;
  const { menuLanguage, titles } = ctx.preferences();
  return {
    code: p.code,
    label: playlistLabel(p, menuLanguage, titles) ?? null,
    type: p.type,
    runtime: p.runtime,
    itemCount: p.items.length,
    voLanguages: [...p.voLanguages],
    ccLanguages: [...p.ccLanguages],
    langType: p.flags.lang_type,
  };
};

async function screenshot(ctx: CommandContext, data: string | undefined): Promise<boolean> {
  const engine = await ctx.playback();
  // At most one per second: a flood of requests makes no flood of images (nor of notices).
  if (!engine.screenshotTurn()) return false;
  // A screenshot is only allowed when playback is canvasable (spec section 5), with or without data.
  if (!engine.canvasable) {
    engine.notify('info', 'screenshotDisabled');
    return false;
  }
  let image = data;
  if (!image) {
    image = await engine.screenshotFrame(); // taken `screenshotDelayMs` later, on the player's clock
    if (!image) {
      engine.notify('info', 'screenshotDisabled');
      return false;
    }
  }
  const { platform } = ctx.preferences();
  if (platform === 'ios' || platform === 'android') {
    // Native wrappers take the image themselves.
    dispatchPlayerEvent(ctx.host, 'screenshot', { data: image });
    return true;
  }
  const a = document.createElement('a');
  a.href = image;
  a.download = `${(engine.currentItem?.code ?? 'screenshot').replace(/[^\w-]+/g, '_')}.png`;
  a.hidden = true;
  ctx.host.shadowRoot?.append(a);
  a.click();
  a.remove();
  return true;
}

function navigateTo(ctx: CommandContext, code: string): boolean {
  const client = ctx.state.loadedClient;
  if (!client) throw new CommandError('not_ready', 'navigate: no client is loaded yet');
  if (code === '/') ctx.navigate(paths.navigation(client));
  else if (isMenuCode(code)) ctx.navigate(paths.navigation(client, code === 'root' ? undefined : code));
  else ctx.navigate(paths.playlist(client, code));
  return true;
}

/**
 * One command: its kind, whether hosts may send it, its argument rules (checked before `run`; a failing
 * argument changes nothing) and its handler. Its JSDoc in the map is its description in docs/api.md.
 */
export interface CommandHandler<A extends unknown[] = never[], R = unknown> {
  /** Getters answer synchronously; actions may return a Promise. */
  kind: 'get' | 'action';
  /** Host commands are exposed as methods, CustomEvents and postMessage; the others only inside. */
  host: boolean;
  args: readonly ArgSpec[];
  run(ctx: CommandContext, ...args: A): R;
}

/** Declare a handler keeping its literal kind and host flag and its argument and result types. */
const command = <const K extends 'get' | 'action', const H extends boolean, A extends unknown[], R>(spec: {
  kind: K;
  host: H;
  args: readonly ArgSpec[];
  run: (ctx: CommandContext, ...args: A) => R;
}) => spec;

const pb = (ctx: CommandContext) => ctx.state.playback;

/**
 * Run on the engine: at once when it is loaded (the UI and the keyboard stay synchronous), after its
 * chunk has loaded otherwise (a host command sent while the menu shows).
 */
/** Not settled on a menu or error screen: a player route, or not routed yet (the element not on a page). */
const onPlayerScreen = (ctx: CommandContext) => !['navigation', 'error'].includes(matchRoute(ctx.path).name);

function onEngine<R>(ctx: CommandContext, run: (engine: PlaybackCommands) => R): R | Promise<R> {
  const engine = ctx.loadedPlayback();
  return engine ? run(engine) : ctx.playback().then(run);
}

/**
 * The command map. `satisfies Record<CommandName, ...>`: a name without a handler (or a handler without a
 * name) fails the type check. Argument and result types of the methods, events and messages derive from it.
 */
export const COMMANDS = {
  /** Player state: -1 not ready / no playlist, 0 not playing, 1 playing, 2 paused, 9 ended. */
  getPlayerState: command({
    kind: 'get',
    host: true,
    args: [],
    run: (ctx): PlayerStateValue => (pb(ctx).playlist ? pb(ctx).player : PLAYER_STATE.NOT_READY),
  }),
  /** Volume 0..1 (0 while muted). */
  getVolume: command({ kind: 'get', host: true, args: [], run: (ctx): number => (pb(ctx).muted ? 0 : pb(ctx).volume) }),
  /** Current time of the current item, in seconds. */
  getCurrentTime: command({
    kind: 'get',
    host: true,
    args: [],
    run: (ctx): number => (pb(ctx).playlist ? pb(ctx).currentTime : 0),
  }),
  /** The first item of the current playlist, or null. */
  getPrimaryItem: command({
    kind: 'get',
    host: true,
    args: [],
    run: (ctx) => itemInfo(ctx, pb(ctx).playlist?.items[0]),
  }),
  /** The item playing (or ready to play), or null. */
  getCurrentItem: command({
    kind: 'get',
    host: true,
    args: [],
    run: (ctx) => itemInfo(ctx, pb(ctx).playlist?.items[pb(ctx).index]),
  }),
  /** The current playlist (without items), or null. */
  getCurrentPlaylist: command({
    kind: 'get',
    host: true,
    args: [],
    run: (ctx) => playlistInfo(ctx, pb(ctx).playlist),
  }),
  /** The items of the current playlist ([] without one). */
  getCurrentPlaylistItems: command({
    kind: 'get',
    host: true,
    args: [],
    run: (ctx): ItemInfo[] => (pb(ctx).playlist?.items ?? []).map((it) => itemInfo(ctx, it)!),
  }),
  /** Index of the current item (0 without a playlist). */
  getCurrentPlaylistIndex: command({
    kind: 'get',
    host: true,
    args: [],
    run: (ctx): number => (pb(ctx).playlist ? pb(ctx).index : 0),
  }),
  /** Duration of the current item, in seconds (0 when unknown). */
  getDuration: command({
    kind: 'get',
    host: true,
    args: [],
    run: (ctx): number => (pb(ctx).playlist ? pb(ctx).duration : 0),
  }),
  /** The menu language. */
  getLanguage: command({ kind: 'get', host: true, args: [], run: (ctx): string => ctx.preferences().menuLanguage }),
  /** Set menu, caption and voice-over languages (en, es, de, ar, pt). */
  setLanguage: command({
    kind: 'action',
    host: true,
    args: [{ name: 'language', type: 'string', maxLength: 2, oneOf: ['en', 'es', 'de', 'ar', 'pt'] }],
    run: (ctx, language: string): boolean => {
      ctx.setLanguage(language);
      return true;
    },
  }),
  /** Open a code: a playlist code opens the player, a menu code the menu; '/' is the navigation screen. */
  navigate: command({
    kind: 'action',
    host: true,
    args: [{ name: 'code', type: 'string', maxLength: 100, pattern: CODE_PATTERN }],
    run: (ctx, code: string) => navigateTo(ctx, code),
  }),
  /** Start the playlist from its first item. */
  start: command({
    kind: 'action',
    host: true,
    args: [],
    run: (ctx) => (pb(ctx).playlist ? onEngine(ctx, (e) => e.setIndex(0, true)) : false),
  }),
  /** Play (queued until the item is ready). */
  playVideo: command({
    kind: 'action',
    host: true,
    args: [],
    // Queued while a playlist is on its way (or the element not yet routed); on a menu or error screen there is
    // nothing to play: false, and nothing waits to play the next playlist opened.
    run: (ctx) => (onPlayerScreen(ctx) ? onEngine(ctx, (e) => e.play()) : false),
  }),
  /** Pause. */
  pauseVideo: command({ kind: 'action', host: true, args: [], run: (ctx) => onEngine(ctx, (e) => e.pause()) }),
  /** Next item (the last wraps to the first). */
  next: command({ kind: 'action', host: true, args: [], run: (ctx) => onEngine(ctx, (e) => e.next()) }),
  /** Previous item (the first stays). */
  prev: command({ kind: 'action', host: true, args: [], run: (ctx) => onEngine(ctx, (e) => e.prev()) }),
  /** Stop: reports ended and resets to the first item. */
  stop: command({ kind: 'action', host: true, args: [], run: (ctx) => onEngine(ctx, (e) => e.stop()) }),
  /** Leave the player for the menu. */
  exitVideo: command({
    kind: 'action',
    host: true,
    args: [],
    run: (ctx): boolean => {
      const client = ctx.state.loadedClient;
      ctx.loadedPlayback()?.pause(); // without the engine nothing plays
      if (!client) return false;
      ctx.navigate(paths.navigation(client));
      return true;
    },
  }),
  /** Add the current playlist to the visitor's favorites (stored for this client) and answer it ({ code, label }). */
  addFavorite: command({
    kind: 'action',
    host: true,
    args: [],
    run: (ctx): { code: string; label: string | null } | null => {
      const playlist = pb(ctx).playlist;
      const info = playlistInfo(ctx, playlist);
      if (!info) return null;
      ctx.setFavorite({ code: info.code, label: info.label, ...(playlist?.items[0]?.file ? { file: playlist.items[0].file } : {}) }, true);
      return { code: info.code, label: info.label };
    },
  }),
  /**
   * Save a screenshot of the current frame (or of the given image data URL): a download, or a screenshot event in
   * native wrappers. At most one per second: `false` for the others, and when the frame cannot be read.
   */
  screenshot: command({
    kind: 'action',
    host: true,
    args: [{ name: 'data', type: 'string', maxLength: 20_000_000, pattern: /^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/=]+$/, optional: true }],
    run: (ctx, data?: string) => screenshot(ctx, data),
  }),
  /** Seek to a time in seconds (clamped to the duration). */
  seekTo: command({
    kind: 'action',
    host: true,
    args: [{ name: 'seconds', type: 'number', min: 0 }],
    // Kept while the item loads (applied when it is ready); on a menu or error screen there is nothing to seek.
    run: (ctx, seconds: number) => (onPlayerScreen(ctx) ? onEngine(ctx, (e) => e.seek(seconds)) : false),
  }),
  /** Seek to a chapter of the current item (0-based). */
  seekToChapter: command({
    kind: 'action',
    host: true,
    args: [{ name: 'chapter', type: 'number', min: 0, integer: true }],
    run: (ctx, chapter: number) =>
      onEngine(ctx, (engine) => {
        const chapters = engine.currentItem?.chapters.length ?? 0;
        if (chapter >= chapters) throw new CommandError('invalid_argument', `seekToChapter: the current item has ${chapters} chapter(s)`);
        return engine.seekToChapter(chapter);
      }),
  }),
  /** Play the item at an index (out of range or negative: the first). */
  seekToIndex: command({
    kind: 'action',
    host: true,
    args: [{ name: 'index', type: 'number', integer: true }],
    run: (ctx, index: number) => onEngine(ctx, (e) => e.setIndex(index, true)),
  }),
  /** Set the volume 0..1 (clamped; 0 mutes). */
  setVolume: command({
    kind: 'action',
    host: true,
    args: [{ name: 'volume', type: 'number', min: 0, max: 1, clamp: true }],
    run: (ctx, volume: number) => onEngine(ctx, (e) => e.setVolume(volume)),
  }),
  /** Play or pause. */
  togglePlay: command({ kind: 'action', host: false, args: [], run: (ctx) => onEngine(ctx, (e) => e.toggle()) }),
  /** Mute or unmute. */
  toggleMute: command({ kind: 'action', host: false, args: [], run: (ctx) => onEngine(ctx, (e) => e.toggleMute()) }),
  /** Seek relative to the current time. */
  seekBy: command({
    kind: 'action',
    host: false,
    args: [{ name: 'seconds', type: 'number' }],
    run: (ctx, seconds: number) => onEngine(ctx, (e) => e.seekBy(seconds)),
  }),
  /** Change the volume by a step. */
  changeVolume: command({
    kind: 'action',
    host: false,
    args: [{ name: 'delta', type: 'number', min: -1, max: 1 }],
    run: (ctx, delta: number) => onEngine(ctx, (e) => e.changeVolume(delta)),
  }),
  /** Enter or leave full screen. */
  toggleFullscreen: command({
    kind: 'action',
    host: false,
    args: [],
    run: (ctx): boolean => {
      toggleFullscreen(ctx.host);
      return true;
    },
  }),
  /** Show or hide captions. */
  toggleCaptions: command({
    kind: 'action',
    host: false,
    args: [],
    run: (ctx) => ctx.setLocalPreference('subtitles', ctx.preferences().subtitles === 1 ? 0 : 1),
  }),
} satisfies Record<CommandName, CommandHandler<never[]>>;

type Commands = typeof COMMANDS;
export type HostCommandName = { [K in CommandName]: Commands[K]['host'] extends true ? K : never }[CommandName];
export const HOST_COMMANDS = COMMAND_NAMES.filter((c) => COMMANDS[c].host) as HostCommandName[];
export const isCommandName = (name: unknown): name is CommandName => typeof name === 'string' && Object.hasOwn(COMMANDS, name);
export const isHostCommand = (name: unknown): name is HostCommandName => isCommandName(name) && COMMANDS[name].host;

/** Positional arguments of each host command, from its handler. */
export type CommandArgs = { [K in HostCommandName]: Parameters<Commands[K]['run']> extends [CommandContext, ...infer A] ? A : never };
/** Result of each host command (what an action's Promise resolves to), from its handler. */
export type CommandResults = { [K in HostCommandName]: Awaited<ReturnType<Commands[K]['run']>> };

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
