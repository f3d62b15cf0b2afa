/**
 * The icon element (an SVG element, not a markup string: CSP-safe), and the few icons the entry's screens
 * show (the menu header's buttons). The player's icons are in ./icons, which only lazy chunks import.
 */
export const HEADER_ICONS = {
  search:
    'M15.5 14h-.8l-.3-.3A6.5 6.5 0 1 0 14 15.5l.3.3v.8l5 5 1.5-1.5-5-5zm-6 0a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9z',
  settings:
    'M19.1 12.9a7 7 0 0 0 0-1.9l2.1-1.6-2-3.4-2.4 1a7 7 0 0 0-1.7-1l-.3-2.5h-4l-.4 2.5a7 7 0 0 0-1.6 1l-2.4-1-2 3.4' +
    'L4.9 11a7 7 0 0 0 0 1.9l-2.1 1.7 2 3.4 2.4-1a7 7 0 0 0 1.6 1l.4 2.5h4l.3-2.5a7 7 0 0 0 1.7-1' +
    'l2.4 1 2-3.4-2.1-1.7zM12 15.5a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7z',
} as const;

/** Decorative: the buttons carry the labels. */
export function SvgIcon({ d }: { d: string }) {
  return (
    <svg className="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={d} />
    </svg>
  );
}
