import { cartMessages } from '@leisure/contract/cart';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app';
import { cartHolds, cartItems, carts } from '../../db/schema';
import { defaultMessages } from '../../errors';
import { api, createFixture, createUser, type Fixture } from '../../test/factories/basket-fixtures';
import { startReplica, startTestApp, type TestApp } from '../../test/harness';
import { databaseUrl } from '../../test/template-database';
import { findOccurrenceRow } from '../timetable/timetable.repository';
import { createOccurrence, setPlacesUsed } from '../timetable/timetable.service';

/**
 * Capacity under concurrent requests, on PostgreSQL (PGlite is one connection, so
 * requests there never truly overlap). vitest.config.ts runs this file only when TEST_DATABASE_URL
 * names a server, as `.ci/run` does.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) throw new Error('basket.concurrency.test.ts needs TEST_DATABASE_URL=postgresql://...');

describe('basket under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let f: Fixture;
  let second: Awaited<ReturnType<typeof startReplica>>;
  /**
   * Two more instances whose basket writes each take a pool connection: so every tab's write waits
   * for the basket's lock at once. On the shared write connections (decision 038) all but one per
   * connection would wait behind them, and read the basket afresh when they run: the easy case.
   */
  let tabs: Awaited<ReturnType<typeof startReplica>>[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    f = await createFixture(t.db);
    // A second API instance with its own connection pool on the same database: another replica.
    second = await startReplica(t);
    tabs = [await startReplica(t, { sharedWrites: 0 }), await startReplica(t, { sharedWrites: 0 })];
  });
  afterAll(async () => {
    await Promise.all(tabs.map((tab) => tab.close()));
    await second?.close();
    await t?.close();
  });

  /** A class session with one place left (capacity 10, 9 booked). */
  function lastPlace(hour: string) {
    return classSession(hour, 9);
  }

  /** A class session of 10 places, `booked` of them booked, `hour` after the fixture's yoga session. */
  async function classSession(hour: string, booked: number) {
    const [h, m] = hour.split(':').map(Number);
    const startsAt = new Date(f.yogaSession.startsAt.getTime() + ((h ?? 0) * 60 + (m ?? 0)) * 60_000);
    const session = await createOccurrence(t.db, {
      activity: f.free,
      venue: f.venue,
      location: f.studio,
      startsAt,
      capacity: 10,
      firstBookableAt: new Date(Date.now() - 3600_000),
    });
    if (booked > 0) await setPlacesUsed(t.db, [session.id], { booked });
    return session.id;
  }

  async function race(apps: App[], occurrenceId: number, users: number) {
    const customers = await Promise.all(Array.from({ length: users }, () => createUser(t.db, f.clientId)));
    const started = performance.now();
    const answers = await Promise.all(
      customers.map(async (customer, i) => {
        const app = apps[i % apps.length] as App;
        const begun = performance.now();
        const res = await api(app).post('/api/activities/cart/add', customer.headers, {
          items: [{ id: occurrenceId, type: 'activity' }],
        });
        return { res, ms: performance.now() - begun };
      }),
    );
    const wall = performance.now() - started;
    const statuses = answers.map(({ res }) => res.statusCode);
    const latencies = answers.map(({ ms }) => ms).sort((a, b) => a - b);
    const p99 = latencies[Math.min(latencies.length - 1, Math.ceil(latencies.length * 0.99) - 1)] ?? 0;
    console.info(
      `cart/add race, ${users} users on ${apps.length} instance(s): ${statuses.filter((s) => s === 200).length}x200, ` +
        `${statuses.filter((s) => s === 409).length}x409, ${statuses.filter((s) => s === 422).length}x422; ` +
        `wall ${wall.toFixed(0)} ms, p99 ${p99.toFixed(0)} ms`,
    );
    return answers.map(({ res }) => res);
  }

  async function expectOneWinner(answers: Awaited<ReturnType<typeof race>>, occurrenceId: number) {
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(1);
    for (const res of answers.filter((r) => r.statusCode !== 200)) {
      expect([409, 422]).toContain(res.statusCode);
      if (res.statusCode === 409) expect(res.json().message).toBe(cartMessages.race);
      else expect(res.json().message).toContain('full');
    }
    const row = await findOccurrenceRow(t.db, occurrenceId);
    expect(row).toMatchObject({ capacity: 10, bookedCount: 9, heldCount: 1 });
    const holds = await t.db.select().from(cartHolds).where(eq(cartHolds.occurrenceId, occurrenceId));
    expect(holds).toHaveLength(1);
    expect(holds[0]?.quantity).toBe(1);
  }

  it('50 concurrent cart/add for the last place: exactly one gets it, and the database agrees', async () => {
    const occurrenceId = await lastPlace('00:15');
    await expectOneWinner(await race([t.app], occurrenceId, 50), occurrenceId);
  });

  it('the same with two API instances sharing one database', async () => {
    const occurrenceId = await lastPlace('00:30');
    await expectOneWinner(await race([t.app, second.app], occurrenceId, 50), occurrenceId);
  });

  /**
   * The same request from 20 tabs of the customer (over two instances), sent while the basket's row
   * is locked here and let go once all 20 wait for it.
   */
  async function fromTabsOnLockedBasket(
    customer: Awaited<ReturnType<typeof createUser>>,
    path: string,
    body: Record<string, unknown>,
  ) {
    const [basket] = await t.db
      .select({ id: carts.id })
      .from(carts)
      .where(and(eq(carts.userId, customer.user.id), eq(carts.status, 'open')));
    let answers: ReturnType<ReturnType<typeof api>['post']>[] = [];
    await whileLocked('select id from carts where id = $1 for update', basket?.id ?? 0, async () => {
      answers = Array.from({ length: 20 }, (_, i) =>
        api((tabs[i % 2] ?? second).app).post(path, customer.headers, body),
      );
      await allWaitingOnLocks(20);
    });
    return Promise.all(answers);
  }

  /** Until this many of the database's connections wait for a row lock (under the 3 s lock limit). */
  async function allWaitingOnLocks(count: number) {
    await vi.waitFor(
      async () => {
        const waiting = await t.db.execute(
          sql`select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`,
        );
        expect((waiting as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(count);
      },
      { timeout: 2_500, interval: 20 },
    );
  }

  /** Runs `work` while another connection (staff at the desk, a stuck job) holds a row lock. */
  async function whileLocked(lockSql: string, id: number, work: () => Promise<void>) {
    const named = (await t.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[];
    };
    const blocker = new pg.Client({
      connectionString: databaseUrl(`${serverUrl}`, `${named.rows[0]?.name}`),
    });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query(lockSql, [id]);
      await work();
    } finally {
      await blocker.query('rollback');
      await blocker.end();
    }
  }

  it('one customer adding one session from many tabs at once gets one line and one place', async () => {
    const session = await classSession('01:15', 0);
    const customer = await createUser(t.db, f.clientId);
    await api(t.app).get('/api/activities/cart', customer.headers);
    // Every tab reads the basket's lines, then waits on its row lock (held here) until all wait:
    // what each read is older than the first tab's line (decision 026).
    const settled = await fromTabsOnLockedBasket(customer, '/api/activities/cart/add', {
      items: [{ id: session, type: 'activity' }],
    });
    expect(settled.filter((res) => res.statusCode === 200)).toHaveLength(1);
    for (const res of settled.filter((r) => r.statusCode !== 200)) {
      expect([409, 422]).toContain(res.statusCode);
      if (res.statusCode === 409) expect(res.json().message).toBe(cartMessages.race);
      else expect(res.json().errors['items.0.id']).toEqual([cartMessages.alreadyInCart]);
    }
    expect(await findOccurrenceRow(t.db, session)).toMatchObject({ bookedCount: 0, heldCount: 1 });
    expect(await t.db.select().from(cartItems).where(eq(cartItems.occurrenceId, session))).toHaveLength(1);
  });

  it("a new customer's first adds from many tabs at once share the one basket they create", async () => {
    const sessions = await Promise.all(
      ['02:15', '02:45', '03:15', '03:45', '04:15'].map((h) => classSession(h, 0)),
    );
    const customer = await createUser(t.db, f.clientId);
    // No basket yet: each add's statement would create it (decision 026, amended); one does.
    const answers = await Promise.all(
      sessions.map((id) =>
        api(t.app).post('/api/activities/cart/add', customer.headers, { items: [{ id, type: 'activity' }] }),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(sessions.map(() => 200));
    const baskets = await t.db.select().from(carts).where(eq(carts.userId, customer.user.id));
    expect(baskets).toHaveLength(1);
    const lines = await t.db
      .select()
      .from(cartItems)
      .where(eq(cartItems.cartId, baskets[0]?.id ?? 0));
    expect(lines.map((line) => line.occurrenceId).sort()).toEqual([...sessions].sort());
    for (const session of sessions) {
      expect(await findOccurrenceRow(t.db, session)).toMatchObject({ heldCount: 1 });
    }
    // The last answer describes every line committed before it.
    const sizes = answers.map((res) => res.json().data.items.length as number);
    expect(Math.max(...sizes)).toBe(sessions.length);
  });

  it('one line removed from many tabs at once gives its place back once', async () => {
    const session = await lastPlace('01:45');
    const customer = await createUser(t.db, f.clientId);
    const added = await api(t.app).post('/api/activities/cart/add', customer.headers, {
      items: [{ id: session, type: 'activity' }],
    });
    expect(added.statusCode, added.body).toBe(200);
    const line = added.json().data.items[0]?.id;
    const answers = await fromTabsOnLockedBasket(customer, '/api/activities/cart/remove', {
      cart_item_ids: [line],
    });
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status !== 200).every((status) => status === 404)).toBe(true);
    expect(await findOccurrenceRow(t.db, session)).toMatchObject({ bookedCount: 9, heldCount: 0 });
    expect(await t.db.select().from(cartHolds).where(eq(cartHolds.occurrenceId, session))).toHaveLength(0);
  });

  it('a basket change kept waiting on a row lock past the limit answers 409 and writes nothing', async () => {
    const occurrenceId = await lastPlace('00:45');
    const customer = await createUser(t.db, f.clientId);
    await whileLocked('select id from occurrences where id = $1 for update', occurrenceId, async () => {
      const res = await api(t.app).post('/api/activities/cart/add', customer.headers, {
        items: [{ id: occurrenceId, type: 'activity' }],
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(cartMessages.race);
    });
    expect(await findOccurrenceRow(t.db, occurrenceId)).toMatchObject({ bookedCount: 9, heldCount: 0 });
    expect(await t.db.select().from(cartHolds).where(eq(cartHolds.occurrenceId, occurrenceId))).toHaveLength(
      0,
    );
  });

  it('any other write kept waiting on a row lock answers 409 too, never a 5xx', async () => {
    const customer = await createUser(t.db, f.clientId);
    await whileLocked('select id from sessions where user_id = $1 for update', customer.user.id, async () => {
      const res = await api(t.app).post('/api/auth/logout', customer.headers, {});
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(defaultMessages.conflict);
    });
    // Nothing was written: the session still works.
    expect((await api(t.app).get('/api/auth/user', customer.headers)).statusCode).toBe(200);
  });
});
