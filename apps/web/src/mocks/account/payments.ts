import type { CartItem } from '@leisure/contract/cart';
import type { Order } from '@leisure/contract/checkout';
import {
  type CreditEntry,
  type CreditsAdded,
  type OrderSummary,
  type OrdersPage,
  ordersPerPage,
  type Penalty,
  type PenaltyType,
  paymentsMessages,
  penaltyTypeLabels,
  type SavedCard,
  zOrdersQuery,
  zSavedCardUpdateRequest,
} from '@leisure/contract/payments';
import { HttpResponse, http } from 'msw';
import { mockBasket, mockCart, mockCourtItem, mockOrder, mockSavedCard } from '../basket-handlers';
import { mockUser } from '../fixtures';
import { mockDate, mockInstant } from '../wire-dates';
import {
  api,
  clock,
  dayFromToday,
  formatMoney,
  harrogate,
  hasSession,
  isoDate,
  leeds,
  localDateTime,
  notFound,
  ukDate,
  unauthenticated,
  york,
} from './shared';

/**
 * The payments area (joining-and-payments.md "Payments summary" to "Order history", 7): unpaid fees,
 * credit added and spent, the saved card, order history with a from/to filter, an order and its
 * receipt (a small real PDF, base64).
 */

function penalty(
  id: number,
  type: PenaltyType,
  amount: number,
  daysAgo: number,
  booking: { venue: string; description: string },
): Penalty {
  const when = dayFromToday(-daysAgo, 18);
  return {
    id,
    type,
    type_label: penaltyTypeLabels[type],
    fee_amount: { amount, formatted: formatMoney(amount) },
    cart_type: 'penalty',
    pricing_option_id: null,
    created_at: when.toISOString(),
    booking: { ...booking, date: ukDate(when), time: '18:00' },
  };
}

/** The member's unpaid fees; the memberships mock lists the same ones as debts. */
export function mockPenalties(): Penalty[] {
  return [
    penalty(1, 'late_cancellation', 500, 12, { venue: leeds.name, description: 'Spin Express' }),
    penalty(2, 'no_show', 750, 9, { venue: york.name, description: 'Yoga Flow' }),
  ];
}

function creditEntry(id: number, raw: number, overrides: Partial<CreditEntry>): CreditEntry {
  return {
    id,
    type: 'general',
    value: { raw, formatted: formatMoney(raw), currency: 'GBP' },
    added_at: null,
    spent_at: null,
    expires_at: null,
    related_item: null,
    spent_at_location: null,
    reason: 'Cancelled booking',
    description: null,
    ...overrides,
  };
}

function initialCreditsAdded(): CreditEntry[] {
  return [
    creditEntry(11, 750, {
      added_at: dayFromToday(-15, 12).toISOString(),
      expires_at: dayFromToday(165, 12).toISOString(),
      related_item: 'ORD-004003',
      reason: 'Cancelled booking',
      description: 'Credit for the cancelled Body Pump class',
    }),
    creditEntry(12, 1000, {
      added_at: dayFromToday(-40, 9).toISOString(),
      expires_at: dayFromToday(140, 9).toISOString(),
      reason: 'Goodwill',
      description: 'Sorry the pool was closed for maintenance',
    }),
    creditEntry(13, 2000, {
      type: 'membership',
      added_at: dayFromToday(-30, 9).toISOString(),
      reason: 'Membership credit',
      description: 'Monthly class credit of your Anytime Gym membership',
    }),
  ];
}

function initialCreditsSpent(): CreditEntry[] {
  return [
    creditEntry(21, 500, {
      spent_at: dayFromToday(-10, 17).toISOString(),
      related_item: 'ORD-004002',
      spent_at_location: leeds.name,
      reason: 'Booking payment',
      description: 'Badminton 40min',
    }),
  ];
}

