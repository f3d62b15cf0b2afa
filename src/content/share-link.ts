/**
 * The take-home link: the host page's own URL with what the visitor is watching in a few namespaced query
 * parameters. Opening it, the player of that page whose client matches opens the same playlist, item, time
 * and languages; other players ignore it. Pure: the page URL comes in, nothing global is read here.
 */
import { isLanguage, type Language } from '../preferences/defaults';

/** The query parameters of a share link, declared once (documented in docs/api.md). */
export const SHARE_PARAMS = {
  client: 'ped-client',
  code: 'ped-code',
  item: 'ped-item',
  time: 'ped-t',
  menuLanguage: 'ped-lang',
  voLanguage: 'ped-vo',
  ccLanguage: 'ped-cc',
} as const;

export interface SharedView {
  client: string;
  /** A playlist code, or a menu code (the menu at that node). */
  code?: string;
  /** Item index in the playlist (0-based). */
  item?: number;
  /** Whole seconds into the item. */
  time?: number;
  menuLanguage?: Language;
  voLanguage?: Language;
  ccLanguage?: Language;
}

const CODE = /^[A-Za-z0-9_-]{1,100}$/;
const MAX_ITEM = 999;
const MAX_TIME = 24 * 3600;

/** The share link for a view, on the page at `pageUrl` (earlier share parameters are replaced). */
export function buildShareUrl(pageUrl: string, view: SharedView): string {
  const url = new URL(pageUrl);
  for (const name of Object.values(SHARE_PARAMS)) url.searchParams.delete(name);
  const put = (name: string, value: string | number | undefined) =>
    value !== undefined && url.searchParams.set(name, String(value));
  put(SHARE_PARAMS.client, view.client);
  put(SHARE_PARAMS.code, view.code);
  if (view.code) {
    put(SHARE_PARAMS.item, view.item && view.item > 0 ? view.item : undefined);
    put(SHARE_PARAMS.time, view.time && view.time >= 1 ? Math.floor(view.time) : undefined);
  }
  put(SHARE_PARAMS.menuLanguage, view.menuLanguage);
  put(SHARE_PARAMS.voLanguage, view.voLanguage);
  put(SHARE_PARAMS.ccLanguage, view.ccLanguage);
  return url.href;
}

/** A whole number in 0..max from a query value, else undefined (malformed values are ignored). */
function wholeNumber(raw: string | null, max: number): number | undefined {
  if (raw === null || !/^\d{1,6}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n <= max ? n : undefined;
}

const language = (raw: string | null): Language | undefined => (isLanguage(raw) ? raw : undefined);

/**
 * The view a share link asks of the player of `client`, from the page's query string; undefined when the
 * link is for another client (or none). Malformed values are dropped one by one; a malformed code drops
 * the item and time with it.
 */
export function readShareLink(search: string, client: string | undefined): SharedView | undefined {
  if (!client) return undefined;
  const q = new URLSearchParams(search);
  if (q.get(SHARE_PARAMS.client) !== client) return undefined;
  const rawCode = q.get(SHARE_PARAMS.code);
  const code = rawCode && CODE.test(rawCode) ? rawCode : undefined;
  const view: SharedView = { client };
  if (code) {
    view.code = code;
    view.item = wholeNumber(q.get(SHARE_PARAMS.item), MAX_ITEM);
    view.time = wholeNumber(q.get(SHARE_PARAMS.time), MAX_TIME);
  }
  view.menuLanguage = language(q.get(SHARE_PARAMS.menuLanguage));
  view.voLanguage = language(q.get(SHARE_PARAMS.voLanguage));
  view.ccLanguage = language(q.get(SHARE_PARAMS.ccLanguage));
  return view;
}
