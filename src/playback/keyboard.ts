import { TIMING } from './timing';

/** Player keyboard shortcuts (spec section 9), declared once: key -> action. */
export const PLAYER_SHORTCUTS = {
  ArrowLeft: { action: 'seekBy', value: -TIMING.seekStepS },
  j: { action: 'seekBy', value: -TIMING.seekLongStepS },
  ArrowRight: { action: 'seekBy', value: TIMING.seekStepS },
  l: { action: 'seekBy', value: TIMING.seekLongStepS },
  ' ': { action: 'toggle' },
  k: { action: 'toggle' },
  f: { action: 'fullscreen' },
  m: { action: 'toggleMute' },
  ArrowUp: { action: 'changeVolume', value: TIMING.volumeStep },
  ArrowDown: { action: 'changeVolume', value: -TIMING.volumeStep },
} as const;

export type ShortcutAction = (typeof PLAYER_SHORTCUTS)[keyof typeof PLAYER_SHORTCUTS];

/** The shortcut for a key event, if any (letters are case-insensitive; modifier chords are left alone). */
export function shortcutFor(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>): ShortcutAction | undefined {
  if (event.ctrlKey || event.metaKey || event.altKey) return undefined;
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  return Object.hasOwn(PLAYER_SHORTCUTS, key) ? PLAYER_SHORTCUTS[key as keyof typeof PLAYER_SHORTCUTS] : undefined;
}
