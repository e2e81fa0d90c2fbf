import type {
  SessionsOutcome,
  TimetableEntryChange,
  TimetableEntryInput,
  TimetableEntryListQuery,
} from '@leisure/contract/admin/timetables';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { localDateOf, zonedTimeToUtc } from '../../lib/dates';
import { actorOf, recordChange } from '../audit/audit.service';
import type { Mailer } from '../mail/mail.service';
import { findVenueOfOperator, listVenuesOfOperator, type VenueRow } from '../operator/operator.service';
import { requireVenueScope } from '../session/access';
import type { Auth } from '../session/session';
import { generateOccurrences, insertTimetableEntries } from './timetable.repository';
import { compositeKeyOf, firstBookableAt, weekdayMask } from './timetable.service';
import { emailTimeChanges, type TimeChange } from './timetable-setup.mail';
import {
  deleteEntryRow,
  deleteSessions,
  detachSessions,
  type EntryListRow,
  findActivityOfClient,
  findEntryRow,
  findLocationOfVenue,
  listChoices,
  listEntryRows,
  lockEntry,
  lockFutureSessionsOfEntry,
  updateEntryRow,
  updateSessionRow,
} from './timetable-setup.repository';

/**
 * The console's weekly patterns (issue 47): a timetable entry generates its sessions for the rolling
 * window at once; a change reaches its future sessions (those with bookings keep their bookings and
 * their people are emailed when the time moves); a removal removes only future sessions nobody booked.
 */

export interface TimetableSetupDeps {
  db: Database;
  config: Config;
  mailer: Mailer;
}

/** The rolling window the console generates for (as `extendTimetable`). */
export const setupHorizonDays = 15;

export function weekdaysOf(mask: number): number[] {
  return [0, 1, 2, 3, 4, 5, 6].filter((day) => (mask & (1 << day)) !== 0);
}

export function presentEntry(row: EntryListRow, venueName: string) {
  return {
    id: row.id,
    activity_id: row.activityId,
    activity_name: row.activityName,
    venue_id: row.venueId,
    venue_name: venueName,
    location_id: row.locationId,
    location_name: row.locationName,
    weekdays: weekdaysOf(row.weekdayMask),
    start_time: row.startTime,
    duration_minutes: row.durationMinutes,
    effective_duration_minutes: row.durationMinutes ?? row.activityDuration,
    capacity: row.capacity,
    instructor_name: row.instructorName,
    starts_on: row.startsOn,
    ends_on: row.endsOn,
  };
}

const noOutcome = (): SessionsOutcome => ({
  created: 0,
  updated: 0,
  removed: 0,
  kept_with_bookings: [],
  emailed: 0,
});

/**
 * Removes sessions nobody has booked or holds. One that an old basket line or a cancelled booking
 * still names cannot be deleted: it is retired instead (cancelled, out of the pattern), so customers
 * no longer see it and nothing that names it is lost.
 */
async function removeSessions(tx: Database, ids: number[], now: Date): Promise<void> {
  for (const id of ids) {
    try {
      await tx.transaction(async (savepoint) => deleteSessions(savepoint, [id]));
    } catch {
      await updateSessionRow(tx, id, { cancelledAt: now, cancelledWith: 'removed', timetableEntryId: null });
    }
  }
}

async function venueOf(db: Database, auth: Auth, venueId: number): Promise<VenueRow> {
  const venue = await findVenueOfOperator(db, auth.user.clientId, venueId);
  if (!venue) throw AppError.validation({ venue_id: ['Choose one of your venues.'] });
  return venue;
}

async function presentById(db: Database, auth: Auth, id: number) {
  const row = await findEntryRow(db, auth.user.clientId, id);
  if (!row) throw AppError.notFound();
  const venue = await findVenueOfOperator(db, auth.user.clientId, row.venueId);
  return presentEntry(row, venue?.name ?? '');
}

