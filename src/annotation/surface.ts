/**
 * The drawing surface: a Fabric.js canvas over a still of the current frame, in a logical 960 x 540 plane
 * (zoomed to the surface's size, so drawings follow resizes and full screen, sharp on high-DPI screens).
 * Pencil strokes, erasing (@erase2d/fabric: pixels, not objects), texts, shapes and sticky notes; selection
 * rules of the spec; keyboard drawing with a cursor circle; JSON snapshots for undo / redo; the PNG
 * composite at the frame's own resolution. No DOM outside its host element; `dispose()` releases it all.
 */
import { EraserBrush } from '@erase2d/fabric';
import { Canvas, Circle, FabricObject, Gradient, Group, Path, PencilBrush, Polygon, Rect, Textbox, Triangle, type TPointerEventInfo } from 'fabric';
import {
  COLORS,
  EDITOR,
  History,
  SHAPE,
  STICKY,
  TEXT_KINDS,
  TEXT_MIN,
  starPoints,
  stickyGradient,
  stickyTextColor,
  type ColorName,
  type ShapeKind,
  type TextKind,
  type Tool,
} from './rules';

/** The logical plane: object sizes of the spec are in these units. */
export const PLANE = { width: 960, height: 540 } as const;
/** Properties kept in snapshots besides Fabric's own. */
const CUSTOM = ['erasable', 'kind', 'colorName', 'textKind'];

type Kind = 'pencil' | 'text' | 'shape' | 'sticky' | 'keyboard';
type Tagged = FabricObject & { kind?: Kind; colorName?: ColorName; erasable?: boolean | 'deep'; textKind?: TextKind };

/** A sticky's paper: its colour's gradient pair from top to bottom. */
const stickyFill = (color: unknown, height: number) => {
  const [light, dark] = stickyGradient(color);
  return new Gradient({ type: 'linear', coords: { x1: 0, y1: 0, x2: 0, y2: height }, colorStops: [{ offset: 0, color: light }, { offset: 1, color: dark }] });
};

/** The text box of a text, or of a sticky (its second object). */
const textBoxOf = (target: FabricObject): Textbox => {
  const t = target as Tagged;
  return t.kind === 'sticky' && t instanceof Group ? (t.getObjects()[1] as Textbox) : (t as unknown as Textbox);
};

export interface SurfaceOptions {
  /** The default text of new texts and stickies (translated). */
  defaultText: string;
  /** Called after every change that makes an undo step (and after undo / redo). */
  onChange?: () => void;
  /** Enter on a selection, or a double click on a text: the overlay edits it. */
  onEditText?: (target: FabricObject) => void;
}

export class AnnotationSurface {
  readonly canvas: Canvas;
  readonly history = new History();
  private readonly element: HTMLCanvasElement;
  private restoring = false;
  private pending = false;
  private tool: Tool = 'pencil';
  private color: ColorName = 'red';
  private pencilSize = 12;
  private eraserSize = 12;
  private eraser?: EraserBrush;
  private offEraser?: () => void;
  /** The keyboard cursor (not exported, not selectable) and the stroke it is drawing. */
  private cursor: Circle;
  private cursorAt = { x: PLANE.width / 2, y: PLANE.height / 2 };
  private penDown = false;
  private keyboardPoints: { x: number; y: number }[] = [];
  private keyboardPath?: Path;
  private disposed = false;

