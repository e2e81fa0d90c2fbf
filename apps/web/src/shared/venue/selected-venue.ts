import { isVenueSlug, selectedVenueCookie } from '@leisure/contract/sites';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { cookieWrites, readCookie, writeCookie } from '../api/client';
import { settings } from '../settings';

export { isVenueSlug, selectedVenueCookie };

/**
 * The selected venue (shell-session-basket.md 3) persists in a cookie every sub-site reads. It is
 * set for the host; when the sub-sites live on sub-domains, a parent cookie domain shares it
 * (settings.cookieDomain, e.g. '.example.com' — the client settings do not expose one yet). Its
 * name and what a slug is are the contract's (sites.ts), which the API server's pages use too.
 */
const oneYearSeconds = 365 * 24 * 60 * 60;

export function readSelectedVenue(): string | null {
  const value = readCookie(selectedVenueCookie);
  return isVenueSlug(value) ? value : null;
}

const listeners = new Set<() => void>();

export function writeSelectedVenue(
  slug: string | null,
  domain: string | undefined = settings.cookieDomain,
): void {
  if (slug !== null && !isVenueSlug(slug)) return;
  const parts = [
    `${selectedVenueCookie}=${slug ? encodeURIComponent(slug) : ''}`,
    'path=/',
    `max-age=${slug ? oneYearSeconds : 0}`,
    'samesite=lax',
  ];
  if (domain) parts.push(`domain=${domain}`);
  if (typeof location !== 'undefined' && location.protocol === 'https:') parts.push('secure');
  writeCookie(parts.join('; '));
  for (const listener of listeners) listener();
}

/**
 * The venue as this page last read it: reading the cookie asks the browser's cookie store each time
 * (up to 7 ms; a page's start read it ten times, once per component and render; issue 16). The copy
 * holds until this page sets a cookie; another tab or sub-site may select a venue meanwhile, so the
 * cookie is read again when this tab comes back to the front.
 */
let known: { slug: string | null; cookieWrites: number } | undefined;

function readKnownVenue(): string | null {
  const writes = cookieWrites();
  if (known?.cookieWrites !== writes) known = { slug: readSelectedVenue(), cookieWrites: writes };
  return known.slug;
}

function rereadVenue(): void {
  if (document.visibilityState !== 'visible') return;
  const before = known?.slug;
  known = undefined;
  if (readKnownVenue() === before) return;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    document.addEventListener('visibilitychange', rereadVenue);
    window.addEventListener('focus', rereadVenue);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    document.removeEventListener('visibilitychange', rereadVenue);
    window.removeEventListener('focus', rereadVenue);
  };
}

/** The selected venue's slug (or null) and a setter that stores it in the shared cookie. */
export function useSelectedVenue(): [string | null, (slug: string | null) => void] {
  // On the server readCookie reads the request's cookies (shared/api/client), so a server-rendered
  // page and its hydration both start from the venue the request named.
  const slug = useSyncExternalStore(
    subscribe,
    readKnownVenue,
    typeof document === 'undefined' ? readSelectedVenue : readKnownVenue,
  );
  const set = useCallback((next: string | null) => writeSelectedVenue(next), []);
  return [slug, set];
}

/** Selects the venue a path names (/location/{slug}, /centre/{slug}), as the `venue` query value does. */
export function useSelectVenueFromPath(slug: string | undefined): void {
  const [, selectVenue] = useSelectedVenue();
  useEffect(() => {
    if (isVenueSlug(slug)) selectVenue(slug);
  }, [slug, selectVenue]);
}
