import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rawRowsOf } from '../../db/raw-rows';
import { activities, bookings, occurrences, venues, waitlistEntries } from '../../db/schema';

export type WaitlistEntryRow = typeof waitlistEntries.$inferSelect;
export type WaitlistStatus = WaitlistEntryRow['status'];

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}::int`),
    sql`, `,
  );

/**
 * What joining a session's waitlist depends on (whose it is, whether it keeps one, and its places),
 * and what an offer of a place on it names.
 */
export interface WaitlistSessionRow {
  activityId: number;
  venueId: number;
  clientId: number;
  hasWaitlist: boolean;
  startsAt: Date;
  capacity: number;
  bookedCount: number;
  heldCount: number;
}

export async function findWaitlistSession(
  db: Database,
  occurrenceId: number,
): Promise<WaitlistSessionRow | undefined> {
  const [row] = await db
    .select({
      activityId: occurrences.activityId,
      venueId: occurrences.venueId,
      clientId: activities.clientId,
      hasWaitlist: activities.hasWaitlist,
      startsAt: occurrences.startsAt,
      capacity: occurrences.capacity,
      bookedCount: occurrences.bookedCount,
      heldCount: occurrences.heldCount,
    })
    .from(occurrences)
    .innerJoin(activities, eq(activities.id, occurrences.activityId))
    .where(eq(occurrences.id, occurrenceId))
    .limit(1);
  return row;
}

/** What an offer's email says of its session. */
export interface OfferSummaryRow {
  activityName: string;
  venueName: string;
  timezone: string;
  startsAt: Date;
}

export async function findOfferSummary(
  db: Database,
  occurrenceId: number,
): Promise<OfferSummaryRow | undefined> {
  const [row] = await db
    .select({
      activityName: activities.name,
      venueName: venues.name,
      timezone: venues.timezone,
      startsAt: occurrences.startsAt,
    })
    .from(occurrences)
    .innerJoin(activities, eq(activities.id, occurrences.activityId))
    .innerJoin(venues, eq(venues.id, occurrences.venueId))
    .where(eq(occurrences.id, occurrenceId))
    .limit(1);
  return row;
}

/** True when the user has a live booking on the session. */
export async function hasLiveBooking(db: Database, userId: number, occurrenceId: number): Promise<boolean> {
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.userId, userId),
        eq(bookings.status, 'booked'),
        eq(bookings.occurrenceId, occurrenceId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function insertWaitlistEntry(
  db: Database,
  occurrenceId: number,
  userId: number,
): Promise<WaitlistEntryRow | undefined> {
  const rows = await db
    .insert(waitlistEntries)
    .values({ occurrenceId, userId })
    .onConflictDoNothing()
    .returning();
  return rows[0];
}

export async function findWaitlistEntry(db: Database, id: number): Promise<WaitlistEntryRow | undefined> {
  const [row] = await db.select().from(waitlistEntries).where(eq(waitlistEntries.id, id)).limit(1);
  return row;
}

/** An entry with the operator of its session's activity (for the access rule). */
export async function findWaitlistEntryOfClient(
  db: Database,
  id: number,
): Promise<(WaitlistEntryRow & { clientId: number }) | undefined> {
  const [row] = await db
    .select({ entry: waitlistEntries, clientId: activities.clientId })
    .from(waitlistEntries)
    .innerJoin(occurrences, eq(occurrences.id, waitlistEntries.occurrenceId))
    .innerJoin(activities, eq(activities.id, occurrences.activityId))
    .where(eq(waitlistEntries.id, id))
    .limit(1);
  return row && { ...row.entry, clientId: row.clientId };
}

export async function findLiveWaitlistEntry(
  db: Database,
  occurrenceId: number,
  userId: number,
): Promise<WaitlistEntryRow | undefined> {
  const [row] = await db
    .select()
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.occurrenceId, occurrenceId),
        eq(waitlistEntries.userId, userId),
        inArray(waitlistEntries.status, ['waiting', 'offered']),
      ),
    )
    .limit(1);
  return row;
}

/** 1 for the first person waiting. */
export async function waitlistPosition(db: Database, entry: WaitlistEntryRow): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.occurrenceId, entry.occurrenceId),
        eq(waitlistEntries.status, 'waiting'),
        lt(waitlistEntries.id, entry.id),
      ),
    );
  return (row?.n ?? 0) + 1;
}

/** The first person waiting for a session, locked (another replica offering at once skips them). */
export async function lockFirstWaiting(
  db: Database,
  occurrenceId: number,
): Promise<WaitlistEntryRow | undefined> {
  const [row] = await db
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.occurrenceId, occurrenceId), eq(waitlistEntries.status, 'waiting')))
    .orderBy(asc(waitlistEntries.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return row;
}

export async function setWaitlistStatus(
  db: Database,
  ids: number[],
  status: WaitlistStatus,
  from: WaitlistStatus[],
  now: Date,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(waitlistEntries)
    .set({ status, ...(status === 'offered' ? { offeredAt: now } : {}) })
    .where(and(inArray(waitlistEntries.id, ids), inArray(waitlistEntries.status, from)));
}

/**
 * Offers left without their basket line: the line and its hold were released, but the process died
 * before the offer was marked expired (the two are separate statements). Expired now; answers their
 * sessions.
 */
export async function expireOffersWithoutLine(db: Database): Promise<number[]> {
  const result = await db.execute(sql`
    update waitlist_entries w set status = 'expired'
    where w.status = 'offered'
      and not exists (select 1 from cart_items ci where ci.waitlist_entry_id = w.id)
    returning w.occurrence_id`);
  return rawRowsOf<{ occurrence_id: number }>(result).map((row) => Number(row.occurrence_id));
}

/**
 * Sessions still to come with someone waiting and a place free: places a crash freed without
 * offering them on (the release committed, the offer did not run).
 */
export async function listUpcomingWaitlistedWithSpace(db: Database, now: Date): Promise<number[]> {
  const result = await db.execute(sql`
    select distinct o.id from occurrences o
    join waitlist_entries w on w.occurrence_id = o.id and w.status = 'waiting'
    where o.starts_at > ${now.toISOString()}::timestamptz
      and o.capacity - o.booked_count - o.held_count > 0
    order by o.id`);
  return rawRowsOf<{ id: number }>(result).map((row) => Number(row.id));
}

/** Sessions with someone waiting and a place free now (the sweeper's second step). */
export async function listWaitlistedWithSpace(db: Database, occurrenceIds: number[]): Promise<number[]> {
  if (occurrenceIds.length === 0) return [];
  const result = await db.execute(sql`
    select distinct o.id from occurrences o
    join waitlist_entries w on w.occurrence_id = o.id and w.status = 'waiting'
    where o.id in (${idList(occurrenceIds)}) and o.capacity - o.booked_count - o.held_count > 0
    order by o.id`);
  return rawRowsOf<{ id: number }>(result).map((row) => Number(row.id));
}

/** Ends the live entries (waiting or offered) of a session the operator cancelled; answers how many. */
export async function endEntriesOfSession(db: Database, occurrenceId: number): Promise<number> {
  const rows = await db
    .update(waitlistEntries)
    .set({ status: 'cancelled' })
    .where(
      and(
        eq(waitlistEntries.occurrenceId, occurrenceId),
        inArray(waitlistEntries.status, ['waiting', 'offered']),
      ),
    )
    .returning({ id: waitlistEntries.id });
  return rows.length;
}
