// @ts-check
/**
 * The search engine behind the embedded index: a client's profile made into search records, indexed with
 * MiniSearch, and answered in the shape of Algolia's search API (the part InstantSearch and
 * `algoliasearch/lite` use). Plain JavaScript with JSDoc types so that the reference provider (Node, no
 * build step) answers its Algolia-compatible endpoint with this very module: both backends return the
 * same hits for the same query. Pure: no DOM, no globals; time is injectable.
 */
import MiniSearch from 'minisearch';
import { FACET_ATTRIBUTES, MAX_QUERY_LENGTH, MAX_RULE_CONTEXTS, MENU_ATTRIBUTE, SEARCH_LANGUAGES } from './fields.js';
import { normalize, queryForms, queryWordsOf, tokenize, WORD, withoutPrefix } from './words.js';

export {
  FACET_ATTRIBUTES,
  MAX_QUERY_LENGTH,
  MAX_RULE_CONTEXTS,
  SEARCH_LANGUAGES,
  titleSortIndex,
  translatedAttribute,
} from './fields.js';
export { highlightedParts, normalize, queryForms, tokenize, withoutPrefix } from './words.js';

const TITLE_SORT = /^(.*)_title_([a-z]{2,3})_asc$/;

const MAX_HITS_PER_PAGE = 1000;
/** Relevant sort: at strictness 100 a sorted hit scores at least half the best score. */
const RELEVANT_FRACTION = 0.5;
const DEFAULT_HITS_PER_PAGE = 20;
const DEFAULT_MAX_FACET_VALUES = 100;

/**
 * @typedef {object} SearchRecord
 * @property {string} objectID the item's playlist code
 * @property {string} code
 * @property {string} [file] thumbnail and media id (absent for slide presentations)
 * @property {string} [collection] the collection or group the item sits in (opens the collection-item route)
 * @property {Record<string, string>} labels
 * @property {string} [label]
 * @property {string[]} topics codes of the libraries, collections and groups above the item
 * @property {'video' | 'presentation'} kind
 * @property {string[]} languages voice-over languages
 * @property {Record<string, boolean>} [translated] per interface language, whether the item has its own title in it
 */

/**
 * A query rule: searches sent its context (`ruleContexts`) get its `userData` in their answer.
 * @typedef {{ context: string, userData: Record<string, unknown> }} QueryRule
 */

/**
 * @typedef {object} ProfileLikeNode
 * @property {string} code
 * @property {string} layer
 * @property {Record<string, unknown>} [labels]
 * @property {string} [label]
 * @property {string} [file]
 * @property {string} [parent]
 * @property {unknown} [languages]
 */

const isText = (/** @type {unknown} */ v) => typeof v === 'string' && v.trim() !== '';

/**
 * Search records from a flattened profile (nodes by code in tree order, each with its first parent): one
 * record per item code (two items playing the same file are two records: the menu shows one tile per file,
 * search finds every playlist). Untrusted data: non-string labels and languages are dropped.
 * @param {{ nodes: Map<string, ProfileLikeNode> }} profile
 * @returns {SearchRecord[]}
 */
export function profileRecords(profile) {
  /** @type {SearchRecord[]} */
  const records = [];
  for (const item of profile.nodes.values()) {
    if (item.layer !== 'item') continue;
    /** @type {Record<string, string>} */
    const labels = {};
    for (const [lang, text] of Object.entries(item.labels ?? {}))
      if (isText(text)) labels[lang] = /** @type {string} */ (text);
    /** @type {string[]} */
    const topics = [];
    const guard = new Set([item.code]);
    let parent = item.parent ? profile.nodes.get(item.parent) : undefined;
    const direct = parent;
    while (parent && parent.layer !== 'root' && !guard.has(parent.code)) {
      guard.add(parent.code);
      topics.unshift(parent.code);
      parent = parent.parent ? profile.nodes.get(parent.parent) : undefined;
    }
    const languages = Array.isArray(item.languages)
      ? [...new Set(item.languages.filter((l) => typeof l === 'string' && /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i.test(l)))]
      : [];
    records.push({
      objectID: item.code,
      code: item.code,
      ...(item.file ? { file: item.file } : {}),
      ...(direct && (direct.layer === 'collection' || direct.layer === 'group') ? { collection: direct.code } : {}),
      labels,
      ...(isText(item.label) ? { label: item.label } : {}),
      topics,
      kind: item.file ? 'video' : 'presentation',
      languages,
      translated: Object.fromEntries(SEARCH_LANGUAGES.map((lang) => [lang, labels[lang] !== undefined])),
    });
  }
  return records;
}

