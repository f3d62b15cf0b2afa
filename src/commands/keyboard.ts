import type { CommandName } from './table';
import { RATE_STEP } from '../playback/rate';
import { TIMING } from '../playback/timing';

/** Player keyboard shortcuts, declared once: key -> command of the command table. */
export const PLAYER_SHORTCUTS = {
  ArrowLeft: { command: 'seekBy', value: -TIMING.seekStepS },
  j: { command: 'seekBy', value: -TIMING.seekLongStepS },
  ArrowRight: { command: 'seekBy', value: TIMING.seekStepS },
  l: { command: 'seekBy', value: TIMING.seekLongStepS },
  ' ': { command: 'togglePlay' },
  k: { command: 'togglePlay' },
  f: { command: 'toggleFullscreen' },
  m: { command: 'toggleMute' },
  ArrowUp: { command: 'changeVolume', value: TIMING.volumeStep },
  ArrowDown: { command: 'changeVolume', value: -TIMING.volumeStep },
  // Shift+. and Shift+, as in YouTube: the characters `>` and `<`.
  '>': { command: 'changePlaybackRate', value: RATE_STEP },
  '<': { command: 'changePlaybackRate', value: -RATE_STEP },
} as const satisfies Record<string, { command: CommandName; value?: number }>;

export type ShortcutAction = (typeof PLAYER_SHORTCUTS)[keyof typeof PLAYER_SHORTCUTS];

/** The shortcut for a key event, if any (letters are case-insensitive; modifier chords are left alone). */
export function shortcutFor(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>,
): ShortcutAction | undefined {
  if (event.ctrlKey || event.metaKey || event.altKey) return undefined;
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  return Object.hasOwn(PLAYER_SHORTCUTS, key) ? PLAYER_SHORTCUTS[key as keyof typeof PLAYER_SHORTCUTS] : undefined;
}
