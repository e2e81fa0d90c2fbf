/**
 * The three sub-sites (shell-session-basket.md 2) and the rules both the web app and the API server
 * apply to their addresses: which sub-site a path belongs to, and which venue an address names. One
 * definition, so the page the server sends and the app that takes it over agree.
 */

export type SiteName = 'bookings' | 'account' | 'joining';

/** Where each sub-site sits under one origin: bookings at '/', my-account at '/account', joining at '/join'. */
export const sitePaths: Readonly<Record<SiteName, string>> = {
  bookings: '',
  account: '/account',
  joining: '/join',
};

export const siteNames = Object.keys(sitePaths) as SiteName[];

/** The sub-site a browser path (without its query) belongs to. */
export function siteOfPath(path: string): SiteName {
  if (path === '/account' || path.startsWith('/account/')) return 'account';
  if (path === '/join' || path.startsWith('/join/')) return 'joining';
  return 'bookings';
}

const venueSlugPattern = /^[a-z0-9][a-z0-9-]{0,99}$/;

/** A venue's slug as addresses and the `selected_venue` cookie carry it. */
export function isVenueSlug(value: string | null | undefined): value is string {
  return typeof value === 'string' && venueSlugPattern.test(value);
}

/** The cookie that holds the selected venue; every sub-site reads it. */
export const selectedVenueCookie = 'selected_venue';

/** A query string's first value of `name` ('?venue=leeds' -> 'leeds'), decoded; null when absent. */
function queryValue(search: string, name: string): string | null {
  for (const part of search.replace(/^\?/, '').split('&')) {
    const at = part.indexOf('=');
    if ((at < 0 ? part : part.slice(0, at)) !== name) continue;
    try {
      return decodeURIComponent((at < 0 ? '' : part.slice(at + 1)).replace(/\+/g, ' '));
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * The venue an address names, which selects it: `?venue=` on bookings pages, else a venue's page
 * (`/location/{slug}...`) or a joining centre's (`/join/centre/{slug}...`). Null when it names none
 * (the page then opens with the venue already selected, if any).
 */
export function venueOfAddress(path: string, search: string): string | null {
  const site = siteOfPath(path);
  if (site === 'bookings') {
    const query = queryValue(search, 'venue');
    if (isVenueSlug(query)) return query;
  }
  const named = /^\/location\/([^/]+)/.exec(path)?.[1] ?? /^\/join\/centre\/([^/]+)/.exec(path)?.[1];
  return isVenueSlug(named) ? named : null;
}
