import { formatMoney } from '@leisure/contract/money';
import {
  type CreditEntry,
  type IssueCreditRequest,
  type IssuePenaltyRequest,
  type OrderSummary,
  type OrdersPage,
  type OrdersQuery,
  ordersPerPage,
  type Penalty,
  type PenaltyType,
  penaltyTypeLabels,
  zIssueCreditRequest,
  zIssuePenaltyRequest,
} from '@leisure/contract/payments';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError, type FieldErrors } from '../../errors';
import { type BasketLineKind, holdsPlaces, lineIs, paysAFee } from '../../lib/basket-line-kinds';
import { localDateOf, localDayBounds, localTimeOf } from '../../lib/dates';
import { EncodedJson } from '../../lib/encoded-json';
import { defaultZone, orderReferenceOf, ukDate, ukDateOf } from '../../lib/order-formats';
import { VersionedAnswers } from '../../lib/versioned-answers';
import { recordIssuedCredit } from '../credit/credit-history';
import { getCurrentClient } from '../operator/operator.service';
import { recordPenalty, venueOfClient } from '../penalties/penalties.service';
import { requireAccess } from '../session/access';
import type { Auth } from '../session/session';
import {
  countOrders,
  findBookingOfUser,
  findClientCurrency,
  findCustomerOfClient,
  findMembershipOfUser,
  findOrderByUuid,
  listOrderLines,
  listOrdersWithTenders,
  listOrderTenders,
  type OrderLineRow,
  type OrderRow,
  orderListVersion,
} from './payments.repository';
import { drawReceipt } from './receipt';

/**
 * The customer's orders (the my-account list and receipts) and the staff tools that charge a
 * penalty or add credit (written through penalties/ and credit/). Saved cards are in saved-cards/,
 * penalties in penalties/, the credit history in credit/credit-history.ts.
 */

export { orderReferenceOf };

export interface PaymentsDeps {
  db: Database;
  config: Config;
}

// ---- Orders -------------------------------------------------------------------------------------------

const tenderLabels: Record<string, string> = {
  card: 'Card',
  credit: 'Credit',
  cash: 'Cash',
  'offline-voucher': 'Voucher',
  cheque: 'Cheque',
};

function paymentTypeOf(tenders: { tenderType: string; amount: number }[]): string {
  const used = [
    ...new Set(tenders.filter((t) => t.amount > 0).map((t) => tenderLabels[t.tenderType] ?? t.tenderType)),
  ];
  if (used.length === 0) return 'Free';
  return used.join(' and ');
}

export interface OrderLineView {
  type: string;
  kind: BasketLineKind;
  id: number;
  name: string;
  date: string;
  /** YYYY-MM-DD (venue-local), '' when the line has no date. */
  dateRaw: string;
  startTime: string;
  quantity: number;
  amount: number;
  venueName: string;
}

export function orderLineView(line: OrderLineRow): OrderLineView {
  const base = {
    type: line.cartableType,
    kind: line.cartableType,
    id: line.id,
    quantity: line.quantity,
    amount: line.amount,
    venueName: line.venueName,
  };
  if (lineIs(line, paysAFee)) {
    const label = penaltyTypeLabels[(line.penaltyType ?? 'other') as PenaltyType] ?? 'Fee';
    return {
      ...base,
      name: line.penaltyDescription ? `${label}: ${line.penaltyDescription}` : label,
      date: '',
      dateRaw: '',
      startTime: '',
    };
  }
  if (line.membershipTypeName !== null) {
    return {
      ...base,
      type: 'membership',
      name: line.membershipTypeName,
      date: line.membershipStartDate ? ukDate(line.membershipStartDate) : '',
      dateRaw: line.membershipStartDate ?? '',
      startTime: '',
    };
  }
  const startsAt = line.sessionStartsAt;
  return {
    ...base,
    type: 'activity',
    name: line.bundleName ?? line.activityName ?? line.name,
    date: startsAt ? ukDateOf(startsAt, line.timezone) : '',
    dateRaw: startsAt ? localDateOf(startsAt, line.timezone ?? defaultZone) : '',
    startTime: startsAt ? localTimeOf(startsAt, line.timezone) : '',
  };
}

function parseFilter(query: OrdersQuery): { from: Date | undefined; to: Date | undefined } {
  return {
    from: query.from ? localDayBounds(query.from, defaultZone).from : undefined,
    // `to` is inclusive: everything before the start of the next day.
    to: query.to ? localDayBounds(query.to, defaultZone).to : undefined,
  };
}

/**
 * `GET api/my-account/orders`, encoded. Each process keeps the answers it built per customer and
 * query with the version of what they show (payments.repository orderListVersion, moved by database
 * triggers on any change to an order, its lines and tenders and what they name), and sends one again
 * while the database gives the same version. The version is read on every call, so every replica
 * answers what the database holds now; the order history does not change as time passes.
 */
