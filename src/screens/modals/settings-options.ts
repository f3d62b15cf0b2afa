/**
 * The settings screens' choices, declared once: the screens, their tests and the docs
 * read them from here.
 */
import type { I18n } from '@lingui/core';
import { SCALE_OPTIONS } from '../../preferences/theme';
import { PLAYER_SHORTCUTS } from '../../commands/keyboard';

/** Text size / scale options, in percent. */
export const TEXT_SIZES = SCALE_OPTIONS;

/** Caption font families: the default Arial family first; each a CSS font-family list. */
export const CAPTION_FONTS = [
  { value: 'Arial, Helvetica, sans-serif', label: 'Arial' },
  { value: 'Verdana, Geneva, sans-serif', label: 'Verdana' },
  { value: 'Georgia, "Times New Roman", serif', label: 'Georgia' },
  { value: '"Times New Roman", Times, serif', label: 'Times New Roman' },
  { value: '"Courier New", Courier, monospace', label: 'Courier New' },
  { value: '"Trebuchet MS", Helvetica, sans-serif', label: 'Trebuchet MS' },
] as const;

/** Caption font sizes, stored as a percentage of the default (100% = 1rem): 0.5rem to 4rem. */
export const CAPTION_SIZES = ['50%', '75%', '100%', '125%', '150%', '200%', '300%', '400%'] as const;

/** Opacity codes (the alpha byte appended to the colour). */
export const OPACITIES = [
  { value: 'FF', percent: 100 },
  { value: 'BF', percent: 75 },
  { value: '00', percent: 0 },
] as const;

/** Caption colours, with their translated names. */
export const CAPTION_COLORS = [
  { value: '#FFFFFF', name: 'white' },
  { value: '#FFFF00', name: 'yellow' },
  { value: '#00FF00', name: 'green' },
  { value: '#00FFFF', name: 'cyan' },
  { value: '#0000FF', name: 'blue' },
  { value: '#FF00FF', name: 'magenta' },
  { value: '#FF0000', name: 'red' },
  { value: '#000000', name: 'black' },
  { value: '#FFA500', name: 'orange' },
  { value: '#800080', name: 'purple' },
] as const;

export type ColorName = (typeof CAPTION_COLORS)[number]['name'];

export function colorLabel(i18n: I18n, name: ColorName): string {
  switch (name) {
    case 'white':
      return i18n._({ id: 'color.white', message: 'White' });
    case 'yellow':
      return i18n._({ id: 'color.yellow', message: 'Yellow' });
    case 'green':
      return i18n._({ id: 'color.green', message: 'Green' });
    case 'cyan':
      return i18n._({ id: 'color.cyan', message: 'Cyan' });
    case 'blue':
      return i18n._({ id: 'color.blue', message: 'Blue' });
    case 'magenta':
      return i18n._({ id: 'color.magenta', message: 'Magenta' });
    case 'red':
      return i18n._({ id: 'color.red', message: 'Red' });
    case 'black':
      return i18n._({ id: 'color.black', message: 'Black' });
    case 'orange':
      return i18n._({ id: 'color.orange', message: 'Orange' });
    case 'purple':
      return i18n._({ id: 'color.purple', message: 'Purple' });
  }
}

export { languageName } from '../../i18n/language-names';

/** The Speed setting's choices, as the `speed` preference stores them (percent): 0.5x to 2x in steps of 0.25. */
export const SPEEDS = [50, 75, 100, 125, 150, 175, 200] as const;

/** A playback rate in words: "Normal" for 1, else the rate with a times sign ("1.25×", "0,75×"). */
export const rateLabel = (i18n: I18n, rate: number): string =>
  rate === 1
    ? i18n._({ id: 'speed.normal', message: 'Normal' })
    : i18n._({ id: 'speed.rate', message: '{rate}×', values: { rate: i18n.number(rate) } });

type Shortcut = (typeof PLAYER_SHORTCUTS)[keyof typeof PLAYER_SHORTCUTS];

/** What a shortcut does, in words (from the shortcut table's command and value). */
export function shortcutAction(i18n: I18n, action: Shortcut): string {
  const value = 'value' in action ? action.value : 0;
  switch (action.command) {
    case 'seekBy':
      return value < 0
        ? i18n._({ id: 'shortcut.back', message: 'Back {seconds} seconds', values: { seconds: -value } })
        : i18n._({ id: 'shortcut.forward', message: 'Forward {seconds} seconds', values: { seconds: value } });
    case 'togglePlay':
      return i18n._({ id: 'shortcut.playPause', message: 'Play or pause' });
    case 'toggleFullscreen':
      return i18n._({ id: 'shortcut.fullscreen', message: 'Full screen on or off' });
    case 'toggleMute':
      return i18n._({ id: 'shortcut.mute', message: 'Mute or unmute' });
    case 'changeVolume':
      return value < 0
        ? i18n._({
            id: 'shortcut.volumeDown',
            message: 'Volume down {percent}%',
            values: { percent: Math.round(-value * 100) },
          })
        : i18n._({
            id: 'shortcut.volumeUp',
            message: 'Volume up {percent}%',
            values: { percent: Math.round(value * 100) },
          });
    case 'changePlaybackRate':
      return value < 0
        ? i18n._({ id: 'shortcut.slower', message: 'Slower' })
        : i18n._({ id: 'shortcut.faster', message: 'Faster' });
  }
}

/** A key's name as shown on a key cap, and its spoken name. */
export function keyName(i18n: I18n, key: string): { cap: string; spoken: string } {
  switch (key) {
    case 'ArrowLeft':
      return { cap: '←', spoken: i18n._({ id: 'key.left', message: 'Left arrow' }) };
    case 'ArrowRight':
      return { cap: '→', spoken: i18n._({ id: 'key.right', message: 'Right arrow' }) };
    case 'ArrowUp':
      return { cap: '↑', spoken: i18n._({ id: 'key.up', message: 'Up arrow' }) };
    case 'ArrowDown':
      return { cap: '↓', spoken: i18n._({ id: 'key.down', message: 'Down arrow' }) };
    case ' ': {
      const space = i18n._({ id: 'key.space', message: 'Space' });
      return { cap: space, spoken: space };
    }
    default:
      return { cap: key.toUpperCase(), spoken: key.toUpperCase() };
  }
}

/** The shortcut table grouped by action: one row per action, with every key that does it. */
export function shortcutRows(): { keys: string[]; action: Shortcut }[] {
  const rows: { keys: string[]; action: Shortcut }[] = [];
  for (const [key, action] of Object.entries(PLAYER_SHORTCUTS) as [string, Shortcut][]) {
    const same = rows.find((r) => JSON.stringify(r.action) === JSON.stringify(action));
    if (same) same.keys.push(key);
    else rows.push({ keys: [key], action });
  }
  return rows;
}
