import { z } from 'zod';
import { zInstant, zLocation, zSlotDate } from './activities';
import { zId } from './ids';

/**
 * The customer's own bookings, waitlist entries and course bookings (my-account.md 2.3, 2.4, 3, 7).
 * Every call answers only for the signed-in customer: another customer's booking is a 404.
 *
 * Two ways of loading and cancelling, chosen on the web by the client setting `activities_v2_enabled`:
 * - off: `GET api/my-account/bookings?filter=` (list shape `Booking`) and
 *   `PATCH api/v1/activities/bookings` (cancel by ids);
 * - on: `GET api/v1/activities/bookings?user_id&starts_after|starts_before` (shape `Booking v2`) and
 *   `DELETE api/activities/bookings/{id}/?source=my-account`.
 * A booking of a course (`booking_type` 'courses') is cancelled as a whole from the course page.
 */

export const myBookingsMessages = {
  notEligibleForCredit: 'You are not eligible to receive credit for this booking.',
  cutoffPassed: 'This booking can no longer be cancelled: the cancellation window has closed.',
  alreadyCancelled: 'This booking has already been cancelled.',
  courseSession: 'This booking is part of a course: cancel the course instead.',
  bundleCancelled: 'This course booking has already been cancelled.',
  bundleClosed:
    'This course booking can no longer be cancelled: every session has started or the cancellation window has closed.',
  wrongUser: 'You can only see your own bookings.',
  noBookings: 'Choose at least one booking.',
} as const;

/** 'Cancelling gives you £5.92 credit.' / 'Cancel up to 2 hours before the start.' */
export function cutoffMessage(cutoffMinutes: number): string {
  if (cutoffMinutes <= 0) return 'This booking can be cancelled until the session starts.';
  if (cutoffMinutes % 60 === 0) {
    const hours = cutoffMinutes / 60;
    return `This booking can be cancelled up to ${hours} hour${hours === 1 ? '' : 's'} before the session starts.`;
  }
  return `This booking can be cancelled up to ${cutoffMinutes} minutes before the session starts.`;
}

export function creditAwardMessage(formattedCredit: string): string {
  return `Cancelling before the cut-off gives you ${formattedCredit} account credit.`;
}

export function creditAwardedMessage(formattedCredit: string): string {
  return `${formattedCredit} has been added to your account credit.`;
}

/** Where a cancellation was made; the original platform's `activity-booking` is the bookings site. */
const zCancellationSource = z
  .enum(['my-account', 'bookings', 'activity-booking', 'foh', 'kiosk'])
  .transform((source) => (source === 'activity-booking' ? 'bookings' : source));

export const zAwardsCredit = z.object({
  can_be_awarded: z.boolean(),
  /** What the customer reads: the amount a cancellation now gives, or the not-eligible text. */
  message: z.string(),
});

export const zCreditAwarded = z.object({
  /** Minor units of general account credit the cancellation gave (0: none). */
  amount: z.number().int(),
  formatted: z.string(),
  message: z.string(),
});
export type CreditAwarded = z.infer<typeof zCreditAwarded>;

export const zBookingBundleContext = z.object({
  /** The course booking (`bookings/courses/{id}`). */
  id: z.number().int(),
  /** 1 = the course's first session. */
  settled_booking_position: z.number().int(),
  total_settled_bookings: z.number().int(),
});

export const zBookingStatus = z.enum(['booked', 'cancelled']);

// ---- GET api/my-account/bookings?filter=future|past ----------------------------------------------

export const zMyBookingsQuery = z.object({
  filter: z
    .enum(['future', 'past', 'all'], { error: "Must be 'future', 'past' or 'all'." })
    .default('future'),
});

/** `{ raw, utc, local, format_12_hour, format_24_hour }`: the activities API's instant, plus `raw`. */
const zTimeOfDay = zInstant.extend({
  /** Venue-local ISO time with its offset (the same as `local`). */
  raw: z.string(),
});

export const zBooking = z.object({
  id: z.number().int(),
  status: zBookingStatus,
  /** 'Mon 09 February 2026' (venue-local) */
  date: z.string(),
  /** 'YYYY-MM-DD' (venue-local) */
  date_raw: z.string(),
  /** '18:00 - 18:40' */
  time: z.string(),
  description: z.string(),
  /** The activity's name. */
  simple_name: z.string(),
  category: z.string(),
  venue: z.string(),
  venue_name: z.string(),
  /** What was paid for this booking, formatted ('£5.92'; '£0.00' when free). */
  price: z.string(),
  order_id: z.number().int(),
  can_be_cancelled: z.boolean(),
  is_v2_booking: z.boolean(),
  booking_type: z.enum(['courses', 'other']),
  booking_bundle_context: zBookingBundleContext.nullable(),
  /** Not recorded yet: null. */
  attended: z.boolean().nullable(),
  activity_id: z.number().int(),
  item: z.object({
    date: zSlotDate,
    starts_at: zTimeOfDay,
    ends_at: zTimeOfDay,
    /** '40min' */
    duration: z.string(),
    location: zLocation,
  }),
  cancellation_cutoff: z.object({ cutoff_message: z.string() }),
  awards_credit: zAwardsCredit,
});
export type Booking = z.infer<typeof zBooking>;
export const zMyBookingsResponse = z.object({ data: z.array(zBooking) });

// ---- v1 and v2 (activities API) -------------------------------------------------------------------

const zIsoDateTime = z
  .string()
  .refine((value) => !Number.isNaN(Date.parse(value)), { message: 'Must be a date and time.' });

