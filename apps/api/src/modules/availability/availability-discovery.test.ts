import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays } from '../../lib/dates';
import { catalogueChecker } from '../operator/catalogue-freshness';
import {
  type ActivitiesWorld,
  base,
  london,
  notFoundBody,
  openActivitiesWorld,
} from './availability-test-fixtures';

describe('activities calls', () => {
  let { t, today, hall, other, courts, get } = {} as ActivitiesWorld;
  beforeAll(async () => {
    ({ t, today, hall, other, courts, get } = await openActivitiesWorld());
  });
  afterAll(async () => t.close());

  describe('GET /api/activities/venues', () => {
    it("answers the operator's venues with the spec's fields and types", async () => {
      const res = await get('/api/activities/venues');
      expect(res.statusCode).toBe(200);
      const { data } = res.json();
      expect(data).toHaveLength(2);
      expect(data[0]).toEqual({
        id: hall.id,
        slug: 'hall-venue',
        name: 'Venue hall-venue',
        town: 'hall-venue',
        area: 'Yorkshire',
        address: '1 Test Street, Holbeck',
        postcode: 'LS1 1AA',
        lat: 53.8,
        lng: -1.55,
        timezone: london,
        activities_v2_enabled: false,
        display_venue_selection_button: true,
      });
    });
  });

  describe('categories', () => {
    it('lists the root categories with an activity offered at the venue', async () => {
      const res = await get(`${base}/hall-venue/categories`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual([
        {
          slug: 'racquet-sports',
          name: 'Racquet Sports',
          has_children: true,
          type: 'category',
          parent_slug: null,
          is_root: true,
        },
        expect.objectContaining({ slug: 'fitness-classes', has_children: true }),
      ]);
      const elsewhere = (await get(`${base}/other-venue/categories`)).json().data;
      expect(elsewhere.map((c: { slug: string }) => c.slug)).toEqual(['fitness-classes']);
    });

    it("names the venue by its numeric id as well as its slug, as the original platform's tools do", async () => {
      const bySlug = (await get(`${base}/hall-venue/categories`)).json();
      const byId = await get(`${base}/${hall.id}/categories`);
      expect(byId.statusCode).toBe(200);
      expect(byId.json()).toEqual(bySlug);
      const times = await get(`${base}/${other.id}/activity-category/badminton-40min/dates`);
      expect(times.statusCode).toBe(404);
      expect((await get(`${base}/999999/categories`)).statusCode).toBe(404);
      expect((await get(`${base}/99999999999/categories`)).statusCode).toBe(404);
    });

    it('answers a category with its children: sub-categories and activities', async () => {
      const root = (await get(`${base}/hall-venue/categories/racquet-sports`)).json().data;
      expect(root).toMatchObject({
        slug: 'racquet-sports',
        name: 'Racquet Sports',
        locations: [],
        ancestors: [],
      });
      expect(root.children).toEqual([
        {
          slug: 'badminton',
          name: 'Badminton',
          has_children: true,
          type: 'category',
          parent_slug: 'racquet-sports',
          is_root: false,
        },
      ]);
      const leaf = (await get(`${base}/hall-venue/categories/badminton`)).json().data;
      expect(leaf.ancestors).toEqual([{ slug: 'racquet-sports', name: 'Racquet Sports' }]);
      expect(leaf.children.map((c: { slug: string; type: string }) => [c.slug, c.type])).toEqual([
        ['badminton-40min', 'activity'],
        ['tennis-court-outdoor', 'activity'],
      ]);
    });

    it('answers an activity (a leaf) with its locations', async () => {
      const res = await get(`${base}/hall-venue/categories/badminton-40min`);
      expect(res.statusCode).toBe(200);
      const { data } = res.json();
      expect(data).toMatchObject({
        slug: 'badminton-40min',
        type: 'activity',
        has_children: false,
        children: [],
        // The breadcrumb path, the root first.
        ancestors: [
          { slug: 'racquet-sports', name: 'Racquet Sports' },
          { slug: 'badminton', name: 'Badminton' },
        ],
      });
      expect(data.locations.map((l: { name: string }) => l.name)).toEqual([
        'Court 1',
        'Court 2',
        'Court 3',
        'Court 4',
      ]);
      expect(data.locations[0]).toEqual({
        id: String(courts[0]?.id),
        name: 'Court 1',
        type: 'resource',
        slug: 'court-1',
        venue_id: hall.id,
        venue_slug: 'hall-venue',
      });
    });

    it('answers 404 for an unknown venue, an unknown slug, an empty category or an activity not offered there', async () => {
      for (const url of [
        `${base}/nowhere/categories`,
        `${base}/hall-venue/categories/nothing`,
        `${base}/hall-venue/categories/empty-category`,
        `${base}/hall-venue/categories/only-at-other-venue`,
      ]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toEqual(notFoundBody);
      }
    });
  });

  describe('GET .../activity-category/{category}/dates', () => {
    it("answers today and each day of the activity's booking window", async () => {
      const res = await get(`${base}/hall-venue/activity-category/badminton-40min/dates`);
      expect(res.statusCode).toBe(200);
      const { data } = res.json();
      expect(data).toHaveLength(8);
      expect(data[0]).toEqual({
        raw: today,
        full_date_pretty: expect.stringMatching(/^[A-Z][a-z]{2} \d{2} [A-Z][a-z]+ \d{4}$/),
        today: true,
        day_pretty: expect.stringMatching(/day$/),
        date_pretty: expect.stringMatching(/^\d{1,2} [A-Z][a-z]{2}$/),
        year: today.slice(0, 4),
      });
      expect(data[7]).toMatchObject({ raw: addDays(today, 7), today: false });
    });

    it("takes a category's widest window, and 404s for unknown slugs", async () => {
      const classes = (await get(`${base}/hall-venue/activity-category/fitness-classes/dates`)).json().data;
      expect(classes).toHaveLength(29);
      expect((await get(`${base}/hall-venue/activity-category/nothing/dates`)).statusCode).toBe(404);
      expect((await get(`${base}/nowhere/activity-category/badminton/dates`)).statusCode).toBe(404);
    });
  });

  describe('GET /api/docs', () => {
    it('documents every activities call with its tag and answers', async () => {
      const paths = (await get('/api/docs')).json().paths;
      const activityPath = '/api/activities/venue/{venue}/activity/{activity}';
      for (const path of [
        '/api/activities/venues',
        '/api/activities/venue/{venue}/categories',
        '/api/activities/venue/{venue}/categories/{slug}',
        '/api/activities/venue/{venue}/activity-category/{category}/dates',
        `${activityPath}/times`,
        `${activityPath}/v2/times`,
        `${activityPath}/v2/times/{composite_key}`,
        `${activityPath}/slots`,
        `${activityPath}/v2/slots`,
        `${activityPath}/timetable`,
        `${activityPath}/v2/timetable`,
        '/api/v1/activities/occurrences/{id}',
      ]) {
        const op = paths[path]?.get;
        expect(op, path).toBeDefined();
        expect(op.tags).toEqual(['activities']);
        expect(op.responses['404'], path).toBeDefined();
      }
      const times = paths[`${activityPath}/v2/times`].get;
      const item = times.responses['200'].content['application/json'].schema.properties.data.items;
      expect(item.required).toEqual(
        expect.arrayContaining(['composite_key', 'first_bookable_at', 'spaces_remaining']),
      );
      expect(times.responses['422']).toBeDefined();
    });
  });
});

/**
 * Another replica's change (written to the database without this app's routes, so this app forgets
 * nothing at once) is seen once this app's catalogue check sees the catalogue's version move
 * (`catalogue-freshness.ts`, every CATALOGUE_CHECK_SECONDS: the next page load on every replica),
 * and at the latest once the kept answer runs out (OPERATOR_CACHE_MS) where no check runs.
 */
describe('discovery, kept as the operator rows are (OPERATOR_CACHE_MS, CATALOGUE_CHECK_SECONDS)', () => {
  it("answers a venue's, category's, activity's and location's change after the catalogue check, or once the kept answer runs out", async () => {
    const { t, get } = await openActivitiesWorld({ OPERATOR_CACHE_MS: '60000' });
    try {
      const read = async () => {
        const answers = await Promise.all([
          get('/api/activities/venues'),
          get(`${base}/hall-venue/categories`),
          get(`${base}/hall-venue/categories/badminton-40min`),
          get(`${base}/hall-venue/activity-category/badminton-40min/dates`),
          get('/api/activities/footer?venue=hall-venue'),
        ]);
        for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
        const [venues, roots, activity, dates, footer] = answers.map((answer) => answer.json().data);
        return {
          venue: venues[0].name,
          root: roots[0].name,
          location: activity.locations[0].name,
          days: dates.length,
          footer,
        };
      };
      vi.useFakeTimers({ toFake: ['Date'] });
      // The app's first check of the catalogue's version and first page-load read of the operator's
      // settings version (decision 073) each forget what it kept, which may predate them: both
      // happen before anything is kept here, as they would on a replica's first page load.
      const check = catalogueChecker(t.db, t.config);
      expect(await check()).toBe(true);
      expect((await get('/api/activities/footer?venue=hall-venue')).statusCode).toBe(200);
      const before = await read();
      expect(before).toMatchObject({
        venue: 'Venue hall-venue',
        root: 'Racquet Sports',
        location: 'Court 1',
        days: 8,
        footer: '',
      });
      await t.db.execute(sql`update venues set name = 'Renamed hall', footer_html = '<p>New footer</p>'
        where slug = 'hall-venue'`);
      await t.db.execute(sql`update activity_categories set name = 'Racquets' where slug = 'racquet-sports'`);
      await t.db.execute(sql`update locations set name = 'Court One' where name = 'Court 1'`);
      await t.db.execute(sql`update activities set booking_window_days = 3 where slug = 'badminton-40min'`);
      expect(await read(), 'before the check: as kept').toEqual(before);
      expect(await check(), "the catalogue's version moved").toBe(true);
      const changed = {
        venue: 'Renamed hall',
        root: 'Racquets',
        location: 'Court One',
        days: 4,
        footer: '<p>New footer</p>',
      };
      expect(await read(), 'after the check: as changed').toEqual(changed);
      expect(await check(), 'nothing moved since').toBe(false);

      // Where no check runs (CATALOGUE_CHECK_SECONDS 0), the kept answer runs out after the minute.
      await t.db.execute(sql`update venues set name = 'Hall' where slug = 'hall-venue'`);
      await t.db.execute(
        sql`update activity_categories set name = 'Racquet Sports' where slug = 'racquet-sports'`,
      );
      expect(await read(), 'within the minute: as kept').toEqual(changed);
      vi.setSystemTime(Date.now() + 60_001);
      expect(await read(), 'after it: as changed').toEqual({
        ...changed,
        venue: 'Hall',
        root: 'Racquet Sports',
      });
    } finally {
      vi.useRealTimers();
      await t.close();
    }
  });
});
