/** The settings dialogs' stylesheet, adopted into the player's shadow root when a settings screen first renders. */
import { CAPTION_COLORS } from './settings-options';

export const SETTINGS_CSS = /* css */ `
.settings-list { list-style: none; margin: 0; padding: 0; display: grid; gap: .35em; }
/* A narrow player or large text: the value goes below its label rather than squeeze it (words stay whole, and a word
   wider than the whole row breaks only then). */
.settings-link {
  width: 100%;
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: center;
  gap: .25em 1em;
  font: inherit;
  color: inherit;
  text-align: start;
  background: #f4f6fa;
  border: 1px solid #d5dae3;
  border-radius: var(--ped-radius);
  padding: .6em .8em;
  cursor: pointer;
}
.settings-link > span { min-width: 0; overflow-wrap: anywhere; }
.settings-link > span:first-child { flex: 1 1 auto; }
.settings-link .settings-value { margin-inline-start: auto; }
.settings-link:hover { border-color: var(--ped-color); }
.settings-link::after { content: "›"; font-size: 1.3em; line-height: 1; color: var(--ped-muted); }
.shell[dir="rtl"] .settings-link::after { content: "‹"; }
.settings-value { margin-inline-start: auto; color: var(--ped-muted); font-size: .9em; }
.choice-list.columns { grid-template-columns: repeat(auto-fill, minmax(min(8.5em, 100%), 1fr)); }
.choice { padding: .3em .2em; border-radius: 4px; cursor: pointer; }
.choice input { width: 1.1em; height: 1.1em; margin: 0; accent-color: var(--ped-color); }
.swatch { display: inline-block; width: 1.1em; height: 1.1em; border-radius: 3px; border: 1px solid #5a6478; }
.switch-row { display: flex; align-items: center; justify-content: space-between; gap: 1em; padding: .4em 0; }
.switch {
  position: relative;
  flex: none;
  width: 2.6em;
  height: 1.5em;
  border-radius: .75em;
  border: 2px solid #5a6478;
  background: #e3e6ec;
  cursor: pointer;
  padding: 0;
}
.switch::after {
  content: "";
  position: absolute;
  top: .1em;
  inset-inline-start: .1em;
  width: 1.05em;
  height: 1.05em;
  border-radius: 50%;
  background: #5a6478;
  transition: inset-inline-start .15s;
}
.switch[aria-checked="true"] { background: var(--ped-color); border-color: var(--ped-color); }
.switch[aria-checked="true"]::after { inset-inline-start: 1.25em; background: #fff; }
.caption-sample {
  margin: 0 0 1em;
  padding: 1.2em .5em;
  border-radius: var(--ped-radius);
  background: linear-gradient(135deg, #44546f, #8797b3);
  text-align: center;
}
.caption-sample span {
  font-family: var(--ped-cc-font);
  font-size: calc(1.35em * var(--ped-cc-size));
  color: var(--ped-cc-color);
  background: var(--ped-cc-bg);
  padding: .1em .4em;
  border-radius: 3px;
}
.settings-actions { margin-top: 1em; }
.shortcut-table { border-collapse: collapse; width: 100%; margin-bottom: 1em; }
.shortcut-table th, .shortcut-table td { text-align: start; padding: .3em .4em; border-bottom: 1px solid #e3e6ec; }
kbd {
  font: inherit;
  font-size: .9em;
  padding: .05em .45em;
  border: 1px solid #9aa3b5;
  border-bottom-width: 2px;
  border-radius: 4px;
  background: #f4f6fa;
}
kbd + kbd { margin-inline-start: .3em; }
${CAPTION_COLORS.map((c) => `.swatch-${c.name} { background: ${c.value}; }`).join('\n')}
`;
