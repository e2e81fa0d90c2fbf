import type { CartItem } from '@leisure/contract/cart';
import type { Order } from '@leisure/contract/checkout';
import type { CreditEntry, CreditsAdded, OrdersPage, Penalty, SavedCard } from '@leisure/contract/payments';
import { HttpResponse, http } from 'msw';
import { mockCart, mockCourtItem } from '../../mocks/basket-handlers';
import { server } from './account-api';

/**
 * Wire (snake_case) fixtures and stateful MSW handlers for the payments area. The basket keeps its
 * penalty lines between calls, so checkboxes can be seen to follow it.
 */

function wirePenalty(id: number, overrides: Partial<Penalty> = {}): Penalty {
  return {
    id,
    type: 'late_cancellation',
    type_label: 'Late cancellation fee',
    fee_amount: { amount: 500, formatted: '£5.00' },
    cart_type: 'penalty',
    pricing_option_id: null,
    created_at: '2026-02-01T10:00:00.000Z',
    booking: { venue: 'Leeds Riverside', description: 'Badminton 40min', date: '01/02/2026', time: '18:00' },
    ...overrides,
  };
}

const wirePenalties: Penalty[] = [
  wirePenalty(1),
  wirePenalty(2, {
    type: 'no_show',
    type_label: 'No-show fee',
    fee_amount: { amount: 750, formatted: '£7.50' },
    booking: {
      venue: 'Headingley Sports Hall',
      description: 'Spin Express',
      date: '03/02/2026',
      time: '07:00',
    },
  }),
];

export function wireCredit(id: number, overrides: Partial<CreditEntry> = {}): CreditEntry {
  return {
    id,
    type: 'general',
    value: { raw: 1500, formatted: '£15.00', currency: 'GBP' },
    added_at: '2026-01-10T12:00:00.000Z',
    spent_at: null,
    expires_at: '2026-07-10T12:00:00.000Z',
    related_item: null,
    spent_at_location: null,
    reason: 'Cancelled booking',
    description: 'Credit for the cancelled Aqua Fit class',
    ...overrides,
  };
}

export function wireCreditsAdded(membership = 2000, credits = [wireCredit(1)]): CreditsAdded {
  return {
    balances: {
      general: { total_available: 1500, formatted: '£15.00', currency: 'GBP' },
      membership: {
        total_available: membership,
        raw: membership,
        formatted: `£${(membership / 100).toFixed(2)}`,
      },
    },
    credits,
  };
}

export function wireSavedCard(overrides: Partial<SavedCard> = {}): SavedCard {
  return {
    id: 31,
    brand: 'mastercard',
    card_holder_name: 'Alex Morgan',
    last_four_digits: '4444',
    expiry_date: '11/29',
    recently_expired: false,
    first_name: 'Alex',
    last_name: 'Morgan',
    address_line_1: '14 Canal Wharf',
    address_line_2: '',
    city: 'Leeds',
    post_code: 'LS11 5PZ',
    ...overrides,
  };
}

function wireOrderSummary(id: number): OrdersPage['data'][number] {
  return {
    id,
    uuid: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    reference: `ORD-${String(id).padStart(6, '0')}`,
    created_at: '12/03/2025',
    ordered_at: '2025-03-12T10:00:00.000Z',
    total: { raw: 592, formatted: '£5.92' },
    payment_type: 'Card',
    items: [
      {
        type: 'activity',
        id: id * 10,
        name: 'Badminton 40min',
        date: '14/03/2025',
        start_time: '18:00',
        price: { raw: 592, formatted: '£5.92' },
      },
    ],
  };
}

export function wireOrdersPage(ids: number[], page = 1, lastPage = 1): OrdersPage {
  return {
    data: ids.map(wireOrderSummary),
    meta: { current_page: page, last_page: lastPage, per_page: 20, total: ids.length },
  };
}

function wireOrder(id: number): Order {
  const item = mockCourtItem();
  return {
    id,
    reference: `ORD-${String(id).padStart(6, '0')}`,
    uuid: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    status: 'completed',
    source: 'bookings',
    user_id: 7,
    currency: 'GBP',
    total: 592,
    formatted_total: '£5.92',
    created_at: '2025-03-12T10:00:00.000Z',
    items: [
      {
        id: 1,
        name: item.name,
        cartable_type: 'activity',
        quantity: 1,
        price: item.price,
        cartable_resource: item.cartable_resource,
        booking_ids: [5],
        child_items: [],
      },
    ],
    payments: [
      { tender_type: 'card', amount: 592, formatted_amount: '£5.92', card: { brand: 'visa', last4: '4242' } },
    ],
    calendar_url: `/api/my-account/orders/${id}/calendar.ics`,
  };
}

function penaltyLine(penalty: Penalty, lineId: number): CartItem {
  return mockCourtItem({
    id: lineId,
    name: penalty.type_label,
    cartable_type: 'penalty',
    cartable_id: penalty.id,
    price: {
      formatted: penalty.fee_amount.formatted,
      decimal: (penalty.fee_amount.amount / 100).toFixed(2),
      raw: penalty.fee_amount.amount,
      benefit_applied: false,
      package_applied: false,
    },
  });
}

export interface PaymentsApiState {
  penalties: Penalty[];
  basket: CartItem[];
  cards: SavedCard[];
  adds: number[][];
  removes: number[][];
}

/** The payments calls with a basket that remembers its penalty lines. */
export function installPaymentsHandlers({
  penalties = wirePenalties,
  cards = [wireSavedCard()],
  credits = wireCreditsAdded(),
  spent = [] as CreditEntry[],
  orders = wireOrdersPage([3, 2, 1]),
}: {
  penalties?: Penalty[];
  cards?: SavedCard[];
  credits?: CreditsAdded;
  spent?: CreditEntry[];
  orders?: OrdersPage;
} = {}): PaymentsApiState {
  const state: PaymentsApiState = { penalties, basket: [], cards: [...cards], adds: [], removes: [] };
  let nextLine = 900;
  const cart = () =>
    HttpResponse.json({ data: mockCart(state.basket, { user_id: 7, selected_user_id: null }) });
  server.use(
    http.get('/api/my-account/user/penalties', () => HttpResponse.json({ data: state.penalties })),
    http.get('/api/activities/cart', cart),
    http.post('/api/activities/cart/add', async ({ request }) => {
      const body = (await request.json()) as { items: { id: number; type: string }[] };
      state.adds.push(body.items.map((item) => item.id));
      for (const item of body.items) {
        const penalty = state.penalties.find((p) => p.id === item.id);
        if (penalty) {
          nextLine += 1;
          state.basket.push(penaltyLine(penalty, nextLine));
        }
      }
      return cart();
    }),
    http.post('/api/activities/cart/remove', async ({ request }) => {
      const body = (await request.json()) as { cart_item_ids: number[] };
      state.removes.push(body.cart_item_ids);
      state.basket = state.basket.filter((item) => !body.cart_item_ids.includes(item.id));
      return cart();
    }),
    http.get('/api/credits/user', () => HttpResponse.json({ data: credits })),
    http.get('/api/credits/user/credit-transactions', () => HttpResponse.json({ data: spent })),
    http.get('/api/my-account/saved-cards', () => HttpResponse.json({ data: state.cards })),
    http.get('/api/my-account/orders', () => HttpResponse.json(orders)),
    http.get('/api/my-account/orders/:orderId', ({ params }) =>
      HttpResponse.json({ data: wireOrder(Number(params.orderId)) }),
    ),
  );
  return state;
}