const LABEL_FIELDS = [...SEARCH_LANGUAGES.map((l) => `labels.${l}`), 'label'];

/**
 * @param {SearchRecord} doc
 * @param {string} field
 */
function extractField(doc, field) {
  if (field.startsWith('labels.')) return doc.labels[field.slice(7)];
  return /** @type {any} */ (doc)[field];
}

/**
 * A request's params: Algolia clients send them flattened into the request (v5) or as `params`.
 * @typedef {object} SearchParams
 * @property {string} [query]
 * @property {unknown} [facets]
 * @property {unknown} [facetFilters]
 * @property {number} [page]
 * @property {number} [hitsPerPage]
 * @property {number} [maxValuesPerFacet]
 * @property {string} [highlightPreTag]
 * @property {string} [highlightPostTag]
 * @property {string} [facetQuery]
 * @property {number | string | null} [relevancyStrictness]
 * @property {unknown} [ruleContexts]
 */

/**
 * @typedef {{
 *   value: string,
 *   matchLevel: 'none' | 'partial' | 'full',
 *   matchedWords: string[],
 *   fullyHighlighted?: boolean,
 * }} HighlightResult
 */

/** @param {unknown} value */
const num = (value, fallback = 0) => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? Math.trunc(n) : fallback;
};

/**
 * A request parameter that may come as JSON text (Algolia accepts both): the parsed text, or the text alone when it
 * is not JSON; anything else as it is.
 * @param {unknown} raw
 * @returns {unknown}
 */
function jsonList(raw) {
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw);
  } catch {
    return [raw];
  }
}

/**
 * Parse `facetFilters`: an array of `"attr:value"` strings (AND) whose elements may be arrays (OR); a value
 * starting with `-` negates (`kind:-video`), `\-` is a literal dash (`topics:\-X`), as in Algolia. A JSON
 * string is accepted too.
 * @param {unknown} raw
 * @returns {{ attr: string, value: string, negate: boolean }[][]}
 */
export function parseFacetFilters(raw) {
  const list = jsonList(raw);
  if (!Array.isArray(list)) return [];
  /** @param {unknown} f */
  const one = (f) => {
    if (typeof f !== 'string') return undefined;
    const at = f.indexOf(':');
    if (at <= 0) return undefined;
    let value = f.slice(at + 1);
    let negate = false;
    if (value.startsWith('-')) {
      negate = true;
      value = value.slice(1);
    } else if (value.startsWith('\\-')) value = value.slice(1);
    return { attr: f.slice(0, at), value, negate };
  };
  /** @type {{ attr: string, value: string, negate: boolean }[][]} */
  const out = [];
  for (const entry of list) {
    const group = (Array.isArray(entry) ? entry : [entry]).map(one).filter((f) => f !== undefined);
    if (group.length) out.push(group);
  }
  return out;
}

/**
 * @param {SearchRecord} record
 * @param {string} attr
 * @returns {string[]}
 */
function facetValues(record, attr) {
  if (!(/** @type {readonly string[]} */ (FACET_ATTRIBUTES).includes(attr))) return [];
  const dot = attr.indexOf('.');
  // A boolean facet (`translated.es`) has the values `true` and `false`, as Algolia counts booleans.
  if (dot > 0) return [String(/** @type {any} */ (record)[attr.slice(0, dot)]?.[attr.slice(dot + 1)] === true)];
  const v = /** @type {any} */ (record)[attr];
  return Array.isArray(v) ? v : typeof v === 'string' ? [v] : [];
}

