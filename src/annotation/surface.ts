/**
 * The drawing surface: a Fabric.js canvas over a still of the current frame, in the logical plane (`PLANE`, zoomed
 * to the surface's size, so drawings follow resizes and full screen, sharp on high-DPI screens). It puts together the
 * tools (./drawing-tools.ts), the objects (./surface-objects.ts), the keyboard's cursor (./keyboard-cursor.ts), the
 * pointer's rules (./pointer-rules.ts), undo / redo (./surface-history.ts) and the picture (./surface-picture.ts).
 * No DOM outside its host element; `dispose()` releases it all.
 */
import { Canvas, type FabricObject } from 'fabric';
import type { Clock } from '../core/clock';
import { DrawingTools } from './drawing-tools';
import { KeyboardCursor } from './keyboard-cursor';
import { applyPointerRules } from './pointer-rules';
import { PLANE, type ColorName, type ShapeKind, type TextKind, type Tool } from './rules';
import { SurfaceHistory } from './surface-history';
import {
  bakeScale,
  makeShape,
  makeSticky,
  makeText,
  recolor,
  setTextOf,
  textOf,
  textStyleOf,
  type Tagged,
} from './surface-objects';
import { composite } from './surface-picture';

export { PLANE } from './rules';

export interface SurfaceOptions {
  /** The default text of new texts and stickies (translated). */
  defaultText: string;
  /** The player's clock (the double-click window is measured on it). */
  clock: Pick<Clock, 'now'>;
  /** Called after every change that makes an undo step (and after undo / redo). */
  onChange?: () => void;
  /** Enter on a selection, or a double click on a text: the overlay edits it. */
  onEditText?: (target: FabricObject) => void;
}

export class AnnotationSurface {
  readonly canvas: Canvas;
  private readonly tools: DrawingTools;
  private readonly cursor: KeyboardCursor;
  private readonly changes: SurfaceHistory;
  private disposed = false;

  constructor(
    readonly host: HTMLElement,
    private readonly options: SurfaceOptions,
  ) {
    const element = document.createElement('canvas');
    element.className = 'annotation-canvas';
    host.append(element);
    const c = (this.canvas = new Canvas(element, {
      width: PLANE.width,
      height: PLANE.height,
      selection: true,
      preserveObjectStacking: true,
      enablePointerEvents: true,
      fireRightClick: false,
      stopContextMenu: false,
      selectionKey: ['shiftKey', 'ctrlKey', 'metaKey'],
      uniformScaling: false,
      targetFindTolerance: 4,
    }));
    this.tools = new DrawingTools(c, () => this.changes.changed());
    this.cursor = new KeyboardCursor(c, {
      tool: () => this.tools.tool,
      color: () => this.tools.color,
      quietly: (change) => this.changes.quietly(change),
    });
    c.on('object:added', ({ target }) => this.changes.changed(target));
    c.on('object:removed', ({ target }) => this.changes.changed(target));
    c.on('object:modified', ({ target }) => {
      bakeScale(target);
      this.changes.changed(target);
    });
    c.on('path:created', ({ path }) => {
      Object.assign(path, { kind: 'pencil', colorName: this.tools.color, erasable: true });
    });
    applyPointerRules(c, options.clock, (target) => options.onEditText?.(target));
    this.changes = new SurfaceHistory(c, {
      ignores: (target) => this.cursor.is(target),
      restored: () => this.cursor.restored(),
      onChange: options.onChange,
    });
    this.tools.apply();
  }

  /** The undo / redo steps (what the toolbar's Undo and Redo offer). */
  get history() {
    return this.changes.steps;
  }

  // ---- state from the editor -------------------------------------------------------------------------

  setTool(tool: Tool): void {
    this.tools.set(tool);
  }
  setColor(color: ColorName): void {
    this.tools.setColor(color);
  }
  setSizes(pencil: number, eraser: number): void {
    this.tools.setSizes(pencil, eraser);
  }

  /** Show the plane at `width` x `height` CSS pixels (16:9): the drawing scales with it. */
  resize(width: number, height: number): void {
    // The same size again (a resize observer's first call): nothing to do, and a stroke under way is kept.
    if (width <= 0 || height <= 0 || (width === this.canvas.getWidth() && height === this.canvas.getHeight())) return;
    this.canvas.setDimensions({ width, height });
    this.canvas.setZoom(width / PLANE.width);
    this.tools.resized();
    this.canvas.requestRenderAll();
  }

  // ---- objects -------------------------------------------------------------------------------------

