import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  joinMembershipLine,
  type LineDetail,
  lineDetailColumns,
  type MembershipLineFacts,
  membershipLineColumns,
  withOccurrence,
} from '../../db/line-details';
import { firstUnlocked } from '../../db/locks';
import { preparedPerDatabase } from '../../db/prepared';
import {
  activities,
  bookings,
  courseBundles,
  locations,
  occurrences,
  orderItems,
  orders,
  payments,
  pricingOptions,
  termsAcceptances,
  venues,
} from '../../db/schema';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type BookingRow = typeof bookings.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

/** Inserts the order of a basket; undefined when the basket already has one (unique `cart_id`). */
export async function insertOrder(
  db: Database,
  values: typeof orders.$inferInsert,
): Promise<OrderRow | undefined> {
  const rows = await db
    .insert(orders)
    .values(values)
    .onConflictDoNothing({ target: orders.cartId })
    .returning();
  return rows[0];
}

// The statements every checkout runs are prepared (db/prepared.ts): built once, not per call.
const orderByCartStatement = preparedPerDatabase((db) =>
  db
    .select()
    .from(orders)
    .where(eq(orders.cartId, sql.placeholder('cartId')))
    .limit(1)
    .prepare('checkout_order_by_cart'),
);

export async function findOrderByCart(db: Database, cartId: number): Promise<OrderRow | undefined> {
  const [row] = await orderByCartStatement(db).execute({ cartId });
  return row;
}

const orderStatement = preparedPerDatabase((db) =>
  db
    .select()
    .from(orders)
    .where(eq(orders.id, sql.placeholder('orderId')))
    .limit(1)
    .prepare('checkout_order'),
);

export async function findOrder(db: Database, orderId: number): Promise<OrderRow | undefined> {
  const [row] = await orderStatement(db).execute({ orderId });
  return row;
}

const orderAnnouncedStatement = preparedPerDatabase((db) =>
  db
    .update(orders)
    .set({ announcedAt: sql`now()` })
    .where(and(eq(orders.id, sql.placeholder('orderId')), isNull(orders.announcedAt)))
    .prepare('checkout_order_announced'),
);

/** Records that an order has been announced and its confirmation emailed (a second call changes nothing). */
export async function markOrderAnnounced(db: Database, orderId: number): Promise<void> {
  await orderAnnouncedStatement(db).execute({ orderId });
}

/**
 * Takes orders written before `writtenBefore` and never announced (their process died between the
 * commit and the announcement), marking them announced as it takes them, so that one replica
 * announces each. The partial index `orders_unannounced_idx` keeps the search to those few rows.
 */
export async function claimUnannouncedOrders(
  db: Database,
  writtenBefore: Date,
  limit: number,
): Promise<OrderRow[]> {
  const unannounced = and(isNull(orders.announcedAt), lt(orders.createdAt, writtenBefore));
  const claimed = await db
    .update(orders)
    .set({ announcedAt: sql`now()` })
    .where(firstUnlocked(db, orders.id, unannounced, limit))
    .returning();
  return claimed.sort((a, b) => a.id - b.id);
}

/** The memberships whose first payment the order holds. */
export async function listOrderMembershipIds(db: Database, orderId: number): Promise<number[]> {
  const rows = await db
    .select({ membershipId: orderItems.membershipId })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.cartableType, 'membership')))
    .orderBy(asc(orderItems.id));
  return rows.flatMap((row) => (row.membershipId === null ? [] : [row.membershipId]));
}

export async function insertOrderItem(
  db: Database,
  values: typeof orderItems.$inferInsert,
): Promise<OrderItemRow> {
  const [row] = await db.insert(orderItems).values(values).returning();
  if (!row) throw new Error('order item insert returned no row');
  return row;
}

export async function insertBookings(
  db: Database,
  rows: (typeof bookings.$inferInsert)[],
): Promise<BookingRow[]> {
  if (rows.length === 0) return [];
  return db.insert(bookings).values(rows).returning();
}

export async function insertPayments(
  db: Database,
  rows: (typeof payments.$inferInsert)[],
): Promise<PaymentRow[]> {
  if (rows.length === 0) return [];
  return db.insert(payments).values(rows).returning();
}

