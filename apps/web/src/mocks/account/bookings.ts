import {
  type Booking,
  type BookingBundle,
  type BookingV2,
  type CancelBookingsResponse,
  type CancelBookingV2Response,
  type CancelBundleResponse,
  type CreditAwarded,
  creditAwardedMessage,
  creditAwardMessage,
  cutoffMessage,
  type MyWaitlistEntry,
  myBookingsMessages,
} from '@leisure/contract/bookings';
import { HttpResponse, http } from 'msw';
import { mockDate, mockInstant, mockLocation } from '../wire-dates';
import { recordCreditAdded } from './payments';
import {
  api,
  clock,
  dayFromToday,
  formatMoney,
  harrogate,
  hasSession,
  invalid,
  isoDate,
  leeds,
  localDateTime,
  longDate,
  notFound,
  unauthenticated,
  venueSlugOf,
  york,
} from './shared';

/**
 * My bookings (my-account.md 2.3, 2.4, 7): v1 and v2 lists, cancelling with a credit message, the
 * waitlist and a course booking. State lives in this module so a cancelled booking leaves the list.
 */

interface SessionSpec {
  id: number;
  name: string;
  category: string;
  venue: { id: number; name: string };
  location: string;
  day: number;
  hour: number;
  minutes: number;
  /** What was paid, in pence. */
  price: number;
  orderId: number;
  /** Minutes before the start when cancelling stops (0: until the start). */
  cutoff?: number;
  description?: string;
  attended?: boolean | null;
  course?: { id: number; position: number; total: number };
}

/** The wire's instant with `raw`, the venue-local time (like `local`). */
function instantOf(at: Date) {
  return { raw: localDateTime(at), ...mockInstant(localDateTime(at)) };
}

/** Can it still be cancelled, and what would that give (nothing when free or past the cut-off)? */
function cancelTerms(spec: SessionSpec) {
  const start = dayFromToday(spec.day, spec.hour);
  const cutoff = new Date(start.getTime() - (spec.cutoff ?? 120) * 60_000);
  const open = cutoff.getTime() > Date.now() && !spec.course;
  const awards = open && spec.price > 0;
  return {
    start,
    end: new Date(start.getTime() + spec.minutes * 60_000),
    cutoff,
    open,
    awardsCredit: {
      can_be_awarded: awards,
      message: awards ? creditAwardMessage(formatMoney(spec.price)) : myBookingsMessages.notEligibleForCredit,
    },
  };
}

function v1Booking(spec: SessionSpec): Booking {
  const terms = cancelTerms(spec);
  return {
    id: spec.id,
    status: 'booked',
    date: longDate(terms.start),
    date_raw: isoDate(terms.start),
    time: `${clock(terms.start)} - ${clock(terms.end)}`,
    description: spec.description ?? '',
    simple_name: spec.name,
    category: spec.category,
    venue: venueSlugOf(spec.venue.id),
    venue_name: spec.venue.name,
    price: formatMoney(spec.price),
    order_id: spec.orderId,
    can_be_cancelled: terms.open,
    is_v2_booking: false,
    booking_type: spec.course ? 'courses' : 'other',
    booking_bundle_context: spec.course
      ? {
          id: spec.course.id,
          settled_booking_position: spec.course.position,
          total_settled_bookings: spec.course.total,
        }
      : null,
    attended: spec.attended ?? null,
    activity_id: spec.id,
    item: {
      date: mockDate(isoDate(terms.start)),
      starts_at: instantOf(terms.start),
      ends_at: instantOf(terms.end),
      duration: `${spec.minutes}min`,
      location: mockLocation(spec.location, venueSlugOf(spec.venue.id), spec.venue.id),
    },
    cancellation_cutoff: { cutoff_message: cutoffMessage(spec.cutoff ?? 120) },
    awards_credit: terms.awardsCredit,
  };
}

