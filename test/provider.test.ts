import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import {
  $,
  $$,
  cleanPlayersAndFaults,
  clearProviderLog,
  DEMO_URL,
  FAULT_PROVIDER_URL,
  mountPlayer,
  PROVIDER_URL,
  providerLog,
  text,
  waitFor,
  type ProviderErrorBody,
} from './helpers';
import type { PlayerMessage } from './embedded';

/**
 * The reference provider (demo/provider/server.mjs) and the demo server (demo/static-server.mjs) as an attacker, or an
 * unlucky clinic, reaches them: search calls that ask for much work in few bytes, preflights for codes that cannot
 * exist, paths that hold markup, the servers' own source, and the embed pages' allow-list.
 */

type Raw = { status: number; headers: Record<string, string>; body: string; ms: number };
/** An HTTP request made from Node (any method, headers and body) to a provider; `ms` is timed in Node. */
const raw = (request: {
  which?: 'main' | 'fault';
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}) => executeServerCommand<Raw, unknown>('provider-raw', request);
const SEARCH = '/1/indexes/*/queries?x-algolia-application-id=A&x-algolia-api-key=K';
/** A search call as algoliasearch sends it (a text/plain JSON body, no preflight). */
const search = (body: unknown) =>
  raw({
    which: 'main',
    path: SEARCH,
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body: JSON.stringify(body),
  });
/** The answer's JSON body, as the type the test expects of it. */
const json = <T = unknown>(r: Raw) => JSON.parse(r.body) as T;
/** The search API's error body (Algolia's shape). */
type SearchError = { status: number; message: string };

