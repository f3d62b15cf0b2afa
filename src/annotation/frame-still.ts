/**
 * The still under the drawing: the picture of the current frame or slide painted onto the frame canvas, filling the
 * 16:9 plane at the picture's own resolution, letterboxed on black (a 4:3 frame keeps its shape). A video entered
 * before its first frame is decoded is painted again as soon as it has a picture.
 */

/** The picture a playback gives for the still (its adapter's `frameSource`). */
export interface FrameSource {
  source: CanvasImageSource;
  width: number;
  height: number;
}

/** When a video that had no picture yet gets one. */
const FRAME_EVENTS = ['loadeddata', 'seeked', 'canplay'] as const;
/** How many animation frames a picture that came is painted again. */
const REPAINT_FRAMES = 30;

/**
 * Paint `source` onto `frame`; its size is the still's (the size of the pictures saved). False when the canvas
 * cannot be read back (a cross-origin picture without CORS: shown, but not exportable).
 */
export function paintStill(frame: HTMLCanvasElement, source: FrameSource): boolean {
  const wide = source.width / source.height > 16 / 9;
  const width = wide ? source.width : Math.round((source.height * 16) / 9);
  const height = wide ? Math.round((source.width * 9) / 16) : source.height;
  frame.width = width;
  frame.height = height;
  const ctx = frame.getContext('2d')!;
  ctx.fillStyle = '#000';
  ctx.fillRect(0, 0, width, height);
  ctx.drawImage(source.source, (width - source.width) / 2, (height - source.height) / 2, source.width, source.height);
  try {
    ctx.getImageData(0, 0, 1, 1);
    return true;
  } catch {
    return false;
  }
}

/**
 * A video of `source` with no picture yet (metadata only: the overlay opened as the item loaded, or mid-seek):
 * `then` runs once it has one. Returns what stops waiting (nothing to do when it has a picture already).
 */
export function whenPictured(source: FrameSource | undefined, then: () => void): () => void {
  const video = source?.source;
  if (!(video instanceof HTMLVideoElement) || video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) return () => {};
  const stop = () => {
    for (const type of FRAME_EVENTS) video.removeEventListener(type, pictured);
    cancelAnimationFrame(raf);
  };
  let frames = 0;
  let raf = 0;
  const pictured = () => {
    if (video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) return;
    for (const type of FRAME_EVENTS) video.removeEventListener(type, pictured);
    // Painted now, and again in the next animation frames (half a second): WebKitGTK at times has no picture to draw
    // yet when the video says it has one (a black still).
    const again = () => {
      then();
      if (++frames < REPAINT_FRAMES) raf = requestAnimationFrame(again);
    };
    again();
  };
  for (const type of FRAME_EVENTS) video.addEventListener(type, pictured);
  return stop;
}
