/**
 * What a request to the provider is, from its arguments to its URL and header: the provider client
 * (src/content/http.ts, src/content/provider.ts) and the entry's first requests (src/element/first-requests.ts)
 * build them here, so that the entry's request and the core's are the same one (the same URL and header: the core
 * takes the entry's answer, src/content/shared-requests.ts). Pure, and nothing heavy: the entry bundles it too.
 */
import { safeUrl } from './url';

export const REFERRER_HEADER = 'X-Embed-Referrer';

/** The embedding page as protocol, host and path; '' when there is none. */
export function embeddingReferrer(win: Window = window): string {
  const clean = (href: string) => {
    try {
      const u = new URL(href);
      return u.protocol === 'http:' || u.protocol === 'https:' ? `${u.protocol}//${u.host}${u.pathname}` : '';
    } catch {
      return '';
    }
  };
  try {
    if (win.top === win) return clean(win.location.href);
  } catch {
    /* cross-origin top: fall through to the referrer */
  }
  return win.document.referrer ? clean(win.document.referrer) : '';
}

export type Query = Record<string, string | number | undefined>;

export function buildUrl(base: string, path: string, query?: Query): string {
  const url = new URL(path.replace(/^\//, ''), base.endsWith('/') ? base : `${base}/`);
  if (query)
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') url.searchParams.set(k, String(v));
  return url.href;
}

/** How every provider request is made: a GET with the referrer header, no cookies. */
export const requestInit = (referrer: string, signal: AbortSignal): RequestInit => ({
  method: 'GET',
  credentials: 'omit',
  signal,
  headers: { [REFERRER_HEADER]: referrer },
});

/** Where identical requests meet (src/content/shared-requests.ts): the header's value and the URL. */
export const requestKey = (referrer: string, url: string): string => `${referrer}\n${url}`;

const enc = encodeURIComponent;

/** The API host's calls of a player's first screen: their path and query (docs/provider-api.md). */
export const API_CALLS = {
  clientConfig: (client: string): [string] => [`clients/${enc(client)}`],
  profile: (client: string, menuLanguage: string): [string, Query] => [
    `clients/${enc(client)}/profile`,
    { menuLanguage },
  ],
  playlist: (client: string, code: string, menuLanguage: string, videoLanguage: string): [string, Query] => [
    `clients/${enc(client)}/playlists/${enc(code)}`,
    { menuLanguage, videoLanguage },
  ],
  videoSource: (client: string, fileId: string, language: string, audioDescriptions: boolean): [string, Query] => [
    `vod/${enc(client)}/${enc(fileId)}`,
    audioDescriptions ? { language, audioDescriptions: '1' } : { language },
  ],
  /** On the content-delivery host: the preferences of the user a client's configuration names. */
  userPreferences: (userId: string): [string] => [`${enc(userId)}/preferences`],
};

/** The user a client configuration's answer names (a number or a string), as text. */
export function configUserId(dto: unknown): string | undefined {
  const userId = dto && typeof dto === 'object' ? (dto as { userId?: unknown }).userId : undefined;
  return typeof userId === 'number' || typeof userId === 'string' ? String(userId) : undefined;
}

/** A video call's answer, as the player reads it. */
export interface VideoSource {
  src: string;
  type?: string;
}

/**
 * The source in a video call's answer: an http(s) URL (a relative one is on the API host), the alternate with `cdn`
 * when it is one; anything else is no source (an alternate of another scheme: the main source).
 */
export function pickSource(dto: unknown, cdn: boolean, apiHost: string): VideoSource | undefined {
  const answer = dto && typeof dto === 'object' ? (dto as { src?: unknown; alternate?: unknown; type?: unknown }) : {};
  const src = (cdn ? safeUrl(answer.alternate, apiHost) : undefined) ?? safeUrl(answer.src, apiHost);
  return src ? { src, type: typeof answer.type === 'string' ? answer.type : undefined } : undefined;
}
