import type { CartItem } from '@leisure/contract/cart';
import { formatMoney } from '@leisure/contract/money';
import {
  type CreditEntry,
  type CreditsAdded,
  type IssueCreditRequest,
  type IssuePenaltyRequest,
  type OrderSummary,
  type OrdersPage,
  type OrdersQuery,
  ordersPerPage,
  type Penalty,
  type PenaltyType,
  paymentsMessages,
  penaltyTypeLabels,
  type SavedCard,
  zIssueCreditRequest,
  zIssuePenaltyRequest,
  type zSavedCardUpdateRequest,
} from '@leisure/contract/payments';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError, type FieldErrors } from '../../errors';
import { type BasketLineKind, holdsPlaces, lineIs, paysAFee } from '../../lib/basket-line-kinds';
import { dateAnswer, instantAnswer, localDateOf, localDayBounds, localTimeOf } from '../../lib/dates';
import { EncodedJson } from '../../lib/encoded-json';
import { VersionedAnswers } from '../../lib/versioned-answers';
import { getCurrentClient } from '../operator/operator.service';
import { mayAccess, requireAccess } from '../session/access';
import type { Auth } from '../session/session';
import {
  type CreditDetail,
  countOrders,
  creditTotals,
  deleteSavedCard,
  findBookingOfUser,
  findClientCurrency,
  findCustomerOfClient,
  findMembershipOfUser,
  findOrderByUuid,
  findPenaltyDetail,
  findSavedCardOf,
  findVenueOfClient,
  hasUnpaidPenalties,
  insertCredit,
  insertPenalty,
  insertPenaltyLink,
  listCredits,
  listLinkedPenaltyIds,
  listOrderLines,
  listOrdersWithTenders,
  listOrderTenders,
  listPenaltyLinesOfCart,
  listUnpaidPenalties,
  lockPenalties,
  lockPenaltiesOfLines,
  markPenaltyPaid,
  type NewSavedCardRow,
  type OrderLineRow,
  type OrderRow,
  orderListVersion,
  type PenaltyDetail,
  type PenaltyLine,
  type SavedCardRow,
  setPenaltyLineOrderItem,
  updateSavedCardBilling,
  upsertSavedCard,
} from './payments.repository';
import { drawReceipt } from './receipt';

export type { SavedCardRow };

export interface PaymentsDeps {
  db: Database;
  config: Config;
}

const defaultZone = 'Europe/London';

/** 'YYYY-MM-DD' -> 'DD/MM/YYYY' (joining-and-payments.md 9). */
export function ukDate(localDate: string): string {
  const [year, month, day] = localDate.split('-');
  return `${day}/${month}/${year}`;
}

function ukDateOf(instant: Date, timeZone: string | null = defaultZone): string {
  return ukDate(localDateOf(instant, timeZone ?? defaultZone));
}

export function orderReferenceOf(orderId: number): string {
  return `ORD-${String(orderId).padStart(6, '0')}`;
}

// ---- Penalties ----------------------------------------------------------------------------------------

function describePenalty(detail: PenaltyDetail): Penalty {
  const { penalty } = detail;
  const zone = detail.timezone ?? defaultZone;
  const when = detail.sessionStartsAt ?? penalty.createdAt;
  return {
    id: penalty.id,
    type: penalty.type,
    type_label: penaltyTypeLabels[penalty.type],
    fee_amount: { amount: penalty.amount, formatted: formatMoney(penalty.amount, penalty.currency) },
    cart_type: 'penalty',
    pricing_option_id: null,
    created_at: penalty.createdAt.toISOString(),
    booking: {
      venue: detail.venueName ?? '',
      description: penalty.description,
      date: ukDateOf(when, zone),
      time: detail.sessionStartsAt ? localTimeOf(detail.sessionStartsAt, zone) : '',
    },
  };
}

/** `GET api/my-account/user/penalties`: the signed-in customer's unpaid fees. */
export async function listPenalties(deps: PaymentsDeps, auth: Auth): Promise<Penalty[]> {
  return (await listUnpaidPenalties(deps.db, auth.user.id)).map(describePenalty);
}

