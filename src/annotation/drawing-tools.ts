/**
 * The surface's tools as the editor chose them: the pencil (Fabric's brush, in the colour and size chosen), the
 * eraser (@erase2d/fabric: it removes pixels, not objects) and move (selecting and dragging objects). Strokes are
 * drawn in drawing mode. With the pencil, objects are not draggable during a stroke and are again once it ends: a
 * press on a text, shape or sticky note selects and drags it (no stroke), a press anywhere else draws. Nothing is
 * found or dragged with the eraser, or while a menu is open (the tool is then `none`).
 */
import { EraserBrush } from '@erase2d/fabric';
import { PencilBrush, type Canvas, type FabricObject } from 'fabric';
import { COLORS, DEFAULT_SIZE, type ColorName, type Tool } from './rules';
import type { Tagged } from './surface-objects';

/** The objects a press with the pencil takes hold of: the foreground (strokes are drawn over, not dragged). */
const HELD_WITH_PENCIL = new Set(['text', 'shape', 'sticky']);

export class DrawingTools {
  tool: Tool = 'pencil';
  color: ColorName = 'red';
  private pencilSize: number = DEFAULT_SIZE;
  private eraserSize: number = DEFAULT_SIZE;
  private eraser?: EraserBrush;
  private offEraser?: () => void;
  /** A press with the pencil holds an object: the canvas is out of drawing mode until the pointer is released. */
  private holding = false;
  /** A stroke with the pencil is under way (from its press to its release): nothing is held meanwhile. */
  private stroking = false;
  private passedThrough: FabricObject[] = [];
  private readonly offPress: () => void;

  /** `erased`: an erasing was committed to the objects it crossed (an undo step). */
  constructor(
    private readonly canvas: Canvas,
    private readonly erased: () => void,
  ) {
    // Ahead of Fabric's own handling of the press (its listener is on the upper canvas, inside the wrapper).
    const wrapper = canvas.wrapperEl;
    const onPress = (e: PointerEvent) => this.press(e);
    wrapper.addEventListener('pointerdown', onPress, { capture: true });
    const offUp = canvas.on('mouse:up', () => {
      this.stroking = false;
      if (!this.holding) return;
      this.release();
      this.mode();
    });
    this.offPress = () => {
      wrapper.removeEventListener('pointerdown', onPress, { capture: true });
      offUp();
    };
  }

  /**
   * A press with the pencil, no stroke under way: on a foreground object it holds that object instead of drawing.
   * The strokes are passed through meanwhile (a stroke drawn over a text leaves the text within reach).
   */
  private press(e: PointerEvent): void {
    const c = this.canvas;
    if (e.button !== 0 || this.tool !== 'pencil' || this.holding || this.stroking || !c.isDrawingMode) return;
    const strokes = c.getObjects().filter((o: Tagged) => o.evented && (o.kind === 'pencil' || o.kind === 'keyboard'));
    for (const o of strokes) o.evented = false;
    c.skipTargetFind = false;
    const t: Tagged | undefined = c.findTarget(e).target;
    if (!t?.kind || !HELD_WITH_PENCIL.has(t.kind)) {
      for (const o of strokes) o.evented = true;
      c.skipTargetFind = true;
      this.stroking = true;
      return;
    }
    this.holding = true;
    this.passedThrough = strokes;
    c.isDrawingMode = false;
  }

  /** The press that held an object is over: back to drawing, the strokes within reach again. */
  private release(): void {
    this.holding = false;
    for (const o of this.passedThrough) o.evented = true;
    this.passedThrough = [];
  }

  set(tool: Tool): void {
    this.tool = tool;
    this.apply();
  }
  setColor(color: ColorName): void {
    this.color = color;
    this.apply();
  }
  setSizes(pencil: number, eraser: number): void {
    this.pencilSize = pencil;
    this.eraserSize = eraser;
    this.apply();
  }

  /** The canvas was resized: the eraser sizes its effect canvas once, so it is made again for the new size. */
  resized(): void {
    if (!this.eraser) return;
    this.dispose();
    this.apply();
  }

  /** Drawing mode for the pencil and the eraser; finding and rubber-band selecting objects for move only. */
  private mode(): void {
    const c = this.canvas;
    c.isDrawingMode = this.tool === 'pencil' || this.tool === 'erase';
    c.selection = this.tool === 'move';
    c.skipTargetFind = this.tool !== 'move';
  }

  apply(): void {
    const c = this.canvas;
    this.release();
    this.stroking = false;
    this.mode();
    if (this.tool === 'pencil') {
      const brush = new PencilBrush(c);
      brush.color = COLORS[this.color];
      brush.width = this.pencilSize;
      c.freeDrawingBrush = brush;
    } else if (this.tool === 'erase') {
      const eraser = (this.eraser ??= this.makeEraser());
      eraser.width = this.eraserSize;
      c.freeDrawingBrush = eraser;
    }
    c.requestRenderAll();
  }

  private makeEraser(): EraserBrush {
    const eraser = new EraserBrush(this.canvas);
    // Erasing is committed to the objects (a clip path); the undo step is taken once it is.
    this.offEraser = eraser.on('end', (e) => {
      e.preventDefault();
      void eraser.commit(e.detail).then(() => this.erased());
    });
    return eraser;
  }

  dispose(): void {
    this.offPress();
    this.offEraser?.();
    this.eraser?.dispose();
    this.eraser = undefined;
    this.offEraser = undefined;
  }
}
