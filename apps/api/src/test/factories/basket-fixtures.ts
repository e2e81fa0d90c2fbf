import { expect } from 'vitest';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { addDays, localDateOf, zonedTimeToUtc } from '../../lib/dates';
import { hashToken, newToken } from '../../lib/tokens';
import { insertMembershipUser, insertUser, type UserRow } from '../../modules/auth/auth.repository';
import {
  createClient,
  createTerm,
  createVenue,
  type VenueRow,
} from '../../modules/operator/operator.service';
import type { StaffRole } from '../../modules/session/permissions';
import { insertSession, replaceStaffVenues } from '../../modules/session/session.repository';
import {
  type ActivityRow,
  createActivity,
  createActivityCategory,
  createCourse,
  createLocations,
  createOccurrence,
  type LocationRow,
  type OccurrenceRow,
  offerActivities,
} from '../../modules/timetable/timetable.service';
import { createWaiver } from '../../modules/waivers/waivers.service';

/**
 * Test data for the basket and checkout: an operator with one venue, a court activity (two courts),
 * a class with tickets, a waitlist and a waiver, and a course of three weekly sessions, all
 * tomorrow or later so nothing has started. Users get sessions directly (no password hashing), so
 * a test can make fifty customers in a moment.
 */

export const london = 'Europe/London';

export interface Fixture {
  clientId: number;
  venue: VenueRow;
  courts: LocationRow[];
  studio: LocationRow;
  badminton: ActivityRow;
  yoga: ActivityRow;
  course: ActivityRow;
  free: ActivityRow;
  /** Tomorrow's sessions: a court each at 18:00, a yoga class of 10 at 18:00, a free taster. */
  courtSessions: OccurrenceRow[];
  yogaSession: OccurrenceRow;
  freeSession: OccurrenceRow;
  bundleId: number;
  courseSessionIds: number[];
  waiverId: number;
  termId: number;
  tomorrow: string;
}

let sequence = 0;

/** A customer (or staff user) with a live session: answers the user and a bearer header. */
export async function createUser(
  db: Database,
  clientId: number,
  options: {
    /** A staff user, in this role (true: an administrator). */
    staff?: boolean | StaffRole;
    /** The venues a venue-scoped staff role may change. */
    venueIds?: number[];
    firstName?: string;
    email?: string;
  } = {},
): Promise<{ user: UserRow; headers: Record<string, string>; token: string }> {
  sequence += 1;
  const staff = options.staff ?? false;
  const user = await insertUser(db, {
    clientId,
    role: staff === true ? 'administrator' : staff || 'customer',
    reference: staff ? null : `RT${String(process.pid).slice(-3)}${String(sequence).padStart(5, '0')}`,
    email: options.email ?? `user${sequence}-${Math.random().toString(36).slice(2, 8)}@example.com`,
    passwordHash: 'not-a-password',
    firstName: options.firstName ?? (staff ? 'Staff' : `Customer${sequence}`),
    lastName: 'Tester',
    postcode: 'LS1 1AA',
    currency: 'GBP',
    // A customer has given the details joining asks for (membership_purchase) but the date of birth,
    // which eligibility tests set for themselves.
    ...(staff
      ? {}
      : {
          mobileNumber: '07700900123',
          addressLine1: '1 Test Street',
          town: 'Leeds',
          emergencyContactName: 'Emergency Contact',
          emergencyContactNumber: '07700900456',
        }),
  });
  if (!staff) await insertMembershipUser(db, user.id);
  if (options.venueIds) await replaceStaffVenues(db, user.id, options.venueIds);
  const token = newToken();
  await insertSession(db, {
    userId: user.id,
    tokenHash: hashToken(token),
    csrfHash: hashToken(newToken()),
    expiresAt: new Date(Date.now() + 24 * 3600_000),
    userAgent: null,
    // A staff user's test session has given its second factor (the console's MFA is tested on its own).
    mfaVerifiedAt: staff ? new Date() : null,
  });
  return { user, headers: { authorization: `Bearer ${token}` }, token };
}

