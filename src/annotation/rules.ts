/**
 * The annotation editor's rules, pure: its colours, text kinds, shapes, sticky notes, sizes and timings; the tool /
 * menu / colour state changes as a reducer; the history of drawings as a bounded undo / redo stack. The drawing
 * surface (./surface.ts) applies what they decide.
 */

/** The logical plane (16:9) the drawing is made in: object sizes are in its units, zoomed to the surface's size. */
export const PLANE = { width: 960, height: 540 } as const;

/** The colours of the palette, fixed hex values. */
export const COLORS = {
  red: '#EC1C24',
  yellow: '#ffcc02',
  green: '#00ae14',
  blue: '#00ADEE',
  orange: '#FAAF40',
  purple: '#8d00bb',
  white: '#ffffff',
  black: '#000000',
} as const;
export type ColorName = keyof typeof COLORS;
export const COLOR_NAMES = Object.keys(COLORS) as ColorName[];
export const isColorName = (v: unknown): v is ColorName => typeof v === 'string' && Object.hasOwn(COLORS, v);

/** Sticky notes: a gradient pair per colour (light top, the colour at the bottom); unknown colours are yellow. */
export const STICKY_GRADIENTS: Record<ColorName, readonly [string, string]> = {
  yellow: ['#fff59d', '#ffcc02'],
  green: ['#b9f6ca', '#00ae14'],
  blue: ['#b3e5fc', '#00ADEE'],
  red: ['#ffab91', '#EC1C24'],
  orange: ['#ffe0b2', '#FAAF40'],
  purple: ['#e1bee7', '#8d00bb'],
  white: ['#ffffff', '#e6e6e6'],
  black: ['#5a5a5a', '#000000'],
};
export const stickyGradient = (color: unknown) => STICKY_GRADIENTS[isColorName(color) ? color : 'yellow'];
/** Black text on a sticky, white on the black one. */
export const stickyTextColor = (color: unknown) => (color === 'black' ? '#ffffff' : '#000000');
export const STICKY = { width: 150, height: 130, padding: 15, fontSize: 18 } as const;

/** Text kinds: font size, weight, width. A text keeps at least `TEXT_MIN` when it is resized. */
export const TEXT_KINDS = {
  head: { fontSize: 36, fontWeight: 'bold', width: 270 },
  subhead: { fontSize: 28, fontWeight: 'bold', width: 200 },
  standard: { fontSize: 22, fontWeight: 'normal', width: 200 },
} as const;
export type TextKind = keyof typeof TEXT_KINDS;
export const TEXT_MIN = { width: 100, height: 30 } as const;

/** Shape kinds and their defaults: outlines of one width, 100 across, a five-pointed star. */
export const SHAPE_KINDS = ['square', 'circle', 'triangle', 'star', 'diamond'] as const;
export type ShapeKind = (typeof SHAPE_KINDS)[number];
export const SHAPE = { radius: 50, strokeWidth: 3, starPoints: 5, starInner: 30, starOuter: 60 } as const;

/** Pencil and eraser sizes (as a percentage of the default, 12). */
export const SIZE_OPTIONS = [
  { percent: 50, width: 6 },
  { percent: 100, width: 12 },
  { percent: 150, width: 18 },
  { percent: 200, width: 24 },
] as const;
export const DEFAULT_SIZE = 12;

/** Editor keyboard and canvas distances and timings. */
export const EDITOR = {
  /** Arrow keys / H J K L move the selection or the drawing cursor by this much. */
  step: 10,
  /** Keyboard strokes are this wide. */
  keyboardStroke: 8,
  /** An object moves only once the pointer has gone this far from where it was pressed (a click never nudges it). */
  dragDistance: 3,
  /** A second press on the same text within this window edits it. */
  doubleClickMs: 400,
  /** Playback resumes this long after leaving, if it was playing. */
  resumeDelayMs: 250,
  /** Undo keeps at least this many steps. */
  historyLimit: 100,
} as const;

/** The points of a star (outer and inner radius alternating), centred on 0,0, first point up. */
export function starPoints(
  points: number = SHAPE.starPoints,
  outer: number = SHAPE.starOuter,
  inner: number = SHAPE.starInner,
) {
  const out: { x: number; y: number }[] = [];
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = (Math.PI / points) * i - Math.PI / 2;
    out.push({ x: Math.round(r * Math.cos(a) * 1000) / 1000, y: Math.round(r * Math.sin(a) * 1000) / 1000 });
  }
  return out;
}

// ---- the editor's tool / menu / colour state -----------------------------------------------------------

export type Tool = 'pencil' | 'erase' | 'move' | 'none';
export type Menu = 'text' | 'shapes' | 'color' | 'size';
export type ObjectKind = 'pencil' | 'text' | 'shape' | 'sticky';

export interface EditorState {
  tool: Tool;
  /** The tool a menu put aside (restored when it closes). */
  lastTool: Tool;
  menu?: Menu;
  color: ColorName;
  /** The colour last used per kind of object. */
  colors: Record<ObjectKind, ColorName>;
  pencilSize: number;
  eraserSize: number;
}

export const initialEditorState = (): EditorState => ({
  tool: 'pencil',
  lastTool: 'pencil',
  color: 'red',
  colors: { pencil: 'red', text: 'red', shape: 'red', sticky: 'yellow' },
  pencilSize: DEFAULT_SIZE,
  eraserSize: DEFAULT_SIZE,
});

export type EditorAction =
  | { type: 'menu'; menu: Menu }
  | { type: 'closeMenu' }
  | { type: 'tool'; tool: Exclude<Tool, 'none'> }
  | { type: 'color'; color: ColorName }
  | { type: 'size'; width: number }
  | { type: 'added'; kind: ObjectKind };

