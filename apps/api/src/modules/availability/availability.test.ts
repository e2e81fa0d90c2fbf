import { activityMessages } from '@leisure/contract/activities';
import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, occurrences } from '../../db/schema';
import { addDays, localDateOf, zonedTimeToUtc } from '../../lib/dates';
import { membershipFactory } from '../../test/factories/membership-factory';
import { startTestApp, type TestApp } from '../../test/harness';
import { createCustomer } from '../auth/auth.service';
import { createClient, createVenue, type VenueRow } from '../operator/operator.service';
import {
  type ActivityRow,
  addTimetableEntries,
  compositeKeyOf,
  createActivity,
  createActivityCategory,
  createCourse,
  createLocations,
  createOccurrence,
  databaseCompositeKey,
  everyDay,
  extendTimetable,
  firstBookableAt,
  type LocationRow,
  type OccurrenceRow,
  offerActivities,
  setPlacesUsed,
} from '../timetable/timetable.service';

const london = 'Europe/London';
const notFoundBody = { message: 'Unable to complete request, item not found.' };
const base = '/api/activities/venue';

/**
 * One database for the file: an operator with two venues, a court activity with four courts, an
 * anonymous-bookable court activity, classes with and without a waitlist, and a course, each with
 * sessions tomorrow (venue-local) so nothing has started yet.
 */
