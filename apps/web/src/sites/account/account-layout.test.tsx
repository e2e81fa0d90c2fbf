import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  installDefaultHandlers,
  server,
  signIn,
  signOutCookie,
  wireClient,
} from '../../test/account/account-api';
import { installBookingsHandlers } from '../../test/account/bookings-api';
import { renderRoutes } from '../../test/render';
import { accountRoutes } from './routes';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  signOutCookie();
});
afterAll(() => server.close());

const links = [
  ['Account dashboard', '/'],
  ['My details', '/user-details'],
  ['Memberships', '/memberships'],
  ['Packages', '/packages'],
  ['Bookings', '/bookings/upcoming'],
  ['Payments', '/payments'],
];

describe('account layout', () => {
  it('shows the account navigation without Guest passes when the setting is off, and a welcome', async () => {
    installDefaultHandlers({ client: wireClient({ online_guest_passes_enabled: false }) });
    signIn();
    renderRoutes(accountRoutes, { path: '/' });
    const nav = await screen.findByRole('navigation', { name: 'Account' });
    for (const [name, href] of links) {
      expect(within(nav).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(within(nav).getByRole('link', { name: 'Account dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).queryByRole('link', { name: 'Guest passes' })).not.toBeInTheDocument();
    expect(await screen.findByText('Welcome, Alex Morgan')).toBeInTheDocument();
    expect(screen.getByText('Customer number: RL100007')).toBeInTheDocument();
  });

  it('shows Guest passes when online guest passes are enabled', async () => {
    installDefaultHandlers({ client: wireClient({ online_guest_passes_enabled: true }) });
    signIn();
    installBookingsHandlers({ past: [] });
    renderRoutes(accountRoutes, { path: '/bookings/historic' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Bookings' })).toBeInTheDocument();
    expect(await screen.findByText('You have no previous bookings.')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Account' });
    expect(await within(nav).findByRole('link', { name: 'Guest passes' })).toHaveAttribute(
      'href',
      '/guest-passes',
    );
    expect(within(nav).getByRole('link', { name: 'Bookings' })).toHaveAttribute('aria-current', 'page');
  });

  it('sends anonymous users to /login with the redirect', async () => {
    installDefaultHandlers();
    const { router } = renderRoutes(accountRoutes, { path: '/payments' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/login?redirect=%2Fpayments',
    );
  });

  it('logs out and goes to /login', async () => {
    installDefaultHandlers();
    signIn();
    const user = userEvent.setup();
    const { router } = renderRoutes(accountRoutes, { path: '/user-details' });
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    // An explicit log out does not bring the user back to the page they left.
    expect(router.state.location.search).toBe('');
    expect(screen.queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();
  });
});
