/**
 * Statements (round trips) one request costs on PostgreSQL, read from `pg_stat_statements` (issue 16:
 * count the queries per cart/add and per checkout). Only when the server loads the extension
 * (`shared_preload_libraries = 'pg_stat_statements'`); otherwise the bench says so and goes on.
 * Counts every statement the bench database ran while the request was served, begin and commit
 * included; the server's background jobs may add one, so the least of a few probes is kept.
 */
import pg from 'pg';

export interface StatementCounter {
  /** Statements the database ran during `work`. */
  count(work: () => Promise<unknown>): Promise<number>;
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
  const total = async () => {
    const result = await client.query<{ calls: string }>(
      'select coalesce(sum(calls), 0)::text as calls from pg_stat_statements where dbid = $1::oid',
      [dbid],
    );
    return Number(result.rows[0]?.calls ?? 0);
  };
  return {
    async count(work) {
      const before = await total();
      await work();
      // This counter's own `select` of the totals is counted too (it runs in this database).
      return (await total()) - before - 1;
    },
    close: () => client.end(),
  };
}

/** The least count over `probes` runs of `work` (a background job's statement can land in one). */
export async function fewestStatements(
  counter: StatementCounter,
  probes: number,
  work: () => Promise<unknown>,
): Promise<number> {
  let least = Number.POSITIVE_INFINITY;
  for (let probe = 0; probe < probes; probe++) least = Math.min(least, await counter.count(work));
  return least;
}
