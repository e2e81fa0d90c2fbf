import type { AdminPriceChange } from '@leisure/contract/admin/promotions';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { installMockApi } from '../../../../test/mock-api';
import { renderAdmin } from '../../kit/testing';
import { promotionsArea } from '.';

const server = installMockApi();
const routes = [{ path: '/promotions', children: promotionsArea.routes }];

const scheduled: AdminPriceChange = {
  id: 3,
  payment_option_id: 11,
  payment_option_name: 'Monthly',
  membership_type_name: 'Anytime Gym',
  amount: 5499,
  currency: 'GBP',
  effective_date: '2027-02-01',
  status: 'scheduled',
  members_count: 4,
  created_at: '2026-12-08T00:00:00Z',
  applied_at: null,
  cancelled_at: null,
};

function handlers(state: { changes: AdminPriceChange[]; body?: unknown }) {
  return [
    http.get('*/api/admin/promotions/payment-options', () =>
      HttpResponse.json({
        data: [
          {
            id: 11,
            name: 'Monthly',
            membership_type_name: 'Anytime Gym',
            payment_type: 'recurring',
            base_fee: 4999,
            joining_fee: 2500,
          },
          {
            id: 12,
            name: '12 months',
            membership_type_name: 'Anytime Gym',
            payment_type: 'fixed',
            base_fee: 49900,
            joining_fee: 0,
          },
        ],
      }),
    ),
    http.get('*/api/admin/membership-price-changes', () =>
      HttpResponse.json({
        data: state.changes,
        meta: { page: 1, per_page: 25, total: state.changes.length },
      }),
    ),
    http.post('*/api/admin/membership-price-changes', async ({ request }) => {
      state.body = await request.json();
      const body = state.body as { effective_date: string };
      if (body.effective_date < '2027-01-07') {
        return HttpResponse.json(
          {
            message: 'The given data was invalid.',
            errors: {
              effective_date: ["Give members at least 30 days' notice: choose 2027-01-07 or later."],
            },
          },
          { status: 422 },
        );
      }
      state.changes = [scheduled];
      return HttpResponse.json({ data: scheduled }, { status: 201 });
    }),
    http.post('*/api/admin/membership-price-changes/3/cancel', () => {
      state.changes = [{ ...scheduled, status: 'cancelled', cancelled_at: '2026-12-08T01:00:00Z' }];
      return HttpResponse.json({ data: state.changes[0] });
    }),
  ];
}

describe('price changes for existing members', () => {
  it('schedules a change for a monthly option (pence on the wire), shows a 422 at its field, lists and cancels it', async () => {
    const state: { changes: AdminPriceChange[]; body?: unknown } = { changes: [] };
    server.use(...handlers(state));
    renderAdmin(routes, { path: '/admin/promotions/price-changes' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Price changes for existing members' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('No price changes yet.')).toBeInTheDocument();
    const select = screen.getByLabelText(/^Payment option/);
    await within(select).findByRole('option', { name: /Anytime Gym – Monthly/ });
    expect(within(select).queryByRole('option', { name: /12 months/ })).toBeNull();
    await userEvent.selectOptions(select, '11');
    await userEvent.type(screen.getByLabelText(/^New monthly price/), '54.99');
    await userEvent.type(screen.getByLabelText(/^Takes effect on/), '2027-01-01');
    await userEvent.click(screen.getByRole('button', { name: 'Schedule price change' }));
    expect(await screen.findByText(/at least 30 days' notice/)).toBeInTheDocument();
    expect(state.body).toEqual({ payment_option_id: 11, amount: 5499, effective_date: '2027-01-01' });

    await userEvent.clear(screen.getByLabelText(/^Takes effect on/));
    await userEvent.type(screen.getByLabelText(/^Takes effect on/), '2027-02-01');
    await userEvent.click(screen.getByRole('button', { name: 'Schedule price change' }));
    expect(await screen.findByRole('rowheader', { name: 'Anytime Gym – Monthly' })).toBeInTheDocument();
    expect(screen.getByText('Scheduled')).toBeInTheDocument();

    await userEvent.click(
      screen.getByRole('button', { name: /^Cancel the price change for Anytime Gym – Monthly/ }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this price change?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel price change' }));
    expect(await screen.findByText('Cancelled')).toBeInTheDocument();
  });
});
