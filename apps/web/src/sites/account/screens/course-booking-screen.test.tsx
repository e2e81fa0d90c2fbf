import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { withSignedInServer } from '../../../test/account/account-api';
import { installBookingsHandlers, wireBundle } from '../../../test/account/bookings-api';
import { findDialog } from '../../../test/dialogs';
import { renderRoutes } from '../../../test/render';
import { accountRoutes } from '../routes';

withSignedInServer();

const open = (id = 900) => renderRoutes(accountRoutes, { path: `/bookings/courses/${id}`, site: 'account' });

describe('/bookings/courses/{bookingBundleId}', () => {
  it('shows the header, About open, Dates with past sessions struck through and places left', async () => {
    installBookingsHandlers();
    open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Adult Swimming Course (Mondays 7pm)' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/');
    expect(screen.getByText('Swimming')).toBeInTheDocument();
    expect(screen.getByText('Price: £48.00')).toBeInTheDocument();
    expect(screen.getByText('45 min')).toBeInTheDocument();
    expect(screen.getByText('Maria Santos')).toBeInTheDocument();
    expect(screen.getByText('Mondays, 19:00 - 19:45')).toBeInTheDocument();
    const about = screen.getByText('About').closest('details');
    expect(about).toHaveAttribute('open');
    expect(
      within(about as HTMLElement).getByText('Six weeks to a confident front crawl.'),
    ).toBeInTheDocument();

    const dates = screen.getByRole('region', { name: 'Dates' });
    const items = within(dates).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveClass('session-past');
    expect(within(items[0] as HTMLElement).getByText('Mon 6 Jan 2020')).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).getByText('Main Pool')).toBeInTheDocument();
    expect(items[1]).not.toHaveClass('session-past');
    expect(within(items[1] as HTMLElement).getByText('4 available')).toBeInTheDocument();
    // The attendee cannot be changed.
    expect(screen.getByRole('textbox', { name: 'Attending' })).toBeDisabled();
  });

  it('cancels after the confirm modal (which tells the credit), then shows Cancelled', async () => {
    const state = installBookingsHandlers();
    open();
    const cancel = await screen.findByRole('button', { name: 'Cancel' });
    expect(cancel).toBeEnabled();
    await userEvent.click(cancel);
    const dialog = await findDialog('Cancel course booking');
    expect(within(dialog).getByText('You will be given £32.00 account credit.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Go back' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(within(await findDialog()).getByRole('button', { name: 'Cancel course booking' }));
    expect(await screen.findByText('This course booking has been cancelled.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(await screen.findByText('Your booking has been cancelled')).toBeInTheDocument();
    expect(
      state.requests.some(
        (r) => r.method === 'PATCH' && r.url.includes('/bundles/900/cancel?cancellation_source=my-account'),
      ),
    ).toBe(true);
  });

  it('says the cancel window closed, and Schedule not available without sessions', async () => {
    installBookingsHandlers({
      bundle: wireBundle({
        schedule_id: null,
        bookings: [],
        description: '',
        cancellation: {
          can_cancel: false,
          credit: {
            amount: 0,
            formatted: '£0.00',
            message: 'You are not eligible to receive credit for this booking.',
          },
        },
      }),
    });
    open();
    expect(
      await screen.findByText('The cancel window closed: this course booking can no longer be cancelled.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Schedule not available')).toBeInTheDocument();
    expect(screen.queryByText('About')).not.toBeInTheDocument();
    expect(screen.getByText('60 min')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });

  it('a course cancelled except for sessions inside the cut-off says so, not "window closed"', async () => {
    installBookingsHandlers({
      bundle: wireBundle({
        status: 'partially_cancelled',
        cancellation: {
          can_cancel: false,
          credit: {
            amount: 0,
            formatted: '£0.00',
            message: 'You are not eligible to receive credit for this booking.',
          },
        },
      }),
    });
    open();
    expect(
      await screen.findByText(/^Every session that could still be cancelled has been cancelled/),
    ).toBeInTheDocument();
    expect(screen.getByText('Cancelled')).toHaveClass('badge');
    expect(screen.queryByText(/cancel window closed/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });

  it('shows the not-found view for an unknown course booking', async () => {
    installBookingsHandlers();
    open(12345);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Course booking not found' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Back to my bookings' })).toHaveAttribute(
        'href',
        '/bookings/upcoming',
      ),
    );
  });
});