/** The dialog's call with a filter ticked in each facet (what InstantSearch sends): the query, then one per facet. */
function dialogCall(index: string, query: string) {
  const common = {
    indexName: index,
    query,
    highlightPreTag: '__ais-highlight__',
    highlightPostTag: '__/ais-highlight__',
    maxValuesPerFacet: 100,
    page: 0,
  };
  const refined = { kind: 'kind:video', languages: 'languages:en', topics: 'topics:L_BIG_SKIN' };
  const others = (facet?: keyof typeof refined) =>
    Object.entries(refined)
      .filter(([f]) => f !== facet)
      .map(([, v]) => [v]);
  return {
    requests: [
      { ...common, facets: ['kind', 'languages', 'topics'], facetFilters: others() },
      ...(['kind', 'languages', 'topics'] as const).map((facet) => ({
        ...common,
        facets: facet,
        facetFilters: others(facet),
        hitsPerPage: 0,
        analytics: false,
        clickAnalytics: false,
      })),
    ],
  };
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

describe("the provider's search call: its work is bounded, not only its answer", function () {
  this.timeout(60000);

  before(async function () {
    // bigdemo's index (10,000 items) is built on its first search: not while a test is timed.
    this.timeout(120000);
    expect((await search({ requests: [{ indexName: 'bigdemo', query: 'knee', hitsPerPage: 0 }] })).status).to.equal(
      200,
    );
  });

  it("refuses the reported call (50 one-letter queries, every facet, 3 KB) at once, in Algolia's shape", async () => {
    const call = {
      requests: Array.from({ length: 50 }, (_, i) => ({
        indexName: 'bigdemo',
        query: LETTERS[i % 26],
        facets: ['*'],
        hitsPerPage: 0,
        maxValuesPerFacet: 1000,
      })),
    };
    expect(JSON.stringify(call).length).to.be.below(5000);
    const r = await search(call);
    expect(r.status).to.equal(400);
    expect(json(r)).to.deep.equal({ message: 'Expected { requests: [...] } (at most 8)', status: 400 });
    expect(r.headers['access-control-allow-origin']).to.equal('*');
  });

  it('counts what each call asks of the index and refuses it before any of it runs', async () => {
    // Counted: short prefixes, words, facets, filters, hits, highlight tags.
    const filters = Array.from({ length: 300 }, (_, i) => `topics:X${i}`);
    const calls: [string, unknown, RegExp][] = [
      [
        '8 queries of four one-letter words, every facet',
        {
          requests: ['a d e p', 'd e p a', 'e p a d', 'p a d e', 'a e d p', 'd p a e', 'e a p d', 'p d e a'].map(
            (query) => ({ indexName: 'bigdemo', query, facets: ['*'], hitsPerPage: 0 }),
          ),
        },
        /asks too much of the index/,
      ],
      [
        'one query of 40 one-letter words',
        { requests: [{ indexName: 'bigdemo', query: 'a '.repeat(40), hitsPerPage: 0 }] },
        /asks too much of the index/,
      ],
      [
        '8 sorted requests over every item',
        {
          requests: Array.from({ length: 8 }, () => ({
            indexName: 'bigdemo_title_en_asc',
            query: '',
            relevancyStrictness: 0,
            facets: ['*'],
            hitsPerPage: 0,
          })),
        },
        /asks too much of the index/,
      ],
      [
        '5 requests of 200 filters and two one-letter words',
        {
          requests: Array.from({ length: 5 }, () => ({
            indexName: 'bigdemo',
            query: 'd p',
            hitsPerPage: 0,
            facetFilters: [filters.slice(0, 200)],
          })),
        },
        /asks too much of the index/,
      ],
      [
        '2,000 facet names',
        { requests: [{ indexName: 'bigdemo', facets: Array(2000).fill('topics'), hitsPerPage: 0 }] },
        /At most 10 facets per request/,
      ],
      [
        'highlight tags of 1,000 characters',
        {
          requests: [
            {
              indexName: 'bigdemo',
              query: 'a',
              hitsPerPage: 100,
              highlightPreTag: 'x'.repeat(1000),
              highlightPostTag: 'y'.repeat(1000),
            },
          ],
        },
        /Highlight tags of at most 64 characters/,
      ],
      [
        'hits asked in a URL-encoded params string',
        { requests: Array.from({ length: 5 }, () => ({ indexName: 'bigdemo', params: 'query=a&hitsPerPage=1000' })) },
        /At most 1000 hits per call/,
      ],
      [
        'filters in a URL-encoded params string',
        {
          requests: [{ indexName: 'bigdemo', params: `facetFilters=${encodeURIComponent(JSON.stringify([filters]))}` }],
        },
        /At most 200 filters per request/,
      ],
    ];
    for (const [what, call, message] of calls) {
      const r = await search(call);
      const error = json<SearchError>(r);
      expect([what, r.status, error.status], what).to.deep.equal([what, 400, 400]);
      expect(error.message, what).to.match(message);
      // Refused before the work: these took up to 5 s of the server's thread (a query of 256 one-letter words took 7 s,
      // tags of 10,000 characters made an answer of 94 MB).
      expect(r.ms, what).to.be.below(1500);
    }
  });

  it("answers the dialog's heaviest calls: 4 requests, 1-letter queries, a filter per facet, any sort", async () => {
    for (const index of ['bigdemo', 'bigdemo_title_en_asc']) {
      for (const query of ['d', 'ا', 'd p', '']) {
        const r = await search(dialogCall(index, query));
        expect([index, query, r.status], r.body.slice(0, 200)).to.deep.equal([index, query, 200]);
        const { results } = json<{ results: { nbHits: number }[] }>(r);
        expect(results.length).to.equal(4);
        expect(results[0].nbHits, `${index} "${query}"`).to.be.greaterThan(0);
      }
    }
  });

  it('answers other requests while calls run: one request at a time, the server free in between', async () => {
    // Three calls near the limit (seven sorted requests over every item each), and a menu request after them (its
    // answer ready: only the server's turn is measured).
    const menu = new URL('api/clients/demo/profile', PROVIDER_URL);
    expect((await fetch(menu, { cache: 'no-store' })).status).to.equal(200);
    const heavy = {
      requests: Array.from({ length: 7 }, () => ({
        indexName: 'bigdemo_title_en_asc',
        query: '',
        relevancyStrictness: 0,
        facets: ['*'],
        hitsPerPage: 0,
      })),
    };
    const done: string[] = [];
    const post = (name: string) =>
      fetch(new URL(SEARCH.slice(1), PROVIDER_URL), {
        method: 'POST',
        body: JSON.stringify(heavy),
        headers: { 'content-type': 'text/plain' },
      }).then(async (r) => {
        expect(r.status).to.equal(200);
        await r.arrayBuffer();
        done.push(name);
      });
    const calls = [post('search 1'), post('search 2'), post('search 3')];
    const other = fetch(menu, { cache: 'no-store' }).then(async (r) => {
      expect(r.status).to.equal(200);
      await r.arrayBuffer();
      done.push('menu');
    });
    await Promise.all([...calls, other]);
    // Not held behind all three (before, each call ran from start to end, and the menu came last).
    expect(done.indexOf('menu'), done.join(', ')).to.be.below(3);
  });
});

describe('search dialog over the reference provider, within its bounds', function () {
  this.timeout(90000);
  cleanPlayersAndFaults();
  const input = (el: Element) => $<HTMLInputElement>(el, '.modal input[type="search"]');
  const settled = (el: Element, q: string) =>
    waitFor(
      () =>
        $(el, '.search[data-status="idle"]')?.getAttribute('data-query') === q &&
        text(el, '[data-search-stats]') !== '',
      `results for "${q}"`,
      20000,
    );

  it('a one-letter query on 10,000 items with a filter ticked per facet: the hits, never "unavailable"', async () => {
    // The index built before the dialog asks (its first build takes longer than the search client waits).
    expect((await search({ requests: [{ indexName: 'bigdemo', query: 'k', hitsPerPage: 0 }] })).status).to.equal(200);
    const el = await mountPlayer({
      client: 'bigdemo',
      'search-app-id': 'A',
      'search-api-key': 'K',
      'search-index': 'bigdemo',
      'search-host': PROVIDER_URL,
    });
    const button = await waitFor(
      () => $<HTMLButtonElement>(el, '.practice-bar [data-control="search"]'),
      'search button',
      20000,
    );
    button.click();
    const box = await waitFor(() => input(el), 'search box');
    await settled(el, '');
    box.focus();
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(box, 'k');
    box.dispatchEvent(new Event('input', { bubbles: true }));
    await settled(el, 'k');
    for (const facet of ['topics', 'kind', 'languages']) {
      const first = () => $$<HTMLInputElement>(el, `[data-facet="${facet}"] input`)[0];
      first().click();
      await waitFor(() => first()?.checked, `a ${facet} filter ticked`);
      await settled(el, 'k');
      expect($(el, '[data-search-status="error"]'), facet).to.equal(null);
      expect($$(el, '.search-results [data-hit]').length, facet).to.be.greaterThan(0);
    }
  });
});

describe('the provider answers preflights first; a code that cannot exist is not found', function () {
  this.timeout(30000);
  cleanPlayersAndFaults();
  const preflight = {
    origin: 'https://clinic.example',
    'access-control-request-method': 'GET',
    'access-control-request-headers': 'x-embed-referrer',
  };

  it('a preflight is answered for any path; the request then gets its 404 (or 400) with CORS headers', async () => {
    const cases: [string, number, string][] = [
      ['/api/clients/bad%5Ccode', 404, 'client_not_found'],
      ['/api/clients/a%2Fb/profile', 404, 'client_not_found'],
      ['/api/clients/bad%20code', 404, 'client_not_found'],
      ['/api/clients/demo/playlists/bad%5Ccode', 404, 'playlist_not_found'],
      ['/api/clients/demo/playlists/..%2F..%2Fclients%2Fdemo', 404, 'playlist_not_found'],
      // Paths of files: traversal is still refused.
      ['/static/..%2f..%2fpackage.json', 400, 'invalid_path'],
      ['/api/clients/%E0', 400, 'bad_request'],
    ];
    for (const [path, status, code] of cases) {
      const pre = await raw({ which: 'main', path, method: 'OPTIONS', headers: preflight });
      expect([path, pre.status, pre.headers['access-control-allow-origin']]).to.deep.equal([path, 204, '*']);
      expect(pre.headers['access-control-allow-headers']).to.include('X-Embed-Referrer');
      const r = await raw({
        which: 'main',
        path,
        headers: { origin: 'https://clinic.example', 'x-embed-referrer': 'https://clinic.example/' },
      });
      expect([
        path,
        r.status,
        json<ProviderErrorBody>(r).error.code,
        r.headers['access-control-allow-origin'],
      ]).to.deep.equal([path, status, code, '*']);
    }
  });

  it('the test hooks refuse every preflight, however their path is written (no page may reach them)', async () => {
    for (const path of ['/__fail', '/%5F%5Ffail', '/__log/clear']) {
      const pre = await raw({
        which: 'fault',
        path,
        method: 'OPTIONS',
        headers: {
          ...preflight,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
      expect([path, pre.status, pre.headers['access-control-allow-origin']]).to.deep.equal([path, 405, undefined]);
    }
  });

  it("a client code it cannot have: 'Client ID not found error' after one request, never retried", async () => {
    await clearProviderLog();
    const el = await mountPlayer({ client: 'bad\\code', 'provider-url': FAULT_PROVIDER_URL }, { waitReady: false });
    await waitFor(() => text(el, '.error-text') === 'Client ID not found error', 'the client-error screen', 15000);
    const log = (await providerLog()).filter((r) => r.path === '/api/clients/bad%5Ccode');
    expect(log.filter((r) => r.method === 'GET').map((r) => r.status)).to.deep.equal([404]);
    expect(log.filter((r) => r.method === 'OPTIONS').map((r) => r.status)).to.deep.equal([204]);
  });

  it("a playlist code it cannot have: 'This content could not be found.' after one request, no retry", async () => {
    await clearProviderLog();
    const el = await mountPlayer(
      { client: 'demo', code: 'bad\\code', 'provider-url': FAULT_PROVIDER_URL },
      { waitReady: false },
    );
    await waitFor(
      () => text(el, '.load-failure-message') === 'This content could not be found.',
      'the not-found text',
      15000,
    );
    const log = (await providerLog()).filter((r) => r.path === '/api/clients/demo/playlists/bad%5Ccode');
    expect(log.filter((r) => r.method === 'GET').map((r) => r.status)).to.deep.equal([404]);
    expect(log.filter((r) => r.method === 'OPTIONS').map((r) => r.status)).to.deep.equal([204]);
  });
});

describe("the servers' answers: what they send, and as what", function () {
  this.timeout(30000);

  it('every provider answer says nosniff and its type, errors too (their messages quote the request)', async () => {
    const markup = '/%3Cscript%3Ealert(1)%3C%2Fscript%3E%3Cimg%20src=x%20onerror=alert(1)%3E';
    const cases: {
      path: string;
      method?: string;
      headers?: Record<string, string>;
      which?: 'main' | 'fault';
      status: number;
      type: RegExp | null;
    }[] = [
      { path: markup, status: 400, type: /^application\/json/ },
      { path: '/api/clients/%3Csvg%20onload=alert(1)%3E', status: 404, type: /^application\/json/ },
      { path: '/nothing/%3Ch1%3Ehi%3C/h1%3E', status: 404, type: /^application\/json/ },
      { path: '/api/clients/demo', method: 'POST', status: 405, type: /^application\/json/ },
      { path: '/api/clients/demo', status: 200, type: /^application\/json/ },
      { path: '/api/videos/knee-overview/captions?format=%3Cb%3E', status: 400, type: /^application\/json/ },
      { path: '/api/videos/knee-overview/captions', status: 200, type: /^text\/vtt/ },
      {
        path: '/media/knee-overview/en.mp4',
        headers: { range: 'bytes=999999999-' },
        status: 416,
        type: /^application\/json/,
      },
      { path: '/api/clients/demo', method: 'OPTIONS', status: 204, type: null },
      { path: SEARCH, method: 'POST', status: 400, type: /^application\/json/ },
      { path: '/__log', which: 'fault', status: 200, type: /^application\/json/ },
      { path: '/__nothing%3Cb%3E', which: 'fault', status: 404, type: /^application\/json/ },
    ];
    for (const { path, method = 'GET', headers = {}, which = 'main', status, type } of cases) {
      const r = await raw({ which, path, method, headers });
      const what = `${method} ${path}`;
      expect([what, r.status, r.headers['x-content-type-options']]).to.deep.equal([what, status, 'nosniff']);
      if (type) expect(r.headers['content-type'], what).to.match(type);
      else expect(r.body, what).to.equal('');
    }
  });

  it('a JSON answer over 1 kB goes out compressed when accepted, and decodes to the same JSON', async () => {
    const path = '/api/clients/demo/profile?menuLanguage=en';
    const plain = await raw({ which: 'main', path });
    expect(plain.status).to.equal(200);
    expect(plain.headers['content-encoding']).to.equal(undefined);
    expect(plain.headers.vary).to.equal('Accept-Encoding');
    const size = Number(plain.headers['content-length']);
    expect(JSON.parse(plain.body)).to.have.property('children');
    expect(size).to.be.above(8000);
    // A token refused with q=0 is not used; the best accepted one is.
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['br;q=0, gzip', 'gzip'],
      ['BR;q=0.0, GZIP;q=0', undefined],
      ['identity', undefined],
    ] as const) {
      const r = await raw({ which: 'main', path, headers: { 'accept-encoding': accept } });
      expect([accept, r.status, r.headers['content-encoding']]).to.deep.equal([accept, 200, encoding]);
      if (encoding) {
        expect(Number(r.headers['content-length']), accept).to.be.below(size / 3);
        // The same JSON in other bytes: a weak validator, which If-None-Match matches either way.
        expect(r.headers.etag).to.equal(`W/${plain.headers.etag}`);
        const again = await raw({
          which: 'main',
          path,
          headers: { 'accept-encoding': accept, 'if-none-match': plain.headers.etag },
        });
        expect(again.status, accept).to.equal(304);
      } else expect(r.headers.etag, accept).to.equal(plain.headers.etag);
    }
    // A small answer goes as it is; the browser reads a compressed one as the same JSON.
    const small = await raw({ which: 'main', path: '/api/clients/demo', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).to.equal(undefined);
    const read = await fetch(new URL(path.slice(1), PROVIDER_URL), { cache: 'no-store' });
    expect(await read.json()).to.deep.equal(JSON.parse(plain.body));
  });

  it("the demo server serves the pages and what they load, never the servers' own source", async () => {
    const get = async (path: string) => {
      const r = await fetch(new URL(path, DEMO_URL), { cache: 'no-store' });
      await r.arrayBuffer();
      return r;
    };
    for (const path of [
      'provider/server.mjs',
      'provider/bigdemo.mjs',
      'static-server.mjs',
      'start.mjs',
      'README.md',
      'provider/',
      'static-server',
      '.gitignore',
    ]) {
      const r = await get(path);
      expect([path, r.status, r.headers.get('content-type')]).to.deep.equal([path, 404, 'text/plain; charset=utf-8']);
    }
    for (const [path, type] of [
      ['', 'text/html'],
      ['embed.html', 'text/html'],
      ['embed.js', 'text/javascript'],
      ['embed.css', 'text/css'],
      ['embed-diagnostics.js', 'text/javascript'],
      ['gallery/wordpress.html', 'text/html'],
      ['gallery/site.js', 'text/javascript'],
      ['test-fixtures/fake-youtube-iframe-api.js', 'text/javascript'],
      ['dist/patient-ed-player.js', 'text/javascript'],
    ]) {
      const r = await get(path);
      expect([path, r.status, r.headers.get('content-type')?.split(';')[0]]).to.deep.equal([path, 200, type]);
    }
  });
});

describe('embed pages and their postMessage allow-list', function () {
  this.timeout(40000);
  const frames: HTMLIFrameElement[] = [];
  afterEach(() => {
    for (const f of frames.splice(0)) f.remove();
  });

  it("the demo's query-driven embed page says it is a demo, on the page and outside the player", async () => {
    const html = await (await fetch(new URL('embed.html', DEMO_URL), { cache: 'no-store' })).text();
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const notice = doc.body.querySelector('.demo-notice');
    // On the page itself (the player, which the page's script adds, is a sibling), never inside the player.
    expect(notice?.parentElement?.tagName).to.equal('BODY');
    expect(notice!.textContent).to.match(
      /^Demo embed page: it takes its options, the postMessage allow-list included, from its own URL\./,
    );
    expect(notice!.textContent).to.include('allowed-origins');
  });

  it('the hostable embed page never takes its allow-list from its URL, which the framing site writes', async () => {
    // The link names another site as the only one allowed: a list there would restrict nothing (a framing site would
    // leave it out), and the page, whose markup sets none, is commanded by its parent as any page without a list.
    const frame = document.createElement('iframe');
    const allowed = encodeURIComponent('https://clinic.example');
    frame.src = `${PROVIDER_URL}dist/embed.html?client=demo&allowed-origins=${allowed}`;
    frames.push(frame);
    const origin = new URL(PROVIDER_URL).origin;
    let ready = false;
    const onReady = (e: MessageEvent<PlayerMessage>) => {
      if (
        e.source === frame.contentWindow &&
        e.data?.type === 'patient-ed-player:event' &&
        e.data.payload?.event === 'onReady'
      )
        ready = true;
    };
    addEventListener('message', onReady);
    document.body.append(frame);
    // Its events come here: the list in the URL does not send them to clinic.example.
    await waitFor(() => ready, 'onReady from the embed page', 20000).finally(() =>
      removeEventListener('message', onReady),
    );
    const answer = new Promise((resolve) => {
      const onMessage = (e: MessageEvent<PlayerMessage>) => {
        if (
          e.source !== frame.contentWindow ||
          e.data?.type !== 'patient-ed-player:result' ||
          e.data.payload?.id !== 'lang'
        )
          return;
        removeEventListener('message', onMessage);
        resolve(e.data.payload.result);
      };
      addEventListener('message', onMessage);
    });
    frame.contentWindow!.postMessage(
      { type: 'patient-ed-player:command', payload: { command: 'getLanguage', id: 'lang' } },
      origin,
    );
    expect(await answer).to.equal('en');
  });
});
