/**
 * Saving what was drawn. Save screenshot is the player's screenshot command (the frame with the drawing, taken with
 * the selection's handles hidden; it may be refused: playback that cannot be read back). Save annotations only gives
 * the drawing over white: a file download, or the `screenshot` event for the native apps (iOS, Android).
 */
import { dispatchPlayerEvent } from '../core/events';
import type { PlayerHandle } from '../screens/player-context';
import { screenshotName } from './rules';
import type { AnnotationSurface } from './surface';

/** The size of the pictures saved when there is no still (the frame's resolution otherwise). */
export const DEFAULT_PICTURE = { width: 1280, height: 720 } as const;

/**
 * The drawing over `background` (the frame canvas, or a fill), at `size`, as PNG data; undefined when the picture
 * cannot be read (a tainted frame).
 */
export function drawingPicture(
  surface: AnnotationSurface,
  size: { width: number; height: number },
  background: HTMLCanvasElement | string,
): string | undefined {
  try {
    return surface.composite(size.width, size.height, background).toDataURL('image/png');
  } catch {
    return undefined;
  }
}

/** Save screenshot, through the screenshot command; false when it was refused. */
export async function saveScreenshot(controller: PlayerHandle, surface: AnnotationSurface): Promise<boolean> {
  const active = surface.canvas.getActiveObject();
  surface.clearSelection();
  const saved = await controller.command('screenshot');
  if (active) surface.canvas.setActiveObject(active);
  return Boolean(saved);
}

/** Save annotations only: `data` (the drawing over white) as a file, or to the native app. */
export function saveDrawing(controller: PlayerHandle, data: string): void {
  const platform = controller.preferences().platform;
  if (platform === 'ios' || platform === 'android') {
    dispatchPlayerEvent(controller.host, 'screenshot', { data });
    return;
  }
  const a = document.createElement('a');
  a.href = data;
  a.download = screenshotName(`${controller.loadedPlayback()?.currentItem?.code ?? 'annotations'}-annotations`);
  a.hidden = true;
  controller.host.shadowRoot?.append(a);
  a.click();
  a.remove();
}
