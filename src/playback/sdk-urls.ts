import { safeUrl } from '../content/url';
import { DEFAULT_SCRIPTS } from './types';

export type SdkKind = keyof typeof DEFAULT_SCRIPTS;

/** The attribute that names each SDK's URL. */
export const SDK_ATTRIBUTES: Record<SdkKind, string> = { youtube: 'youtube-api-url', vimeo: 'vimeo-api-url' };

/**
 * An SDK URL written in markup (an attribute, which reflected HTML can inject as well as the page's author), or
 * undefined when it is not one the player may load from there: the vendor's own URL, or a URL of the page's own origin
 * (a clinic's self-hosted copy). Another host is taken only from script, through the element's property
 * (`youtubeApiUrl`, `vimeoApiUrl`), which markup cannot set. `refused` hears of a URL left out.
 */
export function sdkUrlFromMarkup(
  kind: SdkKind,
  raw: unknown,
  pageUrl: string,
  refused?: (url: string) => void,
): string | undefined {
  const url = safeUrl(raw, pageUrl);
  if (!url) return undefined;
  if (url === DEFAULT_SCRIPTS[kind] || new URL(url).origin === new URL(pageUrl).origin) return url;
  refused?.(url);
  return undefined;
}
