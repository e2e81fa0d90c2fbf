import { cartMessages } from '@leisure/contract/cart';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { cartHolds } from '../../db/schema';
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

  beforeAll(async () => {
    t = await startTestApp();
    f = await createFixture(t.db);
    // A second API instance with its own connection pool on the same database: another replica.
    second = await startReplica(t);
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  /** A class session with one place left (capacity 10, 9 booked). */
  async function lastPlace(hour: string) {
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
    await setPlacesUsed(t.db, [session.id], { booked: 9 });
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
