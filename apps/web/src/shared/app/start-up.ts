import { venueOfAddress } from '@leisure/contract/sites';
import { ApiError, api } from '../api/client';
import { initModes, type Modes } from '../modes/modes';
import { writeSelectedVenue } from '../venue/selected-venue';

/**
 * A session handed over in the URL (kiosk and embedded links; shell-session-basket.md 4): `?token=`
 * holds a one-time code, which POST api/auth/session exchanges for a new session of this browser's
 * own (cookies only), then the code leaves the URL (history.replaceState), whether or not the
 * hand-over worked. A browser signed in as someone else stays so (the server answers 409;
 * docs/decisions/042-session-handover-codes.md).
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
    await api.post('api/auth/session', { token }, { expectUnauthenticated: true });
    return true;
  } catch (error) {
    // An expired, used or unknown code, or another user signed in here: carry on as the browser's
    // own session (or anonymous). The second is said, as the server words it: the link did nothing.
    // The toaster replays a toast made before it mounts; its module loads only for this.
    if (error instanceof ApiError && error.status === 409) {
      const { notify, toastDuration } = await import('../ui/toast');
      notify.error(error.message, { duration: toastDuration.long });
    }
    return false;
  } finally {
    history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }
}

/**
 * The venue the address names selects it (`?venue=` on bookings pages, a venue's or a joining
 * centre's path): the contract's rule, which the API server's page applied already.
 */
export function selectVenueFromAddress(path: string, search: string): void {
  const venue = venueOfAddress(path, search);
  if (venue) writeSelectedVenue(venue);
}

export interface StartUp {
  modes: Modes;
  /** A session token in the URL was handed over: this tab's session is not the one it was sent with. */
  handedOver: boolean;
}

/** Everything that must happen before the first render, in order. */
export async function startUp(): Promise<StartUp> {
  const modes = initModes(window.location.search);
  selectVenueFromAddress(window.location.pathname, window.location.search);
  const handedOver = await handOverToken();
  return { modes, handedOver };
}
