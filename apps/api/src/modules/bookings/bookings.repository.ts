import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { readListVersion } from '../../db/list-versions';
import { preparedPerDatabase } from '../../db/prepared';
import {
  activities,
  activityCategories,
  bookings,
  courseBundles,
  locations,
  occurrences,
  orderItems,
  orders,
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

/** The live bookings of one session (the operator cancelling it), id order. */
export async function listBookedIdsOfOccurrence(db: Database, occurrenceId: number): Promise<number[]> {
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.occurrenceId, occurrenceId), eq(bookings.status, 'booked')))
    .orderBy(asc(bookings.id));
  return rows.map((row) => row.id);
}

/** The people with live bookings on a session (its time changed: they are told), user id order. */
export async function listBookedUserIdsOfOccurrence(db: Database, occurrenceId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ userId: bookings.userId })
    .from(bookings)
    .where(and(eq(bookings.occurrenceId, occurrenceId), eq(bookings.status, 'booked')))
    .orderBy(asc(bookings.userId));
  return rows.map((row) => row.userId);
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
