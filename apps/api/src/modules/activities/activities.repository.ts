import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  activities,
  activityCategories,
  courseBundles,
  locations,
  occurrences,
  pricingOptions,
  tickets,
  timetableEntries,
  venueActivities,
  venues,
} from '../../db/schema';

export type CategoryRow = typeof activityCategories.$inferSelect;
export type NewCategoryRow = typeof activityCategories.$inferInsert;
export type ActivityRow = typeof activities.$inferSelect;
export type NewActivityRow = typeof activities.$inferInsert;
export type LocationRow = typeof locations.$inferSelect;
export type NewLocationRow = typeof locations.$inferInsert;
export type PricingOptionRow = typeof pricingOptions.$inferSelect;
export type TicketRow = typeof tickets.$inferSelect;
export type TimetableEntryRow = typeof timetableEntries.$inferSelect;
export type NewTimetableEntryRow = typeof timetableEntries.$inferInsert;
export type CourseBundleRow = typeof courseBundles.$inferSelect;
export type OccurrenceRow = typeof occurrences.$inferSelect;
export type NewOccurrenceRow = typeof occurrences.$inferInsert;

/** Rows of a raw statement: both drivers (node-postgres and PGlite) answer `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** PostgreSQL takes at most 65,535 bind parameters per statement; occurrences have 14 columns. */
const insertChunk = 2_000;

// ---- Catalogue -------------------------------------------------------------------------------------

export type VenueRow = typeof venues.$inferSelect;

/** The operator's venues in display order (the venue finder). */
export async function listVenuesOfClient(db: Database, clientId: number): Promise<VenueRow[]> {
  return db.select().from(venues).where(eq(venues.clientId, clientId)).orderBy(asc(venues.id));
}

export async function findVenueOfClient(
  db: Database,
  clientId: number,
  venueId: number,
): Promise<VenueRow | undefined> {
  const [row] = await db
    .select()
    .from(venues)
    .where(and(eq(venues.clientId, clientId), eq(venues.id, venueId)))
    .limit(1);
  return row;
}

export async function listCategories(db: Database, clientId: number): Promise<CategoryRow[]> {
  return db
    .select()
    .from(activityCategories)
    .where(eq(activityCategories.clientId, clientId))
    .orderBy(asc(activityCategories.position), asc(activityCategories.id));
}

/** The activities a venue offers, in display order. */
export async function listVenueActivities(db: Database, venueId: number): Promise<ActivityRow[]> {
  const rows = await db
    .select({ activity: activities })
    .from(venueActivities)
    .innerJoin(activities, eq(activities.id, venueActivities.activityId))
    .where(eq(venueActivities.venueId, venueId))
    .orderBy(asc(activities.position), asc(activities.id));
  return rows.map((row) => row.activity);
}

/** An activity the venue offers, by slug, with its category's slug. */
export async function findVenueActivity(
  db: Database,
  venueId: number,
  slug: string,
): Promise<ActivityRow | undefined> {
  const [row] = await db
    .select({ activity: activities })
    .from(venueActivities)
    .innerJoin(activities, eq(activities.id, venueActivities.activityId))
    .where(and(eq(venueActivities.venueId, venueId), eq(activities.slug, slug)))
    .limit(1);
  return row?.activity;
}

export async function findActivityById(db: Database, id: number): Promise<ActivityRow | undefined> {
  const [row] = await db.select().from(activities).where(eq(activities.id, id)).limit(1);
  return row;
}

export interface PricingOptionWithTickets extends PricingOptionRow {
  tickets: TicketRow[];
}

/** An activity's pricing options in order, each with its tickets in order. */
export async function listPricing(db: Database, activityId: number): Promise<PricingOptionWithTickets[]> {
  const rows = await db
    .select({ option: pricingOptions, ticket: tickets })
    .from(pricingOptions)
    .leftJoin(tickets, eq(tickets.pricingOptionId, pricingOptions.id))
    .where(eq(pricingOptions.activityId, activityId))
    .orderBy(asc(pricingOptions.position), asc(pricingOptions.id), asc(tickets.position), asc(tickets.id));
  const options = new Map<number, PricingOptionWithTickets>();
  for (const { option, ticket } of rows) {
    let entry = options.get(option.id);
    if (!entry) {
      entry = { ...option, tickets: [] };
      options.set(option.id, entry);
    }
    if (ticket) entry.tickets.push(ticket);
  }
  return [...options.values()];
}