export const zActivityBookingsQuery = z
  .object({
    user_id: zId,
    starts_after: zIsoDateTime.optional(),
    starts_before: zIsoDateTime.optional(),
    cancellation_source: zCancellationSource.optional(),
  })
  .refine((query) => (query.starts_after === undefined) !== (query.starts_before === undefined), {
    message: 'Send either starts_after or starts_before.',
    path: ['starts_after'],
  });

export const zBookingV2 = z.object({
  id: z.number().int(),
  status: zBookingStatus,
  attended: z.boolean().nullable(),
  cancellation: z.object({
    can_cancel: z.boolean(),
    /** When cancelling stops being possible (ISO, venue-local). */
    cut_off: z.string(),
  }),
  cancellation_cut_off: z.object({
    /** 'cancel' before the cut-off, 'none' after. */
    cutoff_action: z.enum(['cancel', 'none']),
    cutoff_message: z.string(),
  }),
  cancellation_awards_credit: zAwardsCredit,
  /** '40 min' */
  duration: z.string(),
  starts_at: z.object({ local: z.string() }),
  ends_at: z.object({ local: z.string() }),
  location_name: z.string(),
  venue: z.object({ id: z.number().int(), name: z.string() }),
  category: z.object({ name: z.string() }),
  name: z.string(),
  price: z.object({ formatted: z.string(), raw: z.number().int() }),
  description: z.string(),
  order_id: z.number().int(),
  booking_type: z.enum(['courses', 'other']),
  booking_bundle_context: zBookingBundleContext.nullable(),
  order: z.object({ id: z.number().int() }),
});
export type BookingV2 = z.infer<typeof zBookingV2>;
export const zBookingsV2Response = z.object({ data: z.array(zBookingV2) });

export const zCancelBookingsRequest = z.object({
  data: z.object({
    cancellation_source: zCancellationSource,
    update_type: z.literal('cancellation', { error: "Must be 'cancellation'." }),
    booking_ids: z.array(zId).min(1, myBookingsMessages.noBookings).max(50),
  }),
});

export const zCancelledBooking = z.object({
  id: z.number().int(),
  status: zBookingStatus,
  credit: zCreditAwarded,
});
export const zCancelBookingsResponse = z.object({
  data: z.array(zCancelledBooking),
  /** All the credit the request gave. */
  credit: zCreditAwarded,
});
export type CancelBookingsResponse = z.infer<typeof zCancelBookingsResponse>;

export const zBookingParams = z.object({ bookingId: zId });
export const zCancelV2Query = z.object({ source: zCancellationSource.default('my-account') });
export const zCancelBookingV2Response = z.object({
  data: zBookingV2,
  credit: zCreditAwarded,
});
export type CancelBookingV2Response = z.infer<typeof zCancelBookingV2Response>;

// ---- Waitlist ------------------------------------------------------------------------------------

export const zMyWaitlistEntry = z.object({
  id: z.number().int(),
  /** waiting, or offered (a place is held in the basket). */
  status: z.enum(['waiting', 'offered']),
  /** 1 = first in line; 0 once offered. */
  position: z.number().int(),
  /** 'YYYY-MM-DD' (venue-local) */
  date_raw: z.string(),
  waitlistable: z.object({
    id: z.number().int(),
    name: z.string(),
    /** '18:00' */
    starts_at: z.string(),
    ends_at: z.string(),
    venue_name: z.string(),
    location: z.object({ name: z.string() }),
    /** 'Mon 09 February 2026' */
    date: z.string(),
  }),
  /** Not made yet: a place offered is in the basket, not an order. */
  order: z.object({ id: z.number().int() }).nullable(),
});
export type MyWaitlistEntry = z.infer<typeof zMyWaitlistEntry>;
export const zMyWaitlistResponse = z.object({ data: z.array(zMyWaitlistEntry) });
export const zWaitlistEntryParams = z.object({ waitlistId: zId });
export const zLeaveWaitlistResponse = z.object({
  data: z.object({ id: z.number().int(), status: z.string() }),
});

// ---- Course bookings ----------------------------------------------------------------------------

export const zBundleParams = z.object({ bookingBundleId: zId });
export const zBundleQuery = z.object({ cancellation_source: zCancellationSource.optional() });

export const zBundleSession = z.object({
  id: z.number().int(),
  status: zBookingStatus,
  starts_at: z.object({ local: z.string() }),
  ends_at: z.object({ local: z.string() }),
  location_name: z.string(),
  venue: z.object({ name: z.string() }),
  /** Places left on the session (null: not shown). */
  spots: z.number().int().nullable(),
});

export const zBookingBundle = z.object({
  /** The course booking: the order line that bought the course. */
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** booked; cancelled (every session cancelled); partially_cancelled. */
  status: z.enum(['booked', 'cancelled', 'partially_cancelled']),
  category: z.object({ name: z.string() }),
  venue: z.object({ name: z.string() }),
  instructors: z.array(z.object({ name: z.string() })),
  /** The course (null: no schedule). */
  schedule_id: z.number().int().nullable(),
  bookings: z.array(zBundleSession),
  total_price: z.object({ value: z.number().int(), formatted: z.string(), currency: z.string() }),
  order_id: z.number().int(),
  cancellation: z.object({
    can_cancel: z.boolean(),
    /** What cancelling now would give (sessions not started and before their cut-off). */
    credit: zCreditAwarded,
  }),
});
export type BookingBundle = z.infer<typeof zBookingBundle>;
export const zBookingBundleResponse = z.object({ data: zBookingBundle });
export const zCancelBundleResponse = z.object({ data: zBookingBundle, credit: zCreditAwarded });
export type CancelBundleResponse = z.infer<typeof zCancelBundleResponse>;