function v2Booking(spec: SessionSpec): BookingV2 {
  const terms = cancelTerms(spec);
  return {
    id: spec.id,
    status: 'booked',
    attended: spec.attended ?? null,
    cancellation: { can_cancel: terms.open, cut_off: localDateTime(terms.cutoff) },
    cancellation_cut_off: {
      cutoff_action: terms.open ? 'cancel' : 'none',
      cutoff_message: cutoffMessage(spec.cutoff ?? 120),
    },
    cancellation_awards_credit: terms.awardsCredit,
    duration: `${spec.minutes} min`,
    starts_at: { local: localDateTime(terms.start) },
    ends_at: { local: localDateTime(terms.end) },
    location_name: spec.location,
    venue: spec.venue,
    category: { name: spec.category },
    name: spec.name,
    price: { formatted: formatMoney(spec.price), raw: spec.price },
    description: spec.description ?? '',
    order_id: spec.orderId,
    booking_type: spec.course ? 'courses' : 'other',
    booking_bundle_context: spec.course
      ? {
          id: spec.course.id,
          settled_booking_position: spec.course.position,
          total_settled_bookings: spec.course.total,
        }
      : null,
    order: { id: spec.orderId },
  };
}

const courseId = 900;
const courseSessionPrice = 800;
/** Weekly, one session run already: the member's booking is the second, tomorrow. */
const courseSessionDays = [-6, 1, 8, 15, 22, 29];

const v1Specs = (): SessionSpec[] => [
  {
    id: 101,
    name: 'Yoga Flow',
    category: 'Fitness Classes',
    venue: leeds,
    location: 'Studio 1',
    day: 2,
    hour: 18,
    minutes: 45,
    price: 750,
    orderId: 3101,
    description: 'A flowing class for every level.',
  },
  {
    id: 102,
    name: 'Spin Express',
    category: 'Fitness Classes',
    venue: leeds,
    location: 'Spin Studio',
    // Starts within the hour: past the two-hour cut-off, so it cannot be cancelled.
    day: 0,
    hour: new Date().getUTCHours() + 1,
    minutes: 30,
    price: 500,
    orderId: 3102,
  },
  {
    id: 103,
    name: 'Adult Swimming Course (evenings)',
    category: 'Swimming',
    venue: leeds,
    location: 'Main Pool, Leeds Riverside',
    day: courseSessionDays[1] ?? 1,
    hour: 19,
    minutes: 45,
    price: courseSessionPrice,
    orderId: 3103,
    course: { id: courseId, position: 2, total: courseSessionDays.length },
  },
  {
    id: 104,
    name: 'Badminton 40min',
    category: 'Badminton',
    venue: york,
    location: 'Court 2',
    day: 9,
    hour: 12,
    minutes: 40,
    // Paid with a membership benefit: free, so cancelling gives no credit.
    price: 0,
    orderId: 3104,
    cutoff: 60,
  },
];

const v1PastSpecs = (): SessionSpec[] => [
  {
    id: 90,
    name: 'Swim for Fitness',
    category: 'Swimming',
    venue: leeds,
    location: 'Main Pool',
    day: -6,
    hour: 7,
    minutes: 60,
    price: 450,
    orderId: 3090,
    attended: true,
  },
  {
    id: 91,
    name: 'Aqua Fit',
    category: 'Swimming',
    venue: harrogate,
    location: 'Learner Pool',
    day: -20,
    hour: 10,
    minutes: 45,
    price: 620,
    orderId: 3091,
    attended: false,
  },
];

const v2Specs = (): SessionSpec[] => [
  {
    id: 201,
    name: 'Badminton 40min',
    category: 'Badminton',
    venue: leeds,
    location: 'Court 2',
    day: 3,
    hour: 18,
    minutes: 40,
    price: 592,
    orderId: 3201,
    cutoff: 60,
  },
  {
    id: 202,
    name: 'Squash 45min',
    category: 'Squash',
    venue: york,
    location: 'Squash Court 1',
    day: 6,
    hour: 17,
    minutes: 45,
    price: 840,
    orderId: 3202,
  },
];

const v2PastSpecs = (): SessionSpec[] => [
  {
    id: 190,
    name: 'Pilates',
    category: 'Fitness Classes',
    venue: leeds,
    location: 'Studio 2',
    day: -4,
    hour: 9,
    minutes: 50,
    price: 650,
    orderId: 3190,
    attended: true,
  },
];

