import type {
  ActionToShow,
  ActivityVenue,
  BookableDate,
  Category,
  CategoryDetail,
  Location,
  Occurrence,
  Slot,
  TimetableItem,
  TimeV2,
} from '@leisure/contract/activities';
import type { Cart } from '@leisure/contract/cart';
import { HttpResponse, http } from 'msw';
import { getApiSettings, readCookie } from '../shared/api/client';

/**
 * MSW handlers and wire-format fixtures for the activities calls (bookings-api.md): three venues,
 * a category tree at Leeds with a court activity (badminton-40min: four courts) and a class
 * (fitness-classes-c, with a waitlist). Statuses follow the API: LOGIN for anonymous users (unless
 * the activity allows anonymous booking), BOOK when signed in; FULL/WAITLIST with no place left;
 * null before the booking window opens. Tests override single calls with `server.use(...)`.
 */

const api = (path: string) => `*/api/${path}`;
const signedIn = () => Boolean(readCookie(getApiSettings().csrfCookie));
const notFound = () =>
  HttpResponse.json({ message: 'Unable to complete request, item not found.' }, { status: 404 });

// ---- Dates: today and the next six days, in the browser's local calendar ------------------------

function localDate(offsetDays: number): string {
  const date = new Date();
  date.setDate(date.getDate() + offsetDays);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function bookableDate(offsetDays: number): BookableDate {
  const raw = localDate(offsetDays);
  const at = new Date(`${raw}T12:00:00Z`);
  const part = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' }).format(at);
  const datePretty = part({ day: 'numeric', month: 'short' });
  return {
    raw,
    full_date_pretty: `${part({ weekday: 'short' })} ${datePretty}`,
    today: offsetDays === 0,
    day_pretty: part({ weekday: 'long' }),
    date_pretty: datePretty,
    year: raw.slice(0, 4),
  };
}

export const mockBookableDates: BookableDate[] = Array.from({ length: 7 }, (_, day) => bookableDate(day));
/** The day the fixtures' sessions are on (tomorrow: nothing has started yet). */
export const mockSessionDate = localDate(1);

// ---- Venues and categories -----------------------------------------------------------------------

const venue = (id: number, slug: string, name: string, town: string, address: string, postcode: string) =>
  ({
    id,
    slug,
    name,
    town,
    area: 'Yorkshire',
    address,
    postcode,
    lat: 53.8,
    lng: -1.5,
    timezone: 'Europe/London',
    activities_v2_enabled: false,
    display_venue_selection_button: true,
  }) satisfies ActivityVenue;

const mockActivityVenues: ActivityVenue[] = [
  venue(
    1,
    'leeds-riverside',
    'Riverside Leisure Centre Leeds',
    'Leeds',
    '14 Wharfside Way, Holbeck',
    'LS11 5QT',
  ),
  venue(2, 'york-ouse-bank', 'Ouse Bank Leisure Centre York', 'York', '3 Skeldergate Mews', 'YO1 6DQ'),
  venue(
    3,
    'sheffield-don-valley',
    'Don Valley Pool and Gym Sheffield',
    'Sheffield',
    '220 Attercliffe Works Road',
    'S9 3RU',
  ),
];

const category = (slug: string, name: string, parent: string | null, type: Category['type']): Category => ({
  slug,
  name,
  has_children: type === 'category',
  type,
  parent_slug: parent,
  is_root: parent === null,
});

const location = (id: number, name: string): Location => ({
  id: String(id),
  name,
  type: 'resource',
  slug: name.toLowerCase().replace(/\s+/g, '-'),
  venue_id: 1,
  venue_slug: 'leeds-riverside',
});

const courts = [1, 2, 3, 4].map((n) => location(n, `Court ${n}`));
const studio = location(14, 'Studio 1');

const racquetSports = category('racquet-sports', 'Racquet Sports', null, 'category');
const fitnessClasses = category('fitness-classes', 'Fitness Classes', null, 'category');
const badminton40 = category('badminton-40min', 'Badminton 40min', 'racquet-sports', 'activity');
const tennis = category('tennis-court-outdoor', 'Tennis Court Outdoor', 'racquet-sports', 'activity');
const classC = category('fitness-classes-c', 'Fitness Classes C', 'fitness-classes', 'activity');

const mockCategories: Record<string, CategoryDetail> = {
  'racquet-sports': { ...racquetSports, children: [badminton40, tennis], ancestors: [], locations: [] },
  'fitness-classes': { ...fitnessClasses, children: [classC], ancestors: [], locations: [] },
  'badminton-40min': { ...badminton40, children: [], ancestors: [racquetSports], locations: courts },
  'tennis-court-outdoor': {
    ...tennis,
    children: [],
    ancestors: [racquetSports],
    locations: courts.slice(0, 2),
  },
  'fitness-classes-c': { ...classC, children: [], ancestors: [fitnessClasses], locations: [studio] },
};

// ---- Availability ----------------------------------------------------------------------------------

const noRestrictions = { pre_waiver: null, pre_induction: null, criteria: null };

/** The status the API gives: window first, then places, then login. */
function action(
  places: number,
  { opensLater = false, waitlist = false, anonymous = false } = {},
): ActionToShow {
  if (opensLater) return { status: null, reason: 'Bookable from 22:00 on Sun 22 Nov' };
  if (places <= 0) {
    return waitlist
      ? { status: 'WAITLIST', reason: 'The session is full. You can join the waitlist.' }
      : { status: 'FULL', reason: 'The session being booked is already full' };
  }
  if (!anonymous && !signedIn()) return { status: 'LOGIN', reason: 'Please log in to book this activity.' };
  return { status: 'BOOK', reason: null };
}

const clock = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const suffix = hours >= 12 ? 'pm' : 'am';
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return { format_12_hour: `${twelve}:${String(minutes).padStart(2, '0')}${suffix}`, format_24_hour: time };
};
const instant = (date: string, time: string) => ({
  utc: `${date}T${time}:00Z`,
  local: `${date}T${time}:00+00:00`,
  ...clock(time),
});

