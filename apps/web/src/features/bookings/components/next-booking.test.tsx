import { screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  installDefaultHandlers,
  server,
  signIn,
  signOutCookie,
  wireClient,
} from '../../../test/account/account-api';
import { installBookingsHandlers } from '../../../test/account/bookings-api';
import { renderElement } from '../../../test/render';
import { NextBooking } from './next-booking';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  signIn();
});
afterEach(() => {
  server.resetHandlers();
  signOutCookie();
});
afterAll(() => server.close());

describe('NextBooking', () => {
  it('shows the soonest upcoming booking and View all', async () => {
    installDefaultHandlers();
    signIn();
    installBookingsHandlers();
    renderElement(<NextBooking />, { site: 'account' });
    const section = await screen.findByRole('region', { name: 'My next booking' });
    expect(await within(section).findByRole('heading', { name: 'Yoga Flow' })).toBeInTheDocument();
    expect(within(section).getAllByRole('article')).toHaveLength(1);
    expect(within(section).getByRole('link', { name: 'View all' })).toHaveAttribute(
      'href',
      '/bookings/upcoming',
    );
  });

  it('shows the empty state with Book an activity (kiosk flag kept in kiosk mode)', async () => {
    installDefaultHandlers({
      client: wireClient({
        urls: { bookings: 'https://book.example.com', account: '/account/', joining: '/join/' },
      }),
    });
    signIn();
    installBookingsHandlers({ future: [] });
    renderElement(<NextBooking />, { site: 'account', modes: { kiosk: true } });
    expect(await screen.findByText('You have no upcoming bookings.')).toBeInTheDocument();
    const book = screen.getByRole('link', { name: 'Book an activity' });
    expect(book.getAttribute('href')).toMatch(
      /^https:\/\/book\.example\.com\/redirect-to-selected-venue\?.*kiosk=true/,
    );
  });
});
