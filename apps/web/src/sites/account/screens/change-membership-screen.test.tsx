import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { expect, it } from 'vitest';
import { mockMembershipTypes } from '../../../mocks/joining-handlers';
import { changeHandlers, myMembership } from '../../../test/account/membership-lifecycle-api';
import { installMockApi, startMockSession } from '../../../test/mock-api';
import { renderRoutes } from '../../../test/render';
import { ChangeMembershipScreen } from './change-membership-screen';

const server = installMockApi();

const routes = [
  { path: '/start', element: <p>Start</p> },
  { path: '/memberships', element: <p>Memberships list</p> },
  { path: '/memberships/change/:membershipId', element: <ChangeMembershipScreen /> },
  {
    path: '/memberships/renew/:membershipId/:selectedMembershipSlug/:selectedPaymentType',
    element: <ChangeMembershipScreen />,
  },
];

async function expectOpen(name: RegExp) {
  await waitFor(() => expect(screen.getByRole('button', { name })).toHaveAttribute('aria-expanded', 'true'));
}

it('without router state the member goes back to /memberships', async () => {
  startMockSession();
  server.use(...changeHandlers());
  const { router } = renderRoutes(routes, { path: '/memberships/change/41', site: 'account' });
  expect(await screen.findByText('Memberships list')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/memberships');
});

it('a 404 on loading the change shows the not-found view', async () => {
  startMockSession();
  server.use(...changeHandlers({ status: 404 }));
  const { router } = renderRoutes(routes, { path: '/start', site: 'account' });
  await router.navigate('/memberships/change/41', { state: { membership: myMembership() } });
  expect(await screen.findByRole('heading', { level: 2, name: 'Membership not found' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'Change Membership' })).toBeInTheDocument();
});

it('change: the joining sections, the change costs in review, then the change call', async () => {
  startMockSession();
  const posted: unknown[] = [];
  server.use(...changeHandlers({}, posted));
  const user = userEvent.setup();
  const { router } = renderRoutes(routes, { path: '/start', site: 'account' });
  await router.navigate('/memberships/change/41', { state: { membership: myMembership() } });
  expect(await screen.findByRole('heading', { level: 1, name: 'Change Membership' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to memberships' })).toHaveAttribute('href', '/memberships');
  expect(screen.queryByRole('button', { name: /Choose your home centre/ })).not.toBeInTheDocument();
  await user.click(await screen.findByRole('button', { name: 'Select Gold' }));
  await expectOpen(/Your details/);
  expect(screen.getByRole('button', { name: 'Edit Membership selection' })).toBeVisible();
  await user.type(await screen.findByRole('textbox', { name: /First name/ }), 'Morgan');
  await user.type(screen.getByRole('textbox', { name: /Last name/ }), 'Reed');
  await user.type(screen.getByRole('textbox', { name: /Email address/ }), 'member@example.com');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await expectOpen(/Additional details/);
  await user.selectOptions(await screen.findByRole('combobox', { name: /How did you hear about us/ }), 'web');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await expectOpen(/Review & select dates/);
  const costs = await screen.findByRole('region', { name: 'Change costs' });
  expect(await within(costs).findByText('£49.99')).toBeInTheDocument();
  expect(costs).toHaveTextContent('£15.00 more than you have paid for 24 Nov 2026 to 30 Nov 2026');
  expect(costs).toHaveTextContent('Total due now£15.00');
  expect(costs).toHaveTextContent('First direct debit at the new price1st December 2026');
  expect(costs).toHaveTextContent('Current membership ends23 Nov 2026');
  // One breakdown on the page: joining's (with its joining fee) and its promo code are not shown.
  expect(screen.queryByRole('region', { name: 'Cost breakdown' })).not.toBeInTheDocument();
  expect(screen.queryByText('Joining fee')).not.toBeInTheDocument();
  expect(screen.queryByRole('textbox', { name: /Promo code/i })).not.toBeInTheDocument();
  await user.click(await screen.findByRole('checkbox', { name: /Health commitment/ }));
  await user.click(screen.getByRole('checkbox', { name: /Membership terms/ }));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await waitFor(() => expect(posted).toHaveLength(1));
  expect(posted[0]).toMatchObject({ payment_option_id: 101 });
}, 30_000);

it('renew: the renewal option preselected, no Edit buttons', async () => {
  startMockSession();
  server.use(
    http.get('/api/memberships/:id/renew', () =>
      HttpResponse.json({
        data: {
          id: 41,
          name: 'Gold',
          reference: 'MEM-000041',
          access: 'National',
          duration: '12 months',
          price: { raw: 35000, formatted: '£350.00', decimal: '350.00' },
          joining_fee: null,
          start_date: { raw: '2027-01-10', full_date_pretty: '10th January 2027' },
          end_date: { raw: '2028-01-09', full_date_pretty: '9th January 2028' },
          benefits: [],
          description: '',
          total_cost: { raw: 35000, formatted: '£350.00', decimal: '350.00' },
          can_renew: true,
          renew_forbid_reason: null,
          slug: 'gold',
          payment_option_id: 102,
          payment_type: 'fixed',
          home_venue: { id: 3, name: 'Leeds', slug: 'leeds', can_display_ineligible_memberships: false },
          membership_type: mockMembershipTypes[0],
        },
      }),
    ),
  );
  const { router } = renderRoutes(routes, { path: '/start', site: 'account' });
  await router.navigate('/memberships/renew/41/gold/fixed', { state: { membership: myMembership() } });
  expect(await screen.findByRole('heading', { level: 1, name: 'Renew membership' })).toBeInTheDocument();
  await expectOpen(/Your details/);
  expect(screen.queryByRole('button', { name: 'Edit Membership selection' })).not.toBeInTheDocument();
  expect(screen.getByText(/Renewing Gold from 10th January 2027/)).toBeInTheDocument();
}, 20_000);
