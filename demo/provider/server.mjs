/**
 * Reference content provider for <patient-ed-player>: a plain Node HTTP server (no dependencies) implementing
 * docs/provider-api.md over the sample content in demo/content/.
 *
 *   import { createProvider, startProvider } from './demo/provider/server.mjs';
 *   const server = createProvider({ root, publicUrl });        // an http.Server, not listening
 *   const { server, url } = await startProvider({ port: 0 });  // listening; url like http://localhost:PORT/
 *
 * Run directly (`node demo/provider/server.mjs`) it listens on PROVIDER_PORT (default 8001), HOST (default 127.0.0.1).
 *
 * Test hooks, only when started for tests (`testHooks: true`, or PROVIDER_TEST_HOOKS=1 when run directly; `npm start`
 * never enables them). Per server instance; these paths are never logged nor failed, and they send no CORS headers
 * (a page on another origin cannot use them; the browser tests reach them through the test runner, in Node):
 *   GET  /__log                                   the last 200 requests (preflights included), oldest first:
 *                                                 [{ id, time, method, path, query, referrer, status, injected? }]
 *                                                 referrer: the X-Embed-Referrer header, null when absent;
 *                                                 status: 0 for a dropped connection; injected: the failure applied
 *   POST /__log/clear                             empties it
 *   POST /__fail {"path":"/api/x","status":503,"times":2}
 *                                                 the next 2 requests whose path starts with /api/x answer 503;
 *        "status":"drop" destroys the socket instead (a network error); "delay":ms waits first (alone: only a delay);
 *        "body": a JSON text answered instead (status 200 unless given); "cors": false answers as usual without CORS
 *        headers (a content-delivery host that sends none); "hang": n sends the usual answer up to byte n of the
 *        resource (of a range answer, what lies before it), then nothing (a connection that stalls mid-file).
 *        OPTIONS preflights are never failed, so a browser sees the injected status itself.
 *   POST /__fail/clear                            removes every pending failure
 * Changes are POSTs with a JSON body (Content-Type: application/json; anything else is refused with 415).
 * The same hooks are on `server.provider` for Node callers: { log(), clearLog(), fail(rule), clearFailures() }.
 * Without test hooks these paths are not found (404), and `server.provider` is undefined.
 *
 * URLs in answers (video sources) are built from `publicUrl`, or the address the server listens on; never from the
 * request's Host header.
 *
 * Besides the clients in content/clients/, the provider serves `bigdemo` (see bigdemo.mjs): a 10,000-item menu
 * generated in memory on first use (createProvider({ bigdemo: false }) turns it off). Profiles are served with each
 * item node's voice-over `languages`, computed once per client and cached with their JSON text and ETag (a change
 * of the client file recomputes them).
 */
import http from 'node:http';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import {
  MAX_QUERY_LENGTH,
  SEARCH_LANGUAGES,
  SearchIndex,
  parseFacetFilters,
  profileRecords,
  queryForms,
  tokenize,
} from '../../src/search/engine.js';
import { BIGDEMO_CLIENT, bigdemoConfig, bigdemoNumber, buildBigdemo, deriveBigdemoPlaylist } from './bigdemo.mjs';
import { BIGCOLLECTION_CLIENT, bigcollectionConfig, buildBigcollection } from './bigdemo.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_CONTENT_ROOT = path.resolve(HERE, '..', 'content');

const CONTENT_TYPES = {
  '.mp4': 'video/mp4',
  '.m4a': 'audio/mp4',
  '.vtt': 'text/vtt; charset=utf-8',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
};
/** The player's build, served at /dist/ (docs/provider-api.md): where a content vendor serves the script too. */
const DEFAULT_DIST = path.resolve(HERE, '../../dist');
const JSON_TYPE = 'application/json; charset=utf-8';
const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'ETag, Content-Range, Accept-Ranges, Content-Length, X-Embed-Referrer-Seen',
};
const PREFLIGHT_HEADERS = {
  'Access-Control-Allow-Methods': 'GET, HEAD, POST, OPTIONS',
  'Access-Control-Allow-Headers': [
    'X-Embed-Referrer',
    'Range',
    'If-None-Match',
    'Content-Type',
    'X-Algolia-API-Key',
    'X-Algolia-Application-Id',
    'X-Algolia-Agent',
  ].join(', '),
  'Access-Control-Max-Age': '600',
};
const LOG_LIMIT = 200;
/** Top paths whose segments are codes looked up by name (a client, a playlist, a user), never file paths. */
const CODE_ROUTES = new Set(['api', 'cdn']);
/** The search endpoint of Algolia's API that the player's hosted search uses (docs/provider-api.md, Search). */
const SEARCH_PATH = '/1/indexes/*/queries';
/** A client's index sorted by title in a language: `{client}_title_{lang}_asc`. */
const TITLE_REPLICA = /_title_[a-z]{2,3}_asc$/;
const SEARCH_BODY_LIMIT = 256 * 1024;
/**
 * What one search call may ask, in its work and not only in the size of its answer (without them a 3 KB call of 50
 * one-letter queries took 2 s of the server's one thread, and one query of 256 one-letter words 7 s). The dialog's
 * calls stay well inside: one query, at most 5 requests (the query, and one per refined facet when filters combine
 * with `or`, the titles toggle's included), 5 facets, InstantSearch's highlight tags, at most 10 rule contexts. Over
 * a limit the call is refused with 400, Algolia's shape.
 */
export const SEARCH_LIMITS = {
  /** Requests (sub-queries) in one call. */
  requests: 8,
  /** Hits asked for, over the call's requests. */
  hits: 1000,
  /** Filter values in one request. */
  filters: 200,
  /** Facet names in one request (`*` is one). */
  facets: 10,
  /** Characters of a highlight tag (each tag is written around every matched word of every hit). */
  tag: 64,
  /**
   * The work of the call, in index entries read (about 2 µs each): each different query of the call (a query asked
   * by several requests is matched once) counts, for each of its words, WORD_COST plus the (term, label) entries its
   * prefix reaches (a one-letter word reaches every word that starts with it: up to 35,000 in bigdemo; a whole word
   * only itself); each request counts what it walks besides (requestCost). The dialog's heaviest calls, on
   * bigdemo's 10,000 items (five requests sorted by title, a query of two one-letter words, a value ticked in each
   * facet and the titles toggle on), come to about 250,000; eight requests sorted over every item (280,000) are
   * refused.
   */
  work: 275_000,
};
/** What a query word costs besides the entries its prefix reaches (the search itself, a typo-tolerant walk). */
const WORD_COST = 500;
/**
 * The work of a request besides its query's match: per record of the index, its facets, each filter value tested on
 * every hit, and a sort by title; per hit asked for, its highlighted labels.
 */
const requestCost = ({ records, filters, sorted, hits }) =>
  Math.ceil(records * (0.5 + filters / 50 + (sorted ? 3 : 0)) + Math.min(hits, records) * 50);
