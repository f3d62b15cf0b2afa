/**
 * The annotation toolbar: the tools (Pencil, Eraser, Move), the Text and Shapes menus, Sticky note, the Color and
 * Size menus, Undo, Redo, Clear, Save screenshot (and Save annotations only when the frame cannot be saved) and
 * Close. One of its buttons is in the tab order; the arrow keys move between them (./toolbar-focus.ts).
 */
import type { ReactNode, RefObject } from 'react';
import type { AnnotationLabels } from './annotation-labels';
import { MenuButton, type AddObject } from './annotation-menus';
import type { EditorAction, EditorState, Menu } from './rules';
import type { AnnotationSurface } from './surface';
import { rove, useOneTabStop } from './toolbar-focus';

export interface ToolbarProps {
  L: AnnotationLabels;
  editor: EditorState;
  act: (action: EditorAction) => void;
  add: AddObject;
  surface?: AnnotationSurface;
  percent: Intl.NumberFormat;
  /** What the last action did, for screen readers. */
  say: (what: string) => void;
  save: () => void;
  /** Save annotations only: offered when the frame cannot be saved. */
  saveDrawing?: () => void;
  close: () => void;
  toolbarRef: RefObject<HTMLDivElement | null>;
}

export function AnnotationToolbar(props: ToolbarProps) {
  const { L, editor, act, add, surface, say, save, saveDrawing, close, toolbarRef } = props;
  useOneTabStop(toolbarRef);
  const menu = (menu: Menu, label: string, badge?: ReactNode) => (
    <MenuButton {...props} menu={menu} label={label} badge={badge} />
  );
  const tool = (tool: 'pencil' | 'erase' | 'move', label: string) => (
    <button
      type="button"
      data-tool={tool}
      aria-pressed={editor.tool === tool}
      tabIndex={tool === 'pencil' ? 0 : -1}
      onClick={() => act({ type: 'tool', tool })}
    >
      {label}
    </button>
  );
  return (
    <div
      className="annotation-toolbar"
      role="toolbar"
      aria-label={L.toolbar}
      ref={toolbarRef}
      onKeyDown={(e) => rove(e, 'horizontal')}
    >
      {tool('pencil', L.pencil)}
      {tool('erase', L.erase)}
      {tool('move', L.move)}
      {menu('text', L.text)}
      {menu('shapes', L.shapes)}
      <button
        type="button"
        data-tool="sticky"
        tabIndex={-1}
        onClick={() => surface && add(() => surface.addSticky(editor.color), 'sticky', L.sticky)}
      >
        {L.sticky}
      </button>
      {menu('color', L.color, <span className={`swatch swatch-${editor.color}`} aria-hidden="true" />)}
      {menu('size', L.size)}
      <button
        type="button"
        data-action="undo"
        tabIndex={-1}
        disabled={!surface?.history.canUndo}
        onClick={() => (void surface?.undo(), say(L.undone))}
      >
        {L.undo}
      </button>
      <button
        type="button"
        data-action="redo"
        tabIndex={-1}
        disabled={!surface?.history.canRedo}
        onClick={() => (void surface?.redo(), say(L.redone))}
      >
        {L.redo}
      </button>
      <button type="button" data-action="clear" tabIndex={-1} onClick={() => (surface?.clear(), say(L.cleared))}>
        {L.clear}
      </button>
      <button type="button" data-action="save" tabIndex={-1} onClick={save}>
        {L.save}
      </button>
      {saveDrawing && (
        <button type="button" data-action="save-drawing" tabIndex={-1} onClick={saveDrawing}>
          {L.saveDrawing}
        </button>
      )}
      <button type="button" data-action="close" tabIndex={-1} onClick={close}>
        {L.close}
      </button>
    </div>
  );
}