/**
 * A rule context as InstantSearch's query rules name a refined value: `ais-{attribute}-{value}`, every run of
 * characters other than letters, digits, `-` and `_` made one `_`.
 * @param {string} attribute
 * @param {string} value
 */
export const ruleContext = (attribute, value) => `ais-${attribute}-${value}`.replace(/[^a-z0-9-_]+/gi, '_');

/**
 * The index's own rules: a collection (or group) chosen, in the menu select or among the topics, offers the whole
 * collection (`userData` `{ type: 'collection', code }`).
 * @param {SearchRecord[]} records
 * @returns {QueryRule[]}
 */
export function collectionRules(records) {
  const codes = new Set(records.flatMap((r) => (r.collection ? [r.collection] : [])));
  return [...codes].flatMap((code) =>
    [MENU_ATTRIBUTE, 'topics'].map((attr) => ({
      context: ruleContext(attr, code),
      userData: { type: 'collection', code },
    })),
  );
}

/**
 * The rule contexts of a request: the first MAX_RULE_CONTEXTS strings of `ruleContexts` (a JSON string is read too);
 * anything else is none.
 * @param {unknown} raw
 * @returns {string[]}
 */
export function parseRuleContexts(raw) {
  const list = jsonList(raw);
  return Array.isArray(list) ? list.filter((c) => typeof c === 'string').slice(0, MAX_RULE_CONTEXTS) : [];
}

/**
 * Wrap the words of `text` whose normalised form is one of `terms` in the tags.
 * @param {string} text
 * @param {Set<string>} terms document terms that matched
 * @param {string[][]} queryWords each query word's forms (queryForms), the first the word itself
 * @param {string} pre
 * @param {string} post
 * @returns {HighlightResult}
 */
function highlight(text, terms, queryWords, pre, post) {
  /** @type {Set<string>} */
  const matched = new Set();
  const value = text.replace(WORD, (word) => {
    const forms = queryForms(word).filter((t) => terms.has(t));
    if (!forms.length) return word;
    const prefixOf = queryWords.filter((alts) => alts.some((q) => forms.some((n) => n.startsWith(q))));
    // A word matched without a prefix came from a typo-tolerant (fuzzy) term: those are 5 letters or more.
    for (const alts of prefixOf.length ? prefixOf : queryWords.filter((alts) => alts[0].length >= 5))
      matched.add(alts[0]);
    return `${pre}${word}${post}`;
  });
  const words = queryWords.map((alts) => alts[0]).filter((q) => matched.has(q));
  const matchLevel = words.length === 0 ? 'none' : words.length === queryWords.length ? 'full' : 'partial';
  return {
    value,
    matchLevel,
    matchedWords: words,
    fullyHighlighted:
      matchLevel === 'full' && withoutHighlights(value, pre, post).replace(/[^\p{L}\p{N}]/gu, '') === '',
  };
}

const LINE_BREAK = /[\n\r\u2028\u2029]/g;

/**
 * `value` without its highlighted spans: each `pre`, the fewest characters after it up to a `post` (no line break
 * among them), and that `post`, leftmost first. What `value.replace(new RegExp(`${pre}.*?${post}`, 'g'), '')` gives,
 * in linear time: that pattern ran from every `pre` that no `post` follows on to the end of the line, so a provider's
 * label of 80 KB holding the highlight tags took 170 ms, 5 MB minutes (and tags of 32,768 characters or more, which
 * the reference provider takes from a request, made a pattern too large to compile: the search threw). Here each
 * search starts where the last one stopped, or is known to fail: the next `post` and the next line break are searched
 * again only once passed.
 * @param {string} value
 * @param {string} pre
 * @param {string} post
 */
