/**
 * The demo page server (plain Node http, no dependencies).
 *
 *   createDemoServer({ root: <repo root>, providerUrl }) -> http.Server (not listening)
 *
 *   /             demo/index.html
 *   /dist/*       the repo's dist/ (the built element), CORS-enabled so pages on other origins can import it
 *   /anything     demo/anything (also demo/anything.html and demo/anything/index.html), when it is what a page
 *                 loads: a page, a script, a stylesheet, an image or font, sample content (PAGE_FILES). Never the
 *                 servers' own source (demo/*.mjs, demo/provider/), the README or a dotfile: 404.
 *
 * In .html files the literal token %PROVIDER_URL% is replaced by the provider's URL, and %NONCE% by a fresh random
 * nonce per response (pages with a nonce-based script policy; such pages are sent with `Cache-Control: no-store`).
 * Everything is sent with `Cache-Control: no-cache` (revalidated by ETag) so a rebuild shows up on reload; scripts,
 * styles and pages are gzip-compressed for browsers that accept it.
 */
import http from 'node:http';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import zlib from 'node:zlib';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.vtt': 'text/vtt; charset=utf-8',
  '.mp4': 'video/mp4',
  '.pdf': 'application/pdf',
};

/**
 * What a demo page loads, by extension: its pages, scripts, styles, images, fonts and the sample content. Not `.mjs`
 * (the servers' own source, demo/start.mjs and demo/static-server.mjs) nor `.md`.
 */
const PAGE_FILES = new Set([
  '.html',
  '.js',
  '.css',
  '.json',
  '.svg',
  '.png',
  '.jpg',
  '.jpeg',
  '.gif',
  '.webp',
  '.ico',
  '.woff2',
  '.vtt',
  '.mp4',
  '.pdf',
]);
/** Folders of demo/ that hold no page's files: the reference provider's source. */
const PRIVATE_DIRS = new Set(['provider']);

const VERSION = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;

export const PROVIDER_TOKEN = '%PROVIDER_URL%';
export const NONCE_TOKEN = '%NONCE%';

