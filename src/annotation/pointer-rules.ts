/**
 * What a press on an object does, beyond Fabric's own handling: an object moves only once the pointer has gone the
 * drag distance from where it was pressed (so a click never nudges it), and a second press on the same text or
 * sticky within the double-click window edits it. The window is measured on the player's clock.
 */
import type { Canvas, FabricObject, TPointerEventInfo } from 'fabric';
import type { Clock } from '../core/clock';
import { EDITOR } from './rules';
import type { Tagged } from './surface-objects';

export function applyPointerRules(canvas: Canvas, clock: Pick<Clock, 'now'>, edit: (target: FabricObject) => void) {
  let press: { x: number; y: number; left: number; top: number; target: FabricObject } | undefined;
  canvas.on('object:moving', ({ target, e }) => {
    if (!press || press.target !== target) return;
    const p = canvas.getViewportPoint(e);
    if (Math.hypot(p.x - press.x, p.y - press.y) >= EDITOR.dragDistance) {
      press = undefined; // past the threshold: a real drag from now on
      return;
    }
    target.set({ left: press.left, top: press.top });
  });
  canvas.on('mouse:up', () => {
    press = undefined;
  });
  let lastDown: { target?: FabricObject; at: number } = { at: -Infinity };
  canvas.on('mouse:down', (e: TPointerEventInfo) => {
    const t: Tagged | undefined = e.target;
    const vp = canvas.getViewportPoint(e.e);
    press = t ? { x: vp.x, y: vp.y, left: t.left, top: t.top, target: t } : undefined;
    const now = clock.now();
    const again = t && t === lastDown.target && now - lastDown.at <= EDITOR.doubleClickMs;
    if (again && (t.kind === 'text' || t.kind === 'sticky')) {
      lastDown = { at: -Infinity };
      edit(t);
      return;
    }
    lastDown = { target: t, at: now };
  });
}
