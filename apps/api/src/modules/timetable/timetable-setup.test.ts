import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, bookings, creditTransactions, occurrences, outboundEmails } from '../../db/schema';
import { addDays, localDateOf } from '../../lib/dates';
import { recordOrders } from '../../seed/booking-history';
import { api, createFixture, createUser, type Fixture, london } from '../../test/factories/basket-fixtures';
import { startTestApp, type TestApp } from '../../test/harness';
import { findOccurrenceRow } from './timetable.repository';

describe('console timetables (issue 47)', () => {
  let t: TestApp;
  let f: Fixture;
  let admin: Record<string, string>;
  let http: ReturnType<typeof api>;
  const today = () => localDateOf(new Date(), london);

  const patch = (url: string, headers: Record<string, string>, payload: unknown) =>
    t.app.inject({ method: 'PATCH', url, headers, payload: payload as Record<string, unknown> });

  async function bookedCustomer(occurrenceId: number, amount = 750) {
    const user = await createUser(t.db, f.clientId);
    const [order] = await recordOrders(t.db, f.clientId, [
      {
        userId: user.user.id,
        createdAt: new Date(),
        lines: [
          {
            activityId: f.yoga.id,
            venueId: f.venue.id,
            pricingOptionId: null,
            occurrenceIds: [occurrenceId],
            amount,
            benefitApplied: false,
          },
        ],
      },
    ]);
    return { ...user, bookingId: order?.lines[0]?.bookingIds[0] as number };
  }

  const pattern = (overrides: Record<string, unknown> = {}) => ({
    activity_id: f.yoga.id,
    venue_id: f.venue.id,
    location_id: f.studio.id,
    weekdays: [0, 1, 2, 3, 4, 5, 6],
    start_time: '07:15',
    duration_minutes: null,
    capacity: 12,
    instructor_name: 'Sam Lee',
    starts_on: null,
    ends_on: null,
    ...overrides,
  });

  beforeAll(async () => {
    t = await startTestApp();
    f = await createFixture(t.db, 'timetable-setup-operator');
    admin = (await createUser(t.db, f.clientId, { staff: true })).headers;
    http = api(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates a weekly pattern with its sessions for the rolling window, audited, seen by customers at once', async () => {
    const res = await http.post('/api/admin/timetable-entries', admin, pattern());
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.data).toMatchObject({ start_time: '07:15', weekdays: [0, 1, 2, 3, 4, 5, 6], capacity: 12 });
    expect(body.sessions.created).toBeGreaterThanOrEqual(14);
    const day = addDays(today(), 2);
    const slots = await http.get(
      `/api/activities/venue/cart-venue/activity/fitness-classes-c/v2/slots?date=${day}`,
      {},
    );
    expect(slots.statusCode, slots.body).toBe(200);
    expect(JSON.stringify(slots.json())).toContain('07:15');
    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'timetable-entry.create'));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.venueId).toBe(f.venue.id);
    const choices = (await http.get('/api/admin/timetable-choices', admin)).json();
    expect(choices.venues).toEqual([{ id: f.venue.id, name: 'Cart Venue' }]);
    expect(choices.locations.map((row: { name: string }) => row.name)).toContain('Studio 1');
    const list = await http.get(`/api/admin/timetable-entries?venue_id=${f.venue.id}&q=fitness`, admin);
    expect(list.json().meta.total).toBe(1);
  });

  it('refuses bad input with 422 at its fields and unknown ids with 404; no permission is 403', async () => {
    const bad = await http.post(
      '/api/admin/timetable-entries',
      admin,
      pattern({ start_time: '25:00', weekdays: [], capacity: 0 }),
    );
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(
      expect.arrayContaining(['start_time', 'weekdays', 'capacity']),
    );
    const control = await http.post(
      '/api/admin/timetable-entries',
      admin,
      pattern({ instructor_name: 'a\u0000b' }),
    );
    expect(control.statusCode).toBe(422);
    const huge = await http.post('/api/admin/timetable-entries', admin, pattern({ capacity: 1e12 }));
    expect(huge.statusCode).toBe(422);
    const course = await http.post(
      '/api/admin/timetable-entries',
      admin,
      pattern({ activity_id: f.course.id }),
    );
    expect(course.statusCode).toBe(422);
    expect((await http.get('/api/admin/timetable-entries/99999999', admin)).statusCode).toBe(404);
    expect((await http.get('/api/admin/timetable-entries/9999999999999', admin)).statusCode).toBe(422);
    const customer = await createUser(t.db, f.clientId);
    expect((await http.get('/api/admin/timetable-entries', customer.headers)).statusCode).toBe(403);
    const manager = await createUser(t.db, f.clientId, { staff: 'venue-manager', venueIds: [] });
    expect((await http.post('/api/admin/timetable-entries', manager.headers, pattern())).statusCode).toBe(
      403,
    );
  });

  it('changes a pattern: free sessions follow, booked ones keep their bookings and their people are emailed', async () => {
    const created = (
      await http.post('/api/admin/timetable-entries', admin, pattern({ start_time: '09:00' }))
    ).json();
    const id = created.data.id as number;
    const sessions = await t.db.select().from(occurrences).where(eq(occurrences.timetableEntryId, id));
    const target = sessions.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())[3];
    if (!target) throw new Error('no session');
    const customer = await bookedCustomer(target.id);
    const res = await patch(`/api/admin/timetable-entries/${id}`, admin, {
      start_time: '09:30',
      capacity: 8,
    });
    expect(res.statusCode, res.body).toBe(200);
    const outcome = res.json().sessions;
    expect(outcome.updated).toBe(1);
    expect(outcome.emailed).toBe(1);
    expect(outcome.kept_with_bookings.map((row: { id: number }) => row.id)).toEqual([target.id]);
    const moved = await findOccurrenceRow(t.db, target.id);
    expect(moved?.bookedCount).toBe(1);
    expect(moved?.capacity).toBe(8);
    expect(localDateOf(moved?.startsAt as Date, london)).toBe(localDateOf(target.startsAt, london));
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.id, customer.bookingId));
    expect(booking?.status).toBe('booked');
    const mails = await t.db
      .select()
      .from(outboundEmails)
      .where(eq(outboundEmails.toAddress, customer.user.email));
    expect(mails.map((mail) => mail.template)).toContain('session-moved');
  });

  it('removes a pattern but keeps (and lists) its sessions that have bookings', async () => {
    const created = (
      await http.post('/api/admin/timetable-entries', admin, pattern({ start_time: '11:00' }))
    ).json();
    const id = created.data.id as number;
    const [first] = await t.db
      .select()
      .from(occurrences)
      .where(eq(occurrences.timetableEntryId, id))
      .limit(1);
    if (!first) throw new Error('no session');
    await bookedCustomer(first.id);
    const res = await http.delete(`/api/admin/timetable-entries/${id}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().sessions.kept_with_bookings.map((row: { id: number }) => row.id)).toEqual([first.id]);
    expect(await findOccurrenceRow(t.db, first.id)).toBeDefined();
    expect((await http.get(`/api/admin/timetable-entries/${id}`, admin)).statusCode).toBe(404);
  });

  it('cancels a session once: credit and an email for each person booked, gone for customers, no basket', async () => {
    const a = await bookedCustomer(f.yogaSession.id, 750);
    const b = await bookedCustomer(f.yogaSession.id, 450);
    const list = await http.get(
      `/api/admin/sessions?venue_id=${f.venue.id}&from=${f.tomorrow}&to=${f.tomorrow}&q=fitness`,
      admin,
    );
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.find((row: { id: number }) => row.id === f.yogaSession.id)).toMatchObject({
      booked: 2,
      capacity: 10,
      cancelled: false,
    });
    const refund = await http.post(`/api/admin/sessions/${f.yogaSession.id}/cancel`, admin, {
      resolution: 'refund',
    });
    expect(refund.statusCode).toBe(422);
    const [first, second] = await Promise.all([
      http.post(`/api/admin/sessions/${f.yogaSession.id}/cancel`, admin, {
        resolution: 'credit',
        reason: 'Closed pool',
      }),
      http.post(`/api/admin/sessions/${f.yogaSession.id}/cancel`, admin, { resolution: 'credit' }),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect([first.json().changed, second.json().changed].sort()).toEqual([false, true]);
    const credits = async (userId: number) =>
      (await t.db.select().from(creditTransactions).where(eq(creditTransactions.userId, userId))).map(
        (row) => row.amount,
      );
    expect(await credits(a.user.id)).toEqual([750]);
    expect(await credits(b.user.id)).toEqual([450]);
    const mails = await t.db
      .select()
      .from(outboundEmails)
      .where(eq(outboundEmails.template, 'session-cancelled'));
    expect(mails.map((mail) => mail.toAddress).sort()).toEqual([a.user.email, b.user.email].sort());
    const session = await findOccurrenceRow(t.db, f.yogaSession.id);
    expect(session?.bookedCount).toBe(0);
    expect(session?.cancelledAt).not.toBeNull();
    const slots = await http.get(
      `/api/activities/venue/cart-venue/activity/fitness-classes-c/v2/slots?date=${f.tomorrow}`,
      {},
    );
    expect((slots.json().data as { id: number }[]).some((slot) => slot.id === f.yogaSession.id)).toBe(false);
    const customer = await createUser(t.db, f.clientId);
    const add = await http.post('/api/activities/cart/add', customer.headers, {
      items: [{ id: f.yogaSession.id, type: 'activity' }],
    });
    expect(add.statusCode).toBeGreaterThanOrEqual(400);
    expect(add.statusCode).toBeLessThan(500);
  });

  it('moves one session as a one-off, never below its places', async () => {
    const session = f.freeSession;
    const low = await patch(`/api/admin/sessions/${session.id}`, admin, { capacity: 1 });
    expect(low.statusCode).toBe(200);
    const moved = await patch(`/api/admin/sessions/${session.id}`, admin, {
      start_time: '20:30',
      location_id: f.courts[0]?.id,
      capacity: 25,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({
      start_time: '20:30',
      capacity: 25,
      location_id: f.courts[0]?.id,
    });
    const slots = await http.get(
      `/api/activities/venue/cart-venue/activity/free-taster/v2/slots?date=${f.tomorrow}`,
      {},
    );
    expect(JSON.stringify(slots.json())).toContain('20:30');
  });

  it('creates a course from dates: a bundle and its sessions, sold as a course', async () => {
    const dates = [addDays(today(), 10), addDays(today(), 3), addDays(today(), 17)];
    const res = await http.post('/api/admin/courses', admin, {
      activity_id: f.course.id,
      venue_id: f.venue.id,
      location_id: f.studio.id,
      name: 'Beginners Swim (Saturdays)',
      dates,
      start_time: '10:00',
      capacity: 6,
      instructor_name: null,
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.session_ids).toHaveLength(3);
    expect(body.data).toMatchObject({ sessions_count: 3, first_date: addDays(today(), 3) });
    const sessions = await t.db.select().from(occurrences).where(eq(occurrences.bundleId, body.data.id));
    expect(new Set(sessions.map((row) => row.firstBookableAt.getTime())).size).toBe(1);
    const list = await http.get('/api/admin/courses?q=beginners', admin);
    expect(list.json().meta.total).toBe(1);
    const wrong = await http.post('/api/admin/courses', admin, {
      activity_id: f.yoga.id,
      venue_id: f.venue.id,
      location_id: f.studio.id,
      name: 'X',
      dates,
      start_time: '10:00',
      capacity: 6,
      instructor_name: null,
    });
    expect(wrong.statusCode).toBe(422);
  });
});
