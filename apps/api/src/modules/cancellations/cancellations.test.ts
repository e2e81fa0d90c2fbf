import { membershipManagementMessages as messages } from '@leisure/contract/my-memberships';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directDebitCollections, directDebitSchedules, memberships, penalties } from '../../db/schema';
import { runMembershipJobs } from '../../jobs';
import { addDays, fullDate, localDateOf } from '../../lib/dates';
import {
  api,
  billing,
  cardToken,
  createFixture,
  createUser,
  type Fixture,
} from '../../test/factories/basket-fixtures';
import { detailsTokenFor } from '../../test/factories/direct-debit-fixtures';
import {
  createManagementTypes,
  insertPenalty,
  membershipOfKind,
} from '../../test/factories/membership-fixtures';
import { startTestApp, type TestApp } from '../../test/harness';
import { collectDuePayments } from '../direct-debit/collections.service';
import { createMandate } from '../direct-debit/direct-debit.service';
import { cancellationDates } from './cancellation-dates';
import { completePaidUpCancellations, endCancelledMemberships } from './cancellations.service';

describe('cancellations: cancel info, cancel, the jobs', () => {
  let t: TestApp;
  let f: Fixture;
  let http: ReturnType<typeof api>;
  let types: Awaited<ReturnType<typeof createManagementTypes>>;
  const today = localDateOf(new Date(), 'Europe/London');

  const member = () => createUser(t.db, f.clientId);
  const membershipOf = (
    userId: number,
    kind: 'monthly' | 'annual' | 'student' | 'corporate',
    extra: Partial<typeof memberships.$inferInsert> = {},
  ) =>
    membershipOfKind(
      { db: t.db, clientId: f.clientId, venueId: f.venue.id, types, today },
      userId,
      kind,
      extra,
    );
  const list = async (headers: Record<string, string>) => {
    const res = await http.get('/api/my-account/user/memberships', headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Record<string, unknown>[];
  };
  beforeAll(async () => {
    t = await startTestApp();
    f = await createFixture(t.db);
    http = api(t.app);
    types = await createManagementTypes(t.db, f.clientId, f.venue.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('cancel info: 404 for another member, notice dates for monthly, none for fixed, refusal message', async () => {
    const { user, headers } = await member();
    const monthly = await membershipOf(user.id, 'monthly');
    const corporate = await membershipOf(user.id, 'corporate');
    const other = await member();
    const annual = await membershipOf(other.user.id, 'annual');
    expect((await http.get(`/api/memberships/${monthly.id}/cancel`, other.headers)).statusCode).toBe(404);
    expect((await http.get(`/api/memberships/${monthly.id}/cancel`, {})).statusCode).toBe(401);
    expect((await http.get('/api/memberships/999999/cancel', headers)).statusCode).toBe(404);
    expect((await http.get('/api/memberships/abc/cancel', headers)).statusCode).toBe(422);

    const info = await http.get(`/api/memberships/${monthly.id}/cancel`, headers);
    expect(info.statusCode, info.body).toBe(200);
    const expected = cancellationDates({
      today,
      noticeDays: 30,
      billingDay: 1,
      startDate: monthly.startDate,
      firstBillingDate: monthly.firstBillingDate,
    });
    expect(info.json().data).toEqual({
      membership_id: monthly.id,
      allow_online_membership_cancellation: true,
      membership_cancellation_refusal_message: null,
      outstanding_penalties_due: [],
      has_outstanding_penalties_due: false,
      total_owed: { amount: 0, formatted: '£0.00' },
      payment_type: 'recurring',
      recurring: {
        cancellation_notice_period: 30,
        earliest_final_payment_date: {
          raw: expected.finalPaymentDate,
          full_date: fullDate(expected.finalPaymentDate),
        },
        earliest_final_day_of_membership: { raw: expected.finalDay, full_date: fullDate(expected.finalDay) },
        cancellation_notice_required: true,
      },
    });
    // The final day is at least the notice period away and the day before a billing day (the 1st).
    expect(expected.finalDay >= addDays(today, 29)).toBe(true);
    expect(addDays(expected.finalDay, 1).endsWith('-01')).toBe(true);

    const fixed = (await http.get(`/api/memberships/${annual.id}/cancel`, other.headers)).json().data;
    expect(fixed).toMatchObject({ payment_type: 'fixed', recurring: null });
    const refused = (await http.get(`/api/memberships/${corporate.id}/cancel`, headers)).json().data;
    expect(refused).toMatchObject({
      allow_online_membership_cancellation: false,
      membership_cancellation_refusal_message: 'Corporate memberships are cancelled through your employer.',
    });
  });

  it('cancels a fixed membership at once; a second cancel is refused', async () => {
    const { user, headers } = await member();
    const annual = await membershipOf(user.id, 'annual');
    expect(
      (await http.post(`/api/memberships/${annual.id}/cancel`, (await member()).headers, {})).statusCode,
    ).toBe(404);
    const res = await http.post(`/api/memberships/${annual.id}/cancel`, headers, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      state: 'cancelled',
      checkout_required: false,
      final_day: { raw: today },
      membership: {
        id: annual.id,
        status: 'cancelled',
        cancellable: false,
        cancellation: { state: 'cancelled' },
      },
    });
    const again = await http.post(`/api/memberships/${annual.id}/cancel`, headers, {});
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({
      message: messages.alreadyCancelled,
      errors: { membership: [messages.alreadyCancelled] },
    });
  });

  it('refuses online cancellation with the refusal message and changes nothing', async () => {
    const { user, headers } = await member();
    const corporate = await membershipOf(user.id, 'corporate');
    const res = await http.post(`/api/memberships/${corporate.id}/cancel`, headers, {});
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.membership).toEqual([
      'Corporate memberships are cancelled through your employer.',
    ]);
    const [row] = await t.db.select().from(memberships).where(eq(memberships.id, corporate.id));
    expect(row).toMatchObject({ status: 'active', cancellationState: null, finalDay: null });
  });

  it('schedules a monthly cancellation with notice and takes no collection after the final payment date', async () => {
    const { user, headers } = await member();
    // A monthly membership whose direct debit runs from next month's billing day.
    const firstCharge = `${addDays(today, 40).slice(0, 8)}01`;
    const monthly = await membershipOf(user.id, 'monthly', { firstBillingDate: firstCharge });
    const { scheduleId } = await createMandate({
      db: t.db,
      config: t.config,
      provider: t.app.directDebitProvider,
      userId: user.id,
      membershipId: monthly.id,
      detailsToken: await detailsTokenFor(t.app, headers),
      collections: { amount: 3000, currency: 'GBP', billingDay: 1, firstBillingDate: firstCharge },
    });
    const expected = cancellationDates({
      today,
      noticeDays: 30,
      billingDay: 1,
      startDate: monthly.startDate,
      firstBillingDate: firstCharge,
    });
    const res = await http.post(`/api/memberships/${monthly.id}/cancel`, headers, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      state: 'scheduled',
      final_payment_date: { raw: expected.finalPaymentDate },
      final_day: { raw: expected.finalDay },
      membership: {
        status: 'active',
        expires_at: { raw: expected.finalDay },
        cancellation: { state: 'scheduled', final_day: { raw: expected.finalDay } },
        cancellable: false,
      },
    });
    const [schedule] = await t.db
      .select()
      .from(directDebitSchedules)
      .where(eq(directDebitSchedules.id, scheduleId));
    expect(schedule?.lastChargeDate).toBe(expected.finalPaymentDate);
    // Collect every month up to a year on: nothing is scheduled or taken after the final payment date.
    for (let month = 0; month < 12; month++) {
      await collectDuePayments(
        t,
        t.app.directDebitProvider,
        new Date(Date.parse(`${firstCharge}T08:00:00Z`) + month * 31 * 86_400_000),
      );
    }
    const collections = await t.db
      .select()
      .from(directDebitCollections)
      .where(eq(directDebitCollections.scheduleId, scheduleId));
    const taken = collections.filter((row) => row.status !== 'cancelled');
    expect(taken.every((row) => row.chargeDate <= expected.finalPaymentDate)).toBe(true);
    const again = await http.post(`/api/memberships/${monthly.id}/cancel`, headers, {});
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.membership).toEqual([messages.cancellationScheduled]);

    // The job ends it after its final day, not before.
    expect(await endCancelledMemberships(t, new Date(`${expected.finalDay}T12:00:00Z`))).toBe(0);
    expect(await endCancelledMemberships(t, new Date(`${addDays(expected.finalDay, 1)}T12:00:00Z`))).toBe(1);
    const [ended] = await t.db.select().from(memberships).where(eq(memberships.id, monthly.id));
    expect(ended).toMatchObject({ status: 'cancelled', cancellationState: 'cancelled' });
    const [stopped] = await t.db
      .select()
      .from(directDebitSchedules)
      .where(eq(directDebitSchedules.id, scheduleId));
    expect(stopped?.status).toBe('cancelled');
  });

  it('with debts: the fees go into the basket, and paying them at checkout completes the cancellation', async () => {
    const { user, headers } = await member();
    const monthly = await membershipOf(user.id, 'monthly');
    const first = await insertPenalty(t.db, {
      clientId: f.clientId,
      userId: user.id,
      venueId: f.venue.id,
      amount: 500,
    });
    await insertPenalty(t.db, {
      clientId: f.clientId,
      userId: user.id,
      venueId: f.venue.id,
      amount: 750,
      description: 'Yoga',
    });

    const info = (await http.get(`/api/memberships/${monthly.id}/cancel`, headers)).json().data;
    expect(info).toMatchObject({
      has_outstanding_penalties_due: true,
      total_owed: { amount: 1250, formatted: '£12.50' },
      outstanding_penalties_due: [
        {
          id: first.id,
          type: 'Late cancellation fee',
          fee_amount: { amount: 500, formatted: '£5.00' },
          venue: 'Cart Venue',
          session: 'Spin class',
        },
        { type: 'Late cancellation fee', fee_amount: { amount: 750 }, session: 'Yoga' },
      ],
    });

    const res = await http.post(`/api/memberships/${monthly.id}/cancel`, headers, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      state: 'awaiting_payment',
      checkout_required: true,
      membership: { status: 'active', cancellation: { state: 'awaiting_payment' }, cancellable: true },
    });
    // Asking again adds nothing twice.
    expect((await http.post(`/api/memberships/${monthly.id}/cancel`, headers, {})).statusCode).toBe(200);
    const basket = (await http.get('/api/activities/cart', headers)).json().data;
    expect(basket.items.map((item: { cartable_type: string }) => item.cartable_type)).toEqual([
      'penalty',
      'penalty',
    ]);

    // Unpaid: the job leaves it waiting.
    expect(await completePaidUpCancellations(t.db, new Date())).toBe(0);
    const token = await cardToken(t.app);
    const paid = await http.post('/api/checkout/complete', headers, {
      item_hash: basket.item_hash,
      terms: [f.termId],
      completed_waivers: [],
      payments: [{ tender_type: 'card', amount: 1250, info: null }],
      card: { token, save_card: false, billing },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const rows = await t.db.select().from(penalties).where(eq(penalties.userId, user.id));
    expect(rows.every((row) => row.status === 'paid')).toBe(true);

    // The next read carries the cancellation out, dated from the request.
    const [listed] = await list(headers);
    expect(listed).toMatchObject({ id: monthly.id, cancellation: { state: 'scheduled' } });
    const [row] = await t.db.select().from(memberships).where(eq(memberships.id, monthly.id));
    const expected = cancellationDates({
      today,
      noticeDays: 30,
      billingDay: 1,
      startDate: monthly.startDate,
      firstBillingDate: monthly.firstBillingDate,
    });
    expect(row).toMatchObject({ cancellationState: 'scheduled', finalDay: expected.finalDay });
  });

  it('the job completes a paid-up cancellation of a fixed membership', async () => {
    const { user, headers } = await member();
    const annual = await membershipOf(user.id, 'annual');
    const penalty = await insertPenalty(t.db, {
      clientId: f.clientId,
      userId: user.id,
      venueId: f.venue.id,
      amount: 300,
    });
    expect((await http.post(`/api/memberships/${annual.id}/cancel`, headers, {})).json().data.state).toBe(
      'awaiting_payment',
    );
    await t.db.update(penalties).set({ status: 'waived' }).where(eq(penalties.id, penalty.id));
    const run = await runMembershipJobs(t.db, t.config, new Date());
    expect(run.completed).toBeGreaterThanOrEqual(1);
    const [row] = await t.db.select().from(memberships).where(eq(memberships.id, annual.id));
    expect(row).toMatchObject({ status: 'cancelled', cancellationState: 'cancelled' });
  });
});
