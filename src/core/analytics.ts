/** Analytics event types: the numeric `type` the host receives with each analytics event, declared once. */
export const ANALYTICS = {
  BROCHURE: 0,
  VIDEO_LOAD: 1,
  VIDEO_START: 2,
  VIDEO_PERCENT: 3,
  VIDEO_STEP: 4,
  VIDEO_END: 5,
  PLAYLIST_START: 6,
  PLAYLIST_ITEM: 7,
  PLAYLIST_END: 8,
} as const;
export type AnalyticsType = (typeof ANALYTICS)[keyof typeof ANALYTICS];
export const PERCENT_MILESTONES = [25, 50, 75, 100] as const;

export interface AnalyticsEvent {
  type: AnalyticsType;
  label: string;
}
