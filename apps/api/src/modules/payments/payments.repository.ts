import { and, asc, count, desc, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { readListVersion } from '../../db/list-versions';
import {
  activities,
  bookings,
  clients,
  courseBundles,
  memberships,
  membershipTypes,
  occurrences,
  orderItems,
  orders,
  payments,
  penalties,
  penaltyCartLines,
  users,
  venues,
} from '../../db/schema';
import type { BasketLineKind } from '../../lib/basket-line-kinds';

export type OrderRow = typeof orders.$inferSelect;
export type UserRow = typeof users.$inferSelect;

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