  constructor(
    readonly host: HTMLElement,
    private readonly options: SurfaceOptions,
  ) {
    this.element = document.createElement('canvas');
    this.element.className = 'annotation-canvas';
    host.append(this.element);
    this.canvas = new Canvas(this.element, {
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
    });
    this.cursor = new Circle({
      radius: 6,
      fill: 'transparent',
      stroke: '#1a73e8',
      strokeWidth: 2,
      selectable: false,
      evented: false,
      excludeFromExport: true,
      visible: false,
      originX: 'center',
      originY: 'center',
    });
    const c = this.canvas;
    c.on('object:added', ({ target }) => this.changed(target));
    c.on('object:removed', ({ target }) => this.changed(target));
    c.on('object:modified', ({ target }) => {
      this.bakeScale(target);
      this.changed(target);
    });
    c.on('path:created', ({ path }) => {
      const p = path as Tagged;
      p.kind = 'pencil';
      p.colorName = this.color;
      p.erasable = true;
    });
    // Drag distance (spec section 9): an object moves only once the pointer has gone 3 px from where it was
    // pressed, so a click never nudges it.
    let press: { x: number; y: number; left: number; top: number; target: FabricObject } | undefined;
    c.on('object:moving', ({ target, e }) => {
      if (!press || press.target !== target) return;
      const p = c.getViewportPoint(e);
      if (Math.hypot(p.x - press.x, p.y - press.y) >= EDITOR.dragDistance) {
        press = undefined; // past the threshold: a real drag from now on
        return;
      }
      target.set({ left: press.left, top: press.top });
    });
    c.on('mouse:up', () => {
      press = undefined;
    });
    // A second press on the same text within 400 ms edits it (spec section 9: double-click window).
    let lastDown: { target?: FabricObject; at: number } = { at: -Infinity };
    c.on('mouse:down', (e: TPointerEventInfo) => {
      const t = e.target as Tagged | undefined;
      const vp = c.getViewportPoint(e.e);
      press = t ? { x: vp.x, y: vp.y, left: t.left, top: t.top, target: t } : undefined;
      const now = performance.now();
      if (t && t === lastDown.target && now - lastDown.at <= EDITOR.doubleClickMs && (t.kind === 'text' || t.kind === 'sticky')) {
        lastDown = { at: -Infinity };
        this.options.onEditText?.(t);
        return;
      }
      lastDown = { target: t, at: now };
    });
    this.history.reset(this.snapshot());
    this.applyTool();
  }

  // ---- state from the editor -------------------------------------------------------------------------

  setTool(tool: Tool): void {
    this.tool = tool;
    this.applyTool();
  }
  setColor(color: ColorName): void {
    this.color = color;
    this.applyTool();
  }
  setSizes(pencil: number, eraser: number): void {
    this.pencilSize = pencil;
    this.eraserSize = eraser;
    this.applyTool();
  }

  private applyTool(): void {
    const c = this.canvas;
    const drawing = this.tool === 'pencil' || this.tool === 'erase';
    c.isDrawingMode = drawing;
    // Objects are not draggable during a stroke (drawing mode) nor while a menu is open.
    c.selection = this.tool === 'move';
    c.skipTargetFind = this.tool !== 'move';
    if (this.tool === 'pencil') {
      const brush = new PencilBrush(c);
      brush.color = COLORS[this.color];
      brush.width = this.pencilSize;
      c.freeDrawingBrush = brush;
    } else if (this.tool === 'erase') {
      if (!this.eraser) {
        this.eraser = new EraserBrush(c);
        // Erasing is committed to the objects (a clip path); the undo step is taken once it is.
        this.offEraser = this.eraser.on('end', (e) => {
          e.preventDefault();
          void this.eraser!.commit(e.detail).then(() => this.changed());
        });
      }
      this.eraser.width = this.eraserSize;
      c.freeDrawingBrush = this.eraser;
    }
    c.requestRenderAll();
  }

  // ---- size ----------------------------------------------------------------------------------------

  /** Show the plane at `width` x `height` CSS pixels (16:9): the drawing scales with it. */
  resize(width: number, height: number): void {
    // The same size again (a resize observer's first call): nothing to do, and a stroke under way is kept.
    if (width <= 0 || height <= 0 || (width === this.canvas.getWidth() && height === this.canvas.getHeight())) return;
    this.canvas.setDimensions({ width, height });
    this.canvas.setZoom(width / PLANE.width);
    if (this.eraser) {
      // The eraser sizes its effect canvas once: a new one for the new size.
      this.offEraser?.();
      this.eraser.dispose();
      this.eraser = undefined;
      this.applyTool();
    }
    this.canvas.requestRenderAll();
  }

  // ---- objects -------------------------------------------------------------------------------------

  /** The centre of the view, or the keyboard cursor when it is shown. */
  private anchor() {
    return this.cursor.visible ? { ...this.cursorAt } : { x: PLANE.width / 2, y: PLANE.height / 2 };
  }

  /** Spec: a new object goes to the foreground and is selected. */
  private place(obj: Tagged): Tagged {
    const c = this.canvas;
    c.add(obj);
    c.bringObjectToFront(obj);
    if (this.cursor.canvas) c.bringObjectToFront(this.cursor);
    c.setActiveObject(obj);
    c.requestRenderAll();
    return obj;
  }

