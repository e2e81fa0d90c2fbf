// When activities run: weekly timetable lines, courses, and the sessions (occurrences) that count places
// (docs/decisions/005-activities-and-capacity.md).

import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { activities, locations } from './activities';
import { createdAt } from './columns';
import { venues } from './operator';

/** A weekly timetable line: the template the rolling timetable generates occurrences from. */
export const timetableEntries = pgTable(
  'timetable_entries',
  {
    id: serial('id').primaryKey(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    /** Days it runs: bit 0 Monday ... bit 6 Sunday (127: every day). */
    weekdayMask: integer('weekday_mask').notNull().default(127),
    /** Local start time 'HH:MM' in the venue's time zone. */
    startTime: text('start_time').notNull(),
    capacity: integer('capacity').notNull(),
    instructorName: text('instructor_name'),
    /** Minutes each session lasts when not the activity's (null: the activity's duration). */
    durationMinutes: integer('duration_minutes'),
    /** The first and last local dates it runs (null: open-ended). */
    startsOn: date('starts_on', { mode: 'string' }),
    endsOn: date('ends_on', { mode: 'string' }),
  },
  (t) => [index('timetable_entries_venue_idx').on(t.venueId)],
);

/** A course: weekly sessions (occurrences with this bundle) bought together as one item. */
export const courseBundles = pgTable(
  'course_bundles',
  {
    id: serial('id').primaryKey(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sessionsCount: integer('sessions_count').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('course_bundles_activity_idx').on(t.activityId, t.venueId)],
);

/**
 * One session of an activity at one location. Places are counted here so that a cart can take one
 * with a single conditional UPDATE (row lock): `booked_count` (paid bookings) plus `held_count`
 * (places held in baskets) can never exceed `capacity`; the CHECK makes the database refuse it.
 */
export const occurrences = pgTable(
  'occurrences',
  {
    id: serial('id').primaryKey(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    /** The timetable line it was generated from (null: created on its own, or a course session). */
    timetableEntryId: integer('timetable_entry_id').references(() => timetableEntries.id, {
      onDelete: 'set null',
    }),
    bundleId: integer('bundle_id').references(() => courseBundles.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** When booking opens (the activity's window applied to the session's local date). */
    firstBookableAt: timestamp('first_bookable_at', { withTimezone: true }).notNull(),
    /** 8 hex characters naming the time group (activity, venue, start, end) across locations. */
    compositeKey: text('composite_key').notNull(),
    capacity: integer('capacity').notNull(),
    bookedCount: integer('booked_count').notNull().default(0),
    heldCount: integer('held_count').notNull().default(0),
    instructorName: text('instructor_name'),
    /** When staff cancelled the session (a bank holiday, a closed pool); customers no longer see it. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** What the people booked got: 'credit' or 'refund'. */
    cancelledWith: text('cancelled_with'),
  },
  (t) => [
    // times / slots / timetable: one venue's sessions of one activity on one day, in time order.
    index('occurrences_availability_idx').on(t.venueId, t.activityId, t.startsAt),
    // Idempotent timetable generation; also no two sessions of an activity in one place at once.
    uniqueIndex('occurrences_activity_location_start_idx').on(t.activityId, t.locationId, t.startsAt),
    index('occurrences_bundle_idx').on(t.bundleId),
    check(
      'occurrences_places_check',
      sql`${t.bookedCount} >= 0 and ${t.heldCount} >= 0 and ${t.bookedCount} + ${t.heldCount} <= ${t.capacity}`,
    ),
    check('occurrences_times_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);