const orderPages = new VersionedAnswers<EncodedJson>(256);

export async function myOrdersPageJson(
  deps: PaymentsDeps,
  auth: Auth,
  query: OrdersQuery,
  encode: (page: OrdersPage) => string,
  now = new Date(),
): Promise<EncodedJson> {
  const version = await orderListVersion(deps.db, auth.user.id);
  const key = JSON.stringify([auth.user.id, query.page ?? 1, query.from ?? null, query.to ?? null]);
  const kept = orderPages.get(deps.db, key, version, now);
  if (kept !== undefined) return kept;
  // Rows read after the version: a change committed in between moves it on, so the next call builds again.
  const body = new EncodedJson(encode(await listOrdersPage(deps, auth, query)));
  orderPages.set(deps.db, key, { version, body, builtAt: now, validUntil: null });
  return body;
}

/** `GET api/my-account/orders?from&to&page`: the customer's orders, newest first, 20 a page. */
export async function listOrdersPage(
  deps: PaymentsDeps,
  auth: Auth,
  query: OrdersQuery,
): Promise<OrdersPage> {
  const client = await getCurrentClient(deps.db, deps.config);
  const filter = { userId: auth.user.id, clientId: client.id, ...parseFilter(query) };
  let page = query.page ?? 1;
  let { orders: rows, matching } = await listOrdersWithTenders(
    deps.db,
    filter,
    ordersPerPage,
    (page - 1) * ordersPerPage,
  );
  let total = matching ?? 0;
  if (matching === undefined && page > 1) {
    // Past the last page: the last page is answered instead.
    total = await countOrders(deps.db, filter);
    page = Math.max(1, Math.ceil(total / ordersPerPage));
    rows = (await listOrdersWithTenders(deps.db, filter, ordersPerPage, (page - 1) * ordersPerPage)).orders;
  }
  const lastPage = Math.max(1, Math.ceil(total / ordersPerPage));
  const lines = await listOrderLines(
    deps.db,
    rows.map((row) => row.id),
  );
  const data: OrderSummary[] = rows.map((order) => ({
    id: order.id,
    uuid: order.uuid,
    reference: orderReferenceOf(order.id),
    created_at: ukDateOf(order.createdAt),
    ordered_at: order.createdAt.toISOString(),
    total: { raw: order.total, formatted: formatMoney(order.total, order.currency) },
    payment_type: paymentTypeOf(order.tenders),
    items: lines
      .filter((line) => line.orderId === order.id)
      .map((line) => {
        const view = orderLineView(line);
        return {
          type: view.type,
          id: view.id,
          name: view.name,
          date: view.date,
          start_time: view.startTime,
          price: { raw: view.amount, formatted: formatMoney(view.amount, order.currency) },
        };
      }),
  }));
  return { data, meta: { current_page: page, last_page: lastPage, per_page: ordersPerPage, total } };
}

/** The lines of one order the basket views do not describe: those of kinds that hold no places. */
export async function listOtherOrderLines(db: Database, orderId: number): Promise<OrderLineView[]> {
  return (await listOrderLines(db, [orderId]))
    .filter((line) => !lineIs(line, holdsPlaces))
    .map(orderLineView);
}

/** `GET api/my-account/orders/{uuid}/receipt`: the receipt PDF, base64. 404 for anyone else's. */
export async function getReceipt(
  deps: PaymentsDeps,
  auth: Auth,
  uuid: string,
): Promise<{ contents: string; name: string }> {
  const client = await getCurrentClient(deps.db, deps.config);
  const order = requireAccess(auth, await findOrderByUuid(deps.db, uuid));
  const pdf = await receiptPdf(deps.db, client.name, order, auth.user);
  return { contents: pdf.toString('base64'), name: `receipt-${orderReferenceOf(order.id)}.pdf` };
}

async function receiptPdf(
  db: Database,
  operatorName: string,
  order: OrderRow,
  customer: { firstName: string; lastName: string; reference: string | null },
): Promise<Buffer> {
  const lines = await listOrderLines(db, [order.id]);
  const tenders = await listOrderTenders(db, [order.id]);
  return drawReceipt({
    operatorName,
    reference: orderReferenceOf(order.id),
    date: ukDateOf(order.createdAt),
    customer: `${customer.firstName} ${customer.lastName}${customer.reference ? ` (${customer.reference})` : ''}`,
    lines: lines.map((line) => {
      const view = orderLineView(line);
      const when = [view.date, view.startTime].filter(Boolean).join(' ');
      return {
        name: view.name,
        detail: [view.venueName, when].filter(Boolean).join(', '),
        quantity: view.quantity,
        amount: formatMoney(view.amount, order.currency),
      };
    }),
    payments: tenders.map((tender) => ({
      label:
        tender.tenderType === 'card' && tender.cardLast4
          ? `Card (${tender.cardBrand ?? 'card'} ending ${tender.cardLast4})`
          : (tenderLabels[tender.tenderType] ?? tender.tenderType),
      amount: formatMoney(tender.amount, order.currency),
    })),
    total: formatMoney(order.total, order.currency),
  });
}

