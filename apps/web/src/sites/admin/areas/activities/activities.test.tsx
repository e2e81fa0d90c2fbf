import type { AdminActivity, AdminPricingOption } from '@leisure/contract/admin/activities';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { installMockApi } from '../../../../test/mock-api';
import { renderAdmin } from '../../kit/testing';
import { activitiesArea } from '.';

const server = installMockApi();

const badminton: AdminActivity = {
  id: 7,
  category_id: 2,
  slug: 'badminton-40min',
  name: 'Badminton 40 mins',
  description: '',
  kind: 'court',
  duration_minutes: 40,
  booking_window_days: 7,
  booking_opens_at: '22:00',
  cancellation_cutoff_minutes: 60,
  credit_on_cancellation: true,
  needs_waiver: false,
  has_waitlist: false,
  allows_anonymous_bookings: false,
  tags: [],
  position: 0,
  venue_ids: [1],
};

const pricing: AdminPricingOption[] = [
  {
    id: 3,
    activity_id: 7,
    name: 'Standard',
    for_members: false,
    position: 0,
    tickets: [{ id: 11, name: 'Adult', amount: 592, position: 0 }],
  },
];

const routes = [{ path: 'activities', children: activitiesArea.routes }];

describe('the Activities area', () => {
  it("changes an activity's release rule", async () => {
    let sent: Record<string, unknown> | undefined;
    server.use(
      http.get('*/api/admin/activities/7', () => HttpResponse.json(badminton)),
      http.get('*/api/admin/activity-categories', () =>
        HttpResponse.json({
          data: [{ id: 2, parent_id: null, slug: 'badminton', name: 'Badminton', position: 0 }],
          meta: { page: 1, per_page: 100, total: 1 },
        }),
      ),
      http.get('*/api/admin/venues', () =>
        HttpResponse.json({ data: [], meta: { page: 1, per_page: 100, total: 0 } }),
      ),
      http.patch('*/api/admin/activities/7', async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ ...badminton, ...sent });
      }),
    );
    renderAdmin(routes, { path: '/admin/activities/7' });
    const user = userEvent.setup();
    const days = await screen.findByLabelText(/^Days ahead bookings open/);
    expect(screen.getByLabelText(/^Slot length in minutes/)).toHaveValue('40');
    await user.clear(days);
    await user.type(days, '3');
    await user.click(screen.getByRole('button', { name: 'Save activity' }));
    await waitFor(() => expect(sent).toMatchObject({ booking_window_days: 3, booking_opens_at: '22:00' }));
    expect(await screen.findByText('Activity saved.')).toBeInTheDocument();
  });

  it('changes a ticket price in pounds, sent in pence', async () => {
    let sent: unknown;
    server.use(
      http.get('*/api/admin/activities/7', () => HttpResponse.json(badminton)),
      http.get('*/api/admin/activities/7/pricing-options', () => HttpResponse.json({ data: pricing })),
      http.patch('*/api/admin/tickets/11', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ id: 11, name: 'Adult', amount: 640, position: 0 });
      }),
    );
    renderAdmin(routes, { path: '/admin/activities/7/prices' });
    const user = userEvent.setup();
    const field = await screen.findByLabelText(/^Standard Adult price/);
    expect(field).toHaveValue('5.92');
    await user.clear(field);
    await user.type(field, '6.4');
    await user.click(screen.getByRole('button', { name: 'Save Adult price' }));
    await waitFor(() => expect(sent).toEqual({ amount: 640 }));
    await user.clear(field);
    await user.type(field, 'abc');
    await user.click(screen.getByRole('button', { name: 'Save Adult price' }));
    expect(await screen.findByText('Enter an amount such as 5.50.')).toBeInTheDocument();
  });
});
