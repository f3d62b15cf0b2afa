/** The search dialog's icons (search, clear, microphone): inline SVG paths, drawn in the text colour. */
export const ICONS = {
  search:
    'M15.5 14h-.8l-.3-.3A6.5 6.5 0 1 0 14 15.5l.3.3v.8l5 5 1.5-1.5-5-5zm-6 0a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9z',
  clear: 'M19 6.4 17.6 5 12 10.6 6.4 5 5 6.4 10.6 12 5 17.6 6.4 19 12 13.4l5.6 5.6 1.4-1.4-5.6-5.6z',
  mic:
    'M12 14a3 3 0 0 0 3-3V5a3 3 0 0 0-6 0v6a3 3 0 0 0 3 3z' +
    'm5.3-3a5.3 5.3 0 0 1-10.6 0H5a7 7 0 0 0 6 6.9V21h2v-3.1a7 7 0 0 0 6-6.9z',
  micOff:
    'M19 11h-1.7a5 5 0 0 1-.7 2.6l1.2 1.2A7 7 0 0 0 19 11zm-4 .2V5a3 3 0 0 0-6-.2z' +
    'M4.3 3 3 4.3l6 6V11a3 3 0 0 0 4.2 2.8l1.7 1.6A5.3 5.3 0 0 1 6.7 11H5a7 7 0 0 0 6 6.9V21h2v-3.1a7 7 0 0 0 3.2-1.2' +
    'l3.5 3.6 1.3-1.3z',
} as const;

export function Icon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={d} />
    </svg>
  );
}
