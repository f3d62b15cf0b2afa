import type { Cue } from '../state/media-types';

export type { Cue };

/**
 * The longest cue text kept (characters, after tags are stripped); the rest of a longer cue is dropped. A cue is
 * a line or two on screen: a provider's megabyte-long cue would only make every caption update slow.
 */
export const MAX_CUE_TEXT = 1000;

const TIME = /^(?:(\d+):)?(\d{1,2}):(\d{2})[.,](\d{3})$/;

function seconds(stamp: string): number | undefined {
  const m = TIME.exec(stamp.trim());
  if (!m) return undefined;
  return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4]) / 1000;
}

/**
 * A cue's text without its tags (`<b>`, `<c.yellow>`, `<00:00:01.000>`: from a `<` to the next `>`), at most `max`
 * characters of it, in one pass: what `body.replace(/<[^>]*>/g, '')` gives, in linear time. (That pattern was
 * quadratic: from each `<` that no `>` follows it ran on to the end of the cue, so a 1.2 MB captions file froze the
 * page for 15 s.) A `<` that no `>` follows is text, and so is everything after it.
 */
export function stripTags(body: string, max = MAX_CUE_TEXT): string {
  let text = '';
  let at = 0;
  while (at < body.length && text.length < max) {
    const open = body.indexOf('<', at);
    const close = open < 0 ? -1 : body.indexOf('>', open);
    text += body.slice(at, Math.min(close < 0 ? body.length : open, at + max - text.length));
    if (close < 0) break;
    at = close + 1;
  }
  return text;
}

/** Parse WebVTT text into cues; malformed blocks are skipped, never thrown on. Tags are stripped. */
export function parseVtt(text: unknown): Cue[] {
  if (typeof text !== 'string' || !/^\uFEFF?WEBVTT/.test(text)) return [];
  const cues: Cue[] = [];
  for (const block of text.replace(/\r\n?/g, '\n').split(/\n{2,}/)) {
    const lines = block.split('\n');
    const timingIndex = lines.findIndex((l) => l.includes('-->'));
    if (timingIndex < 0) continue;
    const [from, rest = ''] = lines[timingIndex].split('-->');
    const start = seconds(from);
    // The end stamp is the first word after the arrow (cue settings follow it).
    const end = seconds(/\S+/.exec(rest)?.[0] ?? '');
    if (start === undefined || end === undefined || end < start) continue;
    const body = stripTags(lines.slice(timingIndex + 1).join('\n'))
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&nbsp;/g, '\u00a0')
      .trim();
    if (body) cues.push({ start, end, text: body });
  }
  return cues.sort((a, b) => a.start - b.start);
}

export function activeCues(cues: readonly Cue[], time: number): string[] {
  const out: string[] = [];
  for (const c of cues) {
    if (c.start > time) break;
    if (time < c.end) out.push(c.text);
  }
  return out;
}
