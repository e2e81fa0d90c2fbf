import { networkInterfaces } from 'node:os';
import type { Config } from '../config';

/**
 * Where each sub-site lives, for the links we hand out (docs/decisions/016-public-urls.md). A
 * sub-site with its PUBLIC_*_URL setting (sub-domain deployments) is always there, whatever a request
 * says. Without one it is served by this server on whatever host the browser used: the request's
 * origin (its Host header, or X-Forwarded-Host/-Proto when TRUST_PROXY believes them; Fastify's
 * `request.host` and `request.protocol` do that) plus the sub-site's path. With no request (jobs),
 * the fallback origin, http://localhost:PORT.
 */
export type SiteName = 'bookings' | 'account' | 'joining';
export type SiteUrls = Record<SiteName, string>;
export type PublicUrlSettings = Config['publicUrls'];

/** Where each sub-site sits under one origin (app.ts serves them there). */
export const sitePaths: SiteUrls = { bookings: '', account: '/account', joining: '/join' };

const siteNames = Object.keys(sitePaths) as SiteName[];

/** What a request tells about the origin it was made to. */
export interface RequestOriginSource {
  protocol: string;
  host: string;
}

/**
 * The origin a request was made to, e.g. `http://127.0.0.1:3000`; undefined when its host is not a
 * plain host[:port] (a malformed or hostile header never reaches a link).
 */
export function requestOrigin(request: RequestOriginSource): string | undefined {
  const protocol = request.protocol === 'https' ? 'https' : request.protocol === 'http' ? 'http' : null;
  const host = request.host.trim().toLowerCase();
  if (!protocol || !/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/.test(host)) return undefined;
  try {
    // The pattern above leaves nothing but a host and a port; URL drops a default port.
    return new URL(`${protocol}://${host}`).origin;
  } catch {
    return undefined;
  }
}

/** Each sub-site's URL (no trailing slash) when served at `origin`: the settings win. */
export function siteUrlsAt(settings: PublicUrlSettings, origin: string = settings.fallbackOrigin): SiteUrls {
  const urls = {} as SiteUrls;
  for (const site of siteNames) urls[site] = settings.configured[site] ?? `${origin}${sitePaths[site]}`;
  return urls;
}

/** Each sub-site's URL for the browser that made this request. */
export function siteUrlsOf(settings: PublicUrlSettings, request: RequestOriginSource): SiteUrls {
  return siteUrlsAt(settings, requestOrigin(request));
}

/**
 * Links for HTML kept in the database (the seeded footers), which every host serves: the settings,
 * else same-origin paths ('/account'), which work under any name.
 */
export function storedLinkUrls(settings: PublicUrlSettings): SiteUrls {
  const urls = {} as SiteUrls;
  for (const site of siteNames) urls[site] = settings.configured[site] ?? sitePaths[site];
  return urls;
}

function ownAddresses(): Set<string> {
  const addresses = new Set(['localhost', '127.0.0.1', '[::1]']);
  for (const list of Object.values(networkInterfaces())) {
    for (const entry of list ?? [])
      addresses.add(entry.family === 'IPv6' ? `[${entry.address}]` : entry.address);
  }
  return addresses;
}

/**
 * Each sub-site's URL for a link emailed to someone other than the requester, or carrying a secret
 * (a password reset): the request's origin only when its host is this machine (localhost or one of
 * its own addresses), which no one can point elsewhere; else the settings or the fallback. A forged
 * Host header must never put a reset token in a link to someone else's server.
 */
export function trustedSiteUrlsOf(settings: PublicUrlSettings, request: RequestOriginSource): SiteUrls {
  const origin = requestOrigin(request);
  if (!origin) return siteUrlsAt(settings);
  return ownAddresses().has(new URL(origin).hostname) ? siteUrlsAt(settings, origin) : siteUrlsAt(settings);
}

/** The origins of every sub-site served at `origin` (the pages that may embed our card frame). */
export function siteOriginsAt(settings: PublicUrlSettings, origin: string): string[] {
  return [...new Set(Object.values(siteUrlsAt(settings, origin)).map((url) => new URL(url).origin))];
}
