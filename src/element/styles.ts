/**
 * All styles live inside the shadow root as constructable stylesheets (no <style> elements, no style
 * attributes: strict CSP pages need neither 'unsafe-inline' nor nonces).
 */
/*
 * Text size: the root font size is 16 px times the scale (a percentage), and the text size multiplies it
 * again; together they stop at 4 (400%, 64 px), so the largest choices stay usable: screens and the
 * control bar wrap, dialogs scroll inside the player.
 */
const CSS = /* css */ `
:host {
  --ped-color: #364B8C;
  --ped-scale: 1;
  --ped-text-scale: 1;
  --ped-fg: #1d2433;
  --ped-bg: #ffffff;
  --ped-muted: #5a6478;
  --ped-radius: 8px;
  display: block;
  position: relative;
  contain: content;
  background: var(--ped-bg);
  min-height: 240px;
}
:host([hidden]) { display: none; }
/* A lazy player's outline of its screen (src/element/lazy-start.ts): the practice bar, the player screen's blocks at
   their sizes (a second row of controls where the real bar wraps), in neutral greys. */
:is(.lazy-placeholder, .early-outline) { container-type: inline-size; min-height: inherit; }
.lazy-placeholder:focus-visible { outline: 3px solid #1a73e8; outline-offset: -3px; }
.lazy-bar { height: 3.44em; background: var(--ped-color); opacity: .25; }
/* Blocks with the player screen's margins (src/screens/player-styles.ts, collapsing as they do there), so that the
   stage is where the player screen's will be: the toolbar, the title (1.3em: its margins .25em and .75em of that). */
.lazy-body { padding: 1em; }
.lazy-body > * { background: #e8ebf1; border-radius: var(--ped-radius); }
.lazy-line { height: 2.5em; margin-bottom: .5em; }
.lazy-title { height: 1.9em; width: 60%; margin: .325em 0 .975em; }
/* A playlist's "1 of n" line: the early player shows it once the playlist has several items; a lazy player knows none
   (the outline of a single video, the most common on a library page). */
.lazy-item { display: none; height: 1.45em; width: 40%; margin: -.5em 0 .5em; }
.several-items > .lazy-item { display: block; }
.lazy-stage { aspect-ratio: 16 / 9; max-width: 960px; background: #d5dae3; }
.lazy-controls { height: 4.1em; margin-top: -2px; }
/* A single video's control bar takes a second row below 27.6em (src/screens/control-layout.ts; measured at the default
   text size). */
@container (max-width: 27.5em) { .lazy-controls { height: 6.3em; } }
/* The stage's media, its spinner and its big Play: the player screen's (src/screens/player-styles.ts) and, before the
   interface, the early player's (src/element/early-player.ts: the outline above, the video's picture in its stage).
   The interface's shell stays hidden until the player screen takes the video. */
.lazy-body > .early-frame { position: relative; overflow: hidden; background: #000; }
.early-frame [hidden] { display: none; }
.shell.early-player ~ .shell { display: none; }
.media-holder { display: contents; }
.media { position: absolute; inset: 0; width: 100%; height: 100%; }
video.media { object-fit: contain; background: #000; }
.stage-loading {
  position: absolute;
  inset: 0;
  display: flex;
  align-items: center;
  justify-content: center;
  pointer-events: none;
}
.big-play {
  position: absolute;
  top: 50%;
  left: 50%;
  transform: translate(-50%, -50%);
  width: 4.5em;
  height: 4.5em;
  border-radius: 50%;
  border: 0;
  background: var(--ped-color);
  color: #fff;
  cursor: pointer;
  display: flex;
  align-items: center;
  justify-content: center;
  box-shadow: 0 4px 16px rgb(0 0 0 / .35);
}
.big-play .icon { width: 2.4em; height: 2.4em; fill: currentColor; }
* , *::before, *::after { box-sizing: border-box; }
/* The shell (the React tree's, and the plain-DOM one that src/element/lazy-renderer.ts shows until the interface chunk
   is in) holds everything the shadow root shows. all: initial cuts every inherited property off the host page's
   theme, even one set with !important on the element or its ancestors (writing-mode, pointer-events, user-select,
   -webkit-text-fill-color, word-break, ...); then the player sets what it wants. What all leaves alone is wanted:
   custom properties (the documented --ped-* ones reach inside: with the CSS parts, the way in), and direction and
   unicode-bidi (the shell's dir attribute sets them). The language is taken back (revert-layer: to what the shell's
   lang attribute gives, which all: initial had reset; hyphenation, quotes, line breaking and font choice follow it).
   The shell is not positioned: the modal layer and the notices are placed in the host's box, so a page that fixes
   the element's height still gets its dialogs inside it (scrolling), not cut off below it. */
.shell {
  all: initial;
  -webkit-locale: revert-layer;
  display: block;
  box-sizing: border-box;
  color: var(--ped-fg);
  font: normal 400 calc(16px * min(4, var(--ped-scale) * var(--ped-text-scale))) / 1.45
    system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif;
  min-height: inherit;
  overflow-wrap: break-word;
}
.shell.increase-contrast { --ped-fg: #000; --ped-muted: #000; --ped-bg: #fff; }
.shell.reduce-motion *, .shell.reduce-motion *::before, .shell.reduce-motion *::after {
  animation: none !important;
  transition: none !important;
}
.visually-hidden {
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
  border: 0;
}
:is(button, a, input, .modal):focus-visible { outline: 3px solid #1a73e8; outline-offset: 2px; }
/* A screen's heading takes the focus after a navigation (src/app/shell.tsx): a place to start from, not a control. */
h2[tabindex="-1"]:focus { outline: none; }
.button { font: inherit; cursor: pointer; }
.button {
  border: 1px solid var(--ped-color);
  background: var(--ped-color);
  color: #fff;
  border-radius: var(--ped-radius);
  padding: .45em 1em;
  max-width: 100%;
}
.loading { display: flex; align-items: center; justify-content: center; min-height: 10em; }
.spinner {
  width: 2.2em;
  height: 2.2em;
  border-radius: 50%;
  border: .25em solid #d5dae3;
  border-top-color: var(--ped-color);
  animation: ped-spin 1s linear infinite;
}
@keyframes ped-spin { to { transform: rotate(360deg); } }
.load-failure { margin: 1.5em auto; max-width: 36em; text-align: center; }
`;

export function baseSheet(): CSSStyleSheet {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(CSS);
  return sheet;
}
