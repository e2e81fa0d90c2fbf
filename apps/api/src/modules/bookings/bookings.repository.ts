import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { readListVersion } from '../../db/list-versions';
import { preparedPerDatabase } from '../../db/prepared';
import { rawRowsOf } from '../../db/raw-rows';
import {
  activities,
  activityCategories,
  bookings,
  carts,
  courseBundles,
  creditTransactions,
  locations,
  occurrences,
  orderItems,
  orders,
  payments,
  venues,
  waitlistEntries,
} from '../../db/schema';

/** One booking with everything the lists show and the cancellation rules read. */
export interface BookingDetailRow {
  id: number;
  userId: number;
  status: 'booked' | 'cancelled';
  quantity: number;
  cancellationCredit: number;
  orderId: number;
  orderItemId: number;
  currency: string;
  itemAmount: number;
  benefitApplied: boolean;
  bundleId: number | null;
  occurrenceId: number;
  startsAt: Date;
  endsAt: Date;
  spots: number;
  instructorName: string | null;
  activityId: number;
  activityName: string;
  description: string;
  kind: 'court' | 'class' | 'course';
  durationMinutes: number;
  cutoffMinutes: number;
  creditOnCancellation: boolean;
  categoryName: string;
  venueId: number;
  venueName: string;
  venueSlug: string;
  timezone: string;
  locationId: number;
  locationName: string;
  locationType: string;
  locationSlug: string;
  bundleName: string | null;
}

const detailColumns = {
  id: bookings.id,
  userId: bookings.userId,
  status: bookings.status,
  quantity: bookings.quantity,
  cancellationCredit: bookings.cancellationCredit,
  orderId: bookings.orderId,
  orderItemId: bookings.orderItemId,
  currency: orders.currency,
  itemAmount: orderItems.amount,
  benefitApplied: orderItems.benefitApplied,
  bundleId: orderItems.bundleId,
  occurrenceId: bookings.occurrenceId,
  startsAt: occurrences.startsAt,
  endsAt: occurrences.endsAt,
  spots:
    sql<number>`(${occurrences.capacity} - ${occurrences.bookedCount} - ${occurrences.heldCount})::int`.mapWith(
      Number,
    ),
  instructorName: occurrences.instructorName,
  activityId: activities.id,
  activityName: activities.name,
  description: activities.description,
  kind: activities.kind,
  durationMinutes: activities.durationMinutes,
  cutoffMinutes: activities.cancellationCutoffMinutes,
  creditOnCancellation: activities.creditOnCancellation,
  categoryName: activityCategories.name,
  venueId: venues.id,
  venueName: venues.name,
  venueSlug: venues.slug,
  timezone: venues.timezone,
  locationId: locations.id,
  locationName: locations.name,
  locationType: locations.type,
  locationSlug: locations.slug,
  bundleName: courseBundles.name,
};

/** A select from bookings joined to everything a booking is shown with. */
function joinBookingDetails<Query extends PgSelect>(query: Query) {
  return query
    .innerJoin(orders, eq(orders.id, bookings.orderId))
    .innerJoin(orderItems, eq(orderItems.id, bookings.orderItemId))
    .innerJoin(occurrences, eq(occurrences.id, bookings.occurrenceId))
    .innerJoin(activities, eq(activities.id, occurrences.activityId))
    .innerJoin(activityCategories, eq(activityCategories.id, activities.categoryId))
    .innerJoin(venues, eq(venues.id, occurrences.venueId))
    .innerJoin(locations, eq(locations.id, occurrences.locationId))
    .leftJoin(courseBundles, eq(courseBundles.id, orderItems.bundleId));
}

function detailQuery(db: Database) {
  return joinBookingDetails(db.select(detailColumns).from(bookings).$dynamic());
}

function bookingsOfQuery(db: Database, upcoming: boolean) {
  const userId = sql.placeholder('userId');
  const at = sql.placeholder('at');
  return detailQuery(db)
    .where(
      and(
        eq(bookings.userId, userId),
        eq(bookings.status, 'booked'),
        upcoming ? gte(occurrences.startsAt, at) : lt(occurrences.startsAt, at),
      ),
    )
    .orderBy(
      upcoming ? asc(occurrences.startsAt) : desc(occurrences.startsAt),
      upcoming ? asc(bookings.id) : desc(bookings.id),
    )
    .prepare(upcoming ? 'my_bookings_upcoming' : 'my_bookings_historic');
}

