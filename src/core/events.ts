import type { AnalyticsEvent } from './analytics';
import type { PlayerStateValue } from './player-states';

/**
 * Events the element dispatches, all bubbling and composed: names and detail types declared once.
 */
export interface PlayerEventMap {
  /** The first screen has rendered. */
  ready: { route: string; screen: string };
  /** Player state changed; duration and currentTime (seconds) for states 1, 2 and 9. */
  statechange: { state: PlayerStateValue; duration?: number; currentTime?: number };
  /** Volume (0..1) or mute changed: `volume` is what is heard, 0 while muted (as `getVolume()`). */
  volumechange: { volume: number; muted: boolean };
  /** Playback speed changed: the rate the media plays at (0.5..2; 1 where a video does not allow another). */
  ratechange: { rate: number };
  /** An analytics event (only while the googleAnalytics preference is on). */
  analytics: AnalyticsEvent;
  /** The last item of the playlist ended. */
  playlistend: { code: string };
  /** The player moved to another screen: route name and code (if any). */
  navigate: { name: string; code: string | null };
  /** A screenshot in native iOS / Android wrappers (elsewhere it downloads as a file). */
  screenshot: { data: string };
  /**
   * Something the visitor was waiting for failed and the player shows it (with a retry where one can help): `code`
   * says what (ERROR_CODES), `message` is an English detail, `retryable` whether trying again may succeed.
   */
  error: { code: PlayerErrorCode; message: string; retryable: boolean };
  /** The answer to a `command` CustomEvent. */
  result: { id: string | number; result: unknown } | { id: string | number; error: { code: string; message: string } };
}
/**
 * What an `error` event reports: the client configuration, the menu, the playlist or the video-source request;
 * the media itself (unreadable, no metadata in time, or stalled beyond recovery); a YouTube/Vimeo SDK that did not
 * load or whose player never became ready; the YouTube/Vimeo player refusing the video; a screen or dialog that could
 * not be shown (its code did not load, or it failed to render).
 */
export const ERROR_CODES = ['client', 'menu', 'playlist', 'source', 'media', 'sdk', 'vendor', 'screen'] as const;
export type PlayerErrorCode = (typeof ERROR_CODES)[number];

export type PlayerEventName = keyof PlayerEventMap;

/** The events an iframe embed forwards to its parent page (all but `result`, which answers a CustomEvent). */
export const FORWARDED_EVENT_NAMES = [
  'ready',
  'statechange',
  'volumechange',
  'ratechange',
  'navigate',
  'analytics',
  'playlistend',
  'screenshot',
  'error',
] as const satisfies readonly Exclude<PlayerEventName, 'result'>[];
export type ForwardedEventName = (typeof FORWARDED_EVENT_NAMES)[number];

/**
 * Dispatch a player event from the element. A bubbling event reaches `window` too, where `error` listeners (and
 * `window.onerror`, error trackers) expect script errors: the `error` event stops at the document, after the
 * document's own listeners.
 */
export function dispatchPlayerEvent<K extends PlayerEventName>(
  host: EventTarget,
  name: K,
  detail: PlayerEventMap[K],
): void {
  const event = new CustomEvent(name, { detail, bubbles: true, composed: true });
  const doc = name === 'error' ? (host as Node).ownerDocument : null;
  const stop = (e: Event) => e === event && e.stopPropagation();
  doc?.addEventListener(name, stop);
  try {
    host.dispatchEvent(event);
  } finally {
    doc?.removeEventListener(name, stop);
  }
}
