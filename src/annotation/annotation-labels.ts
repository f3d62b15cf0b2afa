import type { I18n } from '@lingui/core';
import type { ColorName, ShapeKind, TextKind } from './rules';

/** The annotation editor's strings (the `annotation` catalog, requested with its chunk). */
export function annotationLabels(i18n: I18n) {
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
    surface: i18n._({
      id: 'markup.surface',
      message: 'Drawing surface. Arrow keys move the cursor, Space starts and ends a line.',
    }),
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

export type AnnotationLabels = ReturnType<typeof annotationLabels>;
