import type { PlaylistItem } from '../content/playlist';
import type { ProviderApi } from '../content/provider';
import type { Clock } from '../core/clock';
import type { MediaPreload } from './early-video';
import type { MediaKind, PlayerError } from '../state/media-types';

export { MEDIA_KINDS, type MediaKind, type PlayerError } from '../state/media-types';

/**
 * What an adapter reports to the engine. Vendor details (YouTube state numbers, Vimeo promises,
 * media element events) are translated into these calls inside the adapter and never leave it.
 */
export interface AdapterEvents {
  /** Media is ready to play; duration in seconds (0 when not known yet). */
  ready(duration: number): void;
  /** Playback started or resumed. */
  playing(): void;
  /** Playback paused (not ended). */
  paused(): void;
  /** The media reached its end. */
  ended(): void;
  /** Duration became known or changed (seconds). */
  durationChange(duration: number): void;
  /** A media or vendor error; `message` is shown to the visitor (already human-readable, English). */
  error(error: PlayerError): void;
}

/** One narrow interface for every media kind. */
export interface MediaAdapter {
  readonly kind: MediaKind;
  /** Starts playback; rejects with a DOMException named NotAllowedError when the device refuses. */
  play(): Promise<void>;
  pause(): void;
  /** Seconds; clamped by the adapter to [0, duration]. */
  seek(seconds: number): void;
  /** 0..1 */
  setVolume(volume: number): void;
  setMuted(muted: boolean): void;
  /** Playback speed (0.5..2); may reject where the media refuses it (it then plays on at its rate). */
  setPlaybackRate?(rate: number): void | Promise<unknown>;
  /** Whether the browser offers picture-in-picture for this media now (html5 only). */
  canPictureInPicture?(): boolean;
  /** Enter or leave picture-in-picture; resolves to whether it is on. */
  togglePictureInPicture?(): Promise<boolean>;
  /** Polled every 40 ms by the engine. */
  getCurrentTime(): number;
  getDuration(): number;
  /** Whether a frame can be drawn to a canvas (screenshot). */
  readonly canvasable: boolean;
  /** The current frame as a PNG data URL at pixel ratio 1 (canvasable adapters only). */
  captureFrame?(): string | undefined;
  /** What shows the current picture, to draw as a still (the video element, the slide image); none for iframes. */
  frameSource?(): { source: CanvasImageSource; width: number; height: number } | undefined;
  /** Release every element, listener, timer and vendor player. Idempotent. */
  destroy(): void;
}

export interface LoadContext {
  /** Element the adapter renders into (inside the player's shadow root). The adapter owns its children. */
  container: HTMLElement;
  item: PlaylistItem;
  events: AdapterEvents;
  /** Aborted when the item changes or the player goes away before load() settles. */
  signal: AbortSignal;
  /** Host page origin (the YouTube player gets it as `origin`). */
  origin: string;
  /**
   * Media source for html5 (resolved by the engine from the video call); absent for other kinds, and for an item that
   * plays from its renditions (`item.sources`) alone.
   */
  source?: { src: string; type?: string };
  /**
   * The video element loading `src` before the engine (src/playback/early-video.ts), once: the html5 adapter takes it
   * for its first source instead of asking for the media again.
   */
  earlyVideo?: (src: string) => HTMLVideoElement | undefined;
  /** How much of its media an html5 player loads before it plays (src/playback/early-video.ts); `auto` if absent. */
  preload?: MediaPreload;
  /** Script URLs of the vendor SDKs (overridable for tests and self-hosting). */
  scripts: { youtube: string; vimeo: string };
  /** Resolve a static-host path (slide images) to a URL. */
  staticUrl(path: string): string;
  /** Volume / muted to start with. */
  volume: number;
  muted: boolean;
  /** The player's clock, for every timer of the adapter (the slides' time, SDK time limits); the real one if absent. */
  clock?: Clock;
}

/** What a loader needs to find an item's media before anything is on screen. */
export interface SourceRequest {
  item: PlaylistItem;
  client: string;
  /** Voice-over language of the item. */
  language: string;
  /** The cdn preference: play the provider's alternate source when there is one. */
  cdn: boolean;
  api: Pick<ProviderApi, 'videoSource'>;
  signal: AbortSignal;
  /** The audioDescriptions preference: the audio-described variant where the item has one in `language`. */
  audioDescriptions: boolean;
}

export interface MediaLoader {
  readonly kind: MediaKind;
  /** Cheap, synchronous: may this loader play the item? */
  canPlay(item: PlaylistItem): boolean;
  /** May `load` run before its container is in the document (a detached <video> loads its media)? */
  detached?: boolean;
  /** Fetch the adapter's code chunk ahead of `load` (started with the item's data requests). */
  preload?(): Promise<unknown>;
  /** The media source, for kinds that take it from the provider (html5); started before the stage exists. */
  source?(req: SourceRequest): Promise<{ src: string; type?: string } | undefined>;
  /** Loads whatever the kind needs (dynamic import, vendor script) and returns a ready-to-drive adapter. */
  load(ctx: LoadContext): Promise<MediaAdapter>;
}

export const DEFAULT_SCRIPTS = {
  youtube: 'https://www.youtube.com/iframe_api',
  vimeo: 'https://player.vimeo.com/api/player.js',
};