interface MockSession {
  id: string;
  activity: CategoryDetail;
  start: string;
  end: string;
  compositeKey: string;
  location: Location;
  places: number;
  capacity: number;
  priceRaw: number;
  opensLater?: boolean;
  waitlist?: boolean;
  instructor?: string | null;
  kind: Occurrence['kind'];
}

const pounds = (raw: number) => `£${(raw / 100).toFixed(2)}`;

/** badminton-40min: 09:00 (Court 1 full, three free), 09:40 (all full), 10:20 (not bookable yet). */
const courtSessions: MockSession[] = [
  ...courts.map((court, index) => ({
    id: String(831 + index),
    activity: mockCategories['badminton-40min'] as CategoryDetail,
    start: '09:00',
    end: '09:40',
    compositeKey: '84705b68',
    location: court,
    places: index === 0 ? 0 : 1,
    capacity: 1,
    priceRaw: 592,
    kind: 'court' as const,
  })),
  ...courts.map((court, index) => ({
    id: String(841 + index),
    activity: mockCategories['badminton-40min'] as CategoryDetail,
    start: '09:40',
    end: '10:20',
    compositeKey: '300f7a46',
    location: court,
    places: 0,
    capacity: 1,
    priceRaw: 592,
    kind: 'court' as const,
  })),
  ...courts.map((court, index) => ({
    id: String(851 + index),
    activity: mockCategories['badminton-40min'] as CategoryDetail,
    start: '10:20',
    end: '11:00',
    compositeKey: 'a1b2c3d4',
    location: court,
    places: 1,
    capacity: 1,
    priceRaw: 592,
    opensLater: true,
    kind: 'court' as const,
  })),
];