export function withoutHighlights(value, pre, post) {
  if (!pre && !post) return value; // the pattern matches nothing but empty strings
  let out = '';
  let kept = 0; // value[kept...] is not copied yet
  let from = 0; // where the next pre is looked for
  let postAt = -2; // the first post at or after the last place searched (-1: none; -2: not searched yet)
  let breakAt = -2; // the same for a line break
  for (;;) {
    const at = value.indexOf(pre, from);
    if (at < 0) break;
    const inside = at + pre.length;
    if (postAt !== -1 && postAt < inside) postAt = value.indexOf(post, inside);
    if (postAt < 0) break; // no post after this pre, nor after any later one
    if (breakAt !== -1 && breakAt < inside) {
      LINE_BREAK.lastIndex = inside;
      breakAt = LINE_BREAK.exec(value)?.index ?? -1;
    }
    if (breakAt !== -1 && breakAt < postAt) {
      // A line break before the post: no span starts here, nor at any pre that ends before the break.
      from = Math.max(at + 1, breakAt - pre.length + 1);
      continue;
    }
    out += value.slice(kept, at);
    kept = from = postAt + post.length;
  }
  return out + value.slice(kept);
}

/**
 * `text` with each UTF-16 unit as a case-insensitive pattern compares it (RegExp's `i` without `u`: its upper case when
 * that is one unit, but never a non-ASCII unit made ASCII), so that an index in it is an index in `text`.
 * @param {string} text
 */
const caseless = (text) => {
  const upper = text.toUpperCase();
  // The same length, no ı or ſ (whose upper case is ASCII), no surrogates (one by one they stay): the same unit by
  // unit.
  if (upper.length === text.length && !/[\u0131\u017f\ud800-\udfff]/.test(text)) return upper;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const unit = text[i];
    const up = unit.toUpperCase();
    out += up.length === 1 && !(unit.charCodeAt(0) >= 128 && up.charCodeAt(0) < 128) ? up : unit;
  }
  return out;
};

/**
 * `value` with the first occurrence of `query` in any case between the tags: what
 * `value.replace(new RegExp(escapeRegExp(query), 'i'), ...)` gives, by a plain search. (From 32,768 characters
 * on, a query made a pattern too large to compile: the search threw.)
 * @param {string} value
 * @param {string} query
 * @param {string} pre
 * @param {string} post
 */
export function markFirst(value, query, pre, post) {
  const at = caseless(value).indexOf(caseless(query));
  return at < 0
    ? value
    : `${value.slice(0, at)}${pre}${value.slice(at, at + query.length)}${post}${value.slice(at + query.length)}`;
}

/**
 * An index over search records, answering Algolia-shaped requests.
 */
export class SearchIndex {
  /**
   * @param {SearchRecord[]} records
   * @param {{ now?: () => number, rules?: QueryRule[] }} [options] a clock in milliseconds (processing time); the
   *   query rules (by default collectionRules of the records)
   */
  constructor(records, options = {}) {
    this.now = options.now ?? (() => performance.now());
    /** @type {SearchRecord[]} */
    this.records = [];
    /** @type {Map<string, number>} */
    this.order = new Map();
    for (const r of records) {
      if (this.order.has(r.objectID)) continue;
      this.order.set(r.objectID, this.records.length);
      this.records.push(r);
    }
    this.mini = new MiniSearch({
      idField: 'objectID',
      fields: LABEL_FIELDS,
      storeFields: [],
      extractField: /** @type {any} */ (extractField),
      tokenize,
      processTerm: queryForms,
      // Queries come as expressions of words already normalised (match() below).
      searchOptions: { prefix: true, combineWith: 'AND', processTerm: (term) => term || null },
    });
    /** @type {Map<string, Intl.Collator>} */
    this.collators = new Map();
    /** @type {Map<string, QueryRule[]>} */
    this.rules = new Map();
    for (const rule of options.rules ?? collectionRules(this.records))
      this.rules.set(rule.context, [...(this.rules.get(rule.context) ?? []), rule]);
  }

