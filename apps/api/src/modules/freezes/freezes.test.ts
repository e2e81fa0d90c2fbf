import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clients,
  directDebitCollections,
  directDebitMandates,
  directDebitSchedules,
  freezeTypes,
  membershipFreezes,
  memberships,
  uploadContents,
  uploads,
  venues,
} from '../../db/schema';
import { addDays, addMonths, localDateOf } from '../../lib/dates';
import { seedIfEmpty } from '../../seed/seed';
import { api, createUser } from '../../test/factories/basket-fixtures';
import {
  seededInstructionFor,
  seededMemberWith,
  seededOption,
} from '../../test/factories/seeded-membership-fixtures';
import { startTestApp, type TestApp } from '../../test/harness';
import { collectDuePayments } from '../direct-debit/collections.service';
import { runFreezeTransitions } from './freezes.service';

const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

function multipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer; type: string }) {
  const boundary = '----freeze-test';
  let body = '';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    body += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  }
  parts.push(Buffer.from(body));
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('freezes', () => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let clientId: number;
  let venueId: number;
  const today = localDateOf(new Date(), 'Europe/London');
  let medicalId: number;
  let travelId: number;

  const place = () => ({ db: t.db, clientId, venueId, today });
  const _option = (slug: string, paymentType: 'recurring' | 'fixed') => seededOption(t.db, slug, paymentType);
  const memberWith = (kind: 'monthly' | 'fixed', startDate?: string, slug?: string) =>
    seededMemberWith(place(), kind, startDate, slug);
  const instructionFor = (userId: number, membershipId: number) =>
    seededInstructionFor(place(), userId, membershipId);

  function freeze(
    id: number,
    headers: Record<string, string>,
    fields: Record<string, string>,
    withFile = false,
  ) {
    const body = multipart(
      fields,
      withFile ? { name: 'note.pdf', bytes: pdf, type: 'application/pdf' } : undefined,
    );
    return t.app.inject({
      method: 'POST',
      url: `/api/my-account/user/memberships/${id}/freeze`,
      headers: { ...headers, 'content-type': body.contentType },
      payload: body.payload,
    });
  }

  beforeAll(async () => {
    t = await startTestApp();
    await seedIfEmpty(t.db, t.config);
    http = api(t.app);
    clientId = (await t.db.select().from(clients))[0]?.id ?? 0;
    venueId = (await t.db.select().from(venues).where(eq(venues.slug, 'leeds-riverside')))[0]?.id ?? 0;
    const types = await t.db.select().from(freezeTypes);
    medicalId = types.find((type) => type.reason === 'Medical')?.id ?? 0;
    travelId = types.find((type) => type.reason === 'Travel')?.id ?? 0;
  });
  afterAll(async () => t.close());

  it('documents every call in OpenAPI', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json<{ paths: Record<string, Record<string, { tags?: string[] }>> }>().paths;
    const expected: [string, string][] = [
      ['/api/my-account/user/memberships/{membershipId}/freezetypes', 'get'],
      ['/api/my-account/user/memberships/{membershipId}/freeze', 'post'],
      ['/api/staff/membership-freezes', 'get'],
      ['/api/staff/membership-freezes/{id}/approve', 'post'],
      ['/api/staff/membership-freezes/{id}/reject', 'post'],
    ];
    for (const [path, method] of expected) expect(paths[path]?.[method], `${method} ${path}`).toBeDefined();
  });

  describe('freeze types and requests', () => {
    it('answers the freeze types to the owner only', async () => {
      const owner = await memberWith('monthly');
      const other = await createUser(t.db, clientId);
      const url = `/api/my-account/user/memberships/${owner.membership.id}/freezetypes`;
      const res = await http.get(url, owner.headers);
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      expect(data.min_freeze_start_date).toBe(today);
      const medical = data.freeze_types.find((type: { reason: string }) => type.reason === 'Medical');
      expect(medical.time_periods).toEqual(['1 month', '2 months', '3 months']);
      expect(medical.proof_of_eligibility.document_type).toBe("Doctor's note");
      expect((await http.get(url, other.headers)).statusCode).toBe(404);
      expect((await http.get(url, {})).statusCode).toBe(401);
    });

    it('refuses bad input under the spec fields and changes nothing', async () => {
      const owner = await memberWith('monthly');
      const id = owner.membership.id;
      let res = await freeze(id, owner.headers, {});
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors).sort()).toEqual(['active_from', 'freeze_type_id', 'months']);
      res = await freeze(id, owner.headers, {
        freeze_type_id: String(travelId),
        active_from: addDays(today, -1),
        months: '1',
      });
      expect(res.json().errors.active_from).toBeDefined();
      res = await freeze(id, owner.headers, {
        freeze_type_id: String(travelId),
        active_from: addDays(today, 400),
        months: '1',
      });
      expect(res.json().errors.active_from).toBeDefined();
      res = await freeze(id, owner.headers, {
        freeze_type_id: String(travelId),
        active_from: today,
        months: '7',
      });
      expect(res.json().errors.months).toEqual(['This time period is not offered for this reason.']);
      res = await freeze(id, owner.headers, {
        freeze_type_id: String(medicalId),
        active_from: today,
        months: '1',
      });
      expect(res.json().errors.file).toEqual(['Proof of eligibility is required for this reason.']);
      // A renamed HTML page is not a PDF: refused by its content.
      const html = multipart(
        { freeze_type_id: String(medicalId), active_from: today, months: '1' },
        {
          name: 'note.pdf',
          bytes: Buffer.from('<html><script>alert(1)</script></html>'),
          type: 'application/pdf',
        },
      );
      res = await t.app.inject({
        method: 'POST',
        url: `/api/my-account/user/memberships/${id}/freeze`,
        headers: { ...owner.headers, 'content-type': html.contentType },
        payload: html.payload,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.file).toEqual(['The file must be one of: JPEG, PNG, PDF.']);
      res = await freeze(id, {}, { freeze_type_id: String(travelId), active_from: today, months: '1' });
      expect(res.statusCode).toBe(401);
      const other = await createUser(t.db, clientId);
      res = await freeze(id, other.headers, {
        freeze_type_id: String(travelId),
        active_from: today,
        months: '1',
      });
      expect(res.statusCode).toBe(404);
      expect(
        await t.db.select().from(membershipFreezes).where(eq(membershipFreezes.membershipId, id)),
      ).toHaveLength(0);
    });

    it('takes a request with proof (201), refuses a second while pending, and makes one of two at once', async () => {
      const owner = await memberWith('monthly');
      const id = owner.membership.id;
      const fields = { freeze_type_id: String(medicalId), active_from: addDays(today, 2), months: '2' };
      const res = await freeze(id, owner.headers, fields, true);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data).toMatchObject({
        status: 'pending_approval',
        months: 2,
        proof: { name: 'note.pdf' },
      });
      const again = await freeze(id, owner.headers, fields, true);
      expect(again.statusCode).toBe(422);
      expect(again.json().errors.membership_id).toEqual(['Membership freeze is pending']);

      const racer = await memberWith('monthly');
      const travel = { freeze_type_id: String(travelId), active_from: today, months: '1' };
      const results = await Promise.all([
        freeze(racer.membership.id, racer.headers, travel),
        freeze(racer.membership.id, racer.headers, travel),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
      expect(
        await t.db
          .select()
          .from(membershipFreezes)
          .where(eq(membershipFreezes.membershipId, racer.membership.id)),
      ).toHaveLength(1);
    });

    it('staff approve; the job freezes on the start date, moves collections on, and ends the freeze', async () => {
      const owner = await memberWith('monthly');
      const id = owner.membership.id;
      const staff = await createUser(t.db, clientId, { staff: true });
      const start = addDays(today, 3);
      const created = await freeze(id, owner.headers, {
        freeze_type_id: String(travelId),
        active_from: start,
        months: '1',
      });
      const freezeId = created.json().data.id as number;
      expect(
        (await http.post(`/api/staff/membership-freezes/${freezeId}/approve`, owner.headers, {})).statusCode,
      ).toBe(403);
      const approved = await http.post(
        `/api/staff/membership-freezes/${freezeId}/approve`,
        staff.headers,
        {},
      );
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json().data.status).toBe('approved');

      const [mandate] = await t.db
        .insert(directDebitMandates)
        .values({
          userId: owner.user.id,
          membershipId: id,
          provider: 'sandbox',
          providerMandateId: `MD-test-${id}`,
          reference: 'REF',
          status: 'active',
          accountHolderName: 'A',
          sortCode: '200000',
          accountNumberEnding: '11',
        })
        .returning();
      const chargeDate = addDays(start, 10);
      const [schedule] = await t.db
        .insert(directDebitSchedules)
        .values({
          mandateId: mandate?.id ?? 0,
          userId: owner.user.id,
          membershipId: id,
          currency: 'GBP',
          amount: 3499,
          billingDay: Number(chargeDate.slice(8, 10)) > 28 ? 28 : Number(chargeDate.slice(8, 10)),
          firstChargeDate: chargeDate,
        })
        .returning();
      await t.db.insert(directDebitCollections).values({
        scheduleId: schedule?.id ?? 0,
        mandateId: mandate?.id ?? 0,
        sequence: 0,
        chargeDate,
        amount: 3499,
        currency: 'GBP',
      });

      const before = await runFreezeTransitions(t, new Date(`${addDays(start, -1)}T12:00:00Z`));
      expect(before.started).toBe(0);
      const started = await runFreezeTransitions(t, new Date(`${start}T12:00:00Z`));
      expect(started.started).toBeGreaterThanOrEqual(1);
      const [frozen] = await t.db.select().from(memberships).where(eq(memberships.id, id));
      expect(frozen?.status).toBe('frozen');
      const [moved] = await t.db
        .select()
        .from(directDebitCollections)
        .where(eq(directDebitCollections.scheduleId, schedule?.id ?? 0));
      expect((moved?.chargeDate ?? '') > chargeDate).toBe(true);
      expect(moved?.chargeDate.slice(0, 7)).toBe(addMonths(chargeDate, 1).slice(0, 7));
      // The collections job on the old charge date takes nothing from the frozen membership.
      await collectDuePayments(t, t.app.directDebitProvider, new Date(`${chargeDate}T12:00:00Z`));
      const untouched = await t.db
        .select()
        .from(directDebitCollections)
        .where(eq(directDebitCollections.scheduleId, schedule?.id ?? 0));
      expect(untouched.map((c) => c.status)).toEqual(['scheduled']);

      const lastDay = addDays(addMonths(start, 1), -1);
      await runFreezeTransitions(t, new Date(`${lastDay}T12:00:00Z`));
      expect((await t.db.select().from(memberships).where(eq(memberships.id, id)))[0]?.status).toBe('frozen');
      await runFreezeTransitions(t, new Date(`${addDays(lastDay, 1)}T12:00:00Z`));
      expect((await t.db.select().from(memberships).where(eq(memberships.id, id)))[0]?.status).toBe('active');
      const [done] = await t.db.select().from(membershipFreezes).where(eq(membershipFreezes.id, freezeId));
      expect(done?.status).toBe('completed');
    });

    it('two job runs at once start each freeze once and move its collections once', async () => {
      const owner = await memberWith('monthly');
      const id = owner.membership.id;
      const staff = await createUser(t.db, clientId, { staff: true });
      const start = addDays(today, 1);
      const created = await freeze(id, owner.headers, {
        freeze_type_id: String(travelId),
        active_from: start,
        months: '2',
      });
      await http.post(`/api/staff/membership-freezes/${created.json().data.id}/approve`, staff.headers, {});
      const { scheduleId, mandateId } = await instructionFor(owner.user.id, id);
      const chargeDate = `${addMonths(start, 1).slice(0, 8)}01`;
      await t.db.insert(directDebitCollections).values({
        scheduleId,
        mandateId,
        sequence: 0,
        chargeDate,
        amount: 3499,
        currency: 'GBP',
      });
      const at = new Date(`${start}T12:00:00Z`);
      const runs = await Promise.all([runFreezeTransitions(t, at), runFreezeTransitions(t, at)]);
      expect(runs.reduce((sum, run) => sum + run.started, 0)).toBe(1);
      const [moved] = await t.db
        .select()
        .from(directDebitCollections)
        .where(eq(directDebitCollections.scheduleId, scheduleId));
      expect(moved?.chargeDate).toBe(`${addMonths(chargeDate, 2).slice(0, 8)}01`);
    });

    it('staff find a request waiting for them in the list, with member, membership, reason, dates and proof, and act on it', async () => {
      const owner = await memberWith('monthly');
      const staff = await createUser(t.db, clientId, { staff: true });
      const start = addDays(today, 2);
      const created = await freeze(
        owner.membership.id,
        owner.headers,
        { freeze_type_id: String(medicalId), active_from: start, months: '2' },
        true,
      );
      expect(created.statusCode, created.body).toBe(201);
      const freezeId = created.json().data.id as number;

      expect((await http.get('/api/staff/membership-freezes', {})).statusCode).toBe(401);
      expect((await http.get('/api/staff/membership-freezes', owner.headers)).statusCode).toBe(403);
      expect((await http.get('/api/staff/membership-freezes?status=thawed', staff.headers)).statusCode).toBe(
        422,
      );

      const listed = await http.get('/api/staff/membership-freezes', staff.headers);
      expect(listed.statusCode, listed.body).toBe(200);
      const row = listed.json().data.find((entry: { id: number }) => entry.id === freezeId);
      expect(row).toMatchObject({
        status: 'pending_approval',
        freeze_type: { id: medicalId, reason: 'Medical' },
        active_from: start,
        months: 2,
        ends_on: addDays(addMonths(start, 2), -1),
        customer: { id: owner.user.id, email: owner.user.email },
        membership: {
          id: owner.membership.id,
          reference: `MEM-${String(owner.membership.id).padStart(6, '0')}`,
          status: 'active',
        },
        proof: { name: 'note.pdf' },
      });
      expect(row.membership.type).toEqual(expect.any(String));
      expect(row.customer.name).toEqual(expect.any(String));
      expect(Date.parse(row.requested_at)).not.toBeNaN();
      // The proof downloads for staff from the link given.
      const proof = await http.get(row.proof_download_url, staff.headers);
      expect(proof.statusCode).toBe(200);
      expect(proof.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

      const approved = await http.post(`/api/staff/membership-freezes/${row.id}/approve`, staff.headers, {});
      expect(approved.statusCode, approved.body).toBe(200);
      const after = await http.get('/api/staff/membership-freezes', staff.headers);
      expect(after.json().data.map((entry: { id: number }) => entry.id)).not.toContain(freezeId);
      const approvedList = await http.get('/api/staff/membership-freezes?status=approved', staff.headers);
      expect(approvedList.json().data.map((entry: { id: number }) => entry.id)).toContain(freezeId);
      // The member's card says the approved freeze is waiting to start.
      const mine = await http.get('/api/my-account/user/memberships', owner.headers);
      const card = mine.json().data.find((entry: { id: number }) => entry.id === owner.membership.id);
      expect(card).toMatchObject({ status: 'freeze pending', freeze_pending: true });
      expect(card.status_info).toMatch(/^Freeze approved: frozen from \d{1,2} [A-Z][a-z]{2} \d{4} to /);
    });

    it('rejects with a reason', async () => {
      const owner = await memberWith('monthly');
      const staff = await createUser(t.db, clientId, { staff: true });
      const created = await freeze(owner.membership.id, owner.headers, {
        freeze_type_id: String(travelId),
        active_from: today,
        months: '1',
      });
      const id = created.json().data.id;
      expect(
        (await http.post(`/api/staff/membership-freezes/${id}/reject`, staff.headers, {})).statusCode,
      ).toBe(422);
      const res = await http.post(`/api/staff/membership-freezes/${id}/reject`, staff.headers, {
        reason: 'No proof',
      });
      expect(res.json().data).toMatchObject({ status: 'rejected', rejection_reason: 'No proof' });
    });

    it('a new request replaces a rejected one: its proof file is deleted, the request kept (issue 44)', async () => {
      const owner = await memberWith('monthly');
      const staff = await createUser(t.db, clientId, { staff: true });
      const fields = { freeze_type_id: String(medicalId), active_from: addDays(today, 2), months: '1' };
      const created = await freeze(owner.membership.id, owner.headers, fields, true);
      expect(created.statusCode, created.body).toBe(201);
      const [proof] = await t.db.select().from(uploads).where(eq(uploads.userId, owner.user.id));
      if (!proof) throw new Error('no proof stored');
      const rejected = await http.post(
        `/api/staff/membership-freezes/${created.json().data.id}/reject`,
        staff.headers,
        { reason: 'Unreadable' },
      );
      expect(rejected.statusCode, rejected.body).toBe(200);
      const again = await freeze(owner.membership.id, owner.headers, fields, true);
      expect(again.statusCode, again.body).toBe(201);
      const kept = await t.db.select().from(uploads).where(eq(uploads.userId, owner.user.id));
      expect(kept.map((row) => row.id)).not.toContain(proof.id);
      expect(kept).toHaveLength(1);
      expect(
        await t.db.select().from(uploadContents).where(eq(uploadContents.storedName, proof.storedName)),
      ).toEqual([]);
      const [old] = await t.db
        .select()
        .from(membershipFreezes)
        .where(eq(membershipFreezes.id, created.json().data.id));
      expect(old).toMatchObject({ status: 'rejected', proofUploadId: null });
    });
  });
});
