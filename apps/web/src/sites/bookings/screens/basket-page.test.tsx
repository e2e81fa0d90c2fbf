import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  mockBasket,
  mockCart,
  mockCourtItem,
  mockCustomers,
  mockMembershipItem,
  mockOrder,
  resetMockBasket,
} from '../../../mocks/basket-handlers';
import { mockUser } from '../../../mocks/fixtures';
import { findDialog } from '../../../test/dialogs';
import { installMockApi, startMockSession } from '../../../test/mock-api';
import { renderRoutes } from '../../../test/render';
import { basketTestRoutes } from './basket-test-routes';

const server = installMockApi();

beforeEach(() => {
  resetMockBasket();
  window.sessionStorage.clear();
});

const renderBasket = () => renderRoutes(basketTestRoutes, { path: '/basket' });

describe('basket page', () => {
  it('asks anonymous visitors to log in', async () => {
    renderBasket();
    expect(await screen.findByText('Log in to add items to your basket')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });

  it('tells a signed-in customer with nothing in it that it is empty, with a link to book', async () => {
    resetMockBasket([]);
    startMockSession();
    renderBasket();
    expect(await screen.findByText('Your basket is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book an activity' })).toHaveAttribute(
      'href',
      '/redirect-to-selected-venue',
    );
  });

  it('shows each item with its details, tickets, totals, countdown and the way to checkout', async () => {
    startMockSession();
    renderBasket();
    const court = await screen.findByRole('listitem', { name: 'Badminton 40min' });
    expect(within(court).getByText('Mon 09 February 2026')).toBeInTheDocument();
    expect(within(court).getByText('18:00 - 18:40 (40min)')).toBeInTheDocument();
    expect(within(court).getByText('Court 2')).toBeInTheDocument();
    expect(within(court).getByText('Leeds Riverside Leisure Centre')).toBeInTheDocument();
    expect(within(court).getByText('£5.92')).toBeInTheDocument();
    expect(within(court).getByText('Member benefit applied.')).toBeInTheDocument();
    const pump = screen.getByRole('listitem', { name: 'Body Pump' });
    expect(within(pump).getByLabelText('Adult places')).toHaveValue('1');
    expect(within(pump).getByText('Sam Lee')).toBeInTheDocument();
    expect(screen.getByText('£18.92', { selector: '.basket-totals-balance dd' })).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent(/Your places are held for 1[45]:\d\d/);
    expect(screen.getByRole('link', { name: 'Proceed to checkout' })).toHaveAttribute(
      'href',
      '/basket/checkout',
    );
  });

  it('removes an item behind a loading overlay, then says so', async () => {
    startMockSession();
    let body: unknown;
    server.use(
      http.post('*/api/activities/cart/remove', async ({ request }) => {
        body = await request.json();
        mockBasket.items = mockBasket.items.filter((item) => item.id !== 701);
        return HttpResponse.json({ data: mockCart(mockBasket.items) });
      }),
    );
    const user = userEvent.setup();
    renderBasket();
    await user.click(await screen.findByRole('button', { name: 'Remove Badminton 40min' }));
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('Removing item...');
    expect(await screen.findByText('Successfully removed item from the basket.')).toBeInTheDocument();
    expect(body).toMatchObject({
      cart_item_ids: [701],
      selected_user_id: mockUser.id,
      membership_user_id: 5001,
    });
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Badminton 40min' })).not.toBeInTheDocument(),
    );
    expect(screen.queryByText('Removing item...')).not.toBeInTheDocument();
    // The removed line took its focused button with it: focus stays in the basket's lines.
    expect(document.activeElement).toHaveClass('basket-lines');
  });

  it('shows the server error when a removal fails', async () => {
    startMockSession();
    server.use(
      http.post('*/api/activities/cart/remove', () =>
        HttpResponse.json({ message: 'Unable to complete request, item not found.' }, { status: 404 }),
      ),
    );
    const user = userEvent.setup();
    renderBasket();
    await user.click(await screen.findByRole('button', { name: 'Remove Body Pump' }));
    expect(await screen.findByText('Unable to complete request, item not found.')).toBeInTheDocument();
  });

  it('clears the whole basket after asking', async () => {
    startMockSession();
    const user = userEvent.setup();
    renderBasket();
    await user.click(await screen.findByRole('button', { name: 'Clear basket' }));
    const dialog = await findDialog('Clear your basket?');
    await user.click(within(dialog).getByRole('button', { name: 'Clear basket' }));
    expect(await screen.findByText('Successfully cleared order.')).toBeInTheDocument();
    expect(await screen.findByText('Your basket is empty')).toBeInTheDocument();
    // Its buttons are gone with the lines: focus lands on what the page now says, not the page's body.
    await waitFor(() => expect(screen.getByText('Your basket is empty')).toHaveFocus());
  });

  it('removes a member benefit', async () => {
    startMockSession();
    const user = userEvent.setup();
    renderBasket();
    await user.click(await screen.findByRole('button', { name: 'Remove benefit' }));
    expect(await screen.findByText('Successfully removed benefit.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Member benefit applied.')).not.toBeInTheDocument());
  });

  it('applies general credit', async () => {
    startMockSession();
    let body: unknown;
    server.use(
      http.post('*/api/credits/apply', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ data: mockCart(mockBasket.items) });
      }),
    );
    const user = userEvent.setup();
    renderBasket();
    expect(
      await screen.findByText('£12.50 available; up to £12.50 can be used for this basket.'),
    ).toBeInTheDocument();
    const amount = screen.getByLabelText('Credit to use');
    await user.clear(amount);
    await user.type(amount, '5');
    await user.click(screen.getByRole('button', { name: 'Apply credit' }));
    expect(await screen.findByText('Credit applied to your basket.')).toBeInTheDocument();
    expect(body).toMatchObject({
      credits_to_reserve: [
        { type: 'general', amount: 500 },
        { type: 'membership', amount: 0 },
      ],
      cart_source: 'bookings',
      selected_user_id: 101,
    });
  });

  it('checks the credit amount before it is applied', async () => {
    startMockSession();
    let calls = 0;
    server.use(
      http.post('*/api/credits/apply', () => {
        calls += 1;
        return HttpResponse.json({ data: mockCart(mockBasket.items) });
      }),
    );
    const user = userEvent.setup();
    renderBasket();
    const amount = await screen.findByLabelText('Credit to use');
    await user.clear(amount);
    await user.type(amount, 'five');
    await user.click(screen.getByRole('button', { name: 'Apply credit' }));
    expect(await screen.findByText('Enter an amount such as 5.00.')).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    await user.clear(amount);
    await user.type(amount, '20');
    await user.click(screen.getByRole('button', { name: 'Apply credit' }));
    expect(await screen.findByText('You can use at most £12.50.')).toBeInTheDocument();
    expect(screen.queryByText('Enter an amount such as 5.00.')).not.toBeInTheDocument();
    expect(calls).toBe(0);
  });

  it('says when the basket fails to load', async () => {
    startMockSession();
    server.use(http.get('*/api/activities/cart', () => HttpResponse.json({ message: 'x' }, { status: 500 })));
    renderBasket();
    expect(
      // A failed read is retried once (after a second) before the page gives up.
      (await screen.findAllByText('Failed to load your shopping basket, please try again.')).length,
    ).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('counts down the hold and refetches when it runs out', async () => {
    startMockSession();
    resetMockBasket([mockCourtItem({ hold_expires_at: new Date(Date.now() + 1500).toISOString() })]);
    let reads = 0;
    server.use(
      http.get('*/api/activities/cart', () => {
        reads += 1;
        if (reads > 1) return HttpResponse.json({ data: mockCart([]) });
        return HttpResponse.json({ data: mockCart(mockBasket.items) });
      }),
    );
    renderBasket();
    expect(await screen.findByRole('timer')).toHaveTextContent('Your places are held for 0:0');
    expect(
      await screen.findByText(
        'Your time to check out ran out, so the places in your basket have been released.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText('Your basket is empty')).toBeInTheDocument();
  });
});

describe('front of house', () => {
  it('lets a staff user pick the customer whose basket they work on', async () => {
    startMockSession();
    server.use(
      http.get('*/api/auth/user', () =>
        HttpResponse.json({ data: { ...mockUser, id: 900, is_staff: true } }),
      ),
    );
    const seen: (string | null)[] = [];
    server.use(
      http.get('*/api/activities/cart', ({ request }) => {
        seen.push(new URL(request.url).searchParams.get('selected_user_id'));
        return HttpResponse.json({
          data: mockCart(mockBasket.items, { selected_user_id: 201, user_id: 201 }),
        });
      }),
    );
    const user = userEvent.setup();
    renderBasket();
    expect(await screen.findByRole('heading', { name: 'Choose a customer' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Proceed to checkout' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Find a customer'), 'Alex');
    const results = await screen.findByRole('list', { name: 'Customers' });
    expect(within(results).getAllByRole('listitem')).toHaveLength(mockCustomers.length);
    await user.click(within(results).getByRole('button', { name: 'Select Alex Morgan' }));
    expect(await screen.findByText('Booking for Alex Morgan (RL000201)')).toBeInTheDocument();
    expect(await screen.findByRole('listitem', { name: 'Badminton 40min' })).toBeInTheDocument();
    expect(seen).toEqual(['201']);
    expect(JSON.parse(window.sessionStorage.getItem('foh-selected-customer') ?? '{}')).toMatchObject({
      staffId: 900,
      customer: { id: 201 },
    });
  });

  it('while a new term is searched, the last empty answer does not read as "No customers match"', async () => {
    startMockSession();
    server.use(
      http.get('*/api/auth/user', () =>
        HttpResponse.json({ data: { ...mockUser, id: 900, is_staff: true } }),
      ),
    );
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const terms: string[] = [];
    server.use(
      http.get('*/api/foh/customers', async ({ request }) => {
        const q = new URL(request.url).searchParams.get('q') ?? '';
        terms.push(q);
        if (q === 'Zed') return HttpResponse.json({ data: [] });
        await held;
        return HttpResponse.json({ data: mockCustomers });
      }),
    );
    const user = userEvent.setup();
    renderBasket();
    const input = await screen.findByLabelText('Find a customer');
    await user.type(input, 'Zed');
    expect(await screen.findByText('No customers match your search.')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'Alex');
    await waitFor(() => expect(terms).toContain('Alex'));
    expect(await screen.findByText('Searching...')).toBeInTheDocument();
    expect(screen.queryByText('No customers match your search.')).not.toBeInTheDocument();
    release();
    expect(await screen.findByRole('list', { name: 'Customers' })).toBeInTheDocument();
  });
});

describe('a membership in the basket', () => {
  it('reads as a membership beside an activity: centre, payment type, start date, fee lines and what follows', async () => {
    resetMockBasket([mockMembershipItem(), mockCourtItem()]);
    startMockSession();
    renderBasket();
    const line = await screen.findByRole('listitem', { name: 'Anytime Gym' });
    const rows = within(line)
      .getAllByRole('term')
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(rows).toEqual([
      'Home centre: Leeds Riverside Leisure Centre',
      'Payment type: Monthly',
      'Start date: 20th February 2026',
      'Joining fee: £20.00',
      'Pro-rata (9 days): £10.00',
      'Month in hand: £34.99',
      'Discount (WELCOME50): -£10.00',
      'Total to pay now: £54.99',
      'First billing date: 1st April 2026',
      'Monthly payment: £34.99',
    ]);
    // The activity keeps its own details.
    const court = screen.getByRole('listitem', { name: 'Badminton 40min' });
    expect(within(court).getByText('18:00 - 18:40 (40min)')).toBeInTheDocument();
    expect(within(court).getByText('Quantity')).toBeInTheDocument();
  });
});

describe('the confirmation of an order with a membership', () => {
  const orderWith = (items: ReturnType<typeof mockMembershipItem>[]) =>
    server.use(
      http.get('*/api/my-account/orders/:orderId', ({ params }) =>
        HttpResponse.json({ data: mockOrder(Number(params.orderId), items) }),
      ),
    );

  it('shows the membership’s costs and no Add to calendar when nothing was booked', async () => {
    orderWith([mockMembershipItem()]);
    startMockSession();
    renderRoutes(basketTestRoutes, { path: '/booking-confirmed/3002' });
    const line = await screen.findByRole('listitem', { name: 'Anytime Gym' });
    expect(within(line).getByText('Payment type')).toBeInTheDocument();
    expect(within(line).getByText('Discount (WELCOME50)')).toBeInTheDocument();
    expect(within(line).getByText('1st April 2026')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add to calendar' })).not.toBeInTheDocument();
  });

  it('shows each kind its own way, with Add to calendar for the sessions', async () => {
    orderWith([mockMembershipItem(), mockCourtItem()]);
    startMockSession();
    renderRoutes(basketTestRoutes, { path: '/booking-confirmed/3003' });
    const court = await screen.findByRole('listitem', { name: 'Badminton 40min' });
    expect(within(court).getByText('Mon 09 February 2026, 18:00 - 18:40')).toBeInTheDocument();
    expect(within(court).queryByText('Payment type')).not.toBeInTheDocument();
    const line = screen.getByRole('listitem', { name: 'Anytime Gym' });
    expect(within(line).getByText('Total to pay now')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add to calendar' })).toBeInTheDocument();
  });
});
