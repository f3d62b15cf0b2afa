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
 * Test hooks (per server instance; these paths are never logged nor failed):
 *   GET  /__log                                   the last 200 requests (preflights included), oldest first:
 *                                                 [{ id, time, method, path, query, referrer, status, injected? }]
 *                                                 referrer: the X-Embed-Referrer header, null when absent;
 *                                                 status: 0 for a dropped connection; injected: the failure applied
 *   POST /__log/clear                             empties it
 *   GET  /__fail?path=/api/x&status=503&times=2   the next 2 requests whose path starts with /api/x answer 503
 *        status=drop destroys the socket instead (a network error); delay=ms waits first (alone: only a delay).
 *        OPTIONS preflights are never failed, so a browser sees the injected status itself.
 *   POST /__fail/clear                            removes every pending failure
 * The same hooks are on `server.provider` for Node callers: { log(), clearLog(), fail(rule), clearFailures() }.
 */
import http from 'node:http';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';

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
};
const JSON_TYPE = 'application/json; charset=utf-8';
const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'ETag, Content-Range, Accept-Ranges, Content-Length, X-Embed-Referrer-Seen',
};
const PREFLIGHT_HEADERS = {
  'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
  'Access-Control-Allow-Headers': 'X-Embed-Referrer, Range, If-None-Match, Content-Type',
  'Access-Control-Max-Age': '600',
};
const LOG_LIMIT = 200;
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
 * Splits the raw request target into decoded path segments and a query; rejects traversal
 * ('..' or '.' segments, encoded or not, encoded slashes, backslashes, NUL).
 */
