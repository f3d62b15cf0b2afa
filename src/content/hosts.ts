/** The provider's hosts, from the element's attributes (shared by the entry's first requests and the core). */
import { defaultProviderUrl } from '../core/script-url';
import { safeUrl } from './url';

/** Base URLs of the provider's hosts (docs/provider-api.md). */
export interface ProviderHosts {
  api: string;
  delivery: string;
  static: string;
  brochure: string;
}

const withSlash = (u: string) => (u.endsWith('/') ? u : `${u}/`);

export function resolveHosts(
  providerUrl: string | undefined,
  overrides: Partial<Record<keyof ProviderHosts, string | undefined>> = {},
  pageUrl: string | undefined = globalThis.location?.href,
  fallback: string = defaultProviderUrl(),
): ProviderHosts {
  // Only http(s) hosts: another scheme (or no URL at all) falls back to the default, the script's origin.
  const base = withSlash(safeUrl(providerUrl, pageUrl) ?? safeUrl(fallback) ?? defaultProviderUrl());
  const at = (override: string | undefined, path: string) =>
    withSlash(safeUrl(override, base) ?? new URL(path, base).href);
  return {
    api: at(overrides.api, 'api/'),
    delivery: at(overrides.delivery, 'cdn/'),
    static: at(overrides.static, 'static/'),
    brochure: at(overrides.brochure, 'brochures/'),
  };
}