  addText(kind: TextKind): Tagged {
    const k = TEXT_KINDS[kind];
    const { x, y } = this.anchor();
    const text = new Textbox(this.options.defaultText, {
      left: x,
      top: y,
      width: k.width,
      fontSize: k.fontSize,
      fontWeight: k.fontWeight,
      fontFamily: 'Arial, Helvetica, sans-serif',
      fill: COLORS[this.color],
      editable: false,
      splitByGrapheme: false,
      minWidth: TEXT_MIN.width,
    }) as Tagged;
    Object.assign(text, { kind: 'text', colorName: this.color, textKind: kind, erasable: true });
    return this.place(text);
  }

  addShape(shape: ShapeKind): Tagged {
    const { x, y } = this.anchor();
    const r = SHAPE.radius;
    const style = { left: x, top: y, fill: 'transparent', stroke: COLORS[this.color], strokeWidth: SHAPE.strokeWidth, strokeUniform: true };
    let obj: FabricObject;
    switch (shape) {
      case 'square':
        obj = new Rect({ ...style, width: r * 2, height: r * 2 });
        break;
      case 'circle':
        obj = new Circle({ ...style, radius: r });
        break;
      case 'triangle':
        obj = new Triangle({ ...style, width: r * 2, height: r * 2 });
        break;
      case 'star':
        obj = new Polygon(starPoints(), style);
        break;
      default:
        obj = new Polygon(
          [
            { x: 0, y: -r },
            { x: r, y: 0 },
            { x: 0, y: r },
            { x: -r, y: 0 },
          ],
          style,
        );
    }
    Object.assign(obj, { kind: 'shape', colorName: this.color, erasable: true, shape });
    return this.place(obj as Tagged);
  }

  addSticky(color: ColorName = this.color): Tagged {
    const { x, y } = this.anchor();
    const paper = new Rect({
      width: STICKY.width,
      height: STICKY.height,
      fill: stickyFill(color, STICKY.height),
      shadow: null,
    });
    const text = new Textbox(this.options.defaultText, {
      width: STICKY.width - STICKY.padding * 2,
      fontSize: STICKY.fontSize,
      fontFamily: 'Arial, Helvetica, sans-serif',
      fill: stickyTextColor(color),
      editable: false,
    });
    const group = new Group([paper, text], { left: x, top: y, subTargetCheck: false, interactive: false }) as Tagged;
    Object.assign(group, { kind: 'sticky', colorName: color, erasable: 'deep' });
    paper.set({ erasable: true } as object);
    text.set({ erasable: true } as object);
    return this.place(group);
  }

  /** The selected objects (a selection's members, or the one). */
  selected(): Tagged[] {
    return this.canvas.getActiveObjects() as Tagged[];
  }

  clearSelection(): void {
    this.canvas.discardActiveObject();
    this.canvas.requestRenderAll();
  }

