import { createHash } from 'node:crypto';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import {
  addDays,
  isLocalTime,
  type LocalDate,
  type LocalTime,
  localDateOf,
  localTimeOf,
  zonedTimeToUtc,
} from '../../lib/dates';
import type { VenueRow } from '../operator/operator.service';
import type { ActivityRow, CategoryRow, LocationRow } from '../venues/venues.service';
import {
  type CourseBundleRow,
  compositeKeySql,
  fillOccurrences,
  findActivityIdBySlug,
  findCategoryBySlug,
  generateOccurrences,
  insertActivity,
  insertCategory,
  insertCourseBundle,
  insertLocations,
  insertOccurrence,
  insertTimetableEntries,
  insertVenueActivities,
  listOccurrenceIdsByEntries,
  type NewPricing,
  type OccurrenceRow,
  type TimetableEntryRow,
  updatePlacesUsed,
} from './timetable.repository';

export type { ActivityRow, CategoryRow, LocationRow } from '../venues/venues.service';
export type { CourseBundleRow, NewPricing, OccurrenceRow, TimetableEntryRow } from './timetable.repository';

/** How far ahead the rolling timetable is kept: today and the next 14 days. */
const timetableHorizonDays = 15;

// ---- Rules of the timetable --------------------------------------------------------------------------

/**
 * The 8 hex characters naming a time group: the same activity at the same venue from the same
 * start to the same end, in whichever locations it runs. A hash of those four facts (times in Unix
 * seconds), so it is stable (every replica, every day, before and after places are taken) and needs
 * no lookup table. The timetable generator computes the same formula in SQL.
 */
export function compositeKeyOf(activityId: number, venueId: number, startsAt: Date, endsAt: Date): string {
  const seconds = (at: Date) => Math.floor(at.getTime() / 1000);
  return createHash('md5')
    .update(`${activityId}|${venueId}|${seconds(startsAt)}|${seconds(endsAt)}`)
    .digest('hex')
    .slice(0, 8);
}

/** The database's composite key for the same facts (for tests that compare the two). */
export async function databaseCompositeKey(
  db: Database,
  activityId: number,
  venueId: number,
  startsAt: Date,
  endsAt: Date,
): Promise<string> {
  return compositeKeySql(db, activityId, venueId, startsAt, endsAt);
}

/**
 * When a session opens for booking: `windowDays` before its local date, at the activity's opening
 * time (e.g. 22:00), or at the session's own start time when the activity has none.
 */
export function firstBookableAt(
  sessionDate: LocalDate,
  sessionStart: LocalTime,
  activity: Pick<ActivityRow, 'bookingWindowDays' | 'bookingOpensAt'>,
  timeZone: string,
): Date {
  return zonedTimeToUtc(
    addDays(sessionDate, -activity.bookingWindowDays),
    activity.bookingOpensAt ?? sessionStart,
    timeZone,
  );
}

/** Weekday mask from day indexes (0 Monday ... 6 Sunday). */
export function weekdayMask(days: number[]): number {
  return days.reduce((mask, day) => mask | (1 << day), 0);
}
export const everyDay = 127;

// ---- Factories: how activity data is created, by the seed and by tests alike -------------------------

export interface NewCategory {
  slug: string;
  name: string;
  parentId?: number | null;
  position?: number;
}

export async function createActivityCategory(
  db: Database,
  clientId: number,
  category: NewCategory,
): Promise<CategoryRow> {
  return insertCategory(db, { clientId, ...category });
}

export async function findActivityCategory(
  db: Database,
  clientId: number,
  slug: string,
): Promise<CategoryRow | undefined> {
  return findCategoryBySlug(db, clientId, slug);
}

/** The operator's activity with this slug (the seed's lookup). */
export async function findActivityId(
  db: Database,
  clientId: number,
  slug: string,
): Promise<number | undefined> {
  return findActivityIdBySlug(db, clientId, slug);
}

export interface NewActivity {
  categoryId: number;
  slug: string;
  name: string;
  kind: 'court' | 'class' | 'course';
  durationMinutes: number;
  description?: string;
  bookingWindowDays?: number;
  bookingOpensAt?: string | null;
  cancellationCutoffMinutes?: number;
  creditOnCancellation?: boolean;
  needsWaiver?: boolean;
  allowsAnonymousBookings?: boolean;
  hasWaitlist?: boolean;
  tags?: string[];
  position?: number;
  /** At least one option not for members, each with at least one ticket; amounts in minor units. */
  pricing: NewPricing[];
}

export async function createActivity(
  db: Database,
  clientId: number,
  activity: NewActivity,
): Promise<ActivityRow> {
  const errors: Record<string, string[]> = {};
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(activity.slug)) errors.slug = ['Use lower-case words and hyphens.'];
  if (!(activity.durationMinutes > 0)) errors.duration_minutes = ['The duration must be positive.'];
  if (activity.bookingOpensAt != null && !isLocalTime(activity.bookingOpensAt)) {
    errors.booking_opens_at = ['Use HH:MM.'];
  }
  if ((activity.bookingWindowDays ?? 7) < 0) errors.booking_window_days = ['The window cannot be negative.'];
  const standard = activity.pricing.find((option) => !option.forMembers);
  if (!standard || activity.pricing.some((option) => option.tickets.length === 0)) {
    errors.pricing = ['Give a standard pricing option, and every option at least one ticket.'];
  }
  if (
    activity.pricing.some((option) => option.tickets.some((t) => !Number.isInteger(t.amount) || t.amount < 0))
  ) {
    errors.pricing = ['Ticket amounts are whole minor units, zero or more.'];
  }
  if (Object.keys(errors).length > 0) throw AppError.validation(errors);
  const { pricing, ...values } = activity;
  return insertActivity(db, { ...values, clientId }, pricing);
}

