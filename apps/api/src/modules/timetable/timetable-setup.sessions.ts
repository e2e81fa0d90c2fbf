import type {
  AdminSessionListQuery,
  CourseInput,
  SessionCancelRequest,
  SessionMoveRequest,
} from '@leisure/contract/admin/timetables';
import { formatMoney } from '@leisure/contract/money';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { localDateOf, localDayBounds, localTimeOf, zonedTimeToUtc } from '../../lib/dates';
import { type AuditActor, actorOf, recordChange } from '../audit/audit.service';
import { cancelBookingsOfSession, type SessionBookingCancelled } from '../bookings/operator-cancellation';
import { findVenueOfOperator, type VenueRow } from '../operator/operator.service';
import { requireVenueScope } from '../session/access';
import type { Auth } from '../session/session';
import { endWaitlistOfSession } from '../waitlist/waitlist.service';
import { insertCourseBundle } from './timetable.repository';
import {
  type ActivityRow,
  type CourseBundleRow,
  compositeKeyOf,
  createOccurrence,
  firstBookableAt,
  type LocationRow,
} from './timetable.service';
import { emailSessionCancelled, emailTimeChanges } from './timetable-setup.mail';
import {
  type CourseListRow,
  findActivityOfClient,
  findLocationOfVenue,
  findSessionRow,
  listCourseRows,
  listSessionRows,
  lockSession,
  type SessionListRow,
  updateSessionRow,
} from './timetable-setup.repository';
import type { TimetableSetupDeps } from './timetable-setup.service';

/**
 * The console's sessions (issue 47): the list with places, a one-off cancel (the people booked get
 * their money back as credit and an email; exactly once), a one-off move; and courses.
 */

async function _venueOf(db: Database, auth: Auth, venueId: number): Promise<VenueRow> {
  const venue = await findVenueOfOperator(db, auth.user.clientId, venueId);
  if (!venue) throw AppError.notFound();
  return venue;
}

export function presentSession(row: SessionListRow, timeZone: string) {
  return {
    id: row.id,
    activity_name: row.activityName,
    venue_id: row.venueId,
    location_id: row.locationId,
    location_name: row.locationName,
    date: localDateOf(row.startsAt, timeZone),
    start_time: localTimeOf(row.startsAt, timeZone),
    end_time: localTimeOf(row.endsAt, timeZone),
    starts_at: row.startsAt.toISOString(),
    capacity: row.capacity,
    booked: row.bookedCount,
    held: row.heldCount,
    timetable_entry_id: row.timetableEntryId,
    course_id: row.bundleId,
    cancelled: row.cancelledAt !== null,
  };
}

