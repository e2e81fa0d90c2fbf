import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openOnSameDatabase, openTestDatabase } from '../../test/harness';
import type { DatabaseHandle } from '../client';
import { venues } from '../schema';

// Prepared statements live on a PostgreSQL server's connections; PGlite does not go through pg.
if (!process.env.TEST_DATABASE_URL)
  throw new Error('named-statements.concurrency.test.ts needs TEST_DATABASE_URL');

interface PreparedRow {
  statement: string;
  runs: number;
}

describe('statements on PostgreSQL are prepared once per connection (decision 021)', () => {
  let test: DatabaseHandle;
  let one: DatabaseHandle;

  beforeAll(async () => {
    test = await openTestDatabase();
    // One connection, so every statement below meets the statements the ones before prepared.
    one = await openOnSameDatabase(test.db, 1);
  });
  afterAll(async () => {
    await one?.close();
    await test?.close();
  });

  async function prepared(): Promise<PreparedRow[]> {
    const result = (await one.db.execute(
      sql`select statement, (generic_plans + custom_plans)::int as runs from pg_prepared_statements`,
    )) as unknown as { rows: PreparedRow[] };
    return result.rows;
  }

  it('parses a parameterised statement once and runs it again by name; plain statements stay unnamed', async () => {
    const byId = (id: number) => one.db.select({ id: venues.id }).from(venues).where(eq(venues.id, id));
    await byId(1);
    await byId(2);
    await byId(3);
    const rows = await prepared();
    const select = rows.filter((row) => row.statement.includes('from "venues"'));
    expect(select).toHaveLength(1);
    expect(select[0]?.runs).toBe(3);
    expect(rows.some((row) => row.statement.includes('pg_prepared_statements'))).toBe(false);
  });

  it('keeps a statement prepared inside a rolled-back transaction usable on its connection', async () => {
    const bySlug = (tx: typeof one.db, slug: string) =>
      tx.select({ id: venues.id }).from(venues).where(eq(venues.slug, slug));
    await expect(
      one.db.transaction(async (tx) => {
        await bySlug(tx, 'nowhere');
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await expect(bySlug(one.db, 'elsewhere')).resolves.toEqual([]);
    const rows = await prepared();
    expect(rows.filter((row) => row.statement.includes('"slug" = $1'))).toHaveLength(1);
  });
});
