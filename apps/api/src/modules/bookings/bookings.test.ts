import { myBookingsMessages } from '@leisure/contract/bookings';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, creditTransactions, occurrences, waitlistEntries } from '../../db/schema';
import { addDays, localDateOf, zonedTimeToUtc } from '../../lib/dates';
import { recordOrders } from '../../seed/booking-history';
import { api, createFixture, createUser, type Fixture, london } from '../../test/factories/basket-fixtures';
import { startTestApp, type TestApp } from '../../test/harness';
import { findOccurrenceRow } from '../timetable/timetable.repository';
import {
  type ActivityRow,
  createActivity,
  createActivityCategory,
  createCourse,
  createOccurrence,
} from '../timetable/timetable.service';

describe('my bookings', () => {
  let t: TestApp;
  let f: Fixture;
  let http: ReturnType<typeof api>;
  let strict: ActivityRow;

  const booked = async (occurrenceId: number) => (await findOccurrenceRow(t.db, occurrenceId))?.bookedCount;
  const creditRows = (userId: number) =>
    t.db.select().from(creditTransactions).where(eq(creditTransactions.userId, userId));
  const patch = (headers: Record<string, string>, ids: number[], source = 'my-account') =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/v1/activities/bookings',
      headers,
      payload: { data: { cancellation_source: source, update_type: 'cancellation', booking_ids: ids } },
    });

  /** A customer with one paid booking of a session (through the same writer the seed uses). */
  async function customerWithBooking(
    occurrenceId: number,
    options: { amount?: number; activity?: ActivityRow; benefit?: boolean } = {},
  ) {
    const user = await createUser(t.db, f.clientId);
    const activity = options.activity ?? f.badminton;
    const [order] = await recordOrders(t.db, f.clientId, [
      {
        userId: user.user.id,
        createdAt: new Date(),
        lines: [
          {
            activityId: activity.id,
            venueId: f.venue.id,
            pricingOptionId: null,
            occurrenceIds: [occurrenceId],
            amount: options.amount ?? 592,
            benefitApplied: options.benefit ?? false,
          },
        ],
      },
    ]);
    const bookingId = order?.lines[0]?.bookingIds[0] as number;
    return { ...user, bookingId, orderId: order?.orderId as number };
  }

  beforeAll(async () => {
    t = await startTestApp();
    f = await createFixture(t.db, 'my-bookings-operator');
    http = api(t.app);
    const category = await createActivityCategory(t.db, f.clientId, { slug: 'strict', name: 'Strict' });
    strict = await createActivity(t.db, f.clientId, {
      categoryId: category.id,
      slug: 'strict-class',
      name: 'Strict Class',
      kind: 'class',
      durationMinutes: 60,
      cancellationCutoffMinutes: 24 * 60,
      pricing: [{ name: 'Standard', tickets: [{ name: 'Adult', amount: 900 }] }],
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists upcoming (soonest first) and previous (latest first) bookings in the Booking shape', async () => {
    const user = await createUser(t.db, f.clientId);
    const yesterday = addDays(localDateOf(new Date(), london), -1);
    const past = [
      await createOccurrence(t.db, {
        activity: f.yoga,
        venue: f.venue,
        location: f.studio,
        startsAt: zonedTimeToUtc(addDays(yesterday, -7), '09:00', london),
        capacity: 10,
      }),
      await createOccurrence(t.db, {
        activity: f.yoga,
        venue: f.venue,
        location: f.studio,
        startsAt: zonedTimeToUtc(yesterday, '09:00', london),
        capacity: 10,
      }),
    ];
    const line = (occurrenceId: number, amount = 750) => ({
      activityId: f.yoga.id,
      venueId: f.venue.id,
      pricingOptionId: null,
      occurrenceIds: [occurrenceId],
      amount,
    });
    await recordOrders(t.db, f.clientId, [
      {
        userId: user.user.id,
        createdAt: new Date(),
        lines: [line(f.freeSession.id, 0), line(f.yogaSession.id)],
      },
      { userId: user.user.id, createdAt: new Date(), lines: past.map((p) => line(p.id)) },
      {
        userId: user.user.id,
        createdAt: new Date(),
        lines: [
          {
            activityId: f.course.id,
            venueId: f.venue.id,
            pricingOptionId: null,
            bundleId: f.bundleId,
            occurrenceIds: f.courseSessionIds,
            amount: 4800,
          },
        ],
      },
    ]);

    const future = await http.get('/api/my-account/bookings?filter=future', user.headers);
    expect(future.statusCode, future.body).toBe(200);
    const upcoming = future.json().data;
    expect(upcoming.map((b: { simple_name: string }) => b.simple_name)).toEqual([
      'Fitness Classes C',
      'Adult Swimming Course (Tuesdays 7pm)',
      'Free Taster',
      'Adult Swimming Course (Tuesdays 7pm)',
      'Adult Swimming Course (Tuesdays 7pm)',
    ]);
    expect(upcoming[0]).toMatchObject({
      status: 'booked',
      time: '18:00 - 18:45',
      price: '£7.50',
      category: 'Sports',
      venue_name: 'Cart Venue',
      can_be_cancelled: true,
      booking_type: 'other',
      booking_bundle_context: null,
      activity_id: expect.any(Number),
      item: {
        date: {
          raw: upcoming[0].date_raw,
          raw_pretty: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/),
          day_pretty: expect.stringMatching(/^[A-Z][a-z]{2}$/),
          date_pretty: expect.stringMatching(/^\d{1,2} [A-Z][a-z]{2}$/),
          full_date_pretty: upcoming[0].date,
        },
        starts_at: {
          format_24_hour: '18:00',
          format_12_hour: '6:00pm',
          utc: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00Z$/),
          local: expect.stringMatching(/T18:00:00[+-]\d{2}:\d{2}$/),
        },
        ends_at: { format_24_hour: '18:45', format_12_hour: '6:45pm' },
        duration: '45min',
        location: {
          id: expect.stringMatching(/^\d+$/),
          name: 'Studio 1',
          type: expect.any(String),
          slug: expect.any(String),
          venue_id: f.venue.id,
          venue_slug: expect.any(String),
        },
      },
      cancellation_cutoff: { cutoff_message: 'This booking can be cancelled until the session starts.' },
      awards_credit: {
        can_be_awarded: true,
        message: 'Cancelling before the cut-off gives you £7.50 account credit.',
      },
    });
    // The free taster earns no credit; the course shares its price over its sessions.
    expect(upcoming[2].awards_credit).toEqual({
      can_be_awarded: false,
      message: myBookingsMessages.notEligibleForCredit,
    });
    expect(upcoming[1]).toMatchObject({
      booking_type: 'courses',
      price: '£16.00',
      can_be_cancelled: false,
      booking_bundle_context: { settled_booking_position: 1, total_settled_bookings: 3 },
    });

    const previous = await http.get('/api/my-account/bookings?filter=past', user.headers);
    expect(previous.statusCode).toBe(200);
    const historic = previous.json().data;
    expect(historic.map((b: { id: number; date_raw: string }) => b.date_raw)).toEqual([
      yesterday,
      addDays(yesterday, -7),
    ]);
    expect(historic[0].can_be_cancelled).toBe(false);
    const all = (await http.get('/api/my-account/bookings?filter=all', user.headers)).json().data;
    expect(all.map((b: { id: number }) => b.id)).toEqual([...upcoming, ...historic].map((b) => b.id));

    // v1 loads the same bookings in the v2 shape, only for the signed-in customer.
    const v1 = await http.get(
      `/api/v1/activities/bookings?user_id=${user.user.id}&starts_after=${encodeURIComponent(new Date().toISOString())}&cancellation_source=my-account`,
      user.headers,
    );
    expect(v1.statusCode, v1.body).toBe(200);
    expect(v1.json().data[0]).toMatchObject({
      name: 'Fitness Classes C',
      cancellation: { can_cancel: true },
      cancellation_cut_off: { cutoff_action: 'cancel' },
      price: { formatted: '£7.50', raw: 750 },
      location_name: 'Studio 1',
      venue: { id: f.venue.id, name: 'Cart Venue' },
    });
    const before = await http.get(
      `/api/v1/activities/bookings?user_id=${user.user.id}&starts_before=${encodeURIComponent(new Date().toISOString())}`,
      user.headers,
    );
    expect(before.json().data).toHaveLength(2);

    const other = await createUser(t.db, f.clientId);
    const forbidden = await http.get(
      `/api/v1/activities/bookings?user_id=${user.user.id}&starts_after=2020-01-01T00:00:00Z`,
      other.headers,
    );
    expect(forbidden.statusCode).toBe(403);
    expect((await http.get(`/api/my-account/bookings?filter=future`, other.headers)).json().data).toEqual([]);
  });

  it('refuses bad input: no session, an unknown filter, neither or both dates', async () => {
    const user = await createUser(t.db, f.clientId);
    expect((await http.get('/api/my-account/bookings?filter=future', {})).statusCode).toBe(401);
    expect((await http.get('/api/my-account/waitlist', {})).statusCode).toBe(401);
    expect((await http.get('/api/my-account/bookings?filter=soon', user.headers)).statusCode).toBe(422);
    expect(
      (await http.get(`/api/v1/activities/bookings?user_id=${user.user.id}`, user.headers)).statusCode,
    ).toBe(422);
    const bad = await patch(user.headers, []);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors['data.booking_ids']).toEqual([myBookingsMessages.noBookings]);
    const wrongType = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/activities/bookings',
      headers: user.headers,
      payload: { data: { cancellation_source: 'my-account', update_type: 'move', booking_ids: [1] } },
    });
    expect(wrongType.statusCode).toBe(422);
    expect((await patch({}, [1])).statusCode).toBe(401);
    const anonymous = [
      {
        method: 'GET' as const,
        url: '/api/v1/activities/bookings?user_id=1&starts_after=2020-01-01T00:00:00Z',
      },
      { method: 'DELETE' as const, url: '/api/activities/bookings/1/?source=my-account' },
      { method: 'DELETE' as const, url: '/api/my-account/waitlist/1' },
      { method: 'GET' as const, url: '/api/v1/activities/bookings/bundles/1' },
      { method: 'PATCH' as const, url: '/api/v1/activities/bookings/bundles/1/cancel' },
    ];
    for (const call of anonymous) {
      expect((await t.app.inject(call)).statusCode, `${call.method} ${call.url}`).toBe(401);
    }
    expect((await http.get('/api/v1/activities/bookings/bundles/abc', user.headers)).statusCode).toBe(422);
    expect((await http.delete('/api/activities/bookings/0/', user.headers)).statusCode).toBe(422);
  });

  it('is documented in OpenAPI under my-account', async () => {
    const doc = (await http.get('/api/docs/openapi.json', {})).json<{
      paths: Record<string, Record<string, { tags?: string[]; responses?: Record<string, unknown> }>>;
    }>();
    expect(doc.paths['/api/my-account/bookings']?.get?.tags).toEqual(['my-account']);
    expect(Object.keys(doc.paths['/api/v1/activities/bookings'] ?? {}).sort()).toEqual(['get', 'patch']);
    expect(doc.paths['/api/activities/bookings/{bookingId}/']?.delete?.responses).toHaveProperty('422');
    expect(doc.paths['/api/my-account/waitlist/{waitlistId}']?.delete).toBeDefined();
    expect(doc.paths['/api/v1/activities/bookings/bundles/{bookingBundleId}/cancel']?.patch).toBeDefined();
  });

  it('cancels a paid booking: places come back, credit of what was paid is written once', async () => {
    const session = f.courtSessions[0]?.id as number;
    const owner = await customerWithBooking(session);
    expect(await booked(session)).toBe(1);

    // Someone else's booking, or one that does not exist, is not found and nothing changes.
    const stranger = await createUser(t.db, f.clientId);
    expect((await patch(stranger.headers, [owner.bookingId])).statusCode).toBe(404);
    expect((await patch(owner.headers, [owner.bookingId, 999_999])).statusCode).toBe(404);
    expect(await booked(session)).toBe(1);

    const res = await patch(owner.headers, [owner.bookingId]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      data: [
        {
          id: owner.bookingId,
          status: 'cancelled',
          credit: {
            amount: 592,
            formatted: '£5.92',
            message: '£5.92 has been added to your account credit.',
          },
        },
      ],
      credit: { amount: 592, formatted: '£5.92', message: '£5.92 has been added to your account credit.' },
    });
    expect(await booked(session)).toBe(0);
    expect(await creditRows(owner.user.id)).toEqual([
      expect.objectContaining({ type: 'general', amount: 592, orderId: owner.orderId }),
    ]);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, owner.bookingId));
    expect(row).toMatchObject({
      status: 'cancelled',
      cancellationSource: 'my-account',
      cancellationCredit: 592,
    });

    // A second cancel is refused and gives nothing more.
    const again = await patch(owner.headers, [owner.bookingId]);
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.booking_ids).toEqual([myBookingsMessages.alreadyCancelled]);
    expect(await creditRows(owner.user.id)).toHaveLength(1);
    expect(await booked(session)).toBe(0);
    // The session user's balance shows the credit.
    const me = await http.get('/api/auth/user', owner.headers);
    expect(me.json().data.credit.balance).toBe(592);
  });

  it('concurrent cancels of one booking (v1 and v2 mixed): one 200, the rest 422, one credit, places back once', async () => {
    const session = f.courtSessions[1]?.id as number;
    const owner = await customerWithBooking(session);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        i % 2 === 0
          ? patch(owner.headers, [owner.bookingId])
          : http.delete(`/api/activities/bookings/${owner.bookingId}/?source=my-account`, owner.headers),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses, answers.map((a) => a.body).join('\n')).toEqual([200, 422, 422, 422, 422, 422, 422, 422]);
    expect(await creditRows(owner.user.id)).toEqual([expect.objectContaining({ amount: 592 })]);
    expect(await booked(session)).toBe(0);
  });

  it('staff and other customers read none of it and change nothing', async () => {
    const owner = await customerWithBooking(f.yogaSession.id, { activity: f.yoga, amount: 750 });
    const staff = await createUser(t.db, f.clientId, { staff: true });
    expect((await http.get('/api/my-account/bookings?filter=future', staff.headers)).json().data).toEqual([]);
    expect((await patch(staff.headers, [owner.bookingId])).statusCode).toBe(404);
    expect(
      (await http.delete(`/api/activities/bookings/${owner.bookingId}/`, staff.headers)).statusCode,
    ).toBe(404);
    expect(
      (
        await http.get(
          `/api/v1/activities/bookings?user_id=${owner.user.id}&starts_after=2020-01-01T00:00:00Z`,
          staff.headers,
        )
      ).statusCode,
    ).toBe(403);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, owner.bookingId));
    expect(row?.status).toBe('booked');
  });

  it('refuses after the cut-off with a clear message and changes nothing', async () => {
    const soon = await createOccurrence(t.db, {
      activity: strict,
      venue: f.venue,
      location: f.studio,
      startsAt: new Date(Date.now() + 3 * 3600_000),
      capacity: 5,
    });
    const owner = await customerWithBooking(soon.id, { activity: strict, amount: 900 });
    const list = await http.get('/api/my-account/bookings?filter=future', owner.headers);
    expect(list.json().data[0]).toMatchObject({
      can_be_cancelled: false,
      cancellation_cutoff: {
        cutoff_message: 'This booking can be cancelled up to 24 hours before the session starts.',
      },
      awards_credit: { can_be_awarded: false },
    });
    const res = await patch(owner.headers, [owner.bookingId]);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(myBookingsMessages.cutoffPassed);
    const v2 = await http.delete(
      `/api/activities/bookings/${owner.bookingId}/?source=my-account`,
      owner.headers,
    );
    expect(v2.statusCode).toBe(422);
    expect(await booked(soon.id)).toBe(1);
    expect(await creditRows(owner.user.id)).toEqual([]);
  });

  it('v2 DELETE cancels a free booking with no credit and says so; a course session is refused', async () => {
    const owner = await customerWithBooking(f.freeSession.id, { activity: f.free, amount: 0 });
    const res = await http.delete(
      `/api/activities/bookings/${owner.bookingId}/?source=my-account`,
      owner.headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      data: { id: owner.bookingId, status: 'cancelled', name: 'Free Taster' },
      credit: { amount: 0, message: myBookingsMessages.notEligibleForCredit },
    });
    expect(await creditRows(owner.user.id)).toEqual([]);
    const benefit = await customerWithBooking(f.freeSession.id, {
      activity: f.free,
      amount: 500,
      benefit: true,
    });
    const viaBenefit = await http.delete(`/api/activities/bookings/${benefit.bookingId}/`, benefit.headers);
    expect(viaBenefit.json().credit.amount).toBe(0);
    expect((await http.delete('/api/activities/bookings/999999/', owner.headers)).statusCode).toBe(404);
    expect(
      (await http.delete(`/api/activities/bookings/${benefit.bookingId}/`, owner.headers)).statusCode,
    ).toBe(404);
  });

  it('a cancellation offers the freed place to the first person waiting', async () => {
    const full = await createOccurrence(t.db, {
      activity: f.yoga,
      venue: f.venue,
      location: f.studio,
      startsAt: zonedTimeToUtc(f.tomorrow, '07:00', london),
      capacity: 1,
      firstBookableAt: new Date(Date.now() - 3600_000),
    });
    const owner = await customerWithBooking(full.id, { activity: f.yoga, amount: 750 });
    const waiting = await createUser(t.db, f.clientId);
    const join = await http.post('/api/activities/waitlist', waiting.headers, { occurrence_id: full.id });
    expect(join.statusCode, join.body).toBe(201);

    const list = await http.get('/api/my-account/waitlist', waiting.headers);
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([
      expect.objectContaining({
        id: join.json().data.id,
        status: 'waiting',
        position: 1,
        date_raw: f.tomorrow,
        waitlistable: expect.objectContaining({
          id: full.id,
          name: 'Fitness Classes C',
          starts_at: '07:00',
          venue_name: 'Cart Venue',
          location: { name: 'Studio 1' },
        }),
        order: null,
      }),
    ]);

    expect((await patch(owner.headers, [owner.bookingId])).statusCode).toBe(200);
    const [entry] = await t.db
      .select()
      .from(waitlistEntries)
      .where(eq(waitlistEntries.id, join.json().data.id));
    expect(entry?.status).toBe('offered');
    const row = await findOccurrenceRow(t.db, full.id);
    expect({ booked: row?.bookedCount, held: row?.heldCount }).toEqual({ booked: 0, held: 1 });
  });

  it('leaves a waitlist (200, then gone); someone else or an unknown entry is 404', async () => {
    const full = await createOccurrence(t.db, {
      activity: f.yoga,
      venue: f.venue,
      location: f.studio,
      startsAt: zonedTimeToUtc(f.tomorrow, '08:00', london),
      capacity: 1,
      firstBookableAt: new Date(Date.now() - 3600_000),
    });
    await customerWithBooking(full.id, { activity: f.yoga, amount: 750 });
    const waiting = await createUser(t.db, f.clientId);
    const join = await http.post('/api/activities/waitlist', waiting.headers, { occurrence_id: full.id });
    const id = join.json().data.id as number;
    const stranger = await createUser(t.db, f.clientId);
    expect((await http.delete(`/api/my-account/waitlist/${id}`, stranger.headers)).statusCode).toBe(404);
    expect((await http.delete('/api/my-account/waitlist/999999', waiting.headers)).statusCode).toBe(404);
    const left = await http.delete(`/api/my-account/waitlist/${id}`, waiting.headers);
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json().data).toEqual({ id, status: 'cancelled' });
    expect((await http.get('/api/my-account/waitlist', waiting.headers)).json().data).toEqual([]);
    const [entry] = await t.db
      .select()
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.id, id), eq(waitlistEntries.status, 'cancelled')));
    expect(entry).toBeDefined();
  });

  it('course booking: details, cancel every session before its cut-off once, 404 for others', async () => {
    const user = await createUser(t.db, f.clientId);
    const [order] = await recordOrders(t.db, f.clientId, [
      {
        userId: user.user.id,
        createdAt: new Date(),
        lines: [
          {
            activityId: f.course.id,
            venueId: f.venue.id,
            pricingOptionId: null,
            bundleId: f.bundleId,
            occurrenceIds: f.courseSessionIds,
            amount: 4800,
          },
        ],
      },
    ]);
    const bundleId = order?.lines[0]?.orderItemId as number;
    const url = `/api/v1/activities/bookings/bundles/${bundleId}?cancellation_source=my-account`;
    const res = await http.get(url, user.headers);
    expect(res.statusCode, res.body).toBe(200);
    const bundle = res.json().data;
    expect(bundle).toMatchObject({
      id: bundleId,
      name: 'Adult Swimming Course (Tuesdays 7pm)',
      status: 'booked',
      category: { name: 'Sports' },
      venue: { name: 'Cart Venue' },
      schedule_id: f.bundleId,
      total_price: { value: 4800, formatted: '£48.00', currency: 'GBP' },
      cancellation: { can_cancel: true, credit: { amount: 4800, formatted: '£48.00' } },
    });
    expect(bundle.bookings).toHaveLength(3);
    expect(bundle.bookings[0]).toMatchObject({
      status: 'booked',
      location_name: 'Main Pool',
      venue: { name: 'Cart Venue' },
    });
    expect(typeof bundle.bookings[0].spots).toBe('number');

    const stranger = await createUser(t.db, f.clientId);
    expect((await http.get(url, stranger.headers)).statusCode).toBe(404);
    expect((await http.get('/api/v1/activities/bookings/bundles/999999', user.headers)).statusCode).toBe(404);
    const cancelUrl = `/api/v1/activities/bookings/bundles/${bundleId}/cancel?cancellation_source=my-account`;
    const strangerCancel = await t.app.inject({ method: 'PATCH', url: cancelUrl, headers: stranger.headers });
    expect(strangerCancel.statusCode).toBe(404);

    const before = await Promise.all(f.courseSessionIds.map(booked));
    const cancel = await t.app.inject({ method: 'PATCH', url: cancelUrl, headers: user.headers });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toMatchObject({
      data: { status: 'cancelled', cancellation: { can_cancel: false } },
      credit: { amount: 4800, formatted: '£48.00' },
    });
    expect(await Promise.all(f.courseSessionIds.map(booked))).toEqual(before.map((n) => (n ?? 0) - 1));
    expect(await creditRows(user.user.id)).toEqual([expect.objectContaining({ amount: 4800 })]);
    const again = await t.app.inject({ method: 'PATCH', url: cancelUrl, headers: user.headers });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(myBookingsMessages.bundleCancelled);
    expect(await creditRows(user.user.id)).toHaveLength(1);
  });

  it('a course whose next session is inside the cut-off: the later sessions are cancelled, that one stays', async () => {
    const { bundle, sessionIds } = await createCourse(t.db, {
      activity: strict,
      venue: f.venue,
      location: f.studio,
      name: 'Strict Course',
      firstDate: f.tomorrow,
      startTime: '05:00',
      sessionsCount: 2,
      capacity: 4,
    });
    // The first session starts in two hours: inside the activity's 24-hour cut-off.
    const soon = new Date(Date.now() + 2 * 3600_000);
    await t.db
      .update(occurrences)
      .set({ startsAt: soon, endsAt: new Date(soon.getTime() + 3600_000) })
      .where(eq(occurrences.id, sessionIds[0] as number));
    const user = await createUser(t.db, f.clientId);
    const [order] = await recordOrders(t.db, f.clientId, [
      {
        userId: user.user.id,
        createdAt: new Date(),
        lines: [
          {
            activityId: strict.id,
            venueId: f.venue.id,
            pricingOptionId: null,
            bundleId: bundle.id,
            occurrenceIds: sessionIds,
            amount: 1801,
          },
        ],
      },
    ]);
    const id = order?.lines[0]?.orderItemId as number;
    const before = await http.get(`/api/v1/activities/bookings/bundles/${id}`, user.headers);
    // The odd penny goes to the first session: the second is worth 900.
    expect(before.json().data.cancellation).toMatchObject({ can_cancel: true, credit: { amount: 900 } });
    const url = `/api/v1/activities/bookings/bundles/${id}/cancel?cancellation_source=my-account`;
    const cancel = await t.app.inject({ method: 'PATCH', url, headers: user.headers });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toMatchObject({
      data: { status: 'partially_cancelled', cancellation: { can_cancel: false } },
      credit: { amount: 900 },
    });
    expect(cancel.json().data.bookings.map((b: { status: string }) => b.status)).toEqual([
      'booked',
      'cancelled',
    ]);
    const again = await t.app.inject({ method: 'PATCH', url, headers: user.headers });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(myBookingsMessages.bundleClosed);
    expect(await creditRows(user.user.id)).toEqual([expect.objectContaining({ amount: 900 })]);
  });
});
