/**
 * Statements (round trips) one request costs on PostgreSQL, read from `pg_stat_statements` (issue 16:
 * count the queries per cart/add and per checkout). Only when the server loads the extension
 * (`shared_preload_libraries = 'pg_stat_statements'`); otherwise the bench says so and goes on.
 * Counts every statement the bench database ran while the request was served, begin and commit
 * included; the server's background jobs may add one, so the caller keeps the least of a few counts.
 */
import pg from 'pg';

export interface StatementCounter {
  /**
   * Statements the database ran during `work`; undefined when the extension evicted entries meanwhile
   * (it keeps `pg_stat_statements.max` of them, every database's: each bench run's fresh database
   * adds its own, and an evicted entry's calls leave the sum, which once made a count negative).
   */
  count(work: () => Promise<unknown>): Promise<number | undefined>;
  close(): Promise<void>;
}

export async function statementCounter(databaseUrl: string): Promise<StatementCounter | undefined> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('create extension if not exists pg_stat_statements');
    await client.query('select 1 from pg_stat_statements limit 1');
  } catch {
    await client.end();
    return undefined;
  }
  const database = await client.query<{ oid: string }>(
    'select oid::text from pg_database where datname = current_database()',
  );
  const dbid = database.rows[0]?.oid;
  // The evictions so far (pg_stat_statements_info, PostgreSQL 14 and later) with the calls.
  const total = async () => {
    const result = await client.query<{ calls: string; evicted: string }>(
      `select coalesce(sum(calls), 0)::text as calls,
         (select dealloc from pg_stat_statements_info)::text as evicted
       from pg_stat_statements where dbid = $1::oid`,
      [dbid],
    );
    return { calls: Number(result.rows[0]?.calls ?? 0), evicted: result.rows[0]?.evicted ?? '' };
  };
  return {
    async count(work) {
      const before = await total();
      await work();
      const after = await total();
      if (after.evicted !== before.evicted) return undefined;
      // This counter's own `select` of the totals is counted too (it runs in this database).
      return after.calls - before.calls - 1;
    },
    close: () => client.end(),
  };
}
