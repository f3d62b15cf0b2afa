/**
 * The interface's styles (the React tree's shell: the practice bar, the menu, the dialogs' layer, the notices):
 * adopted by the player's React tree as it first renders (src/app/player-app.tsx), so the entry carries only what the
 * screens before it show (src/element/styles.ts: the outlines, the early player, the spinner, a load failure).
 */
export const INTERFACE_CSS = /* css */ `
.shell.increase-contrast :is(.section-card, .item-card) { border: 2px solid #000; }
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
.link-button {
  font: inherit;
  cursor: pointer;
  border: 0;
  background: none;
  color: #1f4fbf;
  text-decoration: underline;
  padding: 0;
}
/* A box the page fixes (its height, a grid's row): the shell is at most that tall and scrolls inside it, so a menu
   taller than the box is not cut off; the modal layer and the notices, placed in the host's box, stay over it. With the
   height its content gives it, the shell never overflows and nothing scrolls. Not where the page lays the element out
   in a vertical writing mode (src/app/shell.tsx). */
.shell.fits-box { max-height: 100%; overflow: hidden auto; }
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
