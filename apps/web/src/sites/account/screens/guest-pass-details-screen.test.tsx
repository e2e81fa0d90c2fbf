import { screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  installDefaultHandlers,
  server,
  signIn,
  signOutCookie,
  wireClient,
} from '../../../test/account/account-api';
import { installGuestPassHandlers } from '../../../test/account/guest-passes-api';
import { renderRoutes } from '../../../test/render';
import { accountRoutes } from '../routes';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  installDefaultHandlers({ client: wireClient({ online_guest_passes_enabled: true }) });
  signIn();
  installGuestPassHandlers();
});
afterEach(() => {
  server.resetHandlers();
  signOutCookie();
});
afterAll(() => server.close());

describe('/guest-passes/pass-details/{id}', () => {
  it('shows the guest, status, validity, redemption date and venue', async () => {
    renderRoutes(accountRoutes, { path: '/guest-passes/pass-details/4', site: 'account' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Guest pass details' })).toBeInTheDocument();
    expect(await screen.findByText('Guest 4')).toBeInTheDocument();
    expect(screen.getByText('guest4@example.net')).toBeInTheDocument();
    // 4 % 3 = 1: redeemed (green), with its redemption date.
    expect(screen.getByText('Redeemed')).toHaveClass('gp-tag-success');
    expect(screen.getByText('20 Nov 2026')).toBeInTheDocument();
    expect(screen.getByText('26 Nov 2026')).toBeInTheDocument();
    expect(screen.getByText(/^21 Nov 2026 \d\d:\d\d$/)).toBeInTheDocument();
    expect(screen.getByText('Riverside Leisure Centre Leeds')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to guest passes' })).toHaveAttribute(
      'href',
      '/guest-passes',
    );
    // The breadcrumb trail: Account > Guest passes > Guest pass details.
    expect(screen.getByRole('link', { name: 'Guest passes' })).toBeInTheDocument();
  });

  it('shows an issued pass as not redeemed yet', async () => {
    renderRoutes(accountRoutes, { path: '/guest-passes/pass-details/3', site: 'account' });
    expect(await screen.findByText('Not redeemed yet')).toBeInTheDocument();
    expect(screen.getByText('Issued')).toHaveClass('gp-tag-success');
  });

  it('says so when the pass is not found', async () => {
    renderRoutes(accountRoutes, { path: '/guest-passes/pass-details/999', site: 'account' });
    expect(await screen.findByText('We could not find this guest pass.')).toBeInTheDocument();
  });
});