export async function insertCheckoutTermsAcceptances(
  db: Database,
  userId: number,
  termIds: number[],
): Promise<void> {
  if (termIds.length === 0) return;
  await db
    .insert(termsAcceptances)
    .values(termIds.map((termId) => ({ userId, termId, context: 'checkout' })));
}

/** An order's lines with what the confirmation shows (same shape as a basket line's details). */
export interface OrderItemDetail extends LineDetail {
  item: OrderItemRow;
}

const orderItemDetailsStatement = preparedPerDatabase((db) =>
  db
    .select({
      item: orderItems,
      ...lineDetailColumns,
    })
    .from(orderItems)
    .innerJoin(activities, eq(activities.id, orderItems.activityId))
    .innerJoin(venues, eq(venues.id, orderItems.venueId))
    .innerJoin(pricingOptions, eq(pricingOptions.id, orderItems.pricingOptionId))
    .leftJoin(occurrences, eq(occurrences.id, orderItems.occurrenceId))
    .leftJoin(locations, eq(locations.id, occurrences.locationId))
    .leftJoin(courseBundles, eq(courseBundles.id, orderItems.bundleId))
    .where(eq(orderItems.orderId, sql.placeholder('orderId')))
    .orderBy(asc(orderItems.id))
    .prepare('checkout_order_item_details'),
);

export async function listOrderItemDetails(db: Database, orderId: number): Promise<OrderItemDetail[]> {
  return withOccurrence(await orderItemDetailsStatement(db).execute({ orderId }));
}

const orderBookingsStatement = preparedPerDatabase((db) =>
  db
    .select()
    .from(bookings)
    .where(eq(bookings.orderId, sql.placeholder('orderId')))
    .orderBy(asc(bookings.id))
    .prepare('checkout_order_bookings'),
);

export async function listOrderBookings(db: Database, orderId: number): Promise<BookingRow[]> {
  return orderBookingsStatement(db).execute({ orderId });
}

const orderPaymentsStatement = preparedPerDatabase((db) =>
  db
    .select()
    .from(payments)
    .where(eq(payments.orderId, sql.placeholder('orderId')))
    .orderBy(asc(payments.id))
    .prepare('checkout_order_payments'),
);

export async function listOrderPayments(db: Database, orderId: number): Promise<PaymentRow[]> {
  return orderPaymentsStatement(db).execute({ orderId });
}

/** The sessions an order booked, in time order (the .ics). */
export interface BookedSessionRow {
  bookingId: number;
  occurrenceId: number;
  activityName: string;
  venueName: string;
  locationName: string;
  startsAt: Date;
  endsAt: Date;
}

const orderSessionsStatement = preparedPerDatabase((db) =>
  db
    .select({
      bookingId: bookings.id,
      occurrenceId: bookings.occurrenceId,
      activityName: activities.name,
      venueName: venues.name,
      locationName: locations.name,
      startsAt: occurrences.startsAt,
      endsAt: occurrences.endsAt,
    })
    .from(bookings)
    .innerJoin(occurrences, eq(occurrences.id, bookings.occurrenceId))
    .innerJoin(activities, eq(activities.id, occurrences.activityId))
    .innerJoin(venues, eq(venues.id, occurrences.venueId))
    .innerJoin(locations, eq(locations.id, occurrences.locationId))
    .where(and(eq(bookings.orderId, sql.placeholder('orderId')), eq(bookings.status, 'booked')))
    .orderBy(asc(occurrences.startsAt), asc(bookings.id))
    .prepare('checkout_order_sessions'),
);

export async function listOrderSessions(db: Database, orderId: number): Promise<BookedSessionRow[]> {
  return orderSessionsStatement(db).execute({ orderId });
}

/** The membership lines of an order with what names them (the membership as it was priced). */
const orderMembershipLinesStatement = preparedPerDatabase((db) =>
  joinMembershipLine(
    db
      .select({ orderItemId: orderItems.id, ...membershipLineColumns })
      .from(orderItems)
      .$dynamic(),
    orderItems.membershipId,
  )
    .where(and(eq(orderItems.orderId, sql.placeholder('orderId')), eq(orderItems.cartableType, 'membership')))
    .orderBy(asc(orderItems.id))
    .prepare('checkout_order_membership_lines'),
);

export async function listOrderMembershipLines(
  db: Database,
  orderId: number,
): Promise<(MembershipLineFacts & { orderItemId: number })[]> {
  return orderMembershipLinesStatement(db).execute({ orderId });
}
