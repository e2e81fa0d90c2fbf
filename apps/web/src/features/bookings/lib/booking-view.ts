import type { Booking, BookingV2 } from '@leisure/contract/bookings';
import type { Camel } from '../../../shared/api/camel';
import { localParts } from '../../../shared/format/dates';

/**
 * One booking as the screens show it, whichever API loaded it: `my-account/bookings` (Booking) when
 * `activitiesV2Enabled` is off, `v1/activities/bookings` (Booking v2) when it is on.
 */
export interface BookingView {
  id: number;
  name: string;
  description: string;
  category: string;
  venueName: string;
  /** 'YYYY-MM-DD' (venue-local) */
  dateRaw: string;
  /** '18:00' */
  startTime: string;
  endTime: string;
  /** '40 min' */
  duration: string;
  locationName: string;
  price: string;
  orderId: number;
  canBeCancelled: boolean;
  cutoffMessage: string;
  awardsCredit: { canBeAwarded: boolean; message: string };
  bookingType: 'courses' | 'other';
  /** The course booking (`/bookings/courses/{id}`) of a course's session. */
  bundle: { id: number; position: number; total: number } | null;
}

export type WireBooking = Camel<Booking>;
export type WireBookingV2 = Camel<BookingV2>;

/** The API's '40min' as the screens write it: '40 min'. */
function durationText(wire: string): string {
  const minutes = /^(\d+)\s*min$/.exec(wire)?.[1];
  return minutes === undefined ? wire : `${minutes} min`;
}

export function fromBooking(booking: WireBooking): BookingView {
  return {
    id: booking.id,
    name: booking.simpleName,
    description: booking.description,
    category: booking.category,
    venueName: booking.venueName,
    dateRaw: booking.dateRaw,
    startTime: booking.item.startsAt.format24Hour,
    endTime: booking.item.endsAt.format24Hour,
    duration: durationText(booking.item.duration),
    locationName: booking.item.location.name,
    price: booking.price,
    orderId: booking.orderId,
    canBeCancelled: booking.canBeCancelled,
    cutoffMessage: booking.cancellationCutoff.cutoffMessage,
    awardsCredit: booking.awardsCredit,
    bookingType: booking.bookingType,
    bundle: booking.bookingBundleContext
      ? {
          id: booking.bookingBundleContext.id,
          position: booking.bookingBundleContext.settledBookingPosition,
          total: booking.bookingBundleContext.totalSettledBookings,
        }
      : null,
  };
}

export function fromBookingV2(booking: WireBookingV2): BookingView {
  const starts = localParts(booking.startsAt.local);
  return {
    id: booking.id,
    name: booking.name,
    description: booking.description,
    category: booking.category.name,
    venueName: booking.venue.name,
    dateRaw: starts.date,
    startTime: starts.time,
    endTime: localParts(booking.endsAt.local).time,
    duration: durationText(booking.duration),
    locationName: booking.locationName,
    price: booking.price.formatted,
    orderId: booking.orderId,
    canBeCancelled: booking.cancellation.canCancel,
    cutoffMessage: booking.cancellationCutOff.cutoffMessage,
    awardsCredit: booking.cancellationAwardsCredit,
    bookingType: booking.bookingType,
    bundle: booking.bookingBundleContext
      ? {
          id: booking.bookingBundleContext.id,
          position: booking.bookingBundleContext.settledBookingPosition,
          total: booking.bookingBundleContext.totalSettledBookings,
        }
      : null,
  };
}
