import type { Cart, CartItem, CustomerSummary } from '@leisure/contract/cart';
import type { CheckoutPrepareResponse, Order } from '@leisure/contract/checkout';
import { HttpResponse, http } from 'msw';
import { getApiSettings, readCookie } from '../shared/api/client';
import { mockDate, mockInstant, mockLocation } from './wire-dates';

/**
 * MSW handlers and wire-format fixtures for the basket, checkout, front-of-house and
 * booking-confirmed calls. The basket lives in `mockBasket` for the page's life, so removing or
 * discarding shows up on the next read; tests call `resetMockBasket()` (or override one call with
 * `server.use`).
 */

const api = (path: string) => `*/api/${path}`;
const hasSession = () => Boolean(readCookie(getApiSettings().csrfCookie));
const unauthenticated = () => HttpResponse.json({ message: 'Please log in to continue.' }, { status: 401 });

function price(raw: number, extra: Partial<CartItem['price']> = {}): CartItem['price'] {
  return {
    formatted: `£${(raw / 100).toFixed(2)}`,
    decimal: (raw / 100).toFixed(2),
    raw,
    benefit_applied: false,
    package_applied: false,
    ...extra,
  };
}

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

function resource(overrides: Partial<CartItem['cartable_resource']> = {}): CartItem['cartable_resource'] {
  return {
    name: 'Badminton 40min',
    venue_name: 'Leeds Riverside Leisure Centre',
    venue_slug: 'leeds-riverside',
    activity_slug: 'badminton-40min',
    starts_at: mockInstant('2026-02-09T18:00:00+00:00'),
    ends_at: mockInstant('2026-02-09T18:40:00+00:00'),
    date: mockDate('2026-02-09'),
    date_raw: '2026-02-09',
    time: '18:00 - 18:40',
    duration: '40min',
    location: mockLocation('Court 2'),
    occurrence_id: 9001,
    instructor: null,
    new_membership: null,
    ...overrides,
  };
}

export function mockCourtItem(overrides: Partial<CartItem> = {}): CartItem {
  return {
    id: 701,
    name: 'Badminton 40min',
    price: price(592, { benefit_applied: true }),
    quantity: 1,
    cartable_type: 'activity',
    cartable_id: 9001,
    cartable_resource: resource(),
    child_items: [],
    membership_user_id: 5001,
    purchased_for_user_id: 101,
    pricing_option_id: 11,
    needs_waiver: false,
    hold_expires_at: inMinutes(15),
    from_waitlist: false,
    ...overrides,
  };
}

const money = (raw: number) => ({
  raw,
  formatted: `£${(raw / 100).toFixed(2)}`,
  decimal: (raw / 100).toFixed(2),
});

/** A new membership's first payment: Anytime Gym, monthly, with a joining-fee promotion. */
export function mockMembershipItem(overrides: Partial<CartItem> = {}): CartItem {
  return {
    id: 705,
    name: 'Anytime Gym',
    price: price(6499),
    quantity: 1,
    cartable_type: 'membership',
    cartable_id: 8801,
    cartable_resource: resource({
      name: 'Anytime Gym',
      activity_slug: 'anytime-gym',
      date: mockDate('2026-02-20'),
      date_raw: '2026-02-20',
      time: '',
      duration: '',
      location: { ...mockLocation('Leeds Riverside Leisure Centre'), type: 'venue' },
      occurrence_id: null,
      new_membership: {
        membership_id: 8801,
        membership_type_id: 3,
        payment_type: 'recurring',
        start_date: '2026-02-20',
        billing_day: 1,
        first_billing_date: '2026-04-01',
        kind: 'join',
        name: 'Anytime Gym',
        home_venue: { id: 1, name: 'Leeds Riverside Leisure Centre', slug: 'leeds-riverside' },
        pretty_start_date: '20th February 2026',
        costs: {
          payment_option_id: 31,
          payment_type: 'recurring',
          fixed_duration: null,
          fixed_period: null,
          fees: {
            joining_fee: money(2000),
            base_fee: money(3499),
            pro_rata_fee: money(1000),
            month_in_hand_fee: money(3499),
            discount: money(1000),
          },
          global_base_price: money(3499),
          total_to_pay_now: money(5499),
          start_date: '2026-02-20',
          pro_rata_days: 9,
          first_billing_date: '2026-04-01',
          pretty_first_billing_date: '1st April 2026',
          billing_day: 1,
          end_date: null,
          promotion_enabled: true,
          promotion_code: 'WELCOME50',
          currency: 'GBP',
        },
      },
    }),
    child_items: [],
    membership_user_id: null,
    purchased_for_user_id: 101,
    pricing_option_id: 0,
    needs_waiver: false,
    hold_expires_at: new Date(0).toISOString(),
    from_waitlist: false,
    ...overrides,
  };
}

