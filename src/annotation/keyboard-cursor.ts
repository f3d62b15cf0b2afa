/**
 * Drawing by keyboard: a cursor circle (never exported, never selectable) that the arrow keys move over the plane,
 * and a pen that Space puts down and lifts. While the pen is down the cursor draws one stroke of the keyboard width
 * in the tool's colour (with the eraser: it removes the drawing's pixels under it); the stroke is one undo step,
 * taken when the pen lifts.
 */
import { Circle, Path, type Canvas, type FabricObject } from 'fabric';
import { COLORS, EDITOR, PLANE, type ColorName, type Tool } from './rules';

type Point = { x: number; y: number };

export interface CursorHooks {
  /** The tool and colour in use. */
  tool(): Tool;
  color(): ColorName;
  /** Run a change that is not an undo step (the stroke growing). */
  quietly(change: () => void): void;
}

export class KeyboardCursor {
  private readonly circle = new Circle({
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
  private at: Point = { x: PLANE.width / 2, y: PLANE.height / 2 };
  private penDown = false;
  private points: Point[] = [];
  /** The stroke drawn so far while the pen is down. */
  private path?: Path;

  constructor(
    private readonly canvas: Canvas,
    private readonly hooks: CursorHooks,
  ) {}

  get position() {
    return { ...this.at, penDown: this.penDown, visible: this.circle.visible };
  }

  /** Where new objects go: the cursor when it is shown, else the centre of the plane. */
  anchor(): Point {
    return this.circle.visible ? { ...this.at } : { x: PLANE.width / 2, y: PLANE.height / 2 };
  }

  is(target: FabricObject | undefined): boolean {
    return target === this.circle;
  }

  /** Keep the cursor above everything (after an object is added). */
  bringToFront(): void {
    if (this.circle.canvas) this.canvas.bringObjectToFront(this.circle);
  }

  /** A drawing was loaded (undo, redo): the cursor, if shown, goes back on the canvas. */
  restored(): void {
    if (this.circle.visible) this.canvas.add(this.circle);
  }

  /** Move by a step, within the plane (drawing when the pen is down). */
  move(dx: number, dy: number): void {
    this.show();
    this.at = {
      x: Math.min(PLANE.width, Math.max(0, this.at.x + dx)),
      y: Math.min(PLANE.height, Math.max(0, this.at.y + dy)),
    };
    this.circle.set({ left: this.at.x, top: this.at.y });
    this.circle.setCoords();
    if (this.penDown) {
      this.points.push({ ...this.at });
      this.drawStroke(false);
    }
    this.canvas.requestRenderAll();
  }

  /** Pen down (a stroke starts at the cursor) or up (the stroke is done: one undo step). */
  togglePen(): void {
    this.show();
    this.penDown = !this.penDown;
    if (this.penDown) this.points = [{ ...this.at }];
    else this.drawStroke(true);
    this.circle.set('fill', this.penDown ? COLORS[this.hooks.color()] : 'transparent');
    this.canvas.requestRenderAll();
  }

  /** The drawing layer was cleared: the pen lifts, the stroke under way goes with it. */
  lift(): void {
    this.penDown = false;
    this.points = [];
    this.path = undefined;
    this.circle.set('fill', 'transparent');
  }

  /** `run` with the cursor hidden (a picture of the drawing does not show it). */
  hiddenDuring<T>(run: () => T): T {
    const visible = this.circle.visible;
    this.circle.visible = false;
    try {
      return run();
    } finally {
      this.circle.visible = visible;
    }
  }

  private show(): void {
    if (!this.circle.canvas) this.canvas.add(this.circle);
    if (!this.circle.visible) {
      this.circle.set({ visible: true, left: this.at.x, top: this.at.y });
      this.canvas.bringObjectToFront(this.circle);
    }
  }

  /** The stroke so far as one path (replaced as it grows; recorded when the pen lifts). */
  private drawStroke(done: boolean): void {
    const c = this.canvas;
    const previous = this.path;
    this.hooks.quietly(() => previous && c.remove(previous));
    this.path = undefined;
    if (this.points.length < 2) return;
    const erasing = this.hooks.tool() === 'erase';
    const color = this.hooks.color();
    const path = new Path(this.points.map((p, i) => `${i ? 'L' : 'M'} ${p.x} ${p.y}`).join(' '), {
      stroke: erasing ? '#000000' : COLORS[color],
      // The eraser's keyboard stroke removes the drawing's pixels under it (the frame below stays).
      globalCompositeOperation: erasing ? 'destination-out' : 'source-over',
      strokeWidth: EDITOR.keyboardStroke,
      fill: '',
      strokeLineCap: 'round',
      strokeLineJoin: 'round',
      objectCaching: false,
    });
    Object.assign(path, { kind: 'keyboard', colorName: color, erasable: true });
    if (done) c.add(path);
    else this.hooks.quietly(() => c.add(path));
    c.bringObjectToFront(this.circle);
    if (done) this.points = [];
    else this.path = path;
  }
}
