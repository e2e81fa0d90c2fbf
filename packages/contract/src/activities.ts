import { z } from 'zod';

/**
 * Discovery, availability and occurrence calls of the bookings sub-site (bookings-api.md). The
 * paths and keys are the ones existing third-party clients of this kind of platform read, so
 * field names and value formats follow them exactly; extra keys are additions those clients ignore.
 */

export const activityMessages = {
  dateRequired: 'The date field is required.',
  dateFormat: 'The date must be a valid date in the format YYYY-MM-DD.',
  dateOutsideWindow: 'The date should be within the valid days',
  startTimeRequired: 'The start time field is required.',
  endTimeRequired: 'The end time field is required.',
  timeFormat: 'The time must be in the format HH:MM.',
  endBeforeStart: 'The end time must be after the start time.',
  compositeKeyFormat: 'The composite key must be 8 hexadecimal characters.',
  full: 'The session being booked is already full',
  waitlist: 'The session is full. You can join the waitlist.',
  login: 'Please log in to book this activity.',
} as const;

export const actionStatuses = ['BOOK', 'FULL', 'LOGIN', 'WAITLIST'] as const;
export type ActionStatus = (typeof actionStatuses)[number];

// ---- Query strings ---------------------------------------------------------------------------------

const isRealDate = (value: string) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
};

/** A venue-local date, YYYY-MM-DD, that exists in the calendar. */
export const zLocalDate = z
  .string({ error: (issue) => (issue.input === undefined ? activityMessages.dateRequired : undefined) })
  .min(1, { message: activityMessages.dateRequired, abort: true })
  .refine(isRealDate, activityMessages.dateFormat)
  .describe('A venue-local date, YYYY-MM-DD.');

const timePattern = /^([01]\d|2[0-3]):[0-5]\d$/;
/** Only two well-formed times are compared; a malformed one has its own message. */
const endsAfterStart = (start: string | undefined, end: string | undefined) =>
  !start || !end || !timePattern.test(start) || !timePattern.test(end) || end > start;

const zLocalTime = (requiredMessage: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? requiredMessage : undefined) })
    .min(1, { message: requiredMessage, abort: true })
    .regex(timePattern, activityMessages.timeFormat)
    .describe('A venue-local time, HH:MM (24-hour).');

export const zCompositeKey = z
  .string()
  .regex(/^[0-9a-f]{8}$/, activityMessages.compositeKeyFormat)
  .describe('8 hexadecimal characters naming a time group (one start and end time, every location).');

export const zDateQuery = z.object({ date: zLocalDate });
export type DateQuery = z.infer<typeof zDateQuery>;

/** v1 slots: the time group is named by its start and end time. */
export const zSlotsQuery = z
  .object({
    date: zLocalDate,
    start_time: zLocalTime(activityMessages.startTimeRequired),
    end_time: zLocalTime(activityMessages.endTimeRequired),
  })
  .refine((query) => endsAfterStart(query.start_time, query.end_time), {
    path: ['end_time'],
    message: activityMessages.endBeforeStart,
  });
export type SlotsQuery = z.infer<typeof zSlotsQuery>;

/** v2 slots: every filter but the date is optional. */
export const zSlotsV2Query = z
  .object({
    date: zLocalDate,
    start_time: zLocalTime(activityMessages.startTimeRequired).optional(),
    end_time: zLocalTime(activityMessages.endTimeRequired).optional(),
    composite_key: zCompositeKey.optional(),
  })
  .refine((query) => endsAfterStart(query.start_time, query.end_time), {
    path: ['end_time'],
    message: activityMessages.endBeforeStart,
  });
export type SlotsV2Query = z.infer<typeof zSlotsV2Query>;

const zSlug = z.string().min(1).max(100);
export const zVenueParams = z.object({ venue: zSlug });
export const zCategoryParams = z.object({ venue: zSlug, slug: zSlug });
export const zDatesParams = z.object({ venue: zSlug, category: zSlug });
export const zActivityParams = z.object({ venue: zSlug, activity: zSlug });
export const zTimeGroupParams = z.object({
  venue: zSlug,
  activity: zSlug,
  composite_key: z.string().max(100),
});
export const zOccurrenceParams = z.object({ id: z.string().max(100) });

// ---- Shared pieces -----------------------------------------------------------------------------------

export const zClock = z.object({
  /** '1:30pm', the same style on every answer. */
  format_12_hour: z.string(),
  /** '13:30' */
  format_24_hour: z.string(),
});
export type Clock = z.infer<typeof zClock>;

/** A moment with its venue-local reading. */
export const zInstant = z.object({
  /** '2026-02-09T22:00:00Z' */
  utc: z.string(),
  /** '2026-02-09T22:00:00+00:00' (venue-local, with its offset) */
  local: z.string(),
  format_12_hour: z.string(),
  format_24_hour: z.string(),
});
export type Instant = z.infer<typeof zInstant>;

export const zActionToShow = z.object({
  /** BOOK; FULL; LOGIN (log in first); WAITLIST (full, join the waitlist); null (not bookable yet). */
  status: z.enum(actionStatuses).nullable(),
  reason: z.string().nullable(),
});
export type ActionToShow = z.infer<typeof zActionToShow>;

