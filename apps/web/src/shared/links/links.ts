import { type SiteName, sitePaths } from '@leisure/contract/sites';
import type { Modes } from '../modes/modes';

/** The three sub-sites (shell-session-basket.md 2): the contract's names. */
export type { SiteName };

export type SiteUrls = Record<SiteName, string>;

export type QueryValue = string | number | boolean | null | undefined;
export type QueryValues = Record<string, QueryValue>;

/** Same-origin defaults, used until the client settings (with the public URLs) are in. */
export const defaultSiteUrls: SiteUrls = { ...sitePaths };

/** Appends query values to a URL or path; a value is appended only when it is truthy. */
export function withQuery(url: string, query: QueryValues = {}): string {
  const hashAt = url.indexOf('#');
  const hash = hashAt >= 0 ? url.slice(hashAt) : '';
  const base = hashAt >= 0 ? url.slice(0, hashAt) : url;
  const queryAt = base.indexOf('?');
  const path = queryAt >= 0 ? base.slice(0, queryAt) : base;
  const params = new URLSearchParams(queryAt >= 0 ? base.slice(queryAt + 1) : '');
  for (const [key, value] of Object.entries(query)) {
    if (!value) continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return `${path}${search ? `?${search}` : ''}${hash}`;
}

/** The query flags a link carries in the current modes: embedded=true and kiosk=true. */
function modeQuery(modes: Modes): QueryValues {
  return { embedded: modes.embedded, kiosk: modes.kiosk };
}

/**
 * A link into a sub-site, built from its public URL: `siteUrl(urls, 'joining', '/centre/york')`.
 * The path is relative to the sub-site's root. Query values are appended when truthy, then the
 * mode flags (embedded=true, kiosk=true) when those modes are on.
 */
export function siteUrl(
  urls: SiteUrls,
  site: SiteName,
  path = '/',
  query: QueryValues = {},
  modes?: Modes,
): string {
  const base = urls[site].replace(/\/+$/, '');
  const cleanPath = path.startsWith('/') ? path : `/${path}`;
  const flags = modes ? modeQuery(modes) : {};
  return withQuery(`${base}${cleanPath}`, { ...query, ...flags, ...pick(query, Object.keys(flags)) });
}

/** Keeps an explicit value of a flag (kiosk=true first in the kiosk home link) in its place. */
function pick(query: QueryValues, keys: string[]): QueryValues {
  return Object.fromEntries(keys.filter((key) => query[key]).map((key) => [key, query[key]]));
}