  /**
   * The `userData` of the rules of a request's contexts, in the order of the contexts, each once.
   * @param {unknown} ruleContexts
   */
  userData(ruleContexts) {
    /** @type {Set<string>} */
    const seen = new Set();
    /** @type {Record<string, unknown>[]} */
    const out = [];
    for (const context of parseRuleContexts(ruleContexts)) {
      for (const { userData } of this.rules.get(context) ?? []) {
        const key = JSON.stringify(userData);
        if (seen.has(key)) continue;
        seen.add(key);
        out.push(userData);
      }
    }
    return out;
  }

  /** Index every record at once. */
  build() {
    this.mini.addAll(this.records);
    return this;
  }

  /**
   * Index in chunks, yielding to the page in between (a large catalogue does not freeze the page).
   * @param {number} [chunkSize]
   */
  async buildAsync(chunkSize = 1000) {
    await this.mini.addAllAsync(this.records, { chunkSize });
    return this;
  }

  /** @param {string} id */
  record(id) {
    const i = this.order.get(id);
    return i === undefined ? undefined : this.records[i];
  }

  /**
   * The matching records, best first (tree order for an empty query), with the matched terms.
   * @param {string} query
   * @param {string[][]} [words] its words' forms (queryWordsOf), when the caller has them
   * @returns {{ record: SearchRecord, terms: Set<string>, score: number, at: number }[]}
   */
  match(query, words = queryWordsOf(query.slice(0, MAX_QUERY_LENGTH))) {
    if (!query.slice(0, MAX_QUERY_LENGTH).trim())
      return this.records.map((record, at) => ({ record, terms: new Set(), score: 0, at }));
    // Every word must match (AND). Typo tolerance from five letters, counted without an Arabic article.
    if (!words.length) return [];
    const options = { fuzzy: (/** @type {string} */ term) => (withoutPrefix(term).length >= 5 ? 1 : false) };
    /** @type {Map<string, { score: number, terms: Set<string> }>} */
    let hits;
    if (words.every((alts) => alts.length === 1)) {
      hits = new Map();
      for (const r of this.mini.search(
        /** @type {any} */ ({ combineWith: 'AND', queries: words.map((alts) => alts[0]) }),
        options,
      ))
        hits.set(String(r.id), { score: r.score, terms: new Set(r.terms) });
    } else {
      // A word with an Arabic article matches in either form, scored by one form only: its form without the article
      // when that matched (a label with the article written the same way is worth no more than one without it),
      // else its full form (a word that only looks prefixed); then AND over the words.
      hits = this.eitherForm(words[0], options);
      for (const alts of words.slice(1)) {
        const next = this.eitherForm(alts, options);
        for (const [id, hit] of hits) {
          const other = next.get(id);
          if (!other) hits.delete(id);
          else hits.set(id, { score: hit.score + other.score, terms: new Set([...hit.terms, ...other.terms]) });
        }
      }
    }
    /** @type {{ record: SearchRecord, terms: Set<string>, score: number, at: number }[]} */
    const out = [];
    for (const [id, { score, terms }] of hits) {
      const i = this.order.get(id);
      if (i === undefined) continue;
      out.push({ record: this.records[i], terms, score, at: i });
    }
    // Equal scores keep tree order: the same answer every time, on every backend.
    out.sort((a, b) => b.score - a.score || a.at - b.at);
    return out;
  }

  /**
   * The records matching one query word in any of its forms (queryForms: full, then without the article), each
   * scored by its last matching form, with every matched term.
   * @param {string[]} forms
   * @param {object} options
   */
  eitherForm(forms, options) {
    /** @type {Map<string, { score: number, terms: Set<string> }>} */
    const hits = new Map();
    for (const form of forms) {
      for (const r of this.mini.search(form, options)) {
        const id = String(r.id);
        hits.set(id, { score: r.score, terms: new Set([...(hits.get(id)?.terms ?? []), ...r.terms]) });
      }
    }
    return hits;
  }