/** The venue's locations an activity has sessions in from `from` on, in display order. */
export async function listActivityLocations(
  db: Database,
  venueId: number,
  activityId: number,
  from: Date,
): Promise<LocationRow[]> {
  const used = db
    .selectDistinct({ id: occurrences.locationId })
    .from(occurrences)
    .where(
      and(
        eq(occurrences.venueId, venueId),
        eq(occurrences.activityId, activityId),
        gte(occurrences.startsAt, from),
      ),
    );
  return db
    .select()
    .from(locations)
    .where(inArray(locations.id, used))
    .orderBy(asc(locations.position), asc(locations.id));
}

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
    select string_agg(id || ',' || capacity || ',' || booked_count || ',' || held_count, ';') as places
    from occurrences
    where venue_id = ${filter.venueId} and activity_id = ${filter.activityId}
      and starts_at >= ${filter.from.toISOString()}::timestamptz
      and starts_at < ${filter.to.toISOString()}::timestamptz`);
  const text = rowsOf<{ places: string | null }>(result)[0]?.places ?? null;
  const places = new Map<number, LivePlaces>();
  if (!text) return places;
  for (const entry of text.split(';')) {
    const [id, capacity, booked, held] = entry.split(',');
    places.set(Number(id), {
      capacity: Number(capacity),
      bookedCount: Number(booked),
      heldCount: Number(held),
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

// ---- Writes (factories, the seed and tests) ----------------------------------------------------------

export async function insertCategory(db: Database, values: NewCategoryRow): Promise<CategoryRow> {
  const [row] = await db.insert(activityCategories).values(values).returning();
  if (!row) throw new Error('category insert returned no row');
  return row;
}

export async function findCategoryBySlug(
  db: Database,
  clientId: number,
  slug: string,
): Promise<CategoryRow | undefined> {
  const [row] = await db
    .select()
    .from(activityCategories)
    .where(and(eq(activityCategories.clientId, clientId), eq(activityCategories.slug, slug)))
    .limit(1);
  return row;
}

export interface NewPricing {
  name: string;
  forMembers?: boolean;
  tickets: { name: string; amount: number }[];
}

/** Inserts an activity with its pricing options and tickets. */
export async function insertActivity(
  db: Database,
  values: NewActivityRow,
  pricing: NewPricing[],
): Promise<ActivityRow> {
  const [row] = await db.insert(activities).values(values).returning();
  if (!row) throw new Error('activity insert returned no row');
  const options = await db
    .insert(pricingOptions)
    .values(
      pricing.map((option, position) => ({
        activityId: row.id,
        name: option.name,
        forMembers: option.forMembers ?? false,
        position,
      })),
    )
    .returning();
  const ticketRows = options.flatMap((option, index) =>
    (pricing[index]?.tickets ?? []).map((ticket, position) => ({
      pricingOptionId: option.id,
      name: ticket.name,
      amount: ticket.amount,
      position,
    })),
  );
  if (ticketRows.length > 0) await db.insert(tickets).values(ticketRows);
  return row;
}

export async function insertVenueActivities(
  db: Database,
  rows: { venueId: number; activityId: number }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(venueActivities).values(rows).onConflictDoNothing();
}

export async function insertLocations(db: Database, rows: NewLocationRow[]): Promise<LocationRow[]> {
  if (rows.length === 0) return [];
  return db.insert(locations).values(rows).returning();
}

export async function insertTimetableEntries(
  db: Database,
  rows: NewTimetableEntryRow[],
): Promise<TimetableEntryRow[]> {
  const inserted: TimetableEntryRow[] = [];
  for (let i = 0; i < rows.length; i += insertChunk) {
    inserted.push(
      ...(await db
        .insert(timetableEntries)
        .values(rows.slice(i, i + insertChunk))
        .returning()),
    );
  }
  return inserted;
}

/**
 * Generates the sessions of the client's timetable lines (of some venues, or all) for `days` days
 * from each venue's local today, in one statement: PostgreSQL does the time-zone arithmetic (local
 * wall-clock times in the venue's zone, summer time included) and the composite keys, so tens of
 * thousands of sessions need no round trips. Sessions that exist are left alone (with their places).
 * Answers how many it created. The key formula matches `compositeKeySql` below and the service's
 * `compositeKeyOf`.
 */
export async function generateOccurrences(
  db: Database,
  options: { clientId: number; now: Date; days: number; venueIds?: number[] | undefined },
): Promise<number> {
  const venueFilter =
    options.venueIds === undefined
      ? sql``
      : sql`and e.venue_id in (${sql.join(
          options.venueIds.map((id) => sql`${id}`),
          sql`, `,
        )})`;
  const result = await db.execute(sql`
    with generated as (
      select e.id as entry_id, e.activity_id, e.venue_id, e.location_id, e.capacity, e.instructor_name,
             s.starts_at, s.starts_at + make_interval(mins => a.duration_minutes) as ends_at,
             ((d.day - a.booking_window_days) + coalesce(a.booking_opens_at, e.start_time)::time)
               at time zone v.timezone as first_bookable_at
      from timetable_entries e
      join activities a on a.id = e.activity_id
      join venues v on v.id = e.venue_id
      cross join generate_series(0, ${options.days - 1}::int) as g(n)
      cross join lateral (
        select ((${options.now.toISOString()}::timestamptz at time zone v.timezone)::date + g.n) as day
      ) d
      cross join lateral (select ((d.day + e.start_time::time) at time zone v.timezone) as starts_at) s
      where a.client_id = ${options.clientId}
        and (e.weekday_mask & (1 << (extract(isodow from d.day)::int - 1))) <> 0
        ${venueFilter}
    ),
    inserted as (
      insert into occurrences (activity_id, venue_id, location_id, timetable_entry_id, starts_at, ends_at,
                               first_bookable_at, composite_key, capacity, instructor_name)
      select activity_id, venue_id, location_id, entry_id, starts_at, ends_at, first_bookable_at,
             substr(md5(activity_id || '|' || venue_id || '|' || extract(epoch from starts_at)::bigint
                        || '|' || extract(epoch from ends_at)::bigint), 1, 8),
             capacity, instructor_name
      from generated
      on conflict do nothing
      returning 1
    )
    select count(*)::int as created from inserted`);
  return Number(rowsOf<{ created: number }>(result)[0]?.created ?? 0);
}

/** The composite key as the database computes it (tests compare it with the service's). */
export async function compositeKeySql(
  db: Database,
  activityId: number,
  venueId: number,
  startsAt: Date,
  endsAt: Date,
): Promise<string> {
  const result = await db.execute(sql`
    select substr(md5(${activityId}::int || '|' || ${venueId}::int || '|'
      || extract(epoch from ${startsAt.toISOString()}::timestamptz)::bigint || '|'
      || extract(epoch from ${endsAt.toISOString()}::timestamptz)::bigint), 1, 8) as key`);
  return String(rowsOf<{ key: string }>(result)[0]?.key ?? '');
}

export async function insertOccurrence(db: Database, row: NewOccurrenceRow): Promise<OccurrenceRow> {
  const [inserted] = await db.insert(occurrences).values(row).returning();
  if (!inserted) throw new Error('occurrence insert returned no row');
  return inserted;
}

export async function insertCourseBundle(
  db: Database,
  row: typeof courseBundles.$inferInsert,
): Promise<CourseBundleRow> {
  const [inserted] = await db.insert(courseBundles).values(row).returning();
  if (!inserted) throw new Error('course bundle insert returned no row');
  return inserted;
}

/**
 * Sets the places used on sessions (the seed's walk-in bookings, tests). The CHECK constraint
 * refuses more than the capacity.
 */
export async function updatePlacesUsed(
  db: Database,
  occurrenceIds: number[],
  used: { booked: number; held: number },
): Promise<void> {
  if (occurrenceIds.length === 0) return;
  await db
    .update(occurrences)
    .set({ bookedCount: used.booked, heldCount: used.held })
    .where(inArray(occurrences.id, occurrenceIds));
}

/** Fills sessions to capacity (booked), e.g. the seed's sold-out evening sessions. */
export async function fillOccurrences(db: Database, occurrenceIds: number[]): Promise<void> {
  if (occurrenceIds.length === 0) return;
  await db
    .update(occurrences)
    .set({ bookedCount: sql`${occurrences.capacity}`, heldCount: 0 })
    .where(inArray(occurrences.id, occurrenceIds));
}

export async function findOccurrenceRow(db: Database, id: number): Promise<OccurrenceRow | undefined> {
  const [row] = await db.select().from(occurrences).where(eq(occurrences.id, id)).limit(1);
  return row;
}

/** Occurrence ids of sessions matching a local start (used by the seed to pick evening sessions). */
export async function listOccurrenceIdsByEntries(db: Database, entryIds: number[]): Promise<number[]> {
  if (entryIds.length === 0) return [];
  const rows = await db
    .select({ id: occurrences.id })
    .from(occurrences)
    .where(inArray(occurrences.timetableEntryId, entryIds));
  return rows.map((row) => row.id);
}

// ---- The viewer's own places (bookings and waitlist entries made by the cart module) ----------------------

export interface ViewerPlaceRow {
  occurrenceId: number;
  compositeKey: string;
  bookingId: number | null;
  waitlistId: number | null;
}

/**
 * The user's live bookings and waitlist entries on sessions of one activity at one venue starting in
 * [from, to), or on the given sessions: what the availability answers show as `booking` and
 * `waitlist_id`. Driven by the user's own rows (indexed by user), so it stays small.
 */
export async function listViewerPlaces(
  db: Database,
  userId: number,
  scope: { venueId: number; activityId: number; from: Date; to: Date } | { occurrenceIds: number[] },
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
    select o.id as occurrence_id, o.composite_key, b.id as booking_id, null::int as waitlist_id
    from bookings b join occurrences o on o.id = b.occurrence_id
    where b.user_id = ${userId} and b.status = 'booked' and ${where}
    union all
    select o.id, o.composite_key, null::int, w.id
    from waitlist_entries w join occurrences o on o.id = w.occurrence_id
    where w.user_id = ${userId} and w.status in ('waiting', 'offered') and ${where}`);
  return rowsOf<{
    occurrence_id: number;
    composite_key: string;
    booking_id: number | null;
    waitlist_id: number | null;
  }>(result).map((row) => ({
    occurrenceId: Number(row.occurrence_id),
    compositeKey: row.composite_key,
    bookingId: row.booking_id === null ? null : Number(row.booking_id),
    waitlistId: row.waitlist_id === null ? null : Number(row.waitlist_id),
  }));
}
