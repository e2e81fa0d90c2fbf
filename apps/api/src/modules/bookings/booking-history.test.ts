import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, bookings, orderItems } from '../../db/schema';
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
});