  /** @param {string} lang */
  collator(lang) {
    let c = this.collators.get(lang);
    if (!c) {
      try {
        c = new Intl.Collator(lang, { sensitivity: 'base', numeric: true });
      } catch {
        c = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
      }
      this.collators.set(lang, c);
    }
    return c;
  }

  /**
   * Answer one request of Algolia's multi-query call.
   * @param {string} indexName
   * @param {SearchParams} params
   */
  answer(indexName, params = {}) {
    const started = this.now();
    const query = typeof params.query === 'string' ? params.query.slice(0, MAX_QUERY_LENGTH) : '';
    const queryWords = queryWordsOf(query);
    const filters = parseFacetFilters(params.facetFilters);
    let matches = this.match(query, queryWords);
    if (filters.length) {
      matches = matches.filter(({ record }) =>
        filters.every((group) =>
          group.some((f) => {
            const has = facetValues(record, f.attr).includes(f.value);
            return f.negate ? !has : has;
          }),
        ),
      );
    }
    const allCount = matches.length;
    /** Facets count every filtered hit, sorted or not. */
    const counted = matches;
    const sort = TITLE_SORT.exec(indexName);
    /** @type {number | undefined} */
    let strictness;
    let nbSortedHits = matches.length;
    if (sort) {
      // The title replicas are virtual replicas (Algolia's relevant sort): with a relevancy strictness above 0
      // (100 by default) only the hits scoring at least half the best one's score, times the strictness, are
      // sorted and shown; 0 sorts them all.
      const raw = params.relevancyStrictness;
      const applied = raw === undefined || raw === null ? 100 : Math.max(0, Math.min(100, num(raw, 100)));
      strictness = applied;
      const best = matches.reduce((m, x) => Math.max(m, x.score), 0);
      if (applied > 0 && best > 0)
        matches = matches.filter((x) => x.score >= best * RELEVANT_FRACTION * (applied / 100));
      nbSortedHits = matches.length;
      const lang = sort[2];
      const collator = this.collator(lang);
      const title = (/** @type {SearchRecord} */ r) => r.labels[lang] ?? r.label ?? r.labels.en ?? '';
      matches = [...matches].sort(
        (a, b) =>
          collator.compare(title(a.record), title(b.record)) ||
          (this.order.get(a.record.objectID) ?? 0) - (this.order.get(b.record.objectID) ?? 0),
      );
    }

    // Facet counts over the filtered hits.
    const rawFacets =
      typeof params.facets === 'string'
        ? [params.facets]
        : Array.isArray(params.facets)
          ? params.facets.filter((f) => typeof f === 'string')
          : [];
    const wanted = rawFacets.includes('*')
      ? [...FACET_ATTRIBUTES]
      : rawFacets.filter((f) => /** @type {readonly string[]} */ (FACET_ATTRIBUTES).includes(f));
    const maxValues = Math.max(1, Math.min(1000, num(params.maxValuesPerFacet, DEFAULT_MAX_FACET_VALUES)));
    /** @type {Record<string, Record<string, number>>} */
    const facets = {};
    for (const attr of wanted) {
      /** @type {Map<string, number>} */
      const counts = new Map();
      for (const { record } of counted)
        for (const v of facetValues(record, attr)) counts.set(v, (counts.get(v) ?? 0) + 1);
      const sorted = [...counts]
        .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
        .slice(0, maxValues);
      facets[attr] = Object.fromEntries(sorted);
    }

    const hitsPerPage = Math.max(0, Math.min(MAX_HITS_PER_PAGE, num(params.hitsPerPage, DEFAULT_HITS_PER_PAGE)));
    const page = Math.max(0, num(params.page, 0));
    const nbHits = sort ? allCount : matches.length;
    const nbPages = hitsPerPage > 0 ? Math.ceil(matches.length / hitsPerPage) : 0;
    const pre = typeof params.highlightPreTag === 'string' ? params.highlightPreTag : '<em>';
    const post = typeof params.highlightPostTag === 'string' ? params.highlightPostTag : '</em>';
    const hits = matches.slice(page * hitsPerPage, page * hitsPerPage + hitsPerPage).map(({ record, terms }) => {
      /** @type {Record<string, HighlightResult>} */
      const labels = {};
      for (const [lang, text] of Object.entries(record.labels))
        labels[lang] = highlight(text, terms, queryWords, pre, post);
      /** @type {{ labels: Record<string, HighlightResult>, label?: HighlightResult }} */
      const highlightResult = { labels };
      if (record.label !== undefined) highlightResult.label = highlight(record.label, terms, queryWords, pre, post);
      return { ...record, _highlightResult: highlightResult };
    });
    const userData = this.userData(params.ruleContexts);
    return {
      hits,
      nbHits,
      page,
      nbPages,
      hitsPerPage,
      facets,
      exhaustiveFacetsCount: true,
      exhaustiveNbHits: true,
      exhaustive: { facetsCount: true, nbHits: true },
      query,
      params: '',
      index: indexName,
      ...(sort ? { appliedRelevancyStrictness: strictness, nbSortedHits } : {}),
      ...(userData.length ? { userData } : {}),
      processingTimeMS: Math.max(0, Math.round(this.now() - started)),
    };
  }

