import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
