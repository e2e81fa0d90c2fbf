import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../client';

/** The embedded database runs statements with parameters as named prepared statements (decision 021). */
describe('PGlite named statements', () => {
  let handle: DatabaseHandle;
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;

  beforeAll(async () => {
    handle = await openDatabase({ pgliteDir: 'memory://' });
    await handle.db.execute(sql`create table places (id int primary key, name text not null)`);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('prepares a statement once and runs it again by name, with the values typed as the statement needs', async () => {
    for (const [id, name] of [
      [1, 'Court 1'],
      [2, 'Court 2'],
      [3, 'Studio'],
    ] as const) {
      await handle.db.execute(sql`insert into places (id, name) values (${id}, ${name})`);
    }
    expect(await rows(sql`select name from places where id = ${2}`)).toEqual([{ name: 'Court 2' }]);
    const prepared = await rows<{ statement: string; runs: number }>(
      sql`select statement, (generic_plans + custom_plans)::int as runs from pg_prepared_statements`,
    );
    expect(prepared.filter((row) => row.statement.startsWith('insert into places'))).toEqual([
      { statement: 'insert into places (id, name) values ($1, $2)', runs: 3 },
    ]);
    expect(prepared.some((row) => row.statement.includes('pg_prepared_statements'))).toBe(false);
  });

  it("keeps a failing statement's error code, and the connection usable after it", async () => {
    const duplicate = handle.db.execute(sql`insert into places (id, name) values (${1}, ${'Again'})`);
    await expect(duplicate).rejects.toMatchObject({ cause: { code: '23505' } });
    expect(await rows(sql`select count(*)::int as n from places where id > ${0}`)).toEqual([{ n: 3 }]);
  });

  it('runs a statement from outside a transaction only after that transaction, never inside it', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inserted: () => void = () => {};
    const insertedYet = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const transaction = handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into places (id, name) values (${4}, ${'Pool'})`);
      inserted();
      await held;
      throw new Error('roll back');
    });
    await insertedYet;
    // Asked while the transaction holds the database: it must not see (or join) the uncommitted row.
    const outside = rows<{ n: number }>(sql`select count(*)::int as n from places where id = ${4}`);
    release();
    await expect(transaction).rejects.toThrow('roll back');
    expect(await outside).toEqual([{ n: 0 }]);
  });
});