  /** A new object goes to the foreground and is selected. */
  private place(obj: Tagged): Tagged {
    const c = this.canvas;
    c.add(obj);
    c.bringObjectToFront(obj);
    this.cursor.bringToFront();
    c.setActiveObject(obj);
    c.requestRenderAll();
    return obj;
  }

  addText(kind: TextKind): Tagged {
    return this.place(makeText(kind, this.options.defaultText, this.tools.color, this.cursor.anchor()));
  }
  addShape(shape: ShapeKind): Tagged {
    return this.place(makeShape(shape, this.tools.color, this.cursor.anchor()));
  }
  addSticky(color: ColorName = this.tools.color): Tagged {
    return this.place(makeSticky(color, this.options.defaultText, this.cursor.anchor()));
  }

  /** The selected objects (a selection's members, or the one). */
  selected(): Tagged[] {
    return this.canvas.getActiveObjects();
  }

  clearSelection(): void {
    this.canvas.discardActiveObject();
    this.canvas.requestRenderAll();
  }

  /** Recolour the selection: strokes and shape outlines, text fills, sticky papers. */
  recolor(color: ColorName): void {
    const objs = this.selected();
    for (const obj of objs) recolor(obj, color);
    if (objs.length) {
      this.canvas.requestRenderAll();
      this.changes.changed();
    }
  }

  /** Backspace / Delete: the selection goes (a sticky as a whole). */
  removeSelection(): boolean {
    const objs = this.selected();
    if (!objs.length) return false;
    this.canvas.discardActiveObject();
    this.canvas.remove(...objs);
    this.canvas.requestRenderAll();
    return true;
  }

  /** Move the selection by a step (arrow keys, H J K L). */
  moveSelection(dx: number, dy: number): boolean {
    const active = this.canvas.getActiveObject();
    if (!active) return false;
    active.set({ left: active.left + dx, top: active.top + dy });
    active.setCoords();
    this.canvas.requestRenderAll();
    this.changes.changed();
    return true;
  }

  /**
   * Clear removes the drawing layer: the strokes of the pencil and the keyboard; texts, shapes and stickies (the
   * foreground objects) stay. One undo step.
   */
  clear(): void {
    this.cursor.lift();
    const strokes = this.objects.filter((o) => o.kind === 'pencil' || o.kind === 'keyboard');
    // The selection stays unless strokes were in it.
    if (this.canvas.getActiveObjects().some((o) => strokes.includes(o))) this.canvas.discardActiveObject();
    this.canvas.remove(...strokes);
    this.canvas.requestRenderAll();
  }

  /** Set the text of a text or sticky (the editing overlay's result). */
  setText(target: FabricObject, value: string): void {
    if (!setTextOf(target, value)) return;
    this.canvas.requestRenderAll();
    this.changes.changed();
  }

  /** How a text (or a sticky's text) looks: the editing overlay mirrors it. */
  textStyle(target: FabricObject) {
    return textStyleOf(target);
  }

  /** The text of a text or sticky. */
  textOf(target: FabricObject): string {
    return textOf(target);
  }

  /** Objects drawn (the cursor aside). */
  get objects(): Tagged[] {
    return this.canvas.getObjects().filter((o) => !this.cursor.is(o));
  }

  // ---- the keyboard's drawing cursor -----------------------------------------------------------------

  get cursorPosition() {
    return this.cursor.position;
  }
  /** Arrow keys with nothing selected move the cursor circle (drawing when the pen is down). */
  moveCursor(dx: number, dy: number): void {
    this.cursor.move(dx, dy);
  }
  /** Space: pen down (a stroke starts at the cursor) or up (the stroke is done: one undo step). */
  togglePen(): void {
    this.cursor.togglePen();
  }

  // ---- history and pictures --------------------------------------------------------------------------

  snapshot(): string {
    return this.changes.snapshot();
  }
  undo(): Promise<void> {
    return this.changes.undo();
  }
  redo(): Promise<void> {
    return this.changes.redo();
  }
  /** Start from a saved drawing (the item's annotations of earlier in the page's life). */
  load(json: string): Promise<void> {
    return this.changes.load(json);
  }

  /** The annotations over `background` at `width` x `height`, without the keyboard cursor (./surface-picture.ts). */
  composite(width: number, height: number, background: CanvasImageSource | string): HTMLCanvasElement {
    return this.cursor.hiddenDuring(() => composite(this.canvas, width, height, background));
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.changes.dispose();
    this.tools.dispose();
    void this.canvas.dispose();
    this.host.replaceChildren();
  }
}
