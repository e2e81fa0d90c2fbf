/**
 * The bookings bench's own data, written before the API server starts on a fresh database (run by
 * `bookings.ts` in a child process, with the server's environment: DATA_DIR or DATABASE_URL).
 *
 * It migrates and seeds exactly as the server would (the demo operator), then adds, through the
 * app's own factories: a venue 'Bench Arena' with 10 courts and `bench-court-40min` (20 starts a day
 * from 07:00, every 40 minutes: 200 sessions a day, 4 places each, bookable 14 days ahead), and
 * customers with live sessions (bearer tokens; no password hashing, as the API tests do). Some of
 * tomorrow's sessions are left with one place for the last-place race.
 *
 * Prints one JSON line (`BookingsFixture`) on stdout.
 *
 * `bookings-seed.ts create-database|drop-database <server url> <name>` creates or drops the bench's
 * own PostgreSQL database instead (through the app's database client).
 */
import path from 'node:path';
// The API's sources expect the cookie plugin's types (app.ts brings them in the API's own build).
import type {} from '@fastify/cookie';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';
import { addDays, localDateOf, localDayBounds } from '../apps/api/src/lib/dates';
import { hashToken, newToken } from '../apps/api/src/lib/tokens';
import { insertMembershipUser, insertUser } from '../apps/api/src/modules/auth/auth.repository';
import { listSessions } from '../apps/api/src/modules/availability/availability.repository';
import { openCartOf } from '../apps/api/src/modules/basket/basket.repository';
import { listActiveTerms } from '../apps/api/src/modules/operator/operator.repository';
import { createVenue, getCurrentClient } from '../apps/api/src/modules/operator/operator.service';
import { insertSession } from '../apps/api/src/modules/session/session.repository';
import {
  addTimetableEntries,
  createActivity,
  createLocations,
  everyDay,
  extendTimetable,
  findActivityCategory,
  offerActivities,
  setPlacesUsed,
} from '../apps/api/src/modules/timetable/timetable.service';
import { listActivityPricing } from '../apps/api/src/modules/venues/venues.service';
import { seedIfEmpty } from '../apps/api/src/seed/seed';
import { createFixture } from '../apps/api/src/test/factories/basket-fixtures';
import { addHistory } from '../apps/api/src/test/factories/history';
import { createManagementTypes } from '../apps/api/src/test/factories/membership-fixtures';

export interface BookingsFixture {
  venueSlug: string;
  activitySlug: string;
  /** Tomorrow at the venue: every one of its 200 sessions is still to start. */
  readDate: string;
  sessionsOnReadDate: number;
  timeGroupsOnReadDate: number;
  capacity: number;
  /**
   * `cart/add`, then `cart/remove` of what was added: customers per connection, each adding the
   * connection's few sessions (their capacity raised, so they never fill) to a basket of its own.
   */
  cartWorkers: { tokens: string[]; sessions: number[] }[];
  /**
   * `checkout/complete`: customers per connection, each with a basket of one of the connection's
   * sessions (customer i: session i modulo their number), filled before the measurement.
   */
  checkoutWorkers: { tokens: string[]; sessions: number[] }[];
  /** The last-place race: one session with one place left per round, and the racing customers. */
  race: { tokens: string[]; sessions: number[] };
  /**
   * The floor (floor-server.mjs, PostgreSQL only): one member per connection, each with an open basket
   * and a session of its own that never fills (its capacity is raised), and the line's fixed facts.
   */
  floor: {
    members: { userId: number; cartId: number; occurrenceId: number }[];
    activityId: number;
    venueId: number;
    pricingOptionId: number;
    amount: number;
  };
  /**
   * The release-time rush: sessions not bookable yet (released by the bench at one instant) and the
   * customers who strike at that second, each adding one of them and paying.
   */
  release: { tokens: string[]; sessions: number[]; capacity: number };
  termIds: number[];
}

const int = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const connections = int('BENCH_CONNECTIONS', 50);
// Enough baskets for the warm-up and the whole measurement at 400 checkouts a second: with 40, the
// connections ran out after about 3 s of the 8, and the ratio then counted their ragged end.
const checkoutUsersPerConnection = int('BENCH_CHECKOUT_USERS', 80);
const cartUsersPerConnection = int('BENCH_CART_USERS', 60);
/** Lines a cart customer adds: a basket of a few sessions, as a member books them. */
const cartLines = 3;
const raceRounds = int('BENCH_RACE_ROUNDS', 20);
const releaseMembers = int('BENCH_RELEASE_MEMBERS', 200);
const releaseSessions = int('BENCH_RELEASE_SESSIONS', 40);
const courts = 10;
const starts = Array.from({ length: 20 }, (_, i) => {
  const minutes = 7 * 60 + i * 40;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});
