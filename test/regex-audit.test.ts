/**
 * Issue 22, point 1: every regular expression that sees outside input (attributes and the page's query, postMessage
 * commands, provider answers, stored preferences, share links, requests to the reference provider), fed the input
 * its pattern likes least (long runs of what the quantifiers take, ending where the match must fail) at the longest
 * length its caller lets through, must finish within a time bound. A pattern that backtracks more than linearly
 * fails here: each case runs at lengths growing fourfold up to its limit, so such a pattern is caught on a short one
 * (in well under a second) rather than freezing the run on the longest.
 *
 * A new regex that sees outside input is one more line in a table: where it is, its input, the limit, the worst input.
 */
import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { contextMenuAllowed } from '../src/app/embed-options';
import { builtFiles } from '../src/core/built-files';
import { screenshotName } from '../src/annotation/rules';
import { validateArgs } from '../src/commands/table';
import { MAX_BODY_BYTES, parseTimeout } from '../src/content/http';
import { freshFor } from '../src/content/shared-requests';
import { normaliseHyperlink, normalisePlaylist } from '../src/content/normalise-playlist';
import { ProviderApi, resolveHosts } from '../src/content/provider';
import { readShareLink, SHARE_PARAMS } from '../src/content/share-link';
import { isFontList, themeCss, type ThemePrefs } from '../src/preferences/theme';
import { parseOrigins } from '../src/element/transports/post-message';
import { MAX_CUE_TEXT, parseVtt, stripTags } from '../src/playback/vtt';
import { STORAGE_KEY, STORAGE_VERSION, STORAGE_VERSION_KEY } from '../src/preferences/defaults';
import { FAVORITES_KEY, readFavorites } from '../src/preferences/favorites';
import { queryLayerFrom } from '../src/preferences/query';
import { readStored } from '../src/preferences/storage';
import { isSearchRoute } from '../src/routing/navigation';
import { paths } from '../src/routing/routes';
import { formatReviewed } from '../src/screens/modals/player-modals';
import { fontLabel } from '../src/screens/modals/settings-modals';
import { attr } from '../src/screens/modals/share-modals';
import {
  highlightedParts,
  markFirst,
  normalize,
  profileRecords,
  ruleContext,
  SearchIndex,
  tokenize,
  withoutHighlights,
} from '../src/search/engine.js';
import { resolveSearchConfig } from '../src/search/session';

/** No limit applies (an attribute, the page's query, stored data): 100 KB of it. */
const NO_LIMIT = 100_000;
/** A provider answer is read up to 5 MB (readLimited), and nothing limits one field of it more. */
const BODY = MAX_BODY_BYTES;
/** Node's limit on a request's line and headers (16 KB, maxHeaderSize), less what the rest of the request takes. */
const HEAD = 16_000;
/** The reference provider's search endpoint reads a body up to 256 KB (SEARCH_BODY_LIMIT in server.mjs). */
const SEARCH_BODY = 256 * 1024;

/** 50 ms for up to 100 KB of input, and as much again for each 100 KB more: linear work passes, more does not. */
const budget = (length: number, least = 50) => Math.max(least, (50 * length) / 100_000);
/**
 * A request to the reference provider: at least 25 ms (with the round trip; its inputs in the path and headers are at
 * most 16 KB, where a quadratic pattern such as /(\.pdf)+$/ takes about 45 ms).
 */
const requestBudget = (length: number) => budget(length, 25);

/** The lengths a case runs at: its limit, and quarters of it down to about 1 KB, shortest first. */
function lengths(limit: number): number[] {
  const out = [limit];
  while (out[0] / 4 >= 1000) out.unshift(Math.floor(out[0] / 4));
  return out;
}

/** `text` repeated to `length` characters, then `end` (which is where the pattern must fail). */
const fill = (text: string, length: number, end = '') =>
  text.repeat(Math.max(1, Math.floor((length - end.length) / text.length))) + end;
/** A language tag as long as `length` whose last subtag is bad: every subtag may be taken at 2 to 8 characters. */
const longTag = (length: number, end = '!') => `aa${fill('-aaaaaaaa', length - 2, end)}`;

interface Case<T> {
  /** Where the pattern is, and the pattern. */
  at: string;
  /** Where its input comes from, and what limits the input's length before the pattern runs. */
  from: string;
  limit: number;
  /** The worst input of (about) `length` characters, built before the clock starts. */
  worst: (length: number) => T;
  /** What the product calls on it (the function around the pattern). */
  run: (input: T) => unknown;
}
const one = <T>(c: Case<T>) => c as Case<unknown>;