function waitlistEntry(
  id: number,
  name: string,
  day: number,
  hour: number,
  position: number,
): MyWaitlistEntry {
  const start = dayFromToday(day, hour);
  const end = new Date(start.getTime() + 45 * 60_000);
  return {
    id,
    status: 'waiting',
    position,
    date_raw: isoDate(start),
    waitlistable: {
      id: 700 + id,
      name,
      starts_at: clock(start),
      ends_at: clock(end),
      venue_name: leeds.name,
      location: { name: 'Studio 1' },
      date: longDate(start),
    },
    order: null,
  };
}

function courseBundle(): BookingBundle {
  const sessions = courseSessionDays.map((day, index) => {
    const start = dayFromToday(day, 19);
    return {
      id: index === 1 ? 103 : 150 + index,
      status: 'booked' as const,
      starts_at: { local: localDateTime(start) },
      ends_at: { local: localDateTime(new Date(start.getTime() + 45 * 60_000)) },
      location_name: 'Main Pool, Leeds Riverside',
      venue: { name: leeds.name },
      spots: day < 0 ? null : 4,
    };
  });
  const total = courseSessionPrice * sessions.length;
  return {
    id: courseId,
    name: 'Adult Swimming Course (evenings)',
    description: 'Six weeks to a confident front crawl, with a coach in the water.',
    status: 'booked',
    category: { name: 'Swimming' },
    venue: { name: leeds.name },
    instructors: [{ name: 'Maria Santos' }, { name: 'Tom Okafor' }],
    schedule_id: 12,
    bookings: sessions,
    total_price: { value: total, formatted: formatMoney(total), currency: 'GBP' },
    order_id: 3103,
    cancellation: { can_cancel: true, credit: creditOf(bundleRefund(sessions)) },
  };
}

/** Sessions not started yet are refunded as credit. */
function bundleRefund(sessions: BookingBundle['bookings']): number {
  return (
    sessions.filter(
      (session) => session.status === 'booked' && Date.parse(session.starts_at.local) > Date.now(),
    ).length * courseSessionPrice
  );
}

function creditOf(amount: number): CreditAwarded {
  const formatted = formatMoney(amount);
  return {
    amount,
    formatted,
    message: amount > 0 ? creditAwardedMessage(formatted) : myBookingsMessages.notEligibleForCredit,
  };
}

function freshState() {
  return {
    future: v1Specs(),
    past: v1PastSpecs(),
    v2Future: v2Specs(),
    v2Past: v2PastSpecs(),
    waitlist: [waitlistEntry(31, 'Spin Express', 4, 7, 2), waitlistEntry(32, 'Body Pump', 8, 18, 5)],
    bundle: courseBundle(),
  };
}

let state = freshState();

export function resetBookingsMock(): void {
  state = freshState();
}

const byStart = (a: SessionSpec, b: SessionSpec) => a.day - b.day || a.hour - b.hour;

