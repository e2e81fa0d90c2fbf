import { and, asc, count, desc, eq, gt, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { readListVersion } from '../../db/list-versions';
import { preparedPerDatabase } from '../../db/prepared';
import {
  activities,
  bookings,
  type CardBilling,
  cartItems,
  clients,
  courseBundles,
  creditTransactions,
  memberships,
  membershipTypes,
  occurrences,
  orderItems,
  orders,
  payments,
  penalties,
  penaltyCartLines,
  savedCards,
  users,
  venues,
} from '../../db/schema';
import { type BasketLineKind, kindsWhere, paysAFee } from '../../lib/basket-line-kinds';

export type PenaltyRow = typeof penalties.$inferSelect;
export type SavedCardRow = typeof savedCards.$inferSelect;
export type NewSavedCardRow = typeof savedCards.$inferInsert;
export type CreditRow = typeof creditTransactions.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type UserRow = typeof users.$inferSelect;

// ---- Penalties ----------------------------------------------------------------------------------------

export interface PenaltyDetail {
  penalty: PenaltyRow;
  venueName: string | null;
  timezone: string | null;
  sessionStartsAt: Date | null;
}

const penaltyDetailColumns = {
  penalty: penalties,
  venueName: venues.name,
  timezone: venues.timezone,
  sessionStartsAt: occurrences.startsAt,
};

/** A customer's unpaid penalties, oldest first, with the venue and the booked session. */
export async function listUnpaidPenalties(db: Database, userId: number): Promise<PenaltyDetail[]> {
  return db
    .select(penaltyDetailColumns)
    .from(penalties)
    .leftJoin(venues, eq(venues.id, penalties.venueId))
    .leftJoin(bookings, eq(bookings.id, penalties.bookingId))
    .leftJoin(occurrences, eq(occurrences.id, bookings.occurrenceId))
    .where(and(eq(penalties.userId, userId), eq(penalties.status, 'unpaid')))
    .orderBy(asc(penalties.createdAt), asc(penalties.id));
}

export async function findPenaltyDetail(db: Database, penaltyId: number): Promise<PenaltyDetail | undefined> {
  const [row] = await db
    .select(penaltyDetailColumns)
    .from(penalties)
    .leftJoin(venues, eq(venues.id, penalties.venueId))
    .leftJoin(bookings, eq(bookings.id, penalties.bookingId))
    .leftJoin(occurrences, eq(occurrences.id, bookings.occurrenceId))
    .where(eq(penalties.id, penaltyId));
  return row;
}

// Prepared: GET auth/user asks on every dashboard load.
const unpaidPenaltyStatement = preparedPerDatabase((db) =>
  db
    .select({ id: penalties.id })
    .from(penalties)
    .where(and(eq(penalties.userId, sql.placeholder('userId')), eq(penalties.status, 'unpaid')))
    .limit(1)
    .prepare('has_unpaid_penalties'),
);

export async function hasUnpaidPenalties(db: Database, userId: number): Promise<boolean> {
  const [row] = await unpaidPenaltyStatement(db).execute({ userId });
  return row !== undefined;
}

/** The penalties, locked until the transaction ends (id order, as every writer locks them). */
export async function lockPenalties(db: Database, ids: number[]): Promise<PenaltyRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(penalties)
    .where(inArray(penalties.id, ids))
    .orderBy(asc(penalties.id))
    .for('update');
}

/** Which of these penalties already sit in a basket line. */
export async function listLinkedPenaltyIds(db: Database, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ penaltyId: penaltyCartLines.penaltyId })
    .from(penaltyCartLines)
    .where(inArray(penaltyCartLines.penaltyId, ids));
  return rows.map((row) => row.penaltyId);
}

export async function insertPenaltyLink(db: Database, cartItemId: number, penaltyId: number): Promise<void> {
  await db.insert(penaltyCartLines).values({ cartItemId, penaltyId });
}

export interface PenaltyLine extends PenaltyDetail {
  cartItemId: number;
  amount: number;
  purchasedForUserId: number;
}

