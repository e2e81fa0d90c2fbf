import type { Database } from '../db/client';
import { localDateOf } from '../lib/dates';
import { createCustomer, findCustomerId } from '../modules/auth/auth.service';
import { demoMember } from './accounts';
import { type PastOrder, recordOrders } from './booking-history';
import {
  findActivityWithStandardPrice,
  findCourseWithSessions,
  firstSessionWithPlaces,
  joinFirstFullWaitlist,
  type SeedActivity,
} from './booking-rows';
import type { SeededOperator } from './operator';
import { addPastSessions, pastWeekdays } from './past-sessions';

/** Two years of bookings: the dashboard's bench member (issue 5, section 4). */
export const historyMember = { email: 'history@example.com', password: 'Member-Pass-1' } as const;

const dayMs = 24 * 3600_000;

/** One weekly habit of the history member: an activity at a place and local time, on one weekday. */
interface Habit {
  slug: string;
  location: string;
  time: string;
  /** Days after the week's Monday. */
  weekday: number;
}

const habits: Habit[] = [
  { slug: 'badminton-40min', location: 'court-2', time: '18:40', weekday: 0 },
  { slug: 'yoga-flow', location: 'studio-1', time: '07:15', weekday: 2 },
  { slug: 'swim-for-fitness', location: 'lane-3', time: '07:30', weekday: 4 },
];

/**
 * Demo bookings for the my-account area (my-account.md 2.3, 2.4): member@example.com has upcoming
 * and previous bookings, a waitlist entry and a course; history@example.com has two years of weekly
 * sessions (a few hundred bookings and their orders, some free and some cancelled with credit), written
 * in a handful of batched statements so the seed stays quick.
 */
export async function seedBookingHistory(
  db: Database,
  clientId: number,
  venues: SeededOperator['venues'],
): Promise<void> {
  const venue = venues[0];
  if (!venue) return;
  const tz = venue.timezone;
  const now = new Date();
  const today = localDateOf(now, tz);
  const activities = new Map<string, SeedActivity>();
  for (const slug of [
    'badminton-40min',
    'yoga-flow',
    'swim-for-fitness',
    'spin-express',
    'adult-swimming-course',
  ]) {
    const activity = await findActivityWithStandardPrice(db, clientId, slug);
    if (activity) activities.set(slug, activity);
  }
  const line = (slug: string, occurrenceIds: number[], amount?: number) => {
    const activity = activities.get(slug) as SeedActivity;
    return {
      activityId: activity.id,
      venueId: venue.id,
      pricingOptionId: activity.pricingOptionId,
      occurrenceIds,
      amount: amount ?? activity.amount,
    };
  };
  /** The first session with a place, from `days` days ahead (today's may start any moment). */
  const upcoming = async (slug: string, days: number, places = 2) => {
    const activity = activities.get(slug);
    if (!activity) return undefined;
    return firstSessionWithPlaces(db, {
      activityId: activity.id,
      venueId: venue.id,
      from: new Date(now.getTime() + days * dayMs),
      to: new Date(now.getTime() + 15 * dayMs),
      places,
    });
  };

  const pastSessions = async (habit: Habit, weeks: number) => {
    const activity = activities.get(habit.slug);
    if (!activity) return [];
    return addPastSessions(
      db,
      venue,
      activity,
      { location: habit.location, time: habit.time, capacity: habit.slug === 'yoga-flow' ? 16 : 1 },
      pastWeekdays(today, habit.weekday, weeks),
    );
  };

  // ---- member@example.com ----
  const memberId = await findCustomerId(db, clientId, demoMember.email);
  if (memberId !== undefined && activities.size === 5) {
    const orders: PastOrder[] = [];
    const yoga = await upcoming('yoga-flow', 2);
    const swim = await upcoming('swim-for-fitness', 3);
    const spin = await upcoming('spin-express', 5);
    if (yoga)
      orders.push({
        userId: memberId,
        createdAt: new Date(now.getTime() - 3 * dayMs),
        lines: [line('yoga-flow', [yoga])],
      });
    if (swim && spin) {
      orders.push({
        userId: memberId,
        createdAt: new Date(now.getTime() - 2 * dayMs),
        lines: [line('swim-for-fitness', [swim]), line('spin-express', [spin])],
      });
    }
    const course = await findCourseWithSessions(
      db,
      venue.id,
      (activities.get('adult-swimming-course') as SeedActivity).id,
    );
    if (course) {
      orders.push({
        userId: memberId,
        createdAt: new Date(now.getTime() - 10 * dayMs),
        lines: [{ ...line('adult-swimming-course', course.sessionIds), bundleId: course.bundleId }],
      });
    }
    // One habit after another: the seed runs in one transaction, which runs one query at a time.
    const past = [];
    for (const habit of habits) past.push(...(await pastSessions({ ...habit, time: '12:00' }, 3)));
    for (const session of past) {
      const slug = habits.find((habit) => activities.get(habit.slug)?.id === session.activityId)
        ?.slug as string;
      orders.push({
        userId: memberId,
        createdAt: new Date(session.startsAt.getTime() - 2 * dayMs),
        lines: [line(slug, [session.id])],
      });
    }
    await recordOrders(db, clientId, orders);
    await joinFirstFullWaitlist(db, clientId, memberId, new Date(now.getTime() + dayMs));
  }

  // ---- history@example.com: two years, three sessions a week ----
  const history = await createCustomer(db, clientId, {
    ...historyMember,
    firstName: 'Robin',
    lastName: 'Hughes',
    dateOfBirth: '1975-06-21',
    postcode: 'LS6 2AB',
    homeVenueId: venue.id,
    termsAcceptedAt: new Date(now.getTime() - 730 * dayMs),
  });
  if (activities.size < 5) return;
  const orders: PastOrder[] = [];
  for (const habit of habits) {
    const sessions = await pastSessions(habit, 104);
    for (const [index, session] of sessions.entries()) {
      const activity = activities.get(habit.slug) as SeedActivity;
      // Every tenth a member benefit (free), every seventeenth cancelled in time with credit.
      const free = index % 10 === 9;
      orders.push({
        userId: history.id,
        createdAt: new Date(session.startsAt.getTime() - 3 * dayMs),
        paidBy: index % 5 === 0 ? 'cash' : 'card',
        lines: [
          {
            ...line(habit.slug, [session.id], free ? 0 : activity.amount),
            benefitApplied: free,
            cancelled: index % 17 === 16,
            creditOnCancel: true,
          },
        ],
      });
    }
  }
  const soon = [await upcoming('yoga-flow', 3), await upcoming('badminton-40min', 4, 1)].filter(
    (id): id is number => id !== undefined,
  );
  if (soon[0]) orders.push({ userId: history.id, createdAt: now, lines: [line('yoga-flow', [soon[0]])] });
  if (soon[1])
    orders.push({ userId: history.id, createdAt: now, lines: [line('badminton-40min', [soon[1]])] });
  // Batches keep each statement's parameters well under the driver's limit.
  for (let start = 0; start < orders.length; start += 200) {
    await recordOrders(db, clientId, orders.slice(start, start + 200));
  }
}