/** Lets venues offer activities (their category pages list them). */
export async function offerActivities(
  db: Database,
  offers: { venueId: number; activityId: number }[],
): Promise<void> {
  await insertVenueActivities(db, offers);
}

export interface NewLocation {
  slug: string;
  name: string;
  area: string;
  type?: string;
  position?: number;
}

export async function createLocations(
  db: Database,
  venueId: number,
  locations: NewLocation[],
): Promise<LocationRow[]> {
  return insertLocations(
    db,
    locations.map((location, index) => ({ venueId, position: index, ...location })),
  );
}

export interface NewTimetableEntry {
  activityId: number;
  venueId: number;
  locationId: number;
  startTime: LocalTime;
  capacity: number;
  weekdayMask?: number;
  instructorName?: string | null;
}

export async function addTimetableEntries(
  db: Database,
  entries: NewTimetableEntry[],
): Promise<TimetableEntryRow[]> {
  for (const entry of entries) {
    if (!isLocalTime(entry.startTime)) throw AppError.validation({ start_time: ['Use HH:MM.'] });
    if (!(entry.capacity > 0)) throw AppError.validation({ capacity: ['The capacity must be positive.'] });
  }
  return insertTimetableEntries(db, entries);
}

/**
 * Generates the sessions of every timetable line (of the given venues) from each venue's today for
 * `days` days. Idempotent: sessions that exist are kept as they are (with their places), so it can
 * run at every start-up or daily to roll the timetable forward. Answers how many it created.
 */
export async function extendTimetable(
  db: Database,
  clientId: number,
  options: { now?: Date; days?: number; venueIds?: number[] } = {},
): Promise<number> {
  return generateOccurrences(db, {
    clientId,
    now: options.now ?? new Date(),
    days: options.days ?? timetableHorizonDays,
    venueIds: options.venueIds,
  });
}

export interface NewOccurrence {
  activity: ActivityRow;
  venue: VenueRow;
  location: LocationRow;
  startsAt: Date;
  capacity: number;
  /** Defaults to the activity's booking window. */
  firstBookableAt?: Date;
  instructorName?: string | null;
  bundleId?: number | null;
}

/** One session on its own (tests; one-off events). */
export async function createOccurrence(db: Database, occurrence: NewOccurrence): Promise<OccurrenceRow> {
  const { activity, venue, location, startsAt } = occurrence;
  const endsAt = new Date(startsAt.getTime() + activity.durationMinutes * 60_000);
  return insertOccurrence(db, {
    activityId: activity.id,
    venueId: venue.id,
    locationId: location.id,
    bundleId: occurrence.bundleId ?? null,
    startsAt,
    endsAt,
    firstBookableAt:
      occurrence.firstBookableAt ??
      firstBookableAt(
        localDateOf(startsAt, venue.timezone),
        localTimeOf(startsAt, venue.timezone),
        activity,
        venue.timezone,
      ),
    compositeKey: compositeKeyOf(activity.id, venue.id, startsAt, endsAt),
    capacity: occurrence.capacity,
    instructorName: occurrence.instructorName ?? null,
  });
}

export interface NewCourse {
  activity: ActivityRow;
  venue: VenueRow;
  location: LocationRow;
  name: string;
  /** The first session's local date and time; the others follow weekly. */
  firstDate: LocalDate;
  startTime: LocalTime;
  sessionsCount: number;
  capacity: number;
  instructorName?: string | null;
}

/**
 * A course: a bundle and its weekly sessions. Every session opens for booking when the first one
 * does, since the course is bought as a whole.
 */
export async function createCourse(
  db: Database,
  course: NewCourse,
): Promise<{ bundle: CourseBundleRow; sessionIds: number[] }> {
  const { activity, venue, location } = course;
  const bundle = await insertCourseBundle(db, {
    activityId: activity.id,
    venueId: venue.id,
    name: course.name,
    sessionsCount: course.sessionsCount,
  });
  const opens = firstBookableAt(course.firstDate, course.startTime, activity, venue.timezone);
  const sessionIds: number[] = [];
  for (let week = 0; week < course.sessionsCount; week++) {
    const startsAt = zonedTimeToUtc(addDays(course.firstDate, week * 7), course.startTime, venue.timezone);
    const row = await createOccurrence(db, {
      activity,
      venue,
      location,
      startsAt,
      capacity: course.capacity,
      firstBookableAt: opens,
      instructorName: course.instructorName ?? null,
      bundleId: bundle.id,
    });
    sessionIds.push(row.id);
  }
  return { bundle, sessionIds };
}

/** Sets the places used on sessions: booked (paid) and held (in baskets). Refused beyond capacity. */
export async function setPlacesUsed(
  db: Database,
  occurrenceIds: number[],
  used: { booked: number; held?: number },
): Promise<void> {
  await updatePlacesUsed(db, occurrenceIds, { booked: used.booked, held: used.held ?? 0 });
}

/** Books every place of the sessions generated from these timetable lines (the seed's sold-out sessions). */
export async function fillTimetableSessions(db: Database, entryIds: number[]): Promise<void> {
  await fillOccurrences(db, await listOccurrenceIdsByEntries(db, entryIds));
}
