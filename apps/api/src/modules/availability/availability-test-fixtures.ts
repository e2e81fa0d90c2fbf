import { addDays, localDateOf, zonedTimeToUtc } from '../../lib/dates';
import { startTestApp } from '../../test/harness';
import { createCustomer } from '../auth/auth.service';
import { createClient, createVenue } from '../operator/operator.service';
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
} from '../timetable/timetable.service';

export const london = 'Europe/London';
export const notFoundBody = { message: 'Unable to complete request, item not found.' };
export const base = '/api/activities/venue';

export const at = (date: string, time: string) => zonedTimeToUtc(date, time, london);

export type ActivitiesWorld = Awaited<ReturnType<typeof openActivitiesWorld>>;

/**
 * One database for a test file: an operator with two venues, a court activity with four courts, an
 * anonymous-bookable court activity, classes with and without a waitlist, and a course, each with
 * sessions tomorrow (venue-local) so nothing has started yet; a signed-in customer's token, and
 * `get` and `auth` to call the app anonymously or as that customer.
 */
export async function openActivitiesWorld(settings: Record<string, string> = {}) {
  const t = await startTestApp(settings);
  const today = localDateOf(new Date(), london);
  const tomorrow = addDays(today, 1);
  const client = await createClient(t.db, {
    slug: 'test-operator',
    name: 'Test Operator',
    appName: 'Test Leisure',
    supportEmail: 'help@test.example',
  });
  if (!client) throw new Error('client not created');
  const clientId = client.id;
  const venue = (slug: string, lat: number) =>
    createVenue(t.db, client.id, {
      slug,
      name: `Venue ${slug}`,
      address1: '1 Test Street',
      address2: 'Holbeck',
      town: slug,
      area: 'Yorkshire',
      postcode: 'LS1 1AA',
      lat,
      lng: -1.55,
    });
  const hall = await venue('hall-venue', 53.8);
  const other = await venue('other-venue', 53.9);

  const activity: Record<string, ActivityRow> = {};
  const racquets = await createActivityCategory(t.db, client.id, {
    slug: 'racquet-sports',
    name: 'Racquet Sports',
  });
  const badminton = await createActivityCategory(t.db, client.id, {
    slug: 'badminton',
    name: 'Badminton',
    parentId: racquets.id,
  });
  const classes = await createActivityCategory(t.db, client.id, {
    slug: 'fitness-classes',
    name: 'Fitness Classes',
  });
  await createActivityCategory(t.db, client.id, { slug: 'empty-category', name: 'Nothing here' });

  const court = {
    kind: 'court' as const,
    categoryId: badminton.id,
    bookingWindowDays: 7,
    bookingOpensAt: '22:00',
    pricing: [
      { name: 'Standard', tickets: [{ name: 'Adult', amount: 592 }] },
      { name: 'Member', forMembers: true, tickets: [{ name: 'Adult', amount: 480 }] },
    ],
  };
  activity.badminton = await createActivity(t.db, client.id, {
    ...court,
    slug: 'badminton-40min',
    name: 'Badminton 40min',
    durationMinutes: 40,
  });
  activity.tennis = await createActivity(t.db, client.id, {
    ...court,
    slug: 'tennis-court-outdoor',
    name: 'Tennis Court Outdoor',
    durationMinutes: 60,
    allowsAnonymousBookings: true,
    pricing: [{ name: 'Standard', tickets: [{ name: 'Adult', amount: 1000 }] }],
  });
  const cls = {
    kind: 'class' as const,
    categoryId: classes.id,
    durationMinutes: 45,
    bookingWindowDays: 14,
    cancellationCutoffMinutes: 120,
    pricing: [
      {
        name: 'Standard',
        tickets: [
          { name: 'Adult', amount: 750 },
          { name: 'Junior', amount: 450 },
        ],
      },
      { name: 'Member', forMembers: true, tickets: [{ name: 'Adult', amount: 500 }] },
    ],
  };
  activity.yoga = await createActivity(t.db, client.id, {
    ...cls,
    slug: 'fitness-classes-c',
    name: 'Fitness Classes C',
    hasWaitlist: true,
    needsWaiver: true,
  });
  activity.hiit = await createActivity(t.db, client.id, {
    ...cls,
    slug: 'hiit-circuit',
    name: 'HIIT Circuit',
  });
  activity.course = await createActivity(t.db, client.id, {
    ...cls,
    kind: 'course',
    slug: 'adult-swimming-course',
    name: 'Adult Swimming Course',
    bookingWindowDays: 28,
    creditOnCancellation: false,
    pricing: [{ name: 'Standard', tickets: [{ name: 'Adult', amount: 4800 }] }],
  });
  activity.elsewhere = await createActivity(t.db, client.id, {
    ...cls,
    slug: 'only-at-other-venue',
    name: 'Only elsewhere',
  });
  await offerActivities(t.db, [
    ...Object.values(activity)
      .filter((row) => row.slug !== 'only-at-other-venue')
      .map((row) => ({ venueId: hall.id, activityId: row.id })),
    { venueId: other.id, activityId: activity.elsewhere.id },
  ]);

  const courts = await createLocations(
    t.db,
    hall.id,
    [1, 2, 3, 4].map((n) => ({ slug: `court-${n}`, name: `Court ${n}`, area: 'Sports Hall' })),
  );
  const [studio] = (await createLocations(t.db, hall.id, [
    { slug: 'studio-1', name: 'Studio 1', area: 'Studio' },
  ])) as [LocationRow];
  const session = (a: ActivityRow, location: LocationRow, startsAt: Date, capacity: number, extra = {}) =>
    createOccurrence(t.db, { activity: a, venue: hall, location, startsAt, capacity, ...extra });

  const evening: OccurrenceRow[] = [];
  for (const location of courts)
    evening.push(await session(activity.badminton, location, at(tomorrow, '18:00'), 1));
  for (const location of courts.slice(0, 2))
    await session(activity.badminton, location, at(tomorrow, '19:00'), 1);
  // Listed but not bookable yet: opens tomorrow.
  const opensLater = await session(
    activity.badminton,
    courts[0] as LocationRow,
    at(addDays(today, 3), '10:00'),
    1,
    {
      firstBookableAt: new Date(Date.now() + 86_400_000),
    },
  );
  await session(activity.tennis, courts[3] as LocationRow, at(tomorrow, '08:00'), 1);
  const yoga = await session(activity.yoga, studio, at(tomorrow, '07:15'), 20, {
    instructorName: 'Jess Okafor',
  });
  const hiit = await session(activity.hiit, studio, at(tomorrow, '19:30'), 15);
  const course = await createCourse(t.db, {
    activity: activity.course,
    venue: hall,
    location: studio,
    name: 'Adult Swimming Course (Mondays)',
    firstDate: addDays(today, 2),
    startTime: '20:30',
    sessionsCount: 4,
    capacity: 10,
  });
  const courseBundleId = course.bundle.id;

  await createCustomer(t.db, client.id, {
    email: 'member@test.example',
    password: 'Member-Pass-1',
    firstName: 'Alex',
    lastName: 'Morgan',
  });
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/customer/login',
    payload: { username: 'member@test.example', password: 'Member-Pass-1' },
  });
  const token = login.json().token;
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const auth = () => ({ authorization: `Bearer ${token}` });
  return {
    t,
    token,
    today,
    tomorrow,
    hall,
    other,
    courts,
    studio,
    activity,
    evening,
    opensLater,
    yoga,
    hiit,
    courseBundleId,
    clientId,
    get,
    auth,
  };
}
