import { and, asc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rawRowsOf } from '../../db/raw-rows';
import { type activities, courseBundles, locations, occurrences } from '../../db/schema';

export type ActivityRow = typeof activities.$inferSelect;

// ---- Availability -------------------------------------------------------------------------------

/** A session with what the availability answers need from its location. */
export interface SessionRow {
  id: number;
  locationId: number;
  locationName: string;
  locationSlug: string;
  locationType: string;
  bundleId: number | null;
  startsAt: Date;
  endsAt: Date;
  firstBookableAt: Date;
  compositeKey: string;
  capacity: number;
  bookedCount: number;
  heldCount: number;
  instructorName: string | null;
}

const sessionColumns = {
  id: occurrences.id,
  locationId: occurrences.locationId,
  locationName: locations.name,
  locationSlug: locations.slug,
  locationType: locations.type,
  bundleId: occurrences.bundleId,
  startsAt: occurrences.startsAt,
  endsAt: occurrences.endsAt,
  firstBookableAt: occurrences.firstBookableAt,
  compositeKey: occurrences.compositeKey,
  capacity: occurrences.capacity,
  bookedCount: occurrences.bookedCount,
  heldCount: occurrences.heldCount,
  instructorName: occurrences.instructorName,
};

export interface SessionFilter {
  venueId: number;
  activityId: number;
  /** Sessions starting in [from, to). */
  from: Date;
  to: Date;
  compositeKey?: string | undefined;
  /** Exact start and end (a v1 slot). */
  startsAt?: Date | undefined;
  endsAt?: Date | undefined;
}

/**
 * One venue's sessions of one activity starting in a window, in time then location order: one
 * range scan of `occurrences_availability_idx` (venue, activity, starts_at) and a primary-key
 * lookup per location.
 */
export async function listSessions(db: Database, filter: SessionFilter): Promise<SessionRow[]> {
  const conditions = [
    eq(occurrences.venueId, filter.venueId),
    eq(occurrences.activityId, filter.activityId),
    gte(occurrences.startsAt, filter.from),
    lt(occurrences.startsAt, filter.to),
    isNull(occurrences.cancelledAt),
  ];
  if (filter.compositeKey !== undefined) conditions.push(eq(occurrences.compositeKey, filter.compositeKey));
  if (filter.startsAt !== undefined) conditions.push(eq(occurrences.startsAt, filter.startsAt));
  if (filter.endsAt !== undefined) conditions.push(eq(occurrences.endsAt, filter.endsAt));
  return db
    .select(sessionColumns)
    .from(occurrences)
    .innerJoin(locations, eq(locations.id, occurrences.locationId))
    .where(and(...conditions))
    .orderBy(asc(occurrences.startsAt), asc(occurrences.endsAt), asc(locations.position), asc(locations.id));
}

/** The places of one session, read on every availability call (never cached). */
export interface LivePlaces {
  capacity: number;
  bookedCount: number;
  heldCount: number;
  /**
   * What the console may change on a session in place (start and end in Unix seconds, location,
   * first bookable instant): a cached day that disagrees with it is reloaded.
   */
  shape: string;
}

/** The `shape` of a session row, as `listLivePlaces` writes it. */
export function shapeOf(session: {
  startsAt: Date;
  endsAt: Date;
  locationId: number;
  firstBookableAt: Date;
}) {
  const seconds = (at: Date) => Math.floor(at.getTime() / 1000);
  return `${seconds(session.startsAt)}|${seconds(session.endsAt)}|${session.locationId}|${seconds(session.firstBookableAt)}`;
}

/**
 * The places of a venue's sessions of one activity starting in [from, to): the same index range
 * scan as `listSessions`, without the join, as one text value ('id,capacity,booked,held;...') so a
 * day of 200 sessions is one row to send and parse, not 200.
 */