  /** Recolour the selection: strokes and shape outlines, text fills, sticky papers. */
  recolor(color: ColorName): void {
    const hex = COLORS[color];
    for (const obj of this.selected()) {
      if (obj.kind === 'sticky' && obj instanceof Group) {
        const [paper, text] = obj.getObjects();
        paper.set('fill', stickyFill(color, paper.height));
        text.set('fill', stickyTextColor(color));
        obj.set('dirty', true);
      } else if (obj.kind === 'text') obj.set('fill', hex);
      else obj.set('stroke', hex);
      (obj as Tagged).colorName = color;
    }
    if (this.selected().length) {
      this.canvas.requestRenderAll();
      this.changed();
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
    this.changed();
    return true;
  }

  /**
   * Clear removes the drawing layer (spec section 4): the strokes of the pencil and the keyboard; texts, shapes
   * and stickies (the foreground objects) stay. One undo step.
   */
  clear(): void {
    this.penDown = false;
    this.keyboardPoints = [];
    this.keyboardPath = undefined;
    this.cursor.set('fill', 'transparent');
    const objs = this.canvas.getObjects().filter((o) => o !== this.cursor && ((o as Tagged).kind === 'pencil' || (o as Tagged).kind === 'keyboard'));
    // The selection stays unless strokes were in it.
    if (this.canvas.getActiveObjects().some((o) => objs.includes(o))) this.canvas.discardActiveObject();
    this.canvas.remove(...objs);
    this.canvas.requestRenderAll();
  }

  /** Set the text of a text or sticky (the editing overlay's result). */
  setText(target: FabricObject, value: string): void {
    const t = target as Tagged;
    const box = textBoxOf(target);
    if (box.text === value) return;
    box.set('text', value);
    if (t instanceof Group) {
      // A sticky's paper grows with its text (never below 150 x 130, 15 of padding above and below).
      box.initDimensions();
      const paper = t.getObjects()[0];
      const height = Math.max(STICKY.height, box.height + STICKY.padding * 2);
      paper.set({ height, fill: stickyFill((t as Tagged).colorName, height) });
      t.triggerLayout();
    }
    t.setCoords();
    this.canvas.requestRenderAll();
    this.changed();
  }

  /** How a text (or a sticky's text) looks: the editing overlay mirrors it. */
  textStyle(target: FabricObject): { fontSize: number; fontWeight: string; fontFamily: string; color: string } {
    const box = textBoxOf(target);
    return { fontSize: box.fontSize ?? 22, fontWeight: String(box.fontWeight ?? 'normal'), fontFamily: box.fontFamily ?? 'Arial, sans-serif', color: typeof box.fill === 'string' ? box.fill : '#000000' };
  }

  /** The text of a text or sticky. */
  textOf(target: FabricObject): string {
    const box = textBoxOf(target);
    return box.text ?? '';
  }

  /**
   * Corner-resizing a text scales its font size; a square bakes the scale into its width and height; texts
   * keep at least 100 x 30 (spec sections 4 and 5).
   */
  private bakeScale(target?: FabricObject): void {
    const t = target as Tagged | undefined;
    // An erased object keeps its scale: its eraser mask is in the object's own units and would no longer fit.
    if (!t || (t.scaleX === 1 && t.scaleY === 1) || t.clipPath) return;
    if (t.kind === 'text' && t instanceof Textbox) {
      const s = t.scaleY;
      t.set({ fontSize: Math.max(6, Math.round(t.fontSize * s)), width: Math.max(TEXT_MIN.width, t.width * t.scaleX), scaleX: 1, scaleY: 1 });
      // A text's height comes from its lines: below 30 the font grows back until the box is 30 high.
      t.initDimensions();
      if (t.height < TEXT_MIN.height) {
        t.set({ fontSize: Math.ceil((t.fontSize * TEXT_MIN.height) / t.height) });
        t.initDimensions();
      }
    } else if (t instanceof Rect && (t as Tagged).kind === 'shape') {
      t.set({ width: t.width * t.scaleX, height: t.height * t.scaleY, scaleX: 1, scaleY: 1 });
    }
    t.setCoords();
  }

  // ---- the keyboard's drawing cursor -----------------------------------------------------------------

  get cursorPosition() {
    return { ...this.cursorAt, penDown: this.penDown, visible: this.cursor.visible };
  }

  /** Arrow keys with nothing selected move the cursor circle (drawing when the pen is down). */
  moveCursor(dx: number, dy: number): void {
    this.showCursor();
    this.cursorAt = { x: Math.min(PLANE.width, Math.max(0, this.cursorAt.x + dx)), y: Math.min(PLANE.height, Math.max(0, this.cursorAt.y + dy)) };
    this.cursor.set({ left: this.cursorAt.x, top: this.cursorAt.y });
    this.cursor.setCoords();
    if (this.penDown) {
      this.keyboardPoints.push({ ...this.cursorAt });
      this.drawKeyboardStroke(false);
    }
    this.canvas.requestRenderAll();
  }

  /** Space: pen down (a stroke starts at the cursor) or up (the stroke is done: one undo step). */
  togglePen(): void {
    this.showCursor();
    this.penDown = !this.penDown;
    if (this.penDown) this.keyboardPoints = [{ ...this.cursorAt }];
    else this.drawKeyboardStroke(true);
    this.cursor.set('fill', this.penDown ? COLORS[this.color] : 'transparent');
    this.canvas.requestRenderAll();
  }

  private showCursor(): void {
    if (!this.cursor.canvas) this.canvas.add(this.cursor);
    if (!this.cursor.visible) {
      this.cursor.set({ visible: true, left: this.cursorAt.x, top: this.cursorAt.y });
      this.canvas.bringObjectToFront(this.cursor);
    }
  }

  /** The keyboard stroke so far as one path (replaced as it grows; recorded when the pen lifts). */
  private drawKeyboardStroke(done: boolean): void {
    const pts = this.keyboardPoints;
    const c = this.canvas;
    this.restoring = true; // the growing path is not an undo step each time
    if (this.keyboardPath) c.remove(this.keyboardPath);
    this.keyboardPath = undefined;
    this.restoring = false;
    if (pts.length < 2) return;
    const d = pts.map((p, i) => `${i ? 'L' : 'M'} ${p.x} ${p.y}`).join(' ');
    const erasing = this.tool === 'erase';
    const path = new Path(d, {
      stroke: erasing ? '#000000' : COLORS[this.color],
      // The eraser's keyboard stroke removes the drawing's pixels under it (the frame below stays).
      globalCompositeOperation: erasing ? 'destination-out' : 'source-over',
      strokeWidth: EDITOR.keyboardStroke,
      fill: '',
      strokeLineCap: 'round',
      strokeLineJoin: 'round',
      objectCaching: false,
    });
    Object.assign(path, { kind: 'keyboard', colorName: this.color, erasable: true });
    this.restoring = !done;
    c.add(path);
    this.restoring = false;
    c.bringObjectToFront(this.cursor);
    if (done) this.keyboardPoints = [];
    else this.keyboardPath = path;
  }

  // ---- history ---------------------------------------------------------------------------------------

  snapshot(): string {
    return JSON.stringify(this.canvas.toObject(CUSTOM));
  }

  /** A change: one undo step, taken once per task (Clear removing many objects is one step). */
  private changed(target?: FabricObject): void {
    if (this.restoring || target === this.cursor || this.disposed) return;
    if (this.pending) return;
    this.pending = true;
    queueMicrotask(() => {
      this.pending = false;
      if (this.disposed) return;
      this.history.push(this.snapshot());
      this.options.onChange?.();
    });
  }

  private async restore(json: string | undefined): Promise<void> {
    if (json === undefined || this.disposed) return;
    this.restoring = true;
    try {
      this.canvas.discardActiveObject();
      await this.canvas.loadFromJSON(json);
      if (this.cursor.visible) this.canvas.add(this.cursor);
    } finally {
      this.restoring = false;
    }
    this.canvas.requestRenderAll();
    this.options.onChange?.();
  }

  /** Undo and redo run one after another (a key held down queues them; none overlaps another's load). */
  private queue: Promise<void> = Promise.resolve();
  undo(): Promise<void> {
    return (this.queue = this.queue.then(() => this.restore(this.history.undo())));
  }
  redo(): Promise<void> {
    return (this.queue = this.queue.then(() => this.restore(this.history.redo())));
  }

  /** Start from a saved drawing (the item's annotations of earlier in the page's life). */
  async load(json: string): Promise<void> {
    await this.restore(json);
    this.history.reset(this.snapshot());
  }

  /** Objects drawn (the cursor aside). */
  get objects(): Tagged[] {
    return this.canvas.getObjects().filter((o) => o !== this.cursor) as Tagged[];
  }

  /**
   * The annotations over a background at `width` x `height` (the frame's resolution, pixel ratio 1), handles
   * hidden: the frame canvas (or a plain fill) first, the drawing scaled on top.
   */
  composite(width: number, height: number, background: CanvasImageSource | string): HTMLCanvasElement {
    const out = document.createElement('canvas');
    out.width = width;
    out.height = height;
    const ctx = out.getContext('2d')!;
    if (typeof background === 'string') {
      ctx.fillStyle = background;
      ctx.fillRect(0, 0, width, height);
    } else ctx.drawImage(background, 0, 0, width, height);
    // The keyboard cursor is not part of the picture (controls never are: Fabric skips them here).
    const cursor = this.cursor.visible;
    this.cursor.visible = false;
    const drawing = this.canvas.toCanvasElement(width / this.canvas.getWidth());
    this.cursor.visible = cursor;
    ctx.drawImage(drawing, 0, 0, width, height);
    return out;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.offEraser?.();
    this.eraser?.dispose();
    void this.canvas.dispose();
    this.host.replaceChildren();
  }
}
