/**
 * The overlay's stage: the still of the frame (./frame-still.ts) and the Fabric surface over it, made in
 * React-owned elements when the overlay opens and disposed when it closes, both fitted to the stage (16:9 with a
 * margin, following resizes). The surface starts from the drawing this item had earlier in the page's life and keeps
 * it there as it changes; while it is open the screenshot command takes the frame with the drawing.
 */
import type { FabricObject } from 'fabric';
import { useLayoutEffect, useRef, useState } from 'react';
import type { PlayerHandle } from '../screens/player-context';
import { DEFAULT_PICTURE, drawingPicture } from './annotation-actions';
import { paintStill, whenPictured } from './frame-still';
import { drawingsOf, itemKey, keepSurface, surfaceOf } from './player-drawings';
import { surfaceBox } from './rules';
import { AnnotationSurface } from './surface';

export interface StageOptions {
  /** The default text of new texts and stickies. */
  defaultText: string;
  /** A double click on a text or sticky: edit it. */
  edit: (surface: AnnotationSurface, target: FabricObject) => void;
}

/** Place `elements` in the 16:9 box of `stage` and size the surface to it, now and on every resize. */
function fitToStage(stage: HTMLElement, elements: HTMLElement[], surface: AnnotationSurface): () => void {
  const layout = () => {
    const box = surfaceBox(stage.clientWidth, stage.clientHeight);
    for (const el of elements) {
      el.style.setProperty('left', `${box.left}px`);
      el.style.setProperty('top', `${box.top}px`);
      el.style.setProperty('width', `${box.width}px`);
      el.style.setProperty('height', `${box.height}px`);
    }
    surface.resize(box.width, box.height);
  };
  layout();
  const observer = new ResizeObserver(layout);
  observer.observe(stage);
  return () => observer.disconnect();
}

export function useAnnotationStage(controller: PlayerHandle, { defaultText, edit }: StageOptions) {
  const stageRef = useRef<HTMLDivElement>(null);
  const frameRef = useRef<HTMLCanvasElement>(null);
  const hostRef = useRef<HTMLDivElement>(null);
  const [surface, setSurface] = useState<AnnotationSurface>();
  const [, setVersion] = useState(0);
  /** Whether a still of the picture is shown (none for YouTube and Vimeo: the paused player shows through). */
  const [hasFrame, setHasFrame] = useState(true);
  /** Whether the still can be read back (saved with the drawing). */
  const [canvasable, setCanvasable] = useState(false);
  /** The size of the pictures saved: the still's. */
  const pictureSize = useRef<{ width: number; height: number }>(DEFAULT_PICTURE);
  /** The surface changed in a way the editor shows (Undo and Redo, the cursor). */
  const changed = () => setVersion((v) => v + 1);

  // Before the overlay's first paint: whether the still can be read back decides the toolbar's buttons (Save
  // annotations only, for a still that cannot), and the surface is fitted to the stage the toolbar leaves, so the first
  // frame on screen shows both as they stay (in a passive effect the toolbar first showed its initial buttons, wrapped
  // to a second row, and the surface was placed under it, 17 px off for two frames).
  useLayoutEffect(() => {
    const host = hostRef.current;
    const frame = frameRef.current;
    const stage = stageRef.current;
    if (!host || !frame || !stage) return;
    const engine = controller.loadedPlayback();
    const source = engine?.frameSource();
    const key = itemKey(controller);
    setHasFrame(Boolean(source));
    const paint = (): boolean => {
      if (!source) return false;
      const readable = paintStill(frame, source);
      pictureSize.current = { width: frame.width, height: frame.height };
      return readable;
    };
    let tainted = !paint();
    setCanvasable(!tainted);
    const s = new AnnotationSurface(host, {
      defaultText,
      clock: controller.clock,
      onChange: () => {
        if (key) drawingsOf(controller).set(key, s.snapshot());
        changed();
      },
      onEditText: (target) => edit(s, target),
    });
    const stopWaiting = whenPictured(source, () => {
      tainted = !paint();
      setCanvasable(!tainted);
      if (tainted && engine?.annotationCapture) engine.annotationCapture = undefined;
    });
    const saved = key ? drawingsOf(controller).get(key) : undefined;
    if (saved) void s.load(saved).then(changed);
    setSurface(s);
    keepSurface(controller, s);
    // The screenshot command (and the Save button) take the frame with the drawing while the overlay is open.
    if (engine && !tainted) engine.annotationCapture = () => drawingPicture(s, pictureSize.current, frame);
    const unfit = fitToStage(stage, [frame, host], s);
    return () => {
      unfit();
      stopWaiting();
      if (engine?.annotationCapture) engine.annotationCapture = undefined;
      if (surfaceOf(controller) === s) keepSurface(controller, undefined);
      s.dispose();
    };
    // The surface lives as long as the overlay.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [controller]);

  /** The drawing over white, at the still's size (Save annotations only). */
  const drawingOnWhite = () => (surface ? drawingPicture(surface, pictureSize.current, '#ffffff') : undefined);

  return { stageRef, frameRef, hostRef, surface, hasFrame, canvasable, changed, drawingOnWhite };
}
