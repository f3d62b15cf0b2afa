import type { Canvas } from 'fabric';

/**
 * The annotations over a background at `width` x `height` (the frame's resolution, pixel ratio 1): the frame canvas
 * (or a plain fill) first, the drawing scaled on top. Selection handles are never part of it (Fabric skips them).
 */
export function composite(
  canvas: Canvas,
  width: number,
  height: number,
  background: CanvasImageSource | string,
): HTMLCanvasElement {
  const out = document.createElement('canvas');
  out.width = width;
  out.height = height;
  const ctx = out.getContext('2d')!;
  if (typeof background === 'string') {
    ctx.fillStyle = background;
    ctx.fillRect(0, 0, width, height);
  } else ctx.drawImage(background, 0, 0, width, height);
  ctx.drawImage(canvas.toCanvasElement(width / canvas.getWidth()), 0, 0, width, height);
  return out;
}