export async function listLivePlaces(
  db: Database,
  filter: Pick<SessionFilter, 'venueId' | 'activityId' | 'from' | 'to'>,
): Promise<Map<number, LivePlaces>> {
  const result = await db.execute(sql`
    select string_agg(id || ',' || capacity || ',' || booked_count || ',' || held_count || ','
      || extract(epoch from starts_at)::bigint || '|' || extract(epoch from ends_at)::bigint || '|'
      || location_id || '|' || extract(epoch from first_bookable_at)::bigint, ';') as places
    from occurrences
    where venue_id = ${filter.venueId} and activity_id = ${filter.activityId}
      and starts_at >= ${filter.from.toISOString()}::timestamptz
      and starts_at < ${filter.to.toISOString()}::timestamptz
      and cancelled_at is null`);
  const text = rawRowsOf<{ places: string | null }>(result)[0]?.places ?? null;
  const places = new Map<number, LivePlaces>();
  if (!text) return places;
  for (const entry of text.split(';')) {
    const [id, capacity, booked, held, shape] = entry.split(',');
    places.set(Number(id), {
      capacity: Number(capacity),
      bookedCount: Number(booked),
      heldCount: Number(held),
      shape: shape ?? '',
    });
  }
  return places;
}

/** A time group: the sessions of one start and end across locations, summed by the database. */
export interface TimeGroupRow {
  compositeKey: string;
  startsAt: Date;
  endsAt: Date;
  firstBookableAt: Date;
  /** Places left across the group's locations. */
  spaces: number;
  locationCount: number;
  /** The first location's name (the group's only one when `locationCount` is 1). */
  locationName: string;
  /** A session with a place left, else the first: the id a client can book with. */
  bookableId: number;
  /** Places held in baskets across the group (a hold may have run out: the read then sweeps). */
  heldCount: number;
}

/**
 * A day's time groups of one activity at one venue, in time order: the same index range scan as
 * `listSessions`, aggregated in the database so 200 sessions come back as their 20 start times.
 */
export async function listTimeGroups(
  db: Database,
  filter: Pick<SessionFilter, 'venueId' | 'activityId' | 'from' | 'to'>,
): Promise<TimeGroupRow[]> {
  const free = sql`greatest(${occurrences.capacity} - ${occurrences.bookedCount} - ${occurrences.heldCount}, 0)`;
  return db
    .select({
      compositeKey: occurrences.compositeKey,
      startsAt: sql`min(${occurrences.startsAt})`.mapWith(occurrences.startsAt),
      endsAt: sql`min(${occurrences.endsAt})`.mapWith(occurrences.endsAt),
      firstBookableAt: sql`min(${occurrences.firstBookableAt})`.mapWith(occurrences.firstBookableAt),
      spaces: sql<number>`sum(${free})::int`.mapWith(Number),
      heldCount: sql<number>`sum(${occurrences.heldCount})::int`.mapWith(Number),
      locationCount: sql<number>`count(distinct ${occurrences.locationId})::int`.mapWith(Number),
      locationName: sql<string>`(array_agg(${locations.name} order by ${locations.position}, ${locations.id}))[1]`,
      bookableId:
        sql<number>`(array_agg(${occurrences.id} order by (${free} > 0) desc, ${locations.position}, ${locations.id}))[1]`.mapWith(
          Number,
        ),
    })
    .from(occurrences)
    .innerJoin(locations, eq(locations.id, occurrences.locationId))
    .where(
      and(
        eq(occurrences.venueId, filter.venueId),
        eq(occurrences.activityId, filter.activityId),
        gte(occurrences.startsAt, filter.from),
        lt(occurrences.startsAt, filter.to),
        isNull(occurrences.cancelledAt),
      ),
    )
    .groupBy(occurrences.compositeKey)
    .orderBy(sql`min(${occurrences.startsAt})`, sql`min(${occurrences.endsAt})`);
}

export interface OccurrenceDetailRow {
  session: SessionRow;
  activityId: number;
  venueId: number;
  bundle: { id: number; name: string; sessionsCount: number } | null;
}

