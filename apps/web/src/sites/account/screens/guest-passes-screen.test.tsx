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
} from '../../../test/account/account-api';
import { guestPassesUrl, installGuestPassHandlers, wirePass } from '../../../test/account/guest-passes-api';
import { findDialog } from '../../../test/dialogs';
import { renderRoutes } from '../../../test/render';
import { accountRoutes } from '../routes';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  installDefaultHandlers({ client: wireClient({ online_guest_passes_enabled: true }) });
  signIn();
  installGuestPassHandlers();
});
afterEach(() => {
  server.resetHandlers();
  signOutCookie();
});
afterAll(() => server.close());

async function openSendForm() {
  const user = userEvent.setup();
  renderRoutes(accountRoutes, { path: '/guest-passes', site: 'account' });
  await user.click(await screen.findByRole('button', { name: 'Send guest pass' }));
  const dialog = await findDialog('Send a guest pass');
  return { user, dialog };
}

describe('/guest-passes', () => {
  it('shows the allowance cards and the first page of sent passes', async () => {
    renderRoutes(accountRoutes, { path: '/guest-passes', site: 'account' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Guest passes' })).toBeInTheDocument();
    const cards = await screen.findAllByRole('heading', { level: 3 });
    expect(cards.map((card) => card.textContent)).toEqual(['Family', 'Bring a Friend 10']);
    const family = cards[0]?.closest('li') as HTMLElement;
    expect(within(family).getByText('3 passes remaining')).toBeInTheDocument();
    expect(within(family).getByText('Membership benefit')).toBeInTheDocument();
    expect(
      within(family).getByText(/Riverside Leisure Centre Leeds, Riverside Leisure Centre York/),
    ).toBeInTheDocument();
    expect(within(cards[1]?.closest('li') as HTMLElement).getByText('1 pass remaining')).toBeInTheDocument();

    expect(await screen.findByText('Guest 23')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /^View details/ })).toHaveLength(10);
    expect(screen.getByText('Pages: 1 of 3')).toBeInTheDocument();
    expect(screen.getByText('Results: 1 - 10 of 23')).toBeInTheDocument();
    const item = screen.getByText('Guest 23').closest('li') as HTMLElement;
    // 23 % 3 = 2: expired, red.
    expect(within(item).getByText('Expired')).toHaveClass('gp-tag-danger');
    const redeemed = screen.getByText('Guest 22').closest('li') as HTMLElement;
    expect(within(redeemed).getByText('Redeemed')).toHaveClass('gp-tag-success');
    expect(within(item).getByRole('link', { name: 'View details of the pass for Guest 23' })).toHaveAttribute(
      'href',
      '/guest-passes/pass-details/23',
    );
  });

  it('pages with Previous and Next', async () => {
    const user = userEvent.setup();
    renderRoutes(accountRoutes, { path: '/guest-passes', site: 'account' });
    const previous = await screen.findByRole('button', { name: 'Previous' });
    expect(previous).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Pages: 2 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Results: 21 - 23 of 23')).toBeInTheDocument();
    expect(screen.getByText('Guest 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Pages: 2 of 3')).toBeInTheDocument();
  });

  it("shows 'No passes found' when none were sent", async () => {
    installGuestPassHandlers({ total: 0 });
    renderRoutes(accountRoutes, { path: '/guest-passes', site: 'account' });
    expect(await screen.findByText('No passes found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
  });

  it('shows a notice instead when the operator has online guest passes turned off', async () => {
    installDefaultHandlers({ client: wireClient({ online_guest_passes_enabled: false }) });
    signIn();
    renderRoutes(accountRoutes, { path: '/guest-passes', site: 'account' });
    expect(await screen.findByText('Guest passes are not available online.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send guest pass' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Guest passes' })).not.toBeInTheDocument();
  });

  it('shows the allowance cards at /guest-passes/available-passes', async () => {
    renderRoutes(accountRoutes, { path: '/guest-passes/available-passes', site: 'account' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Available passes' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 3, name: 'Family' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send guest pass' })).toBeInTheDocument();
  });
});

describe('sending a guest pass', () => {
  it('opens in a drawer on wide screens, which gives focus back to Send guest pass when closed', async () => {
    const { user, dialog } = await openSendForm();
    expect(dialog).toHaveClass('drawer');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Send guest pass' })).toHaveFocus();
  });

  it('opens in a modal below the 575 px breakpoint', async () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      matches: query === '(max-width: 575px)',
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    })) as typeof window.matchMedia;
    try {
      const { dialog } = await openSendForm();
      expect(dialog).toHaveClass('modal');
      expect(dialog).not.toHaveClass('drawer');
    } finally {
      window.matchMedia = original;
    }
  });

  it('lists venues only from 3 characters, and only the venues the allowances cover', async () => {
    const { user, dialog } = await openSendForm();
    const venue = within(dialog).getByRole('combobox', { name: /Venue/ });
    await user.type(venue, 'ri');
    expect(within(dialog).queryAllByRole('option')).toHaveLength(0);
    await user.type(venue, 'v');
    const options = within(dialog).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Riverside Leisure Centre Leeds',
      'Riverside Leisure Centre York',
    ]);
    await user.clear(venue);
    await user.type(venue, 'dock');
    expect(
      within(dialog)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Hull Docks Pool']);
    await user.clear(venue);
    await user.type(venue, 'zzz');
    expect(within(dialog).getByText('No venues found')).toBeInTheDocument();
  });

  it("toasts 'Please select a venue' when sent without one, and sends nothing", async () => {
    let posted = false;
    server.use(
      http.post(guestPassesUrl, () => {
        posted = true;
        return HttpResponse.json({ data: wirePass(99) }, { status: 201 });
      }),
    );
    const { user, dialog } = await openSendForm();
    await user.type(within(dialog).getByRole('textbox', { name: /Guest name/ }), 'Jamie Fox');
    await user.type(within(dialog).getByRole('textbox', { name: /Guest email/ }), 'jamie@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send pass' }));
    // The toast, and the same message under the venue field.
    const toast = await waitFor(() => {
      const found = document.querySelector('[data-sonner-toast]');
      if (!found) throw new Error('no toast yet');
      return found as HTMLElement;
    });
    expect(within(toast).getByText('Please select a venue')).toBeInTheDocument();
    expect(posted).toBe(false);
  });

  it('shows every missing field at once when sent empty, and sends nothing', async () => {
    let posted = false;
    server.use(
      http.post(guestPassesUrl, () => {
        posted = true;
        return HttpResponse.json({ data: wirePass(99) }, { status: 201 });
      }),
    );
    const { user, dialog } = await openSendForm();
    await user.click(within(dialog).getByRole('button', { name: 'Send pass' }));
    expect(await within(dialog).findByText('Please enter the name of your guest.')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Please enter a valid email address for your guest.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Please select a venue')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: /Venue/ })).toHaveAccessibleDescription(
      /Please select a venue/,
    );
    expect(posted).toBe(false);
  });

  it('checks the name and email before sending', async () => {
    const { user, dialog } = await openSendForm();
    const venue = within(dialog).getByRole('combobox', { name: /Venue/ });
    await user.type(venue, 'york');
    await user.click(within(dialog).getByRole('option', { name: 'Riverside Leisure Centre York' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Guest email/ }), 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Send pass' }));
    expect(await within(dialog).findByText('Please enter the name of your guest.')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Please enter a valid email address for your guest.'),
    ).toBeInTheDocument();
  });

  it('sends the pass, toasts success, closes and reloads the list and allowances', async () => {
    let body: unknown;
    let listCalls = 0;
    let allowanceCalls = 0;
    server.use(
      http.post(guestPassesUrl, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ data: wirePass(99) }, { status: 201 });
      }),
      http.get(guestPassesUrl, () => {
        listCalls += 1;
        return HttpResponse.json({
          data: [wirePass(1)],
          meta: {
            pagination: {
              current_page: 1,
              total_pages: 1,
              total_records: 1,
              first_record_on_current_page: 1,
              last_record_on_current_page: 1,
            },
          },
        });
      }),
      http.get(`${guestPassesUrl}/allowances`, async () => {
        allowanceCalls += 1;
        const { wireAllowances } = await import('../../../test/account/guest-passes-api');
        return HttpResponse.json({ data: wireAllowances() });
      }),
    );
    const { user, dialog } = await openSendForm();
    await waitFor(() => expect(listCalls).toBe(1));
    await user.type(within(dialog).getByRole('textbox', { name: /Guest name/ }), 'Jamie Fox');
    await user.type(within(dialog).getByRole('textbox', { name: /Guest email/ }), 'jamie@example.com');
    const venue = within(dialog).getByRole('combobox', { name: /Venue/ });
    await user.type(venue, 'leeds');
    // Keyboard: arrow to the option and Enter.
    await user.keyboard('{ArrowDown}{ArrowUp}{Enter}');
    expect(venue).toHaveValue('Riverside Leisure Centre Leeds');
    expect(within(dialog).getByText('Selected venue: Riverside Leisure Centre Leeds')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send pass' }));
    expect(await screen.findByText('Guest pass sent successfully')).toBeInTheDocument();
    expect(body).toEqual({
      data: { guest_name: 'Jamie Fox', guest_email: 'jamie@example.com', venue_id: 1 },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(listCalls).toBe(2));
    expect(allowanceCalls).toBe(2);
  });

  it("shows the server's refusal in a toast and keeps the form open", async () => {
    server.use(
      http.post(guestPassesUrl, () =>
        HttpResponse.json(
          {
            message: 'You have no guest passes left to use at this venue.',
            errors: { venue_id: ['You have no guest passes left to use at this venue.'] },
          },
          { status: 422 },
        ),
      ),
    );
    const { user, dialog } = await openSendForm();
    await user.type(within(dialog).getByRole('textbox', { name: /Guest name/ }), 'Jamie Fox');
    await user.type(within(dialog).getByRole('textbox', { name: /Guest email/ }), 'jamie@example.com');
    await user.type(within(dialog).getByRole('combobox', { name: /Venue/ }), 'hull');
    await user.click(within(dialog).getByRole('option', { name: 'Hull Docks Pool' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send pass' }));
    const messages = await screen.findAllByText('You have no guest passes left to use at this venue.');
    // The toast and the message under the venue field.
    expect(messages.length).toBeGreaterThanOrEqual(2);
    expect(screen.getByRole('dialog', { name: 'Send a guest pass' })).toBeInTheDocument();
  });
});
