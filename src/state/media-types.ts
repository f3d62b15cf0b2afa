/** Media kinds, one loader + adapter each (the player's type by media). */
export const MEDIA_KINDS = ['html5', 'slides', 'youtube', 'vimeo'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** A media or vendor error, as the state keeps it and the visitor sees it. */
export interface PlayerError {
  /**
   * 'media' (media element error), 'script' (SDK failed to load), 'restricted' (play() refused), 'source' (source
   * call failed).
   */
  reason: 'media' | 'script' | 'restricted' | 'source' | 'vendor';
  /** Vendor or MediaError code when there is one. */
  code?: number | string;
  message: string;
  /** Whether trying again may help (by default: all but a vendor's refusal). */
  retryable?: boolean;
}

/** A caption cue: seconds and plain text (no markup is ever rendered as HTML). */
export interface Cue {
  start: number;
  end: number;
  text: string;
}
