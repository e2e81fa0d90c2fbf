import { activityMessages } from '@leisure/contract/activities';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { occurrences } from '../../db/schema';
import { addDays, zonedTimeToUtc } from '../../lib/dates';
import { setPlacesUsed } from '../timetable/timetable.service';
import {
  type ActivitiesWorld,
  at,
  base,
  london,
  notFoundBody,
  openActivitiesWorld,
} from './availability-test-fixtures';

describe('activities calls', () => {
  let { t, today, tomorrow, hall, courts, evening, opensLater, yoga, hiit, get, auth } =
    {} as ActivitiesWorld;
  beforeAll(async () => {
    ({ t, today, tomorrow, hall, courts, evening, opensLater, yoga, hiit, get, auth } =
      await openActivitiesWorld());
  });
  afterAll(async () => t.close());

  describe('GET .../activity/{activity}/times', () => {
    it('answers one item per start time with every field the spec lists, with their types', async () => {
      const res = await get(`${base}/hall-venue/activity/badminton-40min/times?date=${tomorrow}`);
      expect(res.statusCode).toBe(200);
      const { data } = res.json();
      expect(Array.isArray(data)).toBe(true);
      expect(data).toHaveLength(2);
      const [six] = data;
      expect(six).toEqual({
        starts_at: { format_12_hour: '6:00pm', format_24_hour: '18:00' },
        ends_at: { format_12_hour: '6:40pm', format_24_hour: '18:40' },
        duration: '40min',
        price: { is_estimated: true, formatted_amount: '£5.92' },
        composite_key: expect.stringMatching(/^[0-9a-f]{8}$/),
        timestamp: Math.floor(at(tomorrow, '18:00').getTime() / 1000),
        booking: null,
        cart_item_id: null,
        action_to_show: { status: 'LOGIN', reason: activityMessages.login },
        category_slug: 'badminton-40min',
        date: tomorrow,
        venue_slug: 'hall-venue',
        location: 'Multiple',
        spaces: 4,
        name: 'Badminton 40min',
        allows_anonymous_bookings: false,
        needs_waiver: false,
        restrictions: { pre_waiver: null, pre_induction: null, criteria: null },
        has_pre_purchase_restrictions: false,
        requires_induction: false,
        restriction_ids: [],
      });
      expect(data[1]).toMatchObject({ starts_at: { format_24_hour: '19:00' }, spaces: 2 });
      expect(data[1].composite_key).not.toBe(six.composite_key);
    });

    it('keeps composite keys stable between calls', async () => {
      const first = (await get(`${base}/hall-venue/activity/badminton-40min/times?date=${tomorrow}`)).json()
        .data;
      const again = (await get(`${base}/hall-venue/activity/badminton-40min/times?date=${tomorrow}`)).json()
        .data;
      expect(again.map((time: { composite_key: string }) => time.composite_key)).toEqual(
        first.map((time: { composite_key: string }) => time.composite_key),
      );
    });

    it('offers LOGIN to anonymous visitors and BOOK to a logged-in user', async () => {
      const url = `${base}/hall-venue/activity/badminton-40min/times?date=${tomorrow}`;
      expect((await get(url)).json().data[0].action_to_show.status).toBe('LOGIN');
      const mine = (await get(url, auth())).json().data[0];
      expect(mine.action_to_show).toEqual({ status: 'BOOK', reason: null });
      expect(mine.price.is_estimated).toBe(false);
    });

    it('offers BOOK to anonymous visitors when the activity allows anonymous bookings', async () => {
      const res = await get(`${base}/hall-venue/activity/tennis-court-outdoor/times?date=${tomorrow}`);
      expect(res.json().data).toEqual([
        expect.objectContaining({
          location: 'Court 4',
          allows_anonymous_bookings: true,
          action_to_show: { status: 'BOOK', reason: null },
          price: { is_estimated: false, formatted_amount: '£10.00' },
        }),
      ]);
    });

    it('answers an empty array (never an object) for a day without sessions', async () => {
      const res = await get(`${base}/hall-venue/activity/badminton-40min/times?date=${addDays(today, 5)}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: [] });
    });

    it('answers 422 for a date before today or beyond the window, naming the date', async () => {
      const before = await t.db.select({ n: count() }).from(occurrences);
      for (const date of [addDays(today, -1), addDays(today, 8)]) {
        const res = await get(`${base}/hall-venue/activity/badminton-40min/times?date=${date}`);
        expect(res.statusCode, date).toBe(422);
        expect(res.json()).toEqual({
          message: 'The date should be within the valid days',
          errors: { date: ['The date should be within the valid days'] },
        });
      }
      expect(await t.db.select({ n: count() }).from(occurrences)).toEqual(before);
    });

    it('answers 422 with a field message for a missing or malformed date', async () => {
      const cases: [string, string][] = [
        ['', activityMessages.dateRequired],
        ['?date=', activityMessages.dateRequired],
        ['?date=tomorrow', activityMessages.dateFormat],
        ['?date=2026-02-30', activityMessages.dateFormat],
        ['?date=2026-2-3', activityMessages.dateFormat],
      ];
      for (const [query, message] of cases) {
        const res = await get(`${base}/hall-venue/activity/badminton-40min/times${query}`);
        expect(res.statusCode, query).toBe(422);
        expect(res.json(), query).toEqual({ message, errors: { date: [message] } });
      }
    });

    it('answers 404 for an unknown venue or activity, or one the venue does not offer', async () => {
      for (const url of [
        `${base}/nowhere/activity/badminton-40min/times?date=${tomorrow}`,
        `${base}/hall-venue/activity/no-such-thing/times?date=${tomorrow}`,
        `${base}/hall-venue/activity/only-at-other-venue/times?date=${tomorrow}`,
      ]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toEqual(notFoundBody);
      }
    });
  });

  describe('GET .../v2/times', () => {
    it('adds id, first_bookable_at and spaces_remaining to the v1 items', async () => {
      const res = await get(`${base}/hall-venue/activity/badminton-40min/v2/times?date=${tomorrow}`, auth());
      expect(res.statusCode).toBe(200);
      const [six] = res.json().data;
      const opens = zonedTimeToUtc(addDays(tomorrow, -7), '22:00', london);
      expect(six).toMatchObject({
        id: String(evening[0]?.id),
        spaces: 4,
        spaces_remaining: 4,
        first_bookable_at: {
          utc: `${opens.toISOString().slice(0, 19)}Z`,
          local: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T22:00:00\+0[01]:00$/),
          format_12_hour: '10:00pm',
          format_24_hour: '22:00',
        },
        action_to_show: { status: 'BOOK', reason: null },
      });
    });

    it('lists a session before booking opens with a null status', async () => {
      const res = await get(
        `${base}/hall-venue/activity/badminton-40min/v2/times?date=${addDays(today, 3)}`,
        auth(),
      );
      expect(res.statusCode).toBe(200);
      const [later] = res.json().data;
      expect(later.id).toBe(String(opensLater.id));
      expect(later.action_to_show).toEqual({
        status: null,
        reason: expect.stringMatching(/^Bookable from \d\d:\d\d on /),
      });
      expect(later.first_bookable_at.utc).toBe(`${opensLater.firstBookableAt.toISOString().slice(0, 19)}Z`);
    });

    it('names, as its id, a session of the group that still has space', async () => {
      await setPlacesUsed(t.db, [evening[0]?.id ?? 0], { booked: 1 });
      const [six] = (
        await get(`${base}/hall-venue/activity/badminton-40min/v2/times?date=${tomorrow}`)
      ).json().data;
      expect(six).toMatchObject({ id: String(evening[1]?.id), spaces: 3, spaces_remaining: 3 });
      await setPlacesUsed(t.db, [evening[0]?.id ?? 0], { booked: 0 });
    });
  });

  describe('capacity', () => {
    it('shows a used court as FULL in its time group, and the group FULL when every court is used', async () => {
      const ids = evening.map((row) => row.id);
      await setPlacesUsed(t.db, ids.slice(0, 2), { booked: 1 });
      await setPlacesUsed(t.db, ids.slice(2, 3), { booked: 0, held: 1 });
      const [six] = (
        await get(`${base}/hall-venue/activity/badminton-40min/times?date=${tomorrow}`, auth())
      ).json().data;
      expect(six).toMatchObject({ spaces: 1, action_to_show: { status: 'BOOK' } });

      const group = await get(
        `${base}/hall-venue/activity/badminton-40min/v2/times/${six.composite_key}?date=${tomorrow}`,
        auth(),
      );
      expect(group.statusCode).toBe(200);
      expect(group.json().data).toEqual([
        {
          id: String(ids[0]),
          location: 'Court 1',
          location_id: String(courts[0]?.id),
          spaces: 0,
          capacity: 1,
          action_to_show: { status: 'FULL', reason: 'The session being booked is already full' },
          booking: null,
          cart_item_id: null,
        },
        expect.objectContaining({
          location: 'Court 2',
          action_to_show: expect.objectContaining({ status: 'FULL' }),
        }),
        expect.objectContaining({
          location: 'Court 3',
          action_to_show: expect.objectContaining({ status: 'FULL' }),
        }),
        expect.objectContaining({
          location: 'Court 4',
          spaces: 1,
          action_to_show: { status: 'BOOK', reason: null },
        }),
      ]);

      await setPlacesUsed(t.db, ids.slice(3), { booked: 1 });
      const full = (
        await get(`${base}/hall-venue/activity/badminton-40min/times?date=${tomorrow}`, auth())
      ).json().data[0];
      expect(full).toMatchObject({
        spaces: 0,
        action_to_show: { status: 'FULL', reason: 'The session being booked is already full' },
      });
      await setPlacesUsed(t.db, ids, { booked: 0 });
    });

    it('refuses, in the database, more places used than the capacity', async () => {
      await expect(setPlacesUsed(t.db, [evening[0]?.id ?? 0], { booked: 1, held: 1 })).rejects.toThrow();
      await expect(setPlacesUsed(t.db, [yoga.id], { booked: 21 })).rejects.toThrow();
    });

    it('offers the waitlist for a full class that keeps one, FULL for one that does not', async () => {
      await setPlacesUsed(t.db, [yoga.id], { booked: 18, held: 2 });
      await setPlacesUsed(t.db, [hiit.id], { booked: 15 });
      const yogaDay = (
        await get(`${base}/hall-venue/activity/fitness-classes-c/timetable?date=${tomorrow}`, auth())
      ).json();
      expect(yogaDay.data[0]).toMatchObject({
        spaces: 0,
        capacity: 20,
        action_to_show: { status: 'WAITLIST' },
      });
      const hiitDay = (
        await get(`${base}/hall-venue/activity/hiit-circuit/v2/timetable?date=${tomorrow}`)
      ).json();
      expect(hiitDay.data[0]).toMatchObject({ spaces: 0, action_to_show: { status: 'FULL' } });
      await setPlacesUsed(t.db, [yoga.id, hiit.id], { booked: 0 });
    });
  });

  describe('GET .../v2/times/{composite_key}', () => {
    it('answers 404 for an unknown or malformed key, 422 for a bad date', async () => {
      const url = `${base}/hall-venue/activity/badminton-40min/v2/times`;
      expect((await get(`${url}/00000000?date=${tomorrow}`)).statusCode).toBe(404);
      expect((await get(`${url}/not-a-key?date=${tomorrow}`)).statusCode).toBe(404);
      const [six] = (await get(`${base}/hall-venue/activity/badminton-40min/times?date=${tomorrow}`)).json()
        .data;
      const res = await get(`${url}/${six.composite_key}?date=nope`);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ date: [activityMessages.dateFormat] });
    });
  });

  describe('slots', () => {
    it('answers one slot per location with every field the spec lists, with their types', async () => {
      const res = await get(
        `${base}/hall-venue/activity/badminton-40min/slots?date=${tomorrow}&start_time=18:00&end_time=18:40`,
      );
      expect(res.statusCode).toBe(200);
      const { data } = res.json();
      expect(data).toHaveLength(4);
      const [times] = (await get(`${base}/hall-venue/activity/badminton-40min/times?date=${tomorrow}`)).json()
        .data;
      expect(data[0]).toEqual({
        id: String(evening[0]?.id),
        name: 'Badminton 40min',
        allows_anonymous_bookings: false,
        needs_waiver: false,
        category_slug: 'badminton-40min',
        duration: '40min',
        date: {
          raw: tomorrow,
          raw_pretty: `${tomorrow.slice(8, 10)}/${tomorrow.slice(5, 7)}/${tomorrow.slice(0, 4)}`,
          day_pretty: expect.stringMatching(/^[A-Z][a-z]{2}$/),
          date_pretty: expect.stringMatching(/^\d{1,2} [A-Z][a-z]{2}$/),
          full_date_pretty: expect.stringMatching(/^[A-Z][a-z]{2} \d{2} [A-Z][a-z]+ \d{4}$/),
        },
        starts_at: { format_12_hour: '6:00pm', format_24_hour: '18:00' },
        ends_at: { format_12_hour: '6:40pm', format_24_hour: '18:40' },
        location: {
          id: String(courts[0]?.id),
          name: 'Court 1',
          type: 'resource',
          slug: 'court-1',
          venue_id: hall.id,
          venue_slug: 'hall-venue',
        },
        slot_display_location: 'Court 1',
        venue_name: 'Venue hall-venue',
        price: { benefit_applied: false, package_applied: false, formatted: '£5.92', raw: 592 },
        first_bookable_at: expect.objectContaining({ format_24_hour: '22:00' }),
        last_bookable_at: expect.objectContaining({ format_24_hour: '18:00', format_12_hour: '6:00pm' }),
        pricing_option_id: expect.any(Number),
        cart_type: 'activity',
        composite_key: times.composite_key,
        booking: null,
        cart_item_id: null,
        bookings_count: 0,
        spaces: 1,
        capacity: 1,
        action_to_show: { status: 'LOGIN', reason: activityMessages.login },
        waitlist_id: null,
        restrictions: { pre_waiver: null, pre_induction: null, criteria: null },
        has_pre_purchase_restrictions: false,
        requires_induction: false,
        restriction_ids: [],
        benefit_available: false,
        tags: [],
      });
    });

    it('answers 422 naming start_time and end_time when they are missing, malformed or reversed', async () => {
      const url = `${base}/hall-venue/activity/badminton-40min/slots?date=${tomorrow}`;
      const missing = await get(url);
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors).toEqual({
        start_time: [activityMessages.startTimeRequired],
        end_time: [activityMessages.endTimeRequired],
      });
      const malformed = await get(`${url}&start_time=6pm&end_time=18:40`);
      expect(malformed.json().errors).toEqual({ start_time: [activityMessages.timeFormat] });
      const reversed = await get(`${url}&start_time=18:40&end_time=18:00`);
      expect(reversed.statusCode).toBe(422);
      expect(reversed.json().errors).toEqual({ end_time: [activityMessages.endBeforeStart] });
    });

    it('v2: answers the day, or one time group by key or start time, as purchasable occurrences', async () => {
      const url = `${base}/hall-venue/activity/badminton-40min/v2/slots?date=${tomorrow}`;
      const day = (await get(url)).json().data;
      expect(day).toHaveLength(6);
      expect(day[0].cart_type).toBe('purchasableOccurrence');
      const key = day[4].composite_key;
      const group = (await get(`${url}&composite_key=${key}`)).json().data;
      expect(
        group.map((slot: { starts_at: { format_24_hour: string } }) => slot.starts_at.format_24_hour),
      ).toEqual(['19:00', '19:00']);
      expect((await get(`${url}&start_time=18:00`)).json().data).toHaveLength(4);
      expect((await get(`${url}&start_time=18:00&end_time=19:00`)).json().data).toEqual([]);
    });

    it('v2: answers 422 for a malformed composite key or time', async () => {
      const url = `${base}/hall-venue/activity/badminton-40min/v2/slots?date=${tomorrow}`;
      const key = await get(`${url}&composite_key=XYZ`);
      expect(key.statusCode).toBe(422);
      expect(key.json().errors).toEqual({ composite_key: [activityMessages.compositeKeyFormat] });
      expect((await get(`${url}&end_time=25:00`)).json().errors).toEqual({
        end_time: [activityMessages.timeFormat],
      });
      expect((await get(`${base}/hall-venue/activity/badminton-40min/v2/slots`)).json().errors).toEqual({
        date: [activityMessages.dateRequired],
      });
    });
  });
});
