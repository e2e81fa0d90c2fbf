import {
  activityMessages,
  type Occurrence,
  type Slot,
  type Time,
  type TimeGroupLocation,
  type TimetableItem,
} from '@leisure/contract/activities';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import {
  dateAnswer,
  daysBetween,
  instantAnswer,
  type LocalDate,
  localDateOf,
  localDayBounds,
  zonedTimeToUtc,
} from '../../lib/dates';
import type { ActivityContext, Catalogue } from '../venues/catalogue';
import {
  clock,
  duration,
  locationOf,
  slotOf,
  slotPrice,
  ticketsFor,
  timeOf,
} from './availability.presenters';
import {
  findOccurrence,
  listSessions,
  listTimeGroups,
  listViewerPlaces,
  type SessionFilter,
  type SessionRow,
  type TimeGroupRow,
} from './availability.repository';
import { actionFor, noPlaces, priceFor, spacesOf, type Viewer, type ViewerPlaces } from './offer';

export interface AvailabilityDeps {
  db: Database;
  config: Config;
  catalogue: Catalogue;
  /**
   * Releases basket holds that have run out (the basket module's hold keeper): availability reads of
   * sessions with places held call it first, so an expired hold never shows as a taken place for long.
   */
  holds?: { releaseExpired(scope: ReleaseScope): Promise<boolean> } | undefined;
}

export type ReleaseScope =
  | { occurrenceIds: number[] }
  | { range: { venueId: number; activityId: number; from: Date; to: Date } };

export async function viewerPlaces(
  deps: AvailabilityDeps,
  viewer: Viewer,
  scope: Parameters<typeof listViewerPlaces>[2],
  now: Date,
): Promise<ViewerPlaces> {
  if (viewer.userId === null) return noPlaces;
  const rows = await listViewerPlaces(deps.db, viewer.userId, scope, now);
  if (rows.length === 0) return noPlaces;
  const booking = (id: number | undefined | null) => (id == null ? null : { id });
  const ofSession = (occurrenceId: number) => rows.filter((r) => r.occurrenceId === occurrenceId);
  const ofGroup = (key: string) => rows.filter((r) => r.compositeKey === key);
  return {
    bookingOf: (occurrenceId) => booking(ofSession(occurrenceId).find((r) => r.bookingId)?.bookingId),
    cartItemOf: (occurrenceId) => ofSession(occurrenceId).find((r) => r.cartItemId)?.cartItemId ?? null,
    waitlistOf: (occurrenceId) => {
      const entry = ofSession(occurrenceId).find((r) => r.waitlistId);
      return entry?.waitlistId ? { id: entry.waitlistId, position: entry.waitlistPosition ?? 0 } : null;
    },
    bookingInGroup: (key) => booking(ofGroup(key).find((r) => r.bookingId)?.bookingId),
    cartItemInGroup: (key) => ofGroup(key).find((r) => r.cartItemId)?.cartItemId ?? null,
  };
}

// ---- Availability ----------------------------------------------------------------------------------

/** 422 unless the date is today or a later day inside the activity's booking window. */
function assertDateInWindow(context: ActivityContext, date: LocalDate, now: Date): void {
  const today = localDateOf(now, context.venue.timezone);
  const ahead = daysBetween(today, date);
  if (ahead < 0 || ahead > context.activity.bookingWindowDays) {
    throw AppError.validation({ date: [activityMessages.dateOutsideWindow] });
  }
}

/** The part of the day still bookable: sessions that have started can no longer be booked. */
export function bookableRange(
  context: ActivityContext,
  date: LocalDate,
  now: Date,
): { from: Date; to: Date } {
  assertDateInWindow(context, date, now);
  const day = localDayBounds(date, context.venue.timezone);
  return { from: day.from > now ? day.from : now, to: day.to };
}

/** The viewer-places scope of a day's bookable sessions. */
function dayScope(context: ActivityContext, date: LocalDate, now: Date) {
  return { venueId: context.venue.id, activityId: context.activity.id, ...bookableRange(context, date, now) };
}