export async function findOccurrence(db: Database, id: number): Promise<OccurrenceDetailRow | undefined> {
  const [row] = await db
    .select({
      ...sessionColumns,
      activityId: occurrences.activityId,
      venueId: occurrences.venueId,
      bundleName: courseBundles.name,
      bundleSessions: courseBundles.sessionsCount,
    })
    .from(occurrences)
    .innerJoin(locations, eq(locations.id, occurrences.locationId))
    .leftJoin(courseBundles, eq(courseBundles.id, occurrences.bundleId))
    .where(eq(occurrences.id, id))
    .limit(1);
  if (!row) return undefined;
  const { activityId, venueId, bundleName, bundleSessions, ...session } = row;
  return {
    session,
    activityId,
    venueId,
    bundle:
      session.bundleId !== null && bundleName !== null && bundleSessions !== null
        ? { id: session.bundleId, name: bundleName, sessionsCount: bundleSessions }
        : null,
  };
}

// ---- The viewer's own places (bookings, basket holds and waitlist entries) ---------------------------------

export interface ViewerPlaceRow {
  occurrenceId: number;
  compositeKey: string;
  bookingId: number | null;
  /** A basket line holding a place of the session (not yet paid). */
  cartItemId: number | null;
  waitlistId: number | null;
  /** 1 for the first person waiting; 0 once a place is offered. */
  waitlistPosition: number | null;
}

/**
 * The user's live bookings, basket holds and waitlist entries on sessions of one activity at one
 * venue starting in [from, to), or on the given sessions: what the availability answers show as
 * `booking`, `cart_item_id` and `waitlist_id`. Driven by the user's own rows (indexed by user or
 * basket), so it stays small.
 */
export async function listViewerPlaces(
  db: Database,
  userId: number,
  scope: { venueId: number; activityId: number; from: Date; to: Date } | { occurrenceIds: number[] },
  now: Date,
): Promise<ViewerPlaceRow[]> {
  const where =
    'occurrenceIds' in scope
      ? scope.occurrenceIds.length === 0
        ? sql`false`
        : sql`o.id in (${sql.join(
            scope.occurrenceIds.map((id) => sql`${id}::int`),
            sql`, `,
          )})`
      : sql`o.venue_id = ${scope.venueId} and o.activity_id = ${scope.activityId}
            and o.starts_at >= ${scope.from.toISOString()}::timestamptz
            and o.starts_at < ${scope.to.toISOString()}::timestamptz`;
  const result = await db.execute(sql`
    select o.id as occurrence_id, o.composite_key, b.id as booking_id, null::int as cart_item_id,
      null::int as waitlist_id, null::int as waitlist_position
    from bookings b join occurrences o on o.id = b.occurrence_id
    where b.user_id = ${userId} and b.status = 'booked' and ${where}
    union all
    select o.id, o.composite_key, null::int, h.cart_item_id, null::int, null::int
    from carts c join cart_holds h on h.cart_id = c.id join occurrences o on o.id = h.occurrence_id
    where c.user_id = ${userId} and c.status = 'open'
      and h.expires_at > ${now.toISOString()}::timestamptz and ${where}
    union all
    select o.id, o.composite_key, null::int, null::int, w.id,
      case when w.status = 'waiting' then (
        select count(*)::int + 1 from waitlist_entries x
        where x.occurrence_id = w.occurrence_id and x.status = 'waiting' and x.id < w.id
      ) else 0 end
    from waitlist_entries w join occurrences o on o.id = w.occurrence_id
    where w.user_id = ${userId} and w.status in ('waiting', 'offered') and ${where}`);
  const id = (value: number | null) => (value === null ? null : Number(value));
  return rawRowsOf<{
    occurrence_id: number;
    composite_key: string;
    booking_id: number | null;
    cart_item_id: number | null;
    waitlist_id: number | null;
    waitlist_position: number | null;
  }>(result).map((row) => ({
    occurrenceId: Number(row.occurrence_id),
    compositeKey: row.composite_key,
    bookingId: id(row.booking_id),
    cartItemId: id(row.cart_item_id),
    waitlistId: id(row.waitlist_id),
    waitlistPosition: id(row.waitlist_position),
  }));
}
