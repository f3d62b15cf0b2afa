/** The navigation commands' handlers: open a code, leave the player for the menu, ask the route again, full screen. */
import { isMenuCode } from '../content/profile';
import { toggleFullscreen as toggleElementFullscreen } from '../core/fullscreen';
import { paths } from '../routing/routes';
import type { CommandContext } from './context';

/** Open a code of the loaded `client`: a menu code (or '/') opens the menu there, any other code a playlist. */
export function navigate(ctx: CommandContext, client: string, code: string): boolean {
  if (code === '/') ctx.navigate(paths.navigation(client));
  else if (isMenuCode(code)) ctx.navigate(paths.navigation(client, code === 'root' ? undefined : code));
  else ctx.navigate(paths.playlist(client, code));
  return true;
}

export function exitVideo(ctx: CommandContext): boolean {
  const client = ctx.state.loadedClient;
  ctx.loadedPlayback()?.pause(); // without the engine nothing plays
  if (!client) return false;
  ctx.navigate(paths.navigation(client));
  return true;
}

export function retryLoad(ctx: CommandContext, resource?: 'client' | 'profile' | 'playlist'): boolean {
  ctx.retry(resource);
  return true;
}

export function toggleFullscreen(ctx: CommandContext): boolean {
  toggleElementFullscreen(ctx.host);
  return true;
}