/** The day's sessions that have not started yet. */
async function sessionsOn(
  deps: AvailabilityDeps,
  context: ActivityContext,
  date: LocalDate,
  now: Date,
  extra: Partial<Pick<SessionFilter, 'compositeKey' | 'startsAt' | 'endsAt'>> = {},
): Promise<SessionRow[]> {
  const filter = {
    venueId: context.venue.id,
    activityId: context.activity.id,
    ...bookableRange(context, date, now),
    ...extra,
  };
  const sessions = await listSessions(deps.db, filter);
  const held = sessions.filter((session) => session.heldCount > 0).map((session) => session.id);
  if (held.length > 0 && (await deps.holds?.releaseExpired({ occurrenceIds: held }))) {
    return listSessions(deps.db, filter);
  }
  return sessions;
}

/** The day's time groups that have not started yet, summed by the database. */
async function timeGroupsOn(
  deps: AvailabilityDeps,
  context: ActivityContext,
  date: LocalDate,
  now: Date,
): Promise<TimeGroupRow[]> {
  const range = {
    venueId: context.venue.id,
    activityId: context.activity.id,
    ...bookableRange(context, date, now),
  };
  const groups = await listTimeGroups(deps.db, range);
  if (groups.some((group) => group.heldCount > 0) && (await deps.holds?.releaseExpired({ range }))) {
    return listTimeGroups(deps.db, range);
  }
  return groups;
}

/** `GET .../activity/{activity}/times?date=`: one item per start time, always an array. */
export async function listTimes(
  deps: AvailabilityDeps,
  venueSlug: string,
  activitySlug: string,
  date: LocalDate,
  viewer: Viewer,
  now: Date,
): Promise<Time[]> {
  const context = await deps.catalogue.activityAt(venueSlug, activitySlug);
  const groups = await timeGroupsOn(deps, context, date, now);
  const places = await viewerPlaces(deps, viewer, dayScope(context, date, now), now);
  return groups.map((group) => timeOf(context, group, viewer, now, places));
}

/** `GET .../v2/times/{composite_key}?date=`: the group's locations; 404 for an unknown group. */
export async function listTimeGroup(
  deps: AvailabilityDeps,
  venueSlug: string,
  activitySlug: string,
  compositeKey: string,
  date: LocalDate,
  viewer: Viewer,
  now: Date,
): Promise<TimeGroupLocation[]> {
  const context = await deps.catalogue.activityAt(venueSlug, activitySlug);
  if (!/^[0-9a-f]{8}$/.test(compositeKey)) throw AppError.notFound();
  const sessions = await sessionsOn(deps, context, date, now, { compositeKey });
  if (sessions.length === 0) throw AppError.notFound();
  const places = await viewerPlaces(
    deps,
    viewer,
    { occurrenceIds: sessions.map((session) => session.id) },
    now,
  );
  return sessions.map((session) => {
    const spaces = spacesOf(session);
    return {
      id: String(session.id),
      location: session.locationName,
      location_id: String(session.locationId),
      spaces,
      capacity: session.capacity,
      action_to_show: actionFor(
        session.firstBookableAt,
        spaces,
        context.activity,
        viewer,
        now,
        context.venue.timezone,
      ),
      booking: places.bookingOf(session.id),
      cart_item_id: places.cartItemOf(session.id),
    };
  });
}

/** `GET .../slots?date=&start_time=&end_time=`: the time group's locations, one slot each. */
export async function listSlots(
  deps: AvailabilityDeps,
  venueSlug: string,
  activitySlug: string,
  query: { date: LocalDate; start_time: string; end_time: string },
  viewer: Viewer,
  now: Date,
): Promise<Slot[]> {
  const context = await deps.catalogue.activityAt(venueSlug, activitySlug);
  const tz = context.venue.timezone;
  const sessions = await sessionsOn(deps, context, query.date, now, {
    startsAt: zonedTimeToUtc(query.date, query.start_time, tz),
    endsAt: zonedTimeToUtc(query.date, query.end_time, tz),
  });
  const places = await viewerPlaces(
    deps,
    viewer,
    { occurrenceIds: sessions.map((session) => session.id) },
    now,
  );
  return sessions.map((session) => slotOf(context, session, viewer, now, 'activity', places));
}

