import type { PlaylistItem } from '../content/playlist';
import { ANALYTICS, type AnalyticsEvent } from '../core/analytics';
import { crossedChapters, furthestWatched, newMilestones } from './rules';

/**
 * One viewing of an item as the analytics and the skipping rule see it, pure: which start the next playback
 * reports, the percent milestones sent, the time of the last look (chapter steps are crossed between two looks)
 * and the furthest point watched. Each function returns the next viewing and the analytics events to send.
 */

/** What the next start of playback reports: the playlist's start, an item's start, or nothing (told already). */
export type NextStart = 'playlist' | 'item' | 'none';

export interface Viewing {
  readonly next: NextStart;
  readonly milestones: ReadonlySet<number>;
  readonly lastTime: number;
  readonly watched: number;
}

export interface Reported {
  viewing: Viewing;
  events: AnalyticsEvent[];
}

export const firstViewing = (): Viewing => ({ next: 'playlist', milestones: new Set(), lastTime: 0, watched: 0 });

/** A playlist starts: its start is reported at its first playback, unless it continues one (another language). */
export const playlistViewing = (v: Viewing, continued: boolean): Viewing => ({
  ...v,
  next: !continued ? 'playlist' : v.next === 'playlist' ? 'item' : v.next,
});

/** A new viewing of an item (another item, a replay): its start, its milestones and its skipping limit start over. */
export const newViewing = (v: Viewing): Viewing => ({
  ...v,
  next: v.next === 'playlist' ? 'playlist' : 'item',
  milestones: new Set(),
  watched: 0,
});

/** The media is at `time` by a jump (a seek, a start part-way): no chapter is crossed up to there. */
export const jumped = (v: Viewing, time: number): Viewing => ({ ...v, lastTime: time });

/** Playback started: the playlist's or the item's start, and the video's, once per viewing. */
export function started(v: Viewing, playlistCode: string, item: PlaylistItem): Reported {
  if (v.next === 'none') return { viewing: v, events: [] };
  const first =
    v.next === 'playlist'
      ? { type: ANALYTICS.PLAYLIST_START, label: playlistCode }
      : { type: ANALYTICS.PLAYLIST_ITEM, label: item.code };
  return { viewing: { ...v, next: 'none' }, events: [first, { type: ANALYTICS.VIDEO_START, label: item.code }] };
}

function milestones(v: Viewing, item: PlaylistItem, percent: number): Reported {
  const passed = newMilestones(v.milestones, percent);
  if (passed.length === 0) return { viewing: v, events: [] };
  const events = passed.map((m) => ({ type: ANALYTICS.VIDEO_PERCENT, label: `${item.code} ${m}%` }));
  return { viewing: { ...v, milestones: new Set([...v.milestones, ...passed]) }, events };
}

/**
 * One look at the media (each poll) at `time` of `duration`: the furthest point watched moves with continuous
 * playback; while playing, the milestones passed and the chapters crossed since the last look are reported.
 */
export function looked(
  v: Viewing,
  item: PlaylistItem | undefined,
  time: number,
  duration: number,
  playing: boolean,
): Reported {
  let viewing: Viewing = { ...v, watched: furthestWatched(v.watched, time) };
  const events: AnalyticsEvent[] = [];
  if (playing && duration > 0 && item) {
    const passed = milestones(viewing, item, (time / duration) * 100);
    viewing = passed.viewing;
    events.push(...passed.events);
    for (const ch of crossedChapters(item.chapters, v.lastTime, time))
      events.push({ type: ANALYTICS.VIDEO_STEP, label: `${item.code} ${ch.h}` });
  }
  return { viewing: { ...viewing, lastTime: time }, events };
}

/** The item ended: the milestones left (up to 100 %) and its end. */
export function ended(v: Viewing, item: PlaylistItem): Reported {
  const passed = milestones(v, item, 100);
  return { viewing: passed.viewing, events: [...passed.events, { type: ANALYTICS.VIDEO_END, label: item.code }] };
}
