import { api } from '../api/client';
import type { SiteName } from '../links/links';
import { initModes, type Modes } from '../modes/modes';
import { isVenueSlug, writeSelectedVenue } from '../venue/selected-venue';

/**
 * A session token handed over in the URL (kiosk and embedded links; shell-session-basket.md 4):
 * POST api/auth/session with it as a bearer token gives this browser the session cookies, then the
 * token leaves the URL (history.replaceState), whether or not the hand-over worked.
 */
export async function handOverToken(
  location: Pick<Location, 'href'> = window.location,
  history: Pick<History, 'replaceState' | 'state'> = window.history,
): Promise<boolean> {
  const url = new URL(location.href);
  const token = url.searchParams.get('token');
  if (!token) return false;
  url.searchParams.delete('token');
  try {
    await api.post('api/auth/session', undefined, {
      expectUnauthenticated: true,
      headers: { authorization: `Bearer ${token}` },
    });
    return true;
  } catch {
    // An expired or unknown token: carry on as the browser's own session (or anonymous).
    return false;
  } finally {
    history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }
}

/** A `venue` query value on bookings pages selects that venue. */
export function selectVenueFromQuery(site: SiteName, search: string): void {
  if (site !== 'bookings') return;
  const venue = new URLSearchParams(search).get('venue');
  if (isVenueSlug(venue)) writeSelectedVenue(venue);
}

export interface StartUp {
  modes: Modes;
  /** A session token in the URL was handed over: this tab's session is not the one it was sent with. */
  handedOver: boolean;
}

/** Everything that must happen before the first render, in order. */
export async function startUp(site: SiteName): Promise<StartUp> {
  const modes = initModes(window.location.search);
  selectVenueFromQuery(site, window.location.search);
  const handedOver = await handOverToken();
  return { modes, handedOver };
}
