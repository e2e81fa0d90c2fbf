import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createFixture, createUser, type Fixture } from '../../test/factories/basket-fixtures';
import { startTestApp, type TestApp } from '../../test/harness';

const newVenue = {
  slug: 'harrogate-valley',
  name: 'Valley Gardens Leisure',
  address1: '1 Valley Drive',
  town: 'Harrogate',
  area: 'Yorkshire',
  postcode: 'hg1 2sd',
  lat: 53.99,
  lng: -1.54,
  timezone: 'Europe/London',
  phone: '01423 496 000',
  email: 'valley@example.com',
  opening_hours: {
    monday: { opens: '06:30', closes: '22:00' },
    tuesday: { opens: '06:30', closes: '22:00' },
    wednesday: { opens: '06:30', closes: '22:00' },
    thursday: { opens: '06:30', closes: '22:00' },
    friday: { opens: '06:30', closes: '22:00' },
    saturday: { opens: '08:00', closes: '18:00' },
    sunday: { opens: null, closes: null },
  },
};

describe('the console venues (api/admin/venues)', () => {
  let t: TestApp;
  let f: Fixture;
  let http: ReturnType<typeof api>;
  let admin: Record<string, string>;

  beforeAll(async () => {
    // The operator's rows are kept as in production, so the customer reads below prove they are forgotten.
    t = await startTestApp({ CLIENT_SLUG: 'cart-operator', OPERATOR_CACHE_MS: '30000' });
    f = await createFixture(t.db);
    http = api(t.app);
    admin = (await createUser(t.db, f.clientId, { staff: true })).headers;
  });
  afterAll(async () => {
    await t?.close();
  });

  const patch = (url: string, headers: Record<string, string>, payload: unknown) =>
    t.app.inject({ method: 'PATCH', url, headers, payload: payload as Record<string, unknown> });

  it('an administrator creates a venue (postcode normalised, audited), lists and searches it', async () => {
    const created = await http.post('/api/admin/venues', admin, newVenue);
    expect(created.statusCode).toBe(201);
    const venue = created.json();
    expect(venue).toMatchObject({
      slug: 'harrogate-valley',
      postcode: 'HG1 2SD',
      opening_hours: newVenue.opening_hours,
    });

    const found = await http.get('/api/admin/venues?q=harrogate', admin);
    expect(found.json()).toMatchObject({
      data: [{ id: venue.id }],
      meta: { page: 1, per_page: 25, total: 1 },
    });
    const paged = await http.get('/api/admin/venues?per_page=1&page=2', admin);
    expect(paged.json().data).toHaveLength(1);
    expect(paged.json().meta.total).toBe(2);

    const audit = await http.get(`/api/admin/audit-events?entity_type=venue&entity_id=${venue.id}`, admin);
    if (audit.statusCode === 200) expect(audit.json().data[0]).toMatchObject({ action: 'venue.create' });

    // Customers see it on their next page load.
    const customer = await http.get('/api/activities/venues', {});
    expect(customer.json().data.map((v: { slug: string }) => v.slug)).toContain('harrogate-valley');
  });

  it('refuses a clashing slug, a bad postcode, time zone, hours, position and email with field errors', async () => {
    const clash = await http.post('/api/admin/venues', admin, { ...newVenue, slug: 'cart-venue' });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors).toHaveProperty('slug');
    const bad = await http.post('/api/admin/venues', admin, {
      ...newVenue,
      slug: 'Bad Slug',
      postcode: 'NOT A POSTCODE',
      timezone: 'Mars/Olympus',
      lat: 1e308,
      email: 'nope',
      opening_hours: { ...newVenue.opening_hours, monday: { opens: '22:00', closes: '06:00' } },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(
      expect.arrayContaining(['slug', 'postcode', 'timezone', 'lat', 'email', 'opening_hours.monday.closes']),
    );
    const control = await http.post('/api/admin/venues', admin, {
      ...newVenue,
      slug: 'x-y',
      name: 'A\u0007B',
    });
    expect(control.statusCode).toBe(422);
  });

  it('changes a venue (never its slug) and customers see the change at once', async () => {
    const before = await http.get('/api/activities/venues', {});
    expect(before.json().data.find((v: { slug: string }) => v.slug === 'cart-venue').name).toBe('Cart Venue');
    const changed = await patch(`/api/admin/venues/${f.venue.id}`, admin, {
      name: 'Cart Venue Renamed',
      lat: 54.1,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ slug: 'cart-venue', name: 'Cart Venue Renamed', lat: 54.1 });
    const after = await http.get('/api/activities/venues', {});
    expect(after.json().data.find((v: { slug: string }) => v.slug === 'cart-venue')).toMatchObject({
      name: 'Cart Venue Renamed',
      lat: 54.1,
    });
    const slug = await patch(`/api/admin/venues/${f.venue.id}`, admin, { slug: 'other' });
    expect(slug.statusCode).toBe(422);
  });

  it('a venue manager changes only their venues and cannot create one; front desk cannot at all', async () => {
    const manager = (await createUser(t.db, f.clientId, { staff: 'venue-manager', venueIds: [f.venue.id] }))
      .headers;
    const other = (await http.get('/api/admin/venues?q=harrogate', admin)).json().data[0];
    expect(
      (await patch(`/api/admin/venues/${f.venue.id}`, manager, { phone: '0113 496 0000' })).statusCode,
    ).toBe(200);
    expect(
      (await patch(`/api/admin/venues/${other.id}`, manager, { phone: '0113 496 0000' })).statusCode,
    ).toBe(403);
    expect(
      (await http.post('/api/admin/venues', manager, { ...newVenue, slug: 'manager-made' })).statusCode,
    ).toBe(403);
    const desk = (await createUser(t.db, f.clientId, { staff: 'front-desk' })).headers;
    expect((await http.get('/api/admin/venues', desk)).statusCode).toBe(403);
    expect((await http.get('/api/admin/venues', {})).statusCode).toBe(401);
  });

  it('answers 404 for unknown and absurd ids, 422 for absurd paging', async () => {
    expect((await http.get('/api/admin/venues/999999', admin)).statusCode).toBe(404);
    expect((await http.get('/api/admin/venues/99999999999999', admin)).statusCode).toBe(422);
    expect((await http.get('/api/admin/venues/abc', admin)).statusCode).toBe(422);
    expect((await http.get('/api/admin/venues?per_page=100000', admin)).statusCode).toBe(422);
  });
});
