/**
 * The player's markup route (an `overlay` of the screen registry): the annotation toolbar and the drawing
 * surface over a still of the current frame or slide. Fabric.js loads with this chunk only. Entering pauses
 * playback; leaving resumes it after 250 ms if it was playing. The drawing stays with its item while the page
 * lives (another item starts blank).
 */
import { useLingui } from '@lingui/react';
import type { I18n } from '@lingui/core';
import type { FabricObject } from 'fabric';
import { useEffect, useReducer, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { subscribe } from 'valtio';
import { usePlayer } from '../app/context';
import type { PlayerController } from '../app/controller';
import { PLAYER_STATE } from '../playback/timing';
import { dispatchPlayerEvent } from '../core/events';
import type { ModalBodyProps } from '../screens/modal-registry';
import { drawingsOf, keepSurface, surfaceOf } from './player-drawings';

export { surfaceOf } from './player-drawings';
import {
  COLOR_NAMES,
  COLORS,
  EDITOR,
  editorReducer,
  screenshotName,
  historyKey,
  initialEditorState,
  moveKey,
  SHAPE_KINDS,
  SIZE_OPTIONS,
  surfaceBox,
  type ColorName,
  type EditorAction,
  type EditorState,
  type Menu,
  type ShapeKind,
  type TextKind,
} from './rules';
import { AnnotationSurface } from './surface';

/** When a video that had no picture yet gets one. */
const FRAME_EVENTS = ['loadeddata', 'seeked', 'canplay'] as const;

/** The colour swatches (from the spec's colours). */
const SWATCH_CSS = COLOR_NAMES.map((c) => `.swatch-${c}{background:${COLORS[c]}}`).join('');

const ANNOTATION_CSS = /* css */ `
.modal-layer-overlay[data-modal="markup"] { padding: 0; align-items: stretch; }
.modal-layer-overlay .modal[data-modal-name="markup"] { position: absolute; inset: 0; max-width: none; max-height: none; min-width: 0; border-radius: 0; background: rgb(10 14 22 / .92); color: #fff; box-shadow: none; display: flex; flex-direction: column; overflow: hidden; }
.modal[data-modal-name="markup"] .modal-header .button-icon { display: none; }
.modal[data-modal-name="markup"] .modal-header { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; padding: 0; border: 0; }
.modal[data-modal-name="markup"] .modal-body { padding: 0; flex: 1; display: flex; flex-direction: column; min-height: 0; }
.annotation { flex: 1; display: flex; flex-direction: column; min-height: 0; }
.annotation-toolbar { display: flex; flex-wrap: wrap; gap: .25em; padding: .35em .5em; background: #1d2433; position: relative; z-index: 3; }
.annotation-toolbar button { font: inherit; font-size: .85em; color: #fff; background: transparent; border: 1px solid transparent; border-radius: 6px; padding: .3em .55em; cursor: pointer; }
.annotation-toolbar button[aria-pressed="true"], .annotation-toolbar button[aria-expanded="true"] { background: #fff; color: #1d2433; }
.annotation-toolbar button:disabled { opacity: .45; cursor: default; }
.annotation-toolbar .swatch { display: inline-block; width: .9em; height: .9em; border-radius: 50%; border: 1px solid #fff; vertical-align: -.1em; margin-inline-end: .3em; }
.annotation-menu-host { position: relative; }
.annotation-menu { position: absolute; top: 100%; inset-inline-start: 0; z-index: 4; display: grid; gap: .15em; padding: .35em; margin: .2em 0 0; background: #fff; color: #1d2433; border-radius: 8px; box-shadow: 0 6px 20px rgb(0 0 0 / .35); min-width: 9em; }
.annotation-menu button { color: #1d2433; text-align: start; }
.annotation-menu button[aria-checked="true"] { background: #e3e8f2; }
.annotation-stage { position: relative; flex: 1; min-height: 0; }
.annotation-frame, .annotation-surface { position: absolute; }
.annotation-frame { background: #000; }
.modal-layer-overlay .modal[data-modal-name="markup"]:has(.annotation-no-frame) { background: transparent; }
.annotation-no-frame .annotation-frame { visibility: hidden; }
.annotation-surface:focus-visible { outline: 3px solid #1a73e8; outline-offset: 2px; }
.annotation-text-editor { position: absolute; z-index: 1000; resize: none; overflow: hidden; border: 2px solid #7ec8ff; background: rgb(255 255 255 / .95); padding: 0; margin: 0; line-height: 1.16; }
`;


function labels(i18n: I18n) {
  return {
    toolbar: i18n._({ id: 'markup.toolbar', message: 'Annotation tools' }),
    pencil: i18n._({ id: 'markup.pencil', message: 'Pencil' }),
    erase: i18n._({ id: 'markup.eraser', message: 'Eraser' }),
    move: i18n._({ id: 'markup.move', message: 'Move' }),
    text: i18n._({ id: 'markup.text', message: 'Text' }),
    shapes: i18n._({ id: 'markup.shapes', message: 'Shapes' }),
    sticky: i18n._({ id: 'markup.sticky', message: 'Sticky note' }),
    color: i18n._({ id: 'markup.color', message: 'Color' }),
    size: i18n._({ id: 'markup.size', message: 'Size' }),
    undo: i18n._({ id: 'markup.undo', message: 'Undo' }),
    redo: i18n._({ id: 'markup.redo', message: 'Redo' }),
    clear: i18n._({ id: 'markup.clear', message: 'Clear' }),
    save: i18n._({ id: 'markup.save', message: 'Save screenshot' }),
    saveDrawing: i18n._({ id: 'markup.saveDrawing', message: 'Save annotations only' }),
    close: i18n._({ id: 'markup.close', message: 'Close annotation' }),
    surface: i18n._({ id: 'markup.surface', message: 'Drawing surface. Arrow keys move the cursor, Space starts and ends a line.' }),
    defaultText: i18n._({ id: 'markup.defaultText', message: 'Enter your text here' }),
    textKinds: {
      head: i18n._({ id: 'markup.text.head', message: 'Heading' }),
      subhead: i18n._({ id: 'markup.text.subhead', message: 'Subheading' }),
      standard: i18n._({ id: 'markup.text.standard', message: 'Text' }),
    } satisfies Record<TextKind, string>,
    shapeKinds: {
      square: i18n._({ id: 'markup.shape.square', message: 'Square' }),
      circle: i18n._({ id: 'markup.shape.circle', message: 'Circle' }),
      triangle: i18n._({ id: 'markup.shape.triangle', message: 'Triangle' }),
      star: i18n._({ id: 'markup.shape.star', message: 'Star' }),
      diamond: i18n._({ id: 'markup.shape.diamond', message: 'Diamond' }),
    } satisfies Record<ShapeKind, string>,
    colors: {
      red: i18n._({ id: 'markup.color.red', message: 'Red' }),
      yellow: i18n._({ id: 'markup.color.yellow', message: 'Yellow' }),
      green: i18n._({ id: 'markup.color.green', message: 'Green' }),
      blue: i18n._({ id: 'markup.color.blue', message: 'Blue' }),
      orange: i18n._({ id: 'markup.color.orange', message: 'Orange' }),
      purple: i18n._({ id: 'markup.color.purple', message: 'Purple' }),
      white: i18n._({ id: 'markup.color.white', message: 'White' }),
      black: i18n._({ id: 'markup.color.black', message: 'Black' }),
    } satisfies Record<ColorName, string>,
    editText: i18n._({ id: 'markup.editText', message: 'Edit text' }),
    penDown: i18n._({ id: 'markup.penDown', message: 'Pen down: the arrow keys draw' }),
    penUp: i18n._({ id: 'markup.penUp', message: 'Pen up' }),
    undone: i18n._({ id: 'markup.undone', message: 'Undone' }),
    redone: i18n._({ id: 'markup.redone', message: 'Redone' }),
    cleared: i18n._({ id: 'markup.cleared', message: 'Drawing cleared' }),
    deleted: i18n._({ id: 'markup.deleted', message: 'Deleted' }),
    added: (name: string) => i18n._({ id: 'markup.added', message: '{name} added', values: { name } }),
  };
}

/**
 * Where the drawing of the item on screen is kept while the page lives (per player, per playlist and item; the
 * playlist's code, not its languages, so a language change keeps the drawing).
 */
function itemKey(controller: PlayerController): string | undefined {
  const pb = controller.state.playback;
  return pb.playlist ? `${pb.playlist.code}|${pb.index}` : undefined;
}

/** Roving focus in a toolbar or menu: arrows move between its buttons, Home / End to the ends. */
function rove(event: ReactKeyboardEvent<HTMLElement>, orientation: 'horizontal' | 'vertical') {
  const keys = orientation === 'horizontal' ? ['ArrowLeft', 'ArrowRight'] : ['ArrowUp', 'ArrowDown'];
  if (![...keys, 'Home', 'End'].includes(event.key)) return;
  const items = [...event.currentTarget.querySelectorAll<HTMLButtonElement>(orientation === 'horizontal' ? ':scope > button, :scope > .annotation-menu-host > button' : 'button')].filter((b) => !b.disabled);
  const root = event.currentTarget.getRootNode() as ShadowRoot;
  const at = items.indexOf(root.activeElement as HTMLButtonElement);
  if (at === -1) return;
  event.preventDefault();
  event.stopPropagation();
  const rtl = getComputedStyle(event.currentTarget).direction === 'rtl' && orientation === 'horizontal';
  const forward = event.key === keys[1] ? !rtl : event.key === keys[0] ? rtl : undefined;
  const next = event.key === 'Home' ? 0 : event.key === 'End' ? items.length - 1 : (at + (forward ? 1 : -1) + items.length) % items.length;
  for (const b of items) b.tabIndex = -1;
  items[next].tabIndex = 0;
  items[next].focus();
}

/**
 * The markup route's body. Its strings (the `annotation` catalog) are requested by the route loader beside this
 * chunk, and the modal layer shows the body once they are in (no flash of English); a language switch keeps the
 * editor, its drawing and its history, on screen while the new strings load.
 */
export function AnnotationOverlay(props: ModalBodyProps) {
  const { controller } = usePlayer();
  controller.adoptStyles('annotation', ANNOTATION_CSS + SWATCH_CSS);
  return <AnnotationEditor {...props} />;
}

function AnnotationEditor({ close }: ModalBodyProps) {
  const { i18n } = useLingui();
  const { controller } = usePlayer();
  const L = labels(i18n);
  const percent = new Intl.NumberFormat(i18n.locale, { style: 'percent' });
  const [editor, dispatchEditor] = useReducer((s: EditorState, a: EditorAction) => editorReducer(s, a)[0], undefined, initialEditorState);
  const stageRef = useRef<HTMLDivElement>(null);
  const frameRef = useRef<HTMLCanvasElement>(null);
  const surfaceHost = useRef<HTMLDivElement>(null);
  const [surface, setSurface] = useState<AnnotationSurface>();
  const [, setVersion] = useState(0);
  const [editing, setEditing] = useState<{ target: FabricObject; value: string; box: EditorBox }>();
  const [canvasable, setCanvasable] = useState(false);
  /** Whether a still of the picture is shown (none for YouTube and Vimeo: the paused player shows through). */
  const [hasFrame, setHasFrame] = useState(true);
  /** The screenshot was refused (the picture cannot be read): the drawing alone can be saved. */
  const [refused, setRefused] = useState(false);
  /** What the last action did, for screen readers (a polite live region). */
  const [said, say] = useState('');
  const frameSize = useRef({ width: 1280, height: 720 });
  const editorRef = useRef(editor);
  editorRef.current = editor;

  // Paused on entering (the registry's enter hook); resumed 250 ms after leaving, only if it was playing and
  // the player is still on that item, paused, with no dialog open (spec section 4). The item changing, or
  // playback starting, under the overlay closes it: its still and drawing belong to the item it opened on.
  useEffect(() => {
    const engine = controller.loadedPlayback();
    engine?.enterMarkup();
    const pb0 = controller.state.playback;
    const entry = engine?.markupEntry ?? { playing: false, key: pb0.key, index: pb0.index };
    // Playing again counts only once the pause has taken effect (it is asynchronous).
    let paused = controller.state.playback.player !== PLAYER_STATE.PLAYING;
    const off = subscribe(controller.state, () => {
      const pb = controller.state.playback;
      if (pb.player !== PLAYER_STATE.PLAYING) paused = true;
      if (pb.key !== entry.key || pb.index !== entry.index || (paused && pb.player === PLAYER_STATE.PLAYING)) close();
    });
    return () => {
      off();
      if (engine) engine.markupEntry = undefined;
      if (!entry.playing) return;
      controller.clock.setTimeout(() => {
        const pb = controller.state.playback;
        const route = controller.currentRoute();
        const samePlace = (route.name === 'playlist' || route.name === 'collection-item') && !route.modal && pb.key === entry.key && pb.index === entry.index;
        if (samePlace && pb.ready && pb.player === PLAYER_STATE.PAUSED) void controller.loadedPlayback()?.play();
      }, EDITOR.resumeDelayMs);
    };
    // Once per overlay.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [controller]);

  // The frame still and the Fabric surface (created here, in a React-owned div, and disposed on leaving).
  useEffect(() => {
    const host = surfaceHost.current;
    const frame = frameRef.current;
    if (!host || !frame) return;
    const engine = controller.loadedPlayback();
    const source = engine?.frameSource();
    const key = itemKey(controller);
    setHasFrame(Boolean(source));
    /** The still: the picture drawn onto the frame canvas; false when the canvas cannot be read back. */
    const paint = (): boolean => {
      if (!source) return false;
      // The still fills the 16:9 plane at the picture's own resolution, letterboxed (a 4:3 frame keeps its shape).
      const wide = source.width / source.height > 16 / 9;
      const width = wide ? source.width : Math.round((source.height * 16) / 9);
      const height = wide ? Math.round((source.width * 9) / 16) : source.height;
      frame.width = width;
      frame.height = height;
      frameSize.current = { width, height };
      const ctx = frame.getContext('2d')!;
      ctx.fillStyle = '#000';
      ctx.fillRect(0, 0, width, height);
      ctx.drawImage(source.source, (width - source.width) / 2, (height - source.height) / 2, source.width, source.height);
      try {
        ctx.getImageData(0, 0, 1, 1);
        return true;
      } catch {
        return false; // a cross-origin picture without CORS: shown, but not exportable
      }
    };
    let tainted = !paint();
    setCanvasable(!tainted && Boolean(engine?.canvasable || source));
    // A video entered before its first frame is decoded (metadata only: the overlay opened as the item loaded, or
    // mid-seek) has nothing to draw yet: the still is painted again as soon as there is a picture.
    const video = source?.source instanceof HTMLVideoElement && source.source.readyState < HTMLMediaElement.HAVE_CURRENT_DATA ? source.source : undefined;
    const repaint = () => {
      if (!video || video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) return;
      for (const type of FRAME_EVENTS) video.removeEventListener(type, repaint);
      tainted = !paint();
      setCanvasable(!tainted);
      if (tainted && engine?.annotationCapture) engine.annotationCapture = undefined;
    };
    for (const type of video ? FRAME_EVENTS : []) video!.addEventListener(type, repaint);
    const s = new AnnotationSurface(host, {
      defaultText: L.defaultText,
      onChange: () => {
        if (key) drawingsOf(controller).set(key, s.snapshot());
        setVersion((v) => v + 1);
      },
      onEditText: (target) => startEditing(s, target),
    });
    const saved = key ? drawingsOf(controller).get(key) : undefined;
    if (saved) void s.load(saved).then(() => setVersion((v) => v + 1));
    setSurface(s);
    keepSurface(controller, s);
    // The screenshot command (and the Save button) take the frame with the drawing while the overlay is open.
    if (engine && !tainted) engine.annotationCapture = () => composeWith(s, true);
    const stage = stageRef.current!;
    const layout = () => {
      const box = surfaceBox(stage.clientWidth, stage.clientHeight);
      for (const el of [frame, host]) {
        el.style.setProperty('left', `${box.left}px`);
        el.style.setProperty('top', `${box.top}px`);
        el.style.setProperty('width', `${box.width}px`);
        el.style.setProperty('height', `${box.height}px`);
      }
      s.resize(box.width, box.height);
    };
    layout();
    const observer = new ResizeObserver(layout);
    observer.observe(stage);
    return () => {
      observer.disconnect();
      for (const type of video ? FRAME_EVENTS : []) video!.removeEventListener(type, repaint);
      if (engine?.annotationCapture) engine.annotationCapture = undefined;
      if (surfaceOf(controller) === s) keepSurface(controller, undefined);
      s.dispose();
    };
    // The surface lives as long as the overlay.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [controller]);

  // The editor's state drives the surface.
  useEffect(() => {
    if (!surface) return;
    surface.setTool(editor.tool);
    surface.setColor(editor.color);
    surface.setSizes(editor.pencilSize, editor.eraserSize);
  }, [surface, editor.tool, editor.color, editor.pencilSize, editor.eraserSize]);

  const toolbarRef = useRef<HTMLDivElement>(null);
  const act = (action: EditorAction) => {
    const before = editorRef.current;
    const [, effects] = editorReducer(before, action);
    dispatchEditor(action);
    if (effects.clearSelection) surface?.clearSelection();
    if (effects.recolorSelection) surface?.recolor(effects.recolorSelection);
    // A choice in a menu closes it: the focus goes back to its button (after adding an object, to the surface,
    // where the arrow keys move it).
    if (before.menu && (action.type === 'color' || action.type === 'size' || action.type === 'added')) {
      const to = action.type === 'added' ? surfaceHost.current : toolbarRef.current?.querySelector<HTMLElement>(`[data-menu-button="${before.menu}"]`);
      queueMicrotask(() => to?.focus());
    }
  };

  // The toolbar always has one button in the tab order, and never a disabled one (Undo and Redo come and go).
  useEffect(() => {
    const bar = toolbarRef.current;
    if (!bar || bar.querySelector('button[tabindex="0"]:not(:disabled)')) return;
    for (const b of bar.querySelectorAll<HTMLButtonElement>('button[tabindex="0"]')) b.tabIndex = -1;
    const first = bar.querySelector<HTMLButtonElement>('button:not(:disabled)');
    if (first) first.tabIndex = 0;
  });

  function startEditing(s: AnnotationSurface, target: FabricObject) {
    // The object's box in the plane, to CSS pixels of the stage (the surface's zoom and its place in the stage).
    const rect = target.getBoundingRect();
    const zoom = s.canvas.getZoom();
    const host = s.host;
    const style = s.textStyle(target);
    // The overlay mirrors the object, 2 px larger all round.
    setEditing({
      target,
      value: s.textOf(target),
      box: {
        left: host.offsetLeft + rect.left * zoom - 2,
        top: host.offsetTop + rect.top * zoom - 2,
        width: rect.width * zoom + 4,
        height: rect.height * zoom + 4,
        fontSize: style.fontSize * zoom,
        color: style.color,
        fontWeight: style.fontWeight,
        fontFamily: style.fontFamily,
      },
    });
    target.set('visible', false);
    s.clearSelection();
  }

  const finishEditing = (commit: boolean) => {
    if (!editing || !surface) return;
    editing.target.set('visible', true);
    if (commit) surface.setText(editing.target, editing.value);
    surface.canvas.setActiveObject(editing.target);
    surface.canvas.requestRenderAll();
    setEditing(undefined);
    surfaceHost.current?.parentElement?.querySelector<HTMLElement>('.annotation-surface')?.focus();
  };

  const add = (what: () => void, kind: 'text' | 'shape' | 'sticky', name: string) => {
    what();
    act({ type: 'added', kind });
    say(L.added(name));
  };

  /** The drawing over the frame (or over white), at the frame's resolution; undefined if it cannot be read. */
  function composeWith(s: AnnotationSurface, withFrame: boolean): string | undefined {
    const { width, height } = frameSize.current;
    try {
      return s.composite(width, height, withFrame ? frameRef.current! : '#ffffff').toDataURL('image/png');
    } catch {
      return undefined; // a tainted frame
    }
  }

  /** Save screenshot: the screenshot command (canvasable playback only; 100 ms with the handles hidden). */
  const saveScreenshot = async () => {
    if (!surface) return;
    const active = surface.canvas.getActiveObject();
    surface.clearSelection();
    const saved = await controller.command('screenshot');
    if (active) surface.canvas.setActiveObject(active);
    if (!saved) setRefused(true);
  };

  /** Save annotations only (when the frame cannot be saved): the drawing over white, as a file or to the native app. */
  const saveDrawing = () => {
    if (!surface) return;
    const data = composeWith(surface, false);
    if (!data) return;
    const engine = controller.loadedPlayback();
    const platform = controller.preferences().platform;
    if (platform === 'ios' || platform === 'android') {
      dispatchPlayerEvent(controller.host, 'screenshot', { data });
      return;
    }
    const a = document.createElement('a');
    a.href = data;
    a.download = screenshotName(`${engine?.currentItem?.code ?? 'annotations'}-annotations`);
    a.hidden = true;
    controller.host.shadowRoot?.append(a);
    a.click();
    a.remove();
  };

  const onSurfaceKey = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    if (!surface || editing) return;
    // Arrow keys and H J K L alone (Ctrl+L, Alt+J and the like belong to the browser).
    const step = event.ctrlKey || event.metaKey || event.altKey ? undefined : moveKey(event.key);
    if (step) {
      event.preventDefault();
      if (!surface.moveSelection(step.dx, step.dy)) surface.moveCursor(step.dx, step.dy);
      setVersion((v) => v + 1);
      return;
    }
    if (event.key === ' ') {
      event.preventDefault();
      surface.togglePen();
      say(surface.cursorPosition.penDown ? L.penDown : L.penUp);
      setVersion((v) => v + 1);
    } else if (event.key === 'Backspace' || event.key === 'Delete') {
      if (surface.removeSelection()) {
        event.preventDefault();
        say(L.deleted);
      }
    } else if (event.key === 'Enter') {
      const first = surface.selected()[0];
      if (first && ((first as { kind?: string }).kind === 'text' || (first as { kind?: string }).kind === 'sticky')) {
        event.preventDefault();
        startEditing(surface, first);
      }
    }
  };

  const onKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    const which = historyKey(event);
    if (which && surface && !editing) {
      event.preventDefault();
      void (which === 'undo' ? surface.undo() : surface.redo());
      say(which === 'undo' ? L.undone : L.redone);
      return;
    }
    if (event.key === 'Escape' && editor.menu) {
      // Escape closes the menu first (the overlay stays).
      event.stopPropagation();
      event.preventDefault();
      act({ type: 'closeMenu' });
      (event.currentTarget.querySelector<HTMLElement>(`[data-menu-button="${editor.menu}"]`) ?? undefined)?.focus();
    }
  };

  const menuButton = (menu: Menu, label: string, extra?: React.ReactNode) => (
    <div className="annotation-menu-host">
      <button type="button" data-menu-button={menu} data-tool={menu} aria-haspopup="menu" aria-expanded={editor.menu === menu} tabIndex={-1} onClick={() => act({ type: 'menu', menu })}>
        {extra}
        {label}
      </button>
      {editor.menu === menu && (
        <MenuList label={label} onKeyDown={(e) => rove(e, 'vertical')}>
          {menu === 'text' &&
            (Object.keys(L.textKinds) as TextKind[]).map((k) => (
              <button key={k} type="button" role="menuitem" data-text-kind={k} tabIndex={-1} onClick={() => surface && add(() => surface.addText(k), 'text', L.textKinds[k])}>
                {L.textKinds[k]}
              </button>
            ))}
          {menu === 'shapes' &&
            SHAPE_KINDS.map((k) => (
              <button key={k} type="button" role="menuitem" data-shape={k} tabIndex={-1} onClick={() => surface && add(() => surface.addShape(k), 'shape', L.shapeKinds[k])}>
                {L.shapeKinds[k]}
              </button>
            ))}
          {menu === 'color' &&
            COLOR_NAMES.map((c) => (
              <button key={c} type="button" role="menuitemradio" aria-checked={editor.color === c} data-color={c} tabIndex={-1} onClick={() => act({ type: 'color', color: c })}>
                <span className={`swatch swatch-${c}`} aria-hidden="true" />
                {L.colors[c]}
              </button>
            ))}
          {menu === 'size' &&
            SIZE_OPTIONS.map((o) => (
              <button
                key={o.width}
                type="button"
                role="menuitemradio"
                aria-checked={(editor.lastTool === 'erase' ? editor.eraserSize : editor.pencilSize) === o.width}
                data-size={o.width}
                tabIndex={-1}
                onClick={() => act({ type: 'size', width: o.width })}
              >
                {percent.format(o.percent / 100)}
              </button>
            ))}
        </MenuList>
      )}
    </div>
  );

  const toolButton = (tool: 'pencil' | 'erase' | 'move', label: string) => (
    <button type="button" data-tool={tool} aria-pressed={editor.tool === tool} tabIndex={tool === 'pencil' ? 0 : -1} onClick={() => act({ type: 'tool', tool })}>
      {label}
    </button>
  );

  return (
    <div className={`annotation${hasFrame ? '' : ' annotation-no-frame'}`} data-editor-tool={editor.tool} onKeyDown={onKeyDown}>
      <div className="annotation-toolbar" role="toolbar" aria-label={L.toolbar} ref={toolbarRef} onKeyDown={(e) => rove(e, 'horizontal')}>
        {toolButton('pencil', L.pencil)}
        {toolButton('erase', L.erase)}
        {toolButton('move', L.move)}
        {menuButton('text', L.text)}
        {menuButton('shapes', L.shapes)}
        <button type="button" data-tool="sticky" tabIndex={-1} onClick={() => surface && add(() => surface.addSticky(editor.color), 'sticky', L.sticky)}>
          {L.sticky}
        </button>
        {menuButton('color', L.color, <span className={`swatch swatch-${editor.color}`} aria-hidden="true" />)}
        {menuButton('size', L.size)}
        <button type="button" data-action="undo" tabIndex={-1} disabled={!surface?.history.canUndo} onClick={() => (void surface?.undo(), say(L.undone))}>
          {L.undo}
        </button>
        <button type="button" data-action="redo" tabIndex={-1} disabled={!surface?.history.canRedo} onClick={() => (void surface?.redo(), say(L.redone))}>
          {L.redo}
        </button>
        <button type="button" data-action="clear" tabIndex={-1} onClick={() => (surface?.clear(), say(L.cleared))}>
          {L.clear}
        </button>
        <button type="button" data-action="save" tabIndex={-1} onClick={() => void saveScreenshot()}>
          {L.save}
        </button>
        {(!canvasable || refused) && (
          <button type="button" data-action="save-drawing" tabIndex={-1} onClick={saveDrawing}>
            {L.saveDrawing}
          </button>
        )}
        <button type="button" data-action="close" tabIndex={-1} onClick={close}>
          {L.close}
        </button>
      </div>
      <div className="annotation-stage" ref={stageRef}>
        <canvas className="annotation-frame" ref={frameRef} aria-hidden="true" />
        <div className="annotation-surface" ref={surfaceHost} tabIndex={0} role="application" aria-label={L.surface} aria-roledescription={L.surface} onKeyDown={onSurfaceKey} onPointerDown={() => editor.menu && act({ type: 'closeMenu' })} />
        <p className="visually-hidden" role="status" data-annotation-said="">
          {said}
        </p>
        {editing && (
          <TextEditor
            label={L.editText}
            value={editing.value}
            box={editing.box}
            onChange={(value) => setEditing({ ...editing, value })}
            onDone={finishEditing}
          />
        )}
      </div>
    </div>
  );
}

function MenuList({ label, children, onKeyDown }: { label: string; children: React.ReactNode; onKeyDown: (e: ReactKeyboardEvent<HTMLDivElement>) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const first = ref.current?.querySelector<HTMLButtonElement>('[aria-checked="true"]') ?? ref.current?.querySelector<HTMLButtonElement>('button');
    if (first) {
      first.tabIndex = 0;
      first.focus();
    }
  }, []);
  return (
    <div className="annotation-menu" role="menu" aria-label={label} ref={ref} onKeyDown={onKeyDown}>
      {children}
    </div>
  );
}

/**
 * Text editing in an overlay that mirrors the object (spec section 4): Enter without Shift or Escape closes it,
 * as does a click outside; it grows as you type (height + 5 px on overflow), 2 px larger than the object,
 * light-blue border, stacked above everything (1000).
 */
interface EditorBox {
  left: number;
  top: number;
  width: number;
  height: number;
  fontSize: number;
  color: string;
  fontWeight: string;
  fontFamily: string;
}

function TextEditor({
  label,
  value,
  box,
  onChange,
  onDone,
}: {
  label: string;
  value: string;
  box: EditorBox;
  onChange: (value: string) => void;
  onDone: (commit: boolean) => void;
}) {
  const ref = useRef<HTMLTextAreaElement>(null);
  // The latest close handler (it carries the text typed so far).
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    const el = ref.current!;
    el.style.setProperty('left', `${box.left}px`);
    el.style.setProperty('top', `${box.top}px`);
    el.style.setProperty('width', `${box.width}px`);
    el.style.setProperty('height', `${box.height}px`);
    el.style.setProperty('font-size', `${box.fontSize}px`);
    el.style.setProperty('font-weight', box.fontWeight);
    el.style.setProperty('font-family', box.fontFamily);
    el.style.setProperty('color', box.color);
    el.focus();
    el.select();
    // A click or touch outside closes it.
    const root = el.getRootNode() as ShadowRoot;
    const outside = (e: Event) => {
      if (!e.composedPath().includes(el)) done.current(true);
    };
    root.addEventListener('pointerdown', outside, true);
    return () => root.removeEventListener('pointerdown', outside, true);
    // Positioned once, when editing starts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const grow = () => {
    const el = ref.current!;
    while (el.scrollHeight > el.clientHeight && el.clientHeight < 2000) el.style.setProperty('height', `${el.clientHeight + 5}px`);
  };
  return (
    <textarea
      ref={ref}
      className="annotation-text-editor"
      aria-label={label}
      value={value}
      onChange={(e) => {
        onChange(e.currentTarget.value);
        grow();
      }}
      onKeyDown={(e) => {
        e.stopPropagation();
        // Enter while an input method composes a word belongs to it.
        if (e.nativeEvent.isComposing) return;
        if (e.key === 'Escape' || (e.key === 'Enter' && !e.shiftKey)) {
          e.preventDefault();
          onDone(true);
        }
      }}
    />
  );
}