/** The signed-in user's own paid booking of this session (of the time group, on a time): null otherwise. */
export const zBookingRef = z.object({ id: z.number().int() }).nullable();

/**
 * The basket line holding a place of this session for the signed-in user (a place they took but have
 * not paid for yet, or a waitlist offer): null otherwise. Not a booking, so not in `booking`.
 */
const zCartItemId = z.number().int().nullable();

export const zRestrictions = z.object({
  pre_waiver: z.null(),
  pre_induction: z.null(),
  criteria: z.null(),
});

export const zTimesPrice = z.object({
  /** True when this user may pay a different price (e.g. a member price they are not logged in for). */
  is_estimated: z.boolean(),
  /** '£5.92' */
  formatted_amount: z.string(),
});

export const zSlotPrice = z.object({
  /** A member's price was applied. */
  benefit_applied: z.boolean(),
  package_applied: z.boolean(),
  /** '£5.92' */
  formatted: z.string(),
  /** Minor units: 592. */
  raw: z.number().int(),
});
export type SlotPrice = z.infer<typeof zSlotPrice>;

export const zLocation = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  slug: z.string(),
  venue_id: z.number().int(),
  venue_slug: z.string(),
});
export type Location = z.infer<typeof zLocation>;

export const zSlotDate = z.object({
  /** '2026-02-09' */
  raw: z.string(),
  /** '09/02/2026' */
  raw_pretty: z.string(),
  /** 'Mon' */
  day_pretty: z.string(),
  /** '9 Feb' */
  date_pretty: z.string(),
  /** 'Mon 09 February 2026' */
  full_date_pretty: z.string(),
});
export type SlotDate = z.infer<typeof zSlotDate>;

// ---- Discovery -----------------------------------------------------------------------------------

export const zActivityVenue = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  town: z.string(),
  /** The operator's region the venue belongs to, e.g. 'Yorkshire'. */
  area: z.string(),
  /** Street address lines joined with ', '. */
  address: z.string(),
  postcode: z.string(),
  lat: z.number(),
  lng: z.number(),
  timezone: z.string(),
  activities_v2_enabled: z.boolean(),
  display_venue_selection_button: z.boolean(),
});
export type ActivityVenue = z.infer<typeof zActivityVenue>;
export const zVenuesResponse = z.object({ data: z.array(zActivityVenue) });

export const zCategory = z.object({
  slug: z.string(),
  name: z.string(),
  has_children: z.boolean(),
  /** `category` holds children; `activity` is bookable (its page is the date picker). */
  type: z.enum(['category', 'activity']),
  parent_slug: z.string().nullable(),
  is_root: z.boolean(),
});
export type Category = z.infer<typeof zCategory>;
export const zCategoriesResponse = z.object({ data: z.array(zCategory) });

export const zCategoryDetail = zCategory.extend({
  children: z.array(zCategory),
  /** The categories above it, the root first: the breadcrumb path (Home / venue / ... / this). */
  ancestors: z.array(z.object({ slug: z.string(), name: z.string() })),
  /** For an activity: the venue's locations it runs in. Empty for a category. */
  locations: z.array(zLocation),
});
export type CategoryDetail = z.infer<typeof zCategoryDetail>;
export const zCategoryResponse = z.object({ data: zCategoryDetail });

export const zBookableDate = z.object({
  raw: z.string(),
  /** 'Mon 9 Feb' */
  full_date_pretty: z.string(),
  today: z.boolean(),
  /** 'Monday' */
  day_pretty: z.string(),
  /** '9 Feb' */
  date_pretty: z.string(),
  year: z.string(),
});
export type BookableDate = z.infer<typeof zBookableDate>;
export const zDatesResponse = z.object({ data: z.array(zBookableDate) });

// ---- Availability ----------------------------------------------------------------------------------

export const zTime = z.object({
  starts_at: zClock,
  ends_at: zClock,
  /** '40min' */
  duration: z.string(),
  price: zTimesPrice,
  composite_key: z.string(),
  /** Start, in Unix seconds. */
  timestamp: z.number().int(),
  booking: zBookingRef,
  cart_item_id: zCartItemId,
  action_to_show: zActionToShow,
  /** The activity's slug (activities are the leaf categories). */
  category_slug: z.string(),
  date: z.string(),
  venue_slug: z.string(),
  /** The location's name, or 'Multiple' when the time runs in several. */
  location: z.string(),
  /** Places left across the group's locations. */
  spaces: z.number().int(),
  name: z.string(),
  allows_anonymous_bookings: z.boolean(),
  needs_waiver: z.boolean(),
  restrictions: zRestrictions,
  has_pre_purchase_restrictions: z.boolean(),
  requires_induction: z.boolean(),
  restriction_ids: z.array(z.number().int()),
});
export type Time = z.infer<typeof zTime>;
export const zTimesResponse = z.object({ data: z.array(zTime) });