function initialCard(): SavedCard {
  return {
    id: 31,
    brand: mockSavedCard.brand,
    card_holder_name: `${mockSavedCard.billing.first_name} ${mockSavedCard.billing.last_name}`,
    last_four_digits: mockSavedCard.last4,
    expiry_date: `${String(mockSavedCard.expiry_month).padStart(2, '0')}/${String(mockSavedCard.expiry_year).slice(-2)}`,
    recently_expired: false,
    first_name: mockSavedCard.billing.first_name,
    last_name: mockSavedCard.billing.last_name,
    address_line_1: mockSavedCard.billing.address_line_1,
    address_line_2: '',
    city: mockSavedCard.billing.town,
    post_code: mockSavedCard.billing.postcode,
  };
}

const orderItems = [
  { name: 'Badminton 40min', type: 'activity', price: 592, venue: leeds.name },
  { name: 'Body Pump', type: 'activity', price: 750, venue: leeds.name },
  { name: 'Squash 45min', type: 'activity', price: 840, venue: york.name },
  { name: 'Aqua Fit', type: 'activity', price: 620, venue: harrogate.name },
  { name: 'Late cancellation fee', type: 'penalty', price: 500, venue: leeds.name },
];

/** 26 orders, one every nine days back from today, so the history has two pages and a date filter bites. */
function orderHistory(): OrderSummary[] {
  return Array.from({ length: 26 }, (_, index) => {
    const id = 4001 + index;
    const ordered = dayFromToday(-(26 - index) * 9 + 2, 10, 15);
    const session = dayFromToday(-(26 - index) * 9 + 4, 18);
    const item = orderItems[index % orderItems.length] ?? orderItems[0];
    const price = item?.price ?? 592;
    const isMembership = index === 0;
    return {
      id,
      uuid: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
      reference: `ORD-${String(id).padStart(6, '0')}`,
      created_at: ukDate(ordered),
      ordered_at: ordered.toISOString(),
      total: { raw: isMembership ? 3000 : price, formatted: formatMoney(isMembership ? 3000 : price) },
      payment_type: index % 5 === 2 ? 'Card and credit' : index % 7 === 3 ? 'Credit' : 'Card',
      items: [
        isMembership
          ? {
              type: 'membership',
              id: 41,
              name: 'Anytime Gym',
              date: ukDate(ordered),
              start_time: '',
              price: { raw: 3000, formatted: formatMoney(3000) },
            }
          : {
              type: item?.type ?? 'activity',
              id: id * 10,
              name: item?.name ?? 'Badminton 40min',
              date: ukDate(session),
              start_time: item?.type === 'penalty' ? '' : '18:00',
              price: { raw: price, formatted: formatMoney(price) },
            },
      ],
    };
  }).reverse();
}

function freshState() {
  return {
    penalties: mockPenalties(),
    added: initialCreditsAdded(),
    spent: initialCreditsSpent(),
    cards: [initialCard()],
    orders: orderHistory(),
    nextCreditId: 100,
  };
}

let state = freshState();

export function resetPaymentsMock(): void {
  state = freshState();
}

/** A cancellation elsewhere in the mock gives booking credit: it shows under Credit added. */
export function recordCreditAdded(raw: number, description: string): void {
  if (raw <= 0) return;
  state.added = [
    creditEntry(state.nextCreditId, raw, {
      added_at: new Date().toISOString(),
      expires_at: dayFromToday(180).toISOString(),
      reason: 'Cancelled booking',
      description,
    }),
    ...state.added,
  ];
  state.nextCreditId += 1;
}

let nextBasketLine = 950;

/**
 * Puts unpaid fees in the checkout mock's basket as `penalty` lines (the fees table and the debt
 * case of cancelling a membership both pay this way). Answers the first refusal, or null.
 */