function mockClassItem(overrides: Partial<CartItem> = {}): CartItem {
  return {
    id: 702,
    name: 'Body Pump',
    price: price(1300),
    quantity: 2,
    cartable_type: 'activity',
    cartable_id: 9100,
    cartable_resource: resource({
      name: 'Body Pump',
      activity_slug: 'fitness-classes-c',
      starts_at: mockInstant('2026-02-10T09:00:00+00:00'),
      ends_at: mockInstant('2026-02-10T09:45:00+00:00'),
      date: mockDate('2026-02-10'),
      date_raw: '2026-02-10',
      time: '09:00 - 09:45',
      duration: '45min',
      location: mockLocation('Studio 1'),
      occurrence_id: 9100,
      instructor: 'Sam Lee',
    }),
    child_items: [
      {
        id: 703,
        name: 'Adult',
        price: price(800),
        quantity: 1,
        cartable_type: 'activityTicket',
        cartable_id: 31,
        cartable_resource: null,
      },
      {
        id: 704,
        name: 'Junior',
        price: price(500),
        quantity: 1,
        cartable_type: 'activityTicket',
        cartable_id: 32,
        cartable_resource: null,
      },
    ],
    membership_user_id: 5001,
    purchased_for_user_id: 101,
    pricing_option_id: 12,
    needs_waiver: false,
    hold_expires_at: inMinutes(15),
    from_waitlist: false,
    ...overrides,
  };
}

const credit = (available: number, maxApplicable: number, reserved = 0) => ({
  total_available: available,
  max_applicable: maxApplicable,
  reserved,
  formatted_total_available: `£${(available / 100).toFixed(2)}`,
});

/** A cart in wire format, its totals worked out from its items and reserved credit. */
export function mockCart(items: CartItem[], overrides: Partial<Cart> = {}): Cart {
  const total = items.reduce((sum, item) => sum + item.price.raw, 0);
  const reserved = overrides.credits
    ? overrides.credits.general.reserved + overrides.credits.membership.reserved
    : 0;
  const balance = Math.max(0, total - reserved);
  const money = (value: number) => `£${(value / 100).toFixed(2)}`;
  const holds = items.map((item) => item.hold_expires_at).sort();
  return {
    id: 55,
    uuid: '6d1f0c52-5b53-4d1c-9b1e-000000000055',
    source: 'bookings',
    status: 'open',
    user_id: 101,
    selected_user_id: 101,
    currency: 'GBP',
    total,
    sub_total: total,
    tax_total: 0,
    balance,
    item_count: items.length,
    formatted_total: money(total),
    formatted_balance: money(balance),
    totals: {
      total,
      sub_total: total,
      tax_total: 0,
      balance,
      item_count: items.length,
      formatted_total: money(total),
      formatted_balance: money(balance),
    },
    item_hash: `hash-${items.map((item) => item.id).join('-')}`,
    hold_expires_at: holds[0] ?? null,
    credits: { general: credit(1250, Math.min(1250, total)), membership: credit(0, 0) },
    attendee_waivers_required: [],
    items,
    sort_by: 'date',
    enable_print_receipt: false,
    ...overrides,
  };
}

export const mockSavedCard: NonNullable<CheckoutPrepareResponse['data']['saved_card']> = {
  brand: 'visa',
  last4: '4242',
  expiry_month: 12,
  expiry_year: 2030,
  billing: {
    first_name: 'Morgan',
    last_name: 'Ellis',
    address_line_1: '1 River Street',
    town: 'Leeds',
    postcode: 'LS1 4AP',
  },
};

export function mockPrepare(
  cart: Cart,
  overrides: Partial<CheckoutPrepareResponse['data']> = {},
): CheckoutPrepareResponse {
  return {
    payment_provider: 'sandbox',
    data: {
      cart_id: cart.id,
      item_hash: cart.item_hash,
      amount: cart.balance,
      formatted_amount: cart.formatted_balance,
      currency: cart.currency,
      requires_payment: cart.balance > 0,
      frame_url: 'http://localhost:3000/sandbox-pay/frame?origin=http%3A%2F%2Flocalhost%3A3000',
      frame_origin: 'http://localhost:3000',
      saved_card: null,
      hold_expires_at: cart.hold_expires_at,
      ...overrides,
    },
  };
}

export const mockCustomers: CustomerSummary[] = [
  {
    id: 201,
    reference: 'RL000201',
    first_name: 'Alex',
    last_name: 'Morgan',
    email: 'alex.morgan@example.com',
    date_of_birth: '1990-04-12',
    postcode: 'LS6 2AB',
    membership_user: null,
  },
  {
    id: 202,
    reference: 'RL000202',
    first_name: 'Alexis',
    last_name: 'Green',
    email: 'alexis.green@example.com',
    date_of_birth: null,
    postcode: null,
    membership_user: { id: 5202 },
  },
];