// Prepared: the dashboard asks for these on every page load, and planning the nine-table join cost
// PostgreSQL about as much as running it.
const upcomingStatement = preparedPerDatabase((db) => bookingsOfQuery(db, true));
const historicStatement = preparedPerDatabase((db) => bookingsOfQuery(db, false));

/** The customer's live bookings starting from `now` (ascending) or before it (descending). */
export async function listBookingsOf(
  db: Database,
  userId: number,
  range: { startsAfter: Date } | { startsBefore: Date },
): Promise<BookingDetailRow[]> {
  return 'startsAfter' in range
    ? upcomingStatement(db).execute({ userId, at: range.startsAfter })
    : historicStatement(db).execute({ userId, at: range.startsBefore });
}

/** The version of what the customer's lists show (decision 022): one primary-key read. */
export async function bookingListVersion(db: Database, userId: number): Promise<string> {
  return readListVersion(db, userId);
}

const nextStartStatement = preparedPerDatabase((db) =>
  db
    .select({ startsAt: sql<Date | null>`min(${occurrences.startsAt})`.mapWith(occurrences.startsAt) })
    .from(bookings)
    .innerJoin(occurrences, eq(occurrences.id, bookings.occurrenceId))
    .where(
      and(
        eq(bookings.userId, sql.placeholder('userId')),
        eq(bookings.status, 'booked'),
        gte(occurrences.startsAt, sql.placeholder('at')),
      ),
    )
    .prepare('my_bookings_next_start'),
);

/** When the customer's next live booking from `at` starts (null: none): the next to join the history. */
export async function nextBookingStart(db: Database, userId: number, at: Date): Promise<Date | null> {
  const [row] = await nextStartStatement(db).execute({ userId, at });
  return row?.startsAt ?? null;
}

export async function findBookingDetail(
  db: Database,
  bookingId: number,
): Promise<BookingDetailRow | undefined> {
  const [row] = await detailQuery(db).where(eq(bookings.id, bookingId)).limit(1);
  return row;
}

/** Every booking (any status) of the given order lines, in session order: course positions and shares. */
export async function listBookingsOfItems(db: Database, orderItemIds: number[]): Promise<BookingDetailRow[]> {
  if (orderItemIds.length === 0) return [];
  return detailQuery(db)
    .where(inArray(bookings.orderItemId, orderItemIds))
    .orderBy(asc(occurrences.startsAt), asc(bookings.id));
}

