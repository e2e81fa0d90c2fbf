import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { MyMembership as ClientMembership } from '../../../features/my-memberships/api/types';
import { CancelMembershipModal } from '../../../features/my-memberships/components/cancel-membership-modal';
import { camelizeKeys } from '../../../shared/api/keys';
import { server, withSignedInServer } from '../../../test/account/account-api';
import {
  installMembershipHandlers,
  wireCancelInfo,
  wireDebts,
  wireMembership,
  wireStudentMembership,
} from '../../../test/account/memberships-api';
import { findDialog } from '../../../test/dialogs';
import { renderElement, renderRoutes } from '../../../test/render';
import { accountRoutes } from '../routes';

withSignedInServer();

const openScreen = () => renderRoutes(accountRoutes, { path: '/memberships', site: 'account' });

async function openManage(user: ReturnType<typeof userEvent.setup>, name = /Manage membership Anytime Gym/) {
  await user.click(await screen.findByRole('button', { name }));
  return findDialog('Manage membership');
}

describe('/memberships', () => {
  it('shows one card per membership with its details', async () => {
    installMembershipHandlers(() => [
      wireMembership({
        membership_type: { id: 3, name: 'Anytime Gym', coverage: 'local', eligibility_criterion: null },
      }),
      wireMembership({
        id: 43,
        reference: 'MEM-000043',
        status: 'freeze pending approval',
        membership_type: { id: 5, name: 'Swim Only', coverage: 'national', eligibility_criterion: null },
      }),
    ]);
    openScreen();
    expect(await screen.findByRole('heading', { level: 1, name: 'Memberships' })).toBeInTheDocument();
    expect(
      await screen.findByText('View and manage all the memberships linked to your account'),
    ).toBeInTheDocument();
    const cards = screen.getAllByRole('heading', { level: 2 });
    expect(cards.map((card) => card.textContent)).toEqual(['Anytime Gym', 'Swim Only']);
    const gym = cards[0]?.closest('li') as HTMLElement;
    expect(within(gym).getByText('Membership no. MEM-000041')).toBeInTheDocument();
    // Coverage reads the same way on every card: 'Local', not the wire's 'local'.
    expect(within(gym).getByText('Local')).toBeInTheDocument();
    expect(within(gym).getByText('Active')).toHaveClass('mm-badge-success');
    expect(within(gym).getByText('Riverside Leisure Centre Leeds')).toBeInTheDocument();
    expect(within(gym).getByText('£30.00 (Monthly)')).toBeInTheDocument();
    expect(within(gym).getByText('Guest passes - 2 remaining, renews 1 Dec 2026')).toBeInTheDocument();
    const swim = cards[1]?.closest('li') as HTMLElement;
    expect(within(swim).getByText('Freeze pending approval')).toBeInTheDocument();
    expect(within(swim).getByText('National')).toBeInTheDocument();
  });

  it('says when there are no memberships, and offers a retry when loading fails', async () => {
    installMembershipHandlers(() => []);
    const { unmount } = openScreen();
    expect(await screen.findByText('You currently have no memberships')).toBeInTheDocument();
    expect(
      screen.queryByText('View and manage all the memberships linked to your account'),
    ).not.toBeInTheDocument();
    unmount();

    let calls = 0;
    server.use(
      http.get('/api/my-account/user/memberships', () => {
        calls += 1;
        // The first read and its one retry fail.
        return calls <= 2
          ? HttpResponse.json({ message: 'boom' }, { status: 500 })
          : HttpResponse.json({ data: [wireMembership()] });
      }),
    );
    const user = userEvent.setup();
    openScreen();
    // After the one retry (a second later).
    expect(await screen.findByText('We could not load your memberships.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Anytime Gym' })).toBeInTheDocument();
  });

  it('manage modal: the notice when management is off; freeze disabled with its reason', async () => {
    installMembershipHandlers(() => [
      wireMembership({ management_enabled: false }),
      wireMembership({
        id: 44,
        reference: 'MEM-000044',
        freeze_pending: true,
        membership_type: { id: 6, name: 'Pool', coverage: 'Leeds', eligibility_criterion: null },
      }),
      wireMembership({
        id: 45,
        reference: 'MEM-000045',
        freezable: false,
        can_change: false,
        cannot_change_reason: 'This membership cannot be changed.',
        membership_type: { id: 7, name: 'Racquets', coverage: 'Leeds', eligibility_criterion: null },
      }),
    ]);
    const user = userEvent.setup();
    openScreen();
    let dialog = await openManage(user);
    expect(within(dialog).getByText('Unable to manage your membership at this time.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Freeze/ })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');

    dialog = await openManage(user, /Manage membership Pool/);
    const freeze = within(dialog).getByRole('button', { name: 'Freeze membership' });
    expect(freeze).toBeDisabled();
    expect(freeze).toHaveAccessibleDescription('Membership freeze is pending');
    expect(within(dialog).getByRole('button', { name: 'Cancel membership' })).toBeEnabled();
    await user.keyboard('{Escape}');

    dialog = await openManage(user, /Manage membership Racquets/);
    expect(within(dialog).getByRole('button', { name: 'Freeze membership' })).toHaveAccessibleDescription(
      'Membership is not freezable',
    );
    expect(within(dialog).getByRole('button', { name: 'Change membership' })).toHaveAccessibleDescription(
      'This membership cannot be changed.',
    );
  });

  it('manage modal opens the freeze modal, and change goes to the change page with the membership', async () => {
    installMembershipHandlers(() => [wireMembership()]);
    server.use(
      http.get('/api/my-account/user/memberships/41/freezetypes', () =>
        HttpResponse.json({
          data: {
            freeze_types: [],
            min_freeze_start_date: '2026-12-01',
            max_freeze_start_date: '2027-01-01',
          },
        }),
      ),
    );
    const user = userEvent.setup();
    const { router } = openScreen();
    let manage = await openManage(user);
    await user.click(within(manage).getByRole('button', { name: 'Freeze membership' }));
    expect(await findDialog('Freeze your membership')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Manage membership' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The freeze modal took the manage modal's place: closing it gives focus back to what opened both.
    expect(screen.getByRole('button', { name: /Manage membership Anytime Gym/ })).toHaveFocus();

    manage = await openManage(user);
    await user.click(within(manage).getByRole('button', { name: 'Change membership' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/memberships/change/41'));
    expect((router.state.location.state as { membership: { id: number } }).membership.id).toBe(41);
  });

  it('cancels a monthly membership with notice: final dates, then "Membership cancelled" and the list reloads', async () => {
    let cancelled = false;
    let listCalls = 0;
    server.use(
      http.get('/api/my-account/user/memberships', () => {
        listCalls += 1;
        return HttpResponse.json({
          data: [
            wireMembership(
              cancelled
                ? {
                    cancellable: false,
                    cancellation: {
                      state: 'scheduled',
                      requested_at: '2026-11-24T10:00:00Z',
                      final_payment_date: { full_date: '1 Dec 2026', raw: '2026-12-01' },
                      final_day: { full_date: '31 Dec 2026', raw: '2026-12-31' },
                    },
                  }
                : {},
            ),
          ],
        });
      }),
      http.get('/api/memberships/41/cancel', () => HttpResponse.json({ data: wireCancelInfo() })),
      http.post('/api/memberships/41/cancel', () => {
        cancelled = true;
        return HttpResponse.json({
          data: {
            state: 'scheduled',
            final_payment_date: { full_date: '1 Dec 2026', raw: '2026-12-01' },
            final_day: { full_date: '31 Dec 2026', raw: '2026-12-31' },
            checkout_required: false,
            membership: wireMembership(),
          },
        });
      }),
    );
    const user = userEvent.setup();
    openScreen();
    const manage = await openManage(user);
    await user.click(within(manage).getByRole('button', { name: 'Cancel membership' }));
    const dialog = await findDialog('Cancel membership');
    expect(
      await within(dialog).findByText('30 days notice is required to cancel your membership'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Membership no. MEM-000041')).toBeInTheDocument();
    expect(within(dialog).getByText('Final payment date:').nextElementSibling).toHaveTextContent(
      '1 Dec 2026',
    );
    expect(within(dialog).getByText('Final day of membership:').nextElementSibling).toHaveTextContent(
      '31 Dec 2026',
    );
    expect(
      within(dialog).queryByText(/cancelling your membership will be immediate/),
    ).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel membership' }));

    const done = await findDialog('Membership cancelled');
    expect(within(done).getByText('Cancelled')).toHaveClass('mm-badge-danger');
    expect(within(done).getByText(/Your membership will end after 31 Dec 2026/)).toBeInTheDocument();
    await waitFor(() => expect(listCalls).toBe(2));
    await user.click(within(done).getByText('Close', { selector: 'button' }));
    expect(await screen.findByText('This membership will end after 31 Dec 2026.')).toBeInTheDocument();
  });

  it('a paid-in-full membership: the immediate cancellation text and no dates; a refusal shows its message', async () => {
    installMembershipHandlers(() => [
      wireMembership({ payment_type: 'fixed' }),
      wireMembership({
        id: 46,
        reference: 'MEM-000046',
        membership_type: { id: 8, name: 'Corporate', coverage: 'national', eligibility_criterion: null },
      }),
    ]);
    server.use(
      http.get('/api/memberships/41/cancel', () =>
        HttpResponse.json({ data: wireCancelInfo({ payment_type: 'fixed', recurring: null }) }),
      ),
      http.get('/api/memberships/46/cancel', () =>
        HttpResponse.json({
          data: wireCancelInfo({
            membership_id: 46,
            allow_online_membership_cancellation: false,
            membership_cancellation_refusal_message:
              'Corporate memberships are cancelled through your employer.',
          }),
        }),
      ),
    );
    const user = userEvent.setup();
    openScreen();
    let manage = await openManage(user);
    await user.click(within(manage).getByRole('button', { name: 'Cancel membership' }));
    let dialog = await findDialog('Cancel membership');
    expect(
      await within(dialog).findByText(/Please note cancelling your membership will be immediate/),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText('Final payment date:')).not.toBeInTheDocument();
    await user.keyboard('{Escape}');

    manage = await openManage(user, /Manage membership Corporate/);
    await user.click(within(manage).getByRole('button', { name: 'Cancel membership' }));
    dialog = await findDialog('Cancel membership');
    expect(await within(dialog).findByText('This membership cannot be cancelled online')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Corporate memberships are cancelled through your employer.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Cancel membership' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByText('Close', { selector: 'button' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the server message under membership and keeps the button disabled after an error', async () => {
    installMembershipHandlers(() => [wireMembership()]);
    server.use(
      http.get('/api/memberships/41/cancel', () => HttpResponse.json({ data: wireCancelInfo() })),
      http.post('/api/memberships/41/cancel', () =>
        HttpResponse.json(
          {
            message: 'This membership is already due to be cancelled.',
            errors: { membership: ['This membership is already due to be cancelled.'] },
          },
          { status: 422 },
        ),
      ),
    );
    const user = userEvent.setup();
    openScreen();
    const manage = await openManage(user);
    await user.click(within(manage).getByRole('button', { name: 'Cancel membership' }));
    const dialog = await findDialog('Cancel membership');
    await user.click(await within(dialog).findByRole('button', { name: 'Cancel membership' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This membership is already due to be cancelled.',
    );
    expect(within(dialog).getByRole('button', { name: 'Cancel membership' })).toBeDisabled();
  });
});

describe('cancel modal with debts', () => {
  it('Continue shows the fees and the total; paying puts them in the basket and goes to checkout', async () => {
    let posted = 0;
    server.use(
      http.get('/api/memberships/41/cancel', () =>
        HttpResponse.json({
          data: wireCancelInfo({
            outstanding_penalties_due: wireDebts,
            has_outstanding_penalties_due: true,
            total_owed: { amount: 1250, formatted: '£12.50' },
          }),
        }),
      ),
      http.post('/api/memberships/41/cancel', () => {
        posted += 1;
        return HttpResponse.json({
          data: {
            state: 'awaiting_payment',
            final_payment_date: null,
            final_day: null,
            checkout_required: true,
            membership: wireMembership(),
          },
        });
      }),
    );
    const leave = vi.fn();
    const user = userEvent.setup();
    renderElement(
      <CancelMembershipModal
        membership={camelizeKeys<ClientMembership>(wireMembership())}
        onClose={() => undefined}
        leave={leave}
      />,
      { site: 'account' },
    );
    const dialog = await findDialog('Cancel membership');
    expect(within(dialog).queryByRole('button', { name: 'Cancel membership' })).not.toBeInTheDocument();
    await user.click(await within(dialog).findByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText('You have outstanding debts on your account')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Debts must be settled before this membership can be cancelled'),
    ).toBeInTheDocument();
    const rows = within(dialog).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'TypeAmountCentreSessionDate & time',
      'Late cancellation fee£5.00Riverside Leisure Centre LeedsSpin class12/11/2026 18:00',
      'No-show fee£7.50Riverside Leisure Centre YorkYoga15/11/2026 09:30',
    ]);
    expect(within(dialog).getByText('Total owed: £12.50')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Cancellation will be processed automatically after payment'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Pay debt and cancel membership' }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith('/basket/checkout'));
    expect(posted).toBe(1);
  });
});

describe('eligibility document upload', () => {
  const fileOf = (size: number, name = 'card.pdf', type = 'application/pdf') => {
    const file = new File(['%PDF-1.4'], name, { type });
    Object.defineProperty(file, 'size', { value: size });
    return file;
  };

  it('needs a type and a file; refuses a file over 20mb before sending; 201 shows the submitted view', async () => {
    let uploaded: FormData | null = null;
    let documentState: 'none' | 'pending' = 'none';
    server.use(
      http.get('/api/my-account/user/memberships', () =>
        HttpResponse.json({
          data: [
            documentState === 'none'
              ? wireStudentMembership()
              : wireStudentMembership({
                  document_upload_required: false,
                  document: {
                    id: 3,
                    status: 'pending',
                    rejection_reason: null,
                    type: { id: 12, name: 'NUS card' },
                    uploaded_at: '2026-11-24T10:00:00Z',
                    upload_id: 8,
                    document_expiry: { date: null, document_expiring_soon: false, expired: false },
                  },
                }),
          ],
        }),
      ),
      http.post('/api/my-account/eligibility/document', async ({ request }) => {
        uploaded = await request.formData();
        documentState = 'pending';
        return HttpResponse.json(
          {
            data: {
              id: 3,
              status: 'pending',
              rejection_reason: null,
              type: { id: 12, name: 'NUS card' },
              uploaded_at: '2026-11-24T10:00:00Z',
              upload_id: 8,
              document_expiry: { date: null, document_expiring_soon: false, expired: false },
            },
          },
          { status: 201 },
        );
      }),
    );
    const user = userEvent.setup({ applyAccept: false });
    openScreen();
    expect(
      await screen.findByText('Please upload proof of eligibility (Student) by 8 Dec 2026.'),
    ).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Submit document' });
    expect(submit).toBeDisabled();
    await user.selectOptions(screen.getByLabelText(/Document type/), 'NUS card');
    expect(submit).toBeDisabled();
    const input = screen.getByLabelText(/Document \(JPEG, PNG or PDF/);
    await user.upload(input, fileOf(20_000_001));
    expect(await screen.findByText('File size exceeds 20mb.')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    expect(uploaded).toBeNull();

    await user.upload(input, fileOf(1_000));
    expect(submit).toBeEnabled();
    await user.click(submit);
    expect(await screen.findByText('Thank you, your document has been submitted.')).toBeInTheDocument();
    expect(screen.getByText('We will review it within 5 working days.')).toBeInTheDocument();
    const form = uploaded as FormData | null;
    expect(form?.get('eligibility_document_type_id')).toBe('12');
    expect(form?.get('membership_id')).toBe('42');
    expect(form?.get('eligibility_criterion_id')).toBe('4');
    expect(form?.get('document')).toMatchObject({ type: 'application/pdf' });
  });

  it('says a past deadline has passed; no upload form where the membership does not take one', async () => {
    installMembershipHandlers(() => [
      wireStudentMembership({
        document_due_date: { full_date: '20 Nov 2026', raw: '2026-11-20' },
        document_overdue: true,
      }),
      wireStudentMembership({
        id: 43,
        reference: 'MEM-000043',
        status: 'cancelled',
        document_upload_required: false,
      }),
    ]);
    openScreen();
    expect(
      await screen.findByText(
        'Your proof of eligibility (Student) was due on 20 Nov 2026. Please upload it now.',
      ),
    ).toBeInTheDocument();
    // Only the first card (upload required) has the form.
    expect(screen.getAllByRole('button', { name: 'Submit document' })).toHaveLength(1);
  });

  it('a suspended membership offers the upload only when suspended for its overdue proof (decision 052)', async () => {
    // The server's flags for the two suspensions: only the overdue-proof one asks for a document.
    installMembershipHandlers(() => [
      wireStudentMembership({
        status: 'suspended',
        status_info: 'Suspended: your eligibility document is overdue',
        document_due_date: { full_date: '20 Nov 2026', raw: '2026-11-20' },
        document_overdue: true,
      }),
      wireStudentMembership({
        id: 43,
        reference: 'MEM-000043',
        status: 'suspended',
        document_upload_required: false,
      }),
    ]);
    openScreen();
    const forms = await screen.findAllByRole('button', { name: 'Submit document' });
    expect(forms).toHaveLength(1);
    const cards = screen.getAllByRole('listitem').filter((item) => item.classList.contains('mm-card'));
    const [proofOverdue, otherSuspension] = cards;
    expect(proofOverdue).toHaveTextContent('Suspended: your eligibility document is overdue');
    expect(within(proofOverdue as HTMLElement).getByRole('button', { name: 'Submit document' })).toBe(
      forms[0],
    );
    expect(
      within(otherSuspension as HTMLElement).queryByRole('button', { name: 'Submit document' }),
    ).not.toBeInTheDocument();
  });

  it('shows the rejection reason; a server field message under the file; a 500 toast', async () => {
    installMembershipHandlers(() => [
      wireStudentMembership({
        document: {
          id: 2,
          status: 'rejected',
          rejection_reason: 'The card has expired',
          type: { id: 11, name: 'Student ID card' },
          uploaded_at: '2026-11-20T10:00:00Z',
          upload_id: 7,
          document_expiry: { date: null, document_expiring_soon: false, expired: false },
        },
      }),
    ]);
    let attempt = 0;
    server.use(
      http.post('/api/my-account/eligibility/document', () => {
        attempt += 1;
        return attempt === 1
          ? HttpResponse.json(
              {
                message: 'The file must be one of: JPEG, PNG, PDF.',
                errors: { document: ['The file must be one of: JPEG, PNG, PDF.'] },
              },
              { status: 422 },
            )
          : HttpResponse.json({ message: 'boom' }, { status: 500 });
      }),
    );
    const user = userEvent.setup({ applyAccept: false });
    openScreen();
    expect(
      await screen.findByText(
        'Latest document upload was rejected: The card has expired. Please try upload again',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View uploaded document' })).toHaveAttribute(
      'href',
      '/api/my-account/uploads/7',
    );
    await user.selectOptions(screen.getByLabelText(/Document type/), 'Student ID card');
    await user.upload(screen.getByLabelText(/Document \(JPEG, PNG or PDF/), fileOf(500, 'page.pdf'));
    await user.click(screen.getByRole('button', { name: 'Submit document' }));
    expect(await screen.findByText('The file must be one of: JPEG, PNG, PDF.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit document' }));
    expect(
      await screen.findByText('There was a problem uploading your eligibility document'),
    ).toBeInTheDocument();
  });
});
