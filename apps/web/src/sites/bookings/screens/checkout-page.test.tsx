import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  mockBasket,
  mockCart,
  mockCourtItem,
  mockPrepare,
  mockSavedCard,
  resetMockBasket,
} from '../../../mocks/basket-handlers';
import { mockUser } from '../../../mocks/fixtures';
import { installMockApi, startMockSession } from '../../../test/mock-api';
import {
  agreeToTerms,
  captureComplete,
  fakeFrame,
  fillBilling,
  frameOrigin,
  renderCheckout,
  serveStaffUser,
  tokenMessage,
} from './checkout-test-helpers';

const server = installMockApi();
beforeEach(() => {
  resetMockBasket([mockCourtItem()]);
  window.sessionStorage.clear();
  startMockSession();
});

describe('checkout', () => {
  it('shows the items and totals, and needs the terms ticked first', async () => {
    const bodies = captureComplete();
    const user = userEvent.setup();
    renderCheckout();
    expect(await screen.findByRole('heading', { name: 'Checkout', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('listitem', { name: 'Badminton 40min' })).toBeInTheDocument();
    expect(await screen.findByTitle('Card details')).toHaveAttribute(
      'src',
      `${frameOrigin}/sandbox-pay/frame?origin=http%3A%2F%2Flocalhost%3A3000`,
    );
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByText('You must agree to the Terms and Conditions.')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
  });

  it('pays with a new card: token from the frame, billing, save card; then the confirmation', async () => {
    let release: () => void = () => undefined;
    const bodies = captureComplete(
      () =>
        new Promise((resolve) => {
          release = () => resolve(HttpResponse.json({ complete_order_id: 3001 }));
        }),
    );
    const user = userEvent.setup();
    renderCheckout();
    await screen.findByTitle('Card details');
    await agreeToTerms(user);
    await fillBilling(user);
    await user.click(screen.getByRole('checkbox', { name: 'Save card details for future payments' }));
    const posted = fakeFrame(tokenMessage);
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    const busy = await screen.findByRole('button', { name: 'Processing...' });
    expect(busy).toBeDisabled();
    expect(posted).toEqual([{ type: 'sandbox-pay:submit' }]);
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({
      item_hash: 'hash-701',
      selected_user_id: mockUser.id,
      source: 'bookings',
      terms: [3],
      payments: [{ tender_type: 'card', amount: 592 }],
      card: {
        token: 'tok_sbx_test',
        save_card: true,
        billing: {
          first_name: 'Morgan',
          address_line_1: '1 River Street',
          town: 'Leeds',
          postcode: 'LS1 4AP',
        },
      },
    });
    expect(JSON.stringify(bodies[0])).not.toContain('4242424242424242');
    await act(async () => release());
    expect(await screen.findByText('Order completed Successfully.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Checkout successful' })).toBeInTheDocument();
    expect(await screen.findByText('ORD-003001')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute(
      'href',
      '/api/my-account/orders/3001/calendar.ics',
    );
  });

  it('checks the billing postcode before asking the frame', async () => {
    const bodies = captureComplete();
    const user = userEvent.setup();
    renderCheckout();
    await screen.findByTitle('Card details');
    await agreeToTerms(user);
    await user.type(screen.getByLabelText(/^Postcode/), 'nope');
    const posted = fakeFrame(tokenMessage);
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByText('Enter a valid postcode.')).toBeInTheDocument();
    expect(screen.getByText('Enter the first line of the billing address.')).toBeInTheDocument();
    expect(posted).toHaveLength(0);
    expect(bodies).toHaveLength(0);
  });

  it('shows the frame’s refusal and sends nothing', async () => {
    const bodies = captureComplete();
    const user = userEvent.setup();
    renderCheckout();
    await screen.findByTitle('Card details');
    await agreeToTerms(user);
    await fillBilling(user);
    fakeFrame({ type: 'sandbox-pay:error', message: 'Check your card details.' });
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByText('Check your card details.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay now' })).toBeEnabled();
    expect(bodies).toHaveLength(0);
  });

  it('pays with the saved card', async () => {
    server.use(
      http.get('*/api/checkout/prepare', () =>
        HttpResponse.json(mockPrepare(mockCart(mockBasket.items), { saved_card: mockSavedCard })),
      ),
    );
    const bodies = captureComplete();
    const user = userEvent.setup();
    renderCheckout();
    expect(await screen.findByRole('radio', { name: 'Pay with saved card' })).toBeChecked();
    expect(screen.getByText('Visa ending 4242, expires 12/30')).toBeInTheDocument();
    expect(screen.queryByTitle('Card details')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Pay with a different card' }));
    expect(await screen.findByTitle('Card details')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Pay with saved card' }));
    await agreeToTerms(user);
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ saved_card: true });
    expect(bodies[0]).not.toHaveProperty('card');
    expect(await screen.findByRole('heading', { name: 'Checkout successful' })).toBeInTheDocument();
  });

  it('needs every attendee waiver agreed before it pays', async () => {
    const waiver = {
      waiver_id: 4,
      title: 'Court waiver',
      html: '<p>Play safe.</p>',
      user_id: 101,
      user_name: 'Jamie Reid',
      cart_item_ids: [1],
    };
    server.use(
      http.get('*/api/activities/cart', () =>
        HttpResponse.json({ data: mockCart(mockBasket.items, { attendee_waivers_required: [waiver] }) }),
      ),
      http.get('*/api/checkout/prepare', () =>
        HttpResponse.json(mockPrepare(mockCart(mockBasket.items), { saved_card: mockSavedCard })),
      ),
    );
    const bodies = captureComplete();
    const user = userEvent.setup();
    renderCheckout();
    await agreeToTerms(user);
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByText('Please agree to the waiver for every attendee.')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
    await user.click(screen.getByRole('checkbox', { name: 'I agree to the Court waiver for Jamie Reid' }));
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({
      completed_waivers: [{ waiver_id: 4, user_id: 101 }],
      saved_card: true,
    });
  });

  it('keeps a refused payment beside the card with the places’ hold; else the server’s text or the fallback', async () => {
    server.use(
      http.get('*/api/checkout/prepare', () =>
        HttpResponse.json(mockPrepare(mockCart(mockBasket.items), { saved_card: mockSavedCard })),
      ),
    );
    let status = 422;
    captureComplete(() =>
      HttpResponse.json(
        status === 422
          ? { message: 'Your card was declined.', errors: { card: ['Your card was declined.'] } }
          : { message: 'boom' },
        { status },
      ),
    );
    const user = userEvent.setup();
    renderCheckout();
    await agreeToTerms(user);
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    const payment = screen.getByRole('region', { name: 'Payment' });
    expect(await within(payment).findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(
      within(payment).getByText(
        'Nothing has been booked or charged. Your places are still held, so you can try another card.',
      ),
    ).toBeInTheDocument();
    expect(within(payment).getByRole('timer')).toHaveTextContent(/^Your places are held for \d+:\d\d$/);
    status = 500;
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    await waitFor(() =>
      expect(within(payment).getByRole('alert')).toHaveTextContent(
        'Unable to complete your order, please try again.',
      ),
    );
    expect(within(payment).queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Checkout', level: 1 })).toBeInTheDocument();
  });

  it('completes a zero-total order with no card', async () => {
    resetMockBasket([mockCourtItem({ price: { ...mockCourtItem().price, raw: 0, formatted: '£0.00' } })]);
    server.use(http.get('*/api/terms', () => HttpResponse.json({ data: [] })));
    const bodies = captureComplete();
    const user = userEvent.setup();
    renderCheckout();
    expect(await screen.findByText('Nothing to pay: your order is covered.')).toBeInTheDocument();
    expect(screen.queryByTitle('Card details')).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /Terms and Conditions/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Complete order' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ payments: [], terms: [] });
    expect(bodies[0]).not.toHaveProperty('card');
  });
});

describe('front-of-house checkout', () => {
  it('takes offline tenders in the staff user’s currency through checkout/pay', async () => {
    serveStaffUser();
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post('*/api/checkout/pay', async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ complete_order_id: 3002 });
      }),
    );
    const user = userEvent.setup();
    renderCheckout();
    expect(await screen.findByText('Booking for Alex Morgan (RL000201)')).toBeInTheDocument();
    expect(screen.queryByTitle('Card details')).not.toBeInTheDocument();
    const take = await screen.findByRole('button', { name: 'Take payment' });
    expect(take).toBeDisabled();
    expect(screen.getByText('Left to pay: € 5.92')).toBeInTheDocument();
    await agreeToTerms(user);
    await user.type(screen.getByLabelText(/^Amount/), '2');
    await user.click(screen.getByRole('button', { name: 'Add tender' }));
    await user.type(screen.getByLabelText(/^Amount/), '5.92');
    await user.click(screen.getByRole('button', { name: 'Add tender' }));
    // A second cash tender replaced the first.
    expect(within(screen.getByRole('list', { name: 'Tenders' })).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText('Left to pay: € 0.00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Take payment' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({
      selected_user_id: 201,
      source: 'foh',
      payments: [{ tender_type: 'cash', amount: 592 }],
    });
    expect(await screen.findByRole('heading', { name: 'Checkout successful' })).toBeInTheDocument();
  });

  it('checks an offline tender before it is added', async () => {
    serveStaffUser();
    const user = userEvent.setup();
    renderCheckout();
    const add = await screen.findByRole('button', { name: 'Add tender' });
    await user.type(screen.getByLabelText(/^Amount/), 'lots');
    await user.click(add);
    expect(await screen.findByText('Enter an amount such as 5.00.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Tender type'), 'Please select');
    await user.clear(screen.getByLabelText(/^Amount/));
    await user.type(screen.getByLabelText(/^Amount/), '2');
    await user.click(add);
    expect(await screen.findByText('Choose a tender type.')).toBeInTheDocument();
    expect(screen.queryByText('Enter an amount such as 5.00.')).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Tenders' })).not.toBeInTheDocument();
  });
});