export async function createFixture(db: Database, slug = 'cart-operator'): Promise<Fixture> {
  const client = await createClient(db, {
    slug,
    name: 'Cart Operator',
    appName: 'Cart Leisure',
    supportEmail: 'help@cart.example',
  });
  if (!client) throw new Error('client not created');
  const venue = await createVenue(db, client.id, {
    slug: 'cart-venue',
    name: 'Cart Venue',
    address1: '1 Basket Street',
    town: 'Leeds',
    postcode: 'LS1 1AA',
    lat: 53.8,
    lng: -1.55,
  });
  const category = await createActivityCategory(db, client.id, { slug: 'sports', name: 'Sports' });
  const badminton = await createActivity(db, client.id, {
    categoryId: category.id,
    slug: 'badminton-40min',
    name: 'Badminton 40min',
    kind: 'court',
    durationMinutes: 40,
    bookingWindowDays: 30,
    pricing: [
      { name: 'Standard', tickets: [{ name: 'Adult', amount: 592 }] },
      { name: 'Member', forMembers: true, tickets: [{ name: 'Adult', amount: 480 }] },
    ],
  });
  const yoga = await createActivity(db, client.id, {
    categoryId: category.id,
    slug: 'fitness-classes-c',
    name: 'Fitness Classes C',
    kind: 'class',
    durationMinutes: 45,
    bookingWindowDays: 30,
    hasWaitlist: true,
    needsWaiver: true,
    pricing: [
      {
        name: 'Standard',
        tickets: [
          { name: 'Adult', amount: 750 },
          { name: 'Junior', amount: 450 },
        ],
      },
    ],
  });
  const course = await createActivity(db, client.id, {
    categoryId: category.id,
    slug: 'adult-swimming-course',
    name: 'Adult Swimming Course',
    kind: 'course',
    durationMinutes: 45,
    bookingWindowDays: 60,
    pricing: [{ name: 'Standard', tickets: [{ name: 'Adult', amount: 4800 }] }],
  });
  const free = await createActivity(db, client.id, {
    categoryId: category.id,
    slug: 'free-taster',
    name: 'Free Taster',
    kind: 'class',
    durationMinutes: 30,
    bookingWindowDays: 30,
    pricing: [{ name: 'Standard', tickets: [{ name: 'Adult', amount: 0 }] }],
  });
  await offerActivities(
    db,
    [badminton, yoga, course, free].map((activity) => ({ venueId: venue.id, activityId: activity.id })),
  );
  const locations = await createLocations(db, venue.id, [
    { slug: 'court-1', name: 'Court 1', area: 'Sports Hall' },
    { slug: 'court-2', name: 'Court 2', area: 'Sports Hall' },
    { slug: 'studio-1', name: 'Studio 1', area: 'Studio' },
    { slug: 'main-pool', name: 'Main Pool', area: 'Main Pool' },
  ]);
  const [court1, court2, studio, pool] = locations;
  if (!court1 || !court2 || !studio || !pool) throw new Error('locations not created');
  const tomorrow = addDays(localDateOf(new Date(), london), 1);
  const at = (time: string, date = tomorrow) => zonedTimeToUtc(date, time, london);
  const opened = new Date(Date.now() - 3600_000);
  const courtSessions = [
    await createOccurrence(db, {
      activity: badminton,
      venue,
      location: court1,
      startsAt: at('18:00'),
      capacity: 1,
      firstBookableAt: opened,
    }),
    await createOccurrence(db, {
      activity: badminton,
      venue,
      location: court2,
      startsAt: at('18:00'),
      capacity: 1,
      firstBookableAt: opened,
    }),
  ];
  const yogaSession = await createOccurrence(db, {
    activity: yoga,
    venue,
    location: studio,
    startsAt: at('18:00'),
    capacity: 10,
    firstBookableAt: opened,
    instructorName: 'Jess Okafor',
  });
  const freeSession = await createOccurrence(db, {
    activity: free,
    venue,
    location: studio,
    startsAt: at('20:00'),
    capacity: 20,
    firstBookableAt: opened,
  });
  const { bundle, sessionIds } = await createCourse(db, {
    activity: course,
    venue,
    location: pool,
    name: 'Adult Swimming Course (Tuesdays 7pm)',
    firstDate: tomorrow,
    startTime: '19:00',
    sessionsCount: 3,
    capacity: 4,
  });
  const waiver = await createWaiver(db, client.id, {
    activityId: yoga.id,
    slug: 'studio-waiver',
    title: 'Studio safety waiver',
    html: '<p>Take care.</p>',
  });
  const term = await createTerm(db, client.id, {
    context: 'checkout',
    title: 'Terms of Sale',
    html: '<p>Sale terms</p>',
  });
  return {
    clientId: client.id,
    venue,
    courts: [court1, court2],
    studio,
    badminton,
    yoga,
    course,
    free,
    courtSessions,
    yogaSession,
    freeSession,
    bundleId: bundle.id,
    courseSessionIds: sessionIds,
    waiverId: waiver.id,
    termId: term.id,
    tomorrow,
  };
}

