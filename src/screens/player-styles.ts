/**
 * Styles of the player screen and its modals: a lazy chunk with the player, adopted by the shadow root
 * the first time a player screen renders (constructable stylesheet: no <style>, CSP-safe).
 */
export const PLAYER_CSS = /* css */ `
.playlist-title { margin: .25em 0 .75em; font-size: 1.3em; }
.stage { background: #000; border-radius: var(--ped-radius); overflow: hidden; aspect-ratio: 16 / 9; max-width: 960px; }
.poster { display: block; width: 100%; height: 100%; object-fit: contain; }
.player-toolbar { margin-bottom: .5em; }
.playlist-item { display: flex; gap: 1em; justify-content: space-between; max-width: 40em; padding: .25em 0; }
.playlist-item-runtime { flex: none; white-space: nowrap; color: var(--ped-muted); font-variant-numeric: tabular-nums; }
.playlist-item .link-button { text-align: start; }
.playlist-item [aria-current="true"] { font-weight: 700; color: var(--ped-fg); text-decoration: none; }
.playlist-item [aria-current="true"]::before {
  content: "▶\\FE0E" / "";
  display: inline-block;
  margin-inline-end: .4em;
  font-size: .75em;
  color: var(--ped-color);
}
.playlist-item-language { color: var(--ped-muted); font-weight: 400; }
/* Player */
.player-screen { outline: none; }
.item-title { margin: -.5em 0 .5em; color: var(--ped-muted); }
.player-frame {
  position: relative;
  max-width: 960px;
  aspect-ratio: 16 / 9;
  background: #000;
  border-radius: var(--ped-radius);
  overflow: hidden;
  container-type: inline-size;
}
.stage { position: absolute; inset: 0; }
.stage:focus-visible { outline: 3px solid #1a73e8; outline-offset: -3px; }
.media-slides { background: #fff; color: var(--ped-fg); }
.slide {
  margin: 0;
  position: absolute;
  inset: 0;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: .75em;
  padding: 1em;
}
.slide[hidden] { display: none; }
.slide img { max-width: 100%; max-height: 75%; object-fit: contain; }
.slide figcaption { font-size: 1.2em; text-align: center; max-width: 40em; }
.media iframe, .media-vendor iframe { width: 100%; height: 100%; border: 0; }
.poster {
  position: absolute;
  inset: 0;
  width: 100%;
  height: 100%;
  object-fit: contain;
  background: #000;
  pointer-events: none;
}
.captions {
  position: absolute;
  left: 5%;
  right: 5%;
  bottom: 8%;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: .15em;
  pointer-events: none;
  text-align: center;
}
/* The caption size follows the text size (the spec's rem sizes), but a line is never taller than the frame allows
   (cqw: the frame's width; a 16:9 frame is 56cqw tall): on a narrow player with large text the captions were cut off
   at the top. */
.caption-line {
  font-family: var(--ped-cc-font);
  font-size: min(calc(1.35em * var(--ped-cc-size)), calc(5.5cqw * var(--ped-cc-size)), 14cqw);
  color: var(--ped-cc-color);
  background: var(--ped-cc-bg);
  padding: .1em .4em;
  border-radius: 3px;
  white-space: pre-line;
  line-height: 1.3;
}
.shell.controls-visible .captions { bottom: 14%; }
.indicator {
  position: absolute;
  top: 50%;
  left: 50%;
  transform: translate(-50%, -50%);
  background: rgb(0 0 0 / .6);
  color: #fff;
  border-radius: 50%;
  min-width: 4em;
  height: 4em;
  display: flex;
  align-items: center;
  justify-content: center;
  font-weight: 700;
  pointer-events: none;
}
.indicator .icon { width: 2em; height: 2em; fill: currentColor; }
.stage-error {
  position: absolute;
  inset: auto 1em 1em 1em;
  background: #8a1c1c;
  color: #fff;
  padding: .6em 1em;
  border-radius: var(--ped-radius);
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: .5em 1em;
}
.stage-error p { margin: 0; flex: 1 1 12em; }
.shell:not(.controls-visible) .player-screen[data-state="1"] .controls { opacity: 0; }
.controls { transition: opacity .2s; }
.controls {
  max-width: 960px;
  background: #1d2433;
  color: #fff;
  border-radius: 0 0 var(--ped-radius) var(--ped-radius);
  padding: .25em .5em .4em;
  margin-top: -2px;
}
/* The control row fits its width (src/screens/control-layout.ts): optional controls give way to the More menu, and
   below that the end group takes a row of its own. Each group wraps only as a last resort. */
.control-row { display: flex; align-items: center; gap: .2em; flex-wrap: wrap; }
/* Its width never comes from its content: in a shrink-to-fit page container the bar's own layout would set the width
   it is fitted to, and the two would chase each other. */
.controls { contain: inline-size; }
.control-group { display: flex; align-items: center; gap: inherit; flex-wrap: wrap; min-width: 0; }
.control-group[data-group="end"] { margin-inline-start: auto; }
.control-row[data-wrapped] .control-group[data-group="end"] { flex-basis: 100%; }
.more { position: relative; display: flex; }
.more-menu {
  position: absolute;
  bottom: calc(100% + .4em);
  inset-inline-end: 0;
  z-index: 3;
  display: flex;
  flex-direction: column;
  width: max-content;
  min-width: min(12em, var(--ped-menu-width-room, 12em));
  max-width: var(--ped-menu-width-room, none);
  max-height: min(24em, 70vh, var(--ped-menu-room, 24em));
  translate: var(--ped-menu-shift, 0) 0;
  overflow-y: auto;
  padding: .3em;
  background: #1d2433;
  color: #fff;
  border: 1px solid rgb(255 255 255 / .25);
  border-radius: 6px;
  box-shadow: 0 6px 20px rgb(0 0 0 / .4);
}
.more-item {
  display: flex;
  align-items: center;
  gap: .6em;
  padding: .5em .75em;
  border: 0;
  border-radius: 4px;
  background: transparent;
  color: inherit;
  font: inherit;
  text-align: start;
  white-space: normal;
  overflow-wrap: anywhere;
  cursor: pointer;
}
.more-item:hover, .more-item:focus-visible { background: rgb(255 255 255 / .15); }
.more-item:focus-visible { outline: 2px solid #fff; outline-offset: -2px; }
.more-item .icon { flex: none; width: 1.4em; height: 1.4em; fill: currentColor; }
.more-item[aria-checked="true"]::after { content: "\\2713" / ""; margin-inline-start: auto; padding-inline-start: 1em; }
.control {
  background: transparent;
  border: 0;
  color: inherit;
  width: 2.4em;
  height: 2.4em;
  border-radius: 6px;
  cursor: pointer;
  display: inline-flex;
  align-items: center;
  justify-content: center;
}
.control:hover, .control[aria-pressed="true"] { background: rgb(255 255 255 / .15); }
.control .icon { width: 1.4em; height: 1.4em; fill: currentColor; }
.spacer { flex: 1; }
.time { font-variant-numeric: tabular-nums; font-size: .9em; padding: 0 .5em; }
.seek { width: 100%; accent-color: var(--ped-color); margin: 0; }
.seek[aria-disabled="true"] { opacity: .5; }
.volume { width: 6em; accent-color: #fff; }
.info-list { display: grid; gap: .4em; margin: 0; }
.info-list dt { font-weight: 600; }
.info-list dd { margin: 0 0 .3em; }
/* The chapter list's numbers stay inside the dialog (the modal layer's .choice-list, adopted later, would take their
   room); a chapter's time and title are one link, a space apart. */
.choice-list.chapter-list { padding-inline-start: 1.75em; }
.chapter-time { font-variant-numeric: tabular-nums; color: var(--ped-muted); }
.icon { display: block; }
`;
