import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { withSignedInServer } from '../../../test/account/account-api';
import { installFreezeHandlers, myMembership } from '../../../test/account/membership-lifecycle-api';
import { findDialog } from '../../../test/dialogs';
import { renderElement } from '../../../test/render';
import { FreezeModal } from './freeze-modal';

withSignedInServer();

describe('FreezeModal', () => {
  it('asks for reason, start date, period and proof; submits the multipart form and shows the answers', async () => {
    const calls = installFreezeHandlers();
    const onDone = vi.fn();
    const user = userEvent.setup();
    renderElement(<FreezeModal membership={myMembership()} onClose={() => undefined} onDone={onDone} />, {
      site: 'account',
    });
    const dialog = await findDialog('Freeze your membership');
    expect(dialog).toHaveTextContent('Anytime Gym');
    expect(dialog).toHaveTextContent('Membership no. 41');
    const period = await screen.findByRole('combobox', { name: /Time period/ });
    expect(period).toBeDisabled();
    // The start date defaults to the earliest allowed day.
    expect(screen.getByLabelText(/Start date/)).toHaveValue('2026-11-24');
    const submit = screen.getByRole('button', { name: 'Submit freeze request' });
    expect(submit).toBeDisabled();

    await user.selectOptions(screen.getByRole('combobox', { name: /Reason/ }), 'Medical');
    expect(period).toBeEnabled();
    expect(screen.getByRole('group', { name: 'Proof of eligibility required' })).toHaveTextContent(
      'A letter or fit note from your doctor.',
    );
    await user.selectOptions(period, '2 months');
    expect(submit).toBeDisabled();
    await user.selectOptions(screen.getByRole('combobox', { name: /Document type/ }), "Doctor's note");
    await user.upload(
      screen.getByLabelText(/^Document/, { selector: 'input' }),
      new File(['%PDF-1.4'], 'note.pdf', { type: 'application/pdf' }),
    );
    expect(submit).toBeEnabled();
    await user.click(submit);

    const confirmation = await findDialog('Freeze request submitted');
    expect(confirmation).toHaveTextContent('Medical');
    // The start date in the spec's D MMM YYYY, never the wire's ISO date.
    expect(confirmation).toHaveTextContent('24 Nov 2026');
    expect(confirmation).not.toHaveTextContent('2026-11-24');
    expect(screen.getByRole('link', { name: 'note.pdf' })).toHaveAttribute(
      'href',
      '/api/my-account/uploads/77',
    );
    expect(onDone).toHaveBeenCalledTimes(1);
    const body = calls.bodies[0];
    expect(body?.get('freeze_type_id')).toBe('1');
    expect(body?.get('active_from')).toBe('2026-11-24');
    expect(body?.get('months')).toBe('2');
    const file = body?.get('file');
    expect(typeof file).not.toBe('string');
    expect((file as Blob).size).toBeGreaterThan(0);
  });

  it('a new reason clears the period; a reason without proof needs no file; server errors show under fields', async () => {
    installFreezeHandlers(422, { membership_id: ['Membership freeze is pending'], months: ['Bad period'] });
    const user = userEvent.setup();
    renderElement(<FreezeModal membership={myMembership()} onClose={() => undefined} />, { site: 'account' });
    const reason = await screen.findByRole('combobox', { name: /Reason/ });
    await user.selectOptions(reason, 'Medical');
    const period = screen.getByRole('combobox', { name: /Time period/ });
    await user.selectOptions(period, '1 month');
    await user.selectOptions(reason, 'Travel');
    expect(period).toHaveValue('');
    expect(screen.queryByRole('group', { name: 'Proof of eligibility required' })).not.toBeInTheDocument();
    await user.selectOptions(period, '1 month');
    await user.click(screen.getByRole('button', { name: 'Submit freeze request' }));
    expect(await screen.findByText('Membership freeze is pending')).toBeInTheDocument();
    expect(screen.getByText('Bad period')).toBeInTheDocument();
  });

  it('Cancel closes', async () => {
    installFreezeHandlers();
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderElement(<FreezeModal membership={myMembership()} onClose={onClose} />, { site: 'account' });
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
