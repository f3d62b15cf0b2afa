/**
 * The entry file (dist/patient-ed-player.js): small, so that the page's players ask for their first data as soon as
 * it has arrived, while the core's file (src/core-chunk.ts) downloads. It imports the core, asks for the first
 * requests of the players already on the page (src/element/first-requests.ts), and once the core is in, starts it:
 * the core defines the element and takes those requests' answers. A page may load it under any URL (`?ver=`) and more
 * than once: the element is defined once, by the copy that ran first (a later copy waits for it, then finds the
 * element defined: another version says so in the console).
 *
 * No top-level `await`: WebKit hangs a page whose iframe is removed while a module of it awaits at its top level (the
 * drop-in's tests met it). So the public API (src/index.ts) is exported as live bindings: `TAG_NAME` at once, the
 * element's class, `definePlayer` and `CommandError` once the core has started (`customElements.whenDefined`).
 */
import type * as Core from './core-chunk';
import { nextTask } from './core/next-task';
import { slotHolder } from './core/page-slot';
import { TAG_NAME } from './core/tag-name';
import { firstRequests } from './element/first-requests';

export { TAG_NAME };
export let PatientEdPlayerElement: typeof Core.PatientEdPlayerElement;
export let definePlayer: typeof Core.definePlayer;
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
firstRequests(import.meta.url);
import('./link-chunk.js').catch(() => undefined);

void loading
  .then(async (core) => {
    await before;
    // A task boundary first: answers already in (the first source's: its media request) are handled before the element
    // starts, a long task on a slow machine.
    await nextTask();
    ({ PatientEdPlayerElement, definePlayer, CommandError } = core);
    core.start(import.meta.url);
  })
  .catch((error: unknown) => console.error('patient-ed-player: the player could not load.', error))
  .finally(() => started?.());
