/**
 * How the control bar fits its width (a pure rule; the bar measures, this decides).
 *
 * The bar has a start group (play, previous, next, time), pinned end controls (mute, captions, settings,
 * full screen), the volume slider, and optional controls (transcript, audio descriptions, chapters, playlist,
 * note, favorite, annotate, extras, share, menu, speed, picture-in-picture) in the order they give way: the last one
 * first. What does not fit goes into a "More options" menu, which takes one button's room.
 *
 * In order of preference:
 * 1. one row with everything;
 * 2. one row, the optional controls that fit, the rest in the menu;
 * 3. two rows (the start group above the end group), with the slider if the end group fits with it;
 * 4. two rows without the slider and everything optional in the menu (then the end group may wrap itself:
 *    a player narrower than about ten buttons).
 */
export interface ControlRowMeasure {
  /** The row's content width. */
  available: number;
  /** Gap between two items of the row. */
  gap: number;
  /** Width of the start group's items, gaps between them included. */
  start: number;
  /** Width of the pinned end controls, gaps between them included (not the slider). */
  pinned: number;
  /** The volume slider's width. */
  volume: number;
  /** One control button's width plus a gap (an optional control, or the More button). */
  slot: number;
  /** How many optional controls there are. */
  count: number;
}

export interface ControlRowLayout {
  /** How many optional controls stay in the row (the first ones); the rest are in the More menu. */
  inline: number;
  /** The volume slider is hidden (mute stays). */
  hideVolume: boolean;
  /** The end group goes to a row of its own. */
  wrapped: boolean;
}

/** Room left for optional controls once the fixed parts take theirs; a negative result means they do not fit. */
function fit(room: number, slot: number, count: number): { inline: number; fits: boolean } {
  if (count * slot <= room + 0.01) return { inline: count, fits: true };
  const inline = Math.floor((room - slot + 0.01) / slot);
  return { inline: Math.max(0, inline), fits: inline >= 0 };
}

export function layoutControlRow(m: ControlRowMeasure): ControlRowLayout {
  const withVolume = m.pinned + m.gap + m.volume;
  const oneRow = fit(m.available - m.start - m.gap - withVolume, m.slot, m.count);
  if (oneRow.fits) return { inline: oneRow.inline, hideVolume: false, wrapped: false };
  const ownRow = fit(m.available - withVolume, m.slot, m.count);
  if (ownRow.fits) return { inline: ownRow.inline, hideVolume: false, wrapped: true };
  const noSlider = fit(m.available - m.pinned, m.slot, m.count);
  return { inline: noSlider.inline, hideVolume: true, wrapped: true };
}

/** Layouts are compared to skip a render that would change nothing. */
export const sameLayout = (a: ControlRowLayout, b: ControlRowLayout) =>
  a.inline === b.inline && a.hideVolume === b.hideVolume && a.wrapped === b.wrapped;