/** fitness-classes-c: 07:15 with places; 18:30 full, with a waitlist. */
const classSessions: MockSession[] = [
  {
    id: '963',
    activity: mockCategories['fitness-classes-c'] as CategoryDetail,
    start: '07:15',
    end: '08:00',
    compositeKey: '5b0b8fce',
    location: studio,
    places: 3,
    capacity: 20,
    priceRaw: 750,
    instructor: 'Jess Okafor',
    waitlist: true,
    kind: 'class',
  },
  {
    id: '964',
    activity: mockCategories['fitness-classes-c'] as CategoryDetail,
    start: '18:30',
    end: '19:15',
    compositeKey: '8f9a2383',
    location: studio,
    places: 0,
    capacity: 20,
    priceRaw: 750,
    instructor: 'Tom Hughes',
    waitlist: true,
    kind: 'class',
  },
];

export const mockSessions: MockSession[] = [...courtSessions, ...classSessions];

const actionOf = (session: MockSession) =>
  action(session.places, { opensLater: session.opensLater, waitlist: session.waitlist });

function slotDate(raw: string) {
  const at = new Date(`${raw}T12:00:00Z`);
  const part = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' }).format(at);
  return {
    raw,
    raw_pretty: raw.split('-').reverse().join('/'),
    day_pretty: part({ weekday: 'short' }),
    date_pretty: part({ day: 'numeric', month: 'short' }),
    full_date_pretty: `${part({ weekday: 'short' })} ${part({ day: '2-digit', month: 'long', year: 'numeric' })}`,
  };
}

function timeOf(group: MockSession[], date: string): TimeV2 {
  const first = group.find((session) => session.places > 0) ?? (group[0] as MockSession);
  const places = group.reduce((sum, session) => sum + Math.max(0, session.places), 0);
  return {
    id: first.id,
    starts_at: clock(first.start),
    ends_at: clock(first.end),
    duration: first.kind === 'court' ? '40min' : '45min',
    price: { is_estimated: !signedIn(), formatted_amount: pounds(first.priceRaw) },
    composite_key: first.compositeKey,
    timestamp: Date.parse(`${date}T${first.start}:00Z`) / 1000,
    booking: null,
    cart_item_id: null,
    action_to_show: action(places, { opensLater: first.opensLater, waitlist: first.waitlist }),
    category_slug: first.activity.slug,
    date,
    venue_slug: 'leeds-riverside',
    location: group.length > 1 ? 'Multiple' : first.location.name,
    spaces: places,
    name: first.activity.name,
    allows_anonymous_bookings: false,
    needs_waiver: false,
    restrictions: noRestrictions,
    has_pre_purchase_restrictions: false,
    requires_induction: false,
    restriction_ids: [],
    first_bookable_at: instant(date, '00:00'),
    spaces_remaining: places,
  };
}

function mockTimes(activity: string, date: string): TimeV2[] {
  const groups = new Map<string, MockSession[]>();
  for (const session of mockSessions.filter((item) => item.activity.slug === activity)) {
    groups.set(session.compositeKey, [...(groups.get(session.compositeKey) ?? []), session]);
  }
  return [...groups.values()].map((group) => timeOf(group, date));
}

function slotOf(session: MockSession, date: string): Slot {
  return {
    id: session.id,
    name: session.activity.name,
    allows_anonymous_bookings: false,
    needs_waiver: false,
    category_slug: session.activity.slug,
    duration: '40min',
    date: slotDate(date),
    starts_at: clock(session.start),
    ends_at: clock(session.end),
    location: session.location,
    slot_display_location: session.location.name,
    venue_name: 'Riverside Leisure Centre Leeds',
    price: {
      benefit_applied: false,
      package_applied: false,
      formatted: pounds(session.priceRaw),
      raw: session.priceRaw,
    },
    first_bookable_at: instant(date, '00:00'),
    last_bookable_at: instant(date, session.start),
    pricing_option_id: 1,
    cart_type: 'purchasableOccurrence',
    composite_key: session.compositeKey,
    booking: null,
    cart_item_id: null,
    bookings_count: session.capacity - session.places,
    spaces: Math.max(0, session.places),
    capacity: session.capacity,
    action_to_show: actionOf(session),
    waitlist_id: null,
    restrictions: noRestrictions,
    has_pre_purchase_restrictions: false,
    requires_induction: false,
    restriction_ids: [],
    benefit_available: signedIn() ? false : null,
    tags: [],
  };
}

