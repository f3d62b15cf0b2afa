import { expect } from '@open-wc/testing';
import {
  parseJsonSliced,
  SLICE_THRESHOLD,
  type SlicedJsonOptions,
  type SlicedJsonStats,
} from '../src/content/sliced-json';

/** mulberry32: the same pseudo-random inputs on every run. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SPACES = [' ', '\t', '\n', '\r'];
const KEYS = ['a', '__proto__', 'constructor', 'toString', '1', '0', 'k"q', 'b\\s', 'é', '', 'a'];
const CHARS = ['a', 'z', ' ', '"', '\\', '/', '\n', '\t', '\u0001', 'é', '😀', '\ud800', ']', '}', ',', ':', '[', '{'];
const NUMBERS = ['0', '-0', '1', '-12', '3.25', '1e308', '-1.5E-10', '2e+3', '123456789012345678901234567890', '0.1'];

/** JSON text of a random value, with random whitespace between tokens and random `\u` escapes in strings. */
function generate(rnd: () => number, depth: number, width: number): string {
  const pick = <T>(list: T[]) => list[Math.floor(rnd() * list.length)];
  const ws = () => (rnd() < 0.3 ? Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => pick(SPACES)).join('') : '');
  const string = (chars: string[]) => {
    let out = '"';
    for (const c of chars) {
      if (rnd() < 0.2) out += `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
      else out += JSON.stringify(c).slice(1, -1);
    }
    return `${out}"`;
  };
  const value = (d: number): string => {
    const r = rnd();
    if (d > 0 && r < 0.3) {
      const n = Math.floor(rnd() * width);
      return `[${ws()}${Array.from({ length: n }, () => `${ws()}${value(d - 1)}${ws()}`).join(',')}]`;
    }
    if (d > 0 && r < 0.6) {
      const n = Math.floor(rnd() * width);
      const member = () => `${ws()}${string([...pick(KEYS)])}${ws()}:${ws()}${value(d - 1)}${ws()}`;
      return `{${ws()}${Array.from({ length: n }, member).join(',')}}`;
    }
    if (r < 0.75) return string(Array.from({ length: Math.floor(rnd() * 12) }, () => pick(CHARS)));
    if (r < 0.9) return pick(NUMBERS);
    return pick(['true', 'false', 'null', '{}', '[]', '{ }', '[\n]']);
  };
  return `${ws()}${value(depth)}${ws()}`;
}

/** A profile-like answer: one collection of `items` items (about 150 characters each). */
function collection(items: number): string {
  const children = Array.from({ length: items }, (_, i) => ({
    code: `A_${i}`,
    layer: 'item',
    file: `f-${i}`,
    labels: { en: `Knee "exercise" guide ${i}`, es: `Guía de ejercicios de rodilla \\ ${i}` },
  }));
  return JSON.stringify({ code: 'root', layer: 'root', children: [{ code: 'C', layer: 'collection', children }] });
}

/** Parses with a counted next task that costs no real time. */
async function sliced(text: string, options: SlicedJsonOptions = {}) {
  const stats: SlicedJsonStats = { tasks: 0, maxTaskChars: 0, scanned: 0 };
  let yields = 0;
  const nextTask = () => {
    yields++;
    return Promise.resolve();
  };
  const value = await parseJsonSliced(text, { nextTask, ...options, stats });
  return { value, stats, yields };
}

/** Equal to JSON.parse's result, in value, key order and prototypes (a `__proto__` member is an own property). */
async function expectSameAsNative(text: string, options: SlicedJsonOptions = {}) {
  const native: unknown = JSON.parse(text);
  const { value, stats } = await sliced(text, options);
  expect(value).to.deep.equal(native);
  expect(JSON.stringify(value)).to.equal(JSON.stringify(native));
  const prototypes = (v: unknown, out: string[] = []): string[] => {
    if (v && typeof v === 'object') {
      out.push(Array.isArray(v) ? 'array' : Object.getPrototypeOf(v) === Object.prototype ? 'object' : 'other');
      for (const key of Object.keys(v)) prototypes((v as Record<string, unknown>)[key], out);
    }
    return out;
  };
  expect(prototypes(value)).to.deep.equal(prototypes(native));
  return stats;
}

