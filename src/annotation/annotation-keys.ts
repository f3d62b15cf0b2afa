/**
 * The annotation editor's keys. On the surface: the arrow keys and H J K L move the selection, or else the drawing
 * cursor; Space puts the pen down and lifts it; Backspace and Delete remove the selection; Enter edits the selected
 * text or sticky. Anywhere in the editor: Ctrl/Cmd+Z undoes, Ctrl/Cmd+Shift+Z and Ctrl+Y redo, and Escape closes an
 * open menu first (the overlay stays). Each change is said for screen readers.
 */
import type { FabricObject } from 'fabric';
import type { KeyboardEvent as ReactKeyboardEvent } from 'react';
import type { AnnotationLabels } from './annotation-labels';
import { historyKey, moveKey, type EditorAction, type Menu } from './rules';
import type { AnnotationSurface } from './surface';

export interface KeyContext {
  surface?: AnnotationSurface;
  /** A text is being edited (its editor has the keys). */
  editing: boolean;
  L: AnnotationLabels;
  say: (what: string) => void;
}

/** A key on the surface; `changed`: the surface changed in a way the editor shows; `edit`: edit this text. */
export function onSurfaceKey(
  event: ReactKeyboardEvent<HTMLElement>,
  { surface, editing, L, say }: KeyContext,
  changed: () => void,
  edit: (surface: AnnotationSurface, target: FabricObject) => void,
): void {
  if (!surface || editing) return;
  // Arrow keys and H J K L alone (Ctrl+L, Alt+J and the like belong to the browser).
  const step = event.ctrlKey || event.metaKey || event.altKey ? undefined : moveKey(event.key);
  if (step) {
    event.preventDefault();
    if (!surface.moveSelection(step.dx, step.dy)) surface.moveCursor(step.dx, step.dy);
    changed();
    return;
  }
  if (event.key === ' ') {
    event.preventDefault();
    surface.togglePen();
    say(surface.cursorPosition.penDown ? L.penDown : L.penUp);
    changed();
  } else if (event.key === 'Backspace' || event.key === 'Delete') {
    if (surface.removeSelection()) {
      event.preventDefault();
      say(L.deleted);
    }
  } else if (event.key === 'Enter') {
    const first = surface.selected()[0];
    if (first && (first.kind === 'text' || first.kind === 'sticky')) {
      event.preventDefault();
      edit(surface, first);
    }
  }
}

/** A key anywhere in the editor (after the surface's and the toolbar's own). */
export function onEditorKey(
  event: ReactKeyboardEvent<HTMLElement>,
  { surface, editing, L, say }: KeyContext,
  menu: Menu | undefined,
  act: (action: EditorAction) => void,
): void {
  const which = historyKey(event);
  if (which && surface && !editing) {
    event.preventDefault();
    void (which === 'undo' ? surface.undo() : surface.redo());
    say(which === 'undo' ? L.undone : L.redone);
    return;
  }
  if (event.key === 'Escape' && menu) {
    event.stopPropagation();
    event.preventDefault();
    act({ type: 'closeMenu' });
    event.currentTarget.querySelector<HTMLElement>(`[data-menu-button="${menu}"]`)?.focus();
  }
}