/**
 * The fastest of up to five runs (a run over the budget is run again: a garbage collection, or a busy machine, is not
 * a regex; in one full run the fastest of three took 62 ms for 100 KB in Firefox, within budget everywhere else).
 */
function timeOf(c: Case<unknown>, length: number): number {
  const input = c.worst(length);
  let best = Infinity;
  for (let i = 0; i < 5 && best > budget(length); i++) {
    const started = performance.now();
    c.run(input);
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

const THEME: ThemePrefs = {
  color: '#364B8C',
  scale: 100,
  fontSize: 100,
  ccFontFamily: 'Arial',
  ccFontSize: '100%',
  ccFontColor: '#FFFFFF',
  ccFontOpacity: 'FF',
  ccBackgroundColor: '#000000',
  ccBackgroundOpacity: 'BF',
};
const HL_PRE = '__ais-highlight__';
const HL_POST = '__/ais-highlight__';
const index = (records: { labels?: Record<string, string>; topics?: string[] }[]) =>
  new SearchIndex(
    records.map((r, i) => ({
      objectID: `X${i}`,
      code: `X${i}`,
      labels: r.labels ?? {},
      topics: r.topics ?? [],
      kind: 'video' as const,
      languages: [],
    })),
  ).build();
const item = (fields: Record<string, unknown>) =>
  normalisePlaylist({ items: [{ type: 'MainHostedVideo', file: 'f', ...fields }] }, 'P');
const api = new ProviderApi(resolveHosts('https://provider.example/'), undefined as never);
const VTT_HEAD = 'WEBVTT\n\n00:00.000 --> 00:01.000\n';

const BROWSER: Case<unknown>[] = [
  // ---- attributes and the page's query (an embed link, a classic embed page), stored preferences, the provider's
  // configuration
  one({
    at: 'src/core/built-files.ts builtFiles /[?#]/',
    from: "the script's URL as the page wrote it (its query: WordPress's ?ver=); no limit",
    limit: NO_LIMIT,
    worst: (n) => `https://cdn.example/${fill('a', n, '')}?${fill('?#', n, '')}`,
    run: (v) => builtFiles('core-A.js playback-B.js', v),
  }),
  one({
    at: 'src/preferences/theme.ts FONT_NAME /^(?:"[\\w\\s-]+"|\'[\\w\\s-]+\'|[\\w\\s-]+)$/ (isFontList)',
    from: 'cc-font-family: attribute, query, storage, provider configuration; 120 characters (isFontList)',
    limit: 120,
    worst: (n) => fill('a ,   ', n, '!'),
    run: (v) => isFontList(v),
  }),
  one({
    at: 'src/preferences/theme.ts safeColor /^#[0-9a-f]{3,8}$/i, /^[a-z]{3,20}$/i',
    from: 'color: attribute, query, storage, provider; no limit',
    limit: NO_LIMIT,
    worst: (n) => fill('a', n, '!'),
    run: (v) => themeCss({ ...THEME, color: v }),
  }),
  one({
    at: 'src/preferences/theme.ts ccScale /^(\\d+(?:\\.\\d+)?)(%|rem|em)?$/',
    from: 'cc-font-size: attribute, query, storage, provider; no limit',
    limit: NO_LIMIT,
    worst: (n) => fill('1', n, '.1x'),
    run: (v) => themeCss({ ...THEME, ccFontSize: v }),
  }),
  one({
    at: 'src/preferences/theme.ts withOpacity /^#[0-9a-f]{6}$/i, /^[0-9a-f]{2}$/i',
    from: 'cc-font-color / cc-font-opacity: attribute, query, storage, provider; no limit',
    limit: NO_LIMIT,
    worst: (n) => fill('a', n, '!'),
    run: (v) => themeCss({ ...THEME, ccFontColor: `#${v}`, ccFontOpacity: v }),
  }),
  one({
    at: 'src/element/transports/post-message.ts parseOrigins split(/[\\s,]+/)',
    from: 'allowed-origins: attribute, embed.html query; no limit',
    limit: NO_LIMIT,
    worst: (n) => fill(' ,\t', n, 'x'),
    run: (v) => parseOrigins(v),
  }),
  one({
    at: 'src/preferences/query.ts coerceQueryValue /%|auto|px/i, /^[+-]?\\d+(\\.\\d+)?$/',
    from: 'any option: attribute, query; no limit',
    limit: NO_LIMIT,
    worst: (n) => `-${fill('1', n, '.1x')}`,
    run: (v) => queryLayerFrom([['scale', v]]),
  }),
  one({
    at: 'src/preferences/query.ts coerceQueryValue /%|auto|px/i (alternation, unanchored)',
    from: 'any option: attribute, query; no limit',
    limit: NO_LIMIT,
    worst: (n) => fill('autpautp', n),
    run: (v) => queryLayerFrom([['practice', v]]),
  }),
  one({
    at: 'src/preferences/query.ts normaliseColor /^[0-9a-f]{3,8}$/i',
    from: 'color: attribute, query, storage, provider; no limit',
    limit: NO_LIMIT,
    worst: (n) => fill('a', n, 'g'),
    run: (v) => queryLayerFrom([['color', v]]),
  }),
  one({
    at: 'src/content/http.ts parseTimeout /^\\d{1,7}$/',
    from: 'request-timeout: attribute, query; no limit',
    limit: NO_LIMIT,
    worst: (n) => fill('1', n, 'x'),
    run: (v) => parseTimeout(v),
  }),
  one({
    at: 'src/content/shared-requests.ts freshFor /no-(store|cache)/ and /max-age\\s*=\\s*"?(\\d{1,9})/',
    from: "a provider answer's Cache-Control header (Chromium's header limit, 16 KB and more: no limit)",
    limit: NO_LIMIT,
    worst: (n) => `max-age${' '.repeat(n)}=${' '.repeat(n)}x no-`,
    run: (v) => freshFor(v),
  }),
  one({
    at: 'src/app/embed-options.ts contextMenuAllowed /^(off|0|false)$/i',
    from: 'context-menu: attribute, query; no limit',
    limit: NO_LIMIT,
    worst: (n) => fill('off', n, '!'),
    run: (v) => contextMenuAllowed(v),
  }),
  one({
    at: 'src/routing/routes.ts isSearchRoute /^\\/[^/]+\\/menu(\\/[^/]+)?\\/search(-next)?$/',
    from: 'the route: client and codes from attributes, links, commands; no limit',
    limit: NO_LIMIT,
    worst: (n) => `/c/menu/${fill('menu/', n, 'search-nex')}`,
    run: (v) => isSearchRoute(v),
  }),
  one({
    at: 'src/routing/routes.ts paths.modal /\\/$/',
    from: 'the route (as above); no limit',
    limit: NO_LIMIT,
    worst: (n) => fill('/', n, 'x'),
    run: (v) => paths.modal(v, 'share'),
  }),
  one({
    at: 'src/content/share-link.ts readShareLink CODE /^[A-Za-z0-9_-]{1,100}$/, /^\\d{1,6}$/',
    from: "a share link (the page's query); no limit",
    limit: NO_LIMIT,
    worst: (n) =>
      `?${SHARE_PARAMS.client}=c&${SHARE_PARAMS.code}=${fill('a', n / 2 - 40, '!')}` +
      `&${SHARE_PARAMS.item}=${fill('1', n / 2 - 40, 'x')}`,
    run: (v) => readShareLink(v, 'c'),
  }),
  one({
    at: 'src/screens/modals/settings-modals.tsx fontLabel /["\']/g',
    from: 'cc-font-family as stored (not yet checked): attribute, query, storage; no limit',
    limit: NO_LIMIT,
    worst: (n) => fill('"\'', n),
    run: (v) => fontLabel(v),
  }),
  one({
    at: 'src/screens/modals/share-modals.tsx attr /&/g, /"/g, /</g',
    from: "embed-url and codes in the Embed dialog's code; no limit",
    limit: NO_LIMIT,
    worst: (n) => fill('&"<', n),
    run: (v) => attr(v),
  }),
  one({
    at: 'src/search/session.ts resolveSearchConfig /^[\\w.-]+$/',
    from: 'search-index: attribute or provider configuration; 256 characters (text())',
    limit: 256,
    worst: (n) => fill('a', n, '!'),
    run: (v) => resolveSearchConfig({ searchAppId: 'A', searchApiKey: 'K', searchIndex: v }, {}, 'c'),
  }),
  // ---- stored data (localStorage: another tab, an extension, an older version)
  one({
    at: 'src/preferences/favorites.ts CODE /^[A-Za-z0-9_-]{1,100}$/, FILE /^[A-Za-z0-9_.-]{1,200}$/',
    from: 'stored favourites; no limit',
    limit: NO_LIMIT,
    worst: (n) =>
      localStorage.setItem(
        FAVORITES_KEY,
        JSON.stringify({
          v: 1,
          clients: { c: [{ code: fill('a', n / 2, '!') }, { code: 'A', file: fill('a', n / 2, '!') }] },
        }),
      ),
    run: () => readFavorites('c'),
  }),
  one({
    at: 'src/preferences/storage.ts USER_ID /^[A-Za-z0-9_-]{1,100}$/',
    from: 'stored preferences; no limit',
    limit: NO_LIMIT,
    worst: (n) => (
      localStorage.setItem(STORAGE_VERSION_KEY, STORAGE_VERSION),
      localStorage.setItem(STORAGE_KEY, JSON.stringify({ account: {}, local: {}, users: { c: fill('a', n, '!') } }))
    ),
    run: () => readStored(),
  }),
  // ---- postMessage and host commands (validateArgs checks maxLength before the pattern)
  one({
    at: 'src/commands/table.ts CODE_PATTERN /^(?:\\/|[A-Za-z0-9_-]{1,100})$/',
    from: 'navigate(code): postMessage, host API; 100 characters (maxLength)',
    limit: 100,
    worst: (n) => fill('a', n, '!'),
    run: (v) => expect(() => validateArgs('navigate', [v])).to.throw(),
  }),
  one({
    at: 'src/commands/table.ts screenshot /^data:image\\/(png|jpeg|webp);base64,[A-Za-z0-9+/=]+$/',
    from: 'screenshot(data): postMessage, host API; 20,000,000 characters (maxLength)',
    limit: 20_000_000,
    worst: (n) => fill('A', n, '!').replace(/^.{22}/, 'data:image/png;base64,'),
    run: (v) => expect(() => validateArgs('screenshot', [v])).to.throw(),
  }),
  // ---- provider answers (5 MB each)
  one({
    at: 'src/playback/vtt.ts stripTags (was /<[^>]*>/g: quadratic)',
    from: 'captions (provider); 5 MB; a cue of "<" with no ">"',
    limit: BODY,
    worst: (n) => VTT_HEAD + fill('<', n - VTT_HEAD.length),
    run: (v) => parseVtt(v),
  }),
  one({
    at: 'src/playback/vtt.ts stripTags: the 1.2 MB file of issue 22 (point 6)',
    from: 'captions (provider); 1.2 MB; one cue of "<" with no ">" (the old pattern: minutes)',
    limit: 1_200_000,
    worst: (n) => VTT_HEAD + fill('<', n - VTT_HEAD.length),
    run: (v) => parseVtt(v),
  }),
  one({
    at: 'src/playback/vtt.ts stripTags, entity replaces /&amp;/g ...',
    from: 'captions (provider); 5 MB; a cue of unclosed tags and entities',
    limit: BODY,
    worst: (n) => VTT_HEAD + fill('<a&amp;&lt;', n - VTT_HEAD.length),
    run: (v) => parseVtt(v),
  }),
  one({
    at: "src/playback/vtt.ts split(/\\n{2,}/), split('\\n'), TIME, /\\S+/",
    from: 'captions (provider); 5 MB; as many cues as fit, tags and entities in each',
    limit: BODY,
    worst: (n) => fill('0:00.000 --> 0:01.000 line:0\n<b>&amp;</b>\n\n', n).replace(/^/, 'WEBVTT\n\n'),
    run: (v) => parseVtt(v),
  }),
  one({
    at: 'src/playback/vtt.ts TIME /^(?:(\\d+):)?(\\d{1,2}):(\\d{2})[.,](\\d{3})$/, /\\S+/',
    from: 'captions (provider); 5 MB; one timing line of digits',
    limit: BODY,
    worst: (n) => `WEBVTT\n\n${fill('1', n / 2, ':')} --> ${fill('1', n / 2 - 20, ':00.000x')}\ntext`,
    run: (v) => parseVtt(v),
  }),
  one({
    at: 'src/content/normalise-playlist.ts normaliseHyperlink /^[a-z][a-z0-9+.-]*:/i',
    from: "an item's hyperlink (provider playlist); 5 MB",
    limit: BODY,
    worst: (n) => fill('a', n, '!'),
    run: (v) => normaliseHyperlink(v),
  }),
  one({
    at: 'src/content/normalise-playlist.ts normaliseHyperlink /^\\/+/',
    from: "an item's hyperlink (provider playlist); 5 MB",
    limit: BODY,
    worst: (n) => fill('/', n, 'x'),
    run: (v) => normaliseHyperlink(v),
  }),
  one({
    at: 'src/content/normalise-playlist.ts audio_descriptions /^[a-z]{2}$/',
    from: "an item's audio_descriptions (provider playlist); 5 MB",
    limit: BODY,
    worst: (n) => fill('a', n, '!'),
    run: (v) => item({ audio_descriptions: [v] }),
  }),
  one({
    at: 'src/content/provider.ts artUrl /^[a-z]+$/i',
    from: 'art: provider configuration, attribute; 5 MB',
    limit: BODY,
    worst: (n) => fill('a', n, '!'),
    run: (v) => api.artUrl(v),
  }),
  one({
    at: 'src/screens/modals/player-modals.tsx formatReviewed /^(\\d{4})-(\\d{2})-(\\d{2})/',
    from: 'reviewed_at (provider playlist); 5 MB',
    limit: BODY,
    worst: (n) => fill('1', n),
    run: (v) => formatReviewed(v),
  }),
  one({
    at: 'src/annotation/rules.ts screenshotName /[^\\w-]+/g (and the same in src/commands/playback-handlers.ts)',
    from: "an item's code (provider playlist); 5 MB",
    limit: BODY,
    worst: (n) => fill('a!', n / 2) + fill('!', n / 2),
    run: (v) => screenshotName(v),
  }),
  one({
    at: 'src/search/engine.js profileRecords /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i',
    from: "an item's languages (provider profile); 5 MB",
    limit: BODY,
    worst: (n) => ({ nodes: new Map([['X', { code: 'X', layer: 'item', languages: [longTag(n)] }]]) }),
    run: (v) => profileRecords(v as never),
  }),
  one({
    at: 'src/search/words.js normalize /\\p{M}+/gu, /[\\u0640\\u0649\\u0629]/g',
    from: 'labels (provider profile); 5 MB',
    limit: BODY,
    worst: (n) => fill('a\u0301\u0301\u0640', n),
    run: (v) => normalize(v),
  }),
  one({
    at: 'src/search/words.js WORD /[\\p{L}\\p{M}\\p{N}]+/gu (tokenize)',
    from: 'labels (provider profile); 5 MB',
    limit: BODY,
    worst: (n) => fill('a!', n),
    run: (v) => tokenize(v),
  }),
  one({
    at: 'src/search/words.js highlightedParts: WORD, ASCII_WORD /^[a-z0-9]+$/i, normalize (a title in the dialog)',
    from: "the account's titles (provider preferences); 5 MB; every word marked, none twice, by a long query",
    limit: BODY,
    worst: (n) => {
      // Latin words that ASCII_WORD reads to their last letter, then folded (é); Arabic words with the article and a
      // tatweel (folded, then without the article). Query words of 30 lengths.
      const words: string[] = [];
      for (let i = 0, length = 0; length < n; i++) {
        const id = i.toString(36);
        words.push(i % 2 ? `kne${'a'.repeat(64)}${id}\u00e9` : `\u0627\u0644\u0631\u0643\u0640\u0628${id}`);
        length += words[i].length + 1;
      }
      const query = Array.from({ length: 30 }, (_, i) => `${'k'.repeat(i + 1)}x`).join(' ');
      return { text: words.join(' '), query: `kne \u0631\u0643 ${query}` };
    },
    run: (v) => highlightedParts(v.text, v.query, ['arthritis']),
  }),
  one({
    at: "src/search/engine.js withoutHighlights (was new RegExp(`${pre}.*?${post}`, 'g'): quadratic)",
    from: 'a highlighted label (provider profile); 5 MB',
    limit: BODY,
    worst: (n) => `${HL_PRE}knee${HL_POST} ${fill(HL_PRE, n - 40)}`,
    run: (v) => withoutHighlights(v, HL_PRE, HL_POST),
  }),
  one({
    at: 'src/search/engine.js ruleContext /[^a-z0-9-_]+/gi',
    from: "a collection's code in the provider's profile (a refined value in the dialog); an answer: 5 MB",
    limit: BODY,
    worst: (n) => fill('!', n, 'a'),
    run: (v) => ruleContext('collection', v),
  }),
  one({
    at: 'src/search/engine.js withoutHighlights, LINE_BREAK /[\\n\\r\\u2028\\u2029]/g',
    from: 'a highlighted label (provider profile); 5 MB; a line break after every tag, the closing tag at the end',
    limit: BODY,
    worst: (n) => fill(`${HL_PRE}\n`, n, HL_POST),
    run: (v) => withoutHighlights(v, HL_PRE, HL_POST),
  }),
  one({
    at: 'src/search/engine.js highlight: WORD, withoutHighlights, /[^\\p{L}\\p{N}]/gu (answer)',
    from: "labels (provider profile); 5 MB; the search dialog's tags",
    limit: BODY,
    worst: (n) => index([{ labels: { en: `knee ${fill(HL_PRE, n - 5)}` } }]),
    run: (v) => v.answer('c', { query: 'knee', highlightPreTag: HL_PRE, highlightPostTag: HL_POST }),
  }),
  one({
    at: 'src/search/engine.js TITLE_SORT /^(.*)_title_([a-z]{2,3})_asc$/',
    from: 'the index name: the client attribute (embedded search); no limit',
    limit: NO_LIMIT,
    worst: (n) => fill('_title_en_as', n),
    run: (v) => index([{ labels: { en: 'knee' } }]).answer(v, { query: '' }),
  }),
  one({
    at: 'src/search/engine.js answerFacetValues markFirst (was a RegExp of facetQuery: too large from 32 KB)',
    from: 'facetQuery (the search body, 256 KB; the dialog sends none) against a topic code (provider profile)',
    limit: SEARCH_BODY,
    worst: (n) => ({
      index: index([{ labels: { en: 'knee' }, topics: [`${fill('a', n)}\u0301a`] }]),
      query: fill('a', n + 1),
    }),
    run: (v) => v.index.answerFacetValues('c', 'topics', { facetQuery: v.query }),
  }),
];

interface RawAnswer {
  status: number;
  body: string;
  ms: number;
}
interface Request {
  which?: 'main' | 'fault';
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}
interface ServerCase {
  at: string;
  from: string;
  limit: number;
  /** The answer when the request reached the pattern (which refused it, or let it through). */
  status?: number;
  /** The worst request of (about) `length` characters where the input goes. */
  worst: (length: number) => Request;
}
const raw = (request: Request) =>
  executeServerCommand<RawAnswer, Request>('provider-raw', { which: 'main', ...request });
const search = (request: Record<string, unknown>) => ({
  path: '/1/indexes/*/queries',
  method: 'POST',
  headers: { 'Content-Type': 'text/plain' },
  body: JSON.stringify({ requests: [request] }),
});

/** demo/provider/server.mjs, timed in Node from the request to the answer's end (the run's own loopback). */
const SERVER: ServerCase[] = [
  {
    at: 'parseTarget /^https?:\\/\\/[^/?#]*/i (absolute-form)',
    from: 'the request target; 16 KB',
    limit: HEAD,
    worst: (n) => ({ path: `http://${fill('a', n - 7)}` }),
  },
  {
    at: 'parseTarget /[/\\\\\\0]/ (each segment)',
    from: 'the request path; 16 KB',
    limit: HEAD,
    status: 404,
    worst: (n) => ({ path: `/${fill('a', n - 1)}` }),
  },
  // A code that cannot exist is an unknown client or playlist (404), the answer the player shows as not found.
  {
    at: 'RE.client /^[a-z0-9][a-z0-9_-]{0,63}$/i',
    from: 'the client in the path; 16 KB',
    limit: HEAD,
    status: 404,
    worst: (n) => ({ path: `/api/clients/${fill('a', n - 13, '!')}` }),
  },
  {
    at: 'RE.lang /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/i (optionalLang)',
    from: 'menuLanguage in the query; 16 KB',
    limit: HEAD,
    status: 400,
    worst: (n) => ({ path: `/api/clients/demo/profile?menuLanguage=${longTag(n - 40)}` }),
  },
  {
    at: 'RE.code /^[A-Za-z0-9][A-Za-z0-9_:.-]{0,99}$/',
    from: 'the playlist code in the path; 16 KB',
    limit: HEAD,
    status: 404,
    worst: (n) => ({ path: `/api/clients/demo/playlists/${fill('A', n - 30, '!')}` }),
  },
  {
    at: 'RE.file /^[a-z0-9][a-z0-9_-]{0,119}$/i',
    from: 'the video id in the path; 16 KB',
    limit: HEAD,
    status: 400,
    worst: (n) => ({ path: `/api/videos/${fill('a', n - 30, '!')}/captions` }),
  },
  {
    at: 'RE.user /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/',
    from: 'the user in the path; 16 KB',
    limit: HEAD,
    status: 400,
    worst: (n) => ({ path: `/cdn/${fill('a', n - 20, '!')}/preferences` }),
  },
  {
    at: 'brochures /\\.pdf$/i',
    from: 'the brochure language in the path; 16 KB',
    limit: HEAD,
    status: 400,
    worst: (n) => ({ path: `/brochures/demo/knee-overview/${fill('.pdf', n - 30, 'x')}` }),
  },
  {
    at: 'brochures RE.lang after /\\.pdf$/i',
    from: 'the brochure language in the path; 16 KB',
    limit: HEAD,
    status: 400,
    worst: (n) => ({ path: `/brochures/demo/knee-overview/${longTag(n - 40, '!.pdf')}` }),
  },
  {
    at: 'media /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*\\.mp4$/',
    from: 'the media file name in the path; 16 KB',
    limit: HEAD,
    status: 400,
    worst: (n) => ({ path: `/media/knee-overview/${longTag(n - 30, '.mp4x')}` }),
  },
  {
    at: 'parseRange /^bytes=(\\d*)-(\\d*)$/',
    from: 'the Range header; 16 KB',
    limit: HEAD,
    status: 200,
    worst: (n) => ({
      path: '/static/art/caduceus.svg',
      headers: { Range: `bytes=${fill('1', n / 2 - 6)}-${fill('1', n / 2, 'x')}` },
    }),
  },
  {
    at: 'etagMatches /^W\\//',
    from: 'the If-None-Match header; 16 KB',
    limit: HEAD,
    status: 200,
    worst: (n) => ({ path: '/api/clients/demo', headers: { 'If-None-Match': fill('W/"a", ', n) } }),
  },
  {
    at: 'isHeaderSafe /[^\\t\\x20-\\x7e\\x80-\\xff]/',
    from: 'the X-Embed-Referrer header; 16 KB',
    limit: HEAD,
    status: 200,
    worst: (n) => ({ path: '/api/clients/demo', headers: { 'X-Embed-Referrer': fill('a', n) } }),
  },
  {
    at: 'readHookBody /^application\\/json\\b/i (test hooks only)',
    from: 'the Content-Type header; 16 KB',
    limit: HEAD,
    status: 415,
    worst: (n) => ({
      which: 'fault',
      path: '/__fail',
      method: 'POST',
      headers: { 'Content-Type': fill('application/json', n, 'x') },
    }),
  },
  {
    at: 'handleSearch /_title_[a-z]{2,3}_asc$/',
    from: 'indexName in the search body; 256 KB',
    limit: SEARCH_BODY,
    status: 404,
    worst: (n) => search({ indexName: fill('_title_en_as', n - 40) }),
  },
  // The provider refuses tags over 64 characters (its search bounds) before any work: the pattern sees at most that.
  {
    at: 'engine.js highlight, withoutHighlights (server side)',
    from: 'highlightPreTag / highlightPostTag in the search body; 64 characters each',
    limit: 128,
    status: 200,
    worst: (n) =>
      search({
        indexName: 'demo',
        query: 'knee',
        hitsPerPage: 1,
        highlightPreTag: fill('<', n / 2),
        highlightPostTag: fill('>', n / 2),
      }),
  },
  {
    at: 'engine.js answerFacetValues: normalize, includes, markFirst (server side)',
    from: 'facetQuery in the search body; 256 KB',
    limit: SEARCH_BODY,
    status: 200,
    worst: (n) => search({ indexName: 'demo', type: 'facet', facet: 'topics', facetQuery: fill('a', n - 120) }),
  },
];

/** What each case took at its limit (printed at the end: the audit's table). */
const measured: string[] = [];

describe('regex audit: the worst outside input at its limit, in bounded time (issue 22, point 1)', () => {
  afterEach(() => localStorage.clear());
  after(() => console.log(`regex audit, worst input at the limit:\n${measured.join('\n')}`));

  for (const c of BROWSER) {
    it(`${c.at}: ${c.from}`, () => {
      for (const length of lengths(c.limit)) {
        const took = timeOf(c, length);
        expect(took, `${length} characters took ${took.toFixed(1)} ms`).to.be.at.most(budget(length));
        if (length === c.limit)
          measured.push(`${took.toFixed(1).padStart(7)} ms  ${String(c.limit).padStart(8)}  ${c.at}`);
      }
    });
  }

  // Its first search builds the demo client's index: not timed.
  before(() => raw(search({ indexName: 'demo', query: 'knee' })));
  for (const c of SERVER) {
    it(`demo/provider/server.mjs ${c.at}: ${c.from}`, async () => {
      for (const length of lengths(c.limit)) {
        const request = c.worst(length);
        let best = Infinity;
        for (let i = 0; i < 3 && best > requestBudget(length); i++) {
          const answer = await raw(request);
          expect(answer.status, answer.body.slice(0, 200)).to.be.below(500);
          if (c.status) expect(answer.status, 'the request reached the pattern').to.equal(c.status);
          best = Math.min(best, answer.ms);
        }
        expect(best, `${length} characters took ${best.toFixed(1)} ms`).to.be.at.most(requestBudget(length));
        if (length === c.limit)
          measured.push(`${best.toFixed(1).padStart(7)} ms  ${String(c.limit).padStart(8)}  server.mjs ${c.at}`);
      }
    });
  }
});

describe('the rewritten patterns answer as before', () => {
  /** `count` strings of up to 13 of the characters that matter (seeded: the same ones each run). */
  function* samples(alphabet: string[], count: number) {
    let seed = 0x5eed;
    const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
    for (let i = 0; i < count; i++)
      yield Array.from({ length: Math.floor(next() * 14) }, () => alphabet[Math.floor(next() * alphabet.length)]).join(
        '',
      );
  }

  it('stripTags is /<[^>]*>/g, cut at MAX_CUE_TEXT; a cue keeps the first MAX_CUE_TEXT characters of its text', () => {
    for (const s of samples(['<', '>', 'a', '\n', ' '], 20000)) {
      expect(stripTags(s, Infinity), JSON.stringify(s)).to.equal(s.replace(/<[^>]*>/g, ''));
      expect(stripTags(s, 3), JSON.stringify(s)).to.equal(s.replace(/<[^>]*>/g, '').slice(0, 3));
    }
    const [cue] = parseVtt(`${VTT_HEAD}<c.yellow>${'word '.repeat(1000)}</c> &amp; <b`);
    expect(cue.text).to.equal('word '.repeat(MAX_CUE_TEXT / 5).trim());
    expect(parseVtt(`${VTT_HEAD}a <b>b</b> &lt;c&gt; <d`)[0].text).to.equal('a b <c> <d');
    expect(parseVtt('WEBVTT\n\n00:01.000 -->\t00:02.000  align:start\nx')[0]).to.deep.equal({
      start: 1,
      end: 2,
      text: 'x',
    });
  });

  it('withoutHighlights and markFirst answer as the regular expressions they replace did', () => {
    // withoutHighlights as value.replace(new RegExp(`${pre}.*?${post}`, 'g'), ''), markFirst as
    // value.replace(new RegExp(query, 'i'), ...), the tags and the query escaped.
    const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const alphabet = ['<', '>', 'a', 'b', '\n', '\r', '\u2028'];
    const tags = [...samples(alphabet, 400)].map((t) => t.slice(0, 3));
    let n = 0;
    for (const value of samples(alphabet, 20000)) {
      const pre = tags[n++ % tags.length];
      const post = tags[(n * 7) % tags.length];
      expect(withoutHighlights(value, pre, post), JSON.stringify({ value, pre, post })).to.equal(
        value.replace(new RegExp(`${escape(pre)}.*?${escape(post)}`, 'g'), ''),
      );
    }
    // markFirst: the first occurrence in any case, as RegExp's i flag (without u) finds it, one UTF-16 unit at a time.
    const units = [
      'a',
      'A',
      'ß',
      'ı',
      'I',
      'ſ',
      's',
      'S',
      'K',
      '\u212a',
      'İ',
      '\ud801',
      '\udc28',
      '\ud801\udc00',
      'σ',
      'ς',
      'Σ',
      'µ',
      'ǅ',
      'ǆ',
      '.',
      '*',
    ];
    for (const value of samples(units, 20000)) {
      const query = value.slice(value.length >> 1, (value.length >> 1) + 3) || 'a';
      expect(markFirst(value, query, '<', '>'), JSON.stringify({ value, query })).to.equal(
        value.replace(new RegExp(escape(query), 'i'), (m) => `<${m}>`),
      );
      const other = units[value.length % units.length];
      expect(markFirst(value, other, '<', '>'), JSON.stringify({ value, other })).to.equal(
        value.replace(new RegExp(escape(other), 'i'), (m) => `<${m}>`),
      );
    }
    const [hit] = index([{ labels: { en: 'Knee pain', es: 'Dolor de rodilla' } }]).answer('c', {
      query: 'knee pain',
      highlightPreTag: HL_PRE,
      highlightPostTag: HL_POST,
    }).hits;
    expect(hit._highlightResult.labels.en).to.deep.include({
      value: `${HL_PRE}Knee${HL_POST} ${HL_PRE}pain${HL_POST}`,
      matchLevel: 'full',
      fullyHighlighted: true,
    });
  });
});
