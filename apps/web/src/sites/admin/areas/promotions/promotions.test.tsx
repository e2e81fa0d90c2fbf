import type { AdminPromotion } from '@leisure/contract/admin/promotions';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { installMockApi } from '../../../../test/mock-api';
import { renderAdmin } from '../../kit/testing';
import { promotionsArea } from '.';

const server = installMockApi();
const routes = [{ path: '/promotions', children: promotionsArea.routes }];

const welcome: AdminPromotion = {
  id: 7,
  code: 'WELCOME50',
  name: 'Half-price joining fee',
  description: null,
  discount_kind: 'percentage',
  discount_value: 50,
  applies_to: 'joining_fee',
  months: 1,
  valid_from: '2026-11-01',
  valid_to: '2027-12-01',
  usage_limit: null,
  used_count: 3,
  payment_option_ids: [],
  status: 'active',
  ended_at: null,
  created_at: '2026-11-01T10:00:00.000Z',
};

const optionsHandler = http.get('*/api/admin/promotions/payment-options', () =>
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
    ],
  }),
);

describe('the Promotions area', () => {
  it('lists promotions from the server with their discount and status', async () => {
    const seen: string[] = [];
    server.use(
      http.get('*/api/admin/promotions', ({ request }) => {
        seen.push(new URL(request.url).search);
        return HttpResponse.json({ data: [welcome], meta: { page: 1, per_page: 25, total: 1 } });
      }),
    );
    renderAdmin(routes, { path: '/admin/promotions' });
    expect(await screen.findByRole('rowheader', { name: 'WELCOME50' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Promotions' })).toBeInTheDocument();
    expect(screen.getByText('50% off the joining fee')).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add promotion' })).toHaveAttribute(
      'href',
      '/admin/promotions/new',
    );
    expect(seen[0]).toContain('per_page=25');
  });

  it('creates a promotion for a payment option, sending pence, and shows a 422 at its field', async () => {
    let body: Record<string, unknown> | undefined;
    let answer422 = true;
    server.use(
      optionsHandler,
      http.post('*/api/admin/promotions', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        if (answer422) {
          answer422 = false;
          return HttpResponse.json(
            {
              message: 'The given data was invalid.',
              errors: { code: ['A promotion with this code already exists.'] },
            },
            { status: 422 },
          );
        }
        return HttpResponse.json({ data: { ...welcome, id: 9, code: 'SUMMER' } }, { status: 201 });
      }),
      http.get('*/api/admin/promotions/9', () =>
        HttpResponse.json({ data: { ...welcome, id: 9, code: 'SUMMER' } }),
      ),
    );
    const { router } = renderAdmin(routes, { path: '/admin/promotions/new' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Add promotion' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Code/), 'summer');
    await userEvent.type(screen.getByLabelText(/^Name/), 'Summer offer');
    await userEvent.selectOptions(screen.getByLabelText(/^Discount type/), 'fixed');
    await userEvent.type(screen.getByLabelText(/^Discount \(£\)/), '12.50');
    await userEvent.click(await screen.findByLabelText(/Anytime Gym – Monthly/));
    await userEvent.click(screen.getByRole('button', { name: 'Create promotion' }));
    expect(await screen.findByText('A promotion with this code already exists.')).toBeInTheDocument();
    expect(body).toMatchObject({
      code: 'SUMMER',
      discount_kind: 'fixed',
      discount_value: 1250,
      applies_to: 'joining_fee',
      payment_option_ids: [11],
      valid_from: null,
      usage_limit: null,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Create promotion' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Promotion SUMMER' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/promotions/9');
  });

  it('checks the percentage before sending', async () => {
    server.use(optionsHandler);
    renderAdmin(routes, { path: '/admin/promotions/new' });
    await userEvent.type(await screen.findByLabelText(/^Code/), 'X1');
    await userEvent.type(screen.getByLabelText(/^Name/), 'X');
    await userEvent.type(screen.getByLabelText(/^Discount \(%\)/), '150');
    await userEvent.click(screen.getByRole('button', { name: 'Create promotion' }));
    expect(
      await screen.findByText('A percentage must be a whole number between 1 and 100.'),
    ).toBeInTheDocument();
  });

  it('ends a promotion after confirming', async () => {
    let ended = false;
    server.use(
      optionsHandler,
      http.get('*/api/admin/promotions/7', () =>
        HttpResponse.json({
          data: ended ? { ...welcome, status: 'ended', ended_at: '2026-12-08T00:00:00Z' } : welcome,
        }),
      ),
      http.post('*/api/admin/promotions/7/end', () => {
        ended = true;
        return HttpResponse.json({ data: { ...welcome, status: 'ended', ended_at: '2026-12-08T00:00:00Z' } });
      }),
    );
    renderAdmin(routes, { path: '/admin/promotions/7' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Promotion WELCOME50' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Discount \(%\)/)).toHaveValue('50');
    await userEvent.click(screen.getByRole('button', { name: 'End promotion' }));
    const dialog = await screen.findByRole('dialog', { name: 'End this promotion?' });
    await userEvent.click(
      [...dialog.querySelectorAll('button')].find((b) => b.textContent === 'End promotion') as HTMLElement,
    );
    expect(await screen.findByText(/Status: Ended/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'End promotion' })).not.toBeInTheDocument();
  });
});