const REFERRER_HEADER = 'x-embed-referrer';

const RE = {
  client: /^[a-z0-9][a-z0-9_-]{0,63}$/i,
  code: /^[A-Za-z0-9][A-Za-z0-9_:.-]{0,99}$/,
  file: /^[a-z0-9][a-z0-9_-]{0,119}$/i,
  user: /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/,
  lang: /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/i,
};

class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}
const badParam = (name, value) => new ApiError(400, 'invalid_parameter', `Invalid ${name} '${value}'`);
/** A client id that cannot be one (a link's typo, a slash) names no client: the player shows its not-found screen. */
const unknownClient = (client) => new ApiError(404, 'client_not_found', `Unknown client '${client}'`);

/** The primary subtag in lower case ('es-419' -> 'es'). */
const baseLang = (lang) => lang.split('-')[0].toLowerCase();

function isHeaderSafe(value) {
  return typeof value === 'string' && !/[^\t\x20-\x7e\x80-\xff]/.test(value);
}

/**
 * One `bytes=` range -> { start, end } (inclusive), 'unsatisfiable', or undefined when the header is to be
 * ignored (malformed, several ranges, other units: the whole file is sent, as RFC 9110 allows).
 */
function parseRange(header, size) {
  const m = /^bytes=(\d*)-(\d*)$/.exec(String(header).trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') {
    const n = Number(m[2]); // suffix range: the last n bytes
    if (n === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? Infinity : Number(m[2]);
  if (end < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}

function etagMatches(header, etag) {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}

/**
 * Splits the raw request target into decoded path segments and a query. `unsafe`: a segment that could leave its
 * folder ('..' or '.', encoded or not, an encoded slash, a backslash, NUL): refused where a path names a file, a
 * code that names nothing where it names a client, a playlist or a user (see handle()).
 */
function parseTarget(rawUrl) {
  // absolute-form (as sent to proxies): keep the path and query
  if (typeof rawUrl === 'string' && /^https?:\/\/[^/?#]*/i.test(rawUrl))
    rawUrl = rawUrl.replace(/^https?:\/\/[^/?#]*/i, '') || '/';
  if (typeof rawUrl !== 'string' || !rawUrl.startsWith('/'))
    throw new ApiError(400, 'bad_request', 'Malformed request target');
  const q = rawUrl.indexOf('?');
  const rawPath = q === -1 ? rawUrl : rawUrl.slice(0, q);
  const rawQuery = q === -1 ? '' : rawUrl.slice(q + 1);
  const segments = [];
  let unsafe = false;
  for (const raw of rawPath.split('/')) {
    let seg;
    try {
      seg = decodeURIComponent(raw);
    } catch {
      throw new ApiError(400, 'bad_request', 'Malformed percent-encoding in path');
    }
    if (seg === '..' || seg === '.' || /[/\\\0]/.test(seg) || raw.includes('\\')) unsafe = true;
    if (seg) segments.push(seg);
  }
  return { rawPath, rawQuery, segments, unsafe, query: new URLSearchParams(rawQuery) };
}

export function createProvider({
  root = DEFAULT_CONTENT_ROOT,
  publicUrl,
  jsonMaxAge = 300,
  fileMaxAge = 86400,
  bigdemo = true,
  testHooks = false,
  dist = DEFAULT_DIST,
  distMaxAge = fileMaxAge,
} = {}) {
  const contentRoot = path.resolve(root);
  const base = publicUrl ? (publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`) : undefined;
  /** Per-instance test-hook state. */
  const requestLog = [];
  let failures = [];
  let nextId = 1;

  const within = (dir, ...parts) => {
    const target = path.resolve(contentRoot, dir, ...parts);
    const top = path.resolve(contentRoot, dir);
    if (target !== top && !target.startsWith(top + path.sep))
      throw new ApiError(400, 'invalid_path', 'Path traversal is not allowed');
    return target;
  };

  async function readJsonFile(file) {
    let text;
    try {
      text = await fsp.readFile(file, 'utf8');
    } catch (e) {
      if (e.code === 'ENOENT' || e.code === 'ENOTDIR' || e.code === 'EISDIR') return undefined;
      throw e;
    }
    return JSON.parse(text);
  }
  const exists = async (file) => {
    try {
      return (await fsp.stat(file)).isFile();
    } catch {
      return false;
    }
  };
  const dirExists = async (dir) => {
    try {
      return (await fsp.stat(dir)).isDirectory();
    } catch {
      return false;
    }
  };

  // ---- responses ------------------------------------------------------------------------------
  /** A JSON body as bytes with its ETag, computed once (cached answers keep it). */
  function prepareJson(body) {
    const buf = Buffer.from(JSON.stringify(body));
    return { buf, etag: `"${crypto.createHash('sha1').update(buf).digest('base64url').slice(0, 22)}"` };
  }
  function sendJson(req, res, status, body, options) {
    return sendPrepared(req, res, status, prepareJson(body), options);
  }
  /**
   * A JSON answer over 1 kB goes out compressed when the request accepts it, as a production web server sends it (a
   * client's profile: 12.6 kB, 4.0 kB with brotli): brotli at quality 5 (fast enough for a 20,000-item profile), else
   * gzip, made once per prepared answer. Its ETag is then weak (`W/"..."`, as nginx marks it: the same JSON, other
   * bytes), and either form matches in If-None-Match.
   */
  const compressedAnswers = new WeakMap(); // prepared answer -> { br?, gzip? }
  function encodeAnswer(req, prepared) {
    if (prepared.buf.length < 1024) return null;
    const accepted = new Set();
    for (const part of String(req.headers['accept-encoding'] ?? '').split(',')) {
      const [token, ...params] = part.split(';').map((text) => text.trim().toLowerCase());
      if (!params.some((param) => param.startsWith('q=') && Number(param.slice(2)) === 0)) accepted.add(token);
    }
    const name = accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null;
    if (!name) return null;
    let kept = compressedAnswers.get(prepared);
    if (!kept) compressedAnswers.set(prepared, (kept = {}));
    kept[name] ??=
      name === 'br'
        ? zlib.brotliCompressSync(prepared.buf, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
        : zlib.gzipSync(prepared.buf, { level: 6 });
    return { name, body: kept[name] };
  }
  function sendPrepared(req, res, status, prepared, { cache = true, headers = {} } = {}) {
    const encoded = encodeAnswer(req, prepared);
    const etag = encoded ? `W/${prepared.etag}` : prepared.etag;
    const buf = encoded ? encoded.body : prepared.buf;
    const h = { 'Content-Type': JSON_TYPE, Vary: 'Accept-Encoding', ...headers };
    if (cache && status >= 200 && status < 300) {
      h.ETag = etag;
      h['Cache-Control'] = `public, max-age=${jsonMaxAge}`;
      if (etagMatches(req.headers['if-none-match'], etag)) {
        res.writeHead(304, h);
        return res.end();
      }
    } else {
      h['Cache-Control'] = 'no-store';
    }
    if (encoded) h['Content-Encoding'] = encoded.name;
    h['Content-Length'] = buf.length;
    res.writeHead(status, h);
    res.end(req.method === 'HEAD' ? undefined : buf);
  }
  function sendError(req, res, status, code, message, headers = {}) {
    if (res.headersSent) return res.destroy();
    sendJson(req, res, status, { error: { status, code, message } }, { cache: false, headers });
  }

  /** Static file with ETag / 304 and single-range support. */
  async function sendFile(
    req,
    res,
    file,
    { maxAge = fileMaxAge, immutable = false, notFound = ['not_found', 'Not found'] } = {},
  ) {
    let stat;
    try {
      stat = await fsp.stat(file);
    } catch {
      stat = undefined;
    }
    if (!stat || !stat.isFile()) throw new ApiError(404, notFound[0], notFound[1]);
    const size = stat.size;
    const etag = `"${size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
    const headers = {
      'Content-Type': CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
      'Accept-Ranges': 'bytes',
      ETag: etag,
      'Last-Modified': stat.mtime.toUTCString(),
      'Cache-Control': `public, max-age=${maxAge}${immutable ? ', immutable' : ''}`,
    };
    if (etagMatches(req.headers['if-none-match'], etag)) {
      res.writeHead(304, headers);
      return res.end();
    }
    let start = 0;
    let end = size - 1;
    let status = 200;
    const ifRange = req.headers['if-range'];
    const range =
      req.headers.range && (!ifRange || ifRange === etag || ifRange === headers['Last-Modified'])
        ? parseRange(req.headers.range, size)
        : undefined;
    if (range === 'unsatisfiable') {
      const body = Buffer.from(
        JSON.stringify({
          error: { status: 416, code: 'range_not_satisfiable', message: `Range outside 0-${size - 1}` },
        }),
      );
      res.writeHead(416, {
        ...headers,
        'Content-Range': `bytes */${size}`,
        'Content-Type': JSON_TYPE,
        'Cache-Control': 'no-store',
        'Content-Length': body.length,
      });
      return res.end(req.method === 'HEAD' ? undefined : body);
    }
    if (range) {
      ({ start, end } = range);
      status = 206;
      headers['Content-Range'] = `bytes ${start}-${end}/${size}`;
    }
    headers['Content-Length'] = end - start + 1;
    res.writeHead(status, headers);
    if (req.method === 'HEAD' || end < start) return res.end();
    await new Promise((resolve) => {
      const stream = fs.createReadStream(file, { start, end });
      stream.on('error', () => {
        res.destroy();
        resolve();
      });
      res.on('close', () => {
        stream.destroy();
        resolve();
      });
      stream.pipe(res);
    });
  }

  // The configured public origin, else the address the request came in on: never the Host header (a forged one
  // would put another site's URL in a video-source answer).
  const publicBase = (req) => {
    if (base ?? server.publicUrl) return base ?? server.publicUrl;
    const addr = req.socket.localAddress?.includes(':') ? `[${req.socket.localAddress}]` : req.socket.localAddress;
    return `http://${addr}:${req.socket.localPort}/`;
  };

  // ---- content lookups ------------------------------------------------------------------------
  const isBigdemo = (client) => bigdemo && client === BIGDEMO_CLIENT;
  // `bigcollection` (bigdemo.mjs): one collection of 19,998 items, generated; its profile only.
  const isBigcollection = (client) => bigdemo && client === BIGCOLLECTION_CLIENT;
  async function loadClient(client) {
    if (!RE.client.test(client)) throw unknownClient(client);
    if (isBigdemo(client)) return bigdemoConfig();
    if (isBigcollection(client)) return bigcollectionConfig();
    const data = await readJsonFile(within('clients', `${client}.json`));
    if (!data) throw unknownClient(client);
    return data;
  }
  function optionalLang(query, name) {
    const v = query.get(name);
    if (v === null || v === '') return undefined;
    if (!RE.lang.test(v)) throw badParam(name, v);
    return v;
  }
  /**
   * The voice-over languages of a file's media (`{lang}.mp4`), or with `ad` its audio-described ones
   * (`{lang}-ad.mp4`).
   */
  async function mediaLanguages(file, ad = false) {
    const suffix = ad ? '-ad.mp4' : '.mp4';
    try {
      return (await fsp.readdir(within('media', file)))
        .filter((n) => n.endsWith(suffix) && (ad || !n.endsWith('-ad.mp4')))
        .map((n) => n.slice(0, -suffix.length))
        .sort();
    } catch {
      return [];
    }
  }
  /** A playlist as stored (not localized), or undefined when the client has no such code. */
  async function loadPlaylist(client, code) {
    if (isBigdemo(client)) return bigdemoPlaylist(code);
    return readJsonFile(within('playlists', client, `${code}.json`));
  }

  // ---- bigdemo (generated once per server, on first use) ---------------------------------------
  let bigdemoData;
  let bigdemoSources;
  /** { tree, items: Map(code -> node) }, its items cycling through the media files that have a video. */
  function loadBigdemo() {
    if (bigdemoData) return bigdemoData;
    bigdemoData = (async () => {
      let dirs = [];
      try {
        dirs = (await fsp.readdir(within('media'), { withFileTypes: true }))
          .filter((d) => d.isDirectory() && RE.file.test(d.name))
          .map((d) => d.name);
      } catch {
        /* no media: every item is a presentation */
      }
      const files = [];
      for (const name of dirs.sort()) if ((await mediaLanguages(name)).length > 0) files.push(name);
      return buildBigdemo(files);
    })();
    bigdemoData.catch(() => {
      bigdemoData = undefined;
    });
    return bigdemoData;
  }
  /**
   * The stored playlists bigdemo's are derived from: per file, the first one-item playlist playing it (else the
   * first playlist that has it), and for presentations the first playlist of slides; demo's playlists first, then
   * the other clients' (alphabetically), codes in order. Read once per server.
   */
  function loadBigdemoSources() {
    if (bigdemoSources) return bigdemoSources;
    bigdemoSources = (async () => {
      const byFile = new Map();
      let slides;
      let clients = [];
      try {
        clients = (await fsp.readdir(within('playlists'), { withFileTypes: true }))
          .filter((d) => d.isDirectory() && RE.client.test(d.name) && !isBigdemo(d.name))
          .map((d) => d.name);
      } catch {
        /* no playlists */
      }
      clients.sort((x, y) => (x === 'demo' ? -1 : y === 'demo' ? 1 : x < y ? -1 : x > y ? 1 : 0));
      for (const client of clients) {
        const names = (await fsp.readdir(within('playlists', client))).filter((n) => n.endsWith('.json')).sort();
        for (const name of names) {
          let playlist;
          try {
            playlist = await readJsonFile(within('playlists', client, name));
          } catch {
            continue; // a broken file is not a source
          }
          const items = Array.isArray(playlist?.items) ? playlist.items : [];
          const source = { playlist, practice: typeof playlist?.provider === 'string' ? playlist.provider : undefined };
          if (!slides && items.length > 0 && items.every((it) => !it.file && Array.isArray(it.slides))) slides = source;
          for (const it of items) {
            if (typeof it.file !== 'string') continue;
            const known = byFile.get(it.file);
            if (!known || (known.playlist.items.length > 1 && items.length === 1)) byFile.set(it.file, source);
          }
        }
      }
      return { byFile, slides };
    })();
    bigdemoSources.catch(() => {
      bigdemoSources = undefined;
    });
    return bigdemoSources;
  }
  async function bigdemoPlaylist(code) {
    if (bigdemoNumber(code) === undefined) return undefined;
    const node = (await loadBigdemo()).items.get(code);
    if (!node) return undefined;
    const { byFile, slides } = await loadBigdemoSources();
    const source = node.file ? byFile.get(node.file) : slides;
    return source ? deriveBigdemoPlaylist(node, source.playlist, source.practice) : undefined;
  }

  // ---- profiles with item languages (cached per client) ---------------------------------------
  /**
   * The voice-over languages of an item node: its file's media languages, else (presentations, YouTube and Vimeo
   * items) its playlist's `voLanguages`; undefined when neither says.
   */
  async function itemLanguages(client, node, langsByFile) {
    if (typeof node.file === 'string' && RE.file.test(node.file)) {
      if (!langsByFile.has(node.file)) langsByFile.set(node.file, await mediaLanguages(node.file));
      const langs = langsByFile.get(node.file);
      if (langs.length > 0) return [...langs];
    }
    if (typeof node.code !== 'string' || !RE.code.test(node.code)) return undefined;
    let playlist;
    try {
      playlist = await loadPlaylist(client, node.code);
    } catch {
      return undefined; // a broken playlist file fails its own request, not the menu
    }
    const vo = playlist?.voLanguages;
    return Array.isArray(vo) && vo.length > 0 && vo.every((l) => typeof l === 'string') ? [...vo] : undefined;
  }
  /** A copy of the tree whose item nodes carry `languages` (appended; nothing else changes). */
  async function withLanguages(client, node, langsByFile) {
    if (!node || typeof node !== 'object' || Array.isArray(node)) return node;
    if (node.layer === 'item') {
      const languages = await itemLanguages(client, node, langsByFile);
      return languages ? { ...node, languages } : node;
    }
    if (!Array.isArray(node.children)) return node;
    const children = [];
    for (const child of node.children) children.push(await withLanguages(client, child, langsByFile));
    return { ...node, children };
  }
  const profileCache = new Map();
  /** The profile answer (bytes and ETag) of a client, computed once per version of its client file. */
  async function profileResponse(client) {
    if (!RE.client.test(client)) throw unknownClient(client);
    let key = 'generated';
    if (!isBigdemo(client) && !isBigcollection(client)) {
      let stat;
      try {
        stat = await fsp.stat(within('clients', `${client}.json`));
      } catch {
        stat = undefined;
      }
      if (!stat?.isFile()) throw unknownClient(client);
      key = `${stat.size}:${stat.mtimeMs}`;
    }
    const hit = profileCache.get(client);
    if (hit && hit.key === key) return hit.promise;
    const promise = (async () => {
      if (isBigcollection(client)) {
        const tree = buildBigcollection(); // no languages looked up: 20,000 files that do not exist
        return { ...prepareJson(tree), tree };
      }
      const tree = isBigdemo(client) ? (await loadBigdemo()).tree : (await loadClient(client)).profile;
      const served = await withLanguages(client, tree, new Map());
      return { ...prepareJson(served), tree: served };
    })();
    profileCache.set(client, { key, promise });
    promise.catch(() => {
      if (profileCache.get(client)?.promise === promise) profileCache.delete(client);
    });
    return promise;
  }

  function localize(playlist, menuLanguage, videoLanguage, langsByFile, base) {
    const lang = menuLanguage && baseLang(menuLanguage);
    const out = structuredClone(playlist);
    if (lang && out.labels?.[lang]) out.label = out.labels[lang];
    // Renditions (`sources`) are stored as paths on this server and answered as absolute URLs, as video sources are.
    const absolute = (list) =>
      Array.isArray(list)
        ? list.map((s) =>
            typeof s?.src === 'string' && URL.canParse(s.src, base) ? { ...s, src: new URL(s.src, base).href } : s,
          )
        : list;
    if (out.sources) out.sources = absolute(out.sources);
    for (const item of out.items ?? []) {
      if (lang && item.labels?.[lang]) item.label = item.labels[lang];
      if (item.sources) item.sources = absolute(item.sources);
      const langs = item.file ? langsByFile.get(item.file) : undefined;
      if (videoLanguage && langs?.length && /Hosted|Uploaded/.test(item.type ?? '')) {
        item.language = langs.includes(baseLang(videoLanguage))
          ? baseLang(videoLanguage)
          : langs.includes('en')
            ? 'en'
            : langs[0];
      }
    }
    return out;
  }

  // ---- routes -----------------------------------------------------------------------------------
  async function route(req, res, { segments, query }) {
    const [top, ...rest] = segments;
    if (segments.length === 0) {
      let clients = [];
      try {
        clients = (await fsp.readdir(within('clients')))
          .filter((n) => n.endsWith('.json'))
          .map((n) => n.slice(0, -5))
          .sort();
      } catch {
        /* empty root */
      }
      if (bigdemo && !clients.includes(BIGDEMO_CLIENT)) clients = [...clients, BIGDEMO_CLIENT].sort();
      return sendJson(req, res, 200, {
        name: 'patient-ed-player reference provider',
        docs: 'docs/provider-api.md',
        clients,
        hosts: { api: 'api/', delivery: 'cdn/', static: 'static/', brochure: 'brochures/', media: 'media/' },
      });
    }

    if (top === 'dist' && dist) {
      // The player's build, so that `<script src="<provider>/dist/patient-ed-player.js">` with no provider-url is a
      // complete embed (the player's default provider is the script's origin). Hashed chunks are cached for long
      // (`distMaxAge`; with 0 every use is revalidated, so a failure rule meets it however often it loaded before); the
      // entry, the loader and the embed page, whose names stay, are revalidated.
      const root = path.resolve(dist);
      const file = path.resolve(root, ...rest);
      if (!file.startsWith(root + path.sep)) throw new ApiError(400, 'invalid_path', 'Path traversal is not allowed');
      return sendFile(req, res, file, {
        maxAge: rest[0] === 'chunks' ? distMaxAge : 0,
        immutable: rest[0] === 'chunks' && distMaxAge > 0,
      });
    }

    if (top === 'api') {
      const [kind, a, b, c, ...more] = rest;
      if (kind === 'clients' && a !== undefined) {
        if (b === undefined) {
          const data = await loadClient(a);
          // `search`: the account's hosted search settings, when the client file has them (docs/provider-api.md).
          return sendJson(req, res, 200, {
            client: data.client,
            name: data.name,
            userId: data.userId,
            preferences: data.preferences ?? {},
            ...(data.search ? { search: data.search } : {}),
          });
        }
        if (b === 'profile' && c === undefined) {
          optionalLang(query, 'menuLanguage');
          return sendPrepared(req, res, 200, await profileResponse(a));
        }
        if (b === 'playlists' && c !== undefined && more.length === 0) {
          const menuLanguage = optionalLang(query, 'menuLanguage');
          const videoLanguage = optionalLang(query, 'videoLanguage');
          await loadClient(a);
          // A code that cannot be one names no playlist, as an unknown one.
          const playlist = RE.code.test(c) ? await loadPlaylist(a, c) : undefined;
          if (!playlist) throw new ApiError(404, 'playlist_not_found', `Unknown playlist '${c}' for client '${a}'`);
          const langsByFile = new Map();
          for (const item of playlist.items ?? []) {
            if (item.file && RE.file.test(item.file)) langsByFile.set(item.file, await mediaLanguages(item.file));
          }
          return sendJson(req, res, 200, localize(playlist, menuLanguage, videoLanguage, langsByFile, publicBase(req)));
        }
      }
      if (kind === 'videos' && a !== undefined && b === 'captions' && c === undefined) {
        const format = query.get('format');
        if (format !== null && format !== 'vtt') {
          throw new ApiError(400, 'unsupported_format', `Unsupported caption format '${format}' (only 'vtt')`);
        }
        if (!RE.file.test(a)) throw badParam('video id', a);
        const voiceLanguage = optionalLang(query, 'voiceLanguage');
        const textLanguage = optionalLang(query, 'textLanguage') ?? voiceLanguage ?? 'en';
        const dir = within('captions', a);
        if (!(await dirExists(dir))) throw new ApiError(404, 'video_not_found', `Unknown video '${a}'`);
        // One caption file per text language; the narration is timed identically in every voice language.
        return sendFile(req, res, within('captions', a, `${baseLang(textLanguage)}.vtt`), {
          maxAge: jsonMaxAge,
          notFound: ['captions_not_found', `No '${textLanguage}' captions for video '${a}'`],
        });
      }
      if (kind === 'vod' && a !== undefined && b !== undefined && c === undefined) {
        await loadClient(a);
        if (!RE.file.test(b)) throw badParam('file id', b);
        const requested = optionalLang(query, 'language') ?? 'en';
        const langs = await mediaLanguages(b);
        if (langs.length === 0) throw new ApiError(404, 'video_not_found', `Unknown video '${b}'`);
        const language = langs.includes(baseLang(requested))
          ? baseLang(requested)
          : langs.includes('en')
            ? 'en'
            : langs[0];
        // audioDescriptions=1: the audio-described variant of that language, when there is one.
        const ad = query.get('audioDescriptions');
        if (ad !== null && ad !== '0' && ad !== '1') throw badParam('audioDescriptions', ad);
        const described = ad === '1' && (await mediaLanguages(b, true)).includes(language);
        const src = `${publicBase(req)}media/${encodeURIComponent(b)}/${language}${described ? '-ad' : ''}.mp4`;
        return sendJson(req, res, 200, {
          src,
          type: 'video/mp4',
          alternate: `${src}?via=cdn`,
          language,
          audioDescriptions: described,
        });
      }
      throw new ApiError(404, 'not_found', `No API route for '/${segments.join('/')}'`);
    }

    if (top === 'cdn') {
      const [user, kind, contentId, ...more] = rest;
      if (user !== undefined && !RE.user.test(user)) throw badParam('user id', user);
      if (user !== undefined && kind === 'preferences' && contentId === undefined) {
        const prefs = await readJsonFile(within('users', user, 'preferences.json'));
        if (!prefs) throw new ApiError(404, 'user_not_found', `Unknown user '${user}'`);
        return sendJson(req, res, 200, prefs);
      }
      if (user !== undefined && kind === 'meta' && contentId !== undefined && more.length === 0) {
        optionalLang(query, 'voiceLanguage');
        optionalLang(query, 'textLanguage');
        if (!RE.code.test(contentId)) throw badParam('content id', contentId);
        const meta = await readJsonFile(within('meta', user, `${contentId}.json`));
        if (meta) return sendJson(req, res, 200, meta);
        if ((await dirExists(within('users', user))) || (await dirExists(within('meta', user)))) {
          // a known user without a record for this content
          return sendJson(req, res, 200, { contentId, items: [] });
        }
        throw new ApiError(404, 'user_not_found', `Unknown user '${user}'`);
      }
      throw new ApiError(404, 'not_found', `No content-delivery route for '/${segments.join('/')}'`);
    }

    if (top === 'static' && rest.length > 0) {
      return sendFile(req, res, within('static', ...rest));
    }

    if (top === 'brochures' && rest.length === 3) {
      const [client, file, langPart] = rest;
      await loadClient(client);
      if (!RE.file.test(file)) throw badParam('file id', file);
      const lang = langPart.replace(/\.pdf$/i, '');
      if (!RE.lang.test(lang)) throw badParam('language', lang);
      const notFound = ['brochure_not_found', `No brochure for '${file}'`];
      let target = within('brochures', file, `${baseLang(lang)}.pdf`);
      if (!(await exists(target))) target = within('brochures', file, 'en.pdf'); // falls back to English
      return sendFile(req, res, target, { notFound });
    }

    if (top === 'media' && rest.length === 2) {
      const [file, name] = rest;
      if (!RE.file.test(file) || !/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*\.mp4$/.test(name))
        throw badParam('media path', `${file}/${name}`);
      return sendFile(req, res, within('media', file, name), {
        notFound: ['video_not_found', `No media '${file}/${name}'`],
      });
    }

    throw new ApiError(404, 'not_found', `Nothing at '/${segments.join('/')}'`);
  }

  // ---- test hooks -------------------------------------------------------------------------------
  const hooks = {
    log: () => requestLog.map((e) => ({ ...e })),
    clearLog: () => {
      requestLog.length = 0;
    },
    /**
     * rule: { path, status (number | 'drop'), times = 1, delay = 0, body (a JSON text answered instead, status 200 by
     * default), cors (false: the usual answer without CORS headers), hang (bytes: the usual answer is sent up to that
     * byte of the resource, then the connection stalls) }
     */
    fail: ({ path: prefix, status, times = 1, delay = 0, body, cors, hang }) => {
      if (typeof prefix !== 'string' || !prefix.startsWith('/')) {
        throw new ApiError(
          400,
          'invalid_parameter',
          `path must be a path prefix starting with '/' (got ${JSON.stringify(prefix ?? null)})`,
        );
      }
      const drop = status === 'drop';
      const code = drop || status === undefined || status === null || status === '' ? undefined : Number(status);
      if (!drop && code !== undefined && !(Number.isInteger(code) && code >= 100 && code <= 599))
        throw badParam('status', status);
      if (body !== undefined && (typeof body !== 'string' || body.length > 100_000))
        throw badParam('body', '(too long)');
      if (cors !== undefined && cors !== false) throw badParam('cors', cors);
      if (hang !== undefined && !(Number.isInteger(hang) && hang >= 0)) throw badParam('hang', hang);
      if (
        !drop &&
        code === undefined &&
        !(delay > 0) &&
        body === undefined &&
        cors === undefined &&
        hang === undefined
      ) {
        throw new ApiError(
          400,
          'invalid_parameter',
          'Give a status (100-599 or drop), a delay, a body, cors: false or hang',
        );
      }
      const n = Number(times);
      if (!Number.isInteger(n) || n < 1 || n > 10000) throw badParam('times', times);
      const d = Number(delay);
      if (!Number.isFinite(d) || d < 0 || d > 60000) throw badParam('delay', delay);
      const rule = {
        path: prefix,
        status: drop ? 'drop' : (code ?? null),
        times: n,
        delay: d,
        ...(body !== undefined ? { body } : {}),
        ...(cors === false ? { cors } : {}),
        ...(hang !== undefined ? { hang } : {}),
      };
      failures.push(rule);
      return { ...rule };
    },
    clearFailures: () => {
      failures = [];
    },
    failures: () => failures.map((r) => ({ ...r })),
  };

  /**
   * A change asks for POST with a JSON body (`Content-Type: application/json`): a browser sends that only after a
   * preflight, which the hooks never answer with CORS, so no page can make one (not even blindly).
   */
  async function readHookBody(req) {
    if (!/^application\/json\b/i.test(req.headers['content-type'] ?? ''))
      throw new ApiError(415, 'unsupported_media_type', 'Test hooks take a JSON body (Content-Type: application/json)');
    let text = '';
    for await (const chunk of req) {
      text += chunk;
      if (text.length > 200_000) throw new ApiError(413, 'payload_too_large', 'Too large');
    }
    try {
      const body = text.trim() ? JSON.parse(text) : {};
      if (body && typeof body === 'object' && !Array.isArray(body)) return body;
    } catch {
      // reported below
    }
    throw new ApiError(400, 'invalid_json', 'The body must be a JSON object');
  }

  async function handleHook(req, res, segments) {
    const name = segments.join('/');
    const method = req.method;
    const done = (body = { ok: true }) => sendJson(req, res, 200, body, { cache: false });
    if (name === '__log' && (method === 'GET' || method === 'HEAD')) return done(hooks.log());
    if (['__log/clear', '__fail', '__fail/clear'].includes(name) && method === 'POST') {
      const body = await readHookBody(req);
      if (name === '__log/clear') hooks.clearLog();
      else if (name === '__fail/clear') hooks.clearFailures();
      else return done({ ok: true, rule: hooks.fail(body), rules: hooks.failures() });
      return done();
    }
    if (['__log', '__log/clear', '__fail', '__fail/clear'].includes(name)) {
      return sendError(req, res, 405, 'method_not_allowed', `${method} not allowed on /${name}`, {
        Allow: name === '__log' ? 'GET, HEAD' : 'POST',
      });
    }
    throw new ApiError(404, 'not_found', `No test hook '/${name}'`);
  }

  /** Takes the first pending failure matching this request, if any. */
  function takeFailure(rawPath, rawQuery) {
    const target = rawQuery ? `${rawPath}?${rawQuery}` : rawPath;
    const i = failures.findIndex((r) => (r.path.includes('?') ? target : rawPath).startsWith(r.path));
    if (i === -1) return undefined;
    const rule = failures[i];
    rule.times -= 1;
    if (rule.times <= 0) failures.splice(i, 1);
    return rule;
  }

  // ---- search: the part of Algolia's search API that algoliasearch/lite uses -------------------------
  const searchIndexes = new Map();
  /**
   * The search index of a client's profile (as served, with item languages), rebuilt when the profile changes:
   * `{ index, prefixCost }`.
   */
  async function searchIndexFor(client) {
    const response = await profileResponse(client);
    const hit = searchIndexes.get(client);
    if (hit?.response === response) return hit.built;
    // Built in chunks (the server keeps answering meanwhile); concurrent first searches share the build.
    const records = profileRecords(flattenForSearch(response.tree));
    const built = Promise.all([new SearchIndex(records).buildAsync(), prefixCosts(records)]).then(
      ([index, prefixCost]) => ({ index, prefixCost }),
    );
    searchIndexes.set(client, { response, built });
    built.catch(() => searchIndexes.delete(client));
    return built;
  }
  /** Algolia's error shape: `{ message, status }`. */
  const searchError = (res, status, message) => {
    const body = JSON.stringify({ message, status });
    res.writeHead(status, {
      'Content-Type': JSON_TYPE,
      'Cache-Control': 'no-store',
      'Content-Length': Buffer.byteLength(body),
    });
    res.end(body);
  };
  /**
   * POST {SEARCH_PATH}: `{ requests: [{ indexName, query, facets, facetFilters, page, hitsPerPage, ... }] }`
   * (params flattened, or URL-encoded in `params`). One index per client, named by the client id; the
   * `{client}_title_{lang}_asc` replicas sort by title. Any application id and key are accepted. The call is
   * checked against SEARCH_LIMITS before any of it runs; its requests then run one at a time, the server answering
   * others in between.
   */
  async function handleSearch(req, res) {
    const chunks = [];
    let size = 0;
    for await (const chunk of req) {
      size += chunk.length;
      if (size > SEARCH_BODY_LIMIT) return searchError(res, 413, 'Request body too large');
      chunks.push(chunk);
    }
    let body;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return searchError(res, 400, 'Malformed JSON body');
    }
    const requests = body && Array.isArray(body.requests) ? body.requests : undefined;
    if (!requests || requests.length > SEARCH_LIMITS.requests)
      return searchError(res, 400, `Expected { requests: [...] } (at most ${SEARCH_LIMITS.requests})`);
    const params = requests.map(searchParams);
    const hits = params.map((p) => (p.type === 'facet' ? 0 : Math.max(0, Math.min(1000, whole(p.hitsPerPage, 20)))));
    if (hits.reduce((n, h) => n + h, 0) > SEARCH_LIMITS.hits)
      return searchError(res, 400, `At most ${SEARCH_LIMITS.hits} hits per call`);
    const filters = params.map((p) => parseFacetFilters(p.facetFilters).reduce((n, group) => n + group.length, 0));
    if (filters.some((n) => n > SEARCH_LIMITS.filters))
      return searchError(res, 400, `At most ${SEARCH_LIMITS.filters} filters per request`);
    for (const p of params) {
      if ((Array.isArray(p.facets) ? p.facets.length : 0) > SEARCH_LIMITS.facets)
        return searchError(res, 400, `At most ${SEARCH_LIMITS.facets} facets per request`);
      for (const tag of [p.highlightPreTag, p.highlightPostTag]) {
        if (typeof tag === 'string' && tag.length > SEARCH_LIMITS.tag)
          return searchError(res, 400, `Highlight tags of at most ${SEARCH_LIMITS.tag} characters`);
      }
    }
    // The indexes (each client's built once, on its first search), then the work the call asks for.
    const nameOf = (p) => (typeof p.indexName === 'string' ? p.indexName : '');
    const clientOf = (p) => nameOf(p).replace(TITLE_REPLICA, '');
    const indexes = new Map();
    for (const p of params) {
      const client = clientOf(p);
      if (indexes.has(client)) continue;
      let built;
      try {
        built = RE.client.test(client) ? await searchIndexFor(client) : undefined;
      } catch (err) {
        if (!(err instanceof ApiError) || err.status !== 404) throw err;
      }
      if (!built) return searchError(res, 404, `Index ${nameOf(p)} does not exist`);
      indexes.set(client, { ...built, view: matchingOnce(built.index), queries: new Set() });
    }
    let work = 0;
    for (const [i, p] of params.entries()) {
      const at = indexes.get(clientOf(p));
      work += requestCost({
        records: at.index.records.length,
        filters: filters[i],
        sorted: TITLE_REPLICA.test(nameOf(p)),
        hits: hits[i],
      });
      const query = typeof p.query === 'string' ? p.query.slice(0, MAX_QUERY_LENGTH) : '';
      if (at.queries.has(query)) continue;
      at.queries.add(query);
      for (const word of tokenize(query)) for (const form of queryForms(word)) work += WORD_COST + at.prefixCost(form);
    }
    if (work > SEARCH_LIMITS.work) {
      const tooMuch = `The call asks too much of the index (${work} entries; at most ${SEARCH_LIMITS.work})`;
      return searchError(res, 400, `${tooMuch}: fewer requests, fewer or longer words`);
    }
    const results = [];
    for (const [i, request] of requests.entries()) {
      // One request at a time: other calls are answered in between, and a caller that has gone stops the rest.
      if (i > 0) await new Promise((resolve) => setImmediate(resolve));
      if (req.socket.destroyed) return;
      results.push(indexes.get(clientOf(params[i])).view.multiSearch([request]).results[0]);
    }
    const out = Buffer.from(JSON.stringify({ results }));
    res.writeHead(200, { 'Content-Type': JSON_TYPE, 'Cache-Control': 'no-store', 'Content-Length': out.length });
    res.end(out);
  }

  // ---- the handler ------------------------------------------------------------------------------
  async function handle(req, res) {
    // On every answer, errors included (their messages quote the request): read only as the type it says.
    res.setHeader('X-Content-Type-Options', 'nosniff');
    for (const [k, v] of Object.entries(CORS_HEADERS)) res.setHeader(k, v);
    let target;
    let malformed;
    try {
      target = parseTarget(req.url);
    } catch (err) {
      malformed = err;
    }
    if (testHooks && target?.segments[0]?.startsWith('__')) {
      // The hooks are for the test runner only: no CORS, so no page can reach them.
      for (const k of Object.keys(CORS_HEADERS)) res.removeHeader(k);
      return req.method === 'OPTIONS'
        ? res.writeHead(405, { Allow: 'GET, HEAD, POST' }).end()
        : handleHook(req, res, target.segments);
    }
    const referrer = req.headers[REFERRER_HEADER];
    if (typeof referrer === 'string' && isHeaderSafe(referrer)) res.setHeader('X-Embed-Referrer-Seen', referrer);

    // Preflights first, whatever the path: a refused preflight is only a network error to the page (the player
    // retried a malformed code three times, then said the server could not be reached), where the request itself
    // gets its error with CORS headers (a code that names nothing: 404, and the player's not-found text).
    if (req.method === 'OPTIONS') {
      logRequest(req, res, target ?? { rawPath: String(req.url ?? '').split('?')[0], rawQuery: '' }, referrer);
      res.writeHead(204, { ...PREFLIGHT_HEADERS, 'Content-Length': 0 });
      return res.end();
    }
    if (malformed) throw malformed;
    // A path that could leave its folder is refused, except where its segments are codes (/api/, /cdn/): each is
    // looked up by name, and one that cannot be a code names nothing (404 from the route).
    if (target.unsafe && !CODE_ROUTES.has(target.segments[0]))
      throw new ApiError(400, 'invalid_path', 'Path traversal is not allowed');

    const entry = logRequest(req, res, target, referrer);
    const failure = takeFailure(target.rawPath, target.rawQuery);
    if (failure) {
      entry.injected =
        failure.cors === false ? 'no-cors' : failure.hang !== undefined ? 'hang' : (failure.status ?? 'delay');
      // The answer as usual, but without CORS headers (a content-delivery host that sends none).
      if (failure.cors === false) for (const k of Object.keys(CORS_HEADERS)) res.removeHeader(k);
      // The answer as usual up to byte `hang` of the resource, and then nothing: a connection that stalls mid-file
      // (it stays open until the client gives up on it). A range answer sends what lies before that byte, so a
      // client that reconnects for the rest meets the same stall.
      if (failure.hang !== undefined) {
        let left;
        const write = res.write.bind(res);
        res.write = (chunk) => {
          // Content-Range: `bytes start-end/size` (set before the first write).
          left ??= failure.hang - (Number.parseInt(String(res.getHeader('Content-Range') ?? '').slice(6), 10) || 0);
          const part = Buffer.from(chunk).subarray(0, Math.max(0, left));
          left -= part.length;
          if (part.length) write(part);
          return true;
        };
        res.end = (chunk) => {
          if (chunk && typeof chunk !== 'function') res.write(chunk);
          return res;
        };
      }
      if (failure.delay > 0) await new Promise((r) => setTimeout(r, failure.delay));
      if (failure.status === 'drop') {
        entry.status = 0;
        return req.socket.destroy();
      }
      if (failure.body !== undefined) {
        // A malformed answer: the given text, as JSON, with the given status (200 by default).
        res.writeHead(failure.status ?? 200, {
          'Content-Type': 'application/json; charset=utf-8',
          'Cache-Control': 'no-store',
        });
        return res.end(failure.body);
      }
      if (failure.status !== null) {
        return sendError(
          req,
          res,
          failure.status,
          'injected_failure',
          `Injected failure ${failure.status} for '${target.rawPath}'`,
        );
      }
    }
    if (req.method === 'POST' && target.rawPath === SEARCH_PATH) return handleSearch(req, res);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      throw Object.assign(new ApiError(405, 'method_not_allowed', `Method ${req.method} not allowed`), {
        allow: 'GET, HEAD, OPTIONS',
      });
    }
    await route(req, res, target);
  }

  function logRequest(req, res, target, referrer) {
    const entry = {
      id: nextId++,
      time: new Date().toISOString(),
      method: req.method,
      path: target.rawPath,
      query: target.rawQuery,
      referrer: typeof referrer === 'string' ? referrer : null,
      status: null,
    };
    requestLog.push(entry);
    if (requestLog.length > LOG_LIMIT) requestLog.splice(0, requestLog.length - LOG_LIMIT);
    res.on('finish', () => {
      entry.status = res.statusCode;
    });
    return entry;
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err) => {
      if (err instanceof ApiError) {
        return sendError(req, res, err.status, err.code, err.message, err.allow ? { Allow: err.allow } : {});
      }
      if (!(err instanceof SyntaxError)) console.error(`provider: ${req.method} ${req.url}:`, err);
      sendError(
        req,
        res,
        500,
        'internal_error',
        err instanceof SyntaxError ? 'Malformed content file' : 'Internal server error',
      );
    });
  });
  server.on('clientError', (err, socket) => {
    if (socket.writable)
      socket.end(
        'HTTP/1.1 400 Bad Request\r\nConnection: close\r\nX-Content-Type-Options: nosniff\r\nContent-Length: 0\r\n\r\n',
      );
    else socket.destroy();
  });
  if (testHooks) server.provider = hooks;
  server.contentRoot = contentRoot;
  return server;
}

/**
 * A search request's params as the engine reads them (src/search/engine.js, multiSearch): its `params` (an object,
 * or URL-encoded with JSON values) under the request's own fields.
 */
function searchParams(request) {
  const req = request && typeof request === 'object' && !Array.isArray(request) ? request : {};
  let params = {};
  if (req.params && typeof req.params === 'object') params = req.params;
  else if (typeof req.params === 'string') {
    for (const [k, v] of new URLSearchParams(req.params)) {
      try {
        params[k] = JSON.parse(v);
      } catch {
        params[k] = v;
      }
    }
  }
  return { ...params, ...req };
}

/** A whole number as the engine reads one (a number or a numeric string, truncated), else `fallback`. */
function whole(value, fallback) {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? Math.trunc(n) : fallback;
}

/**
 * One call's view of an index, matching each query once: the requests of a call share its query (InstantSearch
 * sends it again with each refined facet), and the engine's answer() asks `this.match` for it.
 */
function matchingOnce(index) {
  const matched = new Map();
  const view = Object.create(index);
  view.match = (query, words) => {
    if (!matched.has(query)) matched.set(query, index.match(query, words));
    return matched.get(query);
  };
  return view;
}

/**
 * What a prefix search costs in an index of these records: the (term, label) entries it reads, that is the labels
 * holding each indexed term that starts with the prefix. Counted as the engine indexes (tokenize, then queryForms,
 * over the searched labels), in chunks; a prefix's count is a difference of two running sums over the sorted terms.
 * @returns {Promise<(prefix: string) => number>}
 */
async function prefixCosts(records) {
  const entries = new Map();
  for (const [i, record] of records.entries()) {
    for (const text of [...SEARCH_LANGUAGES.map((l) => record.labels[l]), record.label]) {
      if (typeof text !== 'string') continue;
      const terms = new Set();
      for (const word of tokenize(text)) for (const form of queryForms(word)) terms.add(form);
      for (const term of terms) entries.set(term, (entries.get(term) ?? 0) + 1);
    }
    if (i % 500 === 499) await new Promise((resolve) => setImmediate(resolve));
  }
  const terms = [...entries.keys()].sort();
  const sums = new Float64Array(terms.length + 1);
  for (const [i, term] of terms.entries()) sums[i + 1] = sums[i] + entries.get(term);
  /** The index of the first term not below `x`. */
  const from = (x) => {
    let lo = 0;
    let hi = terms.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (terms[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  // The terms starting with a prefix sort from the prefix itself to just before prefix + U+FFFF.
  return (prefix) => sums[from(`${prefix}\uffff`)] - sums[from(prefix)];
}

/**
 * The profile tree as the player flattens it for search (src/content/profile.ts): nodes by code in tree order,
 * the first occurrence of a code keeping its parent; cycles and malformed nodes skipped.
 */
const SEARCH_LAYERS = ['root', 'library', 'collection', 'group', 'item'];
export function flattenForSearch(tree) {
  const nodes = new Map();
  const path = new Set();
  const visit = (node, parent, depth) => {
    if (!node || typeof node !== 'object' || depth > 32) return;
    const code =
      depth === 0
        ? typeof node.code === 'string' && node.code
          ? node.code
          : 'root'
        : typeof node.code === 'string'
          ? node.code.trim()
          : '';
    if (!code || path.has(code)) return;
    const kids = Array.isArray(node.children) ? node.children : [];
    const layer = SEARCH_LAYERS.includes(node.layer)
      ? node.layer
      : depth === 0
        ? 'root'
        : kids.length
          ? 'collection'
          : 'item';
    const seen = nodes.get(code);
    if (seen && (layer !== 'item' || seen.layer !== 'item')) return;
    if (!seen)
      nodes.set(code, {
        code,
        layer,
        labels: node.labels,
        label: node.label,
        file: node.file,
        languages: node.languages,
        parent: parent?.code,
      });
    if (layer === 'item') return;
    path.add(code);
    for (const child of kids) visit(child, nodes.get(code), depth + 1);
    path.delete(code);
  };
  visit(tree, undefined, 0);
  return { nodes };
}

const displayHost = (host) => {
  if (['127.0.0.1', 'localhost', '0.0.0.0', '::', '::1', ''].includes(host)) return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
};

/** Creates a provider and listens; resolves { server, url, port } (port 0 picks a free one). */
export function startProvider({ port = 8001, host = '127.0.0.1', root, publicUrl, ...options } = {}) {
  return new Promise((resolve, reject) => {
    const server = createProvider({ root, publicUrl, ...options });
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const actual = server.address().port;
      const url = publicUrl ?? `http://${displayHost(host)}:${actual}/`;
      server.publicUrl = url;
      resolve({ server, port: actual, url });
    });
  });
}

const isMain = (() => {
  try {
    return process.argv[1] && fs.realpathSync(process.argv[1]) === fs.realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
})();

if (isMain) {
  const port = Number(process.env.PROVIDER_PORT ?? 8001);
  const host = process.env.HOST || '127.0.0.1';
  startProvider({
    port,
    host,
    publicUrl: process.env.PROVIDER_PUBLIC_URL || undefined,
    testHooks: process.env.PROVIDER_TEST_HOOKS === '1',
  }).then(
    ({ server, url }) => {
      console.log(`Provider:   ${url}`);
      const stop = () => {
        server.close(() => process.exit(0));
        server.closeAllConnections?.();
      };
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    },
    (err) => {
      console.error(`Could not start the provider on ${host}:${port}: ${err.message}`);
      process.exit(1);
    },
  );
}
