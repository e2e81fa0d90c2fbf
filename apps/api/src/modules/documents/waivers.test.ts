import { waiverMessages } from '@leisure/contract/documents';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { clients, uploads, users, waiverSignatures, waivers } from '../../db/schema';
import { seedDocumentsAndWaivers } from '../../seed/documents';
import { seedIfEmpty } from '../../seed/seed';
import { api, createFixture, createUser } from '../../test/factories/basket-fixtures';
import { startTestApp, type TestApp } from '../../test/harness';
import { datetimeString, readProfilePhoto, signedDate } from './documents.service';

const dayMs = 86_400_000;

describe('waivers: list, view, sign, expiry', () => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let clientId: number;
  let member: Record<string, string>;

  beforeAll(async () => {
    t = await startTestApp();
    await seedIfEmpty(t.db, t.config);
    const client = (await t.db.select().from(clients).limit(1))[0];
    if (!client) throw new Error('no client');
    clientId = client.id;
    http = api(t.app);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/customer/login',
      payload: { username: 'member@example.com', password: 'Member-Pass-1' },
    });
    member = { authorization: `Bearer ${login.json().token}` };
  });
  afterAll(async () => {
    await t?.close();
  });

  const signatureRows = (userId: number, waiverSlug: string) =>
    t.db
      .select({ signature: waiverSignatures })
      .from(waiverSignatures)
      .innerJoin(waivers, eq(waivers.id, waiverSignatures.waiverId))
      .where(and(eq(waiverSignatures.userId, userId), eq(waivers.slug, waiverSlug)));

  it('is documented in OpenAPI under my-account, with every status', async () => {
    const doc = (await http.get('/api/docs/openapi.json', {})).json<{
      paths: Record<string, Record<string, { tags?: string[]; responses?: Record<string, unknown> }>>;
    }>();
    const photo = doc.paths['/api/my-account/user/profile-photo'];
    expect(Object.keys(photo ?? {}).sort()).toEqual(['delete', 'get', 'post']);
    expect(Object.keys(photo?.post?.responses ?? {}).sort()).toEqual(['200', '401', '403', '419', '422']);
    expect(doc.paths['/api/my-account/user/profile-photo/reminder/dismiss']?.post?.tags).toEqual([
      'my-account',
    ]);
    expect(doc.paths['/api/my-account/user/waivers']?.get?.tags).toEqual(['my-account']);
    expect(doc.paths['/api/my-account/user/waivers/{slug}']?.get?.responses).toHaveProperty('404');
    expect(
      Object.keys(doc.paths['/api/my-account/user/waivers/{slug}/sign']?.post?.responses ?? {}).sort(),
    ).toEqual(['200', '401', '404', '419', '422']);
  });

  it("lists the seeded member's waivers by restriction: signed, unsigned, the expired one hidden", async () => {
    const res = await http.get('/api/my-account/user/waivers', member);
    expect(res.statusCode, res.body).toBe(200);
    const groups = res.json().data as {
      restriction: { id: number; name: string; type: string };
      waivers: { slug: string; signed: unknown; expired: boolean; expires: unknown }[];
    }[];
    const bySlug = new Map(
      groups.flatMap((g) => g.waivers.map((w) => [w.slug, { ...w, group: g.restriction }])),
    );
    expect(bySlug.has('pool-safety-rules')).toBe(false);
    const gym = bySlug.get('gym-health-declaration');
    expect(gym).toMatchObject({
      expired: false,
      signed: { datetime_string: expect.stringMatching(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/) },
      expires: { date: { full_date: expect.stringMatching(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/) } },
      group: { name: 'Gym access', type: 'pre-waiver' },
    });
    const climbing = bySlug.get('climbing-wall-enhanced-waiver');
    expect(climbing).toMatchObject({
      signed: null,
      expired: false,
      expires: null,
      group: { name: 'Climbing wall', type: 'enhanced-pre-waiver', id: expect.any(Number) },
    });
    // One group per restriction, each id distinct.
    const ids = groups.map((g) => g.restriction.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('shows one waiver with terms, questions, answers given and the attendee; expired when run out', async () => {
    const gym = await http.get('/api/my-account/user/waivers/gym-health-declaration', member);
    expect(gym.statusCode).toBe(200);
    expect(gym.json().data).toMatchObject({
      slug: 'gym-health-declaration',
      title: 'Gym health declaration',
      terms: expect.stringContaining('<h3>Before you train</h3>'),
      validity_days: 365,
      attendee: { name: 'Alex Morgan' },
      restriction: { name: 'Gym access', type: 'pre-waiver' },
      questions: [
        {
          reference: 'induction',
          type: 'radio',
          required: true,
          answers: [
            { id: 'yes', answer: 'Yes' },
            { id: 'no', answer: 'No, I will book one' },
          ],
          given_answer: 'yes',
        },
        {
          reference: 'medical',
          type: 'text',
          required: false,
          answers: [],
          given_answer: expect.any(String),
        },
      ],
    });
    const pool = await http.get('/api/my-account/user/waivers/pool-safety-rules', member);
    expect(pool.statusCode).toBe(200);
    expect(pool.json().data).toMatchObject({
      expired: true,
      signed: expect.any(Object),
      expires: expect.any(Object),
    });
  });

  it("answers 404 'Could not find this waiver.' for an unknown slug or another operator's waiver; 401 anonymous", async () => {
    const unknown = await http.get('/api/my-account/user/waivers/no-such-waiver', member);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(waiverMessages.notFound);

    const other = await createFixture(t.db, 'another-operator');
    const [theirs] = await t.db.select().from(waivers).where(eq(waivers.id, other.waiverId));
    expect(theirs?.slug).toBe('studio-waiver');
    const foreign = await http.get('/api/my-account/user/waivers/studio-waiver', member);
    expect(foreign.statusCode).toBe(404);
    const foreignSign = await http.post('/api/my-account/user/waivers/studio-waiver/sign', member, {
      answers: {},
    });
    expect(foreignSign.statusCode).toBe(404);
    expect(
      await t.db.select().from(waiverSignatures).where(eq(waiverSignatures.waiverId, other.waiverId)),
    ).toEqual([]);

    expect((await http.get('/api/my-account/user/waivers', {})).statusCode).toBe(401);
    expect((await http.get('/api/my-account/user/waivers/gym-health-declaration', {})).statusCode).toBe(401);
    expect(
      (await http.post('/api/my-account/user/waivers/gym-health-declaration/sign', {}, {})).statusCode,
    ).toBe(401);
  });

  it('checks answers on the server: required, one of the choices, known questions (422, nothing written)', async () => {
    const customer = await createUser(t.db, clientId);
    const url = '/api/my-account/user/waivers/climbing-wall-enhanced-waiver/sign';
    const none = await http.post(url, customer.headers, { answers: {} });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({
      'answers.experience': [waiverMessages.answerRequired],
      'answers.belay': [waiverMessages.answerRequired],
    });
    const wrong = await http.post(url, customer.headers, {
      answers: { experience: 'expert', belay: '   ', shoe_size: '9' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({
      'answers.shoe_size': [waiverMessages.unknownQuestion],
      'answers.experience': [waiverMessages.answerInvalid],
      'answers.belay': [waiverMessages.answerRequired],
    });
    const tooLong = await http.post(url, customer.headers, {
      answers: { experience: 'some', belay: 'x'.repeat(501) },
    });
    expect(tooLong.statusCode).toBe(422);
    const notObject = await http.post(url, customer.headers, { answers: 'yes' });
    expect(notObject.statusCode).toBe(422);
    expect(await signatureRows(customer.user.id, 'climbing-wall-enhanced-waiver')).toEqual([]);
  });

  it('signs with answers; signing twice keeps one live signature', async () => {
    const customer = await createUser(t.db, clientId);
    const url = '/api/my-account/user/waivers/climbing-wall-enhanced-waiver/sign';
    const before = Date.now();
    const signed = await http.post(url, customer.headers, {
      answers: { experience: 'some', belay: ' Sam Morgan ' },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const body = signed.json().data;
    expect(body).toMatchObject({
      expired: false,
      signed: { datetime_string: expect.any(String) },
      attendee: { id: customer.user.id, name: `${customer.user.firstName} Tester` },
    });
    expect(body.questions.map((q: { given_answer: string }) => q.given_answer)).toEqual([
      'some',
      'Sam Morgan',
    ]);
    const [row] = await signatureRows(customer.user.id, 'climbing-wall-enhanced-waiver');
    const signature = row?.signature;
    if (!signature?.expiresAt) throw new Error('no expiry');
    const days = (signature.expiresAt.getTime() - signature.signedAt.getTime()) / dayMs;
    expect(days).toBe(90);
    expect(signature.signedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(body.expires).toEqual({
      date: { full_date: signedDate(signature.expiresAt, 'Europe/London') },
      datetime_string: datetimeString(signature.expiresAt, 'Europe/London'),
    });

    const again = await http.post(url, customer.headers, {
      answers: { experience: 'regular', belay: 'Someone' },
    });
    expect(again.statusCode).toBe(200);
    const rows = await signatureRows(customer.user.id, 'climbing-wall-enhanced-waiver');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.signature.signedAt).toEqual(signature.signedAt);
    expect(rows[0]?.signature.answers).toEqual({ experience: 'some', belay: 'Sam Morgan' });

    const list = (await http.get('/api/my-account/user/waivers', customer.headers)).json().data;
    const climbing = list
      .flatMap((g: { waivers: { slug: string }[] }) => g.waivers)
      .find((w: { slug: string }) => w.slug === 'climbing-wall-enhanced-waiver');
    expect(climbing.signed).not.toBeNull();
  });

  it("dates a signature in the operator's time zone (decision 064)", async () => {
    const customer = await createUser(t.db, clientId);
    await t.db.update(clients).set({ timezone: 'Pacific/Kiritimati' }).where(eq(clients.id, clientId));
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // 13:30 on 1 July in London is 02:30 on 2 July at UTC+14.
      vi.setSystemTime(new Date('2026-07-01T12:30:00Z'));
      const signed = await http.post(
        '/api/my-account/user/waivers/climbing-wall-enhanced-waiver/sign',
        customer.headers,
        {
          answers: { experience: 'some', belay: 'Sam Morgan' },
        },
      );
      expect(signed.statusCode, signed.body).toBe(200);
      expect(signed.json().data.signed).toEqual({
        datetime_string: '02/07/2026 02:30',
        date: { full_date: '2 Jul 2026' },
      });
    } finally {
      vi.useRealTimers();
      await t.db.update(clients).set({ timezone: 'Europe/London' }).where(eq(clients.id, clientId));
    }
  });

  it('a signature that runs out is expired, leaves the list, and signing again renews it', async () => {
    const customer = await createUser(t.db, clientId);
    const url = '/api/my-account/user/waivers/pool-safety-rules';
    expect(
      (await http.post(`${url}/sign`, customer.headers, { answers: { swimmer: 'yes' } })).statusCode,
    ).toBe(200);
    const [row] = await signatureRows(customer.user.id, 'pool-safety-rules');
    if (!row) throw new Error('not signed');
    await t.db
      .update(waiverSignatures)
      .set({ signedAt: new Date(Date.now() - 181 * dayMs), expiresAt: new Date(Date.now() - dayMs) })
      .where(eq(waiverSignatures.id, row.signature.id));

    expect((await http.get(url, customer.headers)).json().data.expired).toBe(true);
    const listed = (await http.get('/api/my-account/user/waivers', customer.headers)).json().data;
    expect(
      listed.flatMap((g: { waivers: { slug: string }[] }) => g.waivers.map((w) => w.slug)),
    ).not.toContain('pool-safety-rules');

    const renewed = await http.post(`${url}/sign`, customer.headers, { answers: { swimmer: 'no' } });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().data.expired).toBe(false);
    const rows = await signatureRows(customer.user.id, 'pool-safety-rules');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.signature.expiresAt?.getTime()).toBeGreaterThan(Date.now() + 179 * dayMs);
    expect(rows[0]?.signature.answers).toEqual({ swimmer: 'no' });
  });

  it('seeds photo@example.com and a member with one signed, one expired and one unsigned waiver', async () => {
    const [photoMember] = await t.db.select().from(users).where(eq(users.email, 'photo@example.com'));
    expect(photoMember).toBeDefined();
    const [alex] = await t.db.select().from(users).where(eq(users.email, 'member@example.com'));
    const rows = await t.db
      .select({ slug: waivers.slug, expiresAt: waiverSignatures.expiresAt })
      .from(waiverSignatures)
      .innerJoin(waivers, eq(waivers.id, waiverSignatures.waiverId))
      .where(eq(waiverSignatures.userId, alex?.id ?? 0));
    const now = Date.now();
    expect(rows.filter((r) => r.expiresAt && r.expiresAt.getTime() > now).map((r) => r.slug)).toEqual([
      'gym-health-declaration',
    ]);
    expect(rows.filter((r) => r.expiresAt && r.expiresAt.getTime() <= now).map((r) => r.slug)).toEqual([
      'pool-safety-rules',
    ]);
    const enhanced = await t.db
      .select()
      .from(waivers)
      .where(eq(waivers.restrictionType, 'enhanced-pre-waiver'));
    expect(enhanced.map((w) => w.slug)).toEqual(['climbing-wall-enhanced-waiver']);
  });
});

describe('checkout asks again for a waiver whose signature has run out', () => {
  let t: TestApp;
  let http: ReturnType<typeof api>;

  beforeAll(async () => {
    t = await startTestApp();
    http = api(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('requires the expired waiver in the basket, and checkout renews the signature', async () => {
    const f = await createFixture(t.db);
    await t.db.update(waivers).set({ validityDays: 30 }).where(eq(waivers.id, f.waiverId));
    const customer = await createUser(t.db, f.clientId);
    const added = await http.post('/api/activities/cart/add', customer.headers, {
      items: [{ id: f.yogaSession.id, type: 'activity' }],
    });
    expect(added.statusCode, added.body).toBe(200);
    const required = () =>
      http
        .get('/api/activities/cart', customer.headers)
        .then((r) => r.json().data.attendee_waivers_required.map((w: { waiver_id: number }) => w.waiver_id));
    expect(await required()).toEqual([f.waiverId]);

    // Signed on the waiver page: no longer asked for.
    const signed = await http.post('/api/my-account/user/waivers/studio-waiver/sign', customer.headers, {});
    expect(signed.statusCode, signed.body).toBe(200);
    expect(await required()).toEqual([]);

    // Run out: asked for again, and checkout without it is refused.
    await t.db
      .update(waiverSignatures)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(waiverSignatures.userId, customer.user.id));
    expect(await required()).toEqual([f.waiverId]);
    const cart = (await http.get('/api/activities/cart', customer.headers)).json().data;
    const refused = await http.post('/api/checkout/complete', customer.headers, {
      item_hash: cart.item_hash,
      terms: [f.termId],
      completed_waivers: [],
      payments: [],
    });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors)).toContain('completed_waivers');

    // Agreeing at checkout renews the one signature for another 30 days.
    const { cardToken, billing } = await import('../../test/factories/basket-fixtures');
    const done = await http.post('/api/checkout/complete', customer.headers, {
      item_hash: cart.item_hash,
      terms: [f.termId],
      completed_waivers: [{ waiver_id: f.waiverId, user_id: customer.user.id }],
      card: { token: await cardToken(t.app), save_card: false, billing },
    });
    expect(done.statusCode, done.body).toBe(200);
    const rows = await t.db
      .select()
      .from(waiverSignatures)
      .where(eq(waiverSignatures.userId, customer.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.expiresAt?.getTime()).toBeGreaterThan(Date.now() + 29 * dayMs);
  });

  it('the seed gives photo@example.com a 400x400 photo when it knows where uploads go', async () => {
    const f = await createFixture(t.db, 'seeded-photo-operator');
    await seedDocumentsAndWaivers(t.db, f.clientId, [], t.config);
    const [photoMember] = await t.db
      .select()
      .from(users)
      .where(and(eq(users.clientId, f.clientId), eq(users.email, 'photo@example.com')));
    if (!photoMember) throw new Error('no photo member');
    const [upload] = await t.db.select().from(uploads).where(eq(uploads.userId, photoMember.id));
    expect(photoMember.profilePhotoUploadId).toBe(upload?.id);
    const meta = await sharp(
      await readProfilePhoto({ db: t.db, config: t.config }, photoMember.id),
    ).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 400, height: 400 });
  });
});
