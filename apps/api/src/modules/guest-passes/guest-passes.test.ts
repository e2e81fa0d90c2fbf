import { guestPassMessages } from '@leisure/contract/guest-passes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, guestPasses, memberPackages, outboundEmails } from '../../db/schema';
import { addDays, localDateOf } from '../../lib/dates';
import { api, createUser } from '../../test/factories/basket-fixtures';
import {
  createGuestPassFixture,
  type GuestPassFixture,
  giveMembership,
  givePackage,
} from '../../test/factories/guest-pass-fixtures';
import { startTestApp, type TestApp } from '../../test/harness';
import { benefitPeriod, redeemGuestPass, runGuestPassExpiry } from './guest-passes.service';

describe('guest passes', () => {
  let t: TestApp;
  let f: GuestPassFixture;
  let http: ReturnType<typeof api>;
  const today = () => localDateOf(new Date(), 'Europe/London');

  const member = async () => {
    const customer = await createUser(t.db, f.clientId);
    await giveMembership(t.db, f, customer.user.id);
    return customer;
  };
  const send = (userId: number, headers: Record<string, string>, data: Record<string, unknown>) =>
    http.post(`/api/v1/users/${userId}/guestPasses`, headers, { data });
  const guest = (venueId: number, n = 1) => ({
    guest_name: `Guest ${n}`,
    guest_email: `guest${n}-${Math.random().toString(36).slice(2, 7)}@example.com`,
    venue_id: venueId,
  });
  const passesOf = (userId: number) => t.db.select().from(guestPasses).where(eq(guestPasses.userId, userId));

  beforeAll(async () => {
    t = await startTestApp({ DEV_MAILBOX: 'true' });
    f = await createGuestPassFixture(t.db);
    http = api(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('documents every call in the OpenAPI description', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, { tags?: string[]; responses: object }>>;
    for (const [path, method] of [
      ['/api/v1/users/{userId}/guestPasses', 'get'],
      ['/api/v1/users/{userId}/guestPasses', 'post'],
      ['/api/v1/users/{userId}/guestPasses/allowances', 'get'],
      ['/api/v1/users/{userId}/guestPasses/{guestPassId}', 'get'],
      ['/api/staff/guest-passes/redeem', 'post'],
      ['/api/my-account/user/packages', 'get'],
    ] as const) {
      const operation = paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(Object.keys(operation?.responses ?? {})).toContain('401');
    }
    expect(paths['/api/v1/users/{userId}/guestPasses']?.post?.tags).toEqual(['my-account']);
  });

  describe('access', () => {
    it('answers 401 without a session and 403 for another member, changing nothing', async () => {
      const owner = await member();
      const other = await member();
      const base = `/api/v1/users/${owner.user.id}/guestPasses`;
      for (const url of [base, `${base}/allowances`, `${base}/1`, '/api/my-account/user/packages']) {
        expect((await http.get(url, {})).statusCode, url).toBe(401);
      }
      expect((await send(owner.user.id, {}, guest(f.leeds.id))).statusCode).toBe(401);

      for (const url of [base, `${base}/allowances`, `${base}/1`]) {
        const res = await http.get(url, other.headers);
        expect(res.statusCode, url).toBe(403);
        expect(res.json()).toEqual({ message: 'Unauthorised.' });
      }
      // Also with a bad body: the path's user is checked first.
      expect((await send(owner.user.id, other.headers, guest(f.leeds.id))).statusCode).toBe(403);
      expect((await send(owner.user.id, other.headers, { guest_name: '' })).statusCode).toBe(403);
      expect(await passesOf(owner.user.id)).toEqual([]);
      expect(await passesOf(other.user.id)).toEqual([]);
    });

    it('refuses every member call with 403 while online guest passes are turned off', async () => {
      const owner = await member();
      await t.db.update(clients).set({ onlineGuestPassesEnabled: false }).where(eq(clients.id, f.clientId));
      try {
        const base = `/api/v1/users/${owner.user.id}/guestPasses`;
        for (const url of [base, `${base}/allowances`]) {
          const res = await http.get(url, owner.headers);
          expect(res.statusCode, url).toBe(403);
          expect(res.json().message).toBe(guestPassMessages.disabled);
        }
        const res = await send(owner.user.id, owner.headers, guest(f.leeds.id));
        expect(res.statusCode).toBe(403);
        expect(await passesOf(owner.user.id)).toEqual([]);
      } finally {
        await t.db.update(clients).set({ onlineGuestPassesEnabled: true }).where(eq(clients.id, f.clientId));
      }
    });
  });

  describe('allowances', () => {
    it('the memberships list and the allowances count the same uses in the same period', async () => {
      const owner = await member();
      const sent = await send(owner.user.id, owner.headers, guest(f.leeds.id));
      expect(sent.statusCode, sent.body).toBe(201);
      const allowances = await http.get(
        `/api/v1/users/${owner.user.id}/guestPasses/allowances`,
        owner.headers,
      );
      const allowance = allowances.json().data.find((row: { type: string }) => row.type === 'benefit');
      const list = await http.get('/api/my-account/user/memberships', owner.headers);
      expect(list.statusCode, list.body).toBe(200);
      const benefit = list
        .json()
        .data[0].benefits.find((row: { remaining_uses: number | null }) => row.remaining_uses !== null);
      expect(allowance.uses_remaining).toBe(1);
      expect(benefit.remaining_uses).toBe(allowance.uses_remaining);
      // The allowance lapses at the end of the period's last day; the list's uses renew the next day.
      const lastDay = localDateOf(new Date(allowance.expires_at), 'Europe/London');
      expect(benefit.renews_at.raw).toBe(addDays(lastDay, 1));
      const { end } = benefitPeriod('months', today(), { startDate: today(), endDate: null });
      expect(lastDay).toBe(end);
    });

    it("lists a benefit's uses left this month at the type's venues, and a package's", async () => {
      const owner = await member();
      const pkg = await givePackage(t.db, f, owner.user.id, {
        venueIds: [f.hull.id],
        guestPassUsesRemaining: 3,
      });
      // Packages without guest passes and expired ones give no allowance.
      await givePackage(t.db, f, owner.user.id, { guestPassUsesTotal: null, guestPassUsesRemaining: null });
      await givePackage(t.db, f, owner.user.id, { expiresAt: new Date(Date.now() - 86_400_000) });
      const res = await http.get(`/api/v1/users/${owner.user.id}/guestPasses/allowances`, owner.headers);
      expect(res.statusCode, res.body).toBe(200);
      const { end } = benefitPeriod('months', today(), { startDate: today(), endDate: null });
      const data = res.json().data;
      expect(data).toHaveLength(2);
      expect(data[0]).toMatchObject({
        type: 'benefit',
        name: 'Gym Plus',
        pricing_option_id: f.optionId,
        uses_remaining: 2,
        total_uses: 2,
        venues: [
          { id: f.leeds.id, name: 'Leeds Central' },
          { id: f.york.id, name: 'York Riverside' },
        ],
      });
      // The end of the month, London time (23:59:59 local).
      const expires = new Date(data[0].expires_at);
      expect(localDateOf(expires, 'Europe/London')).toBe(end);
      expect(localDateOf(new Date(expires.getTime() + 1000), 'Europe/London')).toBe(addDays(end ?? '', 1));
      expect(data[1]).toEqual({
        id: `package-${pkg.id}`,
        pricing_option_id: pkg.id,
        type: 'package',
        name: 'Bring a friend bundle',
        uses_remaining: 3,
        total_uses: 5,
        expires_at: pkg.expiresAt?.toISOString(),
        venues: [{ id: f.hull.id, name: 'Hull Docks' }],
      });
    });

    it('gives nothing for a membership that is not active', async () => {
      const customer = await createUser(t.db, f.clientId);
      await giveMembership(t.db, f, customer.user.id, 'frozen');
      const res = await http.get(
        `/api/v1/users/${customer.user.id}/guestPasses/allowances`,
        customer.headers,
      );
      expect(res.json()).toEqual({ data: [] });
    });

    it('works out the current period of each frequency', () => {
      const m = { startDate: '2026-01-15', endDate: '2027-01-14' };
      expect(benefitPeriod('months', '2026-02-10', m)).toEqual({ start: '2026-02-01', end: '2026-02-28' });
      expect(benefitPeriod('months', '2026-12-31', m)).toEqual({ start: '2026-12-01', end: '2026-12-31' });
      // 2026-11-26 is a Thursday: the week runs Monday to Sunday.
      expect(benefitPeriod('weeks', '2026-11-26', m)).toEqual({ start: '2026-11-23', end: '2026-11-29' });
      expect(benefitPeriod('days', '2026-11-26', m)).toEqual({ start: '2026-11-26', end: '2026-11-26' });
      expect(benefitPeriod('years', '2026-11-26', m)).toEqual({ start: '2026-01-01', end: '2026-12-31' });
      expect(benefitPeriod(null, '2026-11-26', m)).toEqual({ start: '2026-01-15', end: '2027-01-14' });
    });
  });

  describe('sending', () => {
    it('sends a pass valid for 7 days at the venue, emails the guest a QR code and uses the allowance', async () => {
      const owner = await member();
      const res = await send(owner.user.id, owner.headers, {
        guest_name: '  Jamie Fox ',
        guest_email: 'Jamie.Fox@Example.com',
        venue_id: f.york.id,
      });
      expect(res.statusCode, res.body).toBe(201);
      const pass = res.json().data;
      expect(pass).toEqual({
        id: expect.any(Number),
        guest_name: 'Jamie Fox',
        guest_email: 'jamie.fox@example.com',
        status: 'issued',
        valid_from: today(),
        valid_to: addDays(today(), 6),
        redeemed_at: null,
        venue: { id: f.york.id, name: 'York Riverside' },
        created_at: expect.any(String),
      });
      const [row] = await passesOf(owner.user.id);
      expect(row).toMatchObject({
        source: 'benefit',
        code: expect.stringMatching(/^GP-[A-Z2-9]{5}-[A-Z2-9]{5}$/),
      });

      const [email] = await t.db
        .select()
        .from(outboundEmails)
        .where(eq(outboundEmails.toAddress, 'jamie.fox@example.com'));
      expect(email?.subject).toBe('Your guest pass for York Riverside');
      expect(email?.template).toBe('guest_pass');
      expect(email?.text).toContain(row?.code);
      expect(email?.text).toContain(
        `${owner.user.firstName} Tester has sent you a guest pass for York Riverside.`,
      );
      expect(email?.html).toContain('src="cid:guest-pass-qr"');
      const attachment = email?.attachments[0] as { contentType: string; content: string; cid?: string };
      expect(attachment).toMatchObject({
        contentType: 'image/png',
        cid: 'guest-pass-qr',
        encoding: 'base64',
      });
      // A real PNG.
      expect(Buffer.from(attachment.content, 'base64').subarray(1, 4).toString('latin1')).toBe('PNG');
      // The dev mailbox shows the QR code as a mail client would, from the message's inline part.
      const shown = await t.app.inject({ method: 'GET', url: `/dev/mailbox/${email?.id}` });
      expect(shown.body).not.toContain('cid:');
      const image = /<img src="([^"]+)"/.exec(shown.body)?.[1];
      expect(image).toBe(`/dev/mailbox/${email?.id}/inline/guest-pass-qr`);
      const png = await t.app.inject({ method: 'GET', url: image ?? '' });
      expect(png.statusCode).toBe(200);
      expect(png.headers['content-type']).toBe('image/png');
      expect(png.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');
      const missing = await t.app.inject({ method: 'GET', url: `/dev/mailbox/${email?.id}/inline/nope` });
      expect(missing.statusCode).toBe(404);

      const allowances = await http.get(
        `/api/v1/users/${owner.user.id}/guestPasses/allowances`,
        owner.headers,
      );
      expect(allowances.json().data[0].uses_remaining).toBe(1);
    });

    it('answers 422 with field messages for bad input and sends nothing', async () => {
      const owner = await member();
      const cases: [Record<string, unknown>, string][] = [
        [{ ...guest(f.leeds.id), guest_name: '   ' }, 'guest_name'],
        [{ ...guest(f.leeds.id), guest_email: 'not-an-email' }, 'guest_email'],
        [{ guest_name: 'A', guest_email: 'a@example.com' }, 'venue_id'],
        [{ guest_name: 'A', guest_email: 'a@example.com', venue_id: 'leeds' }, 'venue_id'],
      ];
      for (const [data, field] of cases) {
        const res = await send(owner.user.id, owner.headers, data);
        expect(res.statusCode, JSON.stringify(data)).toBe(422);
        expect(Object.keys(res.json().errors), JSON.stringify(data)).toContain(field);
      }
      const empty = await send(owner.user.id, owner.headers, {});
      expect(empty.statusCode).toBe(422);
      expect(empty.json().errors).toEqual({
        guest_name: [guestPassMessages.guestName],
        guest_email: [guestPassMessages.guestEmail],
        venue_id: [guestPassMessages.venue],
      });
      const noData = await http.post(`/api/v1/users/${owner.user.id}/guestPasses`, owner.headers, {});
      expect(noData.statusCode).toBe(422);
      const unknownVenue = await send(owner.user.id, owner.headers, guest(999_999));
      expect(unknownVenue.json()).toEqual({
        message: guestPassMessages.unknownVenue,
        errors: { venue_id: [guestPassMessages.unknownVenue] },
      });
      expect(await passesOf(owner.user.id)).toEqual([]);
    });

    it('refuses a venue no allowance covers, and a member with no allowance', async () => {
      const owner = await member();
      const wrongVenue = await send(owner.user.id, owner.headers, guest(f.hull.id));
      expect(wrongVenue.statusCode).toBe(422);
      expect(wrongVenue.json()).toEqual({
        message: guestPassMessages.notCovered,
        errors: { venue_id: [guestPassMessages.notCovered] },
      });
      const nobody = await createUser(t.db, f.clientId);
      const none = await send(nobody.user.id, nobody.headers, guest(f.leeds.id));
      expect(none.statusCode).toBe(422);
      expect(none.json().message).toBe(guestPassMessages.notCovered);
      expect(await passesOf(owner.user.id)).toEqual([]);
      expect(await passesOf(nobody.user.id)).toEqual([]);
    });

    it('refuses once the month is used up, then uses a package that covers the venue', async () => {
      const owner = await member();
      for (const n of [1, 2])
        expect((await send(owner.user.id, owner.headers, guest(f.leeds.id, n))).statusCode).toBe(201);
      const third = await send(owner.user.id, owner.headers, guest(f.leeds.id, 3));
      expect(third.statusCode).toBe(422);
      expect(third.json().message).toBe(guestPassMessages.noneLeft);

      const pkg = await givePackage(t.db, f, owner.user.id, {
        guestPassUsesRemaining: 1,
        guestPassUsesTotal: 1,
      });
      expect((await send(owner.user.id, owner.headers, guest(f.leeds.id, 4))).statusCode).toBe(201);
      const [after] = await t.db.select().from(memberPackages).where(eq(memberPackages.id, pkg.id));
      expect(after?.guestPassUsesRemaining).toBe(0);
      expect((await send(owner.user.id, owner.headers, guest(f.leeds.id, 5))).statusCode).toBe(422);
      const rows = await passesOf(owner.user.id);
      expect(rows.map((row) => row.source).sort()).toEqual(['benefit', 'benefit', 'package']);
    });

    it('never sends more than the allowance when sends arrive together', async () => {
      const owner = await member();
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, n) => send(owner.user.id, owner.headers, guest(f.york.id, n))),
      );
      expect(results.map((res) => res.statusCode).sort()).toEqual([201, 201, 422, 422, 422, 422]);
      expect(await passesOf(owner.user.id)).toHaveLength(2);

      const packed = await createUser(t.db, f.clientId);
      const pkg = await givePackage(t.db, f, packed.user.id, { guestPassUsesRemaining: 3 });
      const packageResults = await Promise.all(
        Array.from({ length: 6 }, (_, n) => send(packed.user.id, packed.headers, guest(f.hull.id, n))),
      );
      expect(packageResults.filter((res) => res.statusCode === 201)).toHaveLength(3);
      expect(await passesOf(packed.user.id)).toHaveLength(3);
      const [after] = await t.db.select().from(memberPackages).where(eq(memberPackages.id, pkg.id));
      expect(after?.guestPassUsesRemaining).toBe(0);
    });
  });

  describe('the list and details', () => {
    it('pages the sent passes 10 at a time, newest first', async () => {
      const owner = await createUser(t.db, f.clientId);
      await givePackage(t.db, f, owner.user.id, { guestPassUsesTotal: 30, guestPassUsesRemaining: 30 });
      for (let n = 1; n <= 23; n++) {
        expect((await send(owner.user.id, owner.headers, guest(f.leeds.id, n))).statusCode).toBe(201);
      }
      const base = `/api/v1/users/${owner.user.id}/guestPasses`;
      const first = await http.get(`${base}?page=1&per_page=10`, owner.headers);
      expect(first.statusCode).toBe(200);
      expect(first.json().data).toHaveLength(10);
      expect(first.json().data[0].guest_name).toBe('Guest 23');
      expect(first.json().meta.pagination).toEqual({
        current_page: 1,
        total_pages: 3,
        total_records: 23,
        first_record_on_current_page: 1,
        last_record_on_current_page: 10,
      });
      const last = await http.get(`${base}?page=3`, owner.headers);
      expect(last.json().data.map((pass: { guest_name: string }) => pass.guest_name)).toEqual([
        'Guest 3',
        'Guest 2',
        'Guest 1',
      ]);
      expect(last.json().meta.pagination).toMatchObject({
        current_page: 3,
        first_record_on_current_page: 21,
        last_record_on_current_page: 23,
      });
      const beyond = await http.get(`${base}?page=9`, owner.headers);
      expect(beyond.json()).toMatchObject({
        data: [],
        meta: {
          pagination: { total_records: 23, first_record_on_current_page: 0, last_record_on_current_page: 0 },
        },
      });
      expect((await http.get(`${base}?page=0`, owner.headers)).statusCode).toBe(422);
      expect((await http.get(`${base}?per_page=500`, owner.headers)).statusCode).toBe(422);
    });

    it('answers an empty first page for a member who sent none', async () => {
      const owner = await createUser(t.db, f.clientId);
      const res = await http.get(`/api/v1/users/${owner.user.id}/guestPasses`, owner.headers);
      expect(res.json()).toEqual({
        data: [],
        meta: {
          pagination: {
            current_page: 1,
            total_pages: 1,
            total_records: 0,
            first_record_on_current_page: 0,
            last_record_on_current_page: 0,
          },
        },
      });
    });

    it("shows one of the member's passes; another member's pass is not found", async () => {
      const owner = await member();
      const other = await member();
      const sent = (await send(owner.user.id, owner.headers, guest(f.leeds.id))).json().data;
      const mine = await http.get(`/api/v1/users/${owner.user.id}/guestPasses/${sent.id}`, owner.headers);
      expect(mine.statusCode).toBe(200);
      expect(mine.json().data).toEqual(sent);
      const notMine = await http.get(`/api/v1/users/${other.user.id}/guestPasses/${sent.id}`, other.headers);
      expect(notMine.statusCode).toBe(404);
      expect(notMine.json()).toEqual({ message: 'Unable to complete request, item not found.' });
    });
  });

  describe('redemption', () => {
    const issue = async (venueId = f.leeds.id) => {
      const owner = await member();
      const res = await send(owner.user.id, owner.headers, guest(venueId));
      const [row] = await t.db.select().from(guestPasses).where(eq(guestPasses.id, res.json().data.id));
      if (!row) throw new Error('no pass');
      return row;
    };

    it('redeems once at its venue; a second redemption is refused', async () => {
      const staff = await createUser(t.db, f.clientId, { staff: true });
      const pass = await issue();
      const res = await http.post('/api/staff/guest-passes/redeem', staff.headers, {
        code: pass.code.toLowerCase(),
        venue_id: f.leeds.id,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ id: pass.id, status: 'redeemed', code: pass.code });
      expect(res.json().data.redeemed_at).toEqual(expect.any(String));
      const again = await http.post('/api/staff/guest-passes/redeem', staff.headers, {
        code: pass.code,
        venue_id: f.leeds.id,
      });
      expect(again.statusCode).toBe(422);
      expect(again.json().errors).toEqual({ code: [guestPassMessages.alreadyRedeemed] });
      const [row] = await t.db.select().from(guestPasses).where(eq(guestPasses.id, pass.id));
      expect(row).toMatchObject({ status: 'redeemed', redeemedByUserId: staff.user.id });
    });

    it('redeems once when two desks try at the same moment', async () => {
      const staff = await createUser(t.db, f.clientId, { staff: true });
      const pass = await issue();
      const results = await Promise.all(
        [1, 2, 3].map(() =>
          http.post('/api/staff/guest-passes/redeem', staff.headers, {
            code: pass.code,
            venue_id: f.leeds.id,
          }),
        ),
      );
      expect(results.map((res) => res.statusCode).sort()).toEqual([200, 422, 422]);
    });

    it('refuses another venue, unknown codes, dates outside the pass, customers and visitors', async () => {
      const staff = await createUser(t.db, f.clientId, { staff: true });
      const pass = await issue();
      const wrong = await http.post('/api/staff/guest-passes/redeem', staff.headers, {
        code: pass.code,
        venue_id: f.york.id,
      });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors).toEqual({ venue_id: [guestPassMessages.wrongVenue] });
      const unknown = await http.post('/api/staff/guest-passes/redeem', staff.headers, {
        code: 'GP-NOPE0-NOPE0',
        venue_id: f.leeds.id,
      });
      expect(unknown.statusCode).toBe(404);
      expect(
        (await http.post('/api/staff/guest-passes/redeem', staff.headers, { code: '' })).statusCode,
      ).toBe(422);

      const customer = await member();
      const asCustomer = await http.post('/api/staff/guest-passes/redeem', customer.headers, {
        code: pass.code,
        venue_id: f.leeds.id,
      });
      expect(asCustomer.statusCode).toBe(403);
      expect(
        (await http.post('/api/staff/guest-passes/redeem', {}, { code: pass.code, venue_id: f.leeds.id }))
          .statusCode,
      ).toBe(401);

      const later = new Date(Date.now() + 8 * 86_400_000);
      await expect(
        redeemGuestPass(t.db, staff.user, { code: pass.code, venue_id: f.leeds.id }, later),
      ).rejects.toMatchObject({ status: 422, errors: { code: [guestPassMessages.expired] } });
      const earlier = new Date(Date.now() - 2 * 86_400_000);
      await expect(
        redeemGuestPass(t.db, staff.user, { code: pass.code, venue_id: f.leeds.id }, earlier),
      ).rejects.toMatchObject({ status: 422, errors: { code: [guestPassMessages.notYetValid] } });
      const [row] = await t.db.select().from(guestPasses).where(eq(guestPasses.id, pass.id));
      expect(row?.status).toBe('issued');
    });
  });

  describe('expiry job', () => {
    it('expires issued passes past their last day once, even when runs overlap; redeemed ones stay', async () => {
      const staff = await createUser(t.db, f.clientId, { staff: true });
      const owner = await member();
      const ids: number[] = [];
      for (const n of [1, 2])
        ids.push((await send(owner.user.id, owner.headers, guest(f.leeds.id, n))).json().data.id);
      const [redeemedId, issuedId] = ids as [number, number];
      const [toRedeem] = await t.db.select().from(guestPasses).where(eq(guestPasses.id, redeemedId));
      await redeemGuestPass(t.db, staff.user, { code: toRedeem?.code ?? '', venue_id: f.leeds.id });

      // On its last valid day nothing expires.
      expect(await runGuestPassExpiry(t.db, new Date(Date.now() + 6 * 86_400_000))).toBe(0);
      const later = new Date(Date.now() + 8 * 86_400_000);
      const runs = await Promise.all([runGuestPassExpiry(t.db, later), runGuestPassExpiry(t.db, later)]);
      expect(runs[0] + runs[1]).toBeGreaterThanOrEqual(1);
      expect(await runGuestPassExpiry(t.db, later)).toBe(0);
      const rows = await t.db
        .select({ id: guestPasses.id, status: guestPasses.status })
        .from(guestPasses)
        .where(and(eq(guestPasses.userId, owner.user.id)));
      expect(Object.fromEntries(rows.map((row) => [row.id, row.status]))).toEqual({
        [redeemedId]: 'redeemed',
        [issuedId]: 'expired',
      });
      const listed = await http.get(`/api/v1/users/${owner.user.id}/guestPasses`, owner.headers);
      expect(listed.json().data.map((pass: { status: string }) => pass.status)).toEqual([
        'expired',
        'redeemed',
      ]);
    });
  });

  describe('packages', () => {
    it("lists the member's own packages with uses, venues and status, live ones first", async () => {
      const owner = await createUser(t.db, f.clientId);
      const other = await createUser(t.db, f.clientId);
      await givePackage(t.db, f, other.user.id, { name: 'Not mine' });
      const expired = await givePackage(t.db, f, owner.user.id, {
        name: 'Old swims',
        expiresAt: new Date(Date.now() - 86_400_000),
        guestPassUsesTotal: null,
        guestPassUsesRemaining: null,
      });
      const live = await givePackage(t.db, f, owner.user.id, { name: '10 swims', venueIds: [f.york.id] });
      const res = await http.get('/api/my-account/user/packages', owner.headers);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual([
        expect.objectContaining({
          id: live.id,
          name: '10 swims',
          uses_remaining: 5,
          guest_pass_uses_remaining: 5,
          venues: [{ id: f.york.id, name: 'York Riverside' }],
          status: 'active',
          order_id: null,
        }),
        expect.objectContaining({
          id: expired.id,
          status: 'expired',
          guest_pass_uses_total: null,
          venues: [],
        }),
      ]);
      expect(
        (
          await http.get('/api/my-account/user/packages', (await createUser(t.db, f.clientId)).headers)
        ).json(),
      ).toEqual({ data: [] });
    });
  });
});
