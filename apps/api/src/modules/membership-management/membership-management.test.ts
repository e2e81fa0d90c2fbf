import { membershipManagementMessages as messages } from '@leisure/contract/membership-management';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  directDebitCollections,
  directDebitSchedules,
  eligibilityDocuments,
  memberships,
  penalties,
  uploads,
} from '../../db/schema';
import { addDays, localDateOf } from '../../lib/dates';
import {
  api,
  billing,
  cardToken,
  createFixture,
  createUser,
  type Fixture,
} from '../../test/factories/basket-fixtures';
import {
  createManagementTypes,
  htmlBytes,
  insertMembership,
  insertPenalty,
  multipartBody,
  pdfBytes,
  pngBytes,
} from '../../test/factories/membership-management-fixtures';
import { startTestApp, type TestApp } from '../../test/harness';
import { collectDuePayments } from '../direct-debit/collections.service';
import { createMandate } from '../direct-debit/direct-debit.service';
import { detailsTokenFor } from '../direct-debit/direct-debit-test-fixtures';
import { cancellationDates, fullDate } from './cancellation-dates';
import {
  completePaidUpCancellations,
  endCancelledMemberships,
  runMembershipJobs,
  suspendOverdueDocumentMemberships,
} from './membership-management.service';

describe('membership management: list, cancel, eligibility documents', () => {
  let t: TestApp;
  let f: Fixture;
  let http: ReturnType<typeof api>;
  let types: Awaited<ReturnType<typeof createManagementTypes>>;
  let staff: Awaited<ReturnType<typeof createUser>>;
  const today = localDateOf(new Date(), 'Europe/London');

  const member = () => createUser(t.db, f.clientId);
  const membershipOf = (
    userId: number,
    kind: 'monthly' | 'annual' | 'student' | 'corporate',
    extra: Partial<typeof memberships.$inferInsert> = {},
  ) => {
    const pick = {
      monthly: [types.gym.id, types.gymMonthly.id],
      annual: [types.gym.id, types.gymAnnual.id],
      student: [types.student.id, types.studentMonthly.id],
      corporate: [types.corporate.id, types.corporateMonthly.id],
    }[kind] as [number, number];
    const recurring = kind !== 'annual';
    return insertMembership(t.db, {
      clientId: f.clientId,
      userId,
      typeId: pick[0],
      optionId: pick[1],
      venueId: f.venue.id,
      startDate: addDays(today, -200),
      billingDay: recurring ? 1 : null,
      firstBillingDate: recurring ? addDays(today, -170) : null,
      endDate: recurring ? null : addDays(today, 165),
      activatedAt: new Date(`${extra.startDate ?? addDays(today, -200)}T09:00:00Z`),
      ...extra,
    });
  };
  const list = async (headers: Record<string, string>) => {
    const res = await http.get('/api/my-account/user/memberships', headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Record<string, unknown>[];
  };
  const upload = (
    headers: Record<string, string>,
    fields: Record<string, string | number>,
    file?: { name: string; type: string; bytes: Buffer },
  ) => {
    const body = multipartBody(fields, file);
    return t.app.inject({
      method: 'POST',
      url: '/api/my-account/eligibility/document',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };

  beforeAll(async () => {
    t = await startTestApp();
    f = await createFixture(t.db);
    http = api(t.app);
    types = await createManagementTypes(t.db, f.clientId, f.venue.id);
    staff = await createUser(t.db, f.clientId, { staff: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists memberships pending, active, frozen, then others; 401 without a session', async () => {
    expect((await http.get('/api/my-account/user/memberships', {})).statusCode).toBe(401);
    const { user, headers } = await member();
    expect(await list(headers)).toEqual([]);
    const cancelled = await membershipOf(user.id, 'annual', { status: 'cancelled' });
    const frozen = await membershipOf(user.id, 'corporate', { status: 'frozen' });
    const active = await membershipOf(user.id, 'monthly');
    const pending = await membershipOf(user.id, 'student', { status: 'pending', activatedAt: null });
    const rows = await list(headers);
    expect(rows.map((row) => [row.id, row.status])).toEqual([
      [pending.id, 'pending'],
      [active.id, 'active'],
      [frozen.id, 'frozen'],
      [cancelled.id, 'cancelled'],
    ]);
    expect(rows[1]).toMatchObject({
      reference: `MEM-${String(active.id).padStart(6, '0')}`,
      membership_type: {
        id: types.gym.id,
        name: 'Anytime Gym',
        coverage: 'Leeds',
        eligibility_criterion: null,
      },
      home_venue: { id: f.venue.id, name: 'Cart Venue' },
      start_date: { raw: addDays(today, -200), full_date: fullDate(addDays(today, -200)) },
      benefits: [
        {
          name: 'Guest passes',
          remaining_uses: 2,
          renews_at: expect.objectContaining({ raw: expect.any(String) }),
        },
      ],
      price: { raw: 3000, formatted: '£30.00' },
      management_enabled: true,
      cancellable: true,
      cancellation: null,
      slug: 'mm-gym',
      payment_type: 'recurring',
      document: null,
      document_upload_required: false,
    });
    // The pending student membership names its criterion and document types; pending asks for no upload yet.
    expect(rows[0]).toMatchObject({
      membership_type: {
        eligibility_criterion: {
          id: types.student.id,
          name: 'Student',
          document_types: [
            { id: expect.any(Number), name: 'Student ID card' },
            { id: expect.any(Number), name: 'NUS card' },
          ],
        },
      },
      document_upload_required: false,
      cancellable: false,
    });
    // Another member sees none of them.
    expect(await list((await member()).headers)).toEqual([]);
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
        t.db,
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
    expect(await endCancelledMemberships(t.db, new Date(`${expected.finalDay}T12:00:00Z`))).toBe(0);
    expect(await endCancelledMemberships(t.db, new Date(`${addDays(expected.finalDay, 1)}T12:00:00Z`))).toBe(
      1,
    );
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

  it('uploads a document by content; bad input is a 422 and stores nothing', async () => {
    const { user, headers } = await member();
    const student = await membershipOf(user.id, 'student', { startDate: addDays(today, -3) });
    const [listed] = await list(headers);
    const criterion = (
      listed as {
        membership_type: { eligibility_criterion: { id: number; document_types: { id: number }[] } };
      }
    ).membership_type.eligibility_criterion;
    expect(listed).toMatchObject({
      document_upload_required: true,
      document_due_date: { raw: addDays(today, 11) },
    });
    const typeId = criterion.document_types[0]?.id ?? 0;
    const fields = {
      eligibility_document_type_id: typeId,
      membership_id: student.id,
      eligibility_criterion_id: criterion.id,
    };

    expect(
      (await upload({}, fields, { name: 'card.png', type: 'image/png', bytes: pngBytes })).statusCode,
    ).toBe(401);
    const other = await member();
    expect(
      (await upload(other.headers, fields, { name: 'card.png', type: 'image/png', bytes: pngBytes }))
        .statusCode,
    ).toBe(404);
    const html = await upload(headers, fields, {
      name: 'card.pdf',
      type: 'application/pdf',
      bytes: htmlBytes,
    });
    expect(html.statusCode).toBe(422);
    expect(html.json().errors.document).toEqual(['The file must be one of: JPEG, PNG, PDF.']);
    const noType = await upload(
      headers,
      { ...fields, eligibility_document_type_id: '' },
      { name: 'a.pdf', type: 'application/pdf', bytes: pdfBytes },
    );
    expect(noType.statusCode).toBe(422);
    expect(noType.json().errors).toEqual({ eligibility_document_type_id: [messages.documentTypeRequired] });
    const wrongType = await upload(
      headers,
      { ...fields, eligibility_document_type_id: 999999 },
      { name: 'a.pdf', type: 'application/pdf', bytes: pdfBytes },
    );
    expect(wrongType.json().errors).toEqual({ eligibility_document_type_id: [messages.documentTypeInvalid] });
    const noFile = await upload(headers, fields);
    expect(noFile.json().errors).toEqual({ document: [messages.documentRequired] });
    const wrongCriterion = await upload(
      headers,
      { ...fields, eligibility_criterion_id: types.gym.id },
      { name: 'a.pdf', type: 'application/pdf', bytes: pdfBytes },
    );
    expect(wrongCriterion.json().errors).toEqual({ eligibility_criterion_id: [messages.criterionMismatch] });
    const gym = await membershipOf(user.id, 'annual');
    const notNeeded = await upload(
      headers,
      { ...fields, membership_id: gym.id },
      { name: 'a.pdf', type: 'application/pdf', bytes: pdfBytes },
    );
    expect(notNeeded.json().errors).toEqual({ membership_id: [messages.documentNotNeeded] });
    const badId = await upload(
      headers,
      { ...fields, membership_id: 'x' },
      { name: 'a.pdf', type: 'application/pdf', bytes: pdfBytes },
    );
    expect(badId.statusCode).toBe(422);
    expect(await t.db.select().from(uploads).where(eq(uploads.userId, user.id))).toEqual([]);

    const res = await upload(headers, fields, {
      name: 'student card.pdf',
      type: 'application/pdf',
      bytes: pdfBytes,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      status: 'pending',
      rejection_reason: null,
      type: { id: typeId, name: 'Student ID card' },
      upload_id: expect.any(Number),
    });
    const [stored] = await t.db.select().from(uploads).where(eq(uploads.userId, user.id));
    expect(stored).toMatchObject({ kind: 'eligibility_document', contentType: 'application/pdf' });
    expect(stored?.storedName).not.toContain('student');
    const after = (await list(headers)).find((row) => row.id === student.id);
    expect(after).toMatchObject({ document: { status: 'pending' }, document_upload_required: false });
  });

  it('staff approve and reject; customers get 403; the member sees the rejection reason', async () => {
    const { user, headers } = await member();
    const student = await membershipOf(user.id, 'student');
    const [listed] = await list(headers);
    const criterion = (
      listed as {
        membership_type: { eligibility_criterion: { id: number; document_types: { id: number }[] } };
      }
    ).membership_type.eligibility_criterion;
    const send = async () => {
      const res = await upload(
        headers,
        {
          eligibility_document_type_id: criterion.document_types[1]?.id ?? 0,
          membership_id: student.id,
          eligibility_criterion_id: criterion.id,
        },
        { name: 'nus.png', type: 'image/png', bytes: pngBytes },
      );
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.id as number;
    };
    const first = await send();
    const queue = await http.get('/api/staff/eligibility-documents', staff.headers);
    expect(queue.statusCode, queue.body).toBe(200);
    expect(queue.json().data).toContainEqual(
      expect.objectContaining({
        id: first,
        status: 'pending',
        membership_id: student.id,
        membership_type: 'Student Gym',
        customer: expect.objectContaining({ id: user.id }),
      }),
    );
    expect((await http.get('/api/staff/eligibility-documents', headers)).statusCode).toBe(403);
    expect((await http.get('/api/staff/eligibility-documents?status=lost', staff.headers)).statusCode).toBe(
      422,
    );
    expect(
      (await http.post(`/api/staff/eligibility-documents/${first}/reject`, headers, { reason: 'x' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await http.post(`/api/staff/eligibility-documents/${first}/reject`, {}, { reason: 'x' })).statusCode,
    ).toBe(401);
    expect(
      (await http.post('/api/staff/eligibility-documents/999999/reject', staff.headers, { reason: 'x' }))
        .statusCode,
    ).toBe(404);
    const noReason = await http.post(`/api/staff/eligibility-documents/${first}/reject`, staff.headers, {
      reason: '  ',
    });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors).toEqual({ reason: [messages.reasonRequired] });

    const rejected = await http.post(`/api/staff/eligibility-documents/${first}/reject`, staff.headers, {
      reason: 'The card has expired',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().data).toMatchObject({
      status: 'rejected',
      rejection_reason: 'The card has expired',
      membership_id: student.id,
    });
    const twice = await http.post(`/api/staff/eligibility-documents/${first}/approve`, staff.headers, {});
    expect(twice.statusCode).toBe(422);
    const [seen] = await list(headers);
    expect(seen).toMatchObject({
      document: { status: 'rejected', rejection_reason: 'The card has expired', type: { name: 'NUS card' } },
      document_upload_required: true,
    });
    expect((await http.get('/api/auth/user', headers)).json().data.membership_document_upload_required).toBe(
      true,
    );

    const second = await send();
    const approved = await http.post(`/api/staff/eligibility-documents/${second}/approve`, staff.headers, {
      expires_on: addDays(today, 20),
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({
      status: 'approved',
      document_expiry: { document_expiring_soon: true, expired: false },
    });
    const authUser = (await http.get('/api/auth/user', headers)).json().data;
    expect(authUser.document_expiry).toEqual([
      { membership_id: student.id, expired: false, document_expiring_soon: true, days_to_expiry: 20 },
    ]);
    const [docs] = await t.db.select().from(eligibilityDocuments).where(eq(eligibilityDocuments.id, second));
    expect(docs?.reviewedByUserId).toBe(staff.user.id);
  });

  it('a paid membership waiting for its proof asks for it, can be cancelled, and starts on approval', async () => {
    const { user, headers } = await member();
    // Checkout leaves it pending until a document is approved (docs/decisions/010).
    const waiting = await membershipOf(user.id, 'student', {
      status: 'pending',
      requiresDocument: true,
      startDate: addDays(today, -2),
    });
    const [listed] = await list(headers);
    expect(listed).toMatchObject({ status: 'pending', document_upload_required: true, cancellable: true });
    const criterion = (
      listed as {
        membership_type: { eligibility_criterion: { id: number; document_types: { id: number }[] } };
      }
    ).membership_type.eligibility_criterion;
    const sent = await upload(
      headers,
      {
        eligibility_document_type_id: criterion.document_types[0]?.id ?? 0,
        membership_id: waiting.id,
        eligibility_criterion_id: criterion.id,
      },
      { name: 'card.png', type: 'image/png', bytes: pngBytes },
    );
    expect(sent.statusCode, sent.body).toBe(201);
    const approved = await http.post(
      `/api/staff/eligibility-documents/${sent.json().data.id}/approve`,
      staff.headers,
      {},
    );
    expect(approved.json().data.membership_status).toBe('active');
    const [row] = await t.db.select().from(memberships).where(eq(memberships.id, waiting.id));
    expect(row).toMatchObject({ status: 'active', requiresDocument: false });

    // Another one, never proven: overdue after the allowance, it is suspended.
    const { user: late } = await member();
    const overdue = await membershipOf(late.id, 'student', {
      status: 'pending',
      requiresDocument: true,
      startDate: addDays(today, -30),
    });
    await suspendOverdueDocumentMemberships(t.db, t.config, new Date());
    const [suspended] = await t.db.select().from(memberships).where(eq(memberships.id, overdue.id));
    expect(suspended).toMatchObject({ status: 'suspended', suspendedForDocument: true });
  });

  it('suspends a membership whose document is overdue past the allowance, and approval lifts it', async () => {
    const { user, headers } = await member();
    // Joined 20 days ago with the default allowance of 14 days: overdue since 6 days.
    const overdue = await membershipOf(user.id, 'student', { startDate: addDays(today, -20) });
    const { user: fresh } = await member();
    const inTime = await membershipOf(fresh.id, 'student', { startDate: addDays(today, -5) });
    const now = new Date();
    expect(await suspendOverdueDocumentMemberships(t.db, t.config, now)).toBeGreaterThanOrEqual(1);
    const rowOf = async (id: number) =>
      (await t.db.select().from(memberships).where(eq(memberships.id, id)))[0];
    expect(await rowOf(overdue.id)).toMatchObject({ status: 'suspended', suspendedForDocument: true });
    expect((await rowOf(inTime.id))?.status).toBe('active');
    // Ten days on the other one is overdue too.
    await suspendOverdueDocumentMemberships(t.db, t.config, new Date(now.getTime() + 10 * 86_400_000));
    expect((await rowOf(inTime.id))?.status).toBe('suspended');

    const [listed] = await list(headers);
    expect(listed).toMatchObject({ status: 'suspended', document_upload_required: true, cancellable: true });
    const criterion = (
      listed as {
        membership_type: { eligibility_criterion: { id: number; document_types: { id: number }[] } };
      }
    ).membership_type.eligibility_criterion;
    const sent = await upload(
      headers,
      {
        eligibility_document_type_id: criterion.document_types[0]?.id ?? 0,
        membership_id: overdue.id,
        eligibility_criterion_id: criterion.id,
      },
      { name: 'card.pdf', type: 'application/pdf', bytes: pdfBytes },
    );
    expect(sent.statusCode, sent.body).toBe(201);
    const approved = await http.post(
      `/api/staff/eligibility-documents/${sent.json().data.id}/approve`,
      staff.headers,
      {},
    );
    expect(approved.json().data.membership_status).toBe('active');
    expect(await rowOf(overdue.id)).toMatchObject({ status: 'active', suspendedForDocument: false });
    // Approved proof: the job leaves it alone.
    await suspendOverdueDocumentMemberships(t.db, t.config, now);
    expect((await rowOf(overdue.id))?.status).toBe('active');
  });
});
