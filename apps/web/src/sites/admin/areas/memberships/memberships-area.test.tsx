import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { installMockApi } from '../../../../test/mock-api';
import { renderAdmin } from '../../kit/testing';
import { membershipsArea } from '.';

const server = installMockApi();
const routes = [{ path: '/memberships', children: membershipsArea.routes }];

const gym = {
  id: 7,
  slug: 'anytime-gym',
  name: 'Anytime Gym',
  description: '',
  coverage: 'local',
  eligibility: null,
  category_ids: [1],
  sold_at_venue_ids: [3],
  access_venue_ids: [],
  benefits: [],
  position: 0,
  active: true,
  freezable: true,
  renewable: true,
  changeable: true,
  cancellation_notice_days: 30,
  allow_online_cancellation: true,
};

function common() {
  return [
    http.get('*/api/admin/membership-categories', () =>
      HttpResponse.json({
        data: [{ id: 1, name: 'Gym', position: 0 }],
        meta: { page: 1, per_page: 100, total: 1 },
      }),
    ),
    http.get('*/api/online-joining/venues', () =>
      HttpResponse.json({ data: [{ id: 3, name: 'Leeds Riverside' }] }),
    ),
  ];
}

describe('the Memberships area', () => {
  it('lists membership types from the server, searched there', async () => {
    const seen: string[] = [];
    server.use(
      http.get('*/api/admin/membership-types', ({ request }) => {
        seen.push(new URL(request.url).search);
        return HttpResponse.json({
          data: [
            {
              id: 7,
              slug: 'anytime-gym',
              name: 'Anytime Gym',
              coverage: 'local',
              position: 0,
              active: true,
              categories: ['Gym'],
              payment_option_count: 2,
            },
          ],
          meta: { page: 1, per_page: 25, total: 1 },
        });
      }),
    );
    renderAdmin(routes, { path: '/admin/memberships' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Membership types' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Anytime Gym' })).toHaveAttribute(
      'href',
      '/admin/memberships/types/7',
    );
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search membership types' }), 'gym');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(seen.at(-1)).toContain('q=gym'));
  });

  it('adds a monthly payment option with a joining fee in pounds, and shows a 422 at its field', async () => {
    const posted: unknown[] = [];
    let options: unknown[] = [];
    server.use(
      ...common(),
      http.get('*/api/admin/membership-types/7', () => HttpResponse.json(gym)),
      http.get('*/api/admin/membership-types/7/payment-options', () => HttpResponse.json({ data: options })),
      http.get('*/api/admin/membership-types/7/questions', () => HttpResponse.json({ data: [] })),
      http.post('*/api/admin/membership-types/7/payment-options', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        posted.push(body);
        if (body.name === 'Bad') {
          return HttpResponse.json(
            { message: 'The given data was invalid.', errors: { base_fee: ['Too large'] } },
            { status: 422 },
          );
        }
        const option = { id: 11, membership_type_id: 7, change_fee: 0, active: true, ...body };
        options = [option];
        return HttpResponse.json(option, { status: 201 });
      }),
      http.patch('*/api/admin/membership-payment-options/11', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        posted.push(body);
        const changed = { ...(options[0] as object), ...body };
        options = [changed];
        return HttpResponse.json(changed);
      }),
    );
    renderAdmin(routes, { path: '/admin/memberships/types/7' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Anytime Gym' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Option name/), 'Bad');
    await user.type(screen.getByLabelText(/Monthly fee/), '1');
    await user.click(screen.getByRole('button', { name: 'Add payment option' }));
    expect(await screen.findByText('Too large')).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/Option name/));
    await user.type(screen.getByLabelText(/Option name/), 'Monthly');
    await user.clear(screen.getByLabelText(/Monthly fee/));
    await user.type(screen.getByLabelText(/Monthly fee/), '34.99');
    await user.clear(screen.getByLabelText(/Joining fee/));
    await user.type(screen.getByLabelText(/Joining fee/), '20');
    await user.click(screen.getByRole('button', { name: 'Add payment option' }));
    await waitFor(() =>
      expect(posted.at(-1)).toMatchObject({
        name: 'Monthly',
        payment_type: 'recurring',
        base_fee: 3499,
        joining_fee: 2000,
      }),
    );
    expect(await screen.findByText(/£34.99 a month, joining fee £20.00/)).toBeInTheDocument();

    // A new price (for new purchases) from the option's own price form.
    const fee = screen.getByLabelText('Monthly: monthly fee (£)');
    await user.clear(fee);
    await user.type(fee, '39.99');
    await user.click(screen.getByRole('button', { name: 'Save price of Monthly' }));
    await waitFor(() => expect(posted.at(-1)).toEqual({ base_fee: 3999, joining_fee: 2000 }));
    expect(await screen.findByText(/£39.99 a month/)).toBeInTheDocument();
  });
});
