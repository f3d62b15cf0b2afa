/**
 * The per-player theme: the CSS custom properties the preferences set (colour, scale, text size, caption font and
 * colours), each value checked before it reaches a rule.
 */

/** Scale and text size options, in percent. */
export const SCALE_OPTIONS = [50, 75, 100, 125, 150, 175, 200, 300, 400];

const safeColor = (c: string, fallback = '#364B8C') =>
  /^#[0-9a-f]{3,8}$/i.test(c) ? c : /^[a-z]{3,20}$/i.test(c) ? c : fallback;
/**
 * One name of a font-family list: a name, or a quoted name with balanced quotes (anything else could escape the
 * rule). Each alternative is one character class between anchors, so the check is linear in the name's length. (The
 * whole list in one pattern, `name (, name)*` with spaces allowed in names and around commas, backtracked
 * exponentially: 61 characters of "a ,   a ,   ... !" froze the page for 40 s.)
 */
const FONT_NAME = /^(?:"[\w\s-]+"|'[\w\s-]+'|[\w\s-]+)$/;
/** A font-family list of at most 120 characters: names separated by commas. */
export const isFontList = (f: string) => f.length <= 120 && f.split(',').every((name) => FONT_NAME.test(name.trim()));
const safeFont = (f: string) => (isFontList(f) ? f : 'Arial, Helvetica, sans-serif');
/** Caption font size: a percentage (100% = default) or rem/em; spec range 0.5rem to 4rem. */
const ccScale = (size: string) => {
  const m = /^(\d+(?:\.\d+)?)(%|rem|em)?$/.exec(size.trim());
  if (!m) return 1;
  const n = Number(m[1]);
  const scale = m[2] === '%' || !m[2] ? n / 100 : n;
  return Math.min(4, Math.max(0.5, scale));
};
/** #RRGGBB plus an opacity code (FF, BF, 00) -> #RRGGBBAA. */
const withOpacity = (color: string, opacity: string, fallback: string) => {
  const c = safeColor(color, fallback);
  const hex6 = /^#[0-9a-f]{6}$/i.test(c) ? c : fallback;
  const alpha = /^[0-9a-f]{2}$/i.test(opacity) ? opacity : 'FF';
  return `${hex6}${alpha}`;
};
const safeScale = (n: number) => (SCALE_OPTIONS.includes(n) ? n : 100);

/** Per-instance theme rules from preferences (colour, scale, font size). */
export interface ThemePrefs {
  color: string;
  scale: number;
  fontSize: number;
  ccFontFamily: string;
  ccFontSize: string;
  ccFontColor: string;
  ccFontOpacity: string;
  ccBackgroundColor: string;
  ccBackgroundOpacity: string;
}

export function themeCss(p: ThemePrefs): string {
  return (
    `:host{--ped-color:${safeColor(p.color)};--ped-scale:${safeScale(p.scale) / 100};` +
    `--ped-text-scale:${safeScale(p.fontSize) / 100};` +
    `--ped-cc-font:${safeFont(p.ccFontFamily)};--ped-cc-size:${ccScale(p.ccFontSize)};` +
    `--ped-cc-color:${withOpacity(p.ccFontColor, p.ccFontOpacity, '#FFFFFF')};` +
    `--ped-cc-bg:${withOpacity(p.ccBackgroundColor, p.ccBackgroundOpacity, '#000000')};}`
  );
}
