/**
 * Where an element's options take its player: its client, code and preference options (the attributes, or the host
 * page's query), and the route they open. Pure; the entry's first requests (src/element/first-requests.ts) read an
 * element so too, before the core has arrived.
 */
import { resolveHosts } from '../content/hosts';
import { QUERY_OPTION_NAMES } from '../preferences/query';
import { resolveRedirects } from '../routing/routes';

/** The element's properties as r2wc passes them: every attribute as a string (camelCase names). */
export interface EmbedProps {
  client?: string;
  code?: string;
  providerUrl?: string;
  apiUrl?: string;
  deliveryUrl?: string;
  staticUrl?: string;
  brochureUrl?: string;
  [option: string]: unknown;
}

export interface EmbedOptions {
  client?: string;
  code?: string;
  /** Preference options by query name (aliases allowed). */
  options: [string, string][];
}

/** Options from the attributes; with no client attribute, from the host page's query (classic embed links). */
export function embedOptions(props: EmbedProps): EmbedOptions {
  const fromAttributes = typeof props.client === 'string' && props.client.trim() !== '';
  const pageQuery = fromAttributes ? undefined : new URLSearchParams(globalThis.location?.search ?? '');
  const options: [string, string][] = [];
  for (const name of QUERY_OPTION_NAMES) {
    const value = fromAttributes ? props[name] : (pageQuery!.get(name) ?? props[name]);
    if (typeof value === 'string') options.push([name, value]);
  }
  return {
    client: fromAttributes ? props.client!.trim() : pageQuery!.get('client')?.trim() || undefined,
    // `openthis` (classic embed links) or `code` (the Embed dialog's iframe code).
    code:
      (fromAttributes ? props.code : (pageQuery!.get('openthis') ?? pageQuery!.get('code') ?? props.code))?.trim() ||
      undefined,
    options,
  };
}

/** The route an embed opens (redirects resolved): `/?client=…&openthis=…` and its options. */
export function embedTarget(embed: EmbedOptions): string {
  const params = new URLSearchParams();
  if (embed.client) params.set('client', embed.client);
  if (embed.code) params.set('openthis', embed.code);
  // `search` is also the search dialog's query in the route: the option goes under its preference name.
  for (const [k, v] of embed.options) params.set(k === 'search' ? 'searchButton' : k, v);
  return resolveRedirects(`/?${params}`);
}

/** Provider hosts from the attributes. */
export const hostsOf = (props: EmbedProps) =>
  resolveHosts(props.providerUrl, {
    api: props.apiUrl,
    delivery: props.deliveryUrl,
    static: props.staticUrl,
    brochure: props.brochureUrl,
  });
