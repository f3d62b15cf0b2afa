/**
 * What the entry file starts for a player before the core has arrived (src/element/first-requests.ts), as the core
 * finds it on the element (src/app/early-start.ts): types and the element's key only, nothing that runs.
 */

/** A video loading early, and its source's URL. */
export interface EarlyVideoOffer {
  src: string;
  video: HTMLVideoElement;
}

/** What the entry found for a player's first video: its source, and the video loading it if the entry started one. */
export interface EntryVideo {
  source: { src: string; type?: string };
  video?: EarlyVideoOffer;
}

/** Where the entry leaves what it started for an element (a registered symbol: one per page, whatever the copy). */
export const EARLY_START = Symbol.for('patient-ed-player.early-start');

/** One request the entry made: its shared key (header and URL), and the fetch under way. */
export interface EarlyRequest {
  key: string;
  url: string;
  response: Promise<Response>;
  controller: AbortController;
  /** A copy of the answer, taken as it arrives (before the core reads it), never read: the entry reads clones of it. */
  copy: Promise<Response>;
}

/** What the entry started for one element. */
export interface EarlyStart {
  /** Its requests not handed to the core yet (the core empties it as it starts, then takes the later ones). */
  requests: EarlyRequest[];
  /** Set by the core as it starts: a request made later goes to it at once. */
  lend?: (request: EarlyRequest) => void;
  /** Settles once the first item's source was asked for, or will not be. */
  sourceAsked: Promise<void>;
  /**
   * The first video's source once it answered, with the video loading it unless a player had claimed this record by
   * then (the player loads it); undefined: none.
   */
  video: Promise<EntryVideo | undefined>;
  /** A player took it (its video is the player's to release). */
  claimed?: boolean;
  /** The entry told the page that the first video has its metadata (state 0), before the core came: its duration. */
  reported?: { duration: number; event: Event };
  /** That report went to the parent page too (an iframe embed's postMessage, once its adapter is in). */
  relayed?: boolean;
}

export type EarlyHolder = Element & { [EARLY_START]?: EarlyStart };