export async function listTimetableEntries(db: Database, auth: Auth, query: TimetableEntryListQuery) {
  const { rows, total } = await listEntryRows(db, auth.user.clientId, {
    venueIds: query.venue_id === undefined ? undefined : [query.venue_id],
    q: query.q,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  const names = new Map<number, string>();
  for (const venueId of new Set(rows.map((row) => row.venueId))) {
    names.set(venueId, (await findVenueOfOperator(db, auth.user.clientId, venueId))?.name ?? '');
  }
  return {
    data: rows.map((row) => presentEntry(row, names.get(row.venueId) ?? '')),
    meta: { page: query.page, per_page: query.per_page, total },
  };
}

export async function getTimetableEntry(db: Database, auth: Auth, id: number) {
  return presentById(db, auth, id);
}

async function checkFacts(
  db: Database,
  auth: Auth,
  venue: VenueRow,
  facts: {
    activityId?: number | undefined;
    locationId?: number | undefined;
    startsOn?: string | null;
    endsOn?: string | null;
  },
) {
  const errors: Record<string, string[]> = {};
  if (facts.activityId !== undefined) {
    const activity = await findActivityOfClient(db, auth.user.clientId, facts.activityId);
    if (!activity) errors.activity_id = ['Choose an activity.'];
    else if (activity.kind === 'course') errors.activity_id = ['A course activity is set up as a course.'];
  }
  if (facts.locationId !== undefined && !(await findLocationOfVenue(db, venue.id, facts.locationId))) {
    errors.location_id = ['Choose a location of this venue.'];
  }
  if (facts.startsOn && facts.endsOn && facts.endsOn < facts.startsOn) {
    errors.ends_on = ['The last date is before the first.'];
  }
  if (Object.keys(errors).length > 0) throw AppError.validation(errors);
}

/** `POST api/admin/timetable-entries`: the pattern and its sessions for the rolling window. */
export async function createTimetableEntry(
  deps: TimetableSetupDeps,
  auth: Auth,
  input: TimetableEntryInput,
  request?: FastifyRequest,
  now = new Date(),
) {
  requireVenueScope(auth, input.venue_id);
  const venue = await venueOf(deps.db, auth, input.venue_id);
  await checkFacts(deps.db, auth, venue, {
    activityId: input.activity_id,
    locationId: input.location_id,
    startsOn: input.starts_on,
    endsOn: input.ends_on,
  });
  const { id, created } = await deps.db.transaction(async (tx) => {
    const [entry] = await insertTimetableEntries(tx, [
      {
        activityId: input.activity_id,
        venueId: input.venue_id,
        locationId: input.location_id,
        weekdayMask: weekdayMask(input.weekdays),
        startTime: input.start_time,
        durationMinutes: input.duration_minutes,
        capacity: input.capacity,
        instructorName: input.instructor_name || null,
        startsOn: input.starts_on,
        endsOn: input.ends_on,
      },
    ]);
    if (!entry) throw new Error('timetable entry insert returned no row');
    const made = await generateOccurrences(tx, {
      clientId: auth.user.clientId,
      now,
      days: setupHorizonDays,
      entryIds: [entry.id],
    });
    await recordChange(
      tx,
      actorOf(auth.user),
      {
        action: 'timetable-entry.create',
        entityType: 'timetable-entry',
        entityId: entry.id,
        venueId: entry.venueId,
        after: { ...entry, sessions_created: made },
      },
      request,
    );
    return { id: entry.id, created: made };
  });
  return { data: await presentById(deps.db, auth, id), sessions: { ...noOutcome(), created } };
}

/**
 * `PATCH api/admin/timetable-entries/{id}`: the pattern changes, and so do its future sessions. A
 * session nobody booked or holds is removed and generated again from the new pattern; one with
 * bookings or held places keeps them and is changed in place (its capacity never below its places),
 * and when its time moves its people are emailed. Answers what it did.
 */
export async function changeTimetableEntry(
  deps: TimetableSetupDeps,
  auth: Auth,
  id: number,
  change: TimetableEntryChange,
  request?: FastifyRequest,
  now = new Date(),
) {
  const before = await findEntryRow(deps.db, auth.user.clientId, id);
  if (!before) throw AppError.notFound();
  requireVenueScope(auth, before.venueId);
  const venue = await venueOf(deps.db, auth, before.venueId);
  const startsOn = change.starts_on === undefined ? before.startsOn : change.starts_on;
  const endsOn = change.ends_on === undefined ? before.endsOn : change.ends_on;
  await checkFacts(deps.db, auth, venue, {
    activityId: change.activity_id,
    locationId: change.location_id,
    startsOn,
    endsOn,
  });
  const outcome = noOutcome();
  const timeChanges: TimeChange[] = [];
  await deps.db.transaction(async (tx) => {
    await lockEntry(tx, id);
    const sessions = await lockFutureSessionsOfEntry(tx, id, now);
    const values = {
      ...(change.activity_id !== undefined ? { activityId: change.activity_id } : {}),
      ...(change.location_id !== undefined ? { locationId: change.location_id } : {}),
      ...(change.weekdays !== undefined ? { weekdayMask: weekdayMask(change.weekdays) } : {}),
      ...(change.start_time !== undefined ? { startTime: change.start_time } : {}),
      ...(change.duration_minutes !== undefined ? { durationMinutes: change.duration_minutes } : {}),
      ...(change.capacity !== undefined ? { capacity: change.capacity } : {}),
      ...(change.instructor_name !== undefined ? { instructorName: change.instructor_name || null } : {}),
      ...(change.starts_on !== undefined ? { startsOn: change.starts_on } : {}),
      ...(change.ends_on !== undefined ? { endsOn: change.ends_on } : {}),
    };
    await updateEntryRow(tx, id, values);
    const after = await findEntryRow(tx, auth.user.clientId, id);
    if (!after) throw AppError.notFound();
    const activity = await findActivityOfClient(tx, auth.user.clientId, after.activityId);
    if (!activity) throw AppError.notFound();
    const duration = after.durationMinutes ?? after.activityDuration;
    const mask = after.weekdayMask;
    const free = sessions.filter((session) => session.bookedCount === 0 && session.heldCount === 0);
    const used = sessions.filter((session) => session.bookedCount > 0 || session.heldCount > 0);
    await removeSessions(
      tx,
      free.map((session) => session.id),
      now,
    );
    outcome.removed = free.length;
    for (const session of used) {
      const date = localDateOf(session.startsAt, venue.timezone);
      const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
      const stillRuns =
        (mask & (1 << weekday)) !== 0 &&
        (after.startsOn === null || date >= after.startsOn) &&
        (after.endsOn === null || date <= after.endsOn) &&
        after.activityId === session.activityId;
      if (!stillRuns) {
        // No longer part of the pattern: kept as a session of its own with its bookings.
        await detachSessions(tx, [session.id]);
        outcome.kept_with_bookings.push({
          id: session.id,
          starts_at: session.startsAt.toISOString(),
          booked: session.bookedCount,
        });
        continue;
      }
      const startsAt = zonedTimeToUtc(date, after.startTime, venue.timezone);
      const endsAt = new Date(startsAt.getTime() + duration * 60_000);
      const places = session.bookedCount + session.heldCount;
      const moved = startsAt.getTime() !== session.startsAt.getTime();
      await updateSessionRow(tx, session.id, {
        locationId: after.locationId,
        startsAt,
        endsAt,
        firstBookableAt: firstBookableAt(date, after.startTime, activity, venue.timezone),
        compositeKey: compositeKeyOf(session.activityId, session.venueId, startsAt, endsAt),
        capacity: Math.max(after.capacity, places),
        instructorName: after.instructorName,
      });
      outcome.updated += 1;
      outcome.kept_with_bookings.push({
        id: session.id,
        starts_at: startsAt.toISOString(),
        booked: session.bookedCount,
      });
      if (moved && session.bookedCount > 0) {
        timeChanges.push({ occurrenceId: session.id, from: session.startsAt, to: startsAt });
      }
    }
    outcome.created = await generateOccurrences(tx, {
      clientId: auth.user.clientId,
      now,
      days: setupHorizonDays,
      entryIds: [id],
    });
    await recordChange(
      tx,
      actorOf(auth.user),
      {
        action: 'timetable-entry.update',
        entityType: 'timetable-entry',
        entityId: id,
        venueId: before.venueId,
        before,
        after: { ...after, sessions: outcome },
      },
      request,
    );
  });
  outcome.emailed = await emailTimeChanges(deps, auth.user.clientId, venue, timeChanges);
  return { data: await presentById(deps.db, auth, id), sessions: outcome };
}

/**
 * `DELETE api/admin/timetable-entries/{id}`: the pattern goes, with its future sessions nobody has
 * booked or holds. Sessions with bookings are kept (as sessions of their own) and listed, for the
 * operator to cancel if they mean to.
 */
export async function removeTimetableEntry(
  deps: TimetableSetupDeps,
  auth: Auth,
  id: number,
  request?: FastifyRequest,
  now = new Date(),
) {
  const before = await findEntryRow(deps.db, auth.user.clientId, id);
  if (!before) throw AppError.notFound();
  requireVenueScope(auth, before.venueId);
  const outcome = noOutcome();
  await deps.db.transaction(async (tx) => {
    await lockEntry(tx, id);
    const sessions = await lockFutureSessionsOfEntry(tx, id, now);
    const free = sessions.filter((session) => session.bookedCount === 0 && session.heldCount === 0);
    await removeSessions(
      tx,
      free.map((session) => session.id),
      now,
    );
    outcome.removed = free.length;
    outcome.kept_with_bookings = sessions
      .filter((session) => session.bookedCount > 0 || session.heldCount > 0)
      .map((session) => ({
        id: session.id,
        starts_at: session.startsAt.toISOString(),
        booked: session.bookedCount,
      }));
    // Past sessions and the kept ones stay (their timetable_entry_id becomes null with the entry).
    await deleteEntryRow(tx, id);
    await recordChange(
      tx,
      actorOf(auth.user),
      {
        action: 'timetable-entry.delete',
        entityType: 'timetable-entry',
        entityId: id,
        venueId: before.venueId,
        before,
        after: { sessions: outcome },
      },
      request,
    );
  });
  return { sessions: outcome };
}

/** `GET api/admin/timetable-choices`: the venues, activities and locations the forms choose from. */
export async function listTimetableChoices(db: Database, auth: Auth) {
  const venues = await listVenuesOfOperator(db, auth.user.clientId);
  const { activityRows, locationRows } = await listChoices(
    db,
    auth.user.clientId,
    venues.map((venue) => venue.id),
  );
  return {
    venues: venues.map((venue) => ({ id: venue.id, name: venue.name })),
    activities: activityRows.map((row) => ({
      id: row.id,
      name: row.name,
      kind: row.kind,
      duration_minutes: row.durationMinutes,
    })),
    locations: locationRows.map((row) => ({ id: row.id, venue_id: row.venueId, name: row.name })),
  };
}
