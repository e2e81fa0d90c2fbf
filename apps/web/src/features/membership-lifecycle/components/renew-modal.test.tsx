import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server, withSignedInServer } from '../../../test/account/account-api';
import { installRenewHandlers, myMembership } from '../../../test/account/membership-lifecycle-api';
import { findDialog } from '../../../test/dialogs';
import { watchForText } from '../../../test/ever-shown';
import { renderElement } from '../../../test/render';
import { RenewModal } from './renew-modal';

withSignedInServer();

describe('RenewModal', () => {
  it('shows the renewal, adds it to the basket and goes to checkout', async () => {
    const calls = installRenewHandlers();
    const leave = vi.fn();
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderElement(<RenewModal membership={myMembership()} onClose={onClose} leave={leave} />, {
      site: 'account',
    });
    const dialog = await findDialog('Renew membership');
    expect(await screen.findByText('12 months')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('2 guest passes per month, Free classes');
    expect(dialog).toHaveTextContent('10th January 2027');
    expect(dialog).toHaveTextContent('Joining Fee');
    expect(dialog).toHaveTextContent('Total to pay now: £359.00');
    expect(screen.getByText('Unlimited gym use.')).toBeInTheDocument();
    expect(document.querySelector('img[onerror]')).toBeNull();
    // Every detail of the renewal beside its label, in the spec's order.
    const labels = within(dialog)
      .getAllByRole('term')
      .map((term) => term.textContent);
    const values = within(dialog)
      .getAllByRole('definition')
      .map((value) => value.textContent);
    expect(labels.map((label, index) => [label, values[index]])).toEqual([
      ['Access level', 'local'],
      ['Benefits', '2 guest passes per month, Free classes'],
      ['Membership length', '12 months'],
      ['Start date', '10th January 2027'],
      ['End date', '9th January 2028'],
      ['Description', 'Unlimited gym use.'],
      ['Price', '£349.00'],
      ['Joining Fee', '£10.00'],
    ]);
    expect(values).toHaveLength(labels.length);
    await user.click(screen.getByRole('button', { name: 'Renew membership' }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith(expect.stringContaining('/basket/checkout')));
    expect(calls.added).toBe(1);
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the add failure with the server messages', async () => {
    installRenewHandlers({ addStatus: 422 });
    const leave = vi.fn();
    const user = userEvent.setup();
    renderElement(<RenewModal membership={myMembership()} onClose={() => undefined} leave={leave} />, {
      site: 'account',
    });
    await user.click(await screen.findByRole('button', { name: 'Renew membership' }));
    expect(
      await screen.findByText(
        'An error occurred when trying to add the membership to the basket. Please try again.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('This membership has already been renewed.')).toBeInTheDocument();
    expect(leave).not.toHaveBeenCalled();
  });

  it('no answer at all (offline) shows the server error, not "No membership found"', async () => {
    installRenewHandlers();
    server.use(http.get('/api/memberships/:id/renew', () => HttpResponse.error()));
    const notFound = watchForText('No membership found');
    renderElement(<RenewModal membership={myMembership()} onClose={() => undefined} />, { site: 'account' });
    // A failed read is retried once (after a second) before the modal gives up.
    expect(await screen.findByText('Something has gone wrong, please try again.')).toBeInTheDocument();
    expect(notFound.seen).toBe(false);
  });

  it('a 500 on loading shows a server error', async () => {
    installRenewHandlers({ loadStatus: 500 });
    renderElement(<RenewModal membership={myMembership()} onClose={() => undefined} />, { site: 'account' });
    expect(await screen.findByText('Something has gone wrong, please try again.')).toBeInTheDocument();
  });
});