/** The basket's penalty lines with the penalty each pays. */
export async function listPenaltyLinesOfCart(db: Database, cartId: number): Promise<PenaltyLine[]> {
  return db
    .select({
      ...penaltyDetailColumns,
      cartItemId: cartItems.id,
      amount: cartItems.amount,
      purchasedForUserId: cartItems.purchasedForUserId,
    })
    .from(cartItems)
    .innerJoin(penaltyCartLines, eq(penaltyCartLines.cartItemId, cartItems.id))
    .innerJoin(penalties, eq(penalties.id, penaltyCartLines.penaltyId))
    .leftJoin(venues, eq(venues.id, penalties.venueId))
    .leftJoin(bookings, eq(bookings.id, penalties.bookingId))
    .leftJoin(occurrences, eq(occurrences.id, bookings.occurrenceId))
    .where(and(eq(cartItems.cartId, cartId), inArray(cartItems.cartableType, kindsWhere(paysAFee))))
    .orderBy(asc(cartItems.id));
}

/** The penalties these basket lines pay, locked. */
export async function lockPenaltiesOfLines(
  db: Database,
  cartItemIds: number[],
): Promise<{ cartItemId: number; penalty: PenaltyRow }[]> {
  if (cartItemIds.length === 0) return [];
  return db
    .select({ cartItemId: penaltyCartLines.cartItemId, penalty: penalties })
    .from(penaltyCartLines)
    .innerJoin(penalties, eq(penalties.id, penaltyCartLines.penaltyId))
    .where(inArray(penaltyCartLines.cartItemId, cartItemIds))
    .orderBy(asc(penalties.id))
    .for('update', { of: penalties });
}

/** Marks a penalty paid by an order, only if it is still unpaid: answers whether it changed. */
export async function markPenaltyPaid(
  db: Database,
  penaltyId: number,
  orderId: number,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(penalties)
    .set({ status: 'paid', orderId, paidAt: now })
    .where(and(eq(penalties.id, penaltyId), eq(penalties.status, 'unpaid')))
    .returning({ id: penalties.id });
  return rows.length === 1;
}

export async function setPenaltyLineOrderItem(
  db: Database,
  cartItemId: number,
  orderItemId: number,
): Promise<void> {
  await db.update(penaltyCartLines).set({ orderItemId }).where(eq(penaltyCartLines.cartItemId, cartItemId));
}

export async function insertPenalty(
  db: Database,
  values: typeof penalties.$inferInsert,
): Promise<PenaltyRow> {
  const [row] = await db.insert(penalties).values(values).returning();
  if (!row) throw new Error('penalty insert returned no row');
  return row;
}

// ---- Credit -------------------------------------------------------------------------------------------

export interface CreditDetail {
  credit: CreditRow;
  venueName: string | null;
}

/** Credit added (positive rows) or spent (negative rows), newest first. */
export async function listCredits(
  db: Database,
  userId: number,
  direction: 'added' | 'spent',
): Promise<CreditDetail[]> {
  return db
    .select({ credit: creditTransactions, venueName: venues.name })
    .from(creditTransactions)
    .leftJoin(venues, eq(venues.id, creditTransactions.venueId))
    .where(
      and(
        eq(creditTransactions.userId, userId),
        direction === 'added' ? gt(creditTransactions.amount, 0) : lt(creditTransactions.amount, 0),
      ),
    )
    .orderBy(desc(creditTransactions.createdAt), desc(creditTransactions.id))
    .limit(500);
}

export async function creditTotals(
  db: Database,
  userId: number,
): Promise<{ general: number; membership: number }> {
  const rows = await db
    .select({
      type: creditTransactions.type,
      total: sql<number>`coalesce(sum(${creditTransactions.amount}), 0)::int`.mapWith(Number),
    })
    .from(creditTransactions)
    .where(eq(creditTransactions.userId, userId))
    .groupBy(creditTransactions.type);
  return {
    general: rows.find((row) => row.type === 'general')?.total ?? 0,
    membership: rows.find((row) => row.type === 'membership')?.total ?? 0,
  };
}