export function mockSlots(activity: string, date: string, compositeKey: string | null): Slot[] {
  return mockSessions
    .filter((session) => session.activity.slug === activity)
    .filter((session) => !compositeKey || session.compositeKey === compositeKey)
    .map((session) => slotOf(session, date));
}

function timetableItemOf(session: MockSession, date: string): TimetableItem {
  const slot = slotOf(session, date);
  return {
    id: slot.id,
    name: slot.name,
    category_slug: slot.category_slug,
    venue_slug: 'leeds-riverside',
    date: slot.date,
    starts_at: slot.starts_at,
    ends_at: slot.ends_at,
    duration: '45min',
    spaces: slot.spaces,
    capacity: slot.capacity,
    price: slot.price,
    pricing_option_id: 9,
    location: slot.location,
    instructor: session.instructor ?? null,
    action_to_show: slot.action_to_show,
    booking: null,
    cart_item_id: null,
    waitlist_id: null,
    allows_anonymous_bookings: false,
    needs_waiver: false,
    composite_key: slot.composite_key,
  };
}

export function mockOccurrence(id: string, date = mockSessionDate): Occurrence | undefined {
  const session = mockSessions.find((item) => item.id === id);
  if (!session) return undefined;
  const member = signedIn();
  const standard = { id: 9, name: 'Standard' };
  return {
    id: session.id,
    name: session.activity.name,
    activity_slug: session.activity.slug,
    kind: session.kind,
    venue_slug: 'leeds-riverside',
    venue_name: 'Riverside Leisure Centre Leeds',
    date: slotDate(date),
    starts_at: instant(date, session.start),
    ends_at: instant(date, session.end),
    duration: session.kind === 'court' ? '40min' : '45min',
    location: session.location,
    instructor: session.instructor ?? null,
    spaces: Math.max(0, session.places),
    capacity: session.capacity,
    action_to_show: actionOf(session),
    booking: null,
    cart_item_id: null,
    waitlist_id: null,
    waitlist_position: null,
    first_bookable_at: instant(date, '00:00'),
    cancellation_cutoff_minutes: 120,
    awards_credit: true,
    needs_waiver: false,
    allows_anonymous_bookings: false,
    bundle: null,
    tickets:
      session.kind === 'court'
        ? [
            {
              id: '1',
              name: 'Adult',
              price: { benefit_applied: false, package_applied: false, formatted: '£5.92', raw: 592 },
              pricing_option: { id: 1, name: 'Standard' },
            },
          ]
        : [
            {
              id: '13',
              name: 'Adult',
              price: { benefit_applied: member, package_applied: false, formatted: '£7.50', raw: 750 },
              pricing_option: standard,
            },
            {
              id: '14',
              name: 'Junior',
              price: { benefit_applied: member, package_applied: false, formatted: '£4.50', raw: 450 },
              pricing_option: standard,
            },
          ],
  };
}

/** The answer of a successful `cart/add`. */
export function mockCart(itemCount: number): Cart {
  const credit = { total_available: 0, max_applicable: 0, reserved: 0, formatted_total_available: '£0.00' };
  return {
    id: 1,
    uuid: '00000000-0000-4000-8000-000000000001',
    source: 'bookings',
    status: 'open',
    user_id: 7,
    selected_user_id: null,
    currency: 'GBP',
    total: 592 * itemCount,
    sub_total: 592 * itemCount,
    tax_total: 0,
    balance: 592 * itemCount,
    item_count: itemCount,
    formatted_total: pounds(592 * itemCount),
    formatted_balance: pounds(592 * itemCount),
    totals: {
      total: 592 * itemCount,
      sub_total: 592 * itemCount,
      tax_total: 0,
      balance: 592 * itemCount,
      item_count: itemCount,
      formatted_total: pounds(592 * itemCount),
      formatted_balance: pounds(592 * itemCount),
    },
    item_hash: `mock-${itemCount}`,
    hold_expires_at: null,
    credits: { general: credit, membership: credit },
    attendee_waivers_required: [],
    items: [],
    sort_by: 'date',
    enable_print_receipt: false,
  };
}

