/**
 * JSON.parse in slices, so that a large provider answer (a 3 MB profile) never holds the main thread in one long task:
 * no Worker (a CDN-hosted player cannot start one on a strict-CSP page) and no eval.
 *
 * A first pass over the character codes (strings skipped by the native search for quotes, a stack of open brackets)
 * finds every object or array of at least `threshold` characters. The second walks those big containers member by
 * member: the members between two big ones go to the native JSON.parse in batches (wrapped in brackets), the big ones
 * are walked the same way, and the containers are rebuilt with own data properties (a member named `__proto__` stays
 * one, as JSON.parse makes it). Each pass moves forward over each character once (a run of backslashes before a quote
 * is counted back once more), whatever the nesting or the escapes: linear time. Between units of work the parse
 * yields to the event loop once `sliceMs` (by `now`) or `sliceChars` characters of work have been spent.
 *
 * The result is always JSON.parse's: text found malformed (by the walk, or by JSON.parse in a piece) is given to one
 * JSON.parse, which throws its own SyntaxError about the whole text (and would parse whatever the walk misjudged).
 * Texts under the threshold, a top-level value that is not a big container, and nesting deeper than MAX_DEPTH are
 * parsed at once. One string is never split.
 */
import { nextTask } from '../core/next-task';

export interface SlicedJsonOptions {
  /** Texts and containers shorter than this (characters) are parsed by one JSON.parse. */
  threshold?: number;
  /** The work of one task: at most this long by `now` (ms) ... */
  sliceMs?: number;
  /** ... and at most about this many characters (each scanned or parsed character counts). */
  sliceChars?: number;
  now?: () => number;
  /** Resolves in a later task of the event loop. */
  nextTask?: () => Promise<void>;
  /** Once aborted, the parse stops at its next yield and rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Filled in as the parse goes. */
  stats?: SlicedJsonStats;
}

export interface SlicedJsonStats {
  /** Tasks the parse ran in (1: it never yielded). */
  tasks: number;
  /** The most work (characters scanned or parsed) done in one task. */
  maxTaskChars: number;
  /** Characters visited by the scanning loops, both passes together. */
  scanned: number;
}

export const SLICE_THRESHOLD = 64 * 1024;
/** The first pass checks its budget after each run of this many characters. */
const SCAN_RUN = 16 * 1024;
/** Deeper nesting is parsed at once: no answer of the provider comes near, and the stack stays small. */
const MAX_DEPTH = 512;

/** What the walk throws on text it finds malformed: the whole text then goes to JSON.parse. */
const MALFORMED = new Error('malformed');

const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const COLON = 58;
const OPEN_BRACE = 123;
const OPEN_BRACKET = 91;
const CLOSE_BRACE = 125;
const CLOSE_BRACKET = 93;
const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;
const own = (target: object, key: string, value: unknown) =>
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });

export async function parseJsonSliced(text: string, options: SlicedJsonOptions = {}): Promise<unknown> {
  const threshold = options.threshold ?? SLICE_THRESHOLD;
  const stats = options.stats ?? { tasks: 1, maxTaskChars: 0, scanned: 0 };
  Object.assign(stats, { tasks: 1, maxTaskChars: 0, scanned: 0 });
  if (text.length < threshold) {
    stats.maxTaskChars = text.length;
    return JSON.parse(text);
  }
  try {
    return await new SlicedParse(text, threshold, options, stats).run();
  } catch (error) {
    if (options.signal?.aborted) throw error;
    // Malformed text (found by the walk, or by JSON.parse in a piece): JSON.parse's own error, about the whole text.
    return JSON.parse(text);
  }
}

class SlicedParse {
  private readonly n: number;
  /** Members parsed by one JSON.parse call: about this many characters. */
  private readonly batchChars: number;
  private readonly sliceMs: number;
  private readonly sliceChars: number;
  private readonly now: () => number;
  private readonly nextTask: () => Promise<void>;
  private readonly signal?: AbortSignal;
  /** Big containers: the index of each opening bracket, to the index of its closing one. */
  private readonly big = new Map<number, number>();
  private taskStart: number;
  /** The work of this task so far: characters parsed, and characters scanned up to `scannedBefore`. */
  private taskChars = 0;
  private scannedBefore = 0;

  constructor(
    private readonly text: string,
    private readonly threshold: number,
    options: SlicedJsonOptions,
    private readonly stats: SlicedJsonStats,
  ) {
    this.n = text.length;
    this.batchChars = Math.max(1, threshold >> 2);
    this.sliceMs = options.sliceMs ?? 8;
    this.sliceChars = options.sliceChars ?? 256 * 1024;
    this.now = options.now ?? (() => performance.now());
    this.nextTask = options.nextTask ?? nextTask;
    this.signal = options.signal;
    this.taskStart = this.now();
  }

  async run(): Promise<unknown> {
    if (!(await this.findBig())) return this.parse(this.text);
    const start = this.space(0);
    const close = this.big.get(start);
    if (close === undefined) return this.parse(this.text);
    if (this.space(close + 1) !== this.n) throw MALFORMED;
    const value = await this.container(start, close);
    this.taskChars += this.stats.scanned - this.scannedBefore;
    this.stats.maxTaskChars = Math.max(this.stats.maxTaskChars, this.taskChars);
    return value;
  }

  /** JSON.parse, counted as work. */
  private parse(text: string): unknown {
    this.taskChars += text.length;
    this.stats.maxTaskChars = Math.max(this.stats.maxTaskChars, this.taskChars);
    return JSON.parse(text);
  }

