/**
 * The surface's tools as the editor chose them: the pencil (Fabric's brush, in the colour and size chosen), the
 * eraser (@erase2d/fabric: it removes pixels, not objects) and move (selecting and dragging objects). Strokes are
 * drawn in drawing mode; objects are found and dragged with move only (never during a stroke or while a menu is
 * open: the tool is then `none`).
 */
import { EraserBrush } from '@erase2d/fabric';
import { PencilBrush, type Canvas } from 'fabric';
import { COLORS, DEFAULT_SIZE, type ColorName, type Tool } from './rules';

export class DrawingTools {
  tool: Tool = 'pencil';
  color: ColorName = 'red';
  private pencilSize: number = DEFAULT_SIZE;
  private eraserSize: number = DEFAULT_SIZE;
  private eraser?: EraserBrush;
  private offEraser?: () => void;

  /** `erased`: an erasing was committed to the objects it crossed (an undo step). */
  constructor(
    private readonly canvas: Canvas,
    private readonly erased: () => void,
  ) {}

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

  apply(): void {
    const c = this.canvas;
    c.isDrawingMode = this.tool === 'pencil' || this.tool === 'erase';
    c.selection = this.tool === 'move';
    c.skipTargetFind = this.tool !== 'move';
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
    this.offEraser?.();
    this.eraser?.dispose();
    this.eraser = undefined;
    this.offEraser = undefined;
  }
}