/** `GET .../timetable?date=` and `.../v2/timetable?date=`: the day's sessions of a class, one each. */
export async function listTimetable(
  deps: AvailabilityDeps,
  venueSlug: string,
  activitySlug: string,
  date: LocalDate,
  viewer: Viewer,
  now: Date,
): Promise<TimetableItem[]> {
  const context = await deps.catalogue.activityAt(venueSlug, activitySlug);
  const { venue, activity } = context;
  const tz = venue.timezone;
  const price = priceFor(context.pricing, viewer);
  const sessions = await sessionsOn(deps, context, date, now);
  const places = await viewerPlaces(
    deps,
    viewer,
    { occurrenceIds: sessions.map((session) => session.id) },
    now,
  );
  return sessions.map((session) => {
    const spaces = spacesOf(session);
    return {
      id: String(session.id),
      name: activity.name,
      category_slug: activity.slug,
      venue_slug: venue.slug,
      date: dateAnswer(localDateOf(session.startsAt, tz)),
      starts_at: clock(session.startsAt, tz),
      ends_at: clock(session.endsAt, tz),
      duration: duration(activity),
      spaces,
      capacity: session.capacity,
      price: slotPrice(price, context.client.currency),
      pricing_option_id: price.optionId,
      location: locationOf(session, venue),
      instructor: session.instructorName,
      action_to_show: actionFor(session.firstBookableAt, spaces, activity, viewer, now, tz),
      booking: places.bookingOf(session.id),
      cart_item_id: places.cartItemOf(session.id),
      waitlist_id: places.waitlistOf(session.id)?.id ?? null,
      allows_anonymous_bookings: activity.allowsAnonymousBookings,
      needs_waiver: activity.needsWaiver,
      composite_key: session.compositeKey,
    };
  });
}

// ---- Occurrence ---------------------------------------------------------------------------------

/** `GET v1/activities/occurrences/{id}`: one session with its tickets; 404 for an unknown id. */
export async function getOccurrence(
  deps: AvailabilityDeps,
  id: string,
  viewer: Viewer,
  now: Date,
): Promise<Occurrence> {
  if (!/^\d{1,10}$/.test(id) || Number(id) > 2_147_483_647) throw AppError.notFound();
  let row = await findOccurrence(deps.db, Number(id));
  if (!row) throw AppError.notFound();
  if (row.session.heldCount > 0 && (await deps.holds?.releaseExpired({ occurrenceIds: [row.session.id] }))) {
    row = (await findOccurrence(deps.db, Number(id))) ?? row;
  }
  const context = await deps.catalogue.activityById(row.activityId, row.venueId);
  const { venue, activity } = context;
  const { session } = row;
  const tz = venue.timezone;
  const spaces = spacesOf(session);
  const places = await viewerPlaces(deps, viewer, { occurrenceIds: [session.id] }, now);
  const waitlist = places.waitlistOf(session.id);
  return {
    id: String(session.id),
    name: activity.name,
    activity_slug: activity.slug,
    kind: activity.kind,
    venue_slug: venue.slug,
    venue_name: venue.name,
    date: dateAnswer(localDateOf(session.startsAt, tz)),
    starts_at: instantAnswer(session.startsAt, tz),
    ends_at: instantAnswer(session.endsAt, tz),
    duration: duration(activity),
    location: locationOf(session, venue),
    instructor: session.instructorName,
    spaces,
    capacity: session.capacity,
    action_to_show:
      session.startsAt <= now
        ? { status: null, reason: 'This session has started.' }
        : actionFor(session.firstBookableAt, spaces, activity, viewer, now, tz),
    booking: places.bookingOf(session.id),
    cart_item_id: places.cartItemOf(session.id),
    waitlist_id: waitlist?.id ?? null,
    waitlist_position: waitlist?.position ?? null,
    first_bookable_at: instantAnswer(session.firstBookableAt, tz),
    cancellation_cutoff_minutes: activity.cancellationCutoffMinutes,
    awards_credit: activity.creditOnCancellation,
    needs_waiver: activity.needsWaiver,
    allows_anonymous_bookings: activity.allowsAnonymousBookings,
    bundle: row.bundle
      ? { id: row.bundle.id, name: row.bundle.name, sessions_count: row.bundle.sessionsCount }
      : null,
    tickets: ticketsFor(context, viewer),
  };
}
