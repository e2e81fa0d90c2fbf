import { screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  installDefaultHandlers,
  server,
  signOutCookie,
  wireClient,
  wireUser,
} from '../../../test/account/account-api';
import { installBookingsHandlers } from '../../../test/account/bookings-api';
import { installPhotoHandlers, photoSet, photoUnset } from '../../../test/account/profile-and-waivers-api';
import { renderRoutes } from '../../../test/render';
import { accountRoutes } from '../routes';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  signOutCookie();
});
afterAll(() => server.close());

describe('dashboard (/)', () => {
  it('shows the title, customer number, the photo with the welcome and the next booking', async () => {
    installDefaultHandlers();
    installPhotoHandlers(photoSet);
    installBookingsHandlers();
    renderRoutes(accountRoutes, { path: '/', site: 'account' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Account dashboard' })).toBeInTheDocument();
    expect(await screen.findByText('Customer number: RL100007')).toBeInTheDocument();
    const welcome = screen.getByRole('region', { name: 'Welcome' });
    expect(within(welcome).getByText('Welcome, Alex Morgan')).toBeInTheDocument();
    expect(within(welcome).getByRole('img', { name: 'Your profile photo' })).toBeInTheDocument();
    expect(within(welcome).getByRole('button', { name: 'Change photo' })).toBeInTheDocument();
    const next = screen.getByRole('region', { name: 'My next booking' });
    expect(await within(next).findByRole('heading', { name: 'Yoga Flow' })).toBeInTheDocument();
    expect(within(next).getByRole('link', { name: 'View all' })).toHaveAttribute(
      'href',
      '/bookings/upcoming',
    );
    // No notices, and guest passes are off for this operator.
    expect(screen.queryByRole('region', { name: 'Account notices' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Go to guest passes' })).not.toBeInTheDocument();
  });

  it('shows the empty next booking, the photo reminder and the guest passes card when enabled', async () => {
    installDefaultHandlers({ client: wireClient({ online_guest_passes_enabled: true }) });
    installPhotoHandlers(photoUnset);
    installBookingsHandlers({ future: [] });
    renderRoutes(accountRoutes, { path: '/', site: 'account' });
    const next = await screen.findByRole('region', { name: 'My next booking' });
    expect(await within(next).findByText('You have no upcoming bookings.')).toBeInTheDocument();
    expect(within(next).getByRole('link', { name: 'Book an activity' })).toHaveAttribute(
      'href',
      expect.stringContaining('/redirect-to-selected-venue'),
    );
    expect(screen.getByRole('region', { name: 'Profile photo reminder' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Go to guest passes' })).toHaveAttribute(
      'href',
      '/guest-passes',
    );
  });

  it('notifies about unpaid fees (-> /payments) and eligibility documents (-> /memberships)', async () => {
    installDefaultHandlers();
    installPhotoHandlers(
      { ...photoUnset, authorisation: { allowed: false } },
      {
        ...wireUser,
        has_outstanding_penalties: true,
        membership_document_upload_required: true,
        days_allowance_to_upload_eligibility_document: 14,
        eligibility_document_due: { full_date: '8 Dec 2026', raw: '2026-12-08', overdue: false },
        document_expiry: [
          { membership_id: 4, expired: false, document_expiring_soon: true, days_to_expiry: 5 },
          { membership_id: 5, expired: true, document_expiring_soon: false, days_to_expiry: -2 },
        ],
      },
    );
    installBookingsHandlers();
    renderRoutes(accountRoutes, { path: '/', site: 'account' });
    const notices = await screen.findByRole('region', { name: 'Account notices' });
    const items = within(notices).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'You have unpaid fees on your account. View and pay your fees',
      'Your membership needs a proof of eligibility document. Please upload it by 8 Dec 2026. Upload a document',
      'Your proof of eligibility document expires in 5 days. Please upload a new one. Upload a document',
      'Your proof of eligibility document has expired. Please upload a new one. Upload a document',
    ]);
    expect(within(notices).getByRole('link', { name: 'View and pay your fees' })).toHaveAttribute(
      'href',
      '/payments',
    );
    for (const link of within(notices).getAllByRole('link', { name: 'Upload a document' })) {
      expect(link).toHaveAttribute('href', '/memberships');
    }
    // Photos not allowed: the welcome has no photo.
    expect(screen.queryByRole('button', { name: /photo/i })).not.toBeInTheDocument();
  });

  it('says a past deadline has passed, with the date the membership card gives', async () => {
    installDefaultHandlers();
    installPhotoHandlers(
      { ...photoUnset, authorisation: { allowed: false } },
      {
        ...wireUser,
        membership_document_upload_required: true,
        eligibility_document_due: { full_date: '20 Nov 2026', raw: '2026-11-20', overdue: true },
      },
    );
    installBookingsHandlers();
    renderRoutes(accountRoutes, { path: '/', site: 'account' });
    const notices = await screen.findByRole('region', { name: 'Account notices' });
    expect(
      within(notices)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Your proof of eligibility document was due on 20 Nov 2026. Please upload it now. Upload a document',
    ]);
  });
});
