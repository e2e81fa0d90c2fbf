import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/harness';
import type { DatabaseHandle } from './client';
import { commitWith } from './pipeline';
import { preparedSql } from './prepared';
import { rawRowsOf } from './raw-rows';

const insertProbe = preparedSql(
  sql`insert into statement_check_probe (id) values (${sql.placeholder('id')}::int) returning id`,
);
const checkProbe = preparedSql(
  sql`select statement_check(count(*) = ${sql.placeholder('expected')}::int, 'not as many probes as expected') as ok
      from statement_check_probe`,
);

/**
 * `statement_check` (migration 0031): a statement's own check, raised as an error so that a
 * transaction sent with its commit rolls back. On PGlite by default; on PostgreSQL when
 * TEST_DATABASE_URL is set (CI runs both).
 */
describe('statement_check', () => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openTestDatabase();
    await handle.db.execute(sql`create table statement_check_probe (id int primary key)`);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('answers true when it holds and raises its message when it does not', async () => {
    expect(rawRowsOf(await checkProbe(handle.db).execute({ expected: 0 }))).toEqual([{ ok: true }]);
    await expect(checkProbe(handle.db).execute({ expected: 1 })).rejects.toMatchObject({
      cause: { message: 'not as many probes as expected', code: 'P0001' },
    });
  });

  it('rolls back the transaction it fails, with what was sent beside it', async () => {
    await expect(
      handle.db.transaction((tx) =>
        commitWith(tx, [insertProbe(tx).execute({ id: 1 }), checkProbe(tx).execute({ expected: 5 })]),
      ),
    ).rejects.toMatchObject({ cause: { message: 'not as many probes as expected' } });
    expect(rawRowsOf(await checkProbe(handle.db).execute({ expected: 0 }))).toEqual([{ ok: true }]);
    await handle.db.transaction((tx) =>
      commitWith(tx, [insertProbe(tx).execute({ id: 2 }), checkProbe(tx).execute({ expected: 1 })]),
    );
    expect(rawRowsOf(await checkProbe(handle.db).execute({ expected: 1 }))).toEqual([{ ok: true }]);
  });
});
