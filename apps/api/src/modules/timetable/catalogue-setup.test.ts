import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, occurrences } from '../../db/schema';
import { zonedTimeToUtc } from '../../lib/dates';
import { api, createFixture, createUser, type Fixture, london } from '../../test/factories/basket-fixtures';
import { startTestApp, type TestApp } from '../../test/harness';

describe('the console catalogue (api/admin activity-categories, activities, locations, prices)', () => {
  let t: TestApp;
  let f: Fixture;
  let http: ReturnType<typeof api>;
  let admin: Record<string, string>;
  let manager: Record<string, string>;
  let categoryId: number;

  beforeAll(async () => {
    // Kept as in production: each customer read after a change proves the change was not missed.
    t = await startTestApp({ CLIENT_SLUG: 'cart-operator', OPERATOR_CACHE_MS: '30000' });
    f = await createFixture(t.db);
    http = api(t.app);
    admin = (await createUser(t.db, f.clientId, { staff: true })).headers;
    manager = (await createUser(t.db, f.clientId, { staff: 'venue-manager', venueIds: [f.venue.id] }))
      .headers;
  });
  afterAll(async () => {
    await t?.close();
  });

  const patch = (url: string, headers: Record<string, string>, payload: unknown) =>
    t.app.inject({ method: 'PATCH', url, headers, payload: payload as Record<string, unknown> });
  const timesUrl = (activity: string) =>
    `/api/activities/venue/cart-venue/activity/${activity}/v2/times?date=${f.tomorrow}`;

  it('creates a category tree in order and refuses a cycle, an unknown parent and a taken slug', async () => {
    const root = await http.post('/api/admin/activity-categories', admin, {
      slug: 'water',
      name: 'Water',
      position: 5,
    });
    expect(root.statusCode).toBe(201);
    const child = await http.post('/api/admin/activity-categories', admin, {
      slug: 'diving',
      name: 'Diving',
      parent_id: root.json().id,
    });
    expect(child.statusCode).toBe(201);
    categoryId = child.json().id;
    const cycle = await patch(`/api/admin/activity-categories/${root.json().id}`, admin, {
      parent_id: categoryId,
    });
    expect(cycle.statusCode).toBe(422);
    expect(cycle.json().errors).toHaveProperty('parent_id');
    const unknown = await http.post('/api/admin/activity-categories', admin, {
      slug: 'x',
      name: 'X',
      parent_id: 999999,
    });
    expect(unknown.json().errors).toHaveProperty('parent_id');
    const taken = await http.post('/api/admin/activity-categories', admin, {
      slug: 'sports',
      name: 'Sports',
    });
    expect(taken.json().errors).toHaveProperty('slug');
    expect(
      (await http.post('/api/admin/activity-categories', manager, { slug: 'm', name: 'M' })).statusCode,
    ).toBe(403);
    const list = await http.get('/api/admin/activity-categories?q=div', admin);
    expect(list.json()).toMatchObject({
      data: [{ slug: 'diving', parent_id: root.json().id }],
      meta: { total: 1 },
    });
  });

  it('creates an activity with prices offered at a venue; customers see it at once; audited', async () => {
    const created = await http.post('/api/admin/activities', admin, {
      slug: 'springboard',
      name: 'Springboard Diving',
      category_id: categoryId,
      kind: 'class',
      duration_minutes: 45,
      booking_window_days: 3,
      booking_opens_at: '22:00',
      tags: ['Adults'],
      venue_ids: [f.venue.id],
      pricing: [{ name: 'Standard', tickets: [{ name: 'Adult', amount: 650 }] }],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ slug: 'springboard', venue_ids: [f.venue.id], kind: 'class' });
    const pricing = await http.get(`/api/admin/activities/${created.json().id}/pricing-options`, admin);
    expect(pricing.json().data).toMatchObject([
      { name: 'Standard', tickets: [{ name: 'Adult', amount: 650 }] },
    ]);
    const categories = await http.get('/api/activities/venue/cart-venue/categories', {});
    expect(JSON.stringify(categories.json())).toContain('"water"');
    const diving = await http.get('/api/activities/venue/cart-venue/categories/diving', {});
    expect(JSON.stringify(diving.json())).toContain('springboard');
    const [entry] = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.entityType, 'activity'), eq(auditEvents.entityId, String(created.json().id))),
      );
    expect(entry).toMatchObject({ action: 'activity.create' });

    const bad = await http.post('/api/admin/activities', admin, {
      slug: 'badminton-40min',
      name: 'Dup',
      category_id: categoryId,
      kind: 'court',
      duration_minutes: 2,
      venue_ids: [999999],
      pricing: [],
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['duration_minutes', 'pricing']));
  });

  it("a changed release rule moves the opening of the activity's future sessions by the timetable's rule", async () => {
    const changed = await patch(`/api/admin/activities/${f.badminton.id}`, admin, {
      booking_window_days: 0,
      booking_opens_at: '07:00',
    });
    expect(changed.statusCode).toBe(200);
    const session = f.courtSessions[0];
    if (!session) throw new Error('no court session');
    const [row] = await t.db.select().from(occurrences).where(eq(occurrences.id, session.id));
    expect(row?.firstBookableAt.toISOString()).toBe(
      zonedTimeToUtc(f.tomorrow, '07:00', london).toISOString(),
    );
    // Only an administrator changes an activity's details; a venue manager may change its offer at their venue.
    expect((await patch(`/api/admin/activities/${f.badminton.id}`, manager, { name: 'X' })).statusCode).toBe(
      403,
    );
    expect(
      (await patch(`/api/admin/activities/${f.badminton.id}`, manager, { venue_ids: [f.venue.id] }))
        .statusCode,
    ).toBe(200);
  });

  it('a ticket price change shows on the next customer read; front desk may not change prices', async () => {
    // Back to the fixture's rule (the test above moved the opening past tomorrow's sessions).
    await patch(`/api/admin/activities/${f.badminton.id}`, admin, {
      booking_window_days: 7,
      booking_opens_at: null,
    });
    const before = await http.get(timesUrl('badminton-40min'), {});
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().data[0].price.formatted_amount).toBe('£5.92');
    const pricing = (await http.get(`/api/admin/activities/${f.badminton.id}/pricing-options`, admin)).json()
      .data;
    const ticket = pricing.find((o: { for_members: boolean }) => !o.for_members).tickets[0];
    const desk = (await createUser(t.db, f.clientId, { staff: 'front-desk' })).headers;
    expect((await patch(`/api/admin/tickets/${ticket.id}`, desk, { amount: 1 })).statusCode).toBe(403);
    const changed = await patch(`/api/admin/tickets/${ticket.id}`, admin, { amount: 640 });
    expect(changed.json()).toMatchObject({ amount: 640 });
    const after = await http.get(timesUrl('badminton-40min'), {});
    expect(after.json().data[0].price.formatted_amount).toBe('£6.40');
    expect((await patch(`/api/admin/tickets/${ticket.id}`, admin, { amount: -1 })).statusCode).toBe(422);
    expect((await patch(`/api/admin/tickets/${ticket.id}`, admin, { amount: 1e20 })).statusCode).toBe(422);
    // The last price for everyone cannot become a members' price.
    const standard = pricing.find((o: { for_members: boolean }) => !o.for_members);
    expect(
      (await patch(`/api/admin/pricing-options/${standard.id}`, admin, { for_members: true })).statusCode,
    ).toBe(422);
    const option = await http.post(`/api/admin/activities/${f.badminton.id}/pricing-options`, admin, {
      name: 'Off-peak',
    });
    expect(option.statusCode).toBe(201);
    const junior = await http.post(`/api/admin/pricing-options/${option.json().id}/tickets`, admin, {
      name: 'Junior',
      amount: 300,
    });
    expect(junior.statusCode).toBe(201);
  });

  it("manages a venue's locations within the venue manager's venues", async () => {
    const created = await http.post('/api/admin/locations', manager, {
      venue_id: f.venue.id,
      slug: 'court-9',
      name: 'Court 9',
      area: 'Sports Hall',
      position: 9,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ type: 'resource', position: 9 });
    const clash = await http.post('/api/admin/locations', manager, {
      venue_id: f.venue.id,
      slug: 'court-9',
      name: 'Again',
      area: 'Sports Hall',
    });
    expect(clash.json().errors).toHaveProperty('slug');
    const renamed = await patch(`/api/admin/locations/${created.json().id}`, manager, { name: 'Court Nine' });
    expect(renamed.json()).toMatchObject({ name: 'Court Nine', slug: 'court-9' });
    const list = await http.get(`/api/admin/locations?venue_id=${f.venue.id}&q=nine`, manager);
    expect(list.json().meta.total).toBe(1);
    const otherVenue = await http.post('/api/admin/venues', admin, {
      slug: 'elsewhere',
      name: 'Elsewhere',
      address1: '1 Road',
      town: 'York',
      postcode: 'YO1 7HH',
      lat: 53.96,
      lng: -1.08,
    });
    const refused = await http.post('/api/admin/locations', manager, {
      venue_id: otherVenue.json().id,
      slug: 'c1',
      name: 'C1',
      area: 'Hall',
    });
    expect(refused.statusCode).toBe(403);
    expect((await http.get('/api/admin/locations/999999', admin)).statusCode).toBe(404);
    expect((await http.get('/api/admin/locations', admin)).statusCode).toBe(422);
  });
});
