import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships } from '../../db/schema';
import { addDays, zonedTimeToUtc } from '../../lib/dates';
import { membershipFactory } from '../../test/factories/membership-factory';
import { createCustomer } from '../auth/auth.service';
import {
  type ActivityRow,
  createOccurrence,
  type LocationRow,
  setPlacesUsed,
} from '../timetable/timetable.service';
import { type ActivitiesWorld, base, london, openActivitiesWorld } from './availability-test-fixtures';

describe('activities calls', () => {
  let { t, today, tomorrow, hall, courts, activity, clientId, get, auth } = {} as ActivitiesWorld;
  beforeAll(async () => {
    ({ t, today, tomorrow, hall, courts, activity, clientId, get, auth } = await openActivitiesWorld());
  });
  afterAll(async () => t.close());

  /** A signed-in member: a customer holding an active membership, so member prices apply. */
  async function memberToken(): Promise<string> {
    const customer = await createCustomer(t.db, clientId, {
      email: 'holder@test.example',
      password: 'Holder-Pass-1',
      firstName: 'Sam',
      lastName: 'Holder',
    });
    const { type, options } = await membershipFactory(t.db, clientId).createType({
      slug: 'courts-member',
      name: 'Courts Member',
      description: '<p>Courts at member prices.</p>',
      coverage: 'local',
      categories: ['Courts'],
      soldAt: [hall.id],
      options: [{ name: 'Monthly', paymentType: 'recurring', baseFee: 3000 }],
    });
    await t.db.insert(memberships).values({
      clientId,
      userId: customer.id,
      membershipTypeId: type.id,
      paymentOptionId: options[0]?.id ?? 0,
      homeVenueId: hall.id,
      status: 'active',
      startDate: addDays(today, -30),
      billingDay: 1,
      costs: {
        joiningFee: 0,
        baseFee: 3000,
        proRataFee: 0,
        monthInHandFee: 3000,
        discount: 0,
        totalToPayNow: 3000,
        proRataDays: 0,
      },
      currency: 'GBP',
      activatedAt: new Date(),
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/customer/login',
      payload: { username: 'holder@test.example', password: 'Holder-Pass-1' },
    });
    return login.json().token;
  }
  let memberAuth: Promise<Record<string, string>> | undefined;
  const asMember = () => {
    memberAuth ??= memberToken().then((member) => ({ authorization: `Bearer ${member}` }));
    return memberAuth;
  };

  describe('member prices', () => {
    it('price a member at the member option, with the benefit applied', async () => {
      const res = await get(
        `${base}/hall-venue/activity/badminton-40min/v2/times?date=${tomorrow}`,
        await asMember(),
      );
      const [member] = res.json().data;
      expect(member?.price).toEqual({ is_estimated: false, formatted_amount: '£4.80' });
    });
  });

  describe('v2 answers of the day cache (day-answers.ts)', () => {
    const activityUrl = `${base}/hall-venue/activity/badminton-40min`;
    /** Anonymous, signed-in and member viewers, as request headers. */
    const viewers = async (): Promise<Record<string, string>[]> => [{}, auth(), await asMember()];
    type SlotItem = { composite_key: string; cart_type: string; first_bookable_at: { utc: string } };
    type TimeItem = {
      composite_key: string;
      starts_at: { format_24_hour: string };
      ends_at: { format_24_hour: string };
    };

    it('answer what the object answers do, for every kind of viewer and filter', async () => {
      for (const headers of await viewers()) {
        const times = (await get(`${activityUrl}/v2/times?date=${tomorrow}`, headers)).json().data;
        // The v1 answers are built object by object (timeOf, slotOf); v2 is them plus three fields.
        const v1Times: TimeItem[] = (await get(`${activityUrl}/times?date=${tomorrow}`, headers)).json().data;
        /** The v1 slots of a start time, as v2 names its cart type. */
        const v1Slots = async (time: TimeItem): Promise<SlotItem[]> => {
          const url =
            `${activityUrl}/slots?date=${tomorrow}&start_time=${time.starts_at.format_24_hour}` +
            `&end_time=${time.ends_at.format_24_hour}`;
          const slots: SlotItem[] = (await get(url, headers)).json().data;
          return slots.map((slot) => ({ ...slot, cart_type: 'purchasableOccurrence' }));
        };
        const expectedTimes = [];
        for (const time of v1Times) {
          const slots = await v1Slots(time);
          const group = (
            await get(`${activityUrl}/v2/times/${time.composite_key}?date=${tomorrow}`, headers)
          ).json().data as { id: string; spaces: number }[];
          const first = slots
            .map((slot) => slot.first_bookable_at)
            .sort((a, b) => a.utc.localeCompare(b.utc))[0];
          expectedTimes.push({
            ...time,
            id: (group.find((location) => location.spaces > 0) ?? group[0])?.id,
            first_bookable_at: first,
            spaces_remaining: (time as unknown as { spaces: number }).spaces,
          });
        }
        expect(times).toEqual(expectedTimes);
        const key = times[0].composite_key;
        const byTime = await Promise.all(v1Times.map(v1Slots));
        for (const [query, expected] of [
          [`date=${tomorrow}`, byTime.flat()],
          [
            `date=${tomorrow}&composite_key=${key}`,
            byTime.flat().filter((slot) => slot.composite_key === key),
          ],
          [
            `date=${tomorrow}&start_time=18:00`,
            await v1Slots(v1Times.find((time) => time.starts_at.format_24_hour === '18:00') as TimeItem),
          ],
        ] as const) {
          const slots = (await get(`${activityUrl}/v2/slots?${query}`, headers)).json().data;
          expect(slots).toEqual(expected);
        }
      }
    });

    it('never serves stale places, and sees sessions added to a day it keeps', async () => {
      const day = addDays(today, 2);
      const court = courts[0] as LocationRow;
      const badminton = activity.badminton as ActivityRow;
      const first = await createOccurrence(t.db, {
        activity: badminton,
        venue: hall,
        location: court,
        startsAt: zonedTimeToUtc(day, '10:00', london),
        capacity: 2,
        firstBookableAt: new Date(Date.now() - 3600_000),
      });
      const slots = async () =>
        (await get(`${activityUrl}/v2/slots?date=${day}`)).json().data as {
          id: string;
          spaces: number;
          bookings_count: number;
          action_to_show: { status: string };
        }[];
      const times = async () =>
        (await get(`${activityUrl}/v2/times?date=${day}`)).json().data as {
          id: string;
          spaces: number;
          action_to_show: { status: string };
        }[];
      expect((await slots()).find((slot) => slot.id === String(first.id))?.spaces).toBe(2);
      await setPlacesUsed(t.db, [first.id], { booked: 2 });
      const full = (await slots()).find((slot) => slot.id === String(first.id));
      expect(full).toMatchObject({ spaces: 0, bookings_count: 2, action_to_show: { status: 'FULL' } });
      expect((await times()).find((time) => time.id === String(first.id))?.spaces).toBe(0);

      const second = await createOccurrence(t.db, {
        activity: badminton,
        venue: hall,
        location: court,
        startsAt: zonedTimeToUtc(day, '11:00', london),
        capacity: 3,
        firstBookableAt: new Date(Date.now() - 3600_000),
      });
      expect((await slots()).find((slot) => slot.id === String(second.id))?.spaces).toBe(3);
      expect((await times()).map((time) => time.id)).toContain(String(second.id));
    });
  });
});
