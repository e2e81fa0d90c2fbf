import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

describe('/password-reset/:token', () => {
  it('sends an invalid link (403) to /login', async () => {
    server.use(
      http.post('/api/auth/password-reset/validate', () =>
        HttpResponse.json(
          { message: 'This password reset link is invalid or has expired.' },
          { status: 403 },
        ),
      ),
    );
    const { router } = renderRoutes(accountRoutes, { path: '/password-reset/not-a-real-token' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('checks the new password, sends it with the token and shows the success screen', async () => {
    let validated: unknown;
    let reset: unknown;
    server.use(
      http.post('/api/auth/password-reset/validate', async ({ request }) => {
        validated = await request.json();
        return HttpResponse.json({ status: 'valid', email: 'member@example.com' });
      }),
      http.post('/api/auth/password-reset', async ({ request }) => {
        reset = await request.json();
        return HttpResponse.json({ message: 'Your password has been reset.' });
      }),
    );
    const user = userEvent.setup();
    renderRoutes(accountRoutes, { path: '/password-reset/abc123' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset your password' })).toBeInTheDocument();
    const password = await screen.findByLabelText(/^New password/);
    const confirmation = screen.getByLabelText(/^Confirm new password/);

    await user.type(password, 'short');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Must contain at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('The password confirmation does not match.')).toBeInTheDocument();
    expect(reset).toBeUndefined();

    await user.clear(password);
    await user.type(password, 'Reset-Pass-2');
    await user.type(confirmation, 'Reset-Pass-2');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your password has been reset' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(validated).toEqual({ token: 'abc123' });
    expect(reset).toEqual({
      token: 'abc123',
      password: 'Reset-Pass-2',
      password_confirmation: 'Reset-Pass-2',
    });
  });
});
