import { z } from 'zod';
import { zCalendarDate } from '../dates';
import { zAdminListQuery, zAdminPage } from './lists';

/**
 * The console's Timetables area (issue 47): weekly patterns (timetable entries) that generate the
 * rolling timetable's sessions, the sessions themselves with their exceptions (cancel, move), and
 * courses (a bundle of dated sessions sold as one). Every record is one venue's.
 */

const zId = z.coerce.number().int().min(1).max(2_147_483_647);
const zLocalTime = z.string({ error: 'Required' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:MM (24-hour).');
const zDate = zCalendarDate('Use a date (YYYY-MM-DD).');
const zCapacity = z
  .number({ error: 'Give a whole number.' })
  .int('Give a whole number.')
  .min(1, 'At least 1.')
  .max(10_000, 'At most 10,000.');
const zText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are refused on purpose
    .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), 'No control characters.');

// ---- Weekly patterns ---------------------------------------------------------------------------

/** Days of the week: 0 Monday ... 6 Sunday. */
export const zWeekdays = z
  .array(z.number().int().min(0).max(6), { error: 'Choose at least one day.' })
  .min(1, 'Choose at least one day.')
  .max(7);

export const zTimetableEntryInput = z.object({
  activity_id: zId,
  venue_id: zId,
  location_id: zId,
  weekdays: zWeekdays,
  start_time: zLocalTime,
  /** Null: the activity's own duration. */
  duration_minutes: z.number().int().min(5, 'At least 5 minutes.').max(1440, 'At most 24 hours.').nullable(),
  capacity: zCapacity,
  instructor_name: zText(120).nullable(),
  starts_on: zDate.nullable(),
  ends_on: zDate.nullable(),
});
export type TimetableEntryInput = z.infer<typeof zTimetableEntryInput>;

/** `PATCH`: any of the fields except the venue (a pattern stays at its venue). */
export const zTimetableEntryChange = zTimetableEntryInput.omit({ venue_id: true }).partial();
export type TimetableEntryChange = z.infer<typeof zTimetableEntryChange>;

export const zTimetableEntry = z.object({
  id: z.number().int(),
  activity_id: z.number().int(),
  activity_name: z.string(),
  venue_id: z.number().int(),
  venue_name: z.string(),
  location_id: z.number().int(),
  location_name: z.string(),
  weekdays: z.array(z.number().int()),
  start_time: z.string(),
  duration_minutes: z.number().int().nullable(),
  /** The duration its sessions have: the override or the activity's. */
  effective_duration_minutes: z.number().int(),
  capacity: z.number().int(),
  instructor_name: z.string().nullable(),
  starts_on: z.string().nullable(),
  ends_on: z.string().nullable(),
});
export type TimetableEntry = z.infer<typeof zTimetableEntry>;

export const zTimetableEntryListQuery = zAdminListQuery.extend({ venue_id: zId.optional() });
export type TimetableEntryListQuery = z.infer<typeof zTimetableEntryListQuery>;
export const zTimetableEntryPage = zAdminPage(zTimetableEntry);

/** What a change did to the pattern's sessions (future ones only). */
export const zSessionsOutcome = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  removed: z.number().int(),
  /** Sessions with bookings kept as they were (removal) or kept with their bookings (a change). */
  kept_with_bookings: z.array(
    z.object({ id: z.number().int(), starts_at: z.string(), booked: z.number().int() }),
  ),
  /** People emailed because their session's time changed. */
  emailed: z.number().int(),
});
export type SessionsOutcome = z.infer<typeof zSessionsOutcome>;

export const zTimetableEntryAnswer = z.object({ data: zTimetableEntry, sessions: zSessionsOutcome });
export type TimetableEntryAnswer = z.infer<typeof zTimetableEntryAnswer>;
export const zTimetableEntryRemoved = z.object({ sessions: zSessionsOutcome });

// ---- Sessions ----------------------------------------------------------------------------------

export const zAdminSessionListQuery = zAdminListQuery.extend({
  venue_id: zId,
  from: zDate,
  to: zDate,
});
export type AdminSessionListQuery = z.infer<typeof zAdminSessionListQuery>;

export const zAdminSession = z.object({
  id: z.number().int(),
  activity_name: z.string(),
  venue_id: z.number().int(),
  location_id: z.number().int(),
  location_name: z.string(),
  /** Venue-local 'YYYY-MM-DD' and 'HH:MM'. */
  date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  starts_at: z.string(),
  capacity: z.number().int(),
  booked: z.number().int(),
  held: z.number().int(),
  timetable_entry_id: z.number().int().nullable(),
  course_id: z.number().int().nullable(),
  cancelled: z.boolean(),
});
export type AdminSession = z.infer<typeof zAdminSession>;
export const zAdminSessionPage = zAdminPage(zAdminSession);

export const zSessionCancelRequest = z.object({
  /** What the people booked get: their money back as account credit, or refunded to how they paid. */
  resolution: z.enum(['credit', 'refund'], { error: 'Choose credit or refund.' }),
  reason: zText(300).optional(),
});
export type SessionCancelRequest = z.infer<typeof zSessionCancelRequest>;

export const zSessionCancelAnswer = z.object({
  data: zAdminSession,
  bookings_cancelled: z.number().int(),
  credited: z.number().int(),
  emailed: z.number().int(),
  /** False when the session had already been cancelled (nothing done again). */
  changed: z.boolean(),
});
export type SessionCancelAnswer = z.infer<typeof zSessionCancelAnswer>;

/** `PATCH api/admin/sessions/{id}`: a one-off move of one session. */
export const zSessionMoveRequest = z.object({
  date: zDate.optional(),
  start_time: zLocalTime.optional(),
  location_id: zId.optional(),
  capacity: zCapacity.optional(),
});
export type SessionMoveRequest = z.infer<typeof zSessionMoveRequest>;
export const zSessionMoveAnswer = z.object({ data: zAdminSession, emailed: z.number().int() });

// ---- Courses -----------------------------------------------------------------------------------

export const zCourseInput = z.object({
  activity_id: zId,
  venue_id: zId,
  location_id: zId,
  name: zText(120).pipe(z.string().min(1, 'Required')),
  dates: z.array(zDate).min(1, 'Give at least one date.').max(60, 'At most 60 dates.'),
  start_time: zLocalTime,
  capacity: zCapacity,
  instructor_name: zText(120).nullable(),
});
export type CourseInput = z.infer<typeof zCourseInput>;

export const zAdminCourse = z.object({
  id: z.number().int(),
  name: z.string(),
  activity_id: z.number().int(),
  activity_name: z.string(),
  venue_id: z.number().int(),
  sessions_count: z.number().int(),
  first_date: z.string().nullable(),
});
export type AdminCourse = z.infer<typeof zAdminCourse>;
export const zAdminCourseListQuery = zAdminListQuery.extend({ venue_id: zId.optional() });
export const zAdminCoursePage = zAdminPage(zAdminCourse);
export const zAdminCourseAnswer = z.object({ data: zAdminCourse, session_ids: z.array(z.number().int()) });

// ---- Choices for the forms ---------------------------------------------------------------------

export const zTimetableChoices = z.object({
  venues: z.array(z.object({ id: z.number().int(), name: z.string() })),
  activities: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      kind: z.enum(['court', 'class', 'course']),
      duration_minutes: z.number().int(),
    }),
  ),
  locations: z.array(z.object({ id: z.number().int(), venue_id: z.number().int(), name: z.string() })),
});
export type TimetableChoices = z.infer<typeof zTimetableChoices>;
