import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, memberships, waitlistEntries } from '../../db/schema';
import { localDateOf } from '../../lib/dates';
import { recordOrders } from '../../seed/booking-history';
import { api, createFixture, createUser, type Fixture } from '../../test/factories/basket-fixtures';
import { createManagementTypes, membershipOfKind } from '../../test/factories/membership-fixtures';
import { startTestApp, type TestApp } from '../../test/harness';

/**
 * The one access rule (session/access.ts) in the modules that used to decide alone: a thing recorded
 * at another operator is nobody's at this deployment, whoever's user id it carries, for its customer
 * and for staff acting for them. (Such a row should never exist; the rule does not rely on that.)
 */
describe('the access rule: things of another operator answer 404', () => {
  let t: TestApp;
  let a: Fixture;
  let b: Fixture;
  let http: ReturnType<typeof api>;
  const today = localDateOf(new Date(), 'Europe/London');

  beforeAll(async () => {
    t = await startTestApp({ CLIENT_SLUG: 'operator-a' });
    a = await createFixture(t.db, 'operator-a');
    b = await createFixture(t.db, 'operator-b');
    http = api(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("cancelling a membership recorded at another operator is refused and changes nothing; the customer's own cancels", async () => {
    const customer = await createUser(t.db, a.clientId);
    const place = async (f: Fixture) => ({
      db: t.db,
      clientId: f.clientId,
      venueId: f.venue.id,
      types: await createManagementTypes(t.db, f.clientId, f.venue.id),
      today,
    });
    const elsewhere = await membershipOfKind(await place(b), customer.user.id, 'annual');
    const own = await membershipOfKind(await place(a), customer.user.id, 'annual');

    expect((await http.get(`/api/memberships/${elsewhere.id}/cancel`, customer.headers)).statusCode).toBe(
      404,
    );
    const refused = await http.post(`/api/memberships/${elsewhere.id}/cancel`, customer.headers, {});
    expect(refused.statusCode, refused.body).toBe(404);
    const [after] = await t.db.select().from(memberships).where(eq(memberships.id, elsewhere.id));
    expect(after).toMatchObject({ status: 'active', cancellationState: null, cancellationRequestedAt: null });

    const cancelled = await http.post(`/api/memberships/${own.id}/cancel`, customer.headers, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.state).toBe('cancelled');
  });

  it("leaving a waitlist of another operator's session is refused, for the customer and for staff acting for them", async () => {
    const customer = await createUser(t.db, a.clientId);
    const staff = await createUser(t.db, a.clientId, { staff: true });
    const enter = async (occurrenceId: number) => {
      const [entry] = await t.db
        .insert(waitlistEntries)
        .values({ occurrenceId, userId: customer.user.id })
        .returning();
      if (!entry) throw new Error('no waitlist entry');
      return entry;
    };
    const statusOf = async (id: number) =>
      (await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, id)))[0]?.status;
    const elsewhere = await enter(b.yogaSession.id);
    const own = await enter(a.yogaSession.id);

    const asCustomer = await http.delete(`/api/activities/waitlist/${elsewhere.id}`, customer.headers);
    expect(asCustomer.statusCode, asCustomer.body).toBe(404);
    const asStaff = await http.delete(
      `/api/activities/waitlist/${elsewhere.id}?selected_user_id=${customer.user.id}`,
      staff.headers,
    );
    expect(asStaff.statusCode, asStaff.body).toBe(404);
    expect(await statusOf(elsewhere.id)).toBe('waiting');

    const left = await http.delete(
      `/api/activities/waitlist/${own.id}?selected_user_id=${customer.user.id}`,
      staff.headers,
    );
    expect(left.statusCode, left.body).toBe(200);
    expect(await statusOf(own.id)).toBe('cancelled');
  });
  it('cancelling bookings and courses recorded at another operator is refused and changes nothing', async () => {
    const customer = await createUser(t.db, a.clientId);
    const [order] = await recordOrders(t.db, b.clientId, [
      {
        userId: customer.user.id,
        createdAt: new Date(),
        lines: [
          {
            activityId: b.badminton.id,
            venueId: b.venue.id,
            pricingOptionId: null,
            occurrenceIds: [b.courtSessions[0]?.id as number],
            amount: 592,
          },
          {
            activityId: b.course.id,
            venueId: b.venue.id,
            pricingOptionId: null,
            bundleId: b.bundleId,
            occurrenceIds: b.courseSessionIds,
            amount: 4800,
          },
        ],
      },
    ]);
    const bookingId = order?.lines[0]?.bookingIds[0] as number;
    const bundleId = order?.lines[1]?.orderItemId as number;
    const tries = [
      await http.delete(`/api/activities/bookings/${bookingId}/?source=my-account`, customer.headers),
      await t.app.inject({
        method: 'PATCH',
        url: '/api/v1/activities/bookings',
        headers: customer.headers,
        payload: {
          data: { cancellation_source: 'my-account', update_type: 'cancellation', booking_ids: [bookingId] },
        },
      }),
      await http.get(
        `/api/v1/activities/bookings/bundles/${bundleId}?cancellation_source=my-account`,
        customer.headers,
      ),
      await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/activities/bookings/bundles/${bundleId}/cancel?cancellation_source=my-account`,
        headers: customer.headers,
      }),
    ];
    expect(tries.map((response) => response.statusCode)).toEqual([404, 404, 404, 404]);
    const rows = await t.db.select().from(bookings).where(eq(bookings.userId, customer.user.id));
    expect(rows).toHaveLength(1 + b.courseSessionIds.length);
    expect(rows.every((row) => row.status === 'booked')).toBe(true);
  });
});
