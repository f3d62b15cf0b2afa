/**
 * The only URLs the player puts in a `src` or `href`: http(s) (and, for links, mailto and tel). Anything else from
 * an option or provider data (`javascript:`, `data:`, `blob:`, `file:`) is ignored, or shown as text.
 */
const HTTP = ['http:', 'https:'];

/** `raw` resolved against `base`, when that gives a URL of one of `schemes` (http(s) by default); else undefined. */
export function safeUrl(raw: unknown, base?: string, schemes = HTTP): string | undefined {
  if (typeof raw !== 'string' || !raw.trim()) return undefined;
  try {
    const url = new URL(raw.trim(), base);
    return schemes.includes(url.protocol) ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** Schemes an item's link may have: a web link, or a mail or phone link (still a link). */
export const LINK_SCHEMES = [...HTTP, 'mailto:', 'tel:'];