describe('activities calls', () => {
  let t: TestApp;
  let token: string;
  let today: string;
  let tomorrow: string;
  let hall: VenueRow;
  let other: VenueRow;
  let courts: LocationRow[];
  let studio: LocationRow;
  const activity: Record<string, ActivityRow> = {};
  /** Tomorrow's 18:00 badminton, one per court. */
  let evening: OccurrenceRow[];
  let opensLater: OccurrenceRow;
  let yoga: OccurrenceRow;
  let hiit: OccurrenceRow;
  let courseBundleId: number;
  let clientId: number;

  const at = (date: string, time: string) => zonedTimeToUtc(date, time, london);
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const auth = () => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    t = await startTestApp();
    today = localDateOf(new Date(), london);
    tomorrow = addDays(today, 1);
    const client = await createClient(t.db, {
      slug: 'test-operator',
      name: 'Test Operator',
      appName: 'Test Leisure',
      supportEmail: 'help@test.example',
    });
    if (!client) throw new Error('client not created');
    clientId = client.id;
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
    hall = await venue('hall-venue', 53.8);
    other = await venue('other-venue', 53.9);

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

    courts = await createLocations(
      t.db,
      hall.id,
      [1, 2, 3, 4].map((n) => ({ slug: `court-${n}`, name: `Court ${n}`, area: 'Sports Hall' })),
    );
    [studio] = (await createLocations(t.db, hall.id, [
      { slug: 'studio-1', name: 'Studio 1', area: 'Studio' },
    ])) as [LocationRow];
    const session = (a: ActivityRow, location: LocationRow, startsAt: Date, capacity: number, extra = {}) =>
      createOccurrence(t.db, { activity: a, venue: hall, location, startsAt, capacity, ...extra });

    evening = [];
    for (const location of courts)
      evening.push(await session(activity.badminton, location, at(tomorrow, '18:00'), 1));
    for (const location of courts.slice(0, 2))
      await session(activity.badminton, location, at(tomorrow, '19:00'), 1);
    // Listed but not bookable yet: opens tomorrow.
    opensLater = await session(
      activity.badminton,
      courts[0] as LocationRow,
      at(addDays(today, 3), '10:00'),
      1,
      {
        firstBookableAt: new Date(Date.now() + 86_400_000),
      },
    );
    await session(activity.tennis, courts[3] as LocationRow, at(tomorrow, '08:00'), 1);
    yoga = await session(activity.yoga, studio, at(tomorrow, '07:15'), 20, { instructorName: 'Jess Okafor' });
    hiit = await session(activity.hiit, studio, at(tomorrow, '19:30'), 15);
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
    courseBundleId = course.bundle.id;

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
    token = login.json().token;
  });
  afterAll(async () => t.close());

  describe('GET /api/activities/venues', () => {
    it("answers the operator's venues with the spec's fields and types", async () => {
      const res = await get('/api/activities/venues');
      expect(res.statusCode).toBe(200);
      const { data } = res.json();
      expect(data).toHaveLength(2);
      expect(data[0]).toEqual({
        id: hall.id,
        slug: 'hall-venue',
        name: 'Venue hall-venue',
        town: 'hall-venue',
        area: 'Yorkshire',
        address: '1 Test Street, Holbeck',
        postcode: 'LS1 1AA',
        lat: 53.8,
        lng: -1.55,
        timezone: london,
        activities_v2_enabled: false,
        display_venue_selection_button: true,
      });
    });
  });

  describe('categories', () => {
    it('lists the root categories with an activity offered at the venue', async () => {
      const res = await get(`${base}/hall-venue/categories`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual([
        {
          slug: 'racquet-sports',
          name: 'Racquet Sports',
          has_children: true,
          type: 'category',
          parent_slug: null,
          is_root: true,
        },
        expect.objectContaining({ slug: 'fitness-classes', has_children: true }),
      ]);
      const elsewhere = (await get(`${base}/other-venue/categories`)).json().data;
      expect(elsewhere.map((c: { slug: string }) => c.slug)).toEqual(['fitness-classes']);
    });

    it("names the venue by its numeric id as well as its slug, as the original platform's tools do", async () => {
      const bySlug = (await get(`${base}/hall-venue/categories`)).json();
      const byId = await get(`${base}/${hall.id}/categories`);
      expect(byId.statusCode).toBe(200);
      expect(byId.json()).toEqual(bySlug);
      const times = await get(`${base}/${other.id}/activity-category/badminton-40min/dates`);
      expect(times.statusCode).toBe(404);
      expect((await get(`${base}/999999/categories`)).statusCode).toBe(404);
      expect((await get(`${base}/99999999999/categories`)).statusCode).toBe(404);
    });

    it('answers a category with its children: sub-categories and activities', async () => {
      const root = (await get(`${base}/hall-venue/categories/racquet-sports`)).json().data;
      expect(root).toMatchObject({ slug: 'racquet-sports', name: 'Racquet Sports', locations: [] });
      expect(root.children).toEqual([
        {
          slug: 'badminton',
          name: 'Badminton',
          has_children: true,
          type: 'category',
          parent_slug: 'racquet-sports',
          is_root: false,
        },
      ]);
      const leaf = (await get(`${base}/hall-venue/categories/badminton`)).json().data;
      expect(leaf.children.map((c: { slug: string; type: string }) => [c.slug, c.type])).toEqual([
        ['badminton-40min', 'activity'],
        ['tennis-court-outdoor', 'activity'],
      ]);
    });

    it('answers an activity (a leaf) with its locations', async () => {
      const res = await get(`${base}/hall-venue/categories/badminton-40min`);
      expect(res.statusCode).toBe(200);
      const { data } = res.json();
      expect(data).toMatchObject({
        slug: 'badminton-40min',
        type: 'activity',
        has_children: false,
        children: [],
      });
      expect(data.locations.map((l: { name: string }) => l.name)).toEqual([
        'Court 1',
        'Court 2',
        'Court 3',
        'Court 4',
      ]);
      expect(data.locations[0]).toEqual({
        id: String(courts[0]?.id),
        name: 'Court 1',
        type: 'resource',
        slug: 'court-1',
        venue_id: hall.id,
        venue_slug: 'hall-venue',
      });
    });

    it('answers 404 for an unknown venue, an unknown slug, an empty category or an activity not offered there', async () => {
      for (const url of [
        `${base}/nowhere/categories`,
        `${base}/hall-venue/categories/nothing`,
        `${base}/hall-venue/categories/empty-category`,
        `${base}/hall-venue/categories/only-at-other-venue`,
      ]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toEqual(notFoundBody);
      }
    });
  });

  describe('GET .../activity-category/{category}/dates', () => {
    it("answers today and each day of the activity's booking window", async () => {
      const res = await get(`${base}/hall-venue/activity-category/badminton-40min/dates`);
      expect(res.statusCode).toBe(200);
      const { data } = res.json();
      expect(data).toHaveLength(8);
      expect(data[0]).toEqual({
        raw: today,
        full_date_pretty: expect.stringMatching(/^[A-Z][a-z]{2} \d{2} [A-Z][a-z]+ \d{4}$/),
        today: true,
        day_pretty: expect.stringMatching(/day$/),
        date_pretty: expect.stringMatching(/^\d{1,2} [A-Z][a-z]{2}$/),
        year: today.slice(0, 4),
      });
      expect(data[7]).toMatchObject({ raw: addDays(today, 7), today: false });
    });

    it("takes a category's widest window, and 404s for unknown slugs", async () => {
      const classes = (await get(`${base}/hall-venue/activity-category/fitness-classes/dates`)).json().data;
      expect(classes).toHaveLength(29);
      expect((await get(`${base}/hall-venue/activity-category/nothing/dates`)).statusCode).toBe(404);
      expect((await get(`${base}/nowhere/activity-category/badminton/dates`)).statusCode).toBe(404);
    });
  });

  describe('GET .../activity/{activity}/times', () => {
    it('answers one item per start time with every field the spec lists, with their types', async () => {
      const res = await get(`${base}/hall-venue/activity/badminton-40min/times?date=${tomorrow}`);
      expect(res.statusCode).toBe(200);
      const { data } = res.json();
      expect(Array.isArray(data)).toBe(true);
      expect(data).toHaveLength(2);
      const [six] = data;
      expect(six).toEqual({
        starts_at: { format_12_hour: '6:00pm', format_24_hour: '18:00' },
        ends_at: { format_12_hour: '6:40pm', format_24_hour: '18:40' },
        duration: '40min',
        price: { is_estimated: true, formatted_amount: '£5.92' },
        composite_key: expect.stringMatching(/^[0-9a-f]{8}$/),
        timestamp: Math.floor(at(tomorrow, '18:00').getTime() / 1000),
        booking: null,
        action_to_show: { status: 'LOGIN', reason: activityMessages.login },
        category_slug: 'badminton-40min',
        date: tomorrow,
        venue_slug: 'hall-venue',
        location: 'Multiple',
        spaces: 4,
        name: 'Badminton 40min',
        allows_anonymous_bookings: false,
        needs_waiver: false,
        restrictions: { pre_waiver: null, pre_induction: null, criteria: null },
        has_pre_purchase_restrictions: false,
        requires_induction: false,
        restriction_ids: [],
      });
      expect(data[1]).toMatchObject({ starts_at: { format_24_hour: '19:00' }, spaces: 2 });
      expect(data[1].composite_key).not.toBe(six.composite_key);
    });

    it('keeps composite keys stable between calls', async () => {
      const first = (await get(`${base}/hall-venue/activity/badminton-40min/times?date=${tomorrow}`)).json()
        .data;
      const again = (await get(`${base}/hall-venue/activity/badminton-40min/times?date=${tomorrow}`)).json()
        .data;
      expect(again.map((time: { composite_key: string }) => time.composite_key)).toEqual(
        first.map((time: { composite_key: string }) => time.composite_key),
      );
    });

    it('offers LOGIN to anonymous visitors and BOOK to a logged-in user', async () => {
      const url = `${base}/hall-venue/activity/badminton-40min/times?date=${tomorrow}`;
      expect((await get(url)).json().data[0].action_to_show.status).toBe('LOGIN');
      const mine = (await get(url, auth())).json().data[0];
      expect(mine.action_to_show).toEqual({ status: 'BOOK', reason: null });
      expect(mine.price.is_estimated).toBe(false);
    });

    it('offers BOOK to anonymous visitors when the activity allows anonymous bookings', async () => {
      const res = await get(`${base}/hall-venue/activity/tennis-court-outdoor/times?date=${tomorrow}`);
      expect(res.json().data).toEqual([
        expect.objectContaining({
          location: 'Court 4',
          allows_anonymous_bookings: true,
          action_to_show: { status: 'BOOK', reason: null },
          price: { is_estimated: false, formatted_amount: '£10.00' },
        }),
      ]);
    });

    it('answers an empty array (never an object) for a day without sessions', async () => {
      const res = await get(`${base}/hall-venue/activity/badminton-40min/times?date=${addDays(today, 5)}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: [] });
    });

    it('answers 422 for a date before today or beyond the window, naming the date', async () => {
      const before = await t.db.select({ n: count() }).from(occurrences);
      for (const date of [addDays(today, -1), addDays(today, 8)]) {
        const res = await get(`${base}/hall-venue/activity/badminton-40min/times?date=${date}`);
        expect(res.statusCode, date).toBe(422);
        expect(res.json()).toEqual({
          message: 'The date should be within the valid days',
          errors: { date: ['The date should be within the valid days'] },
        });
      }
      expect(await t.db.select({ n: count() }).from(occurrences)).toEqual(before);
    });

    it('answers 422 with a field message for a missing or malformed date', async () => {
      const cases: [string, string][] = [
        ['', activityMessages.dateRequired],
        ['?date=', activityMessages.dateRequired],
        ['?date=tomorrow', activityMessages.dateFormat],
        ['?date=2026-02-30', activityMessages.dateFormat],
        ['?date=2026-2-3', activityMessages.dateFormat],
      ];
      for (const [query, message] of cases) {
        const res = await get(`${base}/hall-venue/activity/badminton-40min/times${query}`);
        expect(res.statusCode, query).toBe(422);
        expect(res.json(), query).toEqual({ message, errors: { date: [message] } });
      }
    });

    it('answers 404 for an unknown venue or activity, or one the venue does not offer', async () => {
      for (const url of [
        `${base}/nowhere/activity/badminton-40min/times?date=${tomorrow}`,
        `${base}/hall-venue/activity/no-such-thing/times?date=${tomorrow}`,
        `${base}/hall-venue/activity/only-at-other-venue/times?date=${tomorrow}`,
      ]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toEqual(notFoundBody);
      }
    });
  });

  describe('GET .../v2/times', () => {
    it('adds id, first_bookable_at and spaces_remaining to the v1 items', async () => {
      const res = await get(`${base}/hall-venue/activity/badminton-40min/v2/times?date=${tomorrow}`, auth());
      expect(res.statusCode).toBe(200);
      const [six] = res.json().data;
      const opens = zonedTimeToUtc(addDays(tomorrow, -7), '22:00', london);
      expect(six).toMatchObject({
        id: String(evening[0]?.id),
        spaces: 4,
        spaces_remaining: 4,
        first_bookable_at: {
          utc: `${opens.toISOString().slice(0, 19)}Z`,
          local: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T22:00:00\+0[01]:00$/),
          format_12_hour: '10:00pm',
          format_24_hour: '22:00',
        },
        action_to_show: { status: 'BOOK', reason: null },
      });
    });

    it('lists a session before booking opens with a null status', async () => {
      const res = await get(
        `${base}/hall-venue/activity/badminton-40min/v2/times?date=${addDays(today, 3)}`,
        auth(),
      );
      expect(res.statusCode).toBe(200);
      const [later] = res.json().data;
      expect(later.id).toBe(String(opensLater.id));
      expect(later.action_to_show).toEqual({
        status: null,
        reason: expect.stringMatching(/^Bookable from \d\d:\d\d on /),
      });
      expect(later.first_bookable_at.utc).toBe(`${opensLater.firstBookableAt.toISOString().slice(0, 19)}Z`);
    });

    it('names, as its id, a session of the group that still has space', async () => {
      await setPlacesUsed(t.db, [evening[0]?.id ?? 0], { booked: 1 });
      const [six] = (
        await get(`${base}/hall-venue/activity/badminton-40min/v2/times?date=${tomorrow}`)
      ).json().data;
      expect(six).toMatchObject({ id: String(evening[1]?.id), spaces: 3, spaces_remaining: 3 });
      await setPlacesUsed(t.db, [evening[0]?.id ?? 0], { booked: 0 });
    });
  });

  describe('capacity', () => {
    it('shows a used court as FULL in its time group, and the group FULL when every court is used', async () => {
      const ids = evening.map((row) => row.id);
      await setPlacesUsed(t.db, ids.slice(0, 2), { booked: 1 });
      await setPlacesUsed(t.db, ids.slice(2, 3), { booked: 0, held: 1 });
      const [six] = (
        await get(`${base}/hall-venue/activity/badminton-40min/times?date=${tomorrow}`, auth())
      ).json().data;
      expect(six).toMatchObject({ spaces: 1, action_to_show: { status: 'BOOK' } });

      const group = await get(
        `${base}/hall-venue/activity/badminton-40min/v2/times/${six.composite_key}?date=${tomorrow}`,
        auth(),
      );
      expect(group.statusCode).toBe(200);
      expect(group.json().data).toEqual([
        {
          id: String(ids[0]),
          location: 'Court 1',
          location_id: String(courts[0]?.id),
          spaces: 0,
          capacity: 1,
          action_to_show: { status: 'FULL', reason: 'The session being booked is already full' },
        },
        expect.objectContaining({
          location: 'Court 2',
          action_to_show: expect.objectContaining({ status: 'FULL' }),
        }),
        expect.objectContaining({
          location: 'Court 3',
          action_to_show: expect.objectContaining({ status: 'FULL' }),
        }),
        expect.objectContaining({
          location: 'Court 4',
          spaces: 1,
          action_to_show: { status: 'BOOK', reason: null },
        }),
      ]);

      await setPlacesUsed(t.db, ids.slice(3), { booked: 1 });
      const full = (
        await get(`${base}/hall-venue/activity/badminton-40min/times?date=${tomorrow}`, auth())
      ).json().data[0];
      expect(full).toMatchObject({
        spaces: 0,
        action_to_show: { status: 'FULL', reason: 'The session being booked is already full' },
      });
      await setPlacesUsed(t.db, ids, { booked: 0 });
    });

    it('refuses, in the database, more places used than the capacity', async () => {
      await expect(setPlacesUsed(t.db, [evening[0]?.id ?? 0], { booked: 1, held: 1 })).rejects.toThrow();
      await expect(setPlacesUsed(t.db, [yoga.id], { booked: 21 })).rejects.toThrow();
    });

    it('offers the waitlist for a full class that keeps one, FULL for one that does not', async () => {
      await setPlacesUsed(t.db, [yoga.id], { booked: 18, held: 2 });
      await setPlacesUsed(t.db, [hiit.id], { booked: 15 });
      const yogaDay = (
        await get(`${base}/hall-venue/activity/fitness-classes-c/timetable?date=${tomorrow}`, auth())
      ).json();
      expect(yogaDay.data[0]).toMatchObject({
        spaces: 0,
        capacity: 20,
        action_to_show: { status: 'WAITLIST' },
      });
      const hiitDay = (
        await get(`${base}/hall-venue/activity/hiit-circuit/v2/timetable?date=${tomorrow}`)
      ).json();
      expect(hiitDay.data[0]).toMatchObject({ spaces: 0, action_to_show: { status: 'FULL' } });
      await setPlacesUsed(t.db, [yoga.id, hiit.id], { booked: 0 });
    });
  });

  describe('GET .../v2/times/{composite_key}', () => {
    it('answers 404 for an unknown or malformed key, 422 for a bad date', async () => {
      const url = `${base}/hall-venue/activity/badminton-40min/v2/times`;
      expect((await get(`${url}/00000000?date=${tomorrow}`)).statusCode).toBe(404);
      expect((await get(`${url}/not-a-key?date=${tomorrow}`)).statusCode).toBe(404);
      const [six] = (await get(`${base}/hall-venue/activity/badminton-40min/times?date=${tomorrow}`)).json()
        .data;
      const res = await get(`${url}/${six.composite_key}?date=nope`);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ date: [activityMessages.dateFormat] });
    });
  });

  describe('slots', () => {
    it('answers one slot per location with every field the spec lists, with their types', async () => {
      const res = await get(
        `${base}/hall-venue/activity/badminton-40min/slots?date=${tomorrow}&start_time=18:00&end_time=18:40`,
      );
      expect(res.statusCode).toBe(200);
      const { data } = res.json();
      expect(data).toHaveLength(4);
      const [times] = (await get(`${base}/hall-venue/activity/badminton-40min/times?date=${tomorrow}`)).json()
        .data;
      expect(data[0]).toEqual({
        id: String(evening[0]?.id),
        name: 'Badminton 40min',
        allows_anonymous_bookings: false,
        needs_waiver: false,
        category_slug: 'badminton-40min',
        duration: '40min',
        date: {
          raw: tomorrow,
          raw_pretty: `${tomorrow.slice(8, 10)}/${tomorrow.slice(5, 7)}/${tomorrow.slice(0, 4)}`,
          day_pretty: expect.stringMatching(/^[A-Z][a-z]{2}$/),
          date_pretty: expect.stringMatching(/^\d{1,2} [A-Z][a-z]{2}$/),
          full_date_pretty: expect.stringMatching(/^[A-Z][a-z]{2} \d{2} [A-Z][a-z]+ \d{4}$/),
        },
        starts_at: { format_12_hour: '6:00pm', format_24_hour: '18:00' },
        ends_at: { format_12_hour: '6:40pm', format_24_hour: '18:40' },
        location: {
          id: String(courts[0]?.id),
          name: 'Court 1',
          type: 'resource',
          slug: 'court-1',
          venue_id: hall.id,
          venue_slug: 'hall-venue',
        },
        slot_display_location: 'Court 1',
        venue_name: 'Venue hall-venue',
        price: { benefit_applied: false, package_applied: false, formatted: '£5.92', raw: 592 },
        first_bookable_at: expect.objectContaining({ format_24_hour: '22:00' }),
        last_bookable_at: expect.objectContaining({ format_24_hour: '18:00', format_12_hour: '6:00pm' }),
        pricing_option_id: expect.any(Number),
        cart_type: 'activity',
        composite_key: times.composite_key,
        booking: null,
        bookings_count: 0,
        spaces: 1,
        capacity: 1,
        action_to_show: { status: 'LOGIN', reason: activityMessages.login },
        waitlist_id: null,
        restrictions: { pre_waiver: null, pre_induction: null, criteria: null },
        has_pre_purchase_restrictions: false,
        requires_induction: false,
        restriction_ids: [],
        benefit_available: false,
        tags: [],
      });
    });

    it('answers 422 naming start_time and end_time when they are missing, malformed or reversed', async () => {
      const url = `${base}/hall-venue/activity/badminton-40min/slots?date=${tomorrow}`;
      const missing = await get(url);
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors).toEqual({
        start_time: [activityMessages.startTimeRequired],
        end_time: [activityMessages.endTimeRequired],
      });
      const malformed = await get(`${url}&start_time=6pm&end_time=18:40`);
      expect(malformed.json().errors).toEqual({ start_time: [activityMessages.timeFormat] });
      const reversed = await get(`${url}&start_time=18:40&end_time=18:00`);
      expect(reversed.statusCode).toBe(422);
      expect(reversed.json().errors).toEqual({ end_time: [activityMessages.endBeforeStart] });
    });

    it('v2: answers the day, or one time group by key or start time, as purchasable occurrences', async () => {
      const url = `${base}/hall-venue/activity/badminton-40min/v2/slots?date=${tomorrow}`;
      const day = (await get(url)).json().data;
      expect(day).toHaveLength(6);
      expect(day[0].cart_type).toBe('purchasableOccurrence');
      const key = day[4].composite_key;
      const group = (await get(`${url}&composite_key=${key}`)).json().data;
      expect(
        group.map((slot: { starts_at: { format_24_hour: string } }) => slot.starts_at.format_24_hour),
      ).toEqual(['19:00', '19:00']);
      expect((await get(`${url}&start_time=18:00`)).json().data).toHaveLength(4);
      expect((await get(`${url}&start_time=18:00&end_time=19:00`)).json().data).toEqual([]);
    });

    it('v2: answers 422 for a malformed composite key or time', async () => {
      const url = `${base}/hall-venue/activity/badminton-40min/v2/slots?date=${tomorrow}`;
      const key = await get(`${url}&composite_key=XYZ`);
      expect(key.statusCode).toBe(422);
      expect(key.json().errors).toEqual({ composite_key: [activityMessages.compositeKeyFormat] });
      expect((await get(`${url}&end_time=25:00`)).json().errors).toEqual({
        end_time: [activityMessages.timeFormat],
      });
      expect((await get(`${base}/hall-venue/activity/badminton-40min/v2/slots`)).json().errors).toEqual({
        date: [activityMessages.dateRequired],
      });
    });
  });

  describe('timetable', () => {
    it('answers a class day with instructor, places, price and location (v1 and v2 alike)', async () => {
      for (const path of ['timetable', 'v2/timetable']) {
        const res = await get(`${base}/hall-venue/activity/fitness-classes-c/${path}?date=${tomorrow}`);
        expect(res.statusCode, path).toBe(200);
        expect(res.json().data).toEqual([
          {
            id: String(yoga.id),
            name: 'Fitness Classes C',
            category_slug: 'fitness-classes-c',
            venue_slug: 'hall-venue',
            date: expect.objectContaining({ raw: tomorrow }),
            starts_at: { format_12_hour: '7:15am', format_24_hour: '07:15' },
            ends_at: { format_12_hour: '8:00am', format_24_hour: '08:00' },
            duration: '45min',
            spaces: 20,
            capacity: 20,
            price: { benefit_applied: false, package_applied: false, formatted: '£7.50', raw: 750 },
            pricing_option_id: expect.any(Number),
            location: expect.objectContaining({ name: 'Studio 1', slug: 'studio-1' }),
            instructor: 'Jess Okafor',
            action_to_show: { status: 'LOGIN', reason: activityMessages.login },
            booking: null,
            waitlist_id: null,
            allows_anonymous_bookings: false,
            needs_waiver: true,
            composite_key: expect.stringMatching(/^[0-9a-f]{8}$/),
          },
        ]);
      }
    });

    it('answers 422 outside the window and an empty array for a day without classes', async () => {
      expect(
        (await get(`${base}/hall-venue/activity/fitness-classes-c/timetable?date=${addDays(today, 15)}`))
          .statusCode,
      ).toBe(422);
      expect(
        (
          await get(`${base}/hall-venue/activity/fitness-classes-c/timetable?date=${addDays(today, 14)}`)
        ).json(),
      ).toEqual({
        data: [],
      });
    });
  });

  describe('GET /api/v1/activities/occurrences/{id}', () => {
    it('answers the session with the tickets this user can buy', async () => {
      const res = await get(`/api/v1/activities/occurrences/${yoga.id}`);
      expect(res.statusCode).toBe(200);
      const { data } = res.json();
      expect(data).toMatchObject({
        id: String(yoga.id),
        name: 'Fitness Classes C',
        activity_slug: 'fitness-classes-c',
        kind: 'class',
        venue_slug: 'hall-venue',
        starts_at: { format_24_hour: '07:15', utc: `${yoga.startsAt.toISOString().slice(0, 19)}Z` },
        ends_at: { format_24_hour: '08:00' },
        spaces: 20,
        capacity: 20,
        instructor: 'Jess Okafor',
        cancellation_cutoff_minutes: 120,
        awards_credit: true,
        needs_waiver: true,
        bundle: null,
        booking: null,
      });
      // Ticket ids are strings and pricing option ids numbers, as tools of the original platform read them.
      expect(data.tickets).toEqual([
        {
          id: expect.stringMatching(/^\d+$/),
          name: 'Adult',
          price: { benefit_applied: false, package_applied: false, formatted: '£7.50', raw: 750 },
          pricing_option: { id: expect.any(Number), name: 'Standard' },
        },
        expect.objectContaining({ name: 'Junior', price: expect.objectContaining({ raw: 450 }) }),
      ]);
    });

    it("names a course session's bundle", async () => {
      const day = (
        await get(`${base}/hall-venue/activity/adult-swimming-course/timetable?date=${addDays(today, 2)}`)
      ).json();
      const res = await get(`/api/v1/activities/occurrences/${day.data[0].id}`);
      expect(res.json().data).toMatchObject({
        kind: 'course',
        awards_credit: false,
        bundle: { id: courseBundleId, name: 'Adult Swimming Course (Mondays)', sessions_count: 4 },
        tickets: [
          expect.objectContaining({ name: 'Adult', price: expect.objectContaining({ formatted: '£48.00' }) }),
        ],
      });
    });

    it('answers 404 for an unknown, non-numeric or out-of-range id', async () => {
      for (const id of ['999999', 'abc', '1.5', '99999999999']) {
        const res = await get(`/api/v1/activities/occurrences/${id}`);
        expect(res.statusCode, id).toBe(404);
        expect(res.json()).toEqual(notFoundBody);
      }
    });
  });

  /** A signed-in member: a customer holding an active membership, so member prices apply. */
  async function memberToken(): Promise<string> {
    const customer = await createCustomer(t.db, clientId, {
      email: 'holder@test.example',
      password: 'Holder-Pass-1',
      firstName: 'Sam',
      lastName: 'Holder',
    });
    const { type, options } = await membershipFactory(t.db, clientId).createType({
      slug: 'courts-member',
      name: 'Courts Member',
      description: '<p>Courts at member prices.</p>',
      coverage: 'local',
      categories: ['Courts'],
      soldAt: [hall.id],
      options: [{ name: 'Monthly', paymentType: 'recurring', baseFee: 3000 }],
    });
    await t.db.insert(memberships).values({
      clientId,
      userId: customer.id,
      membershipTypeId: type.id,
      paymentOptionId: options[0]?.id ?? 0,
      homeVenueId: hall.id,
      status: 'active',
      startDate: addDays(today, -30),
      billingDay: 1,
      costs: {
        joiningFee: 0,
        baseFee: 3000,
        proRataFee: 0,
        monthInHandFee: 3000,
        discount: 0,
        totalToPayNow: 3000,
        proRataDays: 0,
      },
      currency: 'GBP',
      activatedAt: new Date(),
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/customer/login',
      payload: { username: 'holder@test.example', password: 'Holder-Pass-1' },
    });
    return login.json().token;
  }
  let memberAuth: Promise<Record<string, string>> | undefined;
  const asMember = () => {
    memberAuth ??= memberToken().then((member) => ({ authorization: `Bearer ${member}` }));
    return memberAuth;
  };

  describe('member prices', () => {
    it('price a member at the member option, with the benefit applied', async () => {
      const res = await get(
        `${base}/hall-venue/activity/badminton-40min/v2/times?date=${tomorrow}`,
        await asMember(),
      );
      const [member] = res.json().data;
      expect(member?.price).toEqual({ is_estimated: false, formatted_amount: '£4.80' });
    });
  });

  describe('v2 answers of the day cache (day-answers.ts)', () => {
    const activityUrl = `${base}/hall-venue/activity/badminton-40min`;
    /** Anonymous, signed-in and member viewers, as request headers. */
    const viewers = async (): Promise<Record<string, string>[]> => [{}, auth(), await asMember()];
    type SlotItem = { composite_key: string; cart_type: string; first_bookable_at: { utc: string } };
    type TimeItem = {
      composite_key: string;
      starts_at: { format_24_hour: string };
      ends_at: { format_24_hour: string };
    };

    it('answer what the object answers do, for every kind of viewer and filter', async () => {
      for (const headers of await viewers()) {
        const times = (await get(`${activityUrl}/v2/times?date=${tomorrow}`, headers)).json().data;
        // The v1 answers are built object by object (timeOf, slotOf); v2 is them plus three fields.
        const v1Times: TimeItem[] = (await get(`${activityUrl}/times?date=${tomorrow}`, headers)).json().data;
        /** The v1 slots of a start time, as v2 names its cart type. */
        const v1Slots = async (time: TimeItem): Promise<SlotItem[]> => {
          const url =
            `${activityUrl}/slots?date=${tomorrow}&start_time=${time.starts_at.format_24_hour}` +
            `&end_time=${time.ends_at.format_24_hour}`;
          const slots: SlotItem[] = (await get(url, headers)).json().data;
          return slots.map((slot) => ({ ...slot, cart_type: 'purchasableOccurrence' }));
        };
        const expectedTimes = [];
        for (const time of v1Times) {
          const slots = await v1Slots(time);
          const group = (
            await get(`${activityUrl}/v2/times/${time.composite_key}?date=${tomorrow}`, headers)
          ).json().data as { id: string; spaces: number }[];
          const first = slots
            .map((slot) => slot.first_bookable_at)
            .sort((a, b) => a.utc.localeCompare(b.utc))[0];
          expectedTimes.push({
            ...time,
            id: (group.find((location) => location.spaces > 0) ?? group[0])?.id,
            first_bookable_at: first,
            spaces_remaining: (time as unknown as { spaces: number }).spaces,
          });
        }
        expect(times).toEqual(expectedTimes);
        const key = times[0].composite_key;
        const byTime = await Promise.all(v1Times.map(v1Slots));
        for (const [query, expected] of [
          [`date=${tomorrow}`, byTime.flat()],
          [
            `date=${tomorrow}&composite_key=${key}`,
            byTime.flat().filter((slot) => slot.composite_key === key),
          ],
          [
            `date=${tomorrow}&start_time=18:00`,
            await v1Slots(v1Times.find((time) => time.starts_at.format_24_hour === '18:00') as TimeItem),
          ],
        ] as const) {
          const slots = (await get(`${activityUrl}/v2/slots?${query}`, headers)).json().data;
          expect(slots).toEqual(expected);
        }
      }
    });

    it('never serves stale places, and sees sessions added to a day it keeps', async () => {
      const day = addDays(today, 2);
      const court = courts[0] as LocationRow;
      const badminton = activity.badminton as ActivityRow;
      const first = await createOccurrence(t.db, {
        activity: badminton,
        venue: hall,
        location: court,
        startsAt: zonedTimeToUtc(day, '10:00', london),
        capacity: 2,
        firstBookableAt: new Date(Date.now() - 3600_000),
      });
      const slots = async () =>
        (await get(`${activityUrl}/v2/slots?date=${day}`)).json().data as {
          id: string;
          spaces: number;
          bookings_count: number;
          action_to_show: { status: string };
        }[];
      const times = async () =>
        (await get(`${activityUrl}/v2/times?date=${day}`)).json().data as {
          id: string;
          spaces: number;
          action_to_show: { status: string };
        }[];
      expect((await slots()).find((slot) => slot.id === String(first.id))?.spaces).toBe(2);
      await setPlacesUsed(t.db, [first.id], { booked: 2 });
      const full = (await slots()).find((slot) => slot.id === String(first.id));
      expect(full).toMatchObject({ spaces: 0, bookings_count: 2, action_to_show: { status: 'FULL' } });
      expect((await times()).find((time) => time.id === String(first.id))?.spaces).toBe(0);

      const second = await createOccurrence(t.db, {
        activity: badminton,
        venue: hall,
        location: court,
        startsAt: zonedTimeToUtc(day, '11:00', london),
        capacity: 3,
        firstBookableAt: new Date(Date.now() - 3600_000),
      });
      expect((await slots()).find((slot) => slot.id === String(second.id))?.spaces).toBe(3);
      expect((await times()).map((time) => time.id)).toContain(String(second.id));
    });
  });

  describe('GET /api/docs', () => {
    it('documents every activities call with its tag and answers', async () => {
      const paths = (await get('/api/docs')).json().paths;
      const activityPath = '/api/activities/venue/{venue}/activity/{activity}';
      for (const path of [
        '/api/activities/venues',
        '/api/activities/venue/{venue}/categories',
        '/api/activities/venue/{venue}/categories/{slug}',
        '/api/activities/venue/{venue}/activity-category/{category}/dates',
        `${activityPath}/times`,
        `${activityPath}/v2/times`,
        `${activityPath}/v2/times/{composite_key}`,
        `${activityPath}/slots`,
        `${activityPath}/v2/slots`,
        `${activityPath}/timetable`,
        `${activityPath}/v2/timetable`,
        '/api/v1/activities/occurrences/{id}',
      ]) {
        const op = paths[path]?.get;
        expect(op, path).toBeDefined();
        expect(op.tags).toEqual(['activities']);
        expect(op.responses['404'], path).toBeDefined();
      }
      const times = paths[`${activityPath}/v2/times`].get;
      const item = times.responses['200'].content['application/json'].schema.properties.data.items;
      expect(item.required).toEqual(
        expect.arrayContaining(['composite_key', 'first_bookable_at', 'spaces_remaining']),
      );
      expect(times.responses['422']).toBeDefined();
    });
  });
  describe('timetable generation', () => {
    it('generates sessions from weekly lines once, with the keys and opening times the factories give', async () => {
      const badminton = activity.badminton;
      if (!badminton) throw new Error('fixture missing');
      const [entry] = await addTimetableEntries(t.db, [
        {
          activityId: badminton.id,
          venueId: hall.id,
          locationId: courts[2]?.id ?? 0,
          startTime: '06:20',
          capacity: 1,
          weekdayMask: everyDay,
        },
      ]);
      if (!entry) throw new Error('no timetable entry');
      expect(await extendTimetable(t.db, clientId, { days: 3, venueIds: [hall.id] })).toBe(3);
      expect(await extendTimetable(t.db, clientId, { days: 3, venueIds: [hall.id] })).toBe(0);
      const rows = await t.db
        .select()
        .from(occurrences)
        .where(eq(occurrences.timetableEntryId, entry.id))
        .orderBy(asc(occurrences.startsAt));
      expect(rows.map((row) => localDateOf(row.startsAt, london))).toEqual([
        today,
        tomorrow,
        addDays(today, 2),
      ]);
      for (const row of rows) {
        const date = localDateOf(row.startsAt, london);
        expect(row.startsAt).toEqual(at(date, '06:20'));
        expect(row.endsAt.getTime() - row.startsAt.getTime()).toBe(40 * 60_000);
        expect(row.compositeKey).toBe(compositeKeyOf(badminton.id, hall.id, row.startsAt, row.endsAt));
        expect(row.firstBookableAt).toEqual(firstBookableAt(date, '06:20', badminton, london));
      }
    });

    it('computes the same composite key in the database as in the service, in summer time too', async () => {
      const start = new Date('2026-07-15T17:00:00Z');
      const end = new Date('2026-07-15T17:40:00Z');
      expect(await databaseCompositeKey(t.db, 12, 34, start, end)).toBe(compositeKeyOf(12, 34, start, end));
    });
  });
});
