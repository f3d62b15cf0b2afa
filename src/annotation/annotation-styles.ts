import { COLOR_NAMES, COLORS } from './rules';

/** The colour swatches of the Color menu, from the palette. */
const SWATCH_CSS = COLOR_NAMES.map((c) => `.swatch-${c}{background:${COLORS[c]}}`).join('');

/**
 * The annotation overlay's styles, adopted into the player's shadow root when the overlay first shows: it covers
 * the player (the modal layer's chrome hidden, its title kept for screen readers), the toolbar above the stage.
 */
export const ANNOTATION_CSS =
  /* css */ `
.modal-layer-overlay[data-modal="markup"] { padding: 0; align-items: stretch; }
.modal-layer-overlay .modal[data-modal-name="markup"] {
  position: absolute; inset: 0; max-width: none; max-height: none; min-width: 0; border-radius: 0;
  background: rgb(10 14 22 / .92); color: #fff; box-shadow: none;
  display: flex; flex-direction: column; overflow: hidden;
}
.modal[data-modal-name="markup"] .modal-header .button-icon { display: none; }
.modal[data-modal-name="markup"] .modal-header {
  position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap;
  padding: 0; border: 0;
}
.modal[data-modal-name="markup"] .modal-body {
  padding: 0; flex: 1; display: flex; flex-direction: column; min-height: 0;
}
.annotation { flex: 1; display: flex; flex-direction: column; min-height: 0; }
.annotation-toolbar {
  display: flex; flex-wrap: wrap; gap: .25em; padding: .35em .5em; background: #1d2433; position: relative;
  z-index: 3;
}
.annotation-toolbar button {
  font: inherit; font-size: .85em; color: #fff; background: transparent; border: 1px solid transparent;
  border-radius: 6px; padding: .3em .55em; cursor: pointer;
}
.annotation-toolbar button[aria-pressed="true"], .annotation-toolbar button[aria-expanded="true"] {
  background: #fff; color: #1d2433;
}
.annotation-toolbar button:disabled { opacity: .45; cursor: default; }
.annotation-toolbar .swatch {
  display: inline-block; width: .9em; height: .9em; border-radius: 50%; border: 1px solid #fff;
  vertical-align: -.1em; margin-inline-end: .3em;
}
.annotation-menu-host { position: relative; }
.annotation-menu {
  position: absolute; top: 100%; inset-inline-start: 0; z-index: 4; display: grid; gap: .15em; padding: .35em;
  margin: .2em 0 0; background: #fff; color: #1d2433; border-radius: 8px; box-shadow: 0 6px 20px rgb(0 0 0 / .35);
  min-width: 9em;
}
.annotation-menu button { color: #1d2433; text-align: start; }
.annotation-menu button[aria-checked="true"] { background: #e3e8f2; }
.annotation-stage { position: relative; flex: 1; min-height: 0; }
.annotation-frame, .annotation-surface { position: absolute; }
.annotation-frame { background: #000; }
.modal-layer-overlay .modal[data-modal-name="markup"]:has(.annotation-no-frame) { background: transparent; }
.annotation-no-frame .annotation-frame { visibility: hidden; }
.annotation-surface:focus-visible { outline: 3px solid #1a73e8; outline-offset: 2px; }
.annotation-text-editor {
  position: absolute; z-index: 1000; resize: none; overflow: hidden; border: 2px solid #7ec8ff;
  background: rgb(255 255 255 / .95); padding: 0; margin: 0; line-height: 1.16;
}
` + SWATCH_CSS;
