import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { installDefaultHandlers, server, signOutCookie } from '../../../test/account/account-api';
import { renderRoutes } from '../../../test/render';
import { accountRoutes } from '../routes';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => installDefaultHandlers());
afterEach(() => {
  server.resetHandlers();
  signOutCookie();
});
afterAll(() => server.close());

describe('/verify-email/:token', () => {
  it('sends the token once and says the address is confirmed', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('/api/auth/email/verify', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ message: 'Thank you: your email address is confirmed.' });
      }),
    );
    renderRoutes(accountRoutes, { path: '/verify-email/abc123' });
    expect(await screen.findByText('Thank you: your email address is confirmed.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Confirm your email address' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to my account' })).toBeInTheDocument();
    expect(sent).toEqual([{ token: 'abc123' }]);
  });

  it('says an unknown, used or expired link (403) is invalid', async () => {
    server.use(
      http.post('/api/auth/email/verify', () =>
        HttpResponse.json({ message: 'This link is invalid or has expired.' }, { status: 403 }),
      ),
    );
    renderRoutes(accountRoutes, { path: '/verify-email/used-token' });
    expect(await screen.findByText('This link is invalid or has expired.')).toBeInTheDocument();
  });
});
