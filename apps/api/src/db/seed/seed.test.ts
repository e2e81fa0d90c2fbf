import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness';
import { clients, users, venues } from '../schema';
import { demoVenues } from './operator';
import { seedIfEmpty } from './seed';

describe('seedIfEmpty', () => {
  let t: TestApp;
  let firstRun: boolean;
  beforeAll(async () => {
    t = await startTestApp();
    firstRun = await seedIfEmpty(t.db, t.config);
  });
  afterAll(async () => t.close());

  it('seeds an empty database once; a second call (a restart) changes nothing', async () => {
    expect(firstRun).toBe(true);
    const venuesBefore = await t.db.select({ n: count() }).from(venues);
    expect(await seedIfEmpty(t.db, t.config)).toBe(false);
    expect(await t.db.select({ n: count() }).from(clients)).toEqual([{ n: 1 }]);
    expect(await t.db.select({ n: count() }).from(venues)).toEqual(venuesBefore);
  });

  it('seeds at least 8 venues in different towns, at valid coordinates in the UK', async () => {
    const rows = await t.db.select().from(venues);
    expect(rows.length).toBeGreaterThanOrEqual(8);
    expect(new Set(rows.map((venue) => venue.town)).size).toBe(rows.length);
    for (const venue of rows) {
      expect(venue.lat, venue.slug).toBeGreaterThanOrEqual(-90);
      expect(venue.lat, venue.slug).toBeLessThanOrEqual(90);
      expect(venue.lng, venue.slug).toBeGreaterThanOrEqual(-180);
      expect(venue.lng, venue.slug).toBeLessThanOrEqual(180);
      // Great Britain's bounding box: real UK coordinates, not (0, 0) placeholders.
      expect(venue.lat, venue.slug).toBeGreaterThan(49.8);
      expect(venue.lat, venue.slug).toBeLessThan(60.9);
      expect(venue.lng, venue.slug).toBeGreaterThan(-8.7);
      expect(venue.lng, venue.slug).toBeLessThan(1.8);
      expect(venue.postcode, venue.slug).toMatch(/^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/);
    }
  });

  it('serves the operator with every setting the brief asks for', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/client' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      app_name: 'Riverside Leisure',
      currency: 'GBP',
      online_joining_enabled: true,
      online_joining_map_enabled: true,
      online_guest_passes_enabled: true,
      credits_enabled: true,
      activities_v2_enabled: false,
      display_venue_selection_button: true,
      eligibility_days_allowance: 14,
      kiosk_home_url: null,
    });
  });

  it('gives at least three venues a theme that visibly differs from the operator theme', async () => {
    const operator = (await t.app.inject({ method: 'GET', url: '/api/frontend/theme' })).json().data;
    expect(operator).toMatchObject({
      theme_app_heading_font_style: 'garage_gothic',
      theme_app_body_font_style: 'roboto',
      theme_app_secondary_button_style: 'solid',
    });
    const differing: string[] = [];
    for (const venue of demoVenues) {
      const res = await t.app.inject({ method: 'GET', url: `/api/frontend/theme?venue=${venue.slug}` });
      expect(res.statusCode, venue.slug).toBe(200);
      if (JSON.stringify(res.json().data) !== JSON.stringify(operator)) differing.push(venue.slug);
    }
    expect(differing.length).toBeGreaterThanOrEqual(3);

    const york = (
      await t.app.inject({ method: 'GET', url: '/api/frontend/theme?venue=york-ouse-bank' })
    ).json();
    expect(york.data.theme_app_primary_colour).toBe('#0B7A75');
    const sheffield = (
      await t.app.inject({ method: 'GET', url: '/api/frontend/theme?venue=sheffield-don-valley' })
    ).json();
    expect(sheffield.data).toMatchObject({
      theme_app_secondary_button_style: 'outline',
      theme_app_body_font_style: 'lato',
    });
  });

  it('gives each venue its own footer with its address, and the operator a default footer', async () => {
    const operatorFooter = (await t.app.inject({ method: 'GET', url: '/api/activities/footer' })).json().data;
    expect(operatorFooter).toContain('Riverside Leisure');
    for (const venue of demoVenues) {
      const res = await t.app.inject({ method: 'GET', url: `/api/activities/footer?venue=${venue.slug}` });
      expect(res.statusCode, venue.slug).toBe(200);
      const html: string = res.json().data;
      expect(html).toContain(venue.postcode);
      expect(html).toContain('Opening hours');
      expect(html).toContain('href="tel:');
      expect(html).not.toContain('<script');
    }
  });

  it('seeds two long registration terms and checkout terms', async () => {
    const registration = (await t.app.inject({ method: 'GET', url: '/api/terms' })).json().data;
    expect(registration.map((term: { title: string }) => term.title)).toEqual([
      'Terms and Conditions',
      'Privacy Policy',
    ]);
    for (const term of registration) expect(term.html.length).toBeGreaterThan(2000);
    const checkout = (await t.app.inject({ method: 'GET', url: '/api/terms?cart_id=1' })).json().data;
    expect(checkout.length).toBeGreaterThanOrEqual(1);
  });

  it('seeds the demo member and the staff user through the accounts seed', async () => {
    const emails = await t.db
      .select({ email: users.email, role: users.role })
      .from(users)
      .where(sql`lower(${users.email}) in ('member@example.com', 'staff@example.com')`);
    expect(emails.map((user) => user.email).sort()).toEqual(['member@example.com', 'staff@example.com']);
    const [client] = await t.db.select({ id: clients.id }).from(clients);
    const seededUsers = await t.db
      .select({ n: count() })
      .from(users)
      .where(eq(users.clientId, client?.id ?? -1));
    expect(seededUsers[0]?.n).toBeGreaterThanOrEqual(2);
  });
});
