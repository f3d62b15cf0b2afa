/**
 * The toolbar's four menus (Text, Shapes, Color, Size): a button that opens and closes its menu, and the menu of
 * items under it. Adding a text or a shape puts it on the surface; a colour or a size is the editor's choice (the
 * checked item).
 */
import { useRef, type KeyboardEvent as ReactKeyboardEvent, type ReactNode } from 'react';
import type { AnnotationLabels } from './annotation-labels';
import {
  COLOR_NAMES,
  SHAPE_KINDS,
  SIZE_OPTIONS,
  TEXT_KINDS,
  type EditorAction,
  type EditorState,
  type Menu,
  type TextKind,
} from './rules';
import type { AnnotationSurface } from './surface';
import { rove, useFocusOnOpen } from './toolbar-focus';

/** Add an object to the surface, say so, and let the editor know (it switches to move). */
export type AddObject = (what: () => void, kind: 'text' | 'shape' | 'sticky', name: string) => void;

export interface MenuProps {
  menu: Menu;
  label: string;
  /** Shown before the label (the Color menu's swatch). */
  badge?: ReactNode;
  L: AnnotationLabels;
  editor: EditorState;
  act: (action: EditorAction) => void;
  add: AddObject;
  surface?: AnnotationSurface;
  /** Size percentages, in the interface's language. */
  percent: Intl.NumberFormat;
}

export function MenuButton({ menu, label, badge, L, editor, act, add, surface, percent }: MenuProps) {
  const size = editor.lastTool === 'erase' ? editor.eraserSize : editor.pencilSize;
  return (
    <div className="annotation-menu-host">
      <button
        type="button"
        data-menu-button={menu}
        data-tool={menu}
        aria-haspopup="menu"
        aria-expanded={editor.menu === menu}
        tabIndex={-1}
        onClick={() => act({ type: 'menu', menu })}
      >
        {badge}
        {label}
      </button>
      {editor.menu === menu && (
        <MenuList label={label} onKeyDown={(e) => rove(e, 'vertical')}>
          {menu === 'text' &&
            (Object.keys(TEXT_KINDS) as TextKind[]).map((k) => (
              <button
                key={k}
                type="button"
                role="menuitem"
                data-text-kind={k}
                tabIndex={-1}
                onClick={() => surface && add(() => surface.addText(k), 'text', L.textKinds[k])}
              >
                {L.textKinds[k]}
              </button>
            ))}
          {menu === 'shapes' &&
            SHAPE_KINDS.map((k) => (
              <button
                key={k}
                type="button"
                role="menuitem"
                data-shape={k}
                tabIndex={-1}
                onClick={() => surface && add(() => surface.addShape(k), 'shape', L.shapeKinds[k])}
              >
                {L.shapeKinds[k]}
              </button>
            ))}
          {menu === 'color' &&
            COLOR_NAMES.map((c) => (
              <button
                key={c}
                type="button"
                role="menuitemradio"
                aria-checked={editor.color === c}
                data-color={c}
                tabIndex={-1}
                onClick={() => act({ type: 'color', color: c })}
              >
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
                aria-checked={size === o.width}
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
}

function MenuList({
  label,
  children,
  onKeyDown,
}: {
  label: string;
  children: ReactNode;
  onKeyDown: (e: ReactKeyboardEvent<HTMLDivElement>) => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useFocusOnOpen(ref);
  return (
    // The focus moves among the menu's items (roving), never to the menu itself: it needs no tab stop of its own.
    // eslint-disable-next-line jsx-a11y/interactive-supports-focus
    <div className="annotation-menu" role="menu" aria-label={label} ref={ref} onKeyDown={onKeyDown}>
      {children}
    </div>
  );
}
