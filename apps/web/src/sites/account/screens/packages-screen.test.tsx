import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { installDefaultHandlers, server, signIn, signOutCookie } from '../../../test/account/account-api';
import { installGuestPassHandlers } from '../../../test/account/guest-passes-api';
import { renderRoutes } from '../../../test/render';
import { accountRoutes } from '../routes';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  installDefaultHandlers();
  signIn();
  installGuestPassHandlers();
});
afterEach(() => {
  server.resetHandlers();
  signOutCookie();
});
afterAll(() => server.close());

describe('/packages', () => {
  it("lists the member's packages with uses left, venues and expiry", async () => {
    renderRoutes(accountRoutes, { path: '/packages', site: 'account' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Packages' })).toBeInTheDocument();
    const friend = (await screen.findByRole('heading', { level: 2, name: 'Bring a Friend 10' })).closest(
      'li',
    ) as HTMLElement;
    expect(within(friend).getByText('7 of 10 guest passes remaining')).toBeInTheDocument();
    expect(within(friend).getByText('Active')).toBeInTheDocument();
    expect(within(friend).getByText(/^Expires 2[45] Mar 2027/)).toBeInTheDocument();
    expect(
      within(friend).getByText('Valid at: Riverside Leisure Centre Leeds, Riverside Leisure Centre York'),
    ).toBeInTheDocument();
    const summer = screen
      .getByRole('heading', { level: 2, name: 'Summer Classes 5' })
      .closest('li') as HTMLElement;
    expect(within(summer).getByText('1 of 5 uses remaining')).toBeInTheDocument();
    expect(within(summer).getByText('Expired')).toHaveClass('gp-tag-danger');
    expect(within(summer).getByText('Valid at every venue')).toBeInTheDocument();
  });

  it('says so when the member has no packages', async () => {
    server.use(http.get('/api/my-account/user/packages', () => HttpResponse.json({ data: [] })));
    renderRoutes(accountRoutes, { path: '/packages', site: 'account' });
    expect(await screen.findByText('You have no packages.')).toBeInTheDocument();
  });
});
