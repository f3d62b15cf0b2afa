import type { PlayerController } from '../app/controller';
import { isMenuCode } from '../content/profile';
import { itemLabel, playlistLabel, type Playlist, type PlaylistItem } from '../content/playlist';
import { dispatchPlayerEvent } from '../element/events';
import { toggleFullscreen } from '../element/fullscreen';
import { paths } from '../routing/routes';
import { COMMANDS, CommandError, isCommandName, validateArgs, type CommandName, type ItemInfo, type PlaylistInfo } from './table';

type Titles = Record<string, Record<string, string>> | undefined;

/** Labels as the visitor sees them: the titles override wins (spec section 3, label resolution). */
const itemInfo = (item: PlaylistItem | undefined, lang: string, titles: Titles): ItemInfo | null =>
  item
    ? {
        code: item.code,
        label: itemLabel(item, lang, titles) ?? null,
        type: item.type ?? null,
        file: item.file ?? null,
        language: item.language,
        runtime: item.runtime,
        chapters: item.chapters.map((c) => ({ start: c.f / 1000, heading: c.h })),
      }
    : null;

const playlistInfo = (p: Playlist | undefined, lang: string, titles: Titles): PlaylistInfo | null =>
  p
    ? {
        code: p.code,
        label: playlistLabel(p, lang, titles) ?? null,
        type: p.type,
        runtime: p.runtime,
        itemCount: p.items.length,
        voLanguages: [...p.voLanguages],
        ccLanguages: [...p.ccLanguages],
        langType: p.flags.lang_type,
      }
    : null;

/** Screenshots: taken after 100 ms with pixel ratio 1 (spec section 9). */
const SCREENSHOT_DELAY_MS = 100;

async function screenshot(controller: PlayerController, data: string | undefined): Promise<boolean> {
  const engine = controller.engine;
  // A screenshot is only allowed when playback is canvasable (spec section 5), with or without data.
  if (!engine.canvasable) {
    engine.notify('info', 'screenshotDisabled');
    return false;
  }
  let image = data;
  if (!image) {
    await new Promise((r) => setTimeout(r, SCREENSHOT_DELAY_MS));
    image = engine.captureFrame();
    if (!image) {
      engine.notify('info', 'screenshotDisabled');
      return false;
    }
  }
  const prefs = controller.preferences();
  if (prefs.platform === 'ios' || prefs.platform === 'android') {
    // Native wrappers take the image themselves.
    dispatchPlayerEvent(controller.host, 'screenshot', { data: image });
    return true;
  }
  const item = engine.currentItem;
  const a = document.createElement('a');
  a.href = image;
  a.download = `${(item?.code ?? 'screenshot').replace(/[^\w-]+/g, '_')}.png`;
  a.hidden = true;
  controller.host.shadowRoot?.append(a);
  a.click();
  a.remove();
  return true;
}

function navigateTo(controller: PlayerController, code: string): boolean {
  const client = controller.state.loadedClient;
  if (!client) throw new CommandError('not_ready', 'navigate: no client is loaded yet');
  if (code === '/') controller.navigate(paths.navigation(client));
  else if (isMenuCode(code)) controller.navigate(paths.navigation(client, code === 'root' ? undefined : code));
  else controller.navigate(paths.playlist(client, code));
  return true;
}

/**
 * Carry out one command. Arguments are validated first (a bad one throws a CommandError and changes
 * nothing). Getters answer synchronously; actions may answer with a Promise.
 */
export function executeCommand(controller: PlayerController, name: unknown, rawArgs: readonly unknown[] = []): unknown {
  if (!isCommandName(name)) throw new CommandError('unknown_command', `Unknown command: ${String(name).slice(0, 50)}`);
  const args = validateArgs(name, rawArgs);
  const engine = controller.engine;
  const pb = controller.state.playback;
  const lang = () => controller.preferences().menuLanguage;
  const titles = () => controller.preferences().titles;
  switch (name as CommandName) {
    case 'getPlayerState':
      return pb.playlist ? pb.player : -1;
    case 'getVolume':
      return pb.muted ? 0 : pb.volume;
    case 'getCurrentTime':
      return pb.playlist ? pb.currentTime : 0;
    case 'getDuration':
      return pb.playlist ? pb.duration : 0;
    case 'getPrimaryItem':
      return itemInfo(pb.playlist?.items[0], lang(), titles());
    case 'getCurrentItem':
      return itemInfo(pb.playlist?.items[pb.index], lang(), titles());
    case 'getCurrentPlaylist':
      return playlistInfo(pb.playlist, lang(), titles());
    case 'getCurrentPlaylistItems':
      return (pb.playlist?.items ?? []).map((it) => itemInfo(it, lang(), titles()));
    case 'getCurrentPlaylistIndex':
      return pb.playlist ? pb.index : 0;
    case 'getLanguage':
      return lang();
    case 'setLanguage':
      controller.setLanguage(args[0] as string);
      return true;
    case 'navigate':
      return navigateTo(controller, args[0] as string);
    case 'start':
      return pb.playlist ? engine.setIndex(0, true) : false;
    case 'playVideo':
      return engine.play();
    case 'pauseVideo':
      return engine.pause();
    case 'next':
      return engine.next();
    case 'prev':
      return engine.prev();
    case 'stop':
      return engine.stop();
    case 'exitVideo': {
      const client = controller.state.loadedClient;
      engine.pause();
      if (!client) return false;
      controller.navigate(paths.navigation(client));
      return true;
    }
    case 'addFavorite': {
      const p = pb.playlist;
      return p ? { code: p.code, label: playlistLabel(p, lang(), titles()) ?? null } : null;
    }
    case 'screenshot':
      return screenshot(controller, args[0] as string | undefined);
    case 'seekTo':
      return engine.seek(args[0] as number);
    case 'seekToChapter': {
      const chapters = engine.currentItem?.chapters.length ?? 0;
      if ((args[0] as number) >= chapters) throw new CommandError('invalid_argument', `seekToChapter: the current item has ${chapters} chapter(s)`);
      return engine.seekToChapter(args[0] as number);
    }
    case 'seekToIndex':
      return engine.setIndex(args[0] as number, true);
    case 'setVolume':
      return engine.setVolume(args[0] as number);
    case 'togglePlay':
      return engine.toggle();
    case 'toggleMute':
      return engine.toggleMute();
    case 'seekBy':
      return engine.seekBy(args[0] as number);
    case 'changeVolume':
      return engine.changeVolume(args[0] as number);
    case 'toggleFullscreen':
      toggleFullscreen(controller.host);
      return true;
    case 'toggleCaptions': {
      const on = controller.preferences().subtitles === 1;
      return controller.setLocalPreference('subtitles', on ? 0 : 1);
    }
  }
}

/** Map named arguments (CustomEvent / postMessage payloads) to positional ones, by the table's names. */
export function positionalArgs(name: CommandName, payload: Record<string, unknown>): unknown[] {
  return COMMANDS[name].args.map((a) => (Object.hasOwn(payload, a.name) ? payload[a.name] : undefined));
}