/** `GET api/admin/sessions?venue_id&from&to`: a venue's sessions on those local dates, paged. */
export async function listAdminSessions(db: Database, auth: Auth, query: AdminSessionListQuery) {
  const venue = await findVenueOfOperator(db, auth.user.clientId, query.venue_id);
  if (!venue) throw AppError.validation({ venue_id: ['Choose one of your venues.'] });
  if (query.to < query.from) throw AppError.validation({ to: ['The last date is before the first.'] });
  const { rows, total } = await listSessionRows(db, {
    venueId: venue.id,
    from: localDayBounds(query.from, venue.timezone).from,
    to: localDayBounds(query.to, venue.timezone).to,
    q: query.q,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return {
    data: rows.map((row) => presentSession(row, venue.timezone)),
    meta: { page: query.page, per_page: query.per_page, total },
  };
}

async function sessionOf(db: Database, auth: Auth, id: number) {
  const row = await findSessionRow(db, id);
  if (!row) throw AppError.notFound();
  const venue = await findVenueOfOperator(db, auth.user.clientId, row.venueId);
  if (!venue) throw AppError.notFound();
  return { row, venue };
}

/**
 * `POST api/admin/sessions/{id}/cancel`: the session is cancelled (customers no longer see it or can
 * put it in a basket), its live bookings are cancelled with their paid amount as account credit, its
 * waitlist ends, and each person booked is emailed. The session's row is locked first and the cancel
 * happens once: a retried or concurrent cancel finds it cancelled and does nothing again.
 */
export async function cancelSession(
  deps: TimetableSetupDeps,
  auth: Auth,
  id: number,
  body: SessionCancelRequest,
  request?: FastifyRequest,
  now = new Date(),
) {
  const { row, venue } = await sessionOf(deps.db, auth, id);
  requireVenueScope(auth, row.venueId);
  if (body.resolution === 'refund') {
    // The payment provider refunds whole payments only; refunding one session of an order is not built.
    throw AppError.validation({
      resolution: ['Refunds to the card are not available yet: choose account credit.'],
    });
  }
  const result = await deps.db.transaction(async (tx) => {
    const locked = await lockSession(tx, id);
    if (!locked) throw AppError.notFound();
    if (locked.cancelledAt !== null) return { changed: false, cancelled: [] as SessionBookingCancelled[] };
    if (locked.startsAt <= now) {
      throw AppError.validation({ session: ['This session has started; it cannot be cancelled.'] });
    }
    await updateSessionRow(tx, id, { cancelledAt: now, cancelledWith: body.resolution });
    const cancelled = await cancelBookingsOfSession(tx, id, { now, giveCredit: true });
    const waitlistEnded = await endWaitlistOfSession(tx, id);
    await recordChange(
      tx,
      actorOf(auth.user),
      {
        action: 'session.cancel',
        entityType: 'session',
        entityId: id,
        venueId: row.venueId,
        before: locked,
        after: {
          cancelled_at: now.toISOString(),
          resolution: body.resolution,
          reason: body.reason ?? null,
          bookings: cancelled.map((booking) => ({ id: booking.bookingId, credit: booking.credit })),
          waitlist_ended: waitlistEnded,
        },
      },
      request,
    );
    return { changed: true, cancelled };
  });
  let emailed = 0;
  for (const booking of result.cancelled) {
    const sent = await emailSessionCancelled(deps, auth.user.clientId, venue, {
      userId: booking.userId,
      activityName: booking.activityName,
      startsAt: booking.startsAt,
      credit: booking.credit > 0 ? formatMoney(booking.credit, booking.currency) : null,
      reason: body.reason ?? null,
    }).catch(() => false);
    if (sent) emailed += 1;
  }
  const after = await findSessionRow(deps.db, id);
  if (!after) throw AppError.notFound();
  return {
    data: presentSession(after, venue.timezone),
    bookings_cancelled: result.cancelled.length,
    credited: result.cancelled.reduce((sum, booking) => sum + booking.credit, 0),
    emailed,
    changed: result.changed,
  };
}

/**
 * `PATCH api/admin/sessions/{id}`: a one-off move of one session (date, start time, location,
 * capacity). Its bookings are kept; the capacity never goes below its places; people booked are
 * emailed when the time moves.
 */
export async function moveSession(
  deps: TimetableSetupDeps,
  auth: Auth,
  id: number,
  body: SessionMoveRequest,
  request?: FastifyRequest,
  now = new Date(),
) {
  const { row, venue } = await sessionOf(deps.db, auth, id);
  requireVenueScope(auth, row.venueId);
  if (body.location_id !== undefined && !(await findLocationOfVenue(deps.db, venue.id, body.location_id))) {
    throw AppError.validation({ location_id: ['Choose a location of this venue.'] });
  }
  const activity = await findActivityOfClient(deps.db, auth.user.clientId, row.activityId);
  if (!activity) throw AppError.notFound();
  const moved = await deps.db.transaction(async (tx) => {
    const locked = await lockSession(tx, id);
    if (!locked) throw AppError.notFound();
    if (locked.cancelledAt !== null) throw AppError.validation({ session: ['This session is cancelled.'] });
    if (locked.startsAt <= now) throw AppError.validation({ session: ['This session has started.'] });
    const places = locked.bookedCount + locked.heldCount;
    if (body.capacity !== undefined && body.capacity < places) {
      throw AppError.validation({
        capacity: [`${places} places are booked or held: the capacity cannot be lower.`],
      });
    }
    const date = body.date ?? localDateOf(locked.startsAt, venue.timezone);
    const time = body.start_time ?? localTimeOf(locked.startsAt, venue.timezone);
    const startsAt = zonedTimeToUtc(date, time, venue.timezone);
    if (startsAt <= now) throw AppError.validation({ date: ['Choose a time in the future.'] });
    const endsAt = new Date(startsAt.getTime() + (locked.endsAt.getTime() - locked.startsAt.getTime()));
    const values = {
      locationId: body.location_id ?? locked.locationId,
      startsAt,
      endsAt,
      firstBookableAt:
        locked.bundleId === null
          ? firstBookableAt(date, time, activity, venue.timezone)
          : locked.firstBookableAt,
      compositeKey: compositeKeyOf(locked.activityId, locked.venueId, startsAt, endsAt),
      capacity: body.capacity ?? locked.capacity,
      // A moved session is a one-off: the pattern no longer regenerates or changes it.
      timetableEntryId: null,
    };
    const after = await tx
      .transaction(async (savepoint) => updateSessionRow(savepoint, id, values))
      .catch((error: unknown) => {
        if (
          String(
            (error as { cause?: { code?: string }; code?: string })?.cause?.code ??
              (error as { code?: string })?.code,
          ) === '23505'
        ) {
          throw AppError.validation({ start_time: ['Another session of this activity starts there then.'] });
        }
        throw error;
      });
    await recordChange(
      tx,
      actorOf(auth.user),
      {
        action: 'session.move',
        entityType: 'session',
        entityId: id,
        venueId: row.venueId,
        before: locked,
        after,
      },
      request,
    );
    return { from: locked.startsAt, to: startsAt, booked: locked.bookedCount };
  });
  const emailed =
    moved.from.getTime() !== moved.to.getTime() && moved.booked > 0
      ? await emailTimeChanges(deps, auth.user.clientId, venue, [
          { occurrenceId: id, from: moved.from, to: moved.to, activityName: row.activityName },
        ])
      : 0;
  const after = await findSessionRow(deps.db, id);
  if (!after) throw AppError.notFound();
  return { data: presentSession(after, venue.timezone), emailed };
}

// ---- Courses ------------------------------------------------------------------------------------

function presentCourse(row: CourseListRow, timeZone: string | null) {
  return {
    id: row.id,
    name: row.name,
    activity_id: row.activityId,
    activity_name: row.activityName,
    venue_id: row.venueId,
    sessions_count: row.sessionsCount,
    first_date: row.firstStart && timeZone ? localDateOf(row.firstStart, timeZone) : null,
  };
}

export async function listCourses(
  db: Database,
  auth: Auth,
  query: { venue_id?: number | undefined; q?: string | undefined; page: number; per_page: number },
) {
  const { rows, total } = await listCourseRows(db, auth.user.clientId, {
    venueIds: query.venue_id === undefined ? undefined : [query.venue_id],
    q: query.q,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  const zones = new Map<number, string | null>();
  for (const venueId of new Set(rows.map((row) => row.venueId))) {
    zones.set(venueId, (await findVenueOfOperator(db, auth.user.clientId, venueId))?.timezone ?? null);
  }
  return {
    data: rows.map((row) => presentCourse(row, zones.get(row.venueId) ?? null)),
    meta: { page: query.page, per_page: query.per_page, total },
  };
}

/**
 * `POST api/admin/courses`: a course (a course activity's bundle) and its dated sessions, each at
 * the start time and location given. Every session opens for booking when the first one does, as
 * the course is bought as a whole (the same rule as `createCourse`).
 */
export async function createCourseFromDates(
  deps: TimetableSetupDeps,
  auth: Auth,
  input: CourseInput,
  request?: FastifyRequest,
) {
  requireVenueScope(auth, input.venue_id);
  const venue = await findVenueOfOperator(deps.db, auth.user.clientId, input.venue_id);
  if (!venue) throw AppError.validation({ venue_id: ['Choose one of your venues.'] });
  const activity = await findActivityOfClient(deps.db, auth.user.clientId, input.activity_id);
  const errors: Record<string, string[]> = {};
  if (activity?.kind !== 'course') errors.activity_id = ['Choose a course activity.'];
  const location = await findLocationOfVenue(deps.db, venue.id, input.location_id);
  if (!location) errors.location_id = ['Choose a location of this venue.'];
  const dates = [...new Set(input.dates)].sort();
  if (dates.length !== input.dates.length) errors.dates = ['Each date once.'];
  if (Object.keys(errors).length > 0 || !activity || !location) throw AppError.validation(errors);
  const first = dates[0] as string;
  const { bundle, sessionIds } = await addDatedCourse(
    deps.db,
    actorOf(auth.user),
    {
      venue,
      activity,
      location,
      name: input.name,
      dates,
      startTime: input.start_time,
      capacity: input.capacity,
      instructorName: input.instructor_name || null,
    },
    request,
  );
  return {
    data: presentCourse(
      {
        id: bundle.id,
        name: bundle.name,
        activityId: activity.id,
        activityName: activity.name,
        venueId: venue.id,
        sessionsCount: bundle.sessionsCount,
        firstStart: zonedTimeToUtc(first, input.start_time, venue.timezone),
      },
      venue.timezone,
    ),
    session_ids: sessionIds,
  };
}

export interface DatedCourse {
  venue: VenueRow;
  activity: ActivityRow;
  location: LocationRow;
  name: string;
  /** Local dates, in order, each once. */
  dates: string[];
  startTime: string;
  capacity: number;
  instructorName: string | null;
}

/**
 * A course's bundle and its dated sessions, in one transaction, audited (the console, and the seed
 * with the system as its actor). Every session opens for booking when the first one does.
 */
export async function addDatedCourse(
  db: Database,
  actor: AuditActor,
  course: DatedCourse,
  request?: FastifyRequest,
): Promise<{ bundle: CourseBundleRow; sessionIds: number[] }> {
  const { venue, activity, location, dates } = course;
  const first = dates[0];
  if (first === undefined) throw AppError.validation({ dates: ['Give at least one date.'] });
  const opens = firstBookableAt(first, course.startTime, activity, venue.timezone);
  return db.transaction(async (tx) => {
    const bundle = await insertCourseBundle(tx, {
      activityId: activity.id,
      venueId: venue.id,
      name: course.name,
      sessionsCount: dates.length,
    });
    const sessionIds: number[] = [];
    for (const date of dates) {
      const row = await createOccurrence(tx, {
        activity,
        venue,
        location,
        startsAt: zonedTimeToUtc(date, course.startTime, venue.timezone),
        capacity: course.capacity,
        firstBookableAt: opens,
        instructorName: course.instructorName,
        bundleId: bundle.id,
      });
      sessionIds.push(row.id);
    }
    await recordChange(
      tx,
      actor,
      {
        action: 'course.create',
        entityType: 'course',
        entityId: bundle.id,
        venueId: venue.id,
        after: {
          ...bundle,
          dates,
          start_time: course.startTime,
          location_id: location.id,
          session_ids: sessionIds,
        },
      },
      request,
    );
    return { bundle, sessionIds };
  });
}