/** The auth user's `has_outstanding_penalties`. */
export async function hasOutstandingPenalties(db: Database, userId: number): Promise<boolean> {
  return hasUnpaidPenalties(db, userId);
}

// ---- Penalties in the basket (used by modules/basket and modules/checkout) ----------------------------

export interface PenaltyLinePlan {
  penaltyId: number;
  amount: number;
  venueId: number;
}

/**
 * Locks the penalties a basket add names and checks each is the customer's own, unpaid, and in no
 * basket line yet; answers what the lines are. Runs inside the basket's transaction.
 */
export async function planPenaltyLines(
  tx: Database,
  who: { clientId: number; customerId: number; homeVenueId: number | null },
  items: { index: number; penaltyId: number }[],
): Promise<PenaltyLinePlan[]> {
  const ids = [...new Set(items.map((item) => item.penaltyId))];
  const locked = await lockPenalties(tx, ids);
  const linked = await listLinkedPenaltyIds(tx, ids);
  const fallbackVenue = await findVenueOfClient(tx, who.clientId, who.homeVenueId);
  const errors: FieldErrors = {};
  const plans: PenaltyLinePlan[] = [];
  for (const { index, penaltyId } of items) {
    const penalty = locked.find((row) => row.id === penaltyId);
    const at = `items.${index}.id`;
    if (
      !penalty ||
      !mayAccess({ user: { id: who.customerId, role: 'customer' } }, penalty, { clientId: who.clientId })
    ) {
      errors[at] = [paymentsMessages.penaltyNotPayable];
    } else if (penalty.status !== 'unpaid') {
      errors[at] = [paymentsMessages.penaltyNotPayable];
    } else if (linked.includes(penaltyId) || plans.some((plan) => plan.penaltyId === penaltyId)) {
      errors[at] = [paymentsMessages.penaltyInBasket];
    } else {
      const venueId = penalty.venueId ?? fallbackVenue?.id;
      if (venueId === undefined) errors[at] = [paymentsMessages.penaltyNotPayable];
      else plans.push({ penaltyId, amount: penalty.amount, venueId });
    }
  }
  if (Object.keys(errors).length > 0) throw AppError.validation(errors);
  return plans;
}

/** Records which basket line pays a penalty (the unique penalty id keeps it to one line). */
export async function linkPenaltyLine(tx: Database, cartItemId: number, penaltyId: number): Promise<void> {
  await insertPenaltyLink(tx, cartItemId, penaltyId);
}

/** The basket's penalty lines as the basket shows them. */
export async function penaltyCartItems(db: Database, cartId: number, currency: string): Promise<CartItem[]> {
  const lines = await listPenaltyLinesOfCart(db, cartId);
  return lines.map((line) => penaltyCartItemOf(line, currency));
}

function penaltyCartItemOf(line: PenaltyLine, currency: string): CartItem {
  const { penalty } = line;
  const zone = line.timezone ?? defaultZone;
  const when = line.sessionStartsAt ?? penalty.createdAt;
  const date = localDateOf(when, zone);
  return {
    id: line.cartItemId,
    name: penaltyTypeLabels[penalty.type],
    price: {
      formatted: formatMoney(line.amount, currency),
      decimal: (line.amount / 100).toFixed(2),
      raw: line.amount,
      benefit_applied: false,
      package_applied: false,
    },
    quantity: 1,
    cartable_type: 'penalty',
    cartable_id: penalty.id,
    cartable_resource: {
      name: penalty.description,
      venue_name: line.venueName ?? '',
      venue_slug: '',
      activity_slug: '',
      starts_at: instantAnswer(when, zone),
      ends_at: instantAnswer(when, zone),
      date: dateAnswer(date),
      date_raw: date,
      time: line.sessionStartsAt ? localTimeOf(line.sessionStartsAt, zone) : '',
      duration: '',
      location: { id: '', name: line.venueName ?? '', type: 'venue', slug: '', venue_id: 0, venue_slug: '' },
      occurrence_id: null,
      instructor: null,
      new_membership: null,
    },
    child_items: [],
    membership_user_id: null,
    purchased_for_user_id: line.purchasedForUserId,
    pricing_option_id: 0,
    needs_waiver: false,
    hold_expires_at: new Date(0).toISOString(),
    from_waitlist: false,
  };
}