export const zTimeV2 = zTime.extend({
  /** An occurrence of the group with space (the first location otherwise): usable to book. */
  id: z.string(),
  first_bookable_at: zInstant,
  spaces_remaining: z.number().int(),
});
export type TimeV2 = z.infer<typeof zTimeV2>;
export const zTimesV2Response = z.object({ data: z.array(zTimeV2) });

export const zTimeGroupLocation = z.object({
  /** The occurrence id (book with it). */
  id: z.string(),
  /** 'Court 2' */
  location: z.string(),
  location_id: z.string(),
  spaces: z.number().int(),
  capacity: z.number().int(),
  action_to_show: zActionToShow,
  booking: zBookingRef,
  cart_item_id: zCartItemId,
});
export type TimeGroupLocation = z.infer<typeof zTimeGroupLocation>;
export const zTimeGroupResponse = z.object({ data: z.array(zTimeGroupLocation) });

export const zSlot = z.object({
  /** The occurrence id used to book. */
  id: z.string(),
  name: z.string(),
  allows_anonymous_bookings: z.boolean(),
  needs_waiver: z.boolean(),
  category_slug: z.string(),
  duration: z.string(),
  date: zSlotDate,
  starts_at: zClock,
  ends_at: zClock,
  location: zLocation,
  slot_display_location: z.string(),
  venue_name: z.string(),
  price: zSlotPrice,
  first_bookable_at: zInstant,
  last_bookable_at: zInstant,
  pricing_option_id: z.number().int(),
  cart_type: z.enum(['activity', 'purchasableOccurrence']),
  composite_key: z.string(),
  booking: zBookingRef,
  cart_item_id: zCartItemId,
  bookings_count: z.number().int(),
  spaces: z.number().int(),
  capacity: z.number().int(),
  action_to_show: zActionToShow,
  waitlist_id: z.number().int().nullable(),
  restrictions: zRestrictions,
  has_pre_purchase_restrictions: z.boolean(),
  requires_induction: z.boolean(),
  restriction_ids: z.array(z.number().int()),
  /** Whether a member benefit could lower the price: null when the activity has no member price. */
  benefit_available: z.boolean().nullable(),
  tags: z.array(z.string()),
});
export type Slot = z.infer<typeof zSlot>;
export const zSlotsResponse = z.object({ data: z.array(zSlot) });

export const zTimetableItem = z.object({
  id: z.string(),
  name: z.string(),
  category_slug: z.string(),
  venue_slug: z.string(),
  date: zSlotDate,
  starts_at: zClock,
  ends_at: zClock,
  duration: z.string(),
  spaces: z.number().int(),
  capacity: z.number().int(),
  price: zSlotPrice,
  pricing_option_id: z.number().int(),
  location: zLocation,
  /** The instructor's name, or null. */
  instructor: z.string().nullable(),
  action_to_show: zActionToShow,
  booking: zBookingRef,
  cart_item_id: zCartItemId,
  waitlist_id: z.number().int().nullable(),
  allows_anonymous_bookings: z.boolean(),
  needs_waiver: z.boolean(),
  composite_key: z.string(),
});
export type TimetableItem = z.infer<typeof zTimetableItem>;
export const zTimetableResponse = z.object({ data: z.array(zTimetableItem) });

// ---- Occurrence ---------------------------------------------------------------------------------

export const zTicket = z.object({
  /** A string of digits, as the original platform answers it; `cart/add` takes it as a string or a number. */
  id: z.string(),
  /** 'Adult', 'Junior' */
  name: z.string(),
  price: zSlotPrice,
  pricing_option: z.object({ id: z.number().int(), name: z.string() }),
});
export type Ticket = z.infer<typeof zTicket>;

export const zOccurrence = z.object({
  id: z.string(),
  name: z.string(),
  activity_slug: z.string(),
  /** `court`, `class` or `course` (a course is bought as one bundle of its weekly sessions). */
  kind: z.enum(['court', 'class', 'course']),
  venue_slug: z.string(),
  venue_name: z.string(),
  date: zSlotDate,
  starts_at: zInstant,
  ends_at: zInstant,
  duration: z.string(),
  location: zLocation,
  instructor: z.string().nullable(),
  spaces: z.number().int(),
  capacity: z.number().int(),
  action_to_show: zActionToShow,
  booking: zBookingRef,
  cart_item_id: zCartItemId,
  /** The user's live waitlist entry for this session (as on the timetable), or null. */
  waitlist_id: z.number().int().nullable(),
  /** Their place in the queue: 1 for the first person waiting; 0 once a place is offered; null off the list. */
  waitlist_position: z.number().int().nullable(),
  first_bookable_at: zInstant,
  cancellation_cutoff_minutes: z.number().int(),
  awards_credit: z.boolean(),
  needs_waiver: z.boolean(),
  allows_anonymous_bookings: z.boolean(),
  /** The course this session belongs to; buying it buys every session. */
  bundle: z.object({ id: z.number().int(), name: z.string(), sessions_count: z.number().int() }).nullable(),
  tickets: z.array(zTicket),
});
export type Occurrence = z.infer<typeof zOccurrence>;
export const zOccurrenceResponse = z.object({ data: zOccurrence });
