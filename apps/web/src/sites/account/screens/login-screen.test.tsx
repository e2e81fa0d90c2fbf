import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  csrfCookie,
  installDefaultHandlers,
  server,
  signIn,
  signOutCookie,
  wireUser,
} from '../../../test/account/account-api';
import { findDialog } from '../../../test/dialogs';
import { renderRoutes } from '../../../test/render';
import { accountRoutes } from '../routes';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => installDefaultHandlers());
afterEach(() => {
  server.resetHandlers();
  signOutCookie();
});
afterAll(() => server.close());

describe('/login', () => {
  it('logs in and goes to the redirect target', async () => {
    let sent: unknown;
    server.use(
      http.post('/api/auth/customer/login', async ({ request }) => {
        sent = await request.json();
        signIn();
        return HttpResponse.json({ token: 't', status: 'success' });
      }),
    );
    const user = userEvent.setup();
    const { router } = renderRoutes(accountRoutes, { path: '/login?redirect=%2Fmemberships' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Email address or customer ID/), wireUser.email);
    await user.type(screen.getByLabelText(/^Password/), 'Member-Pass-1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Memberships' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/memberships');
    expect(sent).toEqual({ username: wireUser.email, password: 'Member-Pass-1' });
  });

  it('shows the server text in a toast when the login fails', async () => {
    server.use(
      http.post('/api/auth/customer/login', () =>
        HttpResponse.json({ message: 'These credentials do not match our records.' }, { status: 401 }),
      ),
    );
    const user = userEvent.setup();
    renderRoutes(accountRoutes, { path: '/login' });
    await user.type(await screen.findByLabelText(/^Email address or customer ID/), 'nobody@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('These credentials do not match our records.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(document.cookie).not.toContain(csrfCookie);
  });

  it('links to registration', async () => {
    renderRoutes(accountRoutes, { path: '/login' });
    expect(await screen.findByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/register',
    );
  });
});

describe('forgotten password', () => {
  it('opens from the button; a 200 shows the check-email modal', async () => {
    let sent: unknown;
    server.use(
      http.post('/api/auth/customer/forgotten-password', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({
          message: "If we have an account for these details, we've emailed a link.",
        });
      }),
    );
    const user = userEvent.setup();
    renderRoutes(accountRoutes, { path: '/login' });
    await user.click(await screen.findByRole('button', { name: 'Forgotten your password?' }));
    const dialog = await findDialog('Forgotten your password?');
    await user.type(within(dialog).getByLabelText(/^Email address or customer ID/), 'member@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send reset link' }));

    const sentDialog = await findDialog('Check your email');
    expect(within(sentDialog).getByText(/emailed a link/)).toBeInTheDocument();
    expect(sent).toEqual({ email_or_reference: 'member@example.com' });
  });

  it("asks for the customer ID when the message starts with 'Multiple', then sends the reference", async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/auth/customer/forgotten-password', async ({ request }) => {
        const body = (await request.json()) as { email_or_reference: string };
        bodies.push(body);
        if (body.email_or_reference.includes('@')) {
          return HttpResponse.json(
            { message: 'Multiple accounts use this email address. Please enter your customer ID instead.' },
            { status: 422 },
          );
        }
        return HttpResponse.json({ message: "We've emailed a link to reset your password." });
      }),
    );
    const user = userEvent.setup();
    renderRoutes(accountRoutes, { path: '/login?showForgotPassword=true' });

    // The query flag opens the modal on load.
    const dialog = await findDialog('Forgotten your password?');
    await user.type(within(dialog).getByLabelText(/^Email address or customer ID/), 'family@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send reset link' }));

    const prompt = await findDialog('Enter your customer ID');
    expect(within(prompt).getByText(/^Multiple accounts use this email address/)).toBeInTheDocument();
    const customerId = within(prompt).getByLabelText(/^Customer ID/);
    await waitFor(() => expect(customerId).toHaveFocus());
    await user.type(customerId, 'RL100008');
    await user.click(within(prompt).getByRole('button', { name: 'Send reset link' }));

    expect(await findDialog('Check your email')).toBeInTheDocument();
    expect(bodies).toEqual([
      { email_or_reference: 'family@example.com' },
      { email_or_reference: 'RL100008' },
    ]);
  });

  it('shows the server message for other failures', async () => {
    server.use(
      http.post('/api/auth/customer/forgotten-password', () =>
        HttpResponse.json({ message: 'Too many attempts. Please try again in 15 minutes.' }, { status: 429 }),
      ),
    );
    const user = userEvent.setup();
    renderRoutes(accountRoutes, { path: '/login?showForgotPassword=true' });
    const dialog = await findDialog('Forgotten your password?');
    const input = within(dialog).getByLabelText(/^Email address or customer ID/);
    await user.type(input, 'member@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send reset link' }));

    expect(
      await within(dialog).findByText('Too many attempts. Please try again in 15 minutes.'),
    ).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription('Too many attempts. Please try again in 15 minutes.');
    expect(screen.queryByRole('dialog', { name: 'Check your email' })).not.toBeInTheDocument();
  });

  it.each([
    '?showForgotPassword',
    '?showForgotPassword=',
    '?showForgotPassword=1',
    '?showForgotPassword=TRUE',
  ])('opens the forgotten-password modal for %s', async (query) => {
    renderRoutes(accountRoutes, { path: `/login${query}` });
    expect(await findDialog('Forgotten your password?')).toBeInTheDocument();
  });

  it('keeps the modal shut for an explicit false', async () => {
    renderRoutes(accountRoutes, { path: '/login?showForgotPassword=false' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Forgotten your password?' })).not.toBeInTheDocument();
  });
});