export async function insertCredit(
  db: Database,
  values: typeof creditTransactions.$inferInsert,
): Promise<CreditRow> {
  const [row] = await db.insert(creditTransactions).values(values).returning();
  if (!row) throw new Error('credit insert returned no row');
  return row;
}

// ---- Saved card ---------------------------------------------------------------------------------------

export async function findSavedCardOf(db: Database, userId: number): Promise<SavedCardRow | undefined> {
  const [row] = await db.select().from(savedCards).where(eq(savedCards.userId, userId)).limit(1);
  return row;
}

/** Saves the customer's card, replacing the one saved before. */
export async function upsertSavedCard(db: Database, values: NewSavedCardRow): Promise<void> {
  const { userId: _userId, ...update } = values;
  await db
    .insert(savedCards)
    .values(values)
    .onConflictDoUpdate({ target: savedCards.userId, set: { ...update, updatedAt: new Date() } });
}

/** Replaces the billing details of the customer's own card; answers the row, or undefined. */
export async function updateSavedCardBilling(
  db: Database,
  cardId: number,
  userId: number,
  billing: CardBilling,
): Promise<SavedCardRow | undefined> {
  const [row] = await db
    .update(savedCards)
    .set({ billing, updatedAt: new Date() })
    .where(and(eq(savedCards.id, cardId), eq(savedCards.userId, userId)))
    .returning();
  return row;
}

export async function deleteSavedCard(db: Database, cardId: number, userId: number): Promise<boolean> {
  const rows = await db
    .delete(savedCards)
    .where(and(eq(savedCards.id, cardId), eq(savedCards.userId, userId)))
    .returning({ id: savedCards.id });
  return rows.length === 1;
}

// ---- Orders -------------------------------------------------------------------------------------------

export interface OrderFilter {
  userId: number;
  clientId: number;
  from: Date | undefined;
  /** Exclusive. */
  to: Date | undefined;
}

function orderConditions(filter: OrderFilter) {
  return and(
    eq(orders.userId, filter.userId),
    eq(orders.clientId, filter.clientId),
    filter.from ? gte(orders.createdAt, filter.from) : undefined,
    filter.to ? lt(orders.createdAt, filter.to) : undefined,
  );
}

export async function countOrders(db: Database, filter: OrderFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders).where(orderConditions(filter));
  return row?.n ?? 0;
}

/** The version of what the customer's order history shows (decision 022): one primary-key read. */
export async function orderListVersion(db: Database, userId: number): Promise<string> {
  return readListVersion(db, userId);
}

export interface OrderTender {
  tenderType: string;
  amount: number;
}

/**
 * One page of the customer's orders, newest first, each with its tenders (in payment order), and how
 * many orders match in all: one round trip for what took three (count, page, tenders). The
 * (user_id, created_at) index serves the page.
 */
export async function listOrdersWithTenders(
  db: Database,
  filter: OrderFilter,
  limit: number,
  offset: number,
): Promise<{ orders: (OrderRow & { tenders: OrderTender[] })[]; matching: number | undefined }> {
  const rows = await db
    .select({
      order: orders,
      matching: sql<number>`count(*) over ()`.mapWith(Number),
      // Spelled out: drizzle leaves a one-table select's columns unqualified, which a subquery would
      // read as its own.
      tenders: sql<OrderTender[] | null>`(
        select json_agg(json_build_object('tenderType', p.tender_type, 'amount', p.amount) order by p.id)
        from payments p where p.order_id = "orders"."id")`,
    })
    .from(orders)
    .where(orderConditions(filter))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
    .offset(offset);
  return {
    orders: rows.map((row) => ({ ...row.order, tenders: row.tenders ?? [] })),
    matching: rows[0]?.matching,
  };
}

export async function findOrderByUuid(db: Database, uuid: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.uuid, uuid)).limit(1);
  return row;
}

export interface OrderLineRow {
  id: number;
  orderId: number;
  cartableType: BasketLineKind;
  name: string;
  quantity: number;
  amount: number;
  activityName: string | null;
  bundleName: string | null;
  sessionStartsAt: Date | null;
  membershipTypeName: string | null;
  membershipStartDate: string | null;
  penaltyDescription: string | null;
  penaltyType: string | null;
  venueName: string;
  timezone: string;
}