/** Drives the app as a browser-less API client would. */
export function api(app: App) {
  return {
    get: (url: string, headers: Record<string, string>) => app.inject({ method: 'GET', url, headers }),
    post: (url: string, headers: Record<string, string>, payload: unknown) =>
      app.inject({ method: 'POST', url, headers, payload: payload as Record<string, unknown> }),
    put: (url: string, headers: Record<string, string>, payload: unknown) =>
      app.inject({ method: 'PUT', url, headers, payload: payload as Record<string, unknown> }),
    delete: (url: string, headers: Record<string, string>) => app.inject({ method: 'DELETE', url, headers }),
  };
}

/** A card token from the sandbox provider, exactly as its frame gets one. */
export async function cardToken(app: App, cardNumber = '4242 4242 4242 4242'): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/sandbox-pay/tokens',
    payload: {
      card_number: cardNumber,
      expiry_month: 12,
      expiry_year: new Date().getFullYear() + 3,
      cvc: '123',
      name: 'Alex Morgan',
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { token?: string; challenge_id?: string };
  if (body.token) return body.token;
  if (!body.challenge_id) throw new Error(`no token: ${res.body}`);
  const passed = await app.inject({
    method: 'POST',
    url: `/sandbox-pay/challenges/${body.challenge_id}`,
    payload: { outcome: 'pass' },
  });
  expect(passed.statusCode, passed.body).toBe(200);
  return (passed.json() as { token: string }).token;
}

export const billing = {
  first_name: 'Alex',
  last_name: 'Morgan',
  address_line_1: '14 Canal Wharf',
  town: 'Leeds',
  postcode: 'LS11 5PZ',
};

/** `checkout/complete` of a basket by card, as the bookings site sends it: terms accepted, no waivers. */
export function payByCard(
  app: App,
  headers: Record<string, string>,
  cart: { item_hash: string; balance: number },
  options: { termId: number; token: string },
) {
  return api(app).post('/api/checkout/complete', headers, {
    item_hash: cart.item_hash,
    source: 'bookings',
    terms: [options.termId],
    completed_waivers: [],
    payments: [{ tender_type: 'card', amount: cart.balance, info: null }],
    card: { token: options.token, save_card: false, billing },
  });
}

/** A bearer session for an existing user (a seeded member), as `createUser` gives a new one. */
export async function sessionOf(db: Database, userId: number): Promise<Record<string, string>> {
  const token = newToken();
  await insertSession(db, {
    userId,
    tokenHash: hashToken(token),
    csrfHash: hashToken(newToken()),
    expiresAt: new Date(Date.now() + 24 * 3600_000),
    userAgent: null,
  });
  return { authorization: `Bearer ${token}` };
}
