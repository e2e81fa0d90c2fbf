import { HttpResponse, http } from 'msw';
import { getApiSettings, readCookie } from '../shared/api/client';
import { accountHandlers } from './account-handlers';
import { activitiesHandlers } from './activities-handlers';
import { adminHandlers } from './admin-handlers';
import { basketHandlers } from './basket-handlers';
import {
  mockCheckoutTerms,
  mockClient,
  mockCredentials,
  mockDataFields,
  mockFooterHtml,
  mockTerms,
  mockTheme,
  mockUser,
  mockVenueFooters,
  mockVenueThemes,
} from './fixtures';
import { joiningHandlers } from './joining-handlers';

/**
 * MSW handlers for the calls the shell and the account screens make, answering in the API's wire
 * format. The session is the readable CSRF cookie: login sets it, logout clears it, and the user
 * call answers 401 without it (as the real API does without its session cookie).
 */

const csrfCookie = () => getApiSettings().csrfCookie;

function setSessionCookie(present: boolean): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the mock stands in for the server's Set-Cookie
  document.cookie = present
    ? `${csrfCookie()}=mock-csrf; path=/; samesite=lax`
    : `${csrfCookie()}=; path=/; max-age=0`;
}

const hasSession = () => Boolean(readCookie(csrfCookie()));
const unauthenticated = () => HttpResponse.json({ message: 'Please log in to continue.' }, { status: 401 });

/** Matches the API on any origin (same-origin in the browser, http://localhost in tests). */
const api = (path: string) => `*/api/${path}`;

export const handlers = [
  ...adminHandlers,
  ...joiningHandlers,
  http.get(api('frontend/theme'), ({ request }) => {
    const venue = new URL(request.url).searchParams.get('venue');
    if (venue && !mockVenueThemes[venue] && venue !== 'leeds-riverside') {
      return HttpResponse.json({ message: 'Unable to complete request, item not found.' }, { status: 404 });
    }
    return HttpResponse.json({ data: (venue && mockVenueThemes[venue]) || mockTheme });
  }),

  http.get(api('client'), () => HttpResponse.json({ data: mockClient })),

  http.get(api('activities/footer'), ({ request }) => {
    const venue = new URL(request.url).searchParams.get('venue');
    return HttpResponse.json({ data: (venue && mockVenueFooters[venue]) || mockFooterHtml });
  }),

  http.get(api('terms'), ({ request }) => {
    const cartId = new URL(request.url).searchParams.get('cart_id');
    return HttpResponse.json({ data: cartId ? mockCheckoutTerms : mockTerms });
  }),

  http.get(api('data-fields'), () => HttpResponse.json(mockDataFields)),

  http.post(api('auth/customer/login'), async ({ request }) => {
    const body = (await request.json()) as { username?: string; password?: string };
    if (body.username !== mockCredentials.username || body.password !== mockCredentials.password) {
      return HttpResponse.json({ message: 'These credentials do not match our records.' }, { status: 401 });
    }
    setSessionCookie(true);
    return HttpResponse.json({ status: 'success' });
  }),

  http.post(api('auth/session'), async ({ request }) => {
    const body = (await request.json().catch(() => ({}))) as { token?: string };
    if (!body.token) return unauthenticated();
    setSessionCookie(true);
    return HttpResponse.json({ status: 'success' });
  }),

  http.post(api('auth/logout'), () => {
    setSessionCookie(false);
    return HttpResponse.json({ message: 'Logged out' });
  }),

  http.get(api('auth/user'), () =>
    hasSession() ? HttpResponse.json({ data: mockUser }) : unauthenticated(),
  ),
  ...accountHandlers,
  ...basketHandlers,
  ...activitiesHandlers,
];
