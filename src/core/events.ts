import type { AnalyticsEvent } from '../playback/analytics';
import type { PlayerStateValue } from '../playback/timing';

/**
 * Events the element dispatches, all bubbling and composed: names and detail types declared once.
 */
export interface PlayerEventMap {
  /** The first screen has rendered. */
  ready: { route: string; screen: string };
  /** Player state changed; duration and currentTime (seconds) for states 1, 2 and 9. */
  statechange: { state: PlayerStateValue; duration?: number; currentTime?: number };
  /** Volume (0..1) or mute changed. */
  volumechange: { volume: number; muted: boolean };
  /** An analytics event (only while the googleAnalytics preference is on). */
  analytics: AnalyticsEvent;
  /** The last item of the playlist ended. */
  playlistend: { code: string };
  /** The player moved to another screen: route name and code (if any). */
  navigate: { name: string; code: string | null };
  /** A screenshot in native iOS / Android wrappers (elsewhere it downloads as a file). */
  screenshot: { data: string };
  /** The answer to a `command` CustomEvent. */
  result: { id: string | number; result: unknown } | { id: string | number; error: { code: string; message: string } };
}
export type PlayerEventName = keyof PlayerEventMap;

/** The events an iframe embed forwards to its parent page (all but `result`, which answers a CustomEvent). */
export const FORWARDED_EVENT_NAMES = ['ready', 'statechange', 'volumechange', 'navigate', 'analytics', 'playlistend', 'screenshot'] as const satisfies readonly Exclude<
  PlayerEventName,
  'result'
>[];
export type ForwardedEventName = (typeof FORWARDED_EVENT_NAMES)[number];

export function dispatchPlayerEvent<K extends PlayerEventName>(host: EventTarget, name: K, detail: PlayerEventMap[K]): void {
  host.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
}
