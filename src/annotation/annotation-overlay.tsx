/**
 * The player's markup route (an `overlay` of the screen registry): the annotation toolbar and the drawing surface
 * over a still of the current frame or slide. Fabric.js loads with this chunk only. Entering pauses playback; leaving
 * resumes it after a short delay if it was playing (./markup-playback.ts). The drawing stays with its item while the
 * page lives (another item starts blank).
 */
import { useLingui } from '@lingui/react';
import type { FabricObject } from 'fabric';
import { useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import type { ModalBodyProps } from '../screens/modal-body';
import { usePlayer } from '../screens/player-context';
import { saveDrawing, saveScreenshot } from './annotation-actions';
import { onEditorKey, onSurfaceKey, type KeyContext } from './annotation-keys';
import { annotationLabels } from './annotation-labels';
import type { AddObject } from './annotation-menus';
import { useAnnotationStage } from './annotation-stage';
import { ANNOTATION_CSS } from './annotation-styles';
import { AnnotationToolbar } from './annotation-toolbar';
import { useMarkupPlayback } from './markup-playback';
import { editorReducer, initialEditorState, type EditorAction, type EditorState } from './rules';
import type { AnnotationSurface } from './surface';
import { editorBoxFor, TextEditor, type EditorBox } from './text-editor';

export { surfaceOf } from './player-drawings';

/**
 * The markup route's body. Its strings (the `annotation` catalog) are requested by the route loader beside this
 * chunk, and the modal layer shows the body once they are in (no flash of English); a language switch keeps the
 * editor, its drawing and its history, on screen while the new strings load.
 */
export function AnnotationOverlay(props: ModalBodyProps) {
  const { controller } = usePlayer();
  controller.adoptStyles('annotation', ANNOTATION_CSS);
  return <AnnotationEditor {...props} />;
}

function AnnotationEditor({ close }: ModalBodyProps) {
  const { i18n } = useLingui();
  const { controller } = usePlayer();
  const L = annotationLabels(i18n);
  const percent = new Intl.NumberFormat(i18n.locale, { style: 'percent' });
  const [editor, dispatchEditor] = useReducer(
    (s: EditorState, a: EditorAction) => editorReducer(s, a)[0],
    undefined,
    initialEditorState,
  );
  // The state the next action's effects are worked out from (the last one rendered).
  const editorRef = useRef(editor);
  useLayoutEffect(() => {
    editorRef.current = editor;
  });
  const [editing, setEditing] = useState<{ target: FabricObject; value: string; box: EditorBox }>();
  /** The screenshot was refused (the picture cannot be read): the drawing alone can be saved. */
  const [refused, setRefused] = useState(false);
  /** What the last action did, for screen readers (a polite live region). */
  const [said, say] = useState('');
  const toolbarRef = useRef<HTMLDivElement>(null);

  /** Edit a text or sticky in the text editor over it (the object is hidden meanwhile). */
  const startEditing = (s: AnnotationSurface, target: FabricObject) => {
    setEditing({ target, value: s.textOf(target), box: editorBoxFor(s, target) });
    target.set('visible', false);
    s.clearSelection();
  };

  useMarkupPlayback(controller, close);
  const { stageRef, frameRef, hostRef, surface, hasFrame, canvasable, changed, drawingOnWhite } = useAnnotationStage(
    controller,
    { defaultText: L.defaultText, edit: startEditing },
  );

  // The editor's state drives the surface.
  useEffect(() => {
    if (!surface) return;
    surface.setTool(editor.tool);
    surface.setColor(editor.color);
    surface.setSizes(editor.pencilSize, editor.eraserSize);
  }, [surface, editor.tool, editor.color, editor.pencilSize, editor.eraserSize]);

  const act = (action: EditorAction) => {
    const before = editorRef.current;
    const [, effects] = editorReducer(before, action);
    dispatchEditor(action);
    if (effects.clearSelection) surface?.clearSelection();
    if (effects.recolorSelection) surface?.recolor(effects.recolorSelection);
    // A choice in a menu closes it: the focus goes back to its button (after adding an object, to the surface,
    // where the arrow keys move it).
    if (before.menu && (action.type === 'color' || action.type === 'size' || action.type === 'added')) {
      const to =
        action.type === 'added'
          ? hostRef.current
          : toolbarRef.current?.querySelector<HTMLElement>(`[data-menu-button="${before.menu}"]`);
      queueMicrotask(() => to?.focus());
    }
  };

  const finishEditing = (commit: boolean) => {
    if (!editing || !surface) return;
    editing.target.set('visible', true);
    if (commit) surface.setText(editing.target, editing.value);
    surface.canvas.setActiveObject(editing.target);
    surface.canvas.requestRenderAll();
    setEditing(undefined);
    hostRef.current?.focus();
  };

  const add: AddObject = (what, kind, name) => {
    what();
    act({ type: 'added', kind });
    say(L.added(name));
  };

  const save = () => {
    if (!surface) return;
    void saveScreenshot(controller, surface).then((saved) => {
      if (!saved) setRefused(true);
    });
  };
  const saveDrawingOnly = () => {
    const data = drawingOnWhite();
    if (data) saveDrawing(controller, data);
  };

  const keys: KeyContext = { surface, editing: Boolean(editing), L, say };
  return (
    // Keys bubbling from the toolbar and the surface: undo / redo, and Escape closing a menu (not the overlay).
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      className={`annotation${hasFrame ? '' : ' annotation-no-frame'}`}
      data-editor-tool={editor.tool}
      onKeyDown={(e) => onEditorKey(e, keys, editor.menu, act)}
    >
      <AnnotationToolbar
        L={L}
        editor={editor}
        act={act}
        add={add}
        surface={surface}
        percent={percent}
        say={say}
        save={save}
        saveDrawing={!canvasable || refused ? saveDrawingOnly : undefined}
        close={close}
        toolbarRef={toolbarRef}
      />
      <div className="annotation-stage" ref={stageRef}>
        <canvas className="annotation-frame" ref={frameRef} aria-hidden="true" />
        {/* A drawing surface (role application): it takes the arrow keys and Space, so it has a tab stop. */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
        <div
          className="annotation-surface"
          ref={hostRef}
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          role="application"
          aria-label={L.surface}
          aria-roledescription={L.surface}
          onKeyDown={(e) => onSurfaceKey(e, keys, changed, startEditing)}
          onPointerDown={() => editor.menu && act({ type: 'closeMenu' })}
        />
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
