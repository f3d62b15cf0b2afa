/**
 * The playback commands' handlers: play, pause, skip, seek, volume and the screenshot. Each runs on the engine: at
 * once when it is loaded (the UI and the keyboard stay synchronous), after its chunk has loaded otherwise (a host
 * command sent while the menu shows).
 */
import { dispatchPlayerEvent } from '../core/events';
import { matchRoute } from '../routing/routes';
import { steppedRate } from '../playback/rate';
import type { CommandContext, PlaybackCommands } from './context';
import { getPlaybackRate } from './query-handlers';

export function onEngine<R>(ctx: CommandContext, run: (engine: PlaybackCommands) => R): R | Promise<R> {
  const engine = ctx.loadedPlayback();
  return engine ? run(engine) : ctx.playback().then(run);
}

/** Not settled on a menu or error screen: a player route, or not routed yet (the element not on a page). */
const onPlayerScreen = (ctx: CommandContext) => !['navigation', 'error'].includes(matchRoute(ctx.path).name);

export const start = (ctx: CommandContext) =>
  ctx.state.playback.playlist ? onEngine(ctx, (e) => e.setIndex(0, true)) : false;
// Queued while a playlist is on its way (or the element not yet routed); on a menu or error screen there is
// nothing to play: false, and nothing waits to play the next playlist opened.
export const playVideo = (ctx: CommandContext) => (onPlayerScreen(ctx) ? onEngine(ctx, (e) => e.play()) : false);
export const pauseVideo = (ctx: CommandContext) => onEngine(ctx, (e) => e.pause());
export const next = (ctx: CommandContext) => onEngine(ctx, (e) => e.next());
export const prev = (ctx: CommandContext) => onEngine(ctx, (e) => e.prev());
export const stop = (ctx: CommandContext) => onEngine(ctx, (e) => e.stop());
// Kept while the item loads (applied when it is ready); on a menu or error screen there is nothing to seek.
export const seekTo = (ctx: CommandContext, seconds: number) =>
  onPlayerScreen(ctx) ? onEngine(ctx, (e) => e.seek(seconds)) : false;
export const seekToIndex = (ctx: CommandContext, index: number) => onEngine(ctx, (e) => e.setIndex(index, true));
export const setVolume = (ctx: CommandContext, volume: number) => onEngine(ctx, (e) => e.setVolume(volume));
/** The speed is the visitor's choice too (remembered): the engine plays at it now, later items from the choice. */
export function setPlaybackRate(ctx: CommandContext, rate: number): number {
  ctx.setLocalPreference('speed', Math.round(rate * 100));
  return ctx.loadedPlayback()?.setPlaybackRate(rate) ?? rate;
}
export const changePlaybackRate = (ctx: CommandContext, delta: number) =>
  setPlaybackRate(ctx, steppedRate(getPlaybackRate(ctx), delta));
export const togglePictureInPicture = (ctx: CommandContext) => ctx.loadedPlayback()?.togglePictureInPicture() ?? false;
export const togglePlay = (ctx: CommandContext) => onEngine(ctx, (e) => e.toggle());
export const toggleMute = (ctx: CommandContext) => onEngine(ctx, (e) => e.toggleMute());
export const seekBy = (ctx: CommandContext, seconds: number) => onEngine(ctx, (e) => e.seekBy(seconds));
export const changeVolume = (ctx: CommandContext, delta: number) => onEngine(ctx, (e) => e.changeVolume(delta));
/** Only an item that failed with a retryable error loads again (false otherwise). */
export const retryMedia = (ctx: CommandContext) => ctx.loadedPlayback()?.retry() ?? false;
export const brochureOpened = (ctx: CommandContext, url: string) => onEngine(ctx, (e) => e.brochureOpened(url));

/**
 * Save the current frame (or the given image data URL): a download, or a screenshot event in native wrappers
 * (they take the image themselves). At most one per second.
 */
export async function screenshot(ctx: CommandContext, data?: string): Promise<boolean> {
  const engine = await ctx.playback();
  // At most one per second: a flood of requests makes no flood of images (nor of notices).
  if (!engine.screenshotTurn()) return false;
  // Only while the current frame can be drawn to a canvas (a video or a slide image served with CORS; never YouTube
  // or Vimeo), with or without data.
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