  /**
   * Answer a search for facet values (a searchable refinement list).
   * @param {string} indexName
   * @param {string} facet
   * @param {SearchParams} params
   */
  answerFacetValues(indexName, facet, params = {}) {
    const started = this.now();
    const answer = this.answer(indexName, { ...params, facets: [facet], hitsPerPage: 0, maxValuesPerFacet: 1000 });
    const fq = normalize(typeof params.facetQuery === 'string' ? params.facetQuery : '');
    const pre = typeof params.highlightPreTag === 'string' ? params.highlightPreTag : '<em>';
    const post = typeof params.highlightPostTag === 'string' ? params.highlightPostTag : '</em>';
    const facetHits = Object.entries(answer.facets[facet] ?? {})
      .filter(([value]) => normalize(value).includes(fq))
      .slice(0, Math.max(1, Math.min(100, num(params.maxValuesPerFacet, 10))))
      .map(([value, count]) => ({ value, count, highlighted: fq ? markFirst(value, fq, pre, post) : value }));
    return { facetHits, exhaustiveFacetsCount: true, processingTimeMS: Math.max(0, Math.round(this.now() - started)) };
  }

  /**
   * Algolia's multi-query call: `{ requests: [{ indexName, params | ...flattened params, type? }] }`.
   * @param {unknown} requests
   */
  multiSearch(requests) {
    const list = Array.isArray(requests) ? requests : [];
    return {
      results: list.map((raw) => {
        const req = raw && typeof raw === 'object' ? /** @type {Record<string, unknown>} */ (raw) : {};
        const indexName = typeof req.indexName === 'string' ? req.indexName : '';
        const params = { ...decodeParams(req.params), ...req };
        if (req.type === 'facet' && typeof req.facet === 'string')
          return this.answerFacetValues(indexName, req.facet, /** @type {SearchParams} */ (params));
        return this.answer(indexName, /** @type {SearchParams} */ (params));
      }),
    };
  }
}

/**
 * Legacy clients send `params` as a URL-encoded string; InstantSearch's own requests carry an object.
 * @param {unknown} params
 * @returns {Record<string, unknown>}
 */
function decodeParams(params) {
  if (params && typeof params === 'object') return /** @type {Record<string, unknown>} */ (params);
  if (typeof params !== 'string') return {};
  /** @type {Record<string, unknown>} */
  const out = {};
  for (const [k, v] of new URLSearchParams(params)) {
    try {
      out[k] = JSON.parse(v);
    } catch {
      out[k] = v;
    }
  }
  return out;
}
