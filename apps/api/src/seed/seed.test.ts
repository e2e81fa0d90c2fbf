import { count, eq, max, min, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, clients, locations, occurrences, users, venues, waivers } from '../db/schema';
import { addDays, localDateOf } from '../lib/dates';
import { startTestApp, type TestApp } from '../test/harness';
import { demoMember } from './accounts';
import { demoMemberCredit } from './baskets';
import { demoCourtBenefitUses, demoCourtMember } from './court-benefits';
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
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/customer/login',
      payload: { username: demoMember.email, password: demoMember.password },
    });
    const headers = { authorization: `Bearer ${login.json().token}` };
    const cart = (await t.app.inject({ method: 'GET', url: '/api/activities/cart', headers })).json().data;
    const checkout = (await t.app.inject({ method: 'GET', url: `/api/terms?cart_id=${cart.id}` })).json()
      .data;
    expect(checkout.length).toBeGreaterThanOrEqual(1);
    // The demo member has general credit to spend at checkout.
    expect(cart.credits.general.total_available).toBe(demoMemberCredit);
  });

  it('seeds the studio safety waiver for the waiver-needing class', async () => {
    const [waiver] = await t.db.select().from(waivers).where(eq(waivers.slug, 'studio-safety-waiver'));
    const [spin] = await t.db.select().from(activities).where(eq(activities.slug, 'spin-express'));
    expect(spin?.needsWaiver).toBe(true);
    expect(waiver).toMatchObject({ activityId: spin?.id, title: 'Studio safety waiver' });
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
  describe('the court-benefit member (courts@example.com)', () => {
    type Slot = {
      id: number;
      action_to_show: { status: string | null };
    };
    type Benefit = { name: string; remaining_uses: number | null };

    it('keeps the Racquets Club type out of the online joining catalogue (sold at reception)', async () => {
      for (const venue of await t.db.select({ id: venues.id, slug: venues.slug }).from(venues)) {
        const res = await t.app.inject({ method: 'GET', url: `/api/memberships/types?venue_id=${venue.id}` });
        expect(res.statusCode, venue.slug).toBe(200);
        const names = res.json().data.map((type: { name: string }) => type.name);
        expect(names, venue.slug).toHaveLength(7);
        expect(names, venue.slug).not.toContain('Racquets Club');
      }
    });

    it('books a badminton court free through the membership benefit and checks out with payments: []', async () => {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/customer/login',
        payload: { username: demoCourtMember.email, password: demoCourtMember.password },
      });
      expect(login.statusCode, login.body).toBe(200);
      const headers = { authorization: `Bearer ${login.json().token}` };
      const courtBenefit = async () => {
        const res = await t.app.inject({ method: 'GET', url: '/api/my-account/user/memberships', headers });
        expect(res.statusCode, res.body).toBe(200);
        const [membership] = res.json().data;
        expect(membership).toMatchObject({ status: 'active', membership_type: { name: 'Racquets Club' } });
        return membership.benefits.find((b: Benefit) => b.name === 'Free badminton (60 minute)') as Benefit;
      };
      expect((await courtBenefit()).remaining_uses).toBe(demoCourtBenefitUses);

      const tomorrow = addDays(localDateOf(new Date(), 'Europe/London'), 1);
      const slots = await t.app.inject({
        method: 'GET',
        url: `/api/activities/venue/leeds-riverside/activity/badminton-60min/v2/slots?date=${tomorrow}`,
        headers,
      });
      expect(slots.statusCode, slots.body).toBe(200);
      const slot = (slots.json().data as Slot[]).find((s) => s.action_to_show.status === 'BOOK');
      if (!slot) throw new Error('no bookable badminton court tomorrow');

      const add = await t.app.inject({
        method: 'POST',
        url: '/api/activities/cart/add',
        headers,
        payload: { items: [{ id: slot.id, type: 'activity' }] },
      });
      expect(add.statusCode, add.body).toBe(200);
      const cart = add.json().data;
      expect(cart.total).toBe(0);
      expect(cart.items).toHaveLength(1);
      expect(cart.items[0].price).toMatchObject({ raw: 0, formatted: '£0.00', benefit_applied: true });

      const terms = (await t.app.inject({ method: 'GET', url: `/api/terms?cart_id=${cart.id}` })).json().data;
      const complete = await t.app.inject({
        method: 'POST',
        url: '/api/checkout/complete',
        headers,
        payload: {
          item_hash: cart.item_hash,
          terms: terms.map((term: { id: number }) => term.id),
          payments: [],
        },
      });
      expect(complete.statusCode, complete.body).toBe(200);
      const orderId = complete.json().complete_order_id;
      const order = await t.app.inject({ method: 'GET', url: `/api/my-account/orders/${orderId}`, headers });
      expect(order.statusCode, order.body).toBe(200);
      expect(order.json().data).toMatchObject({ total: 0, formatted_total: '£0.00', payments: [] });
      expect(order.json().data.items[0].price).toMatchObject({ raw: 0, benefit_applied: true });
      // The booking used one of the week's free courts.
      expect((await courtBenefit()).remaining_uses).toBe(demoCourtBenefitUses - 1);
    });
  });
  describe('activities and the rolling timetable', () => {
    const tomorrow = () => addDays(localDateOf(new Date(), 'Europe/London'), 1);
    const offered = async (venue: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/activities/venue/${venue}/activity-category/racquet-sports/dates`,
        })
      ).statusCode;
    const times = async (venue: string, activity: string, path = 'times') =>
      t.app.inject({
        method: 'GET',
        url: `/api/activities/venue/${venue}/activity/${activity}/${path}?date=${tomorrow()}`,
      });

    it('offers badminton-40min and badminton-60min, with sessions tomorrow, at every venue with a sports hall', async () => {
      const halls = await t.db
        .selectDistinct({ slug: venues.slug })
        .from(locations)
        .innerJoin(venues, eq(venues.id, locations.venueId))
        .where(eq(locations.area, 'Sports Hall'));
      expect(halls.length).toBeGreaterThanOrEqual(5);
      for (const { slug } of halls) {
        expect(await offered(slug), slug).toBe(200);
        for (const activity of ['badminton-40min', 'badminton-60min']) {
          const res = await times(slug, activity);
          expect(res.statusCode, `${slug} ${activity}`).toBe(200);
          const data = res.json().data;
          expect(data.length, `${slug} ${activity}`).toBeGreaterThan(0);
          expect(data[0].location).toBe('Multiple');
        }
      }
    });

    it('offers fitness-classes-c (a class) and swim-for-fitness (lanes) at half the venues or more', async () => {
      for (const [activity, path] of [
        ['fitness-classes-c', 'timetable'],
        ['swim-for-fitness', 'v2/times'],
      ] as const) {
        let at = 0;
        for (const venue of demoVenues) {
          const res = await times(venue.slug, activity, path);
          if (res.statusCode === 200 && res.json().data.length > 0) at++;
        }
        expect(at, activity).toBeGreaterThanOrEqual(Math.ceil(demoVenues.length / 2));
      }
    });

    it('generates at least 14 days of sessions ahead for every venue', async () => {
      const rows = await t.db
        .select({
          venueId: occurrences.venueId,
          first: min(occurrences.startsAt),
          last: max(occurrences.startsAt),
        })
        .from(occurrences)
        .groupBy(occurrences.venueId);
      expect(rows).toHaveLength(demoVenues.length);
      const twoWeeks = addDays(localDateOf(new Date(), 'Europe/London'), 14);
      for (const row of rows) {
        expect(localDateOf(row.last ?? new Date(0), 'Europe/London') >= twoWeeks, String(row.venueId)).toBe(
          true,
        );
      }
    });

    it('seeds sold-out sessions: FULL courts in a bookable group, a full group, and a class with a waitlist', async () => {
      const day = (await times('leeds-riverside', 'badminton-60min', 'v2/times')).json().data;
      const six = day.find(
        (time: { starts_at: { format_24_hour: string } }) => time.starts_at.format_24_hour === '18:00',
      );
      const eight = day.find(
        (time: { starts_at: { format_24_hour: string } }) => time.starts_at.format_24_hour === '20:00',
      );
      expect(six).toMatchObject({ spaces: 2, action_to_show: { status: 'LOGIN' } });
      expect(eight).toMatchObject({ spaces: 0, action_to_show: { status: 'FULL' } });
      const group = await t.app.inject({
        method: 'GET',
        url: `/api/activities/venue/leeds-riverside/activity/badminton-60min/v2/times/${six.composite_key}?date=${tomorrow()}`,
      });
      expect(
        group
          .json()
          .data.map((court: { location: string; spaces: number }) => [court.location, court.spaces]),
      ).toEqual([
        ['Court 1', 0],
        ['Court 2', 0],
        ['Court 3', 1],
        ['Court 4', 1],
      ]);
      const classes = (await times('leeds-riverside', 'fitness-classes-c', 'timetable')).json().data;
      expect(classes.map((c: { action_to_show: { status: string } }) => c.action_to_show.status)).toEqual([
        'LOGIN',
        'WAITLIST',
      ]);
    });

    it('seeds courses as bundles of weekly sessions', async () => {
      const [course] = await t.db
        .select({ n: count() })
        .from(occurrences)
        .where(sql`${occurrences.bundleId} is not null`);
      expect(course?.n).toBeGreaterThanOrEqual(6);
    });
  });
});