const capacity = 4;

async function main(): Promise<void> {
  // The bench's server runs the demo (bench/run.ts): its settings here too.
  const config = loadConfig(process.env, { demo: true });
  const database = await openDatabase({
    url: config.databaseUrl,
    pgliteDir: path.resolve(config.dataDir, 'pglite'),
  });
  try {
    await database.migrate();
    await seedIfEmpty(database.db, config);
    const db = database.db;
    const client = await getCurrentClient(db, config);
    const now = new Date();

    const venue = await createVenue(db, client.id, {
      slug: 'bench-arena',
      name: 'Bench Arena',
      address1: '1 Load Street',
      town: 'Leeds',
      postcode: 'LS1 1AA',
      lat: 53.8,
      lng: -1.55,
    });
    const category = await findActivityCategory(db, client.id, 'badminton');
    if (!category) throw new Error('the demo seed has no badminton category');
    const activity = await createActivity(db, client.id, {
      categoryId: category.id,
      slug: 'bench-court-40min',
      name: 'Bench Court 40min',
      kind: 'court',
      durationMinutes: 40,
      bookingWindowDays: 14,
      cancellationCutoffMinutes: 60,
      position: 99,
      pricing: [
        { name: 'Standard', tickets: [{ name: 'Adult', amount: 600 }] },
        { name: 'Member', forMembers: true, tickets: [{ name: 'Adult', amount: 480 }] },
      ],
    });
    await offerActivities(db, [{ venueId: venue.id, activityId: activity.id }]);
    const locations = await createLocations(
      db,
      venue.id,
      Array.from({ length: courts }, (_, i) => ({
        slug: `court-${i + 1}`,
        name: `Court ${i + 1}`,
        area: 'Main Hall',
      })),
    );
    await addTimetableEntries(
      db,
      locations.flatMap((location) =>
        starts.map((startTime) => ({
          activityId: activity.id,
          venueId: venue.id,
          locationId: location.id,
          startTime,
          capacity,
          weekdayMask: everyDay,
        })),
      ),
    );
    await extendTimetable(db, client.id, { now, venueIds: [venue.id] });
    // A year of another operator's members (orders, bookings, payments, memberships, baskets...), so
    // that every statement is planned and run on tables of a production database's size, analysed.
    const history = await createFixture(db, 'bench-history');
    await addHistory(
      db,
      history,
      await createManagementTypes(db, history.clientId, history.venue.id),
      2000,
      24 * 60,
    );

    const today = localDateOf(now, venue.timezone);
    const sessionsOn = async (offset: number) => {
      const day = localDayBounds(addDays(today, offset), venue.timezone);
      return (await listSessions(db, { venueId: venue.id, activityId: activity.id, ...day })).map(
        (session) => session.id,
      );
    };
    const sessionsOfDays = async (first: number, last: number) => {
      const ids: number[] = [];
      for (let offset = first; offset <= last; offset++) ids.push(...(await sessionsOn(offset)));
      return ids;
    };
    const readDay = await sessionsOn(1);
    /** Deals sessions out to the connections: connection c gets every c-th one. */
    const deal = (ids: number[]) =>
      Array.from({ length: connections }, (_, c) => ids.filter((_, i) => i % connections === c));

    /** Sessions that never fill: the floor's, and the cart's (each added by many customers). */
    const raiseCapacity = (ids: number[]) =>
      db.execute(
        sql`update occurrences set capacity = 1000000 where id in (${sql.join(
          ids.map((id) => sql`${id}::int`),
          sql`, `,
        )})`,
      );

    let sequence = 0;
    const customer = async (): Promise<string> => (await customerWithId()).token;
    const customerWithId = async (): Promise<{ token: string; userId: number }> => {
      sequence += 1;
      const user = await insertUser(db, {
        clientId: client.id,
        role: 'customer',
        reference: `BN${String(sequence).padStart(6, '0')}`,
        email: `bench${sequence}@example.com`,
        passwordHash: 'not-a-password',
        firstName: `Bench${sequence}`,
        lastName: 'Customer',
        postcode: 'LS1 1AA',
        currency: 'GBP',
      });
      await insertMembershipUser(db, user.id);
      const token = newToken();
      await insertSession(db, {
        userId: user.id,
        tokenHash: hashToken(token),
        csrfHash: hashToken(newToken()),
        expiresAt: new Date(Date.now() + 24 * 3600_000),
        userAgent: null,
      });
      return { token, userId: user.id };
    };

    const cartSessions = deal(await sessionsOfDays(2, 7)).map((ids) => ids.slice(0, cartLines));
    await raiseCapacity(cartSessions.flat());
    const cartWorkers: BookingsFixture['cartWorkers'] = [];
    for (const sessions of cartSessions) {
      const tokens: string[] = [];
      for (let i = 0; i < cartUsersPerConnection; i++) tokens.push(await customer());
      cartWorkers.push({ tokens, sessions });
    }
    const checkoutSessions = deal(await sessionsOfDays(8, 13));
    const checkoutWorkers: BookingsFixture['checkoutWorkers'] = [];
    for (const sessions of checkoutSessions) {
      const tokens: string[] = [];
      for (let i = 0; i < checkoutUsersPerConnection; i++) tokens.push(await customer());
      checkoutWorkers.push({ tokens, sessions });
    }
    // The race: tomorrow's sessions, spread over the day, each with one place left.
    const raceSessions = readDay.filter((_, i) => i % 10 === 3).slice(0, raceRounds);
    await setPlacesUsed(db, raceSessions, { booked: capacity - 1 });
    const raceTokens: string[] = [];
    for (let i = 0; i < connections; i++) raceTokens.push(await customer());

    // The last day of the window (no other measurement uses it): the floor's sessions and the release's.
    const lastDay = await sessionsOn(14);
    const spare =
      lastDay.length >= connections + releaseSessions ? lastDay : readDay.filter((_, i) => i % 10 !== 3);
    const floorSessions = spare.slice(0, connections);
    const released = spare.slice(connections, connections + releaseSessions);
    if (floorSessions.length < connections || released.length < releaseSessions) {
      throw new Error(`not enough spare sessions for the floor and the release (${spare.length})`);
    }
    await raiseCapacity(floorSessions);
    const floorMembers: BookingsFixture['floor']['members'] = [];
    for (const occurrenceId of floorSessions) {
      const { userId } = await customerWithId();
      const cart = await openCartOf(db, {
        clientId: client.id,
        userId,
        source: 'activity-booking',
        uuid: crypto.randomUUID(),
      });
      floorMembers.push({ userId, cartId: cart.id, occurrenceId });
    }
    const standard = (await listActivityPricing(db, activity.id)).find((option) => !option.forMembers);
    const ticket = standard?.tickets[0];
    if (!standard || !ticket) throw new Error('the bench activity has no standard ticket');
    // Not bookable until the bench releases them (it sets first_bookable_at to now, all at once).
    await db.execute(
      sql`update occurrences set first_bookable_at = '2100-01-01T00:00:00Z' where id in (${sql.join(
        released.map((id) => sql`${id}::int`),
        sql`, `,
      )})`,
    );
    const releaseTokens: string[] = [];
    for (let i = 0; i < releaseMembers; i++) releaseTokens.push(await customer());

    const terms = await listActiveTerms(db, client.id, 'checkout');
    const fixture: BookingsFixture = {
      venueSlug: venue.slug,
      activitySlug: activity.slug,
      readDate: addDays(today, 1),
      sessionsOnReadDate: readDay.length,
      timeGroupsOnReadDate: starts.length,
      capacity,
      cartWorkers,
      checkoutWorkers,
      race: { tokens: raceTokens, sessions: raceSessions },
      floor: {
        members: floorMembers,
        activityId: activity.id,
        venueId: venue.id,
        pricingOptionId: standard.id,
        amount: ticket.amount,
      },
      release: { tokens: releaseTokens, sessions: released, capacity },
      termIds: terms.map((term) => term.id),
    };
    process.stdout.write(`${JSON.stringify(fixture)}\n`);
  } finally {
    await database.close();
  }
}

/** Creates or drops a database on the server (the name is the bench's own: letters, digits, _). */
async function administer(action: string, serverUrl: string, name: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`not a database name for the bench: ${name}`);
  const database = await openDatabase({ url: serverUrl, poolSize: 1 });
  try {
    await database.db.execute(
      action === 'create-database'
        ? `create database ${name}`
        : `drop database if exists ${name} with (force)`,
    );
  } finally {
    await database.close();
  }
}

const [action, serverUrl, name] = process.argv.slice(2);
const run =
  action === 'create-database' || action === 'drop-database'
    ? administer(action, serverUrl ?? '', name ?? '')
    : main();
run.catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