  /** After a unit of work: the next task once this one has spent its time or its characters. */
  private async spent(): Promise<void> {
    this.taskChars += this.stats.scanned - this.scannedBefore;
    this.scannedBefore = this.stats.scanned;
    if (this.taskChars < this.sliceChars && this.now() - this.taskStart < this.sliceMs) return;
    this.stats.maxTaskChars = Math.max(this.stats.maxTaskChars, this.taskChars);
    await this.nextTask();
    this.stats.tasks++;
    this.signal?.throwIfAborted();
    this.taskStart = this.now();
    this.taskChars = 0;
  }

  /** The first pass: records the big containers; false when nested deeper than MAX_DEPTH. */
  private async findBig(): Promise<boolean> {
    const { text, n, threshold, big } = this;
    const open: number[] = [];
    let counted = 0;
    for (let i = 0, check = SCAN_RUN; i < n;) {
      const c = text.charCodeAt(i);
      if (c === QUOTE) i = this.skipString(i);
      else {
        if (c === OPEN_BRACE || c === OPEN_BRACKET) {
          if (open.push(i) > MAX_DEPTH) return false;
        } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
          const at = open.pop();
          // '}' and ']' are each two code points after their opening bracket.
          if (at === undefined || text.charCodeAt(at) !== c - 2) throw MALFORMED;
          if (i - at >= threshold) big.set(at, i);
        }
        i++;
      }
      if (i >= check) {
        this.stats.scanned += i - counted;
        counted = i;
        await this.spent();
        check = i + SCAN_RUN;
      }
    }
    this.stats.scanned += n - counted;
    if (open.length) throw MALFORMED;
    return true;
  }

  /** The big container from `open` to `close`, its members parsed in batches and its big members walked. */
  private async container(open: number, close: number): Promise<unknown> {
    const { text, big } = this;
    const isObject = text.charCodeAt(open) === OPEN_BRACE;
    const target: Record<string, unknown> | unknown[] = isObject ? {} : [];
    // The members not yet parsed, from the first one's start to the last one's end.
    let batchStart = -1;
    let batchEnd = -1;
    const flush = () => {
      if (batchStart < 0) return;
      const slice = text.slice(batchStart, batchEnd);
      batchStart = -1;
      if (Array.isArray(target)) for (const value of this.parse(`[${slice}]`) as unknown[]) target.push(value);
      else {
        const part = this.parse(`{${slice}}`) as Record<string, unknown>;
        for (const key of Object.keys(part)) own(target, key, part[key]);
      }
    };
    let pos = this.space(open + 1);
    if (pos === close) return target;
    for (;;) {
      const memberStart = pos;
      let keyEnd = pos;
      if (isObject) {
        if (text.charCodeAt(pos) !== QUOTE) throw MALFORMED;
        keyEnd = this.stringEnd(pos);
        pos = this.space(keyEnd);
        if (text.charCodeAt(pos) !== COLON) throw MALFORMED;
        pos = this.space(pos + 1);
      }
      const childClose = big.get(pos);
      let end: number;
      if (childClose !== undefined) {
        flush();
        await this.spent();
        const key = isObject ? (this.parse(text.slice(memberStart, keyEnd)) as string) : '';
        const value = await this.container(pos, childClose);
        if (Array.isArray(target)) target.push(value);
        else own(target, key, value);
        end = childClose + 1;
      } else {
        end = this.valueEnd(pos);
        if (batchStart < 0) batchStart = memberStart;
        batchEnd = end;
        if (batchEnd - batchStart >= this.batchChars) {
          flush();
          await this.spent();
        }
      }
      pos = this.space(end);
      if (pos === close) break;
      if (pos > close || text.charCodeAt(pos) !== COMMA) throw MALFORMED;
      pos = this.space(pos + 1);
    }
    flush();
    await this.spent();
    return target;
  }

  /** The first index from `i` that is not JSON whitespace. */
  private space(i: number): number {
    const { text, n } = this;
    const from = i;
    while (i < n && isSpace(text.charCodeAt(i))) i++;
    this.stats.scanned += i - from;
    return i;
  }

  /** The index after the string that starts at `i` (its opening quote). */
  private stringEnd(i: number): number {
    const end = this.skipString(i);
    this.stats.scanned += end - i;
    return end;
  }

  /**
   * The same, found by the native search for quotes: a quote after an odd run of backslashes is escaped (each run is
   * counted back once, so the work stays linear).
   */
  private skipString(i: number): number {
    const { text } = this;
    for (let from = i + 1; ;) {
      const quote = text.indexOf('"', from);
      if (quote < 0) throw MALFORMED;
      let k = quote - 1;
      while (text.charCodeAt(k) === BACKSLASH) k--;
      this.stats.scanned += quote - 1 - k;
      if ((quote - 1 - k) % 2 === 0) return quote + 1;
      from = quote + 1;
    }
  }

  /** The index after the value (not a big container) that starts at `i`; its content is JSON.parse's to check. */
  private valueEnd(i: number): number {
    const { text, n } = this;
    const from = i;
    const first = text.charCodeAt(i);
    if (first === QUOTE) return this.stringEnd(i);
    if (first === OPEN_BRACE || first === OPEN_BRACKET) {
      let depth = 0;
      for (; i < n; i++) {
        const c = text.charCodeAt(i);
        if (c === QUOTE) i = this.skipString(i) - 1;
        else if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
        else if ((c === CLOSE_BRACE || c === CLOSE_BRACKET) && --depth === 0) {
          this.stats.scanned += i + 1 - from;
          return i + 1;
        }
      }
      throw MALFORMED;
    }
    // A number, true, false or null: up to the next separator.
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === COMMA || c === CLOSE_BRACE || c === CLOSE_BRACKET || isSpace(c)) break;
      i++;
    }
    if (i === from) throw MALFORMED;
    this.stats.scanned += i - from;
    return i;
  }
}