/** Every line of these orders with what names it: activity, course, membership or penalty. */
export async function listOrderLines(db: Database, orderIds: number[]): Promise<OrderLineRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select({
      id: orderItems.id,
      orderId: orderItems.orderId,
      cartableType: orderItems.cartableType,
      name: orderItems.name,
      quantity: orderItems.quantity,
      amount: orderItems.amount,
      activityName: activities.name,
      bundleName: courseBundles.name,
      sessionStartsAt: occurrences.startsAt,
      membershipTypeName: membershipTypes.name,
      membershipStartDate: memberships.startDate,
      penaltyDescription: penalties.description,
      penaltyType: penalties.type,
      venueName: venues.name,
      timezone: venues.timezone,
    })
    .from(orderItems)
    .innerJoin(venues, eq(venues.id, orderItems.venueId))
    .leftJoin(activities, eq(activities.id, orderItems.activityId))
    .leftJoin(courseBundles, eq(courseBundles.id, orderItems.bundleId))
    .leftJoin(occurrences, eq(occurrences.id, orderItems.occurrenceId))
    .leftJoin(memberships, eq(memberships.id, orderItems.membershipId))
    .leftJoin(membershipTypes, eq(membershipTypes.id, memberships.membershipTypeId))
    .leftJoin(penaltyCartLines, eq(penaltyCartLines.orderItemId, orderItems.id))
    .leftJoin(penalties, eq(penalties.id, penaltyCartLines.penaltyId))
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.orderId), asc(orderItems.id));
}

export async function listOrderTenders(
  db: Database,
  orderIds: number[],
): Promise<
  {
    orderId: number;
    tenderType: string;
    amount: number;
    cardBrand: string | null;
    cardLast4: string | null;
  }[]
> {
  if (orderIds.length === 0) return [];
  return db
    .select({
      orderId: payments.orderId,
      tenderType: payments.tenderType,
      amount: payments.amount,
      cardBrand: payments.cardBrand,
      cardLast4: payments.cardLast4,
    })
    .from(payments)
    .where(inArray(payments.orderId, orderIds))
    .orderBy(asc(payments.id));
}

// ---- Users --------------------------------------------------------------------------------------------

export async function findCustomerOfClient(
  db: Database,
  clientId: number,
  userId: number,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.clientId, clientId), eq(users.role, 'customer')))
    .limit(1);
  return row;
}

export async function findVenueOfClient(
  db: Database,
  clientId: number,
  venueId: number | null | undefined,
): Promise<{ id: number; name: string } | undefined> {
  const [row] = await db
    .select({ id: venues.id, name: venues.name })
    .from(venues)
    .where(and(eq(venues.clientId, clientId), venueId ? eq(venues.id, venueId) : undefined))
    .orderBy(asc(venues.id))
    .limit(1);
  return row;
}

export async function findBookingOfUser(
  db: Database,
  bookingId: number,
  userId: number,
): Promise<{ id: number; venueId: number } | undefined> {
  const [row] = await db
    .select({ id: bookings.id, venueId: occurrences.venueId })
    .from(bookings)
    .innerJoin(occurrences, eq(occurrences.id, bookings.occurrenceId))
    .where(and(eq(bookings.id, bookingId), eq(bookings.userId, userId)))
    .limit(1);
  return row;
}

export async function findMembershipOfUser(
  db: Database,
  membershipId: number,
  userId: number,
): Promise<{ id: number; homeVenueId: number } | undefined> {
  const [row] = await db
    .select({ id: memberships.id, homeVenueId: memberships.homeVenueId })
    .from(memberships)
    // A draft (being bought) is not the customer's membership yet (docs/decisions/018).
    .where(
      and(eq(memberships.id, membershipId), eq(memberships.userId, userId), ne(memberships.status, 'draft')),
    )
    .limit(1);
  return row;
}

export async function findClientCurrency(db: Database, clientId: number): Promise<string | undefined> {
  const [row] = await db.select({ currency: clients.currency }).from(clients).where(eq(clients.id, clientId));
  return row?.currency;
}