const venueOf = (slug: string | readonly string[] | undefined) =>
  mockActivityVenues.find((item) => item.slug === slug);

const activityBase = 'activities/venue/:venue/activity/:activity';

export const activitiesHandlers = [
  http.get(api('activities/venues'), () => HttpResponse.json({ data: mockActivityVenues })),

  http.get(api('activities/venue/:venue/categories'), ({ params }) => {
    if (!venueOf(params.venue)) return notFound();
    return HttpResponse.json({ data: [racquetSports, fitnessClasses] });
  }),

  http.get(api('activities/venue/:venue/categories/:slug'), ({ params }) => {
    const detail = mockCategories[String(params.slug)];
    if (!venueOf(params.venue) || !detail) return notFound();
    return HttpResponse.json({ data: detail });
  }),

  http.get(api('activities/venue/:venue/activity-category/:category/dates'), ({ params }) => {
    if (!venueOf(params.venue) || !mockCategories[String(params.category)]) return notFound();
    return HttpResponse.json({ data: mockBookableDates });
  }),

  http.get(api(`${activityBase}/v2/times`), ({ params, request }) => {
    const date = new URL(request.url).searchParams.get('date') ?? '';
    if (!mockBookableDates.some((day) => day.raw === date)) {
      return HttpResponse.json(
        {
          message: 'The date should be within the valid days',
          errors: { date: ['The date should be within the valid days'] },
        },
        { status: 422 },
      );
    }
    // Only the fixtures' day has sessions; the other days are empty.
    return HttpResponse.json({
      data: date === mockSessionDate ? mockTimes(String(params.activity), date) : [],
    });
  }),

  http.get(api(`${activityBase}/v2/slots`), ({ params, request }) => {
    const query = new URL(request.url).searchParams;
    const date = query.get('date') ?? mockSessionDate;
    return HttpResponse.json({ data: mockSlots(String(params.activity), date, query.get('composite_key')) });
  }),

  http.get(api(`${activityBase}/timetable`), ({ params, request }) => {
    const date = new URL(request.url).searchParams.get('date') ?? mockSessionDate;
    const sessions = mockSessions.filter((session) => session.activity.slug === params.activity);
    return HttpResponse.json({ data: sessions.map((session) => timetableItemOf(session, date)) });
  }),

  http.get(api('v1/activities/occurrences/:id'), ({ params }) => {
    const occurrence = mockOccurrence(String(params.id));
    return occurrence ? HttpResponse.json({ data: occurrence }) : notFound();
  }),

  http.post(api('activities/cart/add'), async ({ request }) => {
    if (!signedIn()) return HttpResponse.json({ message: 'Please log in to continue.' }, { status: 401 });
    const body = (await request.json()) as { items?: { id?: string | number }[] };
    const session = mockSessions.find((item) => item.id === String(body.items?.[0]?.id));
    if (!session) return notFound();
    if (session.places <= 0) {
      return HttpResponse.json({ message: 'The session being booked is already full' }, { status: 422 });
    }
    return HttpResponse.json({ data: mockCart(body.items?.length ?? 1) });
  }),

  http.post(api('activities/waitlist'), async ({ request }) => {
    if (!signedIn()) return HttpResponse.json({ message: 'Please log in to continue.' }, { status: 401 });
    const body = (await request.json()) as { occurrence_id?: string | number };
    return HttpResponse.json({
      data: {
        id: 1,
        occurrence_id: Number(body.occurrence_id),
        position: 2,
        status: 'waiting',
        created_at: new Date().toISOString(),
      },
    });
  }),
];
