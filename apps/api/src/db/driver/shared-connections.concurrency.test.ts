import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openOnSameDatabase, openTestDatabase } from '../../test/harness';
import { writesDuring } from '../../test/socket-writes';
import type { Database, DatabaseHandle } from '../client';
import { preparedSql } from '../prepared';
import { rawRowsOf } from '../raw-rows';
import { sharedWrite } from '../statement-text';
import { readsBeforeNextConnection } from './shared-connections';

// Shared connections are a property of the pg connections to a PostgreSQL server; PGlite has one.
if (!process.env.TEST_DATABASE_URL)
  throw new Error('shared-connections.concurrency.test.ts needs TEST_DATABASE_URL');

/** The server process that answered, and the value the read was given back. */
const whoAnswers = async (db: Database, n: number) =>
  rawRowsOf<{ pid: number; n: number }>(
    await db.execute(sql`select pg_backend_pid() as pid, ${n}::int as n`),
  )[0];

const deferred = () => {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
};

/** A transaction of `db` holding row `id` of `table` locked; the answer ends it (and may be called again). */
async function holdingRow(db: Database, table: string, id: number): Promise<() => Promise<void>> {
  const release = deferred();
  const locked = deferred();
  const holder = db.transaction(async (tx) => {
    await tx.execute(sql`select id from ${sql.identifier(table)} where id = ${id}::int for update`);
    locked.resolve();
    await release.promise;
  });
  await locked.promise;
  return async () => {
    release.resolve();
    await holder;
  };
}

