import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rawRowsOf } from '../db/raw-rows';
import {
  activities,
  bookings,
  carts,
  courseBundles,
  locations,
  occurrences,
  orderItems,
  orders,
  payments,
  waitlistEntries,
} from '../db/schema';

/**
 * The rows of the demo's booking history that no command can make: baskets completed, orders paid
 * and sessions held years ago, with their booked places (seed/booking-history.ts), and the look-ups
 * the seed finds its activities, sessions and courses with. A listed exception of the table owners
 * (test/table-owners.test.ts, decision 061): moved here from bookings.repository and bookings.service.
 */

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

// ---- Bookings made outside the API (the seed's demo members, seed/bookings.ts) ------------------------------

/** An activity by slug with its standard (non-member) price option and first ticket's amount. */
export async function findActivityWithStandardPrice(
  db: Database,
  clientId: number,
  slug: string,
): Promise<SeedActivity | undefined> {
  return findSeedActivity(db, clientId, slug);
}

/** The soonest session of an activity at a venue in a time range with `places` still free. */
export async function firstSessionWithPlaces(
  db: Database,
  filter: { activityId: number; venueId: number; from: Date; to: Date; places: number },
): Promise<number | undefined> {
  const [session] = await listSessionsWithPlaces(db, filter);
  return session?.id;
}

/** A venue's location (court, studio, lane) by slug. */
export async function findLocationIdBySlug(
  db: Database,
  venueId: number,
  slug: string,
): Promise<number | undefined> {
  return findLocationId(db, venueId, slug);
}

/**
 * Sessions the timetable never generated (it rolls forward from today), such as past ones for a
 * booking history; a session that already exists is left as it is (and not answered).
 */
export async function addSessions(db: Database, rows: Parameters<typeof insertOccurrenceRows>[1]) {
  return insertOccurrenceRows(db, rows);
}

/** A course of a venue (the first by id) with its sessions, soonest first. */
export async function findCourseWithSessions(
  db: Database,
  venueId: number,
  activityId: number,
): Promise<{ bundleId: number; sessionIds: number[] } | undefined> {
  return findCourseAt(db, venueId, activityId);
}

/**
 * Puts a member on the waitlist of the operator's first full session with a waitlist that starts
 * after `from` (once: a second call changes nothing). Answers the session, if there was one.
 */
export async function joinFirstFullWaitlist(
  db: Database,
  clientId: number,
  userId: number,
  from: Date,
): Promise<number | undefined> {
  const full = await findFullWaitlistSession(db, clientId, from);
  if (full !== undefined) await insertWaitlistRow(db, full, userId);
  return full;
}
