/**
 * The entry file (dist/patient-ed-player.js): small, so that the page's players ask for their first data as soon as
 * it has arrived, while the core's file (src/core-chunk.ts) downloads. It imports the core, asks for the first
 * requests of the players already on the page (src/element/first-requests.ts) and defines the element
 * (src/element/player-element.ts); once the core is in, it starts it: the core gives the element its behaviour and
 * takes those requests' answers. A page may load it under any URL (`?ver=`) and more than once: the element is
 * defined once, by the copy that ran first (a later copy waits for its core, then finds the element started: another
 * version says so in the console).
 *
 * No top-level `await`: WebKit hangs a page whose iframe is removed while a module of it awaits at its top level (the
 * drop-in's tests met it). So the public API (src/index.ts) is exported as live bindings: `TAG_NAME`, the element's
 * class and `definePlayer` at once, `CommandError` once the core has started.
 */
import type * as Core from './core-chunk';
import { nextTask } from './core/next-task';
import { slotHolder } from './core/page-slot';
import { TAG_NAME } from './core/tag-name';
import { firstRequests } from './element/first-requests';
import { coreFailed, onWait } from './element/element-kit';
import { definePlayer, PatientEdPlayerElement } from './element/player-element';

export { TAG_NAME, PatientEdPlayerElement, definePlayer };
export let CommandError: typeof Core.CommandError;

/** Where the first copy of the entry on the page says when its core has started (a registered symbol: any copy;
 * src/core/page-slot.ts). */
const FIRST_START = Symbol.for('patient-ed-player.first-start');
const home = slotHolder(FIRST_START) as { [FIRST_START]?: Promise<void> };
const before = home[FIRST_START];
let started: (() => void) | undefined;
if (!before) home[FIRST_START] = new Promise<void>((resolve) => (started = resolve));

// The core first (its file is the largest), then the page's first requests; and the link chunk, which every lazy chunk
// imports (scripts/rollup-linked-core.mjs), beside the core and not a round trip after it: it runs nothing but its two
// functions, and a failure is the core's to see (its import asks again).
const loading = import('./core-chunk');
const firstVideo = firstRequests(import.meta.url);
// The element at once (its behaviour comes with the core): a page's script may listen to it and call its methods. A
// copy of another version defined it first: it stays, and this says so once.
definePlayer();
import('./link-chunk.js').catch(() => undefined);

/** How long the core's start waits at most for the entry's first video's metadata, ms. */
const HOLD_MS = 1500;
// The core starts once the entry's first video has its metadata (the entry tells the page then: state 0), or failed:
// its start (the elements' controllers and routes, the early player's outline) is a long task, which would otherwise
// fall between an answer of that video's chain and the next request, on a machine whose cores are busy. An action
// called meanwhile starts it at once.
const hold = new Promise<void>((resolve) => {
  if (!firstVideo) return resolve();
  firstVideo.then(resolve, resolve);
  setTimeout(resolve, HOLD_MS);
  onWait(resolve);
});

void loading
  .then(async (core) => {
    await before;
    await hold;
    // A task boundary first: answers already in (the first source's: its media request) are handled before the element
    // starts, a long task on a slow machine.
    await nextTask();
    ({ CommandError } = core);
    core.start(import.meta.url);
  })
  .catch((error: unknown) => {
    console.error('patient-ed-player: the player could not load.', error);
    // Its element's actions that wait for it say so.
    coreFailed(error);
  })
  .finally(() => started?.());