export const bookingsHandlers = [
  http.get(api('my-account/bookings'), ({ request }) => {
    if (!hasSession()) return unauthenticated();
    const filter = new URL(request.url).searchParams.get('filter') ?? 'future';
    if (filter !== 'future' && filter !== 'past') return invalid('filter', "Must be 'future' or 'past'.");
    // Upcoming soonest first, previous most recent first (spec 4).
    const specs =
      filter === 'past' ? [...state.past].sort(byStart).reverse() : [...state.future].sort(byStart);
    return HttpResponse.json({ data: specs.map(v1Booking) });
  }),

  http.get(api('v1/activities/bookings'), ({ request }) => {
    if (!hasSession()) return unauthenticated();
    const query = new URL(request.url).searchParams;
    const after = query.get('starts_after');
    const before = query.get('starts_before');
    if (Boolean(after) === Boolean(before))
      return invalid('starts_after', 'Send either starts_after or starts_before.');
    const specs = after ? [...state.v2Future].sort(byStart) : [...state.v2Past].sort(byStart).reverse();
    return HttpResponse.json({ data: specs.map(v2Booking) });
  }),

  http.patch(api('v1/activities/bookings'), async ({ request }) => {
    if (!hasSession()) return unauthenticated();
    const body = (await request.json()) as { data?: { booking_ids?: number[] } };
    const ids = body.data?.booking_ids ?? [];
    if (ids.length === 0) return invalid('booking_ids', myBookingsMessages.noBookings);
    const specs = ids.map((id) => state.future.find((spec) => spec.id === id));
    for (const spec of specs) {
      if (!spec) return notFound();
      if (spec.course) return invalid('booking_ids', myBookingsMessages.courseSession);
      if (!cancelTerms(spec).open) return invalid('booking_ids', myBookingsMessages.cutoffPassed);
    }
    const cancelled = specs.filter((spec): spec is SessionSpec => Boolean(spec));
    state.future = state.future.filter((spec) => !ids.includes(spec.id));
    const data = cancelled.map((spec) => ({
      id: spec.id,
      status: 'cancelled' as const,
      credit: creditOf(spec.price),
    }));
    const total = cancelled.reduce((sum, spec) => sum + spec.price, 0);
    for (const spec of cancelled) recordCreditAdded(spec.price, `Cancelled ${spec.name}`);
    const answer: CancelBookingsResponse = { data, credit: creditOf(total) };
    return HttpResponse.json(answer);
  }),

  http.delete(api('activities/bookings/:bookingId/'), ({ params }) => {
    if (!hasSession()) return unauthenticated();
    const spec = state.v2Future.find((candidate) => candidate.id === Number(params.bookingId));
    if (!spec) return notFound();
    if (!cancelTerms(spec).open) return invalid('booking', myBookingsMessages.cutoffPassed);
    state.v2Future = state.v2Future.filter((candidate) => candidate !== spec);
    recordCreditAdded(spec.price, `Cancelled ${spec.name}`);
    const answer: CancelBookingV2Response = {
      data: { ...v2Booking(spec), status: 'cancelled' },
      credit: creditOf(spec.price),
    };
    return HttpResponse.json(answer);
  }),

  http.get(api('my-account/waitlist'), () =>
    hasSession() ? HttpResponse.json({ data: state.waitlist }) : unauthenticated(),
  ),

  http.delete(api('my-account/waitlist/:waitlistId'), ({ params }) => {
    if (!hasSession()) return unauthenticated();
    const id = Number(params.waitlistId);
    if (!state.waitlist.some((entry) => entry.id === id)) return notFound();
    state.waitlist = state.waitlist.filter((entry) => entry.id !== id);
    return HttpResponse.json({ data: { id, status: 'cancelled' } });
  }),

  http.get(api('v1/activities/bookings/bundles/:bookingBundleId'), ({ params }) => {
    if (!hasSession()) return unauthenticated();
    if (Number(params.bookingBundleId) !== state.bundle.id) return notFound();
    return HttpResponse.json({ data: state.bundle });
  }),

  http.patch(api('v1/activities/bookings/bundles/:bookingBundleId/cancel'), ({ params }) => {
    if (!hasSession()) return unauthenticated();
    if (Number(params.bookingBundleId) !== state.bundle.id) return notFound();
    if (state.bundle.status === 'cancelled')
      return invalid('booking_bundle', myBookingsMessages.bundleCancelled);
    if (!state.bundle.cancellation.can_cancel)
      return invalid('booking_bundle', myBookingsMessages.bundleClosed);
    const refund = bundleRefund(state.bundle.bookings);
    const now = Date.now();
    // Sessions already run stay booked: the bundle is then partly cancelled.
    const bookings = state.bundle.bookings.map((session) =>
      Date.parse(session.starts_at.local) > now ? { ...session, status: 'cancelled' as const } : session,
    );
    state.bundle = {
      ...state.bundle,
      status: bookings.every((session) => session.status === 'cancelled')
        ? 'cancelled'
        : 'partially_cancelled',
      bookings,
      cancellation: { can_cancel: false, credit: creditOf(0) },
    };
    state.future = state.future.filter((spec) => spec.course?.id !== courseId);
    recordCreditAdded(refund, 'Cancelled Adult Swimming Course (evenings)');
    const answer: CancelBundleResponse = { data: state.bundle, credit: creditOf(refund) };
    return HttpResponse.json(answer);
  }),
];
