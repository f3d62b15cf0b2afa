/** The visitor's choices: languages, captions and favourites (saved for this client). */
import type { CommandContext } from './context';
import { playlistInfo } from './query-handlers';

export function setLanguage(ctx: CommandContext, language: string): boolean {
  ctx.setLanguage(language);
  return true;
}

export const toggleCaptions = (ctx: CommandContext) =>
  ctx.setLocalPreference('subtitles', ctx.preferences().subtitles === 1 ? 0 : 1);

export const toggleAudioDescriptions = (ctx: CommandContext) =>
  ctx.setLocalPreference('audioDescriptions', ctx.preferences().audioDescriptions === 1 ? 0 : 1);

/** Remove the current playlist from the favourites; false without a playlist or when storage failed. */
export function removeFavorite(ctx: CommandContext): boolean {
  const code = ctx.state.playback.playlist?.code;
  return code ? ctx.setFavorite({ code, label: null }, false) : false;
}

/** Add the current playlist to the favourites, with its first item's file (for its thumbnail). */
export function addFavorite(ctx: CommandContext): { code: string; label: string | null } | null {
  const playlist = ctx.state.playback.playlist;
  const info = playlistInfo(ctx, playlist);
  if (!info) return null;
  const file = playlist?.items[0]?.file;
  ctx.setFavorite({ code: info.code, label: info.label, ...(file ? { file } : {}) }, true);
  return { code: info.code, label: info.label };
}
