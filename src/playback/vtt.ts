/** A caption cue: seconds and plain text (no markup is ever rendered as HTML). */
export interface Cue {
  start: number;
  end: number;
  text: string;
}

const TIME = /^(?:(\d+):)?(\d{1,2}):(\d{2})[.,](\d{3})$/;

function seconds(stamp: string): number | undefined {
  const m = TIME.exec(stamp.trim());
  if (!m) return undefined;
  return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4]) / 1000;
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
    const end = seconds(rest.trim().split(/\s+/)[0] ?? '');
    if (start === undefined || end === undefined || end < start) continue;
    const body = lines
      .slice(timingIndex + 1)
      .join('\n')
      .replace(/<[^>]*>/g, '')
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
