import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { auditEvents, clients, memberships, venues } from '../../db/schema';
import { seedIfEmpty } from '../../seed/seed';
import { api, createUser } from '../../test/factories/basket-fixtures';
import { startTestApp, type TestApp } from '../../test/harness';

// The console's Memberships area through HTTP (issue 47): categories, types, payment options, freeze
// types and questions; who may change them; the audit; and the customer side seeing each change.

describe('console: memberships set-up', () => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let replica: Awaited<ReturnType<typeof buildApp>>;
  let clientId: number;
  let leedsId: number;
  let admin: Record<string, string>;
  let frontDesk: Record<string, string>;
  let manager: Record<string, string>;

  const send = (
    method: 'POST' | 'PATCH' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: unknown,
  ) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

  beforeAll(async () => {
    t = await startTestApp();
    await seedIfEmpty(t.db, t.config);
    http = api(t.app);
    // A second instance of the API on the same database: another replica, with caches of its own.
    replica = await buildApp({ config: t.config, database: t.database });
    await replica.ready();
    clientId = (await t.db.select().from(clients))[0]?.id ?? 0;
    leedsId = (await t.db.select().from(venues).where(eq(venues.slug, 'leeds-riverside')))[0]?.id ?? 0;
    admin = (await createUser(t.db, clientId, { staff: true })).headers;
    frontDesk = (await createUser(t.db, clientId, { staff: 'front-desk' })).headers;
    manager = (await createUser(t.db, clientId, { staff: 'venue-manager', venueIds: [leedsId] })).headers;
    // Seeding the demo operator takes a while on a busy machine.
  }, 180_000);
  afterAll(async () => {
    await replica?.close();
    await t?.close();
  });

  const customerTypes = async () => {
    const res = await replica.inject({ method: 'GET', url: `/api/memberships/types?venue_id=${leedsId}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      id: number;
      slug: string;
      name: string;
      benefits: { name: string }[];
      categories: { name: string }[];
      payment_options: {
        id: number;
        name: string;
        payment_type: string;
        total_to_pay_now: { raw: number };
      }[];
    }[];
  };

  it('creates a category, a type with a monthly and a single-payment option, a freeze type and a question, each audited and seen by customers at once', async () => {
    const category = await send('POST', '/api/admin/membership-categories', admin, { name: 'Wellness' });
    expect(category.statusCode, category.body).toBe(201);
    const categoryId = category.json().id;

    const created = await send('POST', '/api/admin/membership-types', admin, {
      name: 'Spa & Gym',
      description: '<p>Gym and spa.</p>',
      coverage: 'local',
      category_ids: [categoryId],
      sold_at_venue_ids: [leedsId],
      benefits: [
        { name: 'Guest passes', kind: 'guest_pass', total_uses: 3, frequency: 'months' },
        { name: 'Towel service', kind: 'other' },
      ],
      eligibility: {
        name: 'Adults',
        min_age: 18,
        max_age: null,
        requires_document: false,
        document_types: [],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const type = created.json();
    expect(type).toMatchObject({
      slug: 'spa-gym',
      category_ids: [categoryId],
      sold_at_venue_ids: [leedsId],
      active: true,
      eligibility: { name: 'Adults', min_age: 18 },
    });
    expect(type.benefits.map((b: { name: string }) => b.name)).toEqual(['Guest passes', 'Towel service']);

    const monthly = await send('POST', `/api/admin/membership-types/${type.id}/payment-options`, admin, {
      name: 'Monthly',
      payment_type: 'recurring',
      base_fee: 4500,
      joining_fee: 2000,
    });
    expect(monthly.statusCode, monthly.body).toBe(201);
    expect(monthly.json()).toMatchObject({ month_in_hand: true, fixed_duration: null });
    const single = await send('POST', `/api/admin/membership-types/${type.id}/payment-options`, admin, {
      name: '12 months',
      payment_type: 'fixed',
      base_fee: 45000,
      fixed_duration: 12,
      fixed_period: 'month',
      position: 1,
    });
    expect(single.statusCode, single.body).toBe(201);

    const freeze = await send('POST', '/api/admin/freeze-types', admin, {
      reason: 'Injury',
      time_periods: [3, 1, 2],
      proof_description: "A doctor's note",
      proof_document_type: 'Medical note',
    });
    expect(freeze.statusCode, freeze.body).toBe(201);
    expect(freeze.json().time_periods).toEqual([1, 2, 3]);

    const question = await send('POST', `/api/admin/membership-types/${type.id}/questions`, admin, {
      reference: 'spa_treatment',
      label: 'Which treatment would you like first?',
      type: 'select',
      options: [
        { value: 'massage', label: 'Massage' },
        { value: 'facial', label: 'Facial' },
      ],
      is_required: true,
    });
    expect(question.statusCode, question.body).toBe(201);

    // The customer side (through another replica) sees it on its next load.
    const sold = (await customerTypes()).find((row) => row.id === type.id);
    expect(sold?.name).toBe('Spa & Gym');
    expect(sold?.categories.map((c) => c.name)).toEqual(['Wellness']);
    expect(sold?.payment_options.map((o) => [o.name, o.payment_type])).toEqual([
      ['Monthly', 'recurring'],
      ['12 months', 'fixed'],
    ]);
    expect(sold?.payment_options[1]?.total_to_pay_now.raw).toBe(45000);
    const freezeTypes = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.entityType, 'freeze-type'), eq(auditEvents.entityId, String(freeze.json().id))),
      );
    expect(freezeTypes.map((e) => [e.action, e.actorEmail !== null])).toEqual([['freeze-type.create', true]]);

    const actions = (await t.db.select().from(auditEvents)).map((e) => e.action);
    for (const action of [
      'membership-category.create',
      'membership-type.create',
      'membership-payment-option.create',
      'membership-question.create',
    ]) {
      expect(actions).toContain(action);
    }

    // Archiving takes it off sale at once; it is kept, never deleted.
    const archived = await send('PATCH', `/api/admin/membership-types/${type.id}`, admin, { active: false });
    expect(archived.statusCode, archived.body).toBe(200);
    expect((await customerTypes()).some((row) => row.id === type.id)).toBe(false);
    const [event] = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'membership-type.archive'), eq(auditEvents.entityId, String(type.id))),
      );
    expect(event?.before).toMatchObject({ type: { active: true } });
    expect(event?.after).toMatchObject({ type: { active: false } });

    const list = await http.get('/api/admin/membership-types?q=spa&per_page=5', admin);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({
      data: [{ id: type.id, active: false, categories: ['Wellness'], payment_option_count: 2 }],
      meta: { page: 1, per_page: 5, total: 1 },
    });
  });

  it('changes a type: its name, benefits and venues show on the next load', async () => {
    const types = await customerTypes();
    const gym = types.find((row) => row.slug === 'off-peak');
    if (!gym) throw new Error('no off-peak');
    const changed = await send('PATCH', `/api/admin/membership-types/${gym.id}`, admin, {
      name: 'Off-Peak Plus',
      benefits: [{ name: 'Sauna', kind: 'other' }],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = (await customerTypes()).find((row) => row.id === gym.id);
    expect(after?.name).toBe('Off-Peak Plus');
    expect(after?.benefits.map((b) => b.name)).toEqual(['Sauna']);
  });

  it('a new price applies to new purchases only: existing memberships keep what they were priced with', async () => {
    const gym = (await customerTypes()).find((row) => row.slug === 'anytime-gym');
    const option = gym?.payment_options.find((o) => o.payment_type === 'recurring');
    if (!option) throw new Error('no monthly anytime gym');
    const existing = await t.db.select().from(memberships).where(eq(memberships.paymentOptionId, option.id));
    expect(existing.length).toBeGreaterThan(0);

    const res = await send('PATCH', `/api/admin/membership-payment-options/${option.id}`, admin, {
      base_fee: 3999,
      joining_fee: 0,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: option.id, base_fee: 3999, joining_fee: 0 });

    const kept = await t.db.select().from(memberships).where(eq(memberships.paymentOptionId, option.id));
    expect(kept.map((m) => m.costs)).toEqual(existing.map((m) => m.costs));
    const price = await replica.inject({
      method: 'GET',
      url: `/api/memberships/types/${gym?.id}/payment-options/${option.id}?venue_id=${leedsId}`,
    });
    expect(price.statusCode, price.body).toBe(200);
    expect(price.json().data).toMatchObject({
      fees: { joining_fee: { raw: 0 } },
      global_base_price: { raw: 3999 },
    });

    const [event] = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'membership-payment-option.update'));
    expect(event?.before).toMatchObject({ baseFee: 3499 });
    expect(event?.after).toMatchObject({ baseFee: 3999 });
  });

  it('refuses staff without the permission (403) and a venue-scoped role (403)', async () => {
    const gymId = (await customerTypes())[0]?.id;
    expect((await http.get('/api/admin/membership-types', frontDesk)).statusCode).toBe(403);
    expect((await http.get('/api/admin/membership-types', {})).statusCode).toBe(401);
    expect(
      (await send('POST', '/api/admin/freeze-types', frontDesk, { reason: 'x', time_periods: [1] }))
        .statusCode,
    ).toBe(403);
    // A venue manager may change prices, but not the whole operator's membership options.
    const price = await send('POST', `/api/admin/membership-types/${gymId}/payment-options`, manager, {
      name: 'Cheap',
      payment_type: 'recurring',
      base_fee: 100,
    });
    expect(price.statusCode, price.body).toBe(403);
    expect(
      (await send('PATCH', `/api/admin/membership-types/${gymId}`, manager, { name: 'x' })).statusCode,
    ).toBe(403);
  });

  it('answers 4xx, never 5xx, to bad input, and 404 for what is not there', async () => {
    const gymId = (await customerTypes())[0]?.id;
    const cases: [string, string, unknown, number][] = [
      ['POST', '/api/admin/membership-types', { name: 'A\u0007b', coverage: 'local' }, 422],
      [
        'POST',
        '/api/admin/membership-types',
        { name: 'X', coverage: 'local', sold_at_venue_ids: [999999] },
        422,
      ],
      ['POST', '/api/admin/membership-types', { name: 'Off-Peak', slug: 'off-peak', coverage: 'local' }, 422],
      [
        'POST',
        `/api/admin/membership-types/${gymId}/payment-options`,
        { name: 'A', payment_type: 'fixed', base_fee: 1 },
        422,
      ],
      [
        'POST',
        `/api/admin/membership-types/${gymId}/payment-options`,
        { name: 'A', payment_type: 'recurring', base_fee: 1e15 },
        422,
      ],
      [
        'POST',
        `/api/admin/membership-types/${gymId}/payment-options`,
        { name: 'A', payment_type: 'recurring', base_fee: null },
        422,
      ],
      [
        'POST',
        '/api/admin/membership-types/99999999999/payment-options',
        { name: 'A', payment_type: 'recurring', base_fee: 1 },
        422,
      ],
      [
        'POST',
        '/api/admin/membership-types/999999/payment-options',
        { name: 'A', payment_type: 'recurring', base_fee: 1 },
        404,
      ],
      ['PATCH', '/api/admin/membership-payment-options/999999', { base_fee: 1 }, 404],
      ['PATCH', '/api/admin/freeze-types/999999', { reason: 'x' }, 404],
      ['POST', '/api/admin/freeze-types', { reason: 'x', time_periods: [] }, 422],
      [
        'POST',
        '/api/admin/freeze-types',
        { reason: 'x', time_periods: [1], min_start_days_ahead: 10, max_start_days_ahead: 2 },
        422,
      ],
      [
        'POST',
        `/api/admin/membership-types/${gymId}/questions`,
        { reference: 'a', label: 'A', type: 'select' },
        422,
      ],
      [
        'POST',
        `/api/admin/membership-types/${gymId}/questions`,
        { reference: 'heard_about_us', label: 'A', type: 'text' },
        422,
      ],
      ['DELETE', '/api/admin/membership-questions/999999', undefined, 404],
      ['POST', '/api/admin/membership-categories', { name: 'Gym' }, 422],
    ];
    for (const [method, url, body, status] of cases) {
      const res = await send(method as 'POST', url, admin, body);
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(status);
    }
  });
});
