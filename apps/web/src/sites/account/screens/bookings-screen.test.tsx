import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  installDefaultHandlers,
  server,
  signIn,
  signOutCookie,
  wireClient,
  wireUser,
} from '../../../test/account/account-api';
import { installBookingsHandlers, wireBooking } from '../../../test/account/bookings-api';
import { findDialog } from '../../../test/dialogs';
import { renderRoutes } from '../../../test/render';
import { accountRoutes } from '../routes';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  installDefaultHandlers();
  signIn();
  server.use(
    http.get('/api/activities/cart', () => HttpResponse.json({ message: 'not used' }, { status: 404 })),
  );
});
afterEach(() => {
  server.resetHandlers();
  signOutCookie();
});
afterAll(() => server.close());

const open = (path: string) => renderRoutes(accountRoutes, { path, site: 'account' });

describe('/bookings/{filter}', () => {
  it('redirects a missing filter to /bookings/upcoming and lists upcoming bookings', async () => {
    installBookingsHandlers();
    const { router } = open('/bookings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bookings' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/bookings/upcoming'));
    const tabs = screen.getByRole('navigation', { name: 'Booking filters' });
    expect(within(tabs).getByRole('link', { name: 'Upcoming' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'Previous' })).toBeInTheDocument();
    expect(within(tabs).getByRole('link', { name: 'Waitlist' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Upcoming bookings' });
    const cards = within(list).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Yoga Flow',
      'Spin Express',
      'Adult Swimming Course (Mondays 7pm)',
    ]);
    expect(within(cards[0] as HTMLElement).getByText('Wed 2 Dec 2026')).toBeInTheDocument();
    expect(within(cards[0] as HTMLElement).getByText('18:00 - 18:45')).toBeInTheDocument();
    // A course session is managed from its course page.
    expect(within(cards[2] as HTMLElement).getByRole('link', { name: 'View course' })).toHaveAttribute(
      'href',
      '/bookings/courses/900',
    );
  });

  it('shows "Booking filter not found" for an unknown filter', async () => {
    installBookingsHandlers();
    open('/bookings/someday');
    expect(await screen.findByText('Booking filter not found')).toBeInTheDocument();
  });

  it('disables cancel with the tooltip when the booking cannot be cancelled', async () => {
    installBookingsHandlers();
    open('/bookings/upcoming');
    const late = await screen.findByRole('button', { name: 'Cancel booking of Spin Express' });
    expect(late).toHaveAttribute('aria-disabled', 'true');
    expect(late).toHaveAccessibleDescription('Cannot cancel due to booking starting soon');
    await userEvent.click(late);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens the details modal with View order linking to the order', async () => {
    installBookingsHandlers();
    open('/bookings/upcoming');
    await userEvent.click(await screen.findByRole('button', { name: 'View details of Yoga Flow' }));
    const dialog = await findDialog('Yoga Flow');
    expect(within(dialog).getByText('£7.50')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'View order' })).toHaveAttribute(
      'href',
      '/payments/order-history/5001',
    );
  });

  it('cancels (v1 PATCH): Cancelled badge, message, credit, and the booking leaves the list', async () => {
    const state = installBookingsHandlers();
    // The session user (credit balance) reloads after a 200 cancel.
    let userReads = 0;
    server.use(
      http.get('/api/auth/user', () => {
        userReads += 1;
        return HttpResponse.json({ data: wireUser });
      }),
    );
    open('/bookings/upcoming');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel booking of Yoga Flow' }));
    const dialog = await findDialog('Cancel booking');
    expect(
      within(dialog).getByText('Cancelling before the cut-off gives you £7.50 account credit.'),
    ).toBeInTheDocument();
    const readsBeforeCancel = userReads;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel booking' }));
    const done = await findDialog('Booking cancelled');
    expect(within(done).getByText('Cancelled')).toBeInTheDocument();
    expect(within(done).getByText('Your booking has been cancelled')).toBeInTheDocument();
    expect(within(done).getByText('£7.50 has been added to your account credit.')).toBeInTheDocument();
    await waitFor(() => expect(userReads).toBeGreaterThan(readsBeforeCancel));
    expect(state.requests.find((r) => r.method === 'PATCH')?.body).toEqual({
      data: { cancellation_source: 'my-account', update_type: 'cancellation', booking_ids: [101] },
    });
    await userEvent.click(within(done).getByRole('button', { name: 'Back to my bookings' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Upcoming bookings' });
    await waitFor(() =>
      expect(within(list).queryByRole('heading', { name: 'Yoga Flow' })).not.toBeInTheDocument(),
    );
    expect(within(list).getByRole('heading', { name: 'Spin Express' })).toBeInTheDocument();
    // The 'Cancel booking' that opened the modal left with its booking: focus goes to the list's
    // first control still there, not to <body>.
    expect(within(list).getByRole('button', { name: 'View details of Spin Express' })).toHaveFocus();
  });

  it('shows a cancel failure with Back to my bookings', async () => {
    installBookingsHandlers();
    server.use(
      http.patch('/api/v1/activities/bookings', () =>
        HttpResponse.json(
          { message: 'This booking can no longer be cancelled: the cancellation window has closed.' },
          { status: 422 },
        ),
      ),
    );
    open('/bookings/upcoming');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel booking of Yoga Flow' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, cancel booking' }));
    const dialog = await findDialog('Booking not cancelled');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'This booking can no longer be cancelled: the cancellation window has closed.',
    );
    await userEvent.click(within(dialog).getByRole('link', { name: 'Back to my bookings' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('with activities v2 on, loads v1/activities/bookings and cancels with DELETE; no credit says so', async () => {
    server.use(
      http.get('/api/client', () => HttpResponse.json({ data: wireClient({ activities_v2_enabled: true }) })),
    );
    const state = installBookingsHandlers();
    open('/bookings/upcoming');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel booking of Badminton 40min' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, cancel booking' }));
    const done = await findDialog('Booking cancelled');
    expect(
      within(done).getByText('You are not eligible to receive credit for this booking.'),
    ).toBeInTheDocument();
    const get = state.requests.find((r) => r.url.includes('/api/v1/activities/bookings?'));
    expect(get?.url).toContain('user_id=7');
    expect(get?.url).toContain('cancellation_source=my-account');
    expect(
      state.requests.some(
        (r) => r.method === 'DELETE' && r.url.endsWith('/api/activities/bookings/201/?source=my-account'),
      ),
    ).toBe(true);
  });

  it('lists previous bookings without cancel buttons', async () => {
    installBookingsHandlers();
    open('/bookings/historic');
    const list = await screen.findByRole('list', { name: 'Previous bookings' });
    expect(within(list).getByRole('heading', { name: 'Swim for Fitness' })).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: /Cancel booking/ })).not.toBeInTheDocument();
  });

  it('a long history shows the latest 20, and Show more adds the next ones with focus on the first of them', async () => {
    const past = Array.from({ length: 45 }, (_, i) =>
      wireBooking({
        id: 1000 + i,
        simple_name: `Past swim ${i + 1}`,
        date_raw: '2026-10-01',
        can_be_cancelled: false,
      }),
    );
    const state = installBookingsHandlers({ past });
    const user = userEvent.setup();
    open('/bookings/historic');
    const list = await screen.findByRole('list', { name: 'Previous bookings' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    expect(within(list).getByRole('heading', { name: 'Past swim 20' })).toBeInTheDocument();
    expect(within(list).queryByRole('heading', { name: 'Past swim 21' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Showing 20 of 45 bookings');

    // From the keyboard: tab to the button, press Enter.
    const more = screen.getByRole('button', { name: 'Show more' });
    more.focus();
    await user.keyboard('{Enter}');
    expect(within(list).getAllByRole('listitem')).toHaveLength(40);
    const firstAdded = within(list).getByRole('heading', { name: 'Past swim 21' }).closest('li');
    await waitFor(() => expect(firstAdded).toHaveFocus());
    expect(screen.getByRole('status')).toHaveTextContent('Showing 40 of 45 bookings');

    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(45);
    await waitFor(() =>
      expect(within(list).getByRole('heading', { name: 'Past swim 41' }).closest('li')).toHaveFocus(),
    );
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    // One call for the whole history, as the spec has it.
    expect(state.requests.filter((r) => r.url.includes('/api/my-account/bookings'))).toHaveLength(1);
  });

  it('leaves a waitlist: a 200 reloads it', async () => {
    installBookingsHandlers();
    open('/bookings/waitlist');
    const list = await screen.findByRole('list', { name: 'Waitlist entries' });
    expect(within(list).getByText('Position 2 on the waitlist')).toBeInTheDocument();
    await userEvent.click(within(list).getByRole('button', { name: 'Leave waitlist for Spin Express' }));
    expect(await screen.findByText('You are not on any waitlists.')).toBeInTheDocument();
    expect(await screen.findByText('You have left the waitlist')).toBeInTheDocument();
  });

  it('shows the translated load errors', { timeout: 15_000 }, async () => {
    installBookingsHandlers();
    server.use(
      http.get('/api/my-account/bookings', () => HttpResponse.json({ message: 'boom' }, { status: 500 })),
      http.get('/api/my-account/waitlist', () => HttpResponse.json({ message: 'boom' }, { status: 500 })),
    );
    const { router } = open('/bookings/upcoming');
    // A 500 is retried once before the error shows.
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not load your bookings. Please try again.',
    );
    await router.navigate('/bookings/waitlist');
    expect(await screen.findByText('We could not load your waitlist. Please try again.')).toBeInTheDocument();
  });
});
