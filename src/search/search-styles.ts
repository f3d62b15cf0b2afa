/** The search dialog's stylesheet, adopted into the player's shadow root when the dialog first renders. */
export const SEARCH_CSS = /* css */ `
.modal[data-modal-name^="search"] { max-width: min(56em, 100%); width: 100%; }
.search { container-type: inline-size; }
.search-form { display: flex; flex-wrap: wrap; gap: .4em; align-items: center; }
.search-input {
  flex: 1 1 8em;
  min-width: 0;
  font: inherit;
  padding: .5em .6em;
  border: 1px solid #9aa3b5;
  border-radius: var(--ped-radius);
  background: #fff;
  color: inherit;
}
.search-input::-webkit-search-cancel-button { display: none; }
.search-input:focus-visible { outline: 3px solid var(--ped-focus, #1a73e8); outline-offset: 1px; }
.search-icon-button {
  flex: none;
  font: inherit;
  width: 2.5em;
  height: 2.5em;
  display: inline-grid;
  place-items: center;
  border: 1px solid #9aa3b5;
  border-radius: var(--ped-radius);
  background: #fff;
  color: var(--ped-color);
  cursor: pointer;
  padding: 0;
}
.search-icon-button[disabled] { opacity: .5; cursor: not-allowed; }
.search-icon-button[aria-pressed="true"] { background: var(--ped-color); color: #fff; }
.search-icon-button svg { width: 1.3em; height: 1.3em; fill: currentColor; }
.search-voice-status {
  min-height: 1.4em;
  margin: .3em 0;
  font-size: .9em;
  display: flex;
  gap: .35em;
  align-items: center;
}
.search-voice-status svg { width: 1.2em; height: 1.2em; fill: currentColor; }
.search-voice-status[data-voice="denied"], .search-voice-status[data-voice="error"] { color: #a01c1c; }
.search-toolbar {
  display: flex;
  flex-wrap: wrap;
  gap: .5em 1em;
  align-items: center;
  justify-content: space-between;
  margin-bottom: .6em;
}
.search-stats { margin: 0; color: var(--ped-muted); font-size: .9em; }
.search-sort { display: flex; flex-wrap: wrap; gap: .4em; align-items: center; font-size: .9em; }
.search-sort select { font: inherit; padding: .2em .3em; max-width: 100%; }
/* Columns never wider than the dialog (a narrow player with large text): long words break in the facet labels. */
.search-layout {
  display: grid;
  grid-template-columns: minmax(10em, 14em) minmax(0, 1fr);
  gap: 1em;
  align-items: start;
}
.search-layout > * { min-width: 0; }
@container (max-width: 34em) { .search-layout { grid-template-columns: minmax(0, 1fr); } }
.search-filters { display: grid; gap: .8em; font-size: .92em; }
.search-facet { border: 0; margin: 0; padding: 0; min-width: 0; }
.search-filters > *, .search-facet li { min-width: 0; }
.search-facet legend { font-weight: 600; padding: 0; margin-bottom: .3em; }
.search-facet ul { list-style: none; margin: 0; padding: 0; display: grid; gap: .2em; }
.search-facet label { display: flex; gap: .4em; align-items: baseline; cursor: pointer; }
.search-facet .facet-label { min-width: 0; overflow-wrap: anywhere; }
.search-facet .facet-count {
  margin-inline-start: auto;
  color: var(--ped-muted);
  font-size: .85em;
  white-space: nowrap;
}
.search-facet-empty { margin: 0; color: var(--ped-muted); }
.search-toggle { display: flex; gap: .4em; align-items: baseline; cursor: pointer; overflow-wrap: anywhere; }
.search-menu-select { display: grid; gap: .3em; }
.search-menu-select label { font-weight: 600; }
.search-menu-select select { font: inherit; padding: .2em .3em; max-width: 100%; min-width: 0; }
.search-banners { list-style: none; margin: 0 0 .6em; padding: 0; display: flex; flex-wrap: wrap; gap: .3em 1em; }
.search-results .menu-items { grid-template-columns: repeat(auto-fill, minmax(min(10em, 100%), 1fr)); }
.search-results mark { background: #ffe58a; color: inherit; border-radius: 2px; }
.search-status { margin: .5em 0; }
.search-more { margin-top: .6em; }
`;
