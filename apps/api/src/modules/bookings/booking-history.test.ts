import { gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  activities,
  activityCategories,
  bookings,
  locations,
  occurrences,
  orderItems,
  orders,
  venues,
} from '../../db/schema';
import { historyMember } from '../../seed/bookings';
import { seedIfEmpty } from '../../seed/seed';
import { startTestApp, type TestApp } from '../../test/harness';

/** The seeded bookings as the members see them through the API. */
describe('seeded booking history', () => {
  let t: TestApp;
  let seedMs = 0;
  beforeAll(async () => {
    t = await startTestApp();
    const started = Date.now();
    await seedIfEmpty(t.db, t.config);
    seedMs = Date.now() - started;
  });
  afterAll(async () => t?.close());

  async function logIn(email: string, password: string): Promise<Record<string, string>> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/customer/login',
      payload: { username: email, password },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { authorization: `Bearer ${res.json().token}` };
  }

  it('member@example.com has upcoming and previous bookings, a course and a waitlist entry', async () => {
    const headers = await logIn('member@example.com', 'Member-Pass-1');
    const future = (await t.app.inject({ url: '/api/my-account/bookings?filter=future', headers })).json()
      .data;
    expect(
      future.filter((b: { booking_type: string }) => b.booking_type === 'other').length,
    ).toBeGreaterThanOrEqual(3);
    const course = future.find((b: { booking_type: string }) => b.booking_type === 'courses');
    expect(course).toBeDefined();
    const bundle = await t.app.inject({
      url: `/api/v1/activities/bookings/bundles/${course.booking_bundle_context.id}`,
      headers,
    });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.json().data.bookings.length).toBeGreaterThan(1);
    const past = (await t.app.inject({ url: '/api/my-account/bookings?filter=past', headers })).json().data;
    expect(past.length).toBeGreaterThanOrEqual(3);
    const waitlist = (await t.app.inject({ url: '/api/my-account/waitlist', headers })).json().data;
    expect(waitlist).toHaveLength(1);
  });

  it('history@example.com has two years of bookings, newest first', async () => {
    const headers = await logIn(historyMember.email, historyMember.password);
    const past = (await t.app.inject({ url: '/api/my-account/bookings?filter=past', headers })).json().data;
    expect(past.length).toBeGreaterThan(250);
    const dates = past.map((b: { date_raw: string }) => b.date_raw);
    expect([...dates].sort().reverse()).toEqual(dates);
    const oldest = new Date(dates.at(-1));
    expect(Date.now() - oldest.getTime()).toBeGreaterThan(700 * 24 * 3600_000);
    expect(seedMs).toBeLessThan(30_000);
  });

  it('answers the long list again from what the database holds now, whatever changed since the last call', async () => {
    const headers = await logIn(historyMember.email, historyMember.password);
    type Row = { id: number; activity_id: number; simple_name: string; price: string };
    const past = async (): Promise<Row[]> => {
      const res = await t.app.inject({ url: '/api/my-account/bookings?filter=past', headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      return res.json().data;
    };
    const first = await past();
    expect(await past()).toEqual(first);
    const [newest, second] = first;
    if (!newest || !second) throw new Error('the history member has no bookings');

    // Changed as another replica or a staff tool would: straight in the database.
    await t.db
      .update(activities)
      .set({ name: sql`${activities.name} || ' (renamed)'` })
      .where(eq(activities.id, newest.activity_id));
    const renamed = await past();
    expect(renamed.find((row) => row.id === newest.id)?.simple_name).toMatch(/ \(renamed\)$/);

    await t.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, newest.id));
    const [line] = await t.db
      .select({ id: bookings.orderItemId })
      .from(bookings)
      .where(eq(bookings.id, second.id));
    await t.db
      .update(orderItems)
      .set({ amount: 12345 })
      .where(eq(orderItems.id, line?.id as number));
    const after = await past();
    expect(after).toHaveLength(first.length - 1);
    expect(after.some((row) => row.id === newest.id)).toBe(false);
    expect(after.find((row) => row.id === second.id)?.price).toBe('£123.45');
  });

  type PastRow = {
    id: number;
    simple_name: string;
    category: string;
    venue_name: string;
    price: string;
    date_raw: string;
    booking_type: string;
    item: { location: { name: string }; starts_at: { raw: string } };
  };

  async function pastOf(headers: Record<string, string>): Promise<PastRow[]> {
    const res = await t.app.inject({ url: '/api/my-account/bookings?filter=past', headers });
    expect(res.statusCode).toBe(200);
    return res.json().data;
  }

  it('answers what every joined row holds now: venue, location, category, order and session', async () => {
    const headers = await logIn(historyMember.email, historyMember.password);
    const first = await pastOf(headers);
    const newest = first[0];
    if (!newest) throw new Error('the history member has no bookings');
    const [joined] = await t.db
      .select({
        occurrenceId: bookings.occurrenceId,
        orderId: bookings.orderId,
        venueId: occurrences.venueId,
        locationId: occurrences.locationId,
        categoryId: activities.categoryId,
      })
      .from(bookings)
      .innerJoin(occurrences, eq(occurrences.id, bookings.occurrenceId))
      .innerJoin(activities, eq(activities.id, occurrences.activityId))
      .where(eq(bookings.id, newest.id));
    if (!joined) throw new Error('no row');

    await t.db.update(venues).set({ name: 'Renamed Venue' }).where(eq(venues.id, joined.venueId));
    expect((await pastOf(headers))[0]?.venue_name).toBe('Renamed Venue');
    await t.db.update(locations).set({ name: 'Renamed Court' }).where(eq(locations.id, joined.locationId));
    expect((await pastOf(headers))[0]?.item.location.name).toBe('Renamed Court');
    await t.db
      .update(activityCategories)
      .set({ name: 'Renamed Category' })
      .where(eq(activityCategories.id, joined.categoryId));
    expect((await pastOf(headers))[0]?.category).toBe('Renamed Category');
    await t.db.update(orders).set({ currency: 'EUR' }).where(eq(orders.id, joined.orderId));
    expect((await pastOf(headers))[0]?.price).toMatch(/^€/);

    // The session moved a day earlier: its date changes (and the order of the list may too).
    await t.db
      .update(occurrences)
      .set({
        startsAt: sql`${occurrences.startsAt} - interval '1 day'`,
        endsAt: sql`${occurrences.endsAt} - interval '1 day'`,
      })
      .where(eq(occurrences.id, joined.occurrenceId));
    const moved = (await pastOf(headers)).find((row) => row.id === newest.id);
    expect(moved?.date_raw).not.toBe(newest.date_raw);
  });

  it('takes in a booking as soon as its session has started, with nothing else changed', async () => {
    const headers = await logIn(historyMember.email, historyMember.password);
    const future = (await t.app.inject({ url: '/api/my-account/bookings?filter=future', headers })).json()
      .data as PastRow[];
    const next = future[0];
    if (!next) throw new Error('the history member has no upcoming booking');
    const before = await pastOf(headers);
    expect(before.some((row) => row.id === next.id)).toBe(false);
    const startsAt = new Date(next.item.starts_at.raw).getTime();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(startsAt);
      // Not yet: the history is the bookings that started before now.
      expect((await pastOf(headers)).some((row) => row.id === next.id)).toBe(false);
      vi.setSystemTime(startsAt + 1);
      const after = await pastOf(headers);
      expect(after[0]?.id).toBe(next.id);
      expect(after).toHaveLength(before.length + 1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('takes in a booking whose session was moved into the past', async () => {
    const headers = await logIn(historyMember.email, historyMember.password);
    const future = (await t.app.inject({ url: '/api/my-account/bookings?filter=future', headers })).json()
      .data as PastRow[];
    const next = future[0];
    if (!next) throw new Error('the history member has no upcoming booking');
    const before = await pastOf(headers);
    const [row] = await t.db
      .select({ occurrenceId: bookings.occurrenceId })
      .from(bookings)
      .where(eq(bookings.id, next.id));
    await t.db
      .update(occurrences)
      .set({
        startsAt: sql`now() - interval '2 minutes'`,
        endsAt: sql`now() - interval '1 minute'`,
      })
      .where(eq(occurrences.id, row?.occurrenceId as number));
    const after = await pastOf(headers);
    expect(after[0]?.id).toBe(next.id);
    expect(after).toHaveLength(before.length + 1);
  });

  type UpcomingRow = PastRow & { can_be_cancelled: boolean; awards_credit: { can_be_awarded: boolean } };

  async function upcomingOf(headers: Record<string, string>): Promise<UpcomingRow[]> {
    const res = await t.app.inject({ url: '/api/my-account/bookings?filter=future', headers });
    expect(res.statusCode).toBe(200);
    return res.json().data;
  }

  it('closes an upcoming booking at its cut-off and drops it once its session starts, with nothing else changed', async () => {
    const headers = await logIn('member@example.com', 'Member-Pass-1');
    const before = await upcomingOf(headers);
    const next = before.find((row) => row.can_be_cancelled);
    if (!next) throw new Error('the member has no cancellable upcoming booking');
    const [activity] = await t.db
      .select({ cutoffMinutes: activities.cancellationCutoffMinutes })
      .from(bookings)
      .innerJoin(occurrences, eq(occurrences.id, bookings.occurrenceId))
      .innerJoin(activities, eq(activities.id, occurrences.activityId))
      .where(eq(bookings.id, next.id));
    if (!activity) throw new Error('no activity');
    const startsAt = new Date(next.item.starts_at.raw).getTime();
    const cutoff = startsAt - activity.cutoffMinutes * 60_000;
    const find = async () => (await upcomingOf(headers)).find((row) => row.id === next.id);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(cutoff - 1);
      expect((await find())?.can_be_cancelled).toBe(true);
      vi.setSystemTime(cutoff);
      const closed = await find();
      expect(closed?.can_be_cancelled).toBe(false);
      expect(closed?.awards_credit.can_be_awarded).toBe(false);
      vi.setSystemTime(startsAt);
      expect(await find()).toBeDefined();
      vi.setSystemTime(startsAt + 1);
      expect(await find()).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers the upcoming list again from what the database holds now', async () => {
    const headers = await logIn('member@example.com', 'Member-Pass-1');
    const first = await upcomingOf(headers);
    expect(await upcomingOf(headers)).toEqual(first);
    const [soonest] = first;
    if (!soonest) throw new Error('the member has no upcoming booking');
    const [joined] = await t.db
      .select({ venueId: occurrences.venueId })
      .from(bookings)
      .innerJoin(occurrences, eq(occurrences.id, bookings.occurrenceId))
      .where(eq(bookings.id, soonest.id));
    await t.db
      .update(venues)
      .set({ name: 'Upcoming Venue' })
      .where(eq(venues.id, joined?.venueId as number));
    expect((await upcomingOf(headers))[0]?.venue_name).toBe('Upcoming Venue');
    // Cancelled as another replica or a staff tool would: straight in the database.
    await t.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, soonest.id));
    const after = await upcomingOf(headers);
    expect(after.some((row) => row.id === soonest.id)).toBe(false);
    expect(after).toHaveLength(first.length - 1);
  });

  it('sends the kept history gzipped to a client that takes gzip, the same JSON', async () => {
    const headers = await logIn(historyMember.email, historyMember.password);
    const plain = await t.app.inject({ url: '/api/my-account/bookings?filter=past', headers });
    const zipped = await t.app.inject({
      url: '/api/my-account/bookings?filter=past',
      headers: { ...headers, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    expect(zipped.headers['content-type']).toMatch(/^application\/json/);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    const refused = await t.app.inject({
      url: '/api/my-account/bookings?filter=past',
      headers: { ...headers, 'accept-encoding': 'gzip;q=0, identity' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json()).toEqual(plain.json());
  });
});
