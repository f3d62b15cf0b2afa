// Rollup plugin: the two array functions that old libraries on clinics' pages replace in a way no code expects are
// every chunk's own, never the page's.
//
// Prototype.js (Magento 1, old Rails and CMS sites) sets `Array.from = $A`, which turns a Set or a Map into
// `[]`, and `Array.prototype.entries` to a copy of the array's values (not `[index, value]` pairs); MooTools 1.3+
// (Joomla 3 templates) replaces `Array.from` with one that wraps what has no length (`[iterator]`). Neither calls a
// mapping function. The player's chunks call both, in their own code and their libraries' (the search engine walks its
// index with `Array.from(map.keys())`, InstantSearch and Fabric spread Sets and Maps through Babel's helpers, Fabric's
// undo reads `results.entries()`): on a MooTools page the search dialog never answered, on a Prototype.js page undo
// threw and left the drawing empty (test/embedding.test.ts, which fails without this plugin). Here, before the
// minifier: in each chunk, every `Array.from` reads the chunk's own copy of the standard function, and every
// `x.entries()` call goes through one that walks an array itself and leaves any other `x` (a Map, a Set, a
// URLSearchParams, a class of the chunk's) to its own method. Their other replacements of built-ins behave as the
// standard ones for the calls the player makes (the tests play, search and annotate on such pages).
import MagicString from 'magic-string';
import { walk } from './estree-walk.mjs';

const OWN_ARRAY_FROM = '__pedArrayFrom';
const OWN_ENTRIES = '__pedEntries';

/**
 * The standard `Array.from(items, map)`: an iterable's values, else an array-like's (`{ length }`), mapped. No
 * `thisArg`: the build fails on a call that passes one. Null or undefined: an empty array (the standard throws).
 */
const ARRAY_FROM =
  `const ${OWN_ARRAY_FROM} = (items, map) => {\n` +
  `  const out = [];\n` +
  `  if (items?.[Symbol.iterator]) for (const item of items) out.push(item);\n` +
  `  else for (let i = 0, n = Object(items).length >>> 0; i < n; i++) out.push(items[i]);\n` +
  `  return map ? out.map(map) : out;\n` +
  `};\n`;

/** `x.entries()`: an array's `[index, value]` pairs, walked here; anything else's own `entries()`. */
const ENTRIES =
  `const ${OWN_ENTRIES} = (x) =>\n` +
  `  Array.isArray(x)\n` +
  `    ? (function* () {\n` +
  `        for (let i = 0; i < x.length; i++) yield [i, x[i]];\n` +
  `      })()\n` +
  `    : x.entries();\n`;

const member = (node, object, property) =>
  node?.type === 'MemberExpression' &&
  !node.computed &&
  !node.optional &&
  (object === undefined || (node.object.type === 'Identifier' && node.object.name === object)) &&
  node.property.type === 'Identifier' &&
  node.property.name === property;

export default function ownArrayNatives() {
  return {
    name: 'own-array-natives',
    renderChunk(code) {
      if (!code.includes('Array.from') && !code.includes('.entries()')) return null;
      const out = new MagicString(code);
      const used = new Set();
      walk(this.parse(code), (node) => {
        if (node.type === 'CallExpression' && member(node.callee, 'Array', 'from') && node.arguments.length > 2)
          this.error(`Array.from with a thisArg (the chunk's own copy takes two): ${code.slice(node.start, node.end)}`);
        if (member(node, 'Array', 'from')) {
          out.overwrite(node.start, node.end, OWN_ARRAY_FROM, { contentOnly: true });
          used.add(ARRAY_FROM);
        } else if (
          node.type === 'CallExpression' &&
          !node.optional &&
          node.arguments.length === 0 &&
          member(node.callee, undefined, 'entries') &&
          node.callee.object.type !== 'Super'
        ) {
          // `x.entries()` -> `__pedEntries(x)`: `x` is evaluated once, as before.
          out.prependLeft(node.callee.object.start, `${OWN_ENTRIES}(`);
          out.overwrite(node.callee.object.end, node.end, ')');
          used.add(ENTRIES);
        }
      });
      if (!used.size) return null;
      out.prepend([...used].join(''));
      return { code: out.toString(), map: out.generateMap({ hires: true }) };
    },
  };
}