/** What the surface must do besides showing the new state. */
export interface EditorEffects {
  clearSelection?: boolean;
  recolorSelection?: ColorName;
}

const restore = (s: EditorState): Tool => (s.lastTool === 'none' ? 'move' : s.lastTool);

/**
 * Opening a menu stores the tool and clears it; closing it, or opening the same
 * menu again, restores it (or move). Choosing a colour restores the tool, closes the menu and recolours the
 * selection. Adding an object switches to move and closes the menu. Choosing a tool clears the selection.
 */
export function editorReducer(s: EditorState, action: EditorAction): [EditorState, EditorEffects] {
  switch (action.type) {
    case 'menu':
      if (s.menu === action.menu) return [{ ...s, menu: undefined, tool: restore(s) }, {}];
      // Another menu while one is open keeps the tool put aside by the first.
      return [{ ...s, menu: action.menu, lastTool: s.menu ? s.lastTool : s.tool, tool: 'none' }, {}];
    case 'closeMenu':
      return s.menu ? [{ ...s, menu: undefined, tool: restore(s) }, {}] : [s, {}];
    case 'tool':
      return [{ ...s, tool: action.tool, lastTool: action.tool, menu: undefined }, { clearSelection: true }];
    case 'color': {
      if (!isColorName(action.color)) return [s, {}];
      const tool = s.menu ? restore(s) : s.tool;
      return [{ ...s, color: action.color, tool, menu: undefined }, { recolorSelection: action.color }];
    }
    case 'size': {
      const width = SIZE_OPTIONS.some((o) => o.width === action.width) ? action.width : DEFAULT_SIZE;
      const tool = s.menu ? restore(s) : s.tool;
      // The size is the eraser's when the eraser is the tool in use, else the pencil's (and the pencil returns).
      if (tool === 'erase') return [{ ...s, eraserSize: width, tool, menu: undefined }, {}];
      return [
        {
          ...s,
          pencilSize: width,
          tool: tool === 'move' ? 'pencil' : tool,
          lastTool: tool === 'move' ? 'pencil' : s.lastTool,
          menu: undefined,
        },
        {},
      ];
    }
    case 'added':
      return [
        { ...s, tool: 'move', lastTool: 'move', menu: undefined, colors: { ...s.colors, [action.kind]: s.color } },
        {},
      ];
  }
}

// ---- history -----------------------------------------------------------------------------------------

/** A bounded undo / redo stack of snapshots (JSON text); `current` is the drawing shown. */
export class History {
  private states: string[] = [];
  private at = -1;

  constructor(private readonly limit: number = EDITOR.historyLimit) {}

  /** Start from a snapshot (entering annotation): nothing to undo. */
  reset(snapshot: string): void {
    this.states = [snapshot];
    this.at = 0;
  }

  /** Record a new state (dropping what was undone); identical consecutive states are one step. */
  push(snapshot: string): void {
    if (this.states[this.at] === snapshot) return;
    this.states = this.states.slice(0, this.at + 1);
    this.states.push(snapshot);
    if (this.states.length > this.limit + 1) this.states.splice(0, this.states.length - this.limit - 1);
    this.at = this.states.length - 1;
  }

  get current(): string | undefined {
    return this.states[this.at];
  }
  get canUndo(): boolean {
    return this.at > 0;
  }
  get canRedo(): boolean {
    return this.at < this.states.length - 1;
  }
  undo(): string | undefined {
    if (!this.canUndo) return undefined;
    return this.states[--this.at];
  }
  redo(): string | undefined {
    if (!this.canRedo) return undefined;
    return this.states[++this.at];
  }
}

/** Which key press is undo / redo (Ctrl/Cmd+Z; Ctrl/Cmd+Shift+Z or Ctrl+Y). */
export function historyKey(e: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}): 'undo' | 'redo' | undefined {
  if (!(e.ctrlKey || e.metaKey)) return undefined;
  const k = e.key.toLowerCase();
  if (k === 'z') return e.shiftKey ? 'redo' : 'undo';
  if (k === 'y' && e.ctrlKey) return 'redo';
  return undefined;
}

/** Arrow keys and H J K L: a step in x and y, or undefined. */
export function moveKey(key: string): { dx: number; dy: number } | undefined {
  switch (key) {
    case 'ArrowLeft':
    case 'h':
    case 'H':
      return { dx: -EDITOR.step, dy: 0 };
    case 'ArrowRight':
    case 'l':
    case 'L':
      return { dx: EDITOR.step, dy: 0 };
    case 'ArrowUp':
    case 'k':
    case 'K':
      return { dx: 0, dy: -EDITOR.step };
    case 'ArrowDown':
    case 'j':
    case 'J':
      return { dx: 0, dy: EDITOR.step };
    default:
      return undefined;
  }
}

/** The 16:9 drawing area inside a box, with a 20 px margin, centred. */
export function surfaceBox(
  width: number,
  height: number,
  margin = 20,
): { left: number; top: number; width: number; height: number } {
  const w = Math.max(0, width - margin * 2);
  const h = Math.max(0, height - margin * 2);
  const fitW = Math.min(w, (h * 16) / 9);
  const fitH = (fitW * 9) / 16;
  return {
    left: Math.round((width - fitW) / 2),
    top: Math.round((height - fitH) / 2),
    width: Math.round(fitW),
    height: Math.round(fitH),
  };
}

/** A file name from the item (letters, digits, dashes), for the screenshot. */
export const screenshotName = (code: string | undefined) => `${(code || 'screenshot').replace(/[^\w-]+/g, '_')}.png`;
