import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/harness';
import type { Database, DatabaseHandle } from './client';
import { anyOf, preparedPerDatabase, preparedSql } from './prepared';
import { rawRowsOf } from './raw-rows';

const courts = pgTable('prepared_test_courts', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

/** On PGlite by default; on PostgreSQL when TEST_DATABASE_URL is set (CI runs both). */
describe('statements prepared once per database (decision 021)', () => {
  let handle: DatabaseHandle;
  let builds = 0;
  const courtByName = preparedPerDatabase((db: Database) => {
    builds++;
    return db
      .select({ id: courts.id })
      .from(courts)
      .where(eq(courts.name, sql.placeholder('name')))
      .prepare('prepared_test_court_by_name');
  });

  beforeAll(async () => {
    handle = await openTestDatabase();
    await handle.db.execute(sql`create table prepared_test_courts (id int primary key, name text not null)`);
    await handle.db.insert(courts).values({ id: 1, name: 'Court 1' });
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("is built once and runs inside each transaction on that transaction's connection", async () => {
    expect(await courtByName(handle.db).execute({ name: 'Court 1' })).toEqual([{ id: 1 }]);
    for (const id of [2, 3]) {
      await expect(
        handle.db.transaction(async (tx) => {
          await tx.insert(courts).values({ id, name: 'Court new' });
          // Only the transaction's own connection sees its uncommitted row.
          expect(await courtByName(tx).execute({ name: 'Court new' })).toEqual([{ id }]);
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
    }
    expect(await courtByName(handle.db).execute({ name: 'Court new' })).toEqual([]);
    expect(builds).toBe(1);
  });

  it('takes a list of ids as one array parameter', async () => {
    await handle.db.insert(courts).values([
      { id: 10, name: 'Court 10' },
      { id: 11, name: 'Court 11' },
    ]);
    const courtsIn = preparedPerDatabase((db: Database) =>
      db
        .select({ id: courts.id })
        .from(courts)
        .where(anyOf(courts.id, 'ids'))
        .orderBy(courts.id)
        .prepare('prepared_test_courts_in'),
    );
    expect(await courtsIn(handle.db).execute({ ids: [11, 1, 10] })).toEqual([
      { id: 1 },
      { id: 10 },
      { id: 11 },
    ]);
    expect(await courtsIn(handle.db).execute({ ids: [10] })).toEqual([{ id: 10 }]);
    expect(await courtsIn(handle.db).execute({ ids: [404] })).toEqual([]);
  });

  it('runs a statement written in SQL with its values, inside a transaction on its connection', async () => {
    // Renames the courts given (an array parameter) and answers them: the shape of the booking writes.
    const rename = preparedSql(sql`
      update prepared_test_courts set name = ${sql.placeholder('name')}
      where id = any(${sql.placeholder('ids')}::int[]) and (${sql.placeholder('since')}::timestamptz is null
        or ${sql.placeholder('since')}::timestamptz < now())
      returning id, name`);
    const renamed = (result: unknown) =>
      rawRowsOf<{ id: number; name: string }>(result).sort((a, b) => a.id - b.id);
    await handle.db.insert(courts).values([
      { id: 20, name: 'Court 20' },
      { id: 21, name: 'Court 21' },
    ]);
    await expect(
      handle.db.transaction(async (tx) => {
        const result = await rename(tx).execute({ name: 'Renamed', ids: [20, 21], since: null });
        expect(renamed(result)).toEqual([
          { id: 20, name: 'Renamed' },
          { id: 21, name: 'Renamed' },
        ]);
        // Run on the transaction's connection, the update goes with its rollback (court 21 below).
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const kept = await rename(handle.db).execute({
      name: 'Court 20b',
      ids: [20],
      since: new Date(0).toISOString(),
    });
    expect(renamed(kept)).toEqual([{ id: 20, name: 'Court 20b' }]);
    expect(
      (await handle.db.select().from(courts).where(eq(courts.id, 21))).map((court) => court.name),
    ).toEqual(['Court 21']);
  });
});
