import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/harness';
import type { DatabaseHandle } from './client';
import { readListVersion } from './list-versions';

/** On PGlite by default; on PostgreSQL when TEST_DATABASE_URL is set (CI runs the API suite there). */
describe('list versions (decision 022)', () => {
  let handle: DatabaseHandle;
  // Not a customer row: the version table names users by id only, and the bump takes any id.
  const userId = 990_001;
  const bump = (ids: number[]) => sql`select list_versions_bump(${`{${ids.join(',')}}`}::int[])`;
  const customerVersion = async () => (await readListVersion(handle.db, userId)).split('.')[0];

  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('move once per transaction that changes a list, however many of its rows do', async () => {
    expect(await customerVersion()).toBe('0');
    // A checkout's order, line, booking and payment each bump their customer at the commit.
    await handle.db.transaction(async (tx) => {
      for (let row = 0; row < 4; row++) await tx.execute(bump([userId]));
    });
    expect(await customerVersion()).toBe('1');
    await handle.db.transaction(async (tx) => {
      await tx.execute(bump([userId, 990_002]));
      await tx.execute(bump([userId]));
    });
    expect(await customerVersion()).toBe('2');
    expect((await readListVersion(handle.db, 990_002)).split('.')[0]).toBe('1');
    // Outside a transaction each statement is its own: each moves it.
    await handle.db.execute(bump([userId]));
    await handle.db.execute(bump([userId]));
    expect(await customerVersion()).toBe('4');
    // A rolled-back change moves nothing.
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(bump([userId]));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await customerVersion()).toBe('4');
  });
});
