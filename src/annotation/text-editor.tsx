/**
 * Editing a text or a sticky's text: a text area over the object that mirrors it (2 px larger all round, the same
 * font, size and colour, a light-blue border, stacked above everything). Enter without Shift or Escape closes it, as
 * does a click or touch outside; it grows as you type (5 px at a time while the text overflows).
 */
import type { FabricObject } from 'fabric';
import { useEffect, useEffectEvent, useRef } from 'react';
import type { AnnotationSurface } from './surface';

/** Where the editor is in the stage, in CSS pixels, and how its text looks. */
export interface EditorBox {
  left: number;
  top: number;
  width: number;
  height: number;
  fontSize: number;
  color: string;
  fontWeight: string;
  fontFamily: string;
}

/** How far the editor is larger than the object, all round, in CSS pixels. */
const OUTSET = 2;
/** The editor grows by this much while its text overflows, up to `TALLEST`. */
const GROWTH = 5;
const TALLEST = 2000;

/** The editor's box over `target`: the object's box in the plane, to CSS pixels of the stage. */
export function editorBoxFor(surface: AnnotationSurface, target: FabricObject): EditorBox {
  const rect = target.getBoundingRect();
  const zoom = surface.canvas.getZoom();
  const host = surface.host;
  const style = surface.textStyle(target);
  return {
    left: host.offsetLeft + rect.left * zoom - OUTSET,
    top: host.offsetTop + rect.top * zoom - OUTSET,
    width: rect.width * zoom + 2 * OUTSET,
    height: rect.height * zoom + 2 * OUTSET,
    fontSize: style.fontSize * zoom,
    color: style.color,
    fontWeight: style.fontWeight,
    fontFamily: style.fontFamily,
  };
}

export function TextEditor({
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
  const closeOutside = useEffectEvent(() => onDone(true));
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
      if (!e.composedPath().includes(el)) closeOutside();
    };
    root.addEventListener('pointerdown', outside, true);
    return () => root.removeEventListener('pointerdown', outside, true);
    // Positioned once, when editing starts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const grow = () => {
    const el = ref.current!;
    while (el.scrollHeight > el.clientHeight && el.clientHeight < TALLEST) {
      el.style.setProperty('height', `${el.clientHeight + GROWTH}px`);
    }
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
