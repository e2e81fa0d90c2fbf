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
import {
  installPaymentsHandlers,
  wireCredit,
  wireCreditsAdded,
  wireOrdersPage,
  wireSavedCard,
} from '../../../test/account/payments-api';
import { findDialog } from '../../../test/dialogs';
import { watchForText } from '../../../test/ever-shown';
import { renderRoutes } from '../../../test/render';
import { accountRoutes } from '../routes';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  installDefaultHandlers({ client: wireClient({ credits_enabled: true }) });
  signIn();
});
afterEach(() => {
  server.resetHandlers();
  signOutCookie();
});
afterAll(() => server.close());

const render = (path: string, modes = {}) => renderRoutes(accountRoutes, { path, site: 'account', modes });

describe('/payments summary: unpaid fees', () => {
  it('shows the notice; checkboxes follow the basket; select-all adds and removes every fee', async () => {
    const state = installPaymentsHandlers();
    const user = userEvent.setup();
    render('/payments');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payments' })).toBeInTheDocument();
    expect(await screen.findByText('You have unpaid fees on your account')).toBeInTheDocument();
    const all = screen.getByRole('checkbox', { name: 'Select all fees' });
    const first = screen.getByRole('checkbox', { name: 'Select Late cancellation fee of £5.00' });
    const second = screen.getByRole('checkbox', { name: 'Select No-show fee of £7.50' });
    expect(screen.getByRole('button', { name: 'Pay selected fees' })).toBeDisabled();

    await waitFor(() => expect(first).toBeEnabled());
    await user.click(first);
    await waitFor(() => expect(first).toBeChecked());
    expect(state.adds).toEqual([[1]]);
    expect(all).not.toBeChecked();
    const pay = await screen.findByRole('link', { name: 'Pay selected fees' });
    expect(pay).toHaveAttribute('href', '/basket/checkout');

    await waitFor(() => expect(all).toBeEnabled());
    await user.click(all);
    await waitFor(() => expect(all).toBeChecked());
    expect(second).toBeChecked();
    expect(state.adds).toEqual([[1], [2]]);

    await waitFor(() => expect(all).toBeEnabled());
    await user.click(all);
    await waitFor(() => expect(first).not.toBeChecked());
    expect(second).not.toBeChecked();
    expect(state.removes).toHaveLength(1);
    expect(state.removes[0]).toHaveLength(2);
    expect(state.basket).toEqual([]);
  });

  it('a single uncheck removes only that fee; View detail shows centre, session and date', async () => {
    const state = installPaymentsHandlers();
    const user = userEvent.setup();
    render('/payments');
    const second = await screen.findByRole('checkbox', { name: 'Select No-show fee of £7.50' });
    await waitFor(() => expect(second).toBeEnabled());
    await user.click(screen.getByRole('checkbox', { name: 'Select all fees' }));
    await waitFor(() => expect(second).toBeChecked());
    await user.click(second);
    await waitFor(() => expect(second).not.toBeChecked());
    expect(screen.getByRole('checkbox', { name: 'Select Late cancellation fee of £5.00' })).toBeChecked();
    expect(state.basket.map((line) => line.cartable_id)).toEqual([1]);

    const [view] = screen.getAllByRole('button', { name: 'View detail' });
    expect(screen.queryByText('Spin Express')).not.toBeVisible();
    await user.click(view as HTMLElement);
    expect(screen.getByText('Leeds Riverside')).toBeVisible();
    expect(screen.getByText('01/02/2026 18:00')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Hide detail' }));
    expect(screen.getByText('Leeds Riverside')).not.toBeVisible();
  });

  it('in kiosk mode the pay link carries the kiosk flag', async () => {
    installPaymentsHandlers();
    const user = userEvent.setup();
    render('/payments', { kiosk: true });
    const first = await screen.findByRole('checkbox', { name: 'Select Late cancellation fee of £5.00' });
    await waitFor(() => expect(first).toBeEnabled());
    await user.click(first);
    const pay = await screen.findByRole('link', { name: 'Pay selected fees' });
    expect(pay.getAttribute('href')).toMatch(/^\/basket\/checkout\?.*kiosk=true/);
  });

  it('when the basket cannot load, the fee boxes wait and say so instead of reading as none selected', async () => {
    installPaymentsHandlers();
    server.use(
      http.get('/api/activities/cart', () => HttpResponse.json({ message: 'Down' }, { status: 500 })),
    );
    render('/payments');
    const first = await screen.findByRole('checkbox', { name: 'Select Late cancellation fee of £5.00' });
    // A failed read is retried once (after a second) before the table gives up.
    expect(
      await screen.findByText(
        'We could not load your basket, so the fees you selected cannot be shown. Please reload the page.',
      ),
    ).toBeInTheDocument();
    expect(first).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Select all fees' })).toBeDisabled();
    expect(screen.queryByText(/^Selected:/)).not.toBeInTheDocument();
  });

  it('a fees load failure shows the spec message', async () => {
    installPaymentsHandlers();
    server.use(http.get('/api/my-account/user/penalties', () => HttpResponse.json({}, { status: 500 })));
    render('/payments');
    // A failed read is retried once (about a second) before the message shows.
    expect(await screen.findByText('Failed to load your payments, please try again.')).toBeInTheDocument();
  });

  it('shows credit balances (Membership only above zero) and the saved card; expired notice', async () => {
    installPaymentsHandlers({
      credits: wireCreditsAdded(0),
      cards: [wireSavedCard({ recently_expired: true })],
      penalties: [],
    });
    render('/payments');
    expect(await screen.findByLabelText('Booking credit balance')).toHaveTextContent('£15.00');
    expect(screen.queryByLabelText('Membership credit balance')).not.toBeInTheDocument();
    expect(screen.queryByText('You have unpaid fees on your account')).not.toBeInTheDocument();
    const methods = screen.getByRole('region', { name: 'Payment Methods' });
    expect(within(methods).getByText('Mastercard ending in 4444')).toBeInTheDocument();
    expect(within(methods).getByText('Your saved card has expired.')).toBeInTheDocument();
    expect(
      within(methods).getByText('You can save details of a new card next time you checkout'),
    ).toBeInTheDocument();
  });

  it('has no Credit tab when credits are disabled', async () => {
    installDefaultHandlers({ client: wireClient({ credits_enabled: false }) });
    signIn();
    installPaymentsHandlers();
    render('/payments');
    expect(await screen.findByRole('link', { name: 'Order history' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Credit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Account credit' })).not.toBeInTheDocument();
  });
});

describe('/payments/credit', () => {
  it('redirects to added; both balances; the toggle shows spent; View detail opens the modal', async () => {
    installPaymentsHandlers();
    const user = userEvent.setup();
    const { router } = render('/payments/credit');
    expect(await screen.findByLabelText('Membership credit balance')).toHaveTextContent('£20.00');
    expect(router.state.location.pathname).toBe('/payments/credit/added');
    await user.click(await screen.findByRole('button', { name: 'View detail: Cancelled booking' }));
    const dialog = await findDialog('Credit details');
    expect(within(dialog).getByText('Credit for the cancelled Aqua Fit class')).toBeInTheDocument();
    expect(within(dialog).getByText('10/01/2026 12:00')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('link', { name: 'Credit spent' }));
    expect(await screen.findByText('No spent credits to display')).toBeInTheDocument();
  });

  it('shows the empty added list text', async () => {
    installPaymentsHandlers({ credits: wireCreditsAdded(0, []) });
    render('/payments/credit/added');
    expect(await screen.findByText('No credits to display')).toBeInTheDocument();
  });

  it('lists spent credit with its order', async () => {
    installPaymentsHandlers({
      spent: [
        wireCredit(9, {
          reason: 'Spent on order ORD-000042',
          added_at: null,
          spent_at: '2026-02-02T09:00:00.000Z',
          related_item: 'ORD-000042',
          spent_at_location: 'Leeds Riverside',
        }),
      ],
    });
    const user = userEvent.setup();
    render('/payments/credit/spent');
    await user.click(await screen.findByRole('button', { name: 'View detail: Spent on order ORD-000042' }));
    const dialog = await findDialog('Credit details');
    expect(within(dialog).getByText('ORD-000042')).toBeInTheDocument();
    expect(within(dialog).getByText('Leeds Riverside')).toBeInTheDocument();
  });
});

describe('/payments/manage-card', () => {
  it('keeps Save disabled until the billing details are valid, then saves them', async () => {
    installPaymentsHandlers();
    let sent: Record<string, unknown> | null = null;
    server.use(
      http.put('/api/my-account/saved-cards/:id/update', async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ data: wireSavedCard({ post_code: 'YO1 7HH' }) });
      }),
    );
    const user = userEvent.setup();
    render('/payments/manage-card');
    expect(await screen.findByText('Card details cannot be edited')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Card number' })).toBeDisabled();
    const postcode = screen.getByRole('textbox', { name: 'Postcode' });
    await user.clear(postcode);
    await user.type(postcode, '12345');
    await user.tab();
    expect(screen.getByText('Please enter a valid postcode')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    await user.clear(postcode);
    await user.type(postcode, 'yo1 7hh');
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Billing details saved successfully')).toBeInTheDocument();
    expect(sent).toMatchObject({
      first_name: 'Alex',
      address_line_1: '14 Canal Wharf',
      post_code: 'yo1 7hh',
    });
  });

  it('shows the error toast when saving fails', async () => {
    installPaymentsHandlers();
    server.use(
      http.put('/api/my-account/saved-cards/:id/update', () =>
        HttpResponse.json({ message: 'x' }, { status: 500 }),
      ),
    );
    const user = userEvent.setup();
    render('/payments/manage-card');
    await user.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Uh oh, something went wrong')).toBeInTheDocument();
  });

  it('deletes after confirmation and shows the dismissible notice on /payments', async () => {
    const state = installPaymentsHandlers({ penalties: [] });
    server.use(
      http.delete('/api/my-account/saved-cards/:id/remove', () => {
        state.cards = [];
        return HttpResponse.json({ message: 'Card deleted successfully' });
      }),
    );
    const user = userEvent.setup();
    const { router } = render('/payments/manage-card');
    await user.click(await screen.findByRole('button', { name: 'Delete card' }));
    const dialog = await findDialog('Delete saved card');
    // The screen's own 'no card' state must not flash between the delete and the summary.
    const noCard = watchForText('You have no saved card.');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete card' }));
    expect(await screen.findByText('Card deleted successfully')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/payments');
    expect(noCard.seen).toBe(false);
    expect(screen.getByText('You can save details of a new card next time you checkout')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByText('Card deleted successfully')).not.toBeInTheDocument());
  });
});

describe('/payments/order-history', () => {
  it('lists orders with DD/MM/YYYY dates and filters by a date range', async () => {
    installPaymentsHandlers();
    const queries: string[] = [];
    server.use(
      http.get('/api/my-account/orders', ({ request }) => {
        queries.push(new URL(request.url).search);
        return HttpResponse.json(queries.length > 1 ? wireOrdersPage([]) : wireOrdersPage([3, 2, 1]));
      }),
    );
    const user = userEvent.setup();
    render('/payments/order-history');
    const table = await screen.findByRole('table', { name: 'Order history' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getAllByText('12/03/2025')).toHaveLength(3);
    expect(within(table).getByRole('link', { name: 'View order ORD-000003' })).toHaveAttribute(
      'href',
      '/payments/order-history/3',
    );
    await user.click(screen.getByRole('button', { name: 'Filter by date' }));
    const dialog = await findDialog('Filter orders by date');
    await user.type(within(dialog).getByLabelText('From'), '2025-03-01');
    await user.type(within(dialog).getByLabelText('To'), '2025-03-31');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('No orders')).toBeInTheDocument();
    expect(queries.at(-1)).toBe('?from=2025-03-01&to=2025-03-31&page=1');
    expect(screen.getByText('Showing orders from 01/03/2025 to 31/03/2025')).toBeInTheDocument();
  });

  it('while another filter loads, the last empty page does not read as "No orders"', async () => {
    installPaymentsHandlers();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let calls = 0;
    server.use(
      http.get('/api/my-account/orders', async () => {
        calls += 1;
        if (calls === 1) return HttpResponse.json(wireOrdersPage([]));
        await held;
        return HttpResponse.json(wireOrdersPage([3]));
      }),
    );
    const user = userEvent.setup();
    render('/payments/order-history');
    expect(await screen.findByText('No orders')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Filter by date' }));
    const dialog = await findDialog('Filter orders by date');
    await user.type(within(dialog).getByLabelText('From'), '2025-03-01');
    await user.type(within(dialog).getByLabelText('To'), '2025-03-31');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(calls).toBe(2));
    expect(await screen.findByText('Order history...')).toBeInTheDocument();
    expect(screen.queryByText('No orders')).not.toBeInTheDocument();
    release();
    expect(await screen.findByRole('table', { name: 'Order history' })).toBeInTheDocument();
  });

  it('shows the load error', async () => {
    installPaymentsHandlers();
    server.use(http.get('/api/my-account/orders', () => HttpResponse.json({}, { status: 500 })));
    render('/payments/order-history');
    expect(await screen.findByText('Failed to load order history, please try again')).toBeInTheDocument();
  });

  it('order detail shows lines, payments and total; a load failure shows the spec message', async () => {
    installPaymentsHandlers();
    render('/payments/order-history/42');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order ORD-000042' })).toBeInTheDocument();
    expect(screen.getByText('12/03/2025')).toBeInTheDocument();
    expect(screen.getByText('Card ending 4242')).toBeInTheDocument();
    server.use(http.get('/api/my-account/orders/:orderId', () => HttpResponse.json({}, { status: 404 })));
    render('/payments/order-history/43');
    expect(await screen.findByText('Failed to load order, please try again.')).toBeInTheDocument();
  });
});
