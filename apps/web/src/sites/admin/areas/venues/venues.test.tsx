import type { AdminVenue } from '@leisure/contract/admin/venues';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { installMockApi } from '../../../../test/mock-api';
import { renderAdmin } from '../../kit/testing';
import { venuesArea } from '.';

const server = installMockApi();

const leeds: AdminVenue = {
  id: 1,
  slug: 'leeds-riverside',
  name: 'Riverside Leisure Centre Leeds',
  address1: '14 Wharfside Way',
  address2: null,
  town: 'Leeds',
  area: 'Yorkshire',
  postcode: 'LS11 5QT',
  lat: 53.79,
  lng: -1.55,
  timezone: 'Europe/London',
  phone: null,
  email: null,
  opening_hours: null,
  display_venue_selection_button: null,
  can_display_ineligible_memberships: false,
  activities_v2_enabled: null,
};

const routes = [{ path: 'venues', children: venuesArea.routes }];

describe('the Venues area', () => {
  it('lists venues from the server and opens one', async () => {
    server.use(
      http.get('*/api/admin/venues', () =>
        HttpResponse.json({ data: [leeds], meta: { page: 1, per_page: 25, total: 1 } }),
      ),
      http.get('*/api/admin/venues/1', () => HttpResponse.json(leeds)),
    );
    renderAdmin(routes, { path: '/admin/venues' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Venues' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('link', { name: 'Riverside Leisure Centre Leeds' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Riverside Leisure Centre Leeds' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^Postcode/)).toHaveValue('LS11 5QT');
  });

  it("creates a venue with its hours, finds its position, and shows a 422's messages at their fields", async () => {
    let sent: Record<string, unknown> | undefined;
    server.use(
      http.get('*/api/online-joining/geocode', () =>
        HttpResponse.json({ data: [{ name: 'Harrogate', lat: 53.99, lng: -1.54 }], finds_postcodes: false }),
      ),
      http.post('*/api/admin/venues', async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(
          {
            message: 'Another venue already uses this slug.',
            errors: { slug: ['Another venue already uses this slug.'] },
          },
          { status: 422 },
        );
      }),
    );
    renderAdmin(routes, { path: '/admin/venues/new' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Name/), 'Valley Gardens');
    await user.type(screen.getByLabelText(/^Web address name/), 'leeds-riverside');
    await user.type(screen.getByLabelText(/^Address line 1/), '1 Valley Drive');
    await user.type(screen.getByLabelText(/^Town/), 'Harrogate');
    await user.type(screen.getByLabelText(/^Postcode/), 'HG1 2SD');
    await user.click(screen.getByRole('button', { name: 'Find position from postcode' }));
    expect(await screen.findByText('Position set from Harrogate.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Monday opens/), '06:30');
    await user.type(screen.getByLabelText(/^Monday closes/), '22:00');
    await user.click(screen.getByRole('button', { name: 'Create venue' }));
    await waitFor(() => expect(sent).toBeDefined());
    expect(sent).toMatchObject({
      slug: 'leeds-riverside',
      lat: 53.99,
      lng: -1.54,
      postcode: 'HG1 2SD',
      opening_hours: { monday: { opens: '06:30', closes: '22:00' }, tuesday: { opens: null, closes: null } },
    });
    // The server's message is at its field.
    await waitFor(() =>
      expect(screen.getByLabelText(/^Web address name/)).toHaveAccessibleDescription(
        /Another venue already uses this slug\./,
      ),
    );
  });
});