describe('plain reads share pipelined connections (decision 032)', () => {
  let test: DatabaseHandle;
  /** A handle as the API opens one: a pool of 10 and its shared read connections. */
  let api: DatabaseHandle;

  beforeAll(async () => {
    test = await openTestDatabase();
    api = await openOnSameDatabase(test.db, 10);
    await test.db.execute(sql`create table shared_probe (id int primary key, value int not null)`);
    await test.db.execute(sql`insert into shared_probe values (1, 10), (2, 20)`);
    // The first shared connection is opened here, so its start-up is not among the writes counted below.
    await whoAnswers(api.db, 0);
  });
  afterAll(async () => {
    await api?.close();
    await test?.close();
  });

  it('sends the reads issued together on one connection in one write, and answers each its own row', async () => {
    const { result, writes } = await writesDuring(() =>
      Promise.all(Array.from({ length: 12 }, (_, i) => whoAnswers(api.db, i + 1))),
    );
    // Through the pool, twelve reads at once take ten connections and ten writes.
    expect(new Set(result.map((row) => row?.pid)).size).toBe(1);
    expect(writes).toBe(1);
    expect(result.map((row) => row?.n)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });

  it('spills a run of reads onto a second connection once the first holds its share', async () => {
    const many = readsBeforeNextConnection * 2 + 4;
    const result = await Promise.all(Array.from({ length: many }, (_, i) => whoAnswers(api.db, i)));
    const byPid = new Map<number, number>();
    for (const row of result) byPid.set(row?.pid ?? 0, (byPid.get(row?.pid ?? 0) ?? 0) + 1);
    expect([...byPid.values()].sort((a, b) => a - b)).toEqual([
      readsBeforeNextConnection + 2,
      readsBeforeNextConnection + 2,
    ]);
  });

  it('never holds a read up behind a statement waiting for a lock', async () => {
    const release = await holdingRow(test.db, 'shared_probe', 1);
    // Waits for the row (up to the lock timeout): it must not take a shared connection with it.
    let lockingSettled = false;
    const locking = api.db
      .execute(sql`select value from shared_probe where id = ${1}::int for update`)
      .finally(() => {
        lockingSettled = true;
      });
    const read = await api.db.execute(sql`select value from shared_probe where id = ${1}::int`);
    expect(rawRowsOf<{ value: number }>(read)).toEqual([{ value: 10 }]);
    expect(lockingSettled).toBe(false);
    await release();
    expect(rawRowsOf<{ value: number }>(await locking)).toEqual([{ value: 10 }]);
  });

  it('fails a read that fails alone; the reads beside it on its connection are answered', async () => {
    const [before, failed, after] = await Promise.allSettled([
      whoAnswers(api.db, 1),
      api.db.execute(sql`select 1 / ${0}::int as never`),
      whoAnswers(api.db, 3),
    ]);
    expect(failed).toMatchObject({ status: 'rejected', reason: { cause: { code: '22012' } } });
    expect(before).toMatchObject({ status: 'fulfilled', value: { n: 1 } });
    expect(after).toMatchObject({ status: 'fulfilled', value: { n: 3 } });
    expect(await whoAnswers(api.db, 4)).toMatchObject({ n: 4 });
  });

  it('reads inside a transaction stay on its connection and see its writes', async () => {
    const shared = await whoAnswers(api.db, 0);
    await api.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into shared_probe values (${3}::int, ${30}::int)`);
        const inside = rawRowsOf<{ pid: number; value: number }>(
          await tx.execute(sql`select pg_backend_pid() as pid, value from shared_probe where id = ${3}::int`),
        );
        expect(inside).toEqual([{ pid: expect.any(Number), value: 30 }]);
        expect(inside[0]?.pid).not.toBe(shared?.pid);
        // Not committed: a read outside the transaction does not see it.
        const outside = await api.db.execute(sql`select value from shared_probe where id = ${3}::int`);
        expect(rawRowsOf(outside)).toEqual([]);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error && error.message === 'Rollback')) throw error;
      });
  });

  it('replaces a shared connection the server ends', async () => {
    const before = await whoAnswers(api.db, 0);
    await test.db.execute(sql`select pg_terminate_backend(${before?.pid}::int)`);
    // A read in flight when it ends fails, as one on a pool's connection does; the next gets a new one.
    await vi.waitFor(async () => {
      const after = await whoAnswers(api.db, 1);
      expect(after?.pid).not.toBe(before?.pid);
    });
    expect(await whoAnswers(api.db, 2)).toMatchObject({ n: 2 });
  });
});

describe('marked writes share pipelined connections of their own (decision 038)', () => {
  let test: DatabaseHandle;
  let api: DatabaseHandle;
  /** A shared write: it records the server process that ran it. */
  const insertShared = preparedSql(
    sql`${sharedWrite} insert into shared_writes values (${sql.placeholder('id')}::int, pg_backend_pid()) returning id, pid`,
  );
  const sharedInsert = async (db: Database, id: number) =>
    rawRowsOf<{ pid: number; id: number }>(await insertShared(db).execute({ id }))[0];
  /** The same, asked for with the typed option. */
  const insertSharedByOption = preparedSql(
    sql`insert into shared_writes values (${sql.placeholder('id')}::int, pg_backend_pid()) returning pid`,
    { share: 'write' },
  );
  const bumpShared = preparedSql(
    sql`${sharedWrite} update shared_rows set value = value + 1 where id = ${sql.placeholder('id')}::int returning value`,
  );
  const bumpSharedPid = preparedSql(
    sql`${sharedWrite} update shared_rows set value = value + 1 where id = ${sql.placeholder('id')}::int returning pg_backend_pid() as pid`,
  );

  beforeAll(async () => {
    test = await openTestDatabase();
    api = await openOnSameDatabase(test.db, 10);
    await test.db.execute(sql`create table shared_writes (id int primary key, pid int not null)`);
    await test.db.execute(sql`create table shared_rows (id int primary key, value int not null)`);
    await test.db.execute(sql`insert into shared_rows values (1, 10), (2, 20)`);
    // Both shared write connections opened here, so their start-up is not among the writes counted.
    await Promise.all([sharedInsert(api.db, -1), sharedInsert(api.db, -2)]);
  });
  afterAll(async () => {
    await api?.close();
    await test?.close();
  });

  it('sends marked writes issued together in one write per connection, each committed on its own', async () => {
    const { result, writes } = await writesDuring(() =>
      Promise.allSettled([
        sharedInsert(api.db, 1),
        sharedInsert(api.db, 2),
        sharedInsert(api.db, 1), // a duplicate key: it fails alone
        sharedInsert(api.db, 3),
        sharedInsert(api.db, 4),
      ]),
    );
    // Through the pool, five writes at once take five connections and five writes.
    expect(writes).toBe(2);
    expect(result.map((settled) => settled.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    const pids = result.flatMap((settled) => (settled.status === 'fulfilled' ? [settled.value?.pid] : []));
    expect(new Set(pids).size).toBe(2);
    const committed = await test.db.execute(sql`select id from shared_writes where id > 0 order by id`);
    expect(rawRowsOf<{ id: number }>(committed).map((row) => row.id)).toEqual([1, 2, 3, 4]);
  });

  it('keeps unmarked writes on the pool and marked ones off the read connections', async () => {
    const read = await whoAnswers(api.db, 0);
    const unmarked = rawRowsOf<{ pid: number }>(
      await api.db.execute(
        sql`insert into shared_writes values (${10}::int, pg_backend_pid()) returning pid`,
      ),
    )[0];
    const marked = await sharedInsert(api.db, 11);
    const byOption = rawRowsOf<{ pid: number }>(await insertSharedByOption(api.db).execute({ id: 12 }))[0];
    // The mark's comment in a statement not prepared with the option routes nothing: the text is not read.
    const onlyCommented = rawRowsOf<{ pid: number }>(
      await api.db.execute(
        sql`${sharedWrite} insert into shared_writes values (${13}::int, pg_backend_pid()) returning pid`,
      ),
    )[0];
    const sharedWritePids = rawRowsOf<{ pid: number }>(
      await test.db.execute(sql`select distinct pid from shared_writes where id < 0`),
    ).map((row) => row.pid);
    expect(sharedWritePids).toContain(marked?.pid);
    expect(sharedWritePids).toContain(byOption?.pid);
    expect(sharedWritePids).not.toContain(onlyCommented?.pid);
    expect(sharedWritePids).not.toContain(unmarked?.pid);
    expect(sharedWritePids).not.toContain(read?.pid);
  });

  it('holds up neither the reads nor the next write while a marked write waits for a lock', async () => {
    const release = await holdingRow(test.db, 'shared_rows', 1);
    let waitingSettled = false;
    const waiting = bumpShared(api.db)
      .execute({ id: 1 })
      .finally(() => {
        waitingSettled = true;
      });
    // The next marked write goes to the idle connection, and the read to its own.
    const next = await bumpShared(api.db).execute({ id: 2 });
    expect(rawRowsOf<{ value: number }>(next)).toEqual([{ value: 21 }]);
    const read = await api.db.execute(sql`select value from shared_rows where id = ${1}::int`);
    expect(rawRowsOf<{ value: number }>(read)).toEqual([{ value: 10 }]);
    expect(waitingSettled).toBe(false);
    await release();
    expect(rawRowsOf<{ value: number }>(await waiting)).toEqual([{ value: 11 }]);
  });

  it('sends a marked write through the pool when every write connection is stalled', async () => {
    // Stalled as soon as a statement is in flight, so that no test waits out the real threshold.
    const stalling = await openOnSameDatabase(test.db, 10, { sharedWriteStalledAfterMs: 0 });
    const release = await holdingRow(test.db, 'shared_rows', 1);
    try {
      const wait = () => bumpSharedPid(stalling.db).execute({ id: 1 });
      // One on each shared write connection, both waiting for the row.
      const waiting = Promise.all([wait(), wait()]);
      await vi.waitFor(async () => {
        const rows = await test.db.execute(
          sql`select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`,
        );
        expect(rawRowsOf<{ n: number }>(rows)[0]?.n).toBe(2);
      });
      const next = await bumpSharedPid(stalling.db).execute({ id: 2 });
      await release();
      const waitedPids = (await waiting).map((result) => rawRowsOf<{ pid: number }>(result)[0]?.pid);
      expect(new Set(waitedPids).size).toBe(2);
      expect(waitedPids).not.toContain(rawRowsOf<{ pid: number }>(next)[0]?.pid);
    } finally {
      await release();
      await stalling.close();
    }
  });

  it('runs a marked write inside a transaction on the transaction’s connection', async () => {
    await api.db
      .transaction(async (tx) => {
        const own = rawRowsOf<{ pid: number }>(await tx.execute(sql`select pg_backend_pid() as pid`))[0];
        const written = await sharedInsert(tx, 20);
        expect(written?.pid).toBe(own?.pid);
        const seen = await tx.execute(sql`select id from shared_writes where id = ${20}::int`);
        expect(rawRowsOf(seen)).toEqual([{ id: 20 }]);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error && error.message === 'Rollback')) throw error;
      });
    const after = await test.db.execute(sql`select id from shared_writes where id = ${20}::int`);
    expect(rawRowsOf(after)).toEqual([]);
  });
});
