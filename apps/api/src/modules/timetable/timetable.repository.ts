import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rawRowsOf } from '../../db/raw-rows';
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
} from '../../db/schema';

export type CategoryRow = typeof activityCategories.$inferSelect;
export type NewCategoryRow = typeof activityCategories.$inferInsert;
export type ActivityRow = typeof activities.$inferSelect;
export type NewActivityRow = typeof activities.$inferInsert;
export type LocationRow = typeof locations.$inferSelect;
export type NewLocationRow = typeof locations.$inferInsert;
export type TimetableEntryRow = typeof timetableEntries.$inferSelect;
export type NewTimetableEntryRow = typeof timetableEntries.$inferInsert;
export type CourseBundleRow = typeof courseBundles.$inferSelect;
export type OccurrenceRow = typeof occurrences.$inferSelect;
export type NewOccurrenceRow = typeof occurrences.$inferInsert;

/** PostgreSQL takes at most 65,535 bind parameters per statement; occurrences have 14 columns. */
const insertChunk = 2_000;

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

export async function findActivityIdBySlug(
  db: Database,
  clientId: number,
  slug: string,
): Promise<number | undefined> {
  const [row] = await db
    .select({ id: activities.id })
    .from(activities)
    .where(and(eq(activities.clientId, clientId), eq(activities.slug, slug)))
    .limit(1);
  return row?.id;
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
  options: {
    clientId: number;
    now: Date;
    days: number;
    venueIds?: number[] | undefined;
    entryIds?: number[] | undefined;
  },
): Promise<number> {
  const venueFilter =
    options.venueIds === undefined
      ? sql``
      : sql`and e.venue_id in (${sql.join(
          options.venueIds.map((id) => sql`${id}`),
          sql`, `,
        )})`;
  const entryFilter =
    options.entryIds === undefined
      ? sql``
      : sql`and e.id in (${sql.join(
          options.entryIds.map((id) => sql`${id}`),
          sql`, `,
        )})`;
  const result = await db.execute(sql`
    with generated as (
      select e.id as entry_id, e.activity_id, e.venue_id, e.location_id, e.capacity, e.instructor_name,
             s.starts_at, s.starts_at + make_interval(mins => coalesce(e.duration_minutes, a.duration_minutes)) as ends_at,
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
        and (e.starts_on is null or d.day >= e.starts_on)
        and (e.ends_on is null or d.day <= e.ends_on)
        ${venueFilter}
        ${entryFilter}
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
  return Number(rawRowsOf<{ created: number }>(result)[0]?.created ?? 0);
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
  return String(rawRowsOf<{ key: string }>(result)[0]?.key ?? '');
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
