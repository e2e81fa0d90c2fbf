import type { Config } from '../config';

/**
 * Where each sub-site lives, for the links we hand out (docs/decisions/016-public-urls.md, amended by
 * issue 44). Every link the server builds for someone to follow later (every email, the client's
 * `urls`) comes from the PUBLIC_*_URL settings only, else from the fallback origin (emails) or a
 * same-origin path (answers to a browser): never from a request's Host or X-Forwarded-Host, which
 * whoever sends the request chooses. Only the sandbox card frame, which must share the checkout
 * page's origin, follows the origin a request was made to (`siteUrlsOf`).
 */
export type SiteName = 'bookings' | 'account' | 'joining';
export type SiteUrls = Record<SiteName, string>;
export type PublicUrlSettings = Config['publicUrls'];

/** Where each sub-site sits under one origin (app.ts serves them there). */
const sitePaths: SiteUrls = { bookings: '', account: '/account', joining: '/join' };

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

/**
 * Each sub-site's URL on the origin this request was made to: only for what must share the asking
 * page's origin and goes back to that browser alone (the sandbox card frame). Never for a link
 * that is emailed, stored or cached: use `emailSiteUrls`.
 */
export function siteUrlsOf(settings: PublicUrlSettings, request: RequestOriginSource): SiteUrls {
  return siteUrlsAt(settings, requestOrigin(request));
}

/**
 * Links for HTML kept in the database (the seeded footers) and for the client's `urls`, which every
 * host serves: the settings, else same-origin paths ('/account'), which work under any name and
 * never repeat a request's Host.
 */
export function storedLinkUrls(settings: PublicUrlSettings): SiteUrls {
  const urls = {} as SiteUrls;
  for (const site of siteNames) urls[site] = settings.configured[site] ?? sitePaths[site];
  return urls;
}

/**
 * Each sub-site's URL for a link in an email (a welcome, a reset link, an order, a notice): the
 * settings, else the fallback origin. Never a request's host: a forged Host or X-Forwarded-Host
 * must not put a link, let alone a reset token, to someone else's server in our emails.
 */
export function emailSiteUrls(settings: PublicUrlSettings): SiteUrls {
  return siteUrlsAt(settings);
}

/** The origins of every sub-site served at `origin` (the pages that may embed our card frame). */
export function siteOriginsAt(settings: PublicUrlSettings, origin: string): string[] {
  return [...new Set(Object.values(siteUrlsAt(settings, origin)).map((url) => new URL(url).origin))];
}
