/**
 * The core's side of the entry's first requests (src/element/first-requests.ts): as it starts, it hands every request
 * the entry made for the page's players to the page's shared requests (a player's identical request takes the answer:
 * src/content/shared-requests.ts), and each player takes what the entry started for it (its first video).
 */
import { readAnswer } from '../content/http';
import { pageRequests, type SharedRequests } from '../content/shared-requests';
import { EARLY_START, type EarlyHolder, type EarlyRequest, type EarlyStart } from '../content/early-requests';
import { TAG_NAME } from '../core/tag-name';

/** What the core reads of the element's record, checked: anything else there is ignored. */
const isRequest = (r: Partial<EarlyRequest> | null | undefined): r is EarlyRequest =>
  typeof r?.key === 'string' &&
  typeof r.url === 'string' &&
  typeof r.response?.then === 'function' &&
  r.controller instanceof AbortController;

const recordOf = (element: Element): EarlyStart | undefined => {
  const early = (element as EarlyHolder)[EARLY_START];
  return early && typeof early === 'object' && Array.isArray(early.requests) ? early : undefined;
};

/** Hands the entry's requests of the players in `doc` to the page's shared requests, and those it makes later. */
export function lendEarlyRequests(doc: Document = document, shared: SharedRequests = pageRequests()): void {
  const lent = new Set<EarlyRequest>();
  const lend = (request: EarlyRequest) => {
    if (lent.has(request) || !isRequest(request)) return;
    lent.add(request);
    shared.lend(request.key, readAnswer(request.url, request.response, request.controller.signal), request.controller);
  };
  for (const element of doc.querySelectorAll(TAG_NAME)) {
    const early = recordOf(element);
    if (!early) continue;
    for (const request of early.requests.splice(0)) lend(request);
    early.lend = lend;
  }
}

/** Whether the entry started this player's first requests, and no player has taken them yet. */
export function hasEarlyStart(element: Element): boolean {
  const early = recordOf(element);
  return early !== undefined && !early.claimed;
}

/** What the entry started for this player, once (the player then owns its video). */
export function claimEarlyStart(element: Element): EarlyStart | undefined {
  const early = recordOf(element);
  if (!early || early.claimed) return undefined;
  early.claimed = true;
  return early;
}
