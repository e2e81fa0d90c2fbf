import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app';
import { testConfig } from '../config';
import { startTestApp } from '../test/harness';
import { type DatabaseHandle, openDatabase } from './client';
import { rawRowsOf } from './raw-rows';

/** Tables of ours the planner has no statistics for (never analysed: reltuples is -1). */
async function tablesNeverAnalysed(database: DatabaseHandle): Promise<string[]> {
  return rawRowsOf<{ name: string }>(
    await database.db.execute(sql`select c.relname as name from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' and c.reltuples < 0 order by 1`),
  ).map((row) => row.name);
}

describe('the embedded database is looked after as autovacuum would (PGlite has none)', () => {
  let database: DatabaseHandle;
  let app: App;

  beforeAll(async () => {
    // PGlite whatever TEST_DATABASE_URL says: this is the embedded default's own job.
    database = await openDatabase({ pgliteDir: 'memory://' });
    await database.migrate();
    app = await buildApp({ config: testConfig(), database });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('vacuums and analyses every table, one statement each', async () => {
    expect(await tablesNeverAnalysed(database)).toContain('bookings');
    const upkeep = app.jobs.find((job) => job.name === 'embedded database upkeep');
    expect(upkeep, 'the upkeep job is installed').toBeDefined();
    expect(await upkeep?.runOnce()).toBeGreaterThan(40);
    expect(await tablesNeverAnalysed(database)).toEqual([]);
    const looked = rawRowsOf<{ name: string; vacuumed: boolean; analysed: boolean }>(
      await database.db.execute(sql`select relname as name, last_vacuum is not null as vacuumed,
        last_analyze is not null as analysed from pg_stat_user_tables where relname = 'cart_holds'`),
    );
    expect(looked).toEqual([{ name: 'cart_holds', vacuumed: true, analysed: true }]);
  });
});

it('a server database is left to its own autovacuum', async () => {
  const t = await startTestApp();
  try {
    const upkeep = t.app.jobs.some((job) => job.name === 'embedded database upkeep');
    expect(upkeep).toBe(t.database.kind === 'pglite');
  } finally {
    await t.close();
  }
});
