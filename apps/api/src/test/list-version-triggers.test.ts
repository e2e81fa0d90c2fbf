import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../db/client';
import { rawRowsOf } from '../db/raw-rows';
import { openTestDatabase } from './harness';
import { tablesReadBy } from './read-paths';

/**
 * The answers kept per process with the customer's list version (lib/versioned-answers, decision 022)
 * are sent again while the version stands, so every table they read must move it: a database
 * trigger calling a list_versions_* function. The tables are found from each cached answer's build
 * function in the sources (test/read-paths.ts), so a read added to a cached list without its
 * trigger fails here (decision 063).
 */
const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const cachedLists = [
  { list: 'GET my-account/bookings', file: 'modules/bookings/bookings.service.ts', name: 'myBookingsJson' },
  { list: 'GET my-account/orders', file: 'modules/payments/payments.service.ts', name: 'myOrdersPageJson' },
  {
    list: 'GET auth/user flags',
    file: 'modules/account-summary/account-summary.service.ts',
    name: 'accountFlagsOf',
  },
];

/** Tables a cached list reads that need no trigger, and why. */
const readWithoutTrigger: Record<string, string> = {
  list_versions: 'The version itself.',
  clients:
    "The operator's row: the orders list takes only its id, and the flags key their answer by the one " +
    'setting they use (the eligibility allowance days).',
  eligibility_document_types: 'Its name is joined to the documents, and the flags do not show it.',
};

async function tablesWithVersionTriggers(db: Database): Promise<Set<string>> {
  const rows = rawRowsOf<{ table: string }>(
    await db.execute(sql`
      select distinct c.relname as "table"
      from pg_trigger t
      join pg_class c on c.oid = t.tgrelid
      join pg_proc p on p.oid = t.tgfoid
      where not t.tgisinternal and p.proname like 'list_versions_%'`),
  );
  return new Set(rows.map((row) => row.table));
}

function missingTriggers(triggered: Set<string>): string[] {
  return cachedLists.flatMap(({ list, file, name }) =>
    tablesReadBy(srcDir, [{ file, name }])
      .filter((table) => !triggered.has(table) && readWithoutTrigger[table] === undefined)
      .map((table) => `${list}: ${table}`),
  );
}

describe('every table a cached list reads moves the list version', () => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('finds the tables each cached list reads', () => {
    const bookings = tablesReadBy(srcDir, [cachedLists[0] as (typeof cachedLists)[number]]);
    expect(bookings).toEqual(
      expect.arrayContaining(['bookings', 'occurrences', 'orders', 'order_items', 'venues']),
    );
    const orders = tablesReadBy(srcDir, [cachedLists[1] as (typeof cachedLists)[number]]);
    expect(orders).toEqual(
      expect.arrayContaining(['orders', 'order_items', 'payments', 'penalty_cart_lines']),
    );
  });

  it('has a list_versions trigger on each of them', async () => {
    expect(missingTriggers(await tablesWithVersionTriggers(handle.db))).toEqual([]);
  });

  it('fails when a trigger is dropped', async () => {
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`drop trigger list_versions_penalty_cart_lines on penalty_cart_lines`);
        expect(missingTriggers(await tablesWithVersionTriggers(tx))).toEqual([
          'GET my-account/orders: penalty_cart_lines',
        ]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await tablesWithVersionTriggers(handle.db)).has('penalty_cart_lines')).toBe(true);
  });
});