export function createDemoServer({ root, providerUrl = 'http://localhost:8001/' } = {}) {
  if (!root) throw new TypeError('createDemoServer: root (the repository root) is required');
  const repo = path.resolve(root);
  const demoDir = path.join(repo, 'demo');
  const distDir = path.join(repo, 'dist');

  const inside = (dir, parts) => {
    const target = path.resolve(dir, ...parts);
    return target === dir || target.startsWith(dir + path.sep) ? target : undefined;
  };
  const statFile = async (file) => {
    try {
      const st = await fsp.stat(file);
      return st.isFile() ? st : undefined;
    } catch {
      return undefined;
    }
  };

  function send(req, res, status, body, headers = {}) {
    const buf = Buffer.isBuffer(body) ? body : Buffer.from(String(body));
    res.writeHead(status, { 'Content-Length': buf.length, ...headers });
    res.end(req.method === 'HEAD' ? undefined : buf);
  }
  /**
   * Scripts, styles and pages go out compressed when the browser accepts it, as a production host sends them: brotli
   * at its best quality (what a CDN serves for a static file it has compressed ahead), else gzip. Brotli at quality 11
   * takes half a second for the largest chunk, so a file's first request gets gzip while its brotli is made in the
   * background; later ones get brotli.
   */
  const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.json', '.svg', '.map']);
  const gzipCache = new Map(); // etag -> compressed body (the files change only on a rebuild)
  const brotliCache = new Map(); // etag -> compressed body, or null while it is being made
  function gzipped(etag, body) {
    let gz = gzipCache.get(etag);
    if (!gz) {
      gz = zlib.gzipSync(body, { level: 6 });
      if (gzipCache.size > 200) gzipCache.clear();
      gzipCache.set(etag, gz);
    }
    return gz;
  }
  /** The brotli body when it is ready; else starts making it and answers undefined. */
  function brotli(etag, body) {
    if (brotliCache.has(etag)) return brotliCache.get(etag) ?? undefined;
    if (brotliCache.size > 200) brotliCache.clear();
    brotliCache.set(etag, null);
    const params = { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length };
    zlib.brotliCompress(body, { params }, (error, out) => {
      if (error) brotliCache.delete(etag);
      else brotliCache.set(etag, out);
    });
    return undefined;
  }

  const sendText = (req, res, status, text) =>
    send(req, res, status, `${text}\n`, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });

  async function handle(req, res) {
    res.setHeader('Access-Control-Allow-Origin', '*');
    // Every file is sent as the type its extension says, never as what its content looks like.
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
        'Access-Control-Allow-Headers': '*',
        'Content-Length': 0,
      });
      return res.end();
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD, OPTIONS');
      return sendText(req, res, 405, 'Method not allowed');
    }
    const rawPath = (req.url ?? '/').split('?')[0];
    if (!rawPath.startsWith('/')) return sendText(req, res, 400, 'Bad request');
    const parts = [];
    for (const raw of rawPath.split('/')) {
      let seg;
      try {
        seg = decodeURIComponent(raw);
      } catch {
        return sendText(req, res, 400, 'Bad request');
      }
      if (seg === '..' || seg === '.' || /[/\\\0]/.test(seg) || raw.includes('\\'))
        return sendText(req, res, 400, 'Path traversal is not allowed');
      if (seg) parts.push(seg);
    }

    // Candidates, first existing wins.
    let candidates;
    // `/other-version/dist/…`: the same build saying it is version 0.0.1-other (its core's version string
    // rewritten), so that a test page can load two copies of two versions (docs/api.md: the first stays).
    let otherVersion = false;
    if (parts[0] === 'other-version' && parts[1] === 'dist') {
      otherVersion = true;
      parts.shift();
    }
    if (parts[0] === 'dist') {
      candidates = [inside(distDir, parts.slice(1))];
    } else if (parts[0] === 'test-fixtures' && parts.length === 2 && parts[1].endsWith('.js')) {
      // The tests' stand-ins for the vendors' SDKs (test/fixtures/*.js), for the nonce page's `?yt=`.
      candidates = [inside(path.join(repo, 'test', 'fixtures'), parts.slice(1))];
    } else if (parts.length === 0) {
      candidates = [path.join(demoDir, 'index.html')];
    } else if (PRIVATE_DIRS.has(parts[0]) || parts.some((p) => p.startsWith('.'))) {
      candidates = [];
    } else {
      const file = inside(demoDir, parts);
      // Only what a page loads (PAGE_FILES), never the servers' source: /static-server.mjs is not found.
      candidates = [file, file && `${file}.html`, file && path.join(file, 'index.html')].filter(
        (c) => c && PAGE_FILES.has(path.extname(c).toLowerCase()),
      );
    }
    let file;
    for (const c of candidates) {
      if (c && (await statFile(c))) {
        file = c;
        break;
      }
    }
    if (!file) {
      if (parts[0] === 'dist' && parts[1] === 'patient-ed-player.js')
        return sendText(req, res, 404, 'dist/patient-ed-player.js not found: run npm run build first');
      return sendText(req, res, 404, 'Not found');
    }

    const ext = path.extname(file).toLowerCase();
    let body = await fsp.readFile(file);
    if (otherVersion && /^(patient-ed-player|core-[\w-]+)\.js$/.test(path.basename(file)))
      body = Buffer.from(body.toString('utf8').split(`"${VERSION}"`).join('"0.0.1-other"'));
    const nonced = ext === '.html' && body.includes(NONCE_TOKEN);
    if (ext === '.html') {
      const nonce = crypto.randomBytes(16).toString('base64');
      body = Buffer.from(body.toString('utf8').split(PROVIDER_TOKEN).join(providerUrl).split(NONCE_TOKEN).join(nonce));
    }
    const etag = `"${crypto.createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
    const headers = {
      'Content-Type': TYPES[ext] ?? 'application/octet-stream',
      'Cache-Control': nonced ? 'no-store' : 'no-cache',
      ETag: etag,
    };
    const inm = req.headers['if-none-match'];
    if (inm && inm.split(',').some((t) => t.trim() === etag)) {
      res.writeHead(304, headers);
      return res.end();
    }
    if (COMPRESSIBLE.has(ext) && body.length > 1024) {
      headers.Vary = 'Accept-Encoding';
      const accepts = req.headers['accept-encoding'] ?? '';
      const br = /\bbr\b/.test(accepts) ? brotli(etag, body) : undefined;
      if (br) {
        headers['Content-Encoding'] = 'br';
        body = br;
      } else if (/\bgzip\b/.test(accepts)) {
        headers['Content-Encoding'] = 'gzip';
        body = gzipped(etag, body);
      }
    }
    send(req, res, 200, body, headers);
  }

  return http.createServer((req, res) => {
    handle(req, res).catch((err) => {
      console.error(`demo server: ${req.method} ${req.url}:`, err);
      if (res.headersSent) return res.destroy();
      sendText(req, res, 500, 'Internal server error');
    });
  });
}
