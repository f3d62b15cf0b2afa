/**
 * The getters' handlers: what the player answers about its state, its playlist and its items. They answer
 * synchronously, from the state (0, null or [] while no playlist is open).
 */
import type { Playlist, PlaylistItem } from '../content/playlist';
import { itemLabel, playlistLabel } from '../content/playlist';
import { rateOf } from '../playback/rate';
import { PLAYER_STATE, type PlayerStateValue } from '../playback/timing';
import type { CommandContext } from './context';

const pb = (ctx: CommandContext) => ctx.state.playback;

/**
 * A playlist item as answered to hosts (JSON-safe; the table's `ItemInfo`). Labels as the visitor sees them:
 * the titles override wins over the provider's label.
 */
export const itemInfo = (ctx: CommandContext, item: PlaylistItem | undefined) => {
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

/** A playlist without its items, as answered to hosts (JSON-safe; the table's `PlaylistInfo`). */
export const playlistInfo = (ctx: CommandContext, p: Playlist | undefined) => {
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

export const getPlayerState = (ctx: CommandContext): PlayerStateValue =>
  pb(ctx).playlist ? pb(ctx).playerState : PLAYER_STATE.NOT_READY;
/** 0 while muted. */
export const getVolume = (ctx: CommandContext): number => (pb(ctx).muted ? 0 : pb(ctx).volume);
export const getPlaybackRate = (ctx: CommandContext): number =>
  ctx.loadedPlayback()?.playbackRate ?? rateOf(ctx.preferences().speed);
export const getCurrentTime = (ctx: CommandContext): number => (pb(ctx).playlist ? pb(ctx).currentTime : 0);
export const getPrimaryItem = (ctx: CommandContext) => itemInfo(ctx, pb(ctx).playlist?.items[0]);
export const getCurrentItem = (ctx: CommandContext) => itemInfo(ctx, pb(ctx).playlist?.items[pb(ctx).index]);
export const getCurrentPlaylist = (ctx: CommandContext) => playlistInfo(ctx, pb(ctx).playlist);
export const getCurrentPlaylistItems = (ctx: CommandContext) =>
  (pb(ctx).playlist?.items ?? []).map((it) => itemInfo(ctx, it)!);
export const getCurrentPlaylistIndex = (ctx: CommandContext): number => (pb(ctx).playlist ? pb(ctx).index : 0);
export const getDuration = (ctx: CommandContext): number => (pb(ctx).playlist ? pb(ctx).duration : 0);
export const getLanguage = (ctx: CommandContext): string => ctx.preferences().menuLanguage;