export function addPenaltiesToMockBasket(ids: number[]): string | null {
  for (const id of ids) {
    if (!state.penalties.some((candidate) => candidate.id === id)) return paymentsMessages.penaltyNotPayable;
  }
  for (const id of ids) {
    const penalty = state.penalties.find((candidate) => candidate.id === id);
    const inBasket = mockBasket.items.some(
      (item) => item.cartable_type === 'penalty' && item.cartable_id === id,
    );
    if (!penalty || inBasket) continue;
    nextBasketLine += 1;
    const line: CartItem = mockCourtItem({
      id: nextBasketLine,
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
    mockBasket.items = [...mockBasket.items, line];
  }
  return null;
}

function creditsAdded(): CreditsAdded {
  const sum = (type: CreditEntry['type']) =>
    state.added.filter((entry) => entry.type === type).reduce((total, entry) => total + entry.value.raw, 0);
  const general = Math.max(
    0,
    sum('general') - state.spent.reduce((total, entry) => total + entry.value.raw, 0),
  );
  const membership = sum('membership');
  return {
    balances: {
      general: { total_available: general, formatted: formatMoney(general), currency: 'GBP' },
      membership: { total_available: membership, raw: membership, formatted: formatMoney(membership) },
    },
    credits: state.added,
  };
}

/** The line's session, from the summary's 'DD/MM/YYYY' and 'HH:mm' (the checkout mock's otherwise). */
function resourceOf(
  template: Order['items'][number]['cartable_resource'],
  item: OrderSummary['items'][number],
) {
  const [day, month, year] = item.date.split('/').map(Number);
  const [hour, minute] = (item.start_time || '00:00').split(':').map(Number);
  if (!day || !month || !year) return { ...template, name: item.name };
  const start = new Date(Date.UTC(year, month - 1, day, hour ?? 0, minute ?? 0));
  const end = new Date(start.getTime() + 45 * 60_000);
  const venue = orderItems.find((candidate) => candidate.name === item.name)?.venue ?? template.venue_name;
  return {
    ...template,
    name: item.name,
    venue_name: venue,
    starts_at: mockInstant(localDateTime(start)),
    ends_at: mockInstant(localDateTime(end)),
    date: mockDate(isoDate(start)),
    date_raw: isoDate(start),
    time: item.start_time ? `${clock(start)} - ${clock(end)}` : '',
    duration: item.start_time ? '45min' : '',
  };
}

/** The order page: the summary's lines as order items (the rest as the checkout mock's order). */
function orderDetail(id: number): Order {
  const base = mockOrder(id);
  const summary = state.orders.find((order) => order.id === id);
  if (!summary) return { ...base, user_id: mockUser.id };
  const [template] = base.items;
  return {
    ...base,
    reference: summary.reference,
    uuid: summary.uuid,
    user_id: mockUser.id,
    total: summary.total.raw,
    formatted_total: summary.total.formatted,
    created_at: summary.ordered_at,
    items: template
      ? summary.items.map((item, index) => ({
          ...template,
          id: index + 1,
          name: item.name,
          cartable_type: item.type === 'membership' || item.type === 'penalty' ? item.type : 'activity',
          price: {
            formatted: item.price.formatted,
            decimal: (item.price.raw / 100).toFixed(2),
            raw: item.price.raw,
            benefit_applied: false,
            package_applied: false,
          },
          cartable_resource: resourceOf(template.cartable_resource, item),
          booking_ids: item.type === 'activity' ? [item.id] : [],
        }))
      : [],
    payments: base.payments.map((payment) => ({
      ...payment,
      amount: summary.total.raw,
      formatted_amount: summary.total.formatted,
    })),
  };
}

/** A one-page PDF saying the order's reference and total (ASCII only, offsets counted). */
function receiptPdf(reference: string, total: string, date: string): string {
  const text = `Receipt ${reference} - ${date} - Total ${total.replace('£', 'GBP ')}`;
  const stream = `BT /F1 14 Tf 72 760 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return btoa(pdf);
}

export const paymentsHandlers = [
  http.get(api('my-account/user/penalties'), () =>
    hasSession() ? HttpResponse.json({ data: state.penalties }) : unauthenticated(),
  ),

  // Only fees: any other basket add falls through to the activities mock (the body is read from a clone).
  http.post(api('activities/cart/add'), async ({ request }) => {
    const body = (await request.clone().json()) as { items?: { id?: number; type?: string }[] };
    const items = body.items ?? [];
    if (items.length === 0 || items.some((item) => item.type !== 'penalty')) return undefined;
    if (!hasSession()) return unauthenticated();
    const refusal = addPenaltiesToMockBasket(items.map((item) => Number(item.id)));
    if (refusal)
      return HttpResponse.json({ message: refusal, errors: { items: [refusal] } }, { status: 422 });
    return HttpResponse.json({ data: mockCart(mockBasket.items) });
  }),

  http.get(api('credits/user'), () =>
    hasSession() ? HttpResponse.json({ data: creditsAdded() }) : unauthenticated(),
  ),

  http.get(api('credits/user/credit-transactions'), () =>
    hasSession() ? HttpResponse.json({ data: state.spent }) : unauthenticated(),
  ),

  http.get(api('my-account/saved-cards'), () =>
    hasSession() ? HttpResponse.json({ data: state.cards }) : unauthenticated(),
  ),

  http.put(api('my-account/saved-cards/:id/update'), async ({ params, request }) => {
    if (!hasSession()) return unauthenticated();
    const card = state.cards.find((candidate) => candidate.id === Number(params.id));
    if (!card) return notFound();
    const parsed = zSavedCardUpdateRequest.safeParse(await request.json());
    if (!parsed.success) {
      const errors: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'body');
        errors[field] = [...(errors[field] ?? []), issue.message];
      }
      return HttpResponse.json(
        { message: Object.values(errors)[0]?.[0] ?? 'The given data was invalid.', errors },
        { status: 422 },
      );
    }
    const updated: SavedCard = { ...card, ...parsed.data, address_line_2: parsed.data.address_line_2 ?? '' };
    state.cards = state.cards.map((candidate) => (candidate === card ? updated : candidate));
    return HttpResponse.json({ data: updated });
  }),

  http.delete(api('my-account/saved-cards/:id/remove'), ({ params }) => {
    if (!hasSession()) return unauthenticated();
    if (!state.cards.some((card) => card.id === Number(params.id))) return notFound();
    state.cards = state.cards.filter((card) => card.id !== Number(params.id));
    return HttpResponse.json({ message: 'Card deleted successfully' });
  }),

  http.get(api('my-account/orders'), ({ request }) => {
    if (!hasSession()) return unauthenticated();
    const parsed = zOrdersQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = String(issue?.path[0] ?? 'from');
      const message = issue?.message ?? paymentsMessages.date;
      return HttpResponse.json({ message, errors: { [field]: [message] } }, { status: 422 });
    }
    const { from, to, page = 1 } = parsed.data;
    // ordered_at is UTC in the mock, so its first ten characters are the order's day.
    const matching = state.orders.filter((order) => {
      const day = order.ordered_at.slice(0, 10);
      return (!from || day >= from) && (!to || day <= to);
    });
    const answer: OrdersPage = {
      data: matching.slice((page - 1) * ordersPerPage, page * ordersPerPage),
      meta: {
        current_page: page,
        last_page: Math.max(1, Math.ceil(matching.length / ordersPerPage)),
        per_page: ordersPerPage,
        total: matching.length,
      },
    };
    return HttpResponse.json(answer);
  }),

  http.get(api('my-account/orders/:uuid/receipt'), ({ params }) => {
    if (!hasSession()) return unauthenticated();
    const order = state.orders.find((candidate) => candidate.uuid === params.uuid);
    if (!order) return notFound();
    return HttpResponse.json({
      data: {
        contents: receiptPdf(order.reference, order.total.formatted, order.created_at),
        name: `receipt-${order.reference}.pdf`,
      },
    });
  }),

  // Before the checkout mock's order call, so the history's orders open with their own lines.
  http.get(api('my-account/orders/:orderId'), ({ params }) => {
    const id = Number(params.orderId);
    if (!Number.isInteger(id) || id <= 0) return notFound();
    return HttpResponse.json({ data: orderDetail(id) });
  }),
];