function parseTarget(rawUrl) {
  // absolute-form (as sent to proxies): keep the path and query
  if (typeof rawUrl === 'string' && /^https?:\/\/[^/?#]*/i.test(rawUrl)) rawUrl = rawUrl.replace(/^https?:\/\/[^/?#]*/i, '') || '/';
  if (typeof rawUrl !== 'string' || !rawUrl.startsWith('/')) throw new ApiError(400, 'bad_request', 'Malformed request target');
  const q = rawUrl.indexOf('?');
  const rawPath = q === -1 ? rawUrl : rawUrl.slice(0, q);
  const rawQuery = q === -1 ? '' : rawUrl.slice(q + 1);
  const segments = [];
  for (const raw of rawPath.split('/')) {
    let seg;
    try {
      seg = decodeURIComponent(raw);
    } catch {
      throw new ApiError(400, 'bad_request', 'Malformed percent-encoding in path');
    }
    if (seg === '..' || seg === '.' || /[/\\\0]/.test(seg) || raw.includes('\\')) {
      throw new ApiError(400, 'invalid_path', 'Path traversal is not allowed');
    }
    if (seg) segments.push(seg);
  }
  return { rawPath, rawQuery, segments, query: new URLSearchParams(rawQuery) };
}

export function createProvider({ root = DEFAULT_CONTENT_ROOT, publicUrl, jsonMaxAge = 300, fileMaxAge = 86400 } = {}) {
  const contentRoot = path.resolve(root);
  const base = publicUrl ? (publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`) : undefined;
  /** Per-instance test-hook state. */
  const requestLog = [];
  let failures = [];
  let nextId = 1;

  const within = (dir, ...parts) => {
    const target = path.resolve(contentRoot, dir, ...parts);
    const top = path.resolve(contentRoot, dir);
    if (target !== top && !target.startsWith(top + path.sep)) throw new ApiError(400, 'invalid_path', 'Path traversal is not allowed');
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
  function sendJson(req, res, status, body, { cache = true, headers = {} } = {}) {
    const text = JSON.stringify(body);
    const buf = Buffer.from(text);
    const h = { 'Content-Type': JSON_TYPE, ...headers };
    if (cache && status >= 200 && status < 300) {
      const etag = `"${crypto.createHash('sha1').update(buf).digest('base64url').slice(0, 22)}"`;
      h.ETag = etag;
      h['Cache-Control'] = `public, max-age=${jsonMaxAge}`;
      if (etagMatches(req.headers['if-none-match'], etag)) {
        res.writeHead(304, h);
        return res.end();
      }
    } else {
      h['Cache-Control'] = 'no-store';
    }
    h['Content-Length'] = buf.length;
    res.writeHead(status, h);
    res.end(req.method === 'HEAD' ? undefined : buf);
  }
  function sendError(req, res, status, code, message, headers = {}) {
    if (res.headersSent) return res.destroy();
    sendJson(req, res, status, { error: { status, code, message } }, { cache: false, headers });
  }

  /** Static file with ETag / 304 and single-range support. */
  async function sendFile(req, res, file, { maxAge = fileMaxAge, notFound = ['not_found', 'Not found'] } = {}) {
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
      'Cache-Control': `public, max-age=${maxAge}`,
    };
    if (etagMatches(req.headers['if-none-match'], etag)) {
      res.writeHead(304, headers);
      return res.end();
    }
    let start = 0;
    let end = size - 1;
    let status = 200;
    const ifRange = req.headers['if-range'];
    const range = req.headers.range && (!ifRange || ifRange === etag || ifRange === headers['Last-Modified']) ? parseRange(req.headers.range, size) : undefined;
    if (range === 'unsatisfiable') {
      const body = Buffer.from(JSON.stringify({ error: { status: 416, code: 'range_not_satisfiable', message: `Range outside 0-${size - 1}` } }));
      res.writeHead(416, { ...headers, 'Content-Range': `bytes */${size}`, 'Content-Type': JSON_TYPE, 'Cache-Control': 'no-store', 'Content-Length': body.length });
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

  const publicBase = (req) => {
    if (base) return base;
    const host = req.headers.host;
    if (host && /^[A-Za-z0-9.\-:[\]]+$/.test(host)) {
      const proto = req.headers['x-forwarded-proto'] === 'https' ? 'https' : 'http';
      return `${proto}://${host}/`;
    }
    const addr = req.socket.localAddress?.includes(':') ? `[${req.socket.localAddress}]` : req.socket.localAddress;
    return `http://${addr}:${req.socket.localPort}/`;
  };

  // ---- content lookups ------------------------------------------------------------------------
  async function loadClient(client) {
    if (!RE.client.test(client)) throw badParam('client', client);
    const data = await readJsonFile(within('clients', `${client}.json`));
    if (!data) throw new ApiError(404, 'client_not_found', `Unknown client '${client}'`);
    return data;
  }
  function optionalLang(query, name) {
    const v = query.get(name);
    if (v === null || v === '') return undefined;
    if (!RE.lang.test(v)) throw badParam(name, v);
    return v;
  }
  /** The voice-over languages of a file's media (`{lang}.mp4`), or with `ad` its audio-described ones (`{lang}-ad.mp4`). */
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
  function localize(playlist, menuLanguage, videoLanguage, langsByFile) {
    const lang = menuLanguage && baseLang(menuLanguage);
    const out = structuredClone(playlist);
    if (lang && out.labels?.[lang]) out.label = out.labels[lang];
    for (const item of out.items ?? []) {
      if (lang && item.labels?.[lang]) item.label = item.labels[lang];
      const langs = item.file ? langsByFile.get(item.file) : undefined;
      if (videoLanguage && langs?.length && /Hosted|Uploaded/.test(item.type ?? '')) {
        item.language = langs.includes(baseLang(videoLanguage)) ? baseLang(videoLanguage) : langs.includes('en') ? 'en' : langs[0];
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
        clients = (await fsp.readdir(within('clients'))).filter((n) => n.endsWith('.json')).map((n) => n.slice(0, -5)).sort();
      } catch {
        /* empty root */
      }
      return sendJson(req, res, 200, {
        name: 'patient-ed-player reference provider',
        docs: 'docs/provider-api.md',
        clients,
        hosts: { api: 'api/', delivery: 'cdn/', static: 'static/', brochure: 'brochures/', media: 'media/' },
      });
    }

    if (top === 'api') {
      const [kind, a, b, c, ...more] = rest;
      if (kind === 'clients' && a !== undefined) {
        if (b === undefined) {
          const data = await loadClient(a);
          return sendJson(req, res, 200, { client: data.client, name: data.name, userId: data.userId, preferences: data.preferences ?? {} });
        }
        if (b === 'profile' && c === undefined) {
          optionalLang(query, 'menuLanguage');
          const data = await loadClient(a);
          return sendJson(req, res, 200, data.profile);
        }
        if (b === 'playlists' && c !== undefined && more.length === 0) {
          const menuLanguage = optionalLang(query, 'menuLanguage');
          const videoLanguage = optionalLang(query, 'videoLanguage');
          await loadClient(a);
          if (!RE.code.test(c)) throw badParam('playlist code', c);
          const playlist = await readJsonFile(within('playlists', a, `${c}.json`));
          if (!playlist) throw new ApiError(404, 'playlist_not_found', `Unknown playlist '${c}' for client '${a}'`);
          const langsByFile = new Map();
          for (const item of playlist.items ?? []) {
            if (item.file && RE.file.test(item.file)) langsByFile.set(item.file, await mediaLanguages(item.file));
          }
          return sendJson(req, res, 200, localize(playlist, menuLanguage, videoLanguage, langsByFile));
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
        const language = langs.includes(baseLang(requested)) ? baseLang(requested) : langs.includes('en') ? 'en' : langs[0];
        // audioDescriptions=1: the audio-described variant of that language, when there is one.
        const ad = query.get('audioDescriptions');
        if (ad !== null && ad !== '0' && ad !== '1') throw badParam('audioDescriptions', ad);
        const described = ad === '1' && (await mediaLanguages(b, true)).includes(language);
        const src = `${publicBase(req)}media/${encodeURIComponent(b)}/${language}${described ? '-ad' : ''}.mp4`;
        return sendJson(req, res, 200, { src, type: 'video/mp4', alternate: `${src}?via=cdn`, language, audioDescriptions: described });
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
      if (!RE.file.test(file) || !/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*\.mp4$/.test(name)) throw badParam('media path', `${file}/${name}`);
      return sendFile(req, res, within('media', file, name), { notFound: ['video_not_found', `No media '${file}/${name}'`] });
    }

    throw new ApiError(404, 'not_found', `Nothing at '/${segments.join('/')}'`);
  }

  // ---- test hooks -------------------------------------------------------------------------------
  const hooks = {
    log: () => requestLog.map((e) => ({ ...e })),
    clearLog: () => {
      requestLog.length = 0;
    },
    /** rule: { path, status (number | 'drop'), times = 1, delay = 0, body (a JSON text answered instead, status 200 by default) } */
    fail: ({ path: prefix, status, times = 1, delay = 0, body }) => {
      if (typeof prefix !== 'string' || !prefix.startsWith('/')) {
        throw new ApiError(400, 'invalid_parameter', `path must be a path prefix starting with '/' (got ${JSON.stringify(prefix ?? null)})`);
      }
      const drop = status === 'drop';
      const code = drop || status === undefined || status === null || status === '' ? undefined : Number(status);
      if (!drop && code !== undefined && !(Number.isInteger(code) && code >= 100 && code <= 599)) throw badParam('status', status);
      if (body !== undefined && (typeof body !== 'string' || body.length > 100_000)) throw badParam('body', '(too long)');
      if (!drop && code === undefined && !(delay > 0) && body === undefined) throw new ApiError(400, 'invalid_parameter', 'Give a status (100-599 or drop), a delay or a body');
      const n = Number(times);
      if (!Number.isInteger(n) || n < 1 || n > 10000) throw badParam('times', times);
      const d = Number(delay);
      if (!Number.isFinite(d) || d < 0 || d > 60000) throw badParam('delay', delay);
      const rule = { path: prefix, status: drop ? 'drop' : code ?? null, times: n, delay: d, ...(body !== undefined ? { body } : {}) };
      failures.push(rule);
      return { ...rule };
    },
    clearFailures: () => {
      failures = [];
    },
    failures: () => failures.map((r) => ({ ...r })),
  };

  async function handleHook(req, res, segments, query) {
    const name = segments.join('/');
    const method = req.method;
    if (name === '__log' && (method === 'GET' || method === 'HEAD')) return sendJson(req, res, 200, hooks.log(), { cache: false });
    if (name === '__log/clear' && method === 'POST') {
      hooks.clearLog();
      return sendJson(req, res, 200, { ok: true }, { cache: false });
    }
    if (name === '__fail' && (method === 'GET' || method === 'POST')) {
      const rule = hooks.fail({
        path: query.get('path') ?? undefined,
        status: query.get('status') ?? undefined,
        times: query.get('times') ?? 1,
        delay: query.get('delay') ?? 0,
        body: query.get('body') ?? undefined,
      });
      return sendJson(req, res, 200, { ok: true, rule, rules: hooks.failures() }, { cache: false });
    }
    if (name === '__fail/clear' && method === 'POST') {
      hooks.clearFailures();
      return sendJson(req, res, 200, { ok: true }, { cache: false });
    }
    if (['__log', '__log/clear', '__fail', '__fail/clear'].includes(name)) {
      return sendError(req, res, 405, 'method_not_allowed', `${method} not allowed on /${name}`, { Allow: name === '__log' ? 'GET, HEAD' : 'POST' });
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

  // ---- the handler ------------------------------------------------------------------------------
  async function handle(req, res) {
    for (const [k, v] of Object.entries(CORS_HEADERS)) res.setHeader(k, v);
    const referrer = req.headers[REFERRER_HEADER];
    if (typeof referrer === 'string' && isHeaderSafe(referrer)) res.setHeader('X-Embed-Referrer-Seen', referrer);

    const target = parseTarget(req.url);
    const isHook = target.segments[0]?.startsWith('__') ?? false;

    if (req.method === 'OPTIONS') {
      if (!isHook) logRequest(req, res, target, referrer);
      res.writeHead(204, { ...PREFLIGHT_HEADERS, ...(isHook ? { 'Access-Control-Allow-Methods': 'GET, HEAD, POST, OPTIONS' } : {}), 'Content-Length': 0 });
      return res.end();
    }
    if (isHook) return handleHook(req, res, target.segments, target.query);

    const entry = logRequest(req, res, target, referrer);
    const failure = takeFailure(target.rawPath, target.rawQuery);
    if (failure) {
      entry.injected = failure.status ?? 'delay';
      if (failure.delay > 0) await new Promise((r) => setTimeout(r, failure.delay));
      if (failure.status === 'drop') {
        entry.status = 0;
        return req.socket.destroy();
      }
      if (failure.body !== undefined) {
        // A malformed answer: the given text, as JSON, with the given status (200 by default).
        res.writeHead(failure.status ?? 200, { ...CORS_HEADERS, 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
        return res.end(failure.body);
      }
      if (failure.status !== null) {
        return sendError(req, res, failure.status, 'injected_failure', `Injected failure ${failure.status} for '${target.rawPath}'`);
      }
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      throw Object.assign(new ApiError(405, 'method_not_allowed', `Method ${req.method} not allowed`), { allow: 'GET, HEAD, OPTIONS' });
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
      sendError(req, res, 500, 'internal_error', err instanceof SyntaxError ? 'Malformed content file' : 'Internal server error');
    });
  });
  server.on('clientError', (err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    else socket.destroy();
  });
  server.provider = hooks;
  server.contentRoot = contentRoot;
  return server;
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
      resolve({ server, port: actual, url: publicUrl ?? `http://${displayHost(host)}:${actual}/` });
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
  startProvider({ port, host, publicUrl: process.env.PROVIDER_PUBLIC_URL || undefined }).then(
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