/** An order of a court (booked) by default; `items` makes it of those basket lines (memberships book nothing). */
export function mockOrder(id: number, items: CartItem[] = [mockCourtItem()]): Order {
  const total = items.reduce((sum, line) => sum + line.price.raw, 0);
  return {
    id,
    reference: `ORD-${String(id).padStart(6, '0')}`,
    uuid: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    status: 'completed',
    source: 'bookings',
    user_id: 101,
    currency: 'GBP',
    total,
    formatted_total: `£${(total / 100).toFixed(2)}`,
    created_at: '2026-02-01T10:00:00Z',
    items: items.map((line, index) => ({
      id: index + 1,
      name: line.name,
      cartable_type: line.cartable_type,
      quantity: 1,
      price: line.price,
      cartable_resource: line.cartable_resource,
      booking_ids: line.cartable_type === 'membership' ? [] : [77 + index],
      child_items: [],
    })),
    payments: [
      {
        tender_type: 'card',
        amount: total,
        formatted_amount: `£${(total / 100).toFixed(2)}`,
        card: { brand: 'visa', last4: '4242' },
      },
    ],
    calendar_url: `/api/my-account/orders/${id}/calendar.ics`,
  };
}

/** The mock basket's items for this page load. */
export const mockBasket = { items: [mockCourtItem(), mockClassItem()] as CartItem[], generalReserved: 0 };

export function resetMockBasket(items: CartItem[] = [mockCourtItem(), mockClassItem()]): void {
  mockBasket.items = items;
  mockBasket.generalReserved = 0;
}

function currentCart(): Cart {
  const total = mockBasket.items.reduce((sum, item) => sum + item.price.raw, 0);
  return mockCart(mockBasket.items, {
    credits: {
      general: credit(1250, Math.min(1250, total), mockBasket.generalReserved),
      membership: credit(0, 0),
    },
  });
}

const cartAnswer = () => HttpResponse.json({ data: currentCart() });

export const basketHandlers = [
  http.get(api('activities/cart'), () => (hasSession() ? cartAnswer() : unauthenticated())),

  http.post(api('activities/cart/remove'), async ({ request }) => {
    const body = (await request.json()) as { cart_item_ids?: number[] };
    const ids = new Set(body.cart_item_ids ?? []);
    mockBasket.items = mockBasket.items.filter((item) => !ids.has(item.id));
    return cartAnswer();
  }),

  http.put(api('activities/cart/:cartItemId'), async ({ params, request }) => {
    const body = (await request.json()) as { quantity?: number };
    const id = Number(params.cartItemId);
    mockBasket.items = mockBasket.items.map((item) =>
      item.id === id && body.quantity ? { ...item, quantity: body.quantity } : item,
    );
    return cartAnswer();
  }),

  http.delete(api('activities/cart'), () => {
    mockBasket.items = [];
    mockBasket.generalReserved = 0;
    return cartAnswer();
  }),

  http.delete(api('activities/benefit/remove/:cartItemId'), ({ params }) => {
    const id = Number(params.cartItemId);
    mockBasket.items = mockBasket.items.map((item) =>
      item.id === id ? { ...item, price: { ...item.price, benefit_applied: false, raw: 740 } } : item,
    );
    return cartAnswer();
  }),

  http.delete(api('activities/package/remove/:cartItemId'), ({ params }) => {
    const id = Number(params.cartItemId);
    mockBasket.items = mockBasket.items.map((item) =>
      item.id === id ? { ...item, price: { ...item.price, package_applied: false } } : item,
    );
    return cartAnswer();
  }),

  http.post(api('credits/apply'), async ({ request }) => {
    const body = (await request.json()) as { credits_to_reserve?: { amount: number; type: string }[] };
    mockBasket.generalReserved =
      body.credits_to_reserve?.find((entry) => entry.type === 'general')?.amount ?? 0;
    return cartAnswer();
  }),

  http.get(api('checkout/prepare'), () => HttpResponse.json(mockPrepare(currentCart()))),

  http.post(api('checkout/complete'), () => {
    mockBasket.items = [];
    return HttpResponse.json({ complete_order_id: 3001 });
  }),

  http.post(api('checkout/pay'), () => {
    mockBasket.items = [];
    return HttpResponse.json({ complete_order_id: 3002 });
  }),

  http.get(api('foh/customers'), ({ request }) => {
    const q = (new URL(request.url).searchParams.get('q') ?? '').toLowerCase();
    return HttpResponse.json({
      data: mockCustomers.filter((customer) =>
        `${customer.first_name} ${customer.last_name} ${customer.email} ${customer.reference}`
          .toLowerCase()
          .includes(q),
      ),
    });
  }),

  http.get(api('my-account/orders/:orderId'), ({ params }) =>
    HttpResponse.json({ data: mockOrder(Number(params.orderId)) }),
  ),
];
