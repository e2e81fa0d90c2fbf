import { membershipManagementMessages as messages } from '@leisure/contract/my-memberships';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eligibilityDocuments, memberships, membershipTypes, uploads, venues } from '../../db/schema';
import { addDays, localDateOf, localDayBounds } from '../../lib/dates';
import { api, createFixture, createUser, type Fixture } from '../../test/factories/basket-fixtures';
import {
  createManagementTypes,
  htmlBytes,
  membershipOfKind,
  multipartBody,
  pdfBytes,
  pngBytes,
} from '../../test/factories/membership-fixtures';
import { startTestApp, type TestApp } from '../../test/harness';
import { suspendOverdueDocumentMemberships } from './eligibility-documents.service';

describe('eligibility documents: upload, review, suspension', () => {
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

    // A second upload while one waits for review replaces it: one pending document per membership.
    const again = await upload(headers, fields, {
      name: 'better scan.png',
      type: 'image/png',
      bytes: pngBytes,
    });
    expect(again.statusCode, again.body).toBe(201);
    const queue = (await http.get('/api/staff/eligibility-documents', staff.headers)).json().data as {
      id: number;
      membership_id: number;
    }[];
    expect(queue.filter((row) => row.membership_id === student.id).map((row) => row.id)).toEqual([
      again.json().data.id,
    ]);
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

  /** A new member with one student membership, and a way to send its proof. */
  const studentWith = async (extra: Partial<typeof memberships.$inferInsert> = {}) => {
    const { user, headers } = await member();
    const membership = await membershipOf(user.id, 'student', extra);
    const card = async () =>
      (await list(headers)).find((entry) => entry.id === membership.id) as {
        document_upload_required: boolean;
        document_overdue: boolean;
        membership_type: { eligibility_criterion: { id: number; document_types: { id: number }[] } };
      };
    const send = async () => {
      const criterion = (await card()).membership_type.eligibility_criterion;
      return upload(
        headers,
        {
          eligibility_document_type_id: criterion.document_types[0]?.id ?? 0,
          membership_id: membership.id,
          eligibility_criterion_id: criterion.id,
        },
        { name: 'card.pdf', type: 'application/pdf', bytes: pdfBytes },
      );
    };
    return { user, headers, membership, card, send };
  };

  it('a suspended membership takes a document only when suspended for its overdue proof (docs/decisions/052)', async () => {
    // Suspended for another reason (not by the overdue-proof job): no upload offered, and refused.
    const other = await studentWith({ status: 'suspended', suspendedForDocument: false });
    expect(await other.card()).toMatchObject({ status: 'suspended', document_upload_required: false });
    expect((await http.get('/api/auth/user', other.headers)).json().data).toMatchObject({
      membership_document_upload_required: false,
    });
    const refused = await other.send();
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().errors).toEqual({ membership_id: [messages.documentNotNow] });

    // Suspended because its proof is overdue: the upload is offered and accepted.
    const overdue = await studentWith({
      status: 'suspended',
      suspendedForDocument: true,
      documentDueDate: addDays(today, -3),
    });
    expect(await overdue.card()).toMatchObject({
      status: 'suspended',
      status_info: 'Suspended: your eligibility document is overdue',
      document_upload_required: true,
    });
    expect((await http.get('/api/auth/user', overdue.headers)).json().data).toMatchObject({
      membership_document_upload_required: true,
    });
    const accepted = await overdue.send();
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json().data).toMatchObject({ status: 'pending' });

    for (const [who, count] of [
      [other.user.id, 0],
      [overdue.user.id, 1],
    ] as const) {
      const stored = await t.db
        .select()
        .from(eligibilityDocuments)
        .where(eq(eligibilityDocuments.userId, who));
      expect(stored).toHaveLength(count);
    }
  });

  it('refuses an upload the membership does not take now (422 under membership_id), storing nothing', async () => {
    const blocked = [
      await studentWith({ status: 'cancelled' }),
      await studentWith({ status: 'expired' }),
      await studentWith({ status: 'suspended', suspendedForDocument: false }),
      // Not paid for: pending without activation.
      await studentWith({ status: 'pending', activatedAt: null }),
    ];
    for (const { membership, card, send } of blocked) {
      expect((await card()).document_upload_required, membership.status).toBe(false);
      const res = await send();
      expect(res.statusCode, `${membership.status}: ${res.body}`).toBe(422);
      expect(res.json().errors.membership_id).toEqual([messages.documentNotNow]);
    }

    // Management off for the type: refused with the spec's notice.
    const active = await studentWith();
    const setManagement = (on: boolean) =>
      t.db
        .update(membershipTypes)
        .set({ managementEnabled: on })
        .where(eq(membershipTypes.id, types.student.id));
    await setManagement(false);
    try {
      expect((await active.card()).document_upload_required).toBe(false);
      const res = await active.send();
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.membership_id).toEqual([messages.managementDisabled]);
    } finally {
      await setManagement(true);
    }

    // An approved document still in date is not asked for again.
    const first = await active.send();
    expect(first.statusCode, first.body).toBe(201);
    await http.post(`/api/staff/eligibility-documents/${first.json().data.id}/approve`, staff.headers, {});
    const again = await active.send();
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.membership_id).toEqual([messages.documentAlreadyApproved]);

    for (const { user } of [...blocked, active]) {
      const stored = await t.db
        .select()
        .from(eligibilityDocuments)
        .where(eq(eligibilityDocuments.userId, user.id));
      expect(stored).toHaveLength(user.id === active.user.id ? 1 : 0);
    }
  });

  it('the card and the dashboard give the same deadline, and say when it has passed', async () => {
    const late = await studentWith({ documentDueDate: addDays(today, -3) });
    expect(await late.card()).toMatchObject({
      document_upload_required: true,
      document_due_date: { raw: addDays(today, -3) },
      document_overdue: true,
    });
    const lateMe = await http.get('/api/auth/user', late.headers);
    expect(lateMe.json().data).toMatchObject({
      membership_document_upload_required: true,
      eligibility_document_due: { raw: addDays(today, -3), overdue: true },
    });

    const soon = await studentWith({ documentDueDate: addDays(today, 5) });
    expect(await soon.card()).toMatchObject({
      document_due_date: { raw: addDays(today, 5) },
      document_overdue: false,
    });
    const soonMe = await http.get('/api/auth/user', soon.headers);
    expect(soonMe.json().data.eligibility_document_due).toMatchObject({
      raw: addDays(today, 5),
      full_date: expect.stringMatching(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/),
      overdue: false,
    });
    // Once a document is in, no first-document deadline is left to give.
    expect((await soon.send()).statusCode).toBe(201);
    expect((await http.get('/api/auth/user', soon.headers)).json().data.eligibility_document_due).toBeNull();
    expect(await soon.card()).toMatchObject({ document_overdue: false });
  });

  it("the dashboard's deadline passes at the membership's local midnight, with nothing else changed", async () => {
    const [venue] = await t.db
      .select({ timezone: venues.timezone })
      .from(venues)
      .where(eq(venues.id, f.venue.id));
    const zone = venue?.timezone ?? 'Europe/London';
    const due = await studentWith({ documentDueDate: today });
    const dueOf = async () =>
      (await http.get('/api/auth/user', due.headers)).json().data.eligibility_document_due as {
        overdue: boolean;
      } | null;
    const midnight = localDayBounds(localDateOf(new Date(), zone), zone).to.getTime();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(midnight - 1);
      expect(await dueOf()).toMatchObject({ overdue: false });
      vi.setSystemTime(midnight);
      expect(await dueOf()).toMatchObject({ overdue: true });
    } finally {
      vi.useRealTimers();
    }
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