/** Locks bookings (id order, the order every canceller takes them in) and answers their current rows. */
export async function lockBookings(
  db: Database,
  bookingIds: number[],
): Promise<{ id: number; userId: number; clientId: number; status: string; orderItemId: number }[]> {
  if (bookingIds.length === 0) return [];
  return db
    .select({
      id: bookings.id,
      userId: bookings.userId,
      clientId: orders.clientId,
      status: bookings.status,
      orderItemId: bookings.orderItemId,
    })
    .from(bookings)
    .innerJoin(orderItems, eq(orderItems.id, bookings.orderItemId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(inArray(bookings.id, bookingIds))
    .orderBy(asc(bookings.id))
    .for('update', { of: bookings });
}

/** Marks a booked booking cancelled; false when it was not booked any more (someone else got there first). */
export async function markCancelled(
  db: Database,
  bookingId: number,
  values: { source: string; credit: number; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(bookings)
    .set({
      status: 'cancelled',
      cancelledAt: values.now,
      cancellationSource: values.source,
      cancellationCredit: values.credit,
    })
    .where(and(eq(bookings.id, bookingId), eq(bookings.status, 'booked')))
    .returning({ id: bookings.id });
  return rows.length > 0;
}

/** Gives booked places back to a session (a cancellation). */
export async function releaseBookedPlaces(
  db: Database,
  occurrenceId: number,
  quantity: number,
): Promise<void> {
  await db
    .update(occurrences)
    .set({ bookedCount: sql`${occurrences.bookedCount} - ${quantity}` })
    .where(eq(occurrences.id, occurrenceId));
}

export async function insertCancellationCredit(
  db: Database,
  values: { userId: number; amount: number; reason: string; orderId: number; createdAt?: Date },
): Promise<void> {
  await db.insert(creditTransactions).values({ ...values, type: 'general' });
}

// ---- Course bookings ----

export interface BundleLineRow {
  id: number;
  userId: number;
  clientId: number;
  orderId: number;
  bundleId: number | null;
  amount: number;
  currency: string;
}

/** A course order line and its customer (the booking bundle). */
export async function findBundleLine(db: Database, orderItemId: number): Promise<BundleLineRow | undefined> {
  const [row] = await db
    .select({
      id: orderItems.id,
      userId: orders.userId,
      clientId: orders.clientId,
      orderId: orders.id,
      bundleId: orderItems.bundleId,
      amount: orderItems.amount,
      currency: orders.currency,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(orderItems.id, orderItemId))
    .limit(1);
  return row;
}

// ---- Waitlist ----

export interface WaitlistRow {
  id: number;
  status: 'waiting' | 'offered';
  occurrenceId: number;
  createdAt: Date;
  startsAt: Date;
  endsAt: Date;
  activityName: string;
  venueName: string;
  timezone: string;
  locationName: string;
  position: number;
}

/** The customer's live waitlist entries on sessions that have not started, soonest first. */
export async function listWaitlistOf(db: Database, userId: number, now: Date): Promise<WaitlistRow[]> {
  const rows = await db
    .select({
      id: waitlistEntries.id,
      status: waitlistEntries.status,
      occurrenceId: waitlistEntries.occurrenceId,
      createdAt: waitlistEntries.createdAt,
      startsAt: occurrences.startsAt,
      endsAt: occurrences.endsAt,
      activityName: activities.name,
      venueName: venues.name,
      timezone: venues.timezone,
      locationName: locations.name,
      position: sql<number>`(
        select count(*)::int from waitlist_entries ahead
        where ahead.occurrence_id = ${waitlistEntries.occurrenceId} and ahead.status = 'waiting'
          and ahead.id <= ${waitlistEntries.id})`.mapWith(Number),
    })
    .from(waitlistEntries)
    .innerJoin(occurrences, eq(occurrences.id, waitlistEntries.occurrenceId))
    .innerJoin(activities, eq(activities.id, occurrences.activityId))
    .innerJoin(venues, eq(venues.id, occurrences.venueId))
    .innerJoin(locations, eq(locations.id, occurrences.locationId))
    .where(
      and(
        eq(waitlistEntries.userId, userId),
        inArray(waitlistEntries.status, ['waiting', 'offered']),
        gte(occurrences.startsAt, now),
      ),
    )
    .orderBy(asc(occurrences.startsAt), asc(waitlistEntries.id));
  return rows as WaitlistRow[];
}

// ---- Seed and test factories ----

/** Completed baskets the seeded orders belong to (an order needs its basket). */
export async function insertCompletedCarts(
  db: Database,
  rows: { uuid: string; clientId: number; userId: number; completedAt: Date }[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insert(carts)
    .values(rows.map((row) => ({ ...row, status: 'completed' as const, createdAt: row.completedAt })))
    .returning({ id: carts.id });
  return inserted.map((row) => row.id);
}

export async function insertOrderRows(
  db: Database,
  rows: (typeof orders.$inferInsert)[],
): Promise<{ id: number; cartId: number }[]> {
  if (rows.length === 0) return [];
  // Seeded history: announced long ago, so the announcements job leaves it alone.
  return db
    .insert(orders)
    .values(rows.map((row) => ({ announcedAt: row.createdAt ?? new Date(), ...row })))
    .returning({ id: orders.id, cartId: orders.cartId });
}

export async function insertOrderItemRows(
  db: Database,
  rows: (typeof orderItems.$inferInsert)[],
): Promise<{ id: number; orderId: number }[]> {
  if (rows.length === 0) return [];
  return db.insert(orderItems).values(rows).returning({ id: orderItems.id, orderId: orderItems.orderId });
}

export async function insertBookingRows(
  db: Database,
  rows: (typeof bookings.$inferInsert)[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  return (await db.insert(bookings).values(rows).returning({ id: bookings.id })).map((row) => row.id);
}

/**
 * Adds booked places to sessions (bookings made without a basket: the seed and tests), in one
 * statement; answers how many sessions had room (the rest are left as they were).
 */
export async function addBookedPlaces(db: Database, places: Map<number, number>): Promise<number> {
  if (places.size === 0) return 0;
  const values = sql.join(
    [...places].map(([id, quantity]) => sql`(${id}::int, ${quantity}::int)`),
    sql`, `,
  );
  const result = await db.execute(sql`
    update occurrences o set booked_count = o.booked_count + v.quantity
    from (values ${values}) as v(id, quantity)
    where o.id = v.id and o.capacity - o.booked_count - o.held_count >= v.quantity
    returning o.id`);
  return rawRowsOf(result).length;
}

/** Sessions of the past for booking history (one statement); answers the ids of the new rows. */
export async function insertOccurrenceRows(
  db: Database,
  rows: (typeof occurrences.$inferInsert)[],
): Promise<{ id: number; startsAt: Date; locationId: number; activityId: number }[]> {
  if (rows.length === 0) return [];
  return db.insert(occurrences).values(rows).onConflictDoNothing().returning({
    id: occurrences.id,
    startsAt: occurrences.startsAt,
    locationId: occurrences.locationId,
    activityId: occurrences.activityId,
  });
}

// ---- Seed look-ups ----

export interface SeedActivity {
  id: number;
  durationMinutes: number;
  hasWaitlist: boolean;
  pricingOptionId: number;
  /** The standard option's first ticket, minor units. */
  amount: number;
}

/** An activity by slug with its standard (non-member) price. */
export async function findSeedActivity(
  db: Database,
  clientId: number,
  slug: string,
): Promise<SeedActivity | undefined> {
  const result = await db.execute(sql`
    select a.id, a.duration_minutes, a.has_waitlist, po.id as pricing_option_id, t.amount
    from activities a
    join pricing_options po on po.activity_id = a.id and po.for_members = false
    join tickets t on t.pricing_option_id = po.id
    where a.client_id = ${clientId} and a.slug = ${slug}
    order by po.position, po.id, t.position, t.id
    limit 1`);
  const [row] = rawRowsOf<{
    id: number;
    duration_minutes: number;
    has_waitlist: boolean;
    pricing_option_id: number;
    amount: number;
  }>(result);
  if (!row) return undefined;
  return {
    id: Number(row.id),
    durationMinutes: Number(row.duration_minutes),
    hasWaitlist: Boolean(row.has_waitlist),
    pricingOptionId: Number(row.pricing_option_id),
    amount: Number(row.amount),
  };
}

export async function findLocationId(
  db: Database,
  venueId: number,
  slug: string,
): Promise<number | undefined> {
  const [row] = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.venueId, venueId), eq(locations.slug, slug)))
    .limit(1);
  return row?.id;
}

/** Sessions of an activity at a venue in a time range that still have `places` free, soonest first. */
export async function listSessionsWithPlaces(
  db: Database,
  filter: { activityId: number; venueId: number; from: Date; to: Date; places: number },
): Promise<{ id: number; startsAt: Date }[]> {
  return db
    .select({ id: occurrences.id, startsAt: occurrences.startsAt })
    .from(occurrences)
    .where(
      and(
        eq(occurrences.activityId, filter.activityId),
        eq(occurrences.venueId, filter.venueId),
        gte(occurrences.startsAt, filter.from),
        lt(occurrences.startsAt, filter.to),
        sql`${occurrences.capacity} - ${occurrences.bookedCount} - ${occurrences.heldCount} >= ${filter.places}`,
      ),
    )
    .orderBy(asc(occurrences.startsAt), asc(occurrences.id));
}

/** A full session of an activity with a waitlist, starting after `from`. */
export async function findFullWaitlistSession(
  db: Database,
  clientId: number,
  from: Date,
): Promise<number | undefined> {
  const [row] = await db
    .select({ id: occurrences.id })
    .from(occurrences)
    .innerJoin(activities, eq(activities.id, occurrences.activityId))
    .where(
      and(
        eq(activities.clientId, clientId),
        eq(activities.hasWaitlist, true),
        gte(occurrences.startsAt, from),
        sql`${occurrences.capacity} - ${occurrences.bookedCount} - ${occurrences.heldCount} = 0`,
      ),
    )
    .orderBy(asc(occurrences.startsAt))
    .limit(1);
  return row?.id;
}

export async function insertWaitlistRow(db: Database, occurrenceId: number, userId: number): Promise<void> {
  await db.insert(waitlistEntries).values({ occurrenceId, userId }).onConflictDoNothing();
}

/** A course of a venue with its sessions (soonest first). */
export async function findCourseAt(
  db: Database,
  venueId: number,
  activityId: number,
): Promise<{ bundleId: number; sessionIds: number[] } | undefined> {
  const [bundle] = await db
    .select({ id: courseBundles.id })
    .from(courseBundles)
    .where(and(eq(courseBundles.venueId, venueId), eq(courseBundles.activityId, activityId)))
    .orderBy(asc(courseBundles.id))
    .limit(1);
  if (!bundle) return undefined;
  const sessions = await db
    .select({ id: occurrences.id })
    .from(occurrences)
    .where(eq(occurrences.bundleId, bundle.id))
    .orderBy(asc(occurrences.startsAt));
  return { bundleId: bundle.id, sessionIds: sessions.map((s) => s.id) };
}

export async function insertPaymentRows(db: Database, rows: (typeof payments.$inferInsert)[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(payments).values(rows);
}