// ---- Staff --------------------------------------------------------------------------------------------

function parseOrThrow<T>(
  result:
    | { success: true; data: T }
    | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } },
): T {
  if (result.success) return result.data;
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || 'body';
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  throw AppError.validation(errors);
}

/**
 * Adds credit to a customer's balance (a positive ledger row). For the staff endpoint, the seed and
 * the command-line tool. 404 for a user who is not a customer of this operator.
 */
export async function issueCredit(
  db: Database,
  clientId: number,
  customerId: number,
  body: IssueCreditRequest,
  issuedByUserId: number | null = null,
): Promise<CreditEntry> {
  const input = parseOrThrow(zIssueCreditRequest.safeParse(body));
  const client = { id: clientId, currency: (await findClientCurrency(db, clientId)) ?? 'GBP' };
  const deps = { db };
  const customer = await findCustomerOfClient(deps.db, client.id, customerId);
  if (!customer) throw AppError.notFound();
  let venueName: string | null = null;
  if (input.venue_id) {
    const venue = await venueOfClient(deps.db, client.id, input.venue_id);
    if (venue?.id !== input.venue_id) throw AppError.validation({ venue_id: ['No such venue.'] });
    venueName = venue.name;
  }
  return recordIssuedCredit(
    deps.db,
    {
      userId: customer.id,
      type: input.type,
      amount: input.amount,
      reason: input.reason,
      description: input.description ?? null,
      expiresAt: input.expires_at ? new Date(input.expires_at) : null,
      venueId: input.venue_id ?? null,
      issuedByUserId,
    },
    venueName,
    client.currency,
  );
}

/** Charges a customer a penalty (unpaid until paid through the basket). Same callers as `issueCredit`. */
export async function issuePenalty(
  db: Database,
  clientId: number,
  customerId: number,
  body: IssuePenaltyRequest,
  issuedByUserId: number | null = null,
): Promise<Penalty> {
  const input = parseOrThrow(zIssuePenaltyRequest.safeParse(body));
  const client = { id: clientId, currency: (await findClientCurrency(db, clientId)) ?? 'GBP' };
  const deps = { db };
  const customer = await findCustomerOfClient(deps.db, client.id, customerId);
  if (!customer) throw AppError.notFound();
  let venueId = input.venue_id ?? null;
  if (input.booking_id) {
    const booking = await findBookingOfUser(deps.db, input.booking_id, customer.id);
    if (!booking) throw AppError.validation({ booking_id: ["No such booking of this customer's."] });
    venueId = venueId ?? booking.venueId;
  }
  if (input.membership_id) {
    const membership = await findMembershipOfUser(deps.db, input.membership_id, customer.id);
    if (!membership) throw AppError.validation({ membership_id: ["No such membership of this customer's."] });
    venueId = venueId ?? membership.homeVenueId;
  }
  if (venueId !== null) {
    const venue = await venueOfClient(deps.db, client.id, venueId);
    if (venue?.id !== venueId) throw AppError.validation({ venue_id: ['No such venue.'] });
  }
  return recordPenalty(deps.db, {
    clientId: client.id,
    userId: customer.id,
    type: input.type,
    amount: input.amount,
    currency: client.currency,
    venueId,
    bookingId: input.booking_id ?? null,
    membershipId: input.membership_id ?? null,
    description: input.description,
    issuedByUserId,
  });
}

/** `POST api/staff/customers/{userId}/credits` (staff with `credit.issue`, declared on the route). */
export async function issueCreditAsStaff(
  deps: PaymentsDeps,
  auth: Auth,
  customerId: number,
  body: IssueCreditRequest,
): Promise<CreditEntry> {
  const client = await getCurrentClient(deps.db, deps.config);
  return issueCredit(deps.db, client.id, customerId, body, auth.user.id);
}

/** `POST api/staff/customers/{userId}/penalties` (staff with `penalties.issue`, declared on the route). */
export async function issuePenaltyAsStaff(
  deps: PaymentsDeps,
  auth: Auth,
  customerId: number,
  body: IssuePenaltyRequest,
): Promise<Penalty> {
  const client = await getCurrentClient(deps.db, deps.config);
  return issuePenalty(deps.db, client.id, customerId, body, auth.user.id);
}
