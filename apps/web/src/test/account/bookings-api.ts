import type {
  Booking,
  BookingBundle,
  BookingV2,
  CreditAwarded,
  MyWaitlistEntry,
} from '@leisure/contract/bookings';
import { HttpResponse, http } from 'msw';
import { server } from './account-api';

/**
 * MSW for the bookings area (my-account.md 2.3, 2.4): wire (snake_case) fixtures and handlers that
 * keep state, so a cancel removes the booking from the next list and leaving a waitlist empties it.
 */

export function wireBooking(overrides: Partial<Booking> = {}): Booking {
  return {
    id: 101,
    status: 'booked',
    date: 'Wed 02 December 2026',
    date_raw: '2026-12-02',
    time: '18:00 - 18:45',
    description: 'A flowing class for every level.',
    simple_name: 'Yoga Flow',
    category: 'Fitness Classes',
    venue: 'leeds-riverside',
    venue_name: 'Leeds Riverside',
    price: '£7.50',
    order_id: 5001,
    can_be_cancelled: true,
    is_v2_booking: false,
    booking_type: 'other',
    booking_bundle_context: null,
    attended: null,
    activity_id: 12,
    item: {
      date: {
        raw: '2026-12-02',
        raw_pretty: '02/12/2026',
        day_pretty: 'Wed',
        date_pretty: '2 Dec',
        full_date_pretty: 'Wed 02 December 2026',
      },
      starts_at: {
        raw: '2026-12-02T18:00:00+00:00',
        utc: '2026-12-02T18:00:00Z',
        local: '2026-12-02T18:00:00+00:00',
        format_12_hour: '6:00pm',
        format_24_hour: '18:00',
      },
      ends_at: {
        raw: '2026-12-02T18:45:00+00:00',
        utc: '2026-12-02T18:45:00Z',
        local: '2026-12-02T18:45:00+00:00',
        format_12_hour: '6:45pm',
        format_24_hour: '18:45',
      },
      duration: '45min',
      location: {
        id: '3',
        name: 'Studio 1',
        type: 'resource',
        slug: 'studio-1',
        venue_id: 1,
        venue_slug: 'leeds-riverside',
      },
    },
    cancellation_cutoff: {
      cutoff_message: 'This booking can be cancelled up to 2 hours before the session starts.',
    },
    awards_credit: {
      can_be_awarded: true,
      message: 'Cancelling before the cut-off gives you £7.50 account credit.',
    },
    ...overrides,
  };
}

function wireBookingV2(overrides: Partial<BookingV2> = {}): BookingV2 {
  return {
    id: 201,
    status: 'booked',
    attended: null,
    cancellation: { can_cancel: true, cut_off: '2026-12-03T17:00:00+00:00' },
    cancellation_cut_off: {
      cutoff_action: 'cancel',
      cutoff_message: 'This booking can be cancelled up to 1 hour before the session starts.',
    },
    cancellation_awards_credit: {
      can_be_awarded: true,
      message: 'Cancelling before the cut-off gives you £5.92 account credit.',
    },
    duration: '40min',
    starts_at: { local: '2026-12-03T18:00:00+00:00' },
    ends_at: { local: '2026-12-03T18:40:00+00:00' },
    location_name: 'Court 2',
    venue: { id: 1, name: 'Leeds Riverside' },
    category: { name: 'Badminton' },
    name: 'Badminton 40min',
    price: { formatted: '£5.92', raw: 592 },
    description: '',
    order_id: 5002,
    booking_type: 'other',
    booking_bundle_context: null,
    order: { id: 5002 },
    ...overrides,
  };
}

const lateBooking = wireBooking({
  id: 102,
  simple_name: 'Spin Express',
  date_raw: '2026-11-24',
  can_be_cancelled: false,
  awards_credit: {
    can_be_awarded: false,
    message: 'You are not eligible to receive credit for this booking.',
  },
});

const courseSessionBooking = wireBooking({
  id: 103,
  simple_name: 'Adult Swimming Course (Mondays 7pm)',
  booking_type: 'courses',
  can_be_cancelled: false,
  booking_bundle_context: { id: 900, settled_booking_position: 2, total_settled_bookings: 6 },
});

const pastBooking = wireBooking({
  id: 90,
  simple_name: 'Swim for Fitness',
  date_raw: '2026-10-01',
  can_be_cancelled: false,
});

function wireWaitlistEntry(overrides: Partial<MyWaitlistEntry> = {}): MyWaitlistEntry {
  return {
    id: 31,
    status: 'waiting',
    position: 2,
    date_raw: '2026-12-04',
    waitlistable: {
      id: 777,
      name: 'Spin Express',
      starts_at: '07:00',
      ends_at: '07:45',
      venue_name: 'Leeds Riverside',
      location: { name: 'Studio 1' },
      date: 'Fri 04 December 2026',
    },
    order: null,
    ...overrides,
  };
}

