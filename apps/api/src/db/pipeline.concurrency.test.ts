import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openOnSameDatabase, openTestDatabase } from '../test/harness';
import { writesDuring } from '../test/socket-writes';
import type { Database, DatabaseHandle } from './client';
import { commitWith, inOneRoundTrip } from './pipeline';
import { preparedSql } from './prepared';
import { rawRowsOf } from './raw-rows';

// Pipelining is a property of the pg connections to a PostgreSQL server; PGlite runs one statement at a time.
if (!process.env.TEST_DATABASE_URL) throw new Error('pipeline.concurrency.test.ts needs TEST_DATABASE_URL');

const probeValue = async (db: Database, id: number) =>
  rawRowsOf<{ value: number }>(
    await db.execute(sql`select value from pipeline_probe where id = ${id}::int`),
  )[0]?.value;

const setProbe = preparedSql(
  sql`update pipeline_probe set value = ${sql.placeholder('value')}::int where id = ${sql.placeholder('id')}::int`,
);
const divideProbe = preparedSql(
  sql`select value / ${sql.placeholder('by')}::int as q from pipeline_probe where id = ${sql.placeholder('id')}::int`,
);

describe('statements of a transaction in one round trip (decision 031)', () => {
  let test: DatabaseHandle;
  /** One connection, so every transaction below runs on the same pipelined client. */
  let one: DatabaseHandle;

  beforeAll(async () => {
    test = await openTestDatabase();
    one = await openOnSameDatabase(test.db, 1);
    // The connection is opened here, so its start-up is not among the writes counted below.
    await one.db.execute(sql`select 1`);
    await test.db.execute(sql`create table pipeline_probe (id int primary key, value int not null)`);
    await test.db.execute(sql`insert into pipeline_probe values (1, 10), (2, 20)`);
  });
  afterAll(async () => {
    await one?.close();
    await test?.close();
  });

  it('sends begin and the statements issued together in one write, and answers each its own rows', async () => {
    const { result, writes } = await writesDuring(() =>
      one.db.transaction(async (tx) =>
        inOneRoundTrip([
          tx.execute(sql`select value from pipeline_probe where id = ${1}::int for update`),
          tx.execute(sql`select value from pipeline_probe where id = ${2}::int`),
          tx.execute(sql`select count(*)::int as n from pipeline_probe where value > ${5}::int`),
        ]),
      ),
    );
    expect(result.map((answer) => rawRowsOf(answer))).toEqual([[{ value: 10 }], [{ value: 20 }], [{ n: 2 }]]);
    // begin and the three statements, then the commit: two round trips where there were five.
    expect(writes).toBe(2);
  });

  it('a statement that fails fails the transaction: nothing it wrote stays, and the connection goes on', async () => {
    await expect(
      one.db.transaction(async (tx) =>
        inOneRoundTrip([
          tx.execute(sql`update pipeline_probe set value = value + ${1}::int where id = ${1}::int`),
          tx.execute(sql`select value / ${0}::int from pipeline_probe where id = ${1}::int`),
          tx.execute(sql`update pipeline_probe set value = value + ${100}::int where id = ${2}::int`),
        ]),
      ),
    ).rejects.toMatchObject({ cause: { message: 'division by zero' } });
    expect(await probeValue(one.db, 1)).toBe(10);
    expect(await probeValue(one.db, 2)).toBe(20);
  });

  it('a read sent behind a lock in the same round trip sees what the lock waited for', async () => {
    // Another transaction holds the row and changes it; ours locks it, then reads it, in one round trip.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked: () => void = () => {};
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const holder = test.db.transaction(async (tx) => {
      await tx.execute(sql`update pipeline_probe set value = ${11}::int where id = ${1}::int`);
      locked();
      await held;
      await tx.execute(sql`update pipeline_probe set value = ${12}::int where id = ${2}::int`);
    });
    await isLocked;
    const ours = one.db.transaction((tx) =>
      inOneRoundTrip([
        tx.execute(sql`select value from pipeline_probe where id = ${1}::int for update`),
        tx.execute(sql`select value from pipeline_probe where id = ${2}::int`),
      ]),
    );
    release();
    await holder;
    const [lock, read] = await ours;
    expect(rawRowsOf(lock)).toEqual([{ value: 11 }]);
    // Run after the lock was granted, the read has its own snapshot: the holder's second change is in it.
    expect(rawRowsOf(read)).toEqual([{ value: 12 }]);
  });

  describe('commitWith: the last statements and the commit in one round trip', () => {
    beforeEach(async () => {
      await setProbe(test.db).execute({ id: 1, value: 10 });
      await setProbe(test.db).execute({ id: 2, value: 20 });
    });

    it('sends begin, the statements and the commit in one write, and commits them', async () => {
      const { result, writes } = await writesDuring(() =>
        one.db.transaction((tx) =>
          commitWith(tx, [
            setProbe(tx).execute({ id: 1, value: 31 }),
            divideProbe(tx).execute({ id: 2, by: 2 }),
          ]),
        ),
      );
      expect(rawRowsOf(result[1])).toEqual([{ q: 10 }]);
      // One write where inOneRoundTrip takes two: the commit left with the statements.
      expect(writes).toBe(1);
      expect(await probeValue(test.db, 1)).toBe(31);
      // The connection goes on to its next transaction as usual.
      await one.db.transaction((tx) => commitWith(tx, [setProbe(tx).execute({ id: 1, value: 32 })]));
      expect(await probeValue(test.db, 1)).toBe(32);
    });

    it('a statement that fails rolls back what the others wrote, and answers its error', async () => {
      await expect(
        one.db.transaction((tx) =>
          commitWith(tx, [
            setProbe(tx).execute({ id: 1, value: 41 }),
            divideProbe(tx).execute({ id: 1, by: 0 }),
          ]),
        ),
      ).rejects.toMatchObject({ cause: { message: 'division by zero' } });
      expect(await probeValue(test.db, 1)).toBe(10);
      expect(rawRowsOf(await divideProbe(one.db).execute({ id: 2, by: 4 }))).toEqual([{ q: 5 }]);
    });

    it('refuses a statement issued after the commit, which a built query is', async () => {
      await expect(
        one.db.transaction(async (tx) => {
          await commitWith(tx, [setProbe(tx).execute({ id: 2, value: 21 })]);
          await tx.execute(sql`update pipeline_probe set value = ${99}::int where id = ${2}::int`);
        }),
      ).rejects.toMatchObject({
        cause: { message: expect.stringMatching(/after its transaction was committed/) },
      });
      // What was committed stays; the refused statement never ran.
      expect(await probeValue(test.db, 2)).toBe(21);
      await expect(
        one.db.transaction((tx) =>
          commitWith(tx, [
            tx.execute(sql`update pipeline_probe set value = ${98}::int where id = ${2}::int`),
          ]),
        ),
      ).rejects.toMatchObject({
        cause: { message: expect.stringMatching(/after its transaction was committed/) },
      });
      expect(await probeValue(test.db, 2)).toBe(21);
    });
  });
});