/** Checkout's check before it charges: every penalty line still pays an unpaid penalty (422 if not). */
export async function assertPenaltyLinesPayable(tx: Database, cartItemIds: number[]): Promise<void> {
  const rows = await lockPenaltiesOfLines(tx, cartItemIds);
  if (rows.length !== cartItemIds.length || rows.some((row) => row.penalty.status !== 'unpaid')) {
    throw AppError.validation({ items: [paymentsMessages.penaltyNotPayable] });
  }
}

/**
 * Marks the penalties of an order's lines paid, in the order's transaction. A conditional update:
 * a penalty already paid (another order, staff) makes the whole checkout roll back with 409.
 */
export async function payPenaltyLines(
  tx: Database,
  orderId: number,
  lines: { cartItemId: number; orderItemId: number }[],
  now: Date,
): Promise<void> {
  if (lines.length === 0) return;
  const rows = await lockPenaltiesOfLines(
    tx,
    lines.map((line) => line.cartItemId),
  );
  if (rows.length !== lines.length) throw new AppError('conflict', paymentsMessages.penaltyNotPayable);
  for (const row of rows) {
    if (!(await markPenaltyPaid(tx, row.penalty.id, orderId, now))) {
      throw new AppError('conflict', paymentsMessages.penaltyNotPayable);
    }
    const line = lines.find((l) => l.cartItemId === row.cartItemId);
    if (line) await setPenaltyLineOrderItem(tx, line.cartItemId, line.orderItemId);
  }
}

// ---- Credit -------------------------------------------------------------------------------------------

function describeCredit(detail: CreditDetail, currency: string): CreditEntry {
  const { credit } = detail;
  const added = credit.amount > 0;
  return {
    id: credit.id,
    type: credit.type,
    value: {
      raw: Math.abs(credit.amount),
      formatted: formatMoney(Math.abs(credit.amount), currency),
      currency,
    },
    added_at: added ? credit.createdAt.toISOString() : null,
    spent_at: added ? null : credit.createdAt.toISOString(),
    expires_at: credit.expiresAt ? credit.expiresAt.toISOString() : null,
    related_item: credit.orderId === null ? null : orderReferenceOf(credit.orderId),
    spent_at_location: added ? null : detail.venueName,
    reason: credit.reason,
    description: credit.description ?? (added && detail.venueName ? `Added at ${detail.venueName}` : null),
  };
}

/** `GET api/credits/user`: credit added, with the general and membership balances. */
export async function listCreditsAdded(deps: PaymentsDeps, auth: Auth): Promise<CreditsAdded> {
  const client = await getCurrentClient(deps.db, deps.config);
  const totals = await creditTotals(deps.db, auth.user.id);
  const rows = await listCredits(deps.db, auth.user.id, 'added');
  return {
    balances: {
      general: {
        total_available: totals.general,
        formatted: formatMoney(totals.general, client.currency),
        currency: client.currency,
      },
      membership: {
        total_available: totals.membership,
        raw: totals.membership,
        formatted: formatMoney(totals.membership, client.currency),
      },
    },
    credits: rows.map((row) => describeCredit(row, client.currency)),
  };
}

/** `GET api/credits/user/credit-transactions`: credit spent. */
export async function listCreditsSpent(deps: PaymentsDeps, auth: Auth): Promise<CreditEntry[]> {
  const client = await getCurrentClient(deps.db, deps.config);
  const rows = await listCredits(deps.db, auth.user.id, 'spent');
  return rows.map((row) => describeCredit(row, client.currency));
}

// ---- Saved card ---------------------------------------------------------------------------------------

function describeCard(card: SavedCardRow, now: Date): SavedCard {
  // A card works to the end of its expiry month.
  const expired = Date.UTC(card.expiryYear, card.expiryMonth, 1) <= now.getTime();
  return {
    id: card.id,
    brand: card.brand,
    card_holder_name: `${card.billing.firstName} ${card.billing.lastName}`.trim(),
    last_four_digits: card.last4,
    expiry_date: `${String(card.expiryMonth).padStart(2, '0')}/${String(card.expiryYear % 100).padStart(2, '0')}`,
    recently_expired: expired,
    first_name: card.billing.firstName,
    last_name: card.billing.lastName,
    address_line_1: card.billing.addressLine1,
    address_line_2: card.billing.addressLine2 ?? '',
    city: card.billing.town,
    post_code: card.billing.postcode,
  };
}

