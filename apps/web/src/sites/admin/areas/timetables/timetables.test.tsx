import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { installMockApi } from '../../../../test/mock-api';
import { axeViolations } from '../../kit/axe';
import { renderAdmin } from '../../kit/testing';
import { timetablesArea } from '.';

const server = installMockApi();

const choices = {
  venues: [{ id: 1, name: 'Leeds Central' }],
  activities: [
    { id: 10, name: 'Aqua Fit', kind: 'class', duration_minutes: 45 },
    { id: 11, name: 'Beginners Swim Course', kind: 'course', duration_minutes: 45 },
  ],
  locations: [{ id: 5, venue_id: 1, name: 'Main Pool' }],
};

const session = {
  id: 77,
  activity_name: 'Aqua Fit',
  venue_id: 1,
  location_id: 5,
  location_name: 'Main Pool',
  date: '2026-12-25',
  start_time: '07:15',
  end_time: '08:00',
  starts_at: '2026-12-25T07:15:00.000Z',
  capacity: 12,
  booked: 3,
  held: 1,
  timetable_entry_id: 4,
  course_id: null,
  cancelled: false,
};

const outcome = { created: 15, updated: 0, removed: 0, kept_with_bookings: [], emailed: 0 };

const routes = [{ path: '/timetables', children: timetablesArea.routes }];

describe('the Timetables area', () => {
  it('creates a weekly pattern from the form, showing what it did and a 422 at its field', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.get('*/api/admin/timetable-choices', () => HttpResponse.json(choices)),
      http.post('*/api/admin/timetable-entries', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        if (body.start_time === '') {
          return HttpResponse.json(
            { message: 'Invalid', errors: { start_time: ['Use HH:MM (24-hour).'] } },
            { status: 422 },
          );
        }
        return HttpResponse.json(
          {
            data: {
              id: 4,
              activity_id: 10,
              activity_name: 'Aqua Fit',
              venue_id: 1,
              venue_name: 'Leeds Central',
              location_id: 5,
              location_name: 'Main Pool',
              weekdays: [0, 2],
              start_time: '07:15',
              duration_minutes: null,
              effective_duration_minutes: 45,
              capacity: 12,
              instructor_name: null,
              starts_on: null,
              ends_on: null,
            },
            sessions: outcome,
          },
          { status: 201 },
        );
      }),
      http.get('*/api/admin/timetable-entries/4', () => HttpResponse.json({})),
    );
    renderAdmin(routes, { path: '/admin/timetables/new?venue=1' });
    const user = userEvent.setup();
    await screen.findByRole('option', { name: 'Aqua Fit (45 min)' });
    await user.selectOptions(screen.getByRole('combobox', { name: /Activity/ }), '10');
    await user.selectOptions(screen.getByRole('combobox', { name: /Location/ }), '5');
    await user.click(screen.getByRole('checkbox', { name: 'Monday' }));
    await user.click(screen.getByRole('checkbox', { name: 'Wednesday' }));
    await user.type(screen.getByLabelText(/Capacity/), '12');
    await user.click(screen.getByRole('button', { name: 'Save pattern' }));
    expect(await screen.findByText('Use HH:MM (24-hour).')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Start time/), '07:15');
    await user.click(screen.getByRole('button', { name: 'Save pattern' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({
      venue_id: 1,
      activity_id: 10,
      location_id: 5,
      weekdays: [0, 2],
      start_time: '07:15',
      capacity: 12,
      duration_minutes: null,
    });
    expect(await axeViolations(document.querySelector('form') as Element)).toEqual([]);
  });

  it('lists sessions with their places and cancels one with account credit', async () => {
    const cancels: unknown[] = [];
    server.use(
      http.get('*/api/admin/timetable-choices', () => HttpResponse.json(choices)),
      http.get('*/api/admin/sessions', () =>
        HttpResponse.json({ data: [session], meta: { page: 1, per_page: 25, total: 1 } }),
      ),
      http.post('*/api/admin/sessions/77/cancel', async ({ request }) => {
        cancels.push(await request.json());
        return HttpResponse.json({
          data: { ...session, cancelled: true, booked: 0 },
          bookings_cancelled: 3,
          credited: 2250,
          emailed: 3,
          changed: true,
        });
      }),
    );
    renderAdmin(routes, { path: '/admin/timetables/sessions?venue=1' });
    const user = userEvent.setup();
    const row = (await screen.findByRole('rowheader', { name: 'Aqua Fit' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('3 booked, 1 held of 12')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: /^Cancel Aqua Fit/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('radio', { name: 'Account credit' })).toBeChecked();
    await user.type(within(dialog).getByLabelText(/Reason/), 'Pool closed');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel session' }));
    expect(
      await screen.findByText(/Session cancelled: 3 bookings cancelled, 3 people emailed/),
    ).toBeInTheDocument();
    expect(cancels).toEqual([{ resolution: 'credit', reason: 'Pool closed' }]);
  });
});