describe('sliced JSON parsing (pure, injected time and tasks)', () => {
  it('gives what JSON.parse gives for generated inputs, whatever the size at which containers are split', async () => {
    const rnd = random(0x5eed);
    for (let i = 0; i < 300; i++) {
      const text = generate(rnd, 1 + (i % 6), 2 + (i % 7));
      for (const threshold of [1, 7, 40, 300]) await expectSameAsNative(text, { threshold });
    }
  });

  it('gives what JSON.parse gives for edge inputs', async () => {
    const big = 'x'.repeat(200);
    const nested = (depth: number) => `${'{"a":'.repeat(depth)}${depth}${'}'.repeat(depth)}`;
    const inputs = [
      '{"__proto__":{"polluted":true},"a":[{"__proto__":[1,2]}],"b":"' + big + '"}',
      '{"a":1,"b":["' + big + '"],"a":2,"1":3,"__proto__":4,"__proto__":5}',
      '["\\"","\\\\","\\\\\\"","\\u0022\\u005c","\\ud83d\\ude00","\\ud800","\\/\\b\\f\\n\\r\\t","' + big + '"]',
      '[[],{},[[]],[{}],{"a":{}},{"a":[]},"' + big + '", [ ] , { } ]',
      ' \n\t\r[ 0 , -0 , 1e308 , -1.5E-10 , 123456789012345678901234567890 , true , false , null , "' +
        big +
        '" ] \r\n',
      `[${Array.from({ length: 50 }, (_, i) => `[${'[1,'.repeat(i)}"${big}"${']'.repeat(i)}]`).join(',')}]`,
      `{${Array.from({ length: 50 }, (_, i) => `"k${i % 7}":{"s":"${big}","d":${nested(i)}}`).join(',')}}`,
      // Not containers at the top: parsed at once.
      `"${big}"`,
      `${' '.repeat(300)}1${' '.repeat(300)}`,
    ];
    for (const text of inputs)
      for (const threshold of [1, 16, 100, 1000]) await expectSameAsNative(text, { threshold });
    const proto = (await sliced(inputs[0], { threshold: 1 })).value as Record<string, unknown>;
    expect(Object.hasOwn(proto, '__proto__')).to.equal(true);
    expect(Object.getPrototypeOf(proto)).to.equal(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
  });

  it('throws JSON.parse’s own SyntaxError for malformed input, wherever the fault is', async () => {
    const big = `"${'x'.repeat(100)}"`;
    const faults = [
      `[1,]`,
      `[1 2]`,
      `[1,,2]`,
      `[,1]`,
      `[${big},]`,
      `[${big} ${big}]`,
      `[${big},,${big}]`,
      `{"a":1,}`,
      `{"a" 1}`,
      `{a:1}`,
      `{"a":}`,
      `{"a":1 "b":2}`,
      `{"a":${big},"b"}`,
      `[1}`,
      `{"a":1]`,
      `[${big}`,
      `[${big}]]`,
      `[${big}] x`,
      `[${big}] [1]`,
      `["abc]`,
      `["a\\x"]`,
      `["a\nb"]`,
      `[01]`,
      `[NaN]`,
      `[tru]`,
      `['a']`,
      `[${big}, 1.]`,
      `[${big}, -]`,
      `[${big}, "\\u12"]`,
      `[${big}, {"a":[1,2}]`,
      `[${big}, "a"b]`,
    ].map((fault) => `[${big},${fault},${big}]`);
    faults.push('', '   ', `[${big}`, `${big}]`);
    for (const text of faults) {
      let native: unknown;
      try {
        JSON.parse(text);
      } catch (error) {
        native = error;
      }
      expect(native, text).to.be.instanceOf(SyntaxError);
      for (const threshold of [1, 10, 100]) {
        const error = await sliced(text, { threshold }).catch((e: unknown) => e);
        expect(error, `${text} (${threshold})`).to.be.instanceOf(SyntaxError);
        expect((error as Error).message).to.equal((native as Error).message);
      }
    }
  });

  it('leaves answers under the threshold to one JSON.parse in the same task', async () => {
    const text = collection(100);
    expect(text.length).to.be.below(SLICE_THRESHOLD);
    const { value, stats, yields } = await sliced(text);
    expect(value).to.deep.equal(JSON.parse(text));
    expect(yields).to.equal(0);
    expect(stats.tasks).to.equal(1);
  });

  describe('a 3 MB answer', () => {
    const text = collection(19998);
    const threshold = SLICE_THRESHOLD;

    it('is parsed in many tasks of bounded work (by characters: the clock stands still)', async () => {
      expect(text.length).to.be.above(2.5e6);
      const sliceChars = 100 * 1024;
      const stats = await expectSameAsNative(text, { now: () => 0, sliceChars });
      // Each character is scanned twice and parsed once: three times the text's length, about sliceChars per task.
      expect(stats.tasks).to.be.at.least(Math.floor((3 * text.length) / (sliceChars + threshold)));
      // A task ends after the unit of work that reaches sliceChars; no unit is larger than the threshold (a batch of
      // small members, a run of the first pass).
      expect(stats.maxTaskChars).to.be.at.most(sliceChars + threshold);
    });

    it('yields when the injected clock says the task has taken its time', async () => {
      // A clock that stands still never ends a task (no character limit either).
      expect((await sliced(text, { now: () => 0, sliceChars: Infinity })).yields).to.equal(0);
      // A clock on which each look takes 10 ms: every task ends at its first look, after one unit of work.
      let t = 0;
      const { stats, yields } = await sliced(text, { now: () => (t += 10), sliceMs: 8, sliceChars: Infinity });
      expect(yields).to.be.above(50);
      expect(stats.tasks).to.equal(yields + 1);
      // One run of the first pass, or one batch of members.
      expect(stats.maxTaskChars).to.be.at.most(threshold + threshold / 4);
    });

    it('with the defaults (real clock, a message per yield): JSON.parse’s result, in more than one task', async () => {
      const stats: SlicedJsonStats = { tasks: 0, maxTaskChars: 0, scanned: 0 };
      const value = await parseJsonSliced(text, { stats });
      expect(value).to.deep.equal(JSON.parse(text));
      expect(stats.tasks).to.be.above(1);
      expect(stats.maxTaskChars).to.be.at.most(256 * 1024 + threshold);
    });

    it('stops at its next yield once its signal is aborted', async () => {
      const abort = new AbortController();
      const reason = new DOMException('gone', 'AbortError');
      const nextTask = () => {
        abort.abort(reason);
        return Promise.resolve();
      };
      const error = await parseJsonSliced(text, {
        nextTask,
        now: () => 0,
        sliceChars: 1024,
        signal: abort.signal,
      }).catch((e: unknown) => e);
      expect(error).to.equal(reason);
    });
  });

  // Each pass moves forward over each character once; a run of backslashes before a quote is counted back once more.
  describe('linear time: characters looked at, counted (not timed)', () => {
    it('deep nesting: every level a container to split', async () => {
      // 400 levels, each with a 300-character string beside the next level: every level is over the threshold.
      const depth = 400;
      const text = `${`["${'y'.repeat(300)}",`.repeat(depth)}0${']'.repeat(depth)}`;
      const stats = await expectSameAsNative(text, { threshold: 256 });
      // Two passes, no backslashes.
      expect(stats.scanned).to.be.at.most(2 * text.length);
    });

    it('nesting deeper than the parser walks (2,000 levels) is parsed at once', async () => {
      const text = `${'{"a":['.repeat(1000)}1${']}'.repeat(1000)}`;
      const stats = await expectSameAsNative(text, { threshold: 64 });
      expect(stats.scanned).to.be.at.most(2 * text.length);
    });

    it('many backslashes and escaped quotes', async () => {
      const run = '\\\\'.repeat(200000);
      const quotes = '\\"'.repeat(200000);
      const member = (i: number) => (i % 2 ? `"${run}"` : `{"${quotes}":"${run}\\""}`);
      const text = `[${Array.from({ length: 8 }, (_, i) => member(i)).join(',')}]`;
      for (const threshold of [16, SLICE_THRESHOLD]) {
        const stats = await expectSameAsNative(text, { threshold });
        // Two passes, each looking at a backslash before a quote twice at most.
        expect(stats.scanned).to.be.at.most(4 * text.length);
      }
    });
  });
});
