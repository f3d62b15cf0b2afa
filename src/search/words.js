// @ts-check
/**
 * Words as search sees them, the same in the search engine (./engine.js), the dialog (./search-hits.tsx) and the
 * reference provider: what a word is, how words fold (case, accents, Arabic letters and article), and which words of
 * a shown title a search matched. Plain JavaScript without dependencies (no index here: the dialog of a hosted
 * search loads this and not the engine).
 */
import { MAX_QUERY_LENGTH } from './fields.js';

/**
 * Lower case, accents stripped ('Guía' and 'guia' match). For Arabic the marks are the vowel signs and the hamza
 * on alef (أ إ آ are ا), and the spellings people type for one another are folded: final ى as ي, ة as ه, and the
 * tatweel (ـ, a stretch of the line) is dropped.
 */
export const normalize = (/** @type {string} */ text) =>
  text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[\u0640\u0649\u0629]/g, (c) => ARABIC_FOLD[c]);
/** @type {Record<string, string>} */
const ARABIC_FOLD = { '\u0640': '', '\u0649': '\u064a', '\u0629': '\u0647' };

/**
 * Arabic prefixes written onto the word: the article ال and the article with a preposition or conjunction before
 * it (وال بال كال فال) or its contraction after ل (لل). Longest first.
 */
const ARABIC_PREFIXES = [
  '\u0648\u0627\u0644',
  '\u0628\u0627\u0644',
  '\u0643\u0627\u0644',
  '\u0641\u0627\u0644',
  '\u0627\u0644',
  '\u0644\u0644',
];

/**
 * A normalised word without its Arabic article prefix ('للركبه' and 'الركبه' are 'ركبه'), when enough letters are
 * left for a word: two after ال or لل (ألم, pain, stays itself), three after وال بال كال فال (والده, mother, and
 * بالون, balloon, stay themselves). Other words as they are. A word that only looks prefixed is still found: it
 * is indexed and searched in its full form too.
 * @param {string} word normalised
 */
export const withoutPrefix = (word) => {
  // Every prefix starts with one of these letters (و ب ك ف ا ل): other words are left at once.
  if (!/^[\u0648\u0628\u0643\u0641\u0627\u0644]/.test(word)) return word;
  for (const p of ARABIC_PREFIXES)
    if (word.startsWith(p) && word.length - p.length >= (p.length === 3 ? 3 : 2)) return word.slice(p.length);
  return word;
};

/**
 * A word's forms, the same for a label's words (what is indexed) and the query's (either form matching): normalised,
 * and also without its Arabic prefix when it has one. So 'الركبة' finds 'للركبة', 'والدة' still finds 'الوالدة',
 * and typing 'الر' still finds 'الركبة' letter by letter. None for a word that normalises to nothing.
 * @param {string} word
 * @returns {string[]}
 */
export const queryForms = (word) => {
  const n = normalize(word);
  const bare = withoutPrefix(n);
  return !n ? [] : bare === n ? [n] : [n, bare];
};

/** @param {string} query its words' forms (queryForms), words without any left out */
export const queryWordsOf = (query) => (query.match(WORD) ?? []).map(queryForms).filter((alts) => alts.length > 0);

export const WORD = /[\p{L}\p{M}\p{N}]+/gu;
const ASCII_WORD = /^[a-z0-9]+$/i;
/** Words are runs of letters and digits (markup or symbols in a label never glue words together). */
export const tokenize = (/** @type {string} */ text) => text.match(WORD) ?? [];

/**
 * A node of a tree of words by UTF-16 unit: whether a word ends here, and the units that go on.
 * @typedef {{ end: boolean, next: Map<number, PrefixNode> }} PrefixNode
 */
/** @returns {PrefixNode} */
const prefixNode = () => ({ end: false, next: new Map() });

/**
 * `text` in parts, each word marked where a search for `query` matched it: one of its forms (queryForms) starts with
 * a form of one of the query's words (a prefix match, as the index matches), or is the form of one of `matched` (the
 * words a hit's answer marked: those a typo-tolerant match found too). Folded as matching folds. For a title shown in
 * place of the one the answer highlighted (the account's own name for an item). Linear in `text`: each word is walked
 * once down a tree of the query's forms.
 * @param {string} text
 * @param {string} query
 * @param {Iterable<string>} [matched]
 * @returns {{ value: string, isHighlighted: boolean }[]}
 */
export function highlightedParts(text, query, matched = []) {
  // The query's forms as a tree by UTF-16 unit: a word starts with one where its walk down the tree meets an end.
  const root = prefixNode();
  for (const form of queryWordsOf(query.slice(0, MAX_QUERY_LENGTH)).flat()) {
    let node = root;
    for (let i = 0; i < form.length; i++) {
      const unit = form.charCodeAt(i);
      let next = node.next.get(unit);
      if (!next) node.next.set(unit, (next = prefixNode()));
      node = next;
    }
    node.end = true;
  }
  /** @type {Set<string>} */
  const known = new Set();
  for (const words of matched) for (const word of tokenize(words)) for (const f of queryForms(word)) known.add(f);
  const hit = (/** @type {string} */ form) => {
    if (known.has(form)) return true;
    let node = root;
    for (let i = 0; i < form.length; i++) {
      const next = node.next.get(form.charCodeAt(i));
      if (!next) return false;
      if (next.end) return true;
      node = next;
    }
    return false;
  };
  // A word of ASCII letters and digits only is its own lower case (nothing to fold): most words, at once.
  const marks = (/** @type {string} */ word) =>
    ASCII_WORD.test(word) ? hit(word.toLowerCase()) : queryForms(word).some(hit);
  /** @type {{ value: string, isHighlighted: boolean }[]} */
  const parts = [];
  let kept = 0; // text[kept...] is not in a part yet
  if (root.next.size || known.size) {
    for (const m of text.matchAll(WORD)) {
      if (!marks(m[0])) continue;
      if (m.index > kept) parts.push({ value: text.slice(kept, m.index), isHighlighted: false });
      parts.push({ value: m[0], isHighlighted: true });
      kept = m.index + m[0].length;
    }
  }
  if (kept < text.length) parts.push({ value: text.slice(kept), isHighlighted: false });
  return parts;
}
