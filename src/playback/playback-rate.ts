/** The player's playback speed applied to each media (a media that refuses it plays at 1); rules in ./rate.ts. */
import { clampRate } from './rate';
import type { MediaAdapter } from './types';

export interface RateDeps {
  /** The media to apply it to, if one is loaded. */
  media: () => MediaAdapter | undefined;
  /** Tell the host page (the `ratechange` event): the rate the media now plays at. */
  changed: (rate: number) => void;
}

/**
 * The player's playback speed. The rate asked for (a command, or the `speed` preference when it changes) applies to
 * the media at once and to every later item and playlist; a media that refuses it (a Vimeo video whose owner does not
 * allow speeds) plays at 1 while the rate asked for stays for the next one.
 */
export class PlaybackRate {
  /** The rate asked for. */
  private wanted?: number;
  /** The `speed` preference last seen (as a rate). */
  private preferred?: number;
  /** The rate the media plays at (undefined until one was applied). */
  private heard?: number;

  constructor(private readonly deps: RateDeps) {}

  /** The rate playing (the preference's before any media). */
  current(preference: number): number {
    return this.heard ?? this.wanted ?? preference;
  }

  /** The `speed` preference is `rate` now: a change is asked for (the Settings choice, another tab's). */
  follow(rate: number): void {
    if (this.preferred === rate) return;
    const first = this.preferred === undefined;
    this.preferred = rate;
    // The first look only sets the rate when none was asked for yet (a host's command before it wins); a command
    // that saved the preference has set it already.
    if ((!first || this.wanted === undefined) && rate !== this.wanted) this.set(rate);
  }

  /** Ask for a rate (clamped to 0.5..2): the media plays at it now. Returns the rate asked for. */
  set(rate: number): number {
    // What played before (the preference's rate, or 1, before any media): the host hears of a change from it.
    const before = this.heard ?? this.preferred ?? 1;
    const wanted = (this.wanted = clampRate(rate));
    const media = this.deps.media();
    if (media) this.apply(media, before);
    else this.report(wanted, before);
    return wanted;
  }

  /** A new media plays at the rate asked for (the `speed` preference's, `preference`, when it changed since). */
  attach(media: MediaAdapter, preference: number): void {
    if (this.preferred !== preference) {
      if (this.preferred !== undefined || this.wanted === undefined) this.wanted = preference;
      this.preferred = preference;
    }
    this.apply(media);
  }

  private apply(media: MediaAdapter, before = this.heard): void {
    const rate = this.wanted ?? 1;
    const refused = () => media === this.deps.media() && this.report(1);
    if (!media.setPlaybackRate) return this.report(1, before);
    this.report(rate, before);
    try {
      void Promise.resolve(media.setPlaybackRate(rate)).catch(refused);
    } catch {
      refused();
    }
  }

  /** The media plays at `rate` now; the host hears of it when it differs from `before` (unknown: nothing to tell). */
  private report(rate: number, before = this.heard): void {
    this.heard = rate;
    if (before !== undefined && before !== rate) this.deps.changed(rate);
  }
}
