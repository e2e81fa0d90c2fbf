import { type APIRequestContext, expect, request as requests, test } from '@playwright/test';
import { createCustomer, logInThroughApi, writeHeaders } from './customers';
import { londonToday, payBasketThroughApi } from './member-api';

/**
 * Sessions for journeys, asked of the server rather than assumed: which day has a yoga class, or
 * which 18:30 class is full, depends on the weekday, the hour and the demo timetable. A journey
 * names what it needs (an activity, places left, a full class) and these find or make it.
 */

/** What the factories read of `GET api/activities/venue/{venue}/activity/{activity}/v2/times`. */
interface TimeV2 {
  id: string;
  name: string;
  starts_at: { format_24_hour: string };
  ends_at: { format_24_hour: string };
  spaces_remaining: number;
  action_to_show: { status: string | null };
}

/** A session of the timetable, as the factories answer it. */
export interface Session {
  /** The occurrence id (what the basket and the waitlist take). */
  id: string;
  venue: string;
  activity: string;
  /** The activity's name, as the screens show it. */
  name: string;
  /** The venue-local day, YYYY-MM-DD. */
  date: string;
  /** '18:30 - 19:15', as the day's list shows it. */
  time: string;
  spacesRemaining: number;
}

/** `date` plus `days`, YYYY-MM-DD. */
function addDays(date: string, days: number): string {
  const next = new Date(`${date}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}

/** The sessions of one day; none once the day is past the activity's booking window (422). */
async function timesOn(
  request: APIRequestContext,
  venue: string,
  activity: string,
  date: string,
): Promise<TimeV2[] | null> {
  const response = await request.get(
    `/api/activities/venue/${venue}/activity/${activity}/v2/times?date=${date}`,
  );
  if (response.status() === 422) return null;
  expect(response.status(), `times of ${activity} on ${date}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as { data: TimeV2[] }).data;
}

/** Statuses of a session that takes a booking: BOOK signed in, LOGIN (log in to book) anonymous. */
const bookable = new Set(['BOOK', 'LOGIN']);

export interface SessionWanted {
  venue: string;
  activity: string;
  /** Places it must have left (default 1). */
  spaces?: number;
  /** At most this many places left (a class one customer can fill). */
  atMostSpaces?: number;
  /** Days from today to start looking (default 1): later for a booking that must stay cancellable. */
  fromDaysAhead?: number;
}

/**
 * The first bookable session, from tomorrow to the end of the activity's booking window, that
 * `request` (signed in or not) sees with the places wanted. Tomorrow, not today: today's sessions may start, or pass their
 * cut-off, while the journey runs.
 */
export async function findSession(request: APIRequestContext, wanted: SessionWanted): Promise<Session> {
  const { venue, activity, spaces = 1, atMostSpaces = Number.POSITIVE_INFINITY, fromDaysAhead = 1 } = wanted;
  const tomorrow = addDays(londonToday(), fromDaysAhead);
  for (let ahead = 0; ; ahead += 1) {
    const date = addDays(tomorrow, ahead);
    const times = await timesOn(request, venue, activity, date);
    if (!times) break;
    const time = times.find(
      (candidate) =>
        bookable.has(candidate.action_to_show.status ?? '') &&
        candidate.spaces_remaining >= spaces &&
        candidate.spaces_remaining <= atMostSpaces,
    );
    if (time) {
      return {
        id: time.id,
        venue,
        activity,
        name: time.name,
        date,
        time: `${time.starts_at.format_24_hour} - ${time.ends_at.format_24_hour}`,
        spacesRemaining: time.spaces_remaining,
      };
    }
  }
  throw new Error(
    `no bookable session of ${activity} at ${venue} with ${spaces}+ places in its booking window`,
  );
}

/** Books `places` of a session for the signed-in customer of `request` and pays by card; answers the total. */
export async function bookAndPay(request: APIRequestContext, session: Session, places = 1): Promise<number> {
  const added = await request.post('/api/activities/cart/add', {
    headers: await writeHeaders(request),
    data: { items: [{ id: session.id, type: 'activity', quantity: places }] },
  });
  expect(added.status(), `book ${session.name} on ${session.date}: ${await added.text()}`).toBe(200);
  return payBasketThroughApi(request);
}

/** Runs `work` as a new customer of its own, in a request context no journey shares. */
async function asAnotherCustomer<T>(
  tag: string,
  work: (request: APIRequestContext) => Promise<T>,
): Promise<T> {
  const context = await requests.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const customer = await createCustomer(context, tag);
    await logInThroughApi(context, customer);
    return await work(context);
  } finally {
    await context.dispose();
  }
}

/**
 * A class with only `placesLeft` places left: another customer books and pays for the rest of the
 * first bookable session of `activity` with more. Answers that session.
 */
export async function classWithPlacesLeft(
  wanted: { venue: string; activity: string },
  placesLeft: number,
): Promise<Session & { statusNow: string | null }> {
  return asAnotherCustomer('fills-a-class', async (request) => {
    // One basket line takes at most 20 places.
    const session = await findSession(request, {
      ...wanted,
      spaces: placesLeft + 1,
      atMostSpaces: 20 + placesLeft,
    });
    await bookAndPay(request, session, session.spacesRemaining - placesLeft);
    const now = (await timesOn(request, session.venue, session.activity, session.date))?.find(
      (time) => time.id === session.id,
    );
    expect(now?.spaces_remaining, `${session.name} on ${session.date} once filled`).toBe(placesLeft);
    return { ...session, spacesRemaining: placesLeft, statusNow: now?.action_to_show.status ?? null };
  });
}

/**
 * A full class: another customer books and pays for every place left on the first bookable session
 * of `activity`. A class with a waitlist then offers it (WAITLIST); one without says FULL.
 */
export async function fullClass(
  wanted: { venue: string; activity: string },
  status: 'WAITLIST' | 'FULL' = 'WAITLIST',
): Promise<Session> {
  const session = await classWithPlacesLeft(wanted, 0);
  expect(session.statusNow, `${session.name} on ${session.date} once filled`).toBe(status);
  return session;
}
