/**
 * The objects of the drawing surface, made and changed in the plane's units: texts, shapes and sticky notes (a
 * paper and its text in a group), their colours, their text, and how a corner resize is kept (baked into the
 * object's size, so a later resize starts from what is on screen).
 */
import { Circle, FabricObject, Gradient, Group, Polygon, Rect, Textbox, Triangle } from 'fabric';
import {
  COLORS,
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
} from './rules';

/** What an object is: the pencil's and the keyboard's strokes are the drawing layer, the others the foreground. */
export type Kind = 'pencil' | 'text' | 'shape' | 'sticky' | 'keyboard';
export type Tagged = FabricObject & {
  kind?: Kind;
  colorName?: ColorName;
  erasable?: boolean | 'deep';
  textKind?: TextKind;
};
/** Properties kept in snapshots besides Fabric's own. */
export const CUSTOM_PROPERTIES = ['erasable', 'kind', 'colorName', 'textKind'];

const FONT = 'Arial, Helvetica, sans-serif';
/** The least font size a resize leaves a text with. */
const SMALLEST_FONT = 6;

type Point = { x: number; y: number };

/** A sticky's paper: its colour's gradient pair from top to bottom. */
const stickyFill = (color: unknown, height: number) => {
  const [light, dark] = stickyGradient(color);
  return new Gradient({
    type: 'linear',
    coords: { x1: 0, y1: 0, x2: 0, y2: height },
    colorStops: [
      { offset: 0, color: light },
      { offset: 1, color: dark },
    ],
  });
};

/** The text box of a text, or of a sticky (its second object). */
const textBoxOf = (target: FabricObject): Textbox => {
  const t = target as Tagged;
  return t.kind === 'sticky' && t instanceof Group ? (t.getObjects()[1] as Textbox) : (t as unknown as Textbox);
};

/** A text of `kind` at `at`, in `color`. */
export function makeText(kind: TextKind, text: string, color: ColorName, at: Point): Tagged {
  const k = TEXT_KINDS[kind];
  const box = new Textbox(text, {
    left: at.x,
    top: at.y,
    width: k.width,
    fontSize: k.fontSize,
    fontWeight: k.fontWeight,
    fontFamily: FONT,
    fill: COLORS[color],
    editable: false,
    splitByGrapheme: false,
    minWidth: TEXT_MIN.width,
  }) as Tagged;
  return Object.assign(box, { kind: 'text', colorName: color, textKind: kind, erasable: true } as const);
}

/** A shape outline at `at`, in `color` (its default size). */
export function makeShape(shape: ShapeKind, color: ColorName, at: Point): Tagged {
  const r = SHAPE.radius;
  const style = {
    left: at.x,
    top: at.y,
    fill: 'transparent',
    stroke: COLORS[color],
    strokeWidth: SHAPE.strokeWidth,
    strokeUniform: true,
  };
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
  return Object.assign(obj, { kind: 'shape', colorName: color, erasable: true, shape } as const);
}

/** A sticky note at `at`: its colour's paper with `text` on it (erased as a whole: both parts). */
export function makeSticky(color: ColorName, text: string, at: Point): Tagged {
  const paper = new Rect({
    width: STICKY.width,
    height: STICKY.height,
    fill: stickyFill(color, STICKY.height),
    shadow: null,
  });
  const box = new Textbox(text, {
    width: STICKY.width - STICKY.padding * 2,
    fontSize: STICKY.fontSize,
    fontFamily: FONT,
    fill: stickyTextColor(color),
    editable: false,
  });
  const group = new Group([paper, box], { left: at.x, top: at.y, subTargetCheck: false, interactive: false });
  paper.set({ erasable: true } as object);
  box.set({ erasable: true });
  return Object.assign(group, { kind: 'sticky', colorName: color, erasable: 'deep' } as const);
}

/** Recolour an object: strokes and shape outlines, text fills, sticky papers (and their text, for contrast). */
export function recolor(obj: Tagged, color: ColorName): void {
  if (obj.kind === 'sticky' && obj instanceof Group) {
    const [paper, text] = obj.getObjects();
    paper.set('fill', stickyFill(color, paper.height));
    text.set('fill', stickyTextColor(color));
    obj.set('dirty', true);
  } else if (obj.kind === 'text') obj.set('fill', COLORS[color]);
  else obj.set('stroke', COLORS[color]);
  obj.colorName = color;
}

/** Set the text of a text or sticky; false when it is the same. A sticky's paper grows with its text. */
export function setTextOf(target: FabricObject, value: string): boolean {
  const box = textBoxOf(target);
  if (box.text === value) return false;
  box.set('text', value);
  if (target instanceof Group) {
    // Never below the sticky's own size, with its padding above and below the text.
    box.initDimensions();
    const paper = target.getObjects()[0];
    const height = Math.max(STICKY.height, box.height + STICKY.padding * 2);
    paper.set({ height, fill: stickyFill((target as Tagged).colorName, height) });
    target.triggerLayout();
  }
  target.setCoords();
  return true;
}

/** The text of a text or sticky. */
export const textOf = (target: FabricObject): string => textBoxOf(target).text ?? '';

/** How a text (or a sticky's text) looks: the editing overlay mirrors it. */
export function textStyleOf(target: FabricObject) {
  const box = textBoxOf(target);
  return {
    fontSize: box.fontSize ?? TEXT_KINDS.standard.fontSize,
    fontWeight: String(box.fontWeight ?? 'normal'),
    fontFamily: box.fontFamily ?? FONT,
    color: typeof box.fill === 'string' ? box.fill : '#000000',
  };
}

/**
 * After a corner resize: a text's font size scales with it, a square takes the scale into its width and height;
 * a text keeps at least the least width and height (`TEXT_MIN`).
 */
export function bakeScale(target?: FabricObject): void {
  const t: Tagged | undefined = target;
  // An erased object keeps its scale: its eraser mask is in the object's own units and would no longer fit.
  if (!t || (t.scaleX === 1 && t.scaleY === 1) || t.clipPath) return;
  if (t.kind === 'text' && t instanceof Textbox) {
    const fontSize = Math.max(SMALLEST_FONT, Math.round(t.fontSize * t.scaleY));
    t.set({ fontSize, width: Math.max(TEXT_MIN.width, t.width * t.scaleX), scaleX: 1, scaleY: 1 });
    // A text's height comes from its lines: below the least height the font grows back until the box is that high.
    t.initDimensions();
    if (t.height < TEXT_MIN.height) {
      t.set({ fontSize: Math.ceil((t.fontSize * TEXT_MIN.height) / t.height) });
      t.initDimensions();
    }
  } else if (t.kind === 'shape' && t instanceof Rect) {
    t.set({ width: t.width * t.scaleX, height: t.height * t.scaleY, scaleX: 1, scaleY: 1 });
  }
  t.setCoords();
}
