import type { PlaybackState } from '../state/player-store';
import { PLAYER_STATE, type PlayerTime } from './timing';

/** How playback was when the markup route was entered (the overlay resumes it on leaving, if it was playing). */
export interface MarkupEntry {
  playing: boolean;
  key?: string;
  index: number;
}

/**
 * The annotation overlay's hooks into playback, and the screenshot's frame, on the player's clock:
 * - entering the markup route pauses playback once, remembering how it was (`entry`; the overlay clears it on leaving);
 * - while the overlay is open, `capture` gives the frame with the drawing (the screenshot command saves that);
 * - at most one screenshot per `screenshotSpacingMs`, floods included; its frame is taken `screenshotDelayMs` later.
 */
export class Markup {
  entry?: MarkupEntry;
  capture?: () => string | undefined;
  private lastScreenshot = -Infinity;

  constructor(private readonly time: PlayerTime) {}

  /** The markup route is entered: remember how playback was; false when it was entered already (no second pause). */
  enter(pb: Pick<PlaybackState, 'playerState' | 'key' | 'index'>): boolean {
    if (this.entry) return false;
    this.entry = { playing: pb.playerState === PLAYER_STATE.PLAYING, key: pb.key, index: pb.index };
    return true;
  }

  /** Whether a screenshot may be taken now; takes the turn. */
  screenshotTurn(): boolean {
    const now = this.time.clock().now();
    if (now - this.lastScreenshot < this.time.timing().screenshotSpacingMs) return false;
    this.lastScreenshot = now;
    return true;
  }

  /** The frame a screenshot saves: the drawing over it while the overlay is open, else the media's (`media`). */
  frame(media: () => string | undefined): string | undefined {
    return this.capture ? this.capture() : media();
  }

  /** That frame, taken `screenshotDelayMs` after the request. */
  frameLater(media: () => string | undefined): Promise<string | undefined> {
    return new Promise((resolve) => {
      this.time.clock().setTimeout(() => resolve(this.frame(media)), this.time.timing().screenshotDelayMs);
    });
  }
}
