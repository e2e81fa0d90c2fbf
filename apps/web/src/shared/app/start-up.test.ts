import { HttpResponse, http } from 'msw';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { installMockApi, setTestCookie } from '../../test/mock-api';
import { api } from '../api/client';
import { readSelectedVenue } from '../venue/selected-venue';
import { handOverToken, selectVenueFromAddress } from './start-up';

const server = installMockApi();

afterEach(() => {
  window.history.replaceState(null, '', '/');
  setTestCookie('selected_venue', null);
});

describe('token hand-over', () => {
  it('exchanges the code with POST api/auth/session in the body, never as a bearer token, then removes it from the URL', async () => {
    const seen: (string | null)[] = [];
    const bodies: string[] = [];
    server.events.on('request:start', ({ request }) => {
      seen.push(request.headers.get('authorization'));
      if (request.url.endsWith('/api/auth/session'))
        void request
          .clone()
          .text()
          .then((b) => bodies.push(b));
    });
    window.history.replaceState(null, '', '/account/user-details?token=abc123&kiosk=true#top');

    expect(await handOverToken()).toBe(true);
    expect(seen).toEqual([null]);
    expect(bodies).toEqual(['{"token":"abc123"}']);
    expect(window.location.pathname).toBe('/account/user-details');
    expect(window.location.search).toBe('?kiosk=true');
    expect(window.location.hash).toBe('#top');
    expect(document.cookie).toContain('leisure_xsrf=');

    // Later calls go with the cookie only.
    await api.get('api/client');
    expect(seen[1]).toBeNull();
    server.events.removeAllListeners();
  });

  it('removes a code the server refuses and carries on', async () => {
    server.use(http.post('*/api/auth/session', () => HttpResponse.json({ message: 'No' }, { status: 401 })));
    window.history.replaceState(null, '', '/?token=expired');
    expect(await handOverToken()).toBe(false);
    expect(window.location.search).toBe('');
  });

  it('keeps the session of another user signed in here (409), says why, and drops the code', async () => {
    const message =
      'Another account is signed in on this browser. Please log out first, then open the link again.';
    server.use(http.post('*/api/auth/session', () => HttpResponse.json({ message }, { status: 409 })));
    window.history.replaceState(null, '', '/account/?token=code&kiosk=true');
    expect(await handOverToken()).toBe(false);
    expect(window.location.search).toBe('?kiosk=true');
    expect(toast.getToasts().map((shown) => ('title' in shown ? shown.title : undefined))).toContain(message);
    toast.dismiss();
  });

  it('does nothing without a token', async () => {
    window.history.replaceState(null, '', '/?embedded=true');
    expect(await handOverToken()).toBe(false);
    expect(window.location.search).toBe('?embedded=true');
  });
});

describe('venue query value', () => {
  it('selects the venue on the bookings site only', () => {
    selectVenueFromAddress('/account/', '?venue=york-ouse-bank');
    expect(readSelectedVenue()).toBeNull();
    selectVenueFromAddress('/', '?venue=york-ouse-bank');
    expect(readSelectedVenue()).toBe('york-ouse-bank');
    selectVenueFromAddress('/', '?venue=<script>');
    expect(readSelectedVenue()).toBe('york-ouse-bank');
  });

  it("selects the venue a venue's or a joining centre's path names", () => {
    selectVenueFromAddress('/location/leeds-riverside/swimming', '');
    expect(readSelectedVenue()).toBe('leeds-riverside');
    selectVenueFromAddress('/join/centre/york-ouse-bank/membership/gym', '?venue=leeds-riverside');
    expect(readSelectedVenue()).toBe('york-ouse-bank');
  });
});
