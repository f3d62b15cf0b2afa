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
.lazy-body { display: flex; flex-direction: column; gap: .5em; padding: 1em 1em .45em; }
.lazy-body > * { background: #e8ebf1; border-radius: var(--ped-radius); }
.lazy-line { height: 2.5em; }
.lazy-title { height: 1.9em; width: 60%; }
.lazy-line + .lazy-title + .lazy-line { height: 1.45em; width: 40%; }
.lazy-stage { aspect-ratio: 16 / 9; max-width: 960px; background: #d5dae3; }
.lazy-controls { height: 4.1em; }
@container (max-width: 30em) { .lazy-controls { height: 6.3em; } }
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
.shell.increase-contrast :is(.section-card, .item-card) { border: 2px solid #000; }
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
/* The bar wraps rather than squeeze the name to a letter a line (a narrow player, large text): the buttons go below. */
.practice-bar {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: .35em .75em;
  padding: .6em 1em;
  background: var(--ped-color);
  color: #fff;
}
.practice-art { width: 2.25em; height: 2.25em; background: #fff; border-radius: 50%; padding: .2em; }
.practice-name {
  font-size: 1.15em;
  margin: 0;
  font-weight: 600;
  flex: 1 1 7em;
  min-width: 0;
  overflow-wrap: break-word;
}
.header-actions { margin-inline-start: auto; display: flex; gap: .25em; }
.header-button {
  font: inherit;
  color: inherit;
  background: transparent;
  border: 0;
  border-radius: 50%;
  width: 2.4em;
  height: 2.4em;
  padding: .45em;
  cursor: pointer;
}
.header-button:hover { background: rgb(255 255 255 / .18); }
.header-button .icon { width: 100%; height: 100%; fill: currentColor; display: block; }
.screen { padding: 1em; }
.menu-heading { margin: .25em 0 .75em; font-size: 1.3em; }
.breadcrumbs ol {
  display: flex;
  flex-wrap: wrap;
  gap: .25em;
  list-style: none;
  margin: 0;
  padding: 0;
  font-size: .9em;
}
.breadcrumbs li + li::before { content: "›"; margin-inline-end: .25em; color: var(--ped-muted); }
.menu-sections, .menu-items {
  list-style: none;
  margin: 0 0 1em;
  padding: 0;
  display: grid;
  gap: .75em;
  grid-template-columns: repeat(auto-fill, minmax(min(12em, 100%), 1fr));
}
.section-card, .item-card {
  width: 100%;
  font: inherit;
  text-align: start;
  cursor: pointer;
  border: 1px solid #d5dae3;
  border-radius: var(--ped-radius);
  background: #fff;
  color: inherit;
  padding: 0;
  overflow: hidden;
  display: flex;
  flex-direction: column;
}
.section-card { padding: .9em 1em; border-inline-start: 6px solid var(--ped-color); }
.section-label, .item-label { font-weight: 600; }
.item-label { padding: .5em .75em .75em; }
.section-count { color: var(--ped-muted); font-size: .9em; }
.section-card:hover, .item-card:hover { border-color: var(--ped-color); }
:is(button, a, input, .modal):focus-visible { outline: 3px solid #1a73e8; outline-offset: 2px; }
/* A screen's heading takes the focus after a navigation (src/app/shell.tsx): a place to start from, not a control. */
h2[tabindex="-1"]:focus { outline: none; }
.thumb { display: block; width: 100%; aspect-ratio: 16 / 9; object-fit: cover; background: #e8ebf1; }
.thumb-fallback {
  display: flex;
  align-items: center;
  justify-content: center;
  background: var(--ped-color);
  color: #fff;
  font-size: 2em;
  font-weight: 700;
}
/* A long list shows a page of cards at a time (src/screens/card-list.tsx): how many, and Show more. */
.menu-more {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: .5em 1em;
  margin: 0 0 1em;
}
.menu-shown { margin: 0; color: var(--ped-muted); }
.button, .link-button { font: inherit; cursor: pointer; }
.button {
  border: 1px solid var(--ped-color);
  background: var(--ped-color);
  color: #fff;
  border-radius: var(--ped-radius);
  padding: .45em 1em;
  max-width: 100%;
}
.link-button { border: 0; background: none; color: #1f4fbf; text-decoration: underline; padding: 0; }
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
/* A dialog needs room to be used: while one is open the player is at least this tall (a short menu, a narrow video),
   never taller than the viewport (an iframe embed's included); the host's own min-height still applies. A height
   the page sets keeps the box (the modal layer fills the host, the dialog scrolls). */
.shell.dialog-open > .screen-host { min-height: min(30em, 90vh); }
.modal-layer {
  position: absolute;
  inset: 0;
  display: flex;
  align-items: flex-start;
  justify-content: center;
  padding: min(2em, 32px) min(1em, 16px);
  background: rgb(0 0 0 / .45);
  z-index: 10;
}
.modal-layer[hidden] { display: none; }

/* Notices (any screen) */
.notices { position: absolute; top: .75em; right: .75em; left: .75em; z-index: 20; pointer-events: none; }
/* Over a dialog (its title and Close) or the annotation toolbar, notices would hide what is being used: at the
   bottom. */
.shell:is(.dialog-open, .markup) > .notices { top: auto; bottom: .75em; }
`;

export function baseSheet(): CSSStyleSheet {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(CSS);
  return sheet;
}
