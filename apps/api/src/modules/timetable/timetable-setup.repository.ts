import { and, asc, count, eq, gt, gte, ilike, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { activities, courseBundles, locations, occurrences, timetableEntries } from '../../db/schema';
import type { OccurrenceRow, TimetableEntryRow } from './timetable.repository';

/** The console's reads and writes of weekly patterns, sessions and courses (issue 47). */

export interface EntryListRow extends TimetableEntryRow {
  activityName: string;
  activityDuration: number;
  locationName: string;
}

const entryColumns = {
  id: timetableEntries.id,
  activityId: timetableEntries.activityId,
  venueId: timetableEntries.venueId,
  locationId: timetableEntries.locationId,
  weekdayMask: timetableEntries.weekdayMask,
  startTime: timetableEntries.startTime,
  capacity: timetableEntries.capacity,
  instructorName: timetableEntries.instructorName,
  durationMinutes: timetableEntries.durationMinutes,
  startsOn: timetableEntries.startsOn,
  endsOn: timetableEntries.endsOn,
  activityName: activities.name,
  activityDuration: activities.durationMinutes,
  locationName: locations.name,
};

function entryFilter(clientId: number, query: { venueIds?: number[] | undefined; q?: string | undefined }) {
  const conditions = [eq(activities.clientId, clientId)];
  if (query.venueIds !== undefined) conditions.push(inArray(timetableEntries.venueId, query.venueIds));
  if (query.q) conditions.push(ilike(activities.name, `%${query.q.replace(/[\\%_]/g, '\\$&')}%`));
  return and(...conditions);
}

export async function listEntryRows(
  db: Database,
  clientId: number,
  query: { venueIds?: number[] | undefined; q?: string | undefined; limit: number; offset: number },
): Promise<{ rows: EntryListRow[]; total: number }> {
  const where = entryFilter(clientId, query);
  const rows = await db
    .select(entryColumns)
    .from(timetableEntries)
    .innerJoin(activities, eq(activities.id, timetableEntries.activityId))
    .innerJoin(locations, eq(locations.id, timetableEntries.locationId))
    .where(where)
    .orderBy(asc(timetableEntries.venueId), asc(timetableEntries.startTime), asc(timetableEntries.id))
    .limit(query.limit)
    .offset(query.offset);
  const [total] = await db
    .select({ n: count() })
    .from(timetableEntries)
    .innerJoin(activities, eq(activities.id, timetableEntries.activityId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findEntryRow(
  db: Database,
  clientId: number,
  id: number,
): Promise<EntryListRow | undefined> {
  const [row] = await db
    .select(entryColumns)
    .from(timetableEntries)
    .innerJoin(activities, eq(activities.id, timetableEntries.activityId))
    .innerJoin(locations, eq(locations.id, timetableEntries.locationId))
    .where(and(eq(timetableEntries.id, id), eq(activities.clientId, clientId)))
    .limit(1);
  return row;
}

/** The entry locked for a change (every change of one pattern waits for the one before). */
export async function lockEntry(db: Database, id: number): Promise<void> {
  await db
    .select({ id: timetableEntries.id })
    .from(timetableEntries)
    .where(eq(timetableEntries.id, id))
    .for('update');
}

export async function updateEntryRow(
  db: Database,
  id: number,
  values: Partial<typeof timetableEntries.$inferInsert>,
): Promise<void> {
  await db.update(timetableEntries).set(values).where(eq(timetableEntries.id, id));
}

export async function deleteEntryRow(db: Database, id: number): Promise<void> {
  await db.delete(timetableEntries).where(eq(timetableEntries.id, id));
}

export async function findActivityOfClient(db: Database, clientId: number, id: number) {
  const [row] = await db
    .select()
    .from(activities)
    .where(and(eq(activities.id, id), eq(activities.clientId, clientId)))
    .limit(1);
  return row;
}

export async function findLocationOfVenue(db: Database, venueId: number, id: number) {
  const [row] = await db
    .select()
    .from(locations)
    .where(and(eq(locations.id, id), eq(locations.venueId, venueId)))
    .limit(1);
  return row;
}

/** A pattern's sessions starting after `from`, not cancelled, locked in id order. */
export async function lockFutureSessionsOfEntry(
  db: Database,
  entryId: number,
  from: Date,
): Promise<OccurrenceRow[]> {
  return db
    .select()
    .from(occurrences)
    .where(
      and(
        eq(occurrences.timetableEntryId, entryId),
        gt(occurrences.startsAt, from),
        isNull(occurrences.cancelledAt),
      ),
    )
    .orderBy(asc(occurrences.id))
    .for('update');
}

export async function deleteSessions(db: Database, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(occurrences).where(inArray(occurrences.id, ids));
}

export async function updateSessionRow(
  db: Database,
  id: number,
  values: Partial<typeof occurrences.$inferInsert>,
): Promise<OccurrenceRow | undefined> {
  const [row] = await db.update(occurrences).set(values).where(eq(occurrences.id, id)).returning();
  return row;
}

export async function detachSessions(db: Database, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.update(occurrences).set({ timetableEntryId: null }).where(inArray(occurrences.id, ids));
}

export async function lockSession(db: Database, id: number): Promise<OccurrenceRow | undefined> {
  const [row] = await db.select().from(occurrences).where(eq(occurrences.id, id)).for('update');
  return row;
}

export interface SessionListRow extends OccurrenceRow {
  activityName: string;
  locationName: string;
}

const sessionColumns = {
  id: occurrences.id,
  activityId: occurrences.activityId,
  venueId: occurrences.venueId,
  locationId: occurrences.locationId,
  timetableEntryId: occurrences.timetableEntryId,
  bundleId: occurrences.bundleId,
  startsAt: occurrences.startsAt,
  endsAt: occurrences.endsAt,
  firstBookableAt: occurrences.firstBookableAt,
  compositeKey: occurrences.compositeKey,
  capacity: occurrences.capacity,
  bookedCount: occurrences.bookedCount,
  heldCount: occurrences.heldCount,
  instructorName: occurrences.instructorName,
  cancelledAt: occurrences.cancelledAt,
  cancelledWith: occurrences.cancelledWith,
  activityName: activities.name,
  locationName: locations.name,
};

export async function listSessionRows(
  db: Database,
  query: { venueId: number; from: Date; to: Date; q?: string | undefined; limit: number; offset: number },
): Promise<{ rows: SessionListRow[]; total: number }> {
  const conditions = [
    eq(occurrences.venueId, query.venueId),
    gte(occurrences.startsAt, query.from),
    lt(occurrences.startsAt, query.to),
  ];
  if (query.q) conditions.push(ilike(activities.name, `%${query.q.replace(/[\\%_]/g, '\\$&')}%`));
  const where = and(...conditions);
  const rows = await db
    .select(sessionColumns)
    .from(occurrences)
    .innerJoin(activities, eq(activities.id, occurrences.activityId))
    .innerJoin(locations, eq(locations.id, occurrences.locationId))
    .where(where)
    .orderBy(asc(occurrences.startsAt), asc(locations.position), asc(occurrences.id))
    .limit(query.limit)
    .offset(query.offset);
  const [total] = await db
    .select({ n: count() })
    .from(occurrences)
    .innerJoin(activities, eq(activities.id, occurrences.activityId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findSessionRow(db: Database, id: number): Promise<SessionListRow | undefined> {
  const [row] = await db
    .select(sessionColumns)
    .from(occurrences)
    .innerJoin(activities, eq(activities.id, occurrences.activityId))
    .innerJoin(locations, eq(locations.id, occurrences.locationId))
    .where(eq(occurrences.id, id))
    .limit(1);
  return row;
}

export interface CourseListRow {
  id: number;
  name: string;
  activityId: number;
  activityName: string;
  venueId: number;
  sessionsCount: number;
  firstStart: Date | null;
}

export async function listCourseRows(
  db: Database,
  clientId: number,
  query: { venueIds?: number[] | undefined; q?: string | undefined; limit: number; offset: number },
): Promise<{ rows: CourseListRow[]; total: number }> {
  const conditions = [eq(activities.clientId, clientId)];
  if (query.venueIds !== undefined) conditions.push(inArray(courseBundles.venueId, query.venueIds));
  if (query.q) conditions.push(ilike(courseBundles.name, `%${query.q.replace(/[\\%_]/g, '\\$&')}%`));
  const where = and(...conditions);
  const rows = await db
    .select({
      id: courseBundles.id,
      name: courseBundles.name,
      activityId: courseBundles.activityId,
      activityName: activities.name,
      venueId: courseBundles.venueId,
      sessionsCount: courseBundles.sessionsCount,
      firstStart:
        sql<Date | null>`(select min(o.starts_at) from occurrences o where o.bundle_id = ${courseBundles.id})`.mapWith(
          (value: string | Date | null) => (value === null ? null : new Date(value)),
        ),
    })
    .from(courseBundles)
    .innerJoin(activities, eq(activities.id, courseBundles.activityId))
    .where(where)
    .orderBy(asc(courseBundles.id))
    .limit(query.limit)
    .offset(query.offset);
  const [total] = await db
    .select({ n: count() })
    .from(courseBundles)
    .innerJoin(activities, eq(activities.id, courseBundles.activityId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The operator's activities and its venues' locations (the console's choices), name order. */
export async function listChoices(db: Database, clientId: number, venueIds: number[]) {
  const activityRows = await db
    .select({
      id: activities.id,
      name: activities.name,
      kind: activities.kind,
      durationMinutes: activities.durationMinutes,
    })
    .from(activities)
    .where(eq(activities.clientId, clientId))
    .orderBy(asc(activities.name));
  const locationRows =
    venueIds.length === 0
      ? []
      : await db
          .select({ id: locations.id, venueId: locations.venueId, name: locations.name })
          .from(locations)
          .where(inArray(locations.venueId, venueIds))
          .orderBy(asc(locations.venueId), asc(locations.position), asc(locations.id));
  return { activityRows, locationRows };
}
