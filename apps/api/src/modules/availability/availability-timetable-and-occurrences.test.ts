import { activityMessages } from '@leisure/contract/activities';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { occurrences } from '../../db/schema';
import { addDays, localDateOf } from '../../lib/dates';
import {
  addTimetableEntries,
  compositeKeyOf,
  databaseCompositeKey,
  everyDay,
  extendTimetable,
  firstBookableAt,
} from '../timetable/timetable.service';
import {
  type ActivitiesWorld,
  at,
  base,
  london,
  notFoundBody,
  openActivitiesWorld,
} from './availability-test-fixtures';

describe('activities calls', () => {
  let { t, today, tomorrow, hall, courts, activity, yoga, courseBundleId, clientId, get } =
    {} as ActivitiesWorld;
  beforeAll(async () => {
    ({ t, today, tomorrow, hall, courts, activity, yoga, courseBundleId, clientId, get } =
      await openActivitiesWorld());
  });
  afterAll(async () => t.close());

  describe('timetable', () => {
    it('answers a class day with instructor, places, price and location (v1 and v2 alike)', async () => {
      for (const path of ['timetable', 'v2/timetable']) {
        const res = await get(`${base}/hall-venue/activity/fitness-classes-c/${path}?date=${tomorrow}`);
        expect(res.statusCode, path).toBe(200);
        expect(res.json().data).toEqual([
          {
            id: String(yoga.id),
            name: 'Fitness Classes C',
            category_slug: 'fitness-classes-c',
            venue_slug: 'hall-venue',
            date: expect.objectContaining({ raw: tomorrow }),
            starts_at: { format_12_hour: '7:15am', format_24_hour: '07:15' },
            ends_at: { format_12_hour: '8:00am', format_24_hour: '08:00' },
            duration: '45min',
            spaces: 20,
            capacity: 20,
            price: { benefit_applied: false, package_applied: false, formatted: '£7.50', raw: 750 },
            pricing_option_id: expect.any(Number),
            location: expect.objectContaining({ name: 'Studio 1', slug: 'studio-1' }),
            instructor: 'Jess Okafor',
            action_to_show: { status: 'LOGIN', reason: activityMessages.login },
            booking: null,
            cart_item_id: null,
            waitlist_id: null,
            allows_anonymous_bookings: false,
            needs_waiver: true,
            composite_key: expect.stringMatching(/^[0-9a-f]{8}$/),
          },
        ]);
      }
    });

    it('answers 422 outside the window and an empty array for a day without classes', async () => {
      expect(
        (await get(`${base}/hall-venue/activity/fitness-classes-c/timetable?date=${addDays(today, 15)}`))
          .statusCode,
      ).toBe(422);
      expect(
        (
          await get(`${base}/hall-venue/activity/fitness-classes-c/timetable?date=${addDays(today, 14)}`)
        ).json(),
      ).toEqual({
        data: [],
      });
    });
  });

  describe('GET /api/v1/activities/occurrences/{id}', () => {
    it('answers the session with the tickets this user can buy', async () => {
      const res = await get(`/api/v1/activities/occurrences/${yoga.id}`);
      expect(res.statusCode).toBe(200);
      const { data } = res.json();
      expect(data).toMatchObject({
        id: String(yoga.id),
        name: 'Fitness Classes C',
        activity_slug: 'fitness-classes-c',
        kind: 'class',
        venue_slug: 'hall-venue',
        starts_at: { format_24_hour: '07:15', utc: `${yoga.startsAt.toISOString().slice(0, 19)}Z` },
        ends_at: { format_24_hour: '08:00' },
        spaces: 20,
        capacity: 20,
        instructor: 'Jess Okafor',
        cancellation_cutoff_minutes: 120,
        awards_credit: true,
        needs_waiver: true,
        bundle: null,
        booking: null,
        cart_item_id: null,
        waitlist_id: null,
        waitlist_position: null,
      });
      // Ticket ids are strings and pricing option ids numbers, as tools of the original platform read them.
      expect(data.tickets).toEqual([
        {
          id: expect.stringMatching(/^\d+$/),
          name: 'Adult',
          price: { benefit_applied: false, package_applied: false, formatted: '£7.50', raw: 750 },
          pricing_option: { id: expect.any(Number), name: 'Standard' },
        },
        expect.objectContaining({ name: 'Junior', price: expect.objectContaining({ raw: 450 }) }),
      ]);
    });

    it("names a course session's bundle", async () => {
      const day = (
        await get(`${base}/hall-venue/activity/adult-swimming-course/timetable?date=${addDays(today, 2)}`)
      ).json();
      const res = await get(`/api/v1/activities/occurrences/${day.data[0].id}`);
      expect(res.json().data).toMatchObject({
        kind: 'course',
        awards_credit: false,
        bundle: { id: courseBundleId, name: 'Adult Swimming Course (Mondays)', sessions_count: 4 },
        tickets: [
          expect.objectContaining({ name: 'Adult', price: expect.objectContaining({ formatted: '£48.00' }) }),
        ],
      });
    });

    it('answers 404 for an unknown, non-numeric or out-of-range id', async () => {
      for (const id of ['999999', 'abc', '1.5', '99999999999']) {
        const res = await get(`/api/v1/activities/occurrences/${id}`);
        expect(res.statusCode, id).toBe(404);
        expect(res.json()).toEqual(notFoundBody);
      }
    });
  });

  describe('timetable generation', () => {
    it('generates sessions from weekly lines once, with the keys and opening times the factories give', async () => {
      const badminton = activity.badminton;
      if (!badminton) throw new Error('fixture missing');
      const [entry] = await addTimetableEntries(t.db, [
        {
          activityId: badminton.id,
          venueId: hall.id,
          locationId: courts[2]?.id ?? 0,
          startTime: '06:20',
          capacity: 1,
          weekdayMask: everyDay,
        },
      ]);
      if (!entry) throw new Error('no timetable entry');
      expect(await extendTimetable(t.db, clientId, { days: 3, venueIds: [hall.id] })).toBe(3);
      expect(await extendTimetable(t.db, clientId, { days: 3, venueIds: [hall.id] })).toBe(0);
      const rows = await t.db
        .select()
        .from(occurrences)
        .where(eq(occurrences.timetableEntryId, entry.id))
        .orderBy(asc(occurrences.startsAt));
      expect(rows.map((row) => localDateOf(row.startsAt, london))).toEqual([
        today,
        tomorrow,
        addDays(today, 2),
      ]);
      for (const row of rows) {
        const date = localDateOf(row.startsAt, london);
        expect(row.startsAt).toEqual(at(date, '06:20'));
        expect(row.endsAt.getTime() - row.startsAt.getTime()).toBe(40 * 60_000);
        expect(row.compositeKey).toBe(compositeKeyOf(badminton.id, hall.id, row.startsAt, row.endsAt));
        expect(row.firstBookableAt).toEqual(firstBookableAt(date, '06:20', badminton, london));
      }
    });

    it('computes the same composite key in the database as in the service, in summer time too', async () => {
      const start = new Date('2026-07-15T17:00:00Z');
      const end = new Date('2026-07-15T17:40:00Z');
      expect(await databaseCompositeKey(t.db, 12, 34, start, end)).toBe(compositeKeyOf(12, 34, start, end));
    });
  });
});