export function wireBundle(overrides: Partial<BookingBundle> = {}): BookingBundle {
  const session = (
    id: number,
    date: string,
    status: 'booked' | 'cancelled' = 'booked',
    spots: number | null = 4,
  ) => ({
    id,
    status,
    starts_at: { local: `${date}T19:00:00+00:00` },
    ends_at: { local: `${date}T19:45:00+00:00` },
    location_name: 'Main Pool, Leeds Riverside',
    venue: { name: 'Leeds Riverside' },
    spots,
  });
  return {
    id: 900,
    name: 'Adult Swimming Course (Mondays 7pm)',
    description: 'Six weeks to a confident front crawl.',
    status: 'booked',
    category: { name: 'Swimming' },
    venue: { name: 'Leeds Riverside' },
    instructors: [{ name: 'Maria Santos' }],
    schedule_id: 12,
    bookings: [session(1, '2020-01-06', 'booked', null), session(2, '2099-01-13'), session(3, '2099-01-20')],
    total_price: { value: 4800, formatted: '£48.00', currency: 'GBP' },
    order_id: 5003,
    cancellation: {
      can_cancel: true,
      credit: { amount: 3200, formatted: '£32.00', message: '£32.00 has been added to your account credit.' },
    },
    ...overrides,
  };
}

function credit(amount: number): CreditAwarded {
  const formatted = `£${(amount / 100).toFixed(2)}`;
  return {
    amount,
    formatted,
    message:
      amount > 0
        ? `${formatted} has been added to your account credit.`
        : 'You are not eligible to receive credit for this booking.',
  };
}

export interface BookingsState {
  future: Booking[];
  past: Booking[];
  v2: BookingV2[];
  waitlist: MyWaitlistEntry[];
  bundle: BookingBundle | null;
  requests: { method: string; url: string; body?: unknown }[];
}

/** Installs stateful handlers for the bookings calls; answers the state so a test can read the requests. */
export function installBookingsHandlers(initial: Partial<BookingsState> = {}): BookingsState {
  const state: BookingsState = {
    future: [wireBooking(), lateBooking, courseSessionBooking],
    past: [pastBooking],
    v2: [wireBookingV2()],
    waitlist: [wireWaitlistEntry()],
    bundle: wireBundle(),
    requests: [],
    ...initial,
  };
  server.use(
    http.get('/api/my-account/bookings', ({ request }) => {
      const filter = new URL(request.url).searchParams.get('filter');
      state.requests.push({ method: 'GET', url: request.url });
      return HttpResponse.json({ data: filter === 'past' ? state.past : state.future });
    }),
    http.get('/api/v1/activities/bookings', ({ request }) => {
      state.requests.push({ method: 'GET', url: request.url });
      const after = new URL(request.url).searchParams.get('starts_after');
      return HttpResponse.json({ data: after ? state.v2 : [] });
    }),
    http.patch('/api/v1/activities/bookings', async ({ request }) => {
      const body = (await request.json()) as { data: { booking_ids: number[] } };
      state.requests.push({ method: 'PATCH', url: request.url, body });
      const [id] = body.data.booking_ids;
      const booking = state.future.find((b) => b.id === id);
      if (!booking?.can_be_cancelled) {
        return HttpResponse.json(
          {
            message: 'This booking can no longer be cancelled: the cancellation window has closed.',
            errors: {
              booking_ids: ['This booking can no longer be cancelled: the cancellation window has closed.'],
            },
          },
          { status: 422 },
        );
      }
      state.future = state.future.filter((b) => b.id !== id);
      return HttpResponse.json({
        data: [{ id, status: 'cancelled', credit: credit(750) }],
        credit: credit(750),
      });
    }),
    http.delete('/api/activities/bookings/:bookingId/', ({ request, params }) => {
      state.requests.push({ method: 'DELETE', url: request.url });
      const id = Number(params.bookingId);
      const booking = state.v2.find((b) => b.id === id);
      if (!booking)
        return HttpResponse.json({ message: 'Unable to complete request, item not found.' }, { status: 404 });
      state.v2 = state.v2.filter((b) => b.id !== id);
      return HttpResponse.json({ data: { ...booking, status: 'cancelled' }, credit: credit(0) });
    }),
    http.get('/api/my-account/waitlist', () => HttpResponse.json({ data: state.waitlist })),
    http.delete('/api/my-account/waitlist/:id', ({ params, request }) => {
      state.requests.push({ method: 'DELETE', url: request.url });
      state.waitlist = state.waitlist.filter((entry) => entry.id !== Number(params.id));
      return HttpResponse.json({ data: { id: Number(params.id), status: 'cancelled' } });
    }),
    http.get('/api/v1/activities/bookings/bundles/:id', ({ params }) =>
      state.bundle && Number(params.id) === state.bundle.id
        ? HttpResponse.json({ data: state.bundle })
        : HttpResponse.json({ message: 'Unable to complete request, item not found.' }, { status: 404 }),
    ),
    http.patch('/api/v1/activities/bookings/bundles/:id/cancel', ({ request }) => {
      state.requests.push({ method: 'PATCH', url: request.url });
      if (!state.bundle)
        return HttpResponse.json({ message: 'Unable to complete request, item not found.' }, { status: 404 });
      state.bundle = {
        ...state.bundle,
        status: 'cancelled',
        bookings: state.bundle.bookings.map((b) => ({ ...b, status: 'cancelled' as const })),
        cancellation: { can_cancel: false, credit: credit(0) },
      };
      return HttpResponse.json({ data: state.bundle, credit: credit(3200) });
    }),
  );
  return state;
}
