import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { readCookie } from '../api/client';
import { settings } from '../settings';

/**
 * The selected venue (shell-session-basket.md 3) persists in a cookie every sub-site reads. It is
 * set for the host; when the sub-sites live on sub-domains, a parent cookie domain shares it
 * (settings.cookieDomain, e.g. '.example.com' — the client settings do not expose one yet).
 */
export const selectedVenueCookie = 'selected_venue';

const slugPattern = /^[a-z0-9][a-z0-9-]{0,99}$/;
const oneYearSeconds = 365 * 24 * 60 * 60;

export function isVenueSlug(value: string | null | undefined): value is string {
  return typeof value === 'string' && slugPattern.test(value);
}

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
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we support
  document.cookie = parts.join('; ');
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The selected venue's slug (or null) and a setter that stores it in the shared cookie. */
export function useSelectedVenue(): [string | null, (slug: string | null) => void] {
  // On the server readCookie reads the request's cookies (shared/api/client), so a server-rendered
  // page and its hydration both start from the venue the request named.
  const slug = useSyncExternalStore(subscribe, readSelectedVenue, readSelectedVenue);
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