/** `GET api/my-account/saved-cards`: the customer's saved card (none or one). */
export async function listSavedCards(deps: PaymentsDeps, auth: Auth): Promise<SavedCard[]> {
  const card = await findSavedCardOf(deps.db, auth.user.id);
  return card ? [describeCard(card, new Date())] : [];
}

/** `PUT api/my-account/saved-cards/{id}/update`: replaces the billing details only. */
export async function updateSavedCard(
  deps: PaymentsDeps,
  auth: Auth,
  cardId: number,
  input: z.output<typeof zSavedCardUpdateRequest>,
): Promise<SavedCard> {
  const updated = await updateSavedCardBilling(deps.db, cardId, auth.user.id, {
    firstName: input.first_name,
    lastName: input.last_name,
    addressLine1: input.address_line_1,
    addressLine2: input.address_line_2 ?? '',
    town: input.city,
    postcode: input.post_code,
  });
  if (!updated) throw AppError.notFound();
  return describeCard(updated, new Date());
}

/** `DELETE api/my-account/saved-cards/{id}/remove`. */
export async function removeSavedCard(deps: PaymentsDeps, auth: Auth, cardId: number): Promise<void> {
  if (!(await deleteSavedCard(deps.db, cardId, auth.user.id))) throw AppError.notFound();
}

/** The customer's saved card, for checkout: its token pays, its billing is shown. */
export async function savedCardOf(db: Database, userId: number): Promise<SavedCardRow | undefined> {
  return findSavedCardOf(db, userId);
}

/** Saves the card a checkout paid with, inside the order's transaction, replacing the one saved before. */
export async function saveCard(tx: Database, card: NewSavedCardRow): Promise<void> {
  await upsertSavedCard(tx, card);
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
  const order = requireAccess(auth, await findOrderByUuid(deps.db, uuid), { clientId: client.id });
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

function assertStaff(auth: Auth): void {
  if (auth.user.role !== 'staff') throw new AppError('forbidden');
}

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
    const venue = await findVenueOfClient(deps.db, client.id, input.venue_id);
    if (venue?.id !== input.venue_id) throw AppError.validation({ venue_id: ['No such venue.'] });
    venueName = venue.name;
  }
  const row = await insertCredit(deps.db, {
    userId: customer.id,
    type: input.type,
    amount: input.amount,
    reason: input.reason,
    description: input.description ?? null,
    expiresAt: input.expires_at ? new Date(input.expires_at) : null,
    venueId: input.venue_id ?? null,
    issuedByUserId,
  });
  return describeCredit({ credit: row, venueName }, client.currency);
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
    const venue = await findVenueOfClient(deps.db, client.id, venueId);
    if (venue?.id !== venueId) throw AppError.validation({ venue_id: ['No such venue.'] });
  }
  const row = await insertPenalty(deps.db, {
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
  const detail = await findPenaltyDetail(deps.db, row.id);
  if (!detail) throw new Error('penalty not found after insert');
  return describePenalty(detail);
}

/** `POST api/staff/customers/{userId}/credits`: staff only (403 for customers). */
export async function issueCreditAsStaff(
  deps: PaymentsDeps,
  auth: Auth,
  customerId: number,
  body: IssueCreditRequest,
): Promise<CreditEntry> {
  assertStaff(auth);
  const client = await getCurrentClient(deps.db, deps.config);
  return issueCredit(deps.db, client.id, customerId, body, auth.user.id);
}

/** `POST api/staff/customers/{userId}/penalties`: staff only (403 for customers). */
export async function issuePenaltyAsStaff(
  deps: PaymentsDeps,
  auth: Auth,
  customerId: number,
  body: IssuePenaltyRequest,
): Promise<Penalty> {
  assertStaff(auth);
  const client = await getCurrentClient(deps.db, deps.config);
  return issuePenalty(deps.db, client.id, customerId, body, auth.user.id);
}
