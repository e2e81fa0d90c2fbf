/**
 * The differential harness of the one-statement paths (decision 069): a suite of basket or checkout
 * scenarios declared with `describeBothPaths` runs twice, each time on a fresh database, first with
 * the one-statement paths on (`ONE_STATEMENT_PATHS=true`, as served) and then forced off (every
 * add, remove, claim and order through its transaction). After each scenario, the second run's
 * database state must equal the first's: the rows of the basket's and the order's tables, each
 * row's id replaced by its place in its table and each reference by the place of the row it names,
 * times, uuids, tokens and claims by what kind of value they are. A rule added to a command's
 * transaction alone, which the one-statement path would skip, shows as a difference.
 *
 * The scenarios start their app with `paths.start(settings)` instead of `startTestApp(settings)`.
 */
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect } from 'vitest';
import type { Database } from '../db/client';
import { rawRowsOf } from '../db/raw-rows';
import { startTestApp, type TestApp } from './harness';

export interface BothPaths {
  /** Whether this run takes the one-statement paths. */
  readonly on: boolean;
  /** Starts the scenarios' app with the run's setting (and `settings`), and compares its database. */
  start(settings?: Record<string, string>): Promise<TestApp>;
}

/** The tables compared, with the columns each is ordered by (besides its id) and the columns left out. */
const comparedTables: Record<string, { only?: string[] }> = {
  carts: {},
  cart_items: {},
  cart_holds: {},
  occurrences: { only: ['id', 'capacity', 'held_count', 'booked_count'] },
  orders: {},
  order_items: {},
  bookings: {},
  payments: {},
  payment_attempts: {},
  credit_transactions: {},
  waitlist_entries: {},
};

/** A reference column and the table whose row it names, by the column's name. */
const references: Record<string, string> = {
  cart_id: 'carts',
  cart_item_id: 'cart_items',
  occurrence_id: 'occurrences',
  order_id: 'orders',
  order_item_id: 'order_items',
  booking_id: 'bookings',
  payment_id: 'payments',
  payment_attempt_id: 'payment_attempts',
  attempt_id: 'payment_attempts',
  waitlist_entry_id: 'waitlist_entries',
};

/** Values that differ from run to run whatever the path: what kind of value each is. */
const randomColumns = new Set([
  'uuid',
  'checkout_claim',
  'idempotency_key',
  'provider_payment_id',
  'reference',
  'order_number',
  'token',
  'provider_reference',
]);

const isoTime = /^\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d/;
const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

function kindOf(value: unknown): string {
  return value === null || value === undefined ? 'none' : typeof value;
}

function normalised(value: unknown, column = ''): unknown {
  if (randomColumns.has(column)) return kindOf(value);
  if (value instanceof Date) return 'time';
  if (typeof value === 'string') return isoTime.test(value) ? 'time' : value.replace(uuid, 'uuid');
  if (Array.isArray(value)) return value.map((inner) => normalised(inner));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, normalised(inner, key)]));
  return value;
}

/** The compared tables' rows, normalised for what differs between two runs of the same scenarios. */
export async function databaseState(db: Database): Promise<Record<string, unknown[]>> {
  const rows: Record<string, Record<string, unknown>[]> = {};
  for (const [table, { only }] of Object.entries(comparedTables)) {
    const columns = only ? only.join(', ') : '*';
    rows[table] = rawRowsOf<Record<string, unknown>>(
      await db.execute(sql.raw(`select ${columns} from ${table} order by id`)),
    );
  }
  // Emails by the user they went to (test addresses are numbered across a file's runs), and their template.
  rows.outbound_emails = rawRowsOf<Record<string, unknown>>(
    await db.execute(sql`select e.id, u.id as user_id, e.template, e.status from outbound_emails e
      left join users u on lower(u.email) = lower(e.to_address) order by e.id`),
  );
  const places = new Map(
    Object.entries(rows).map(([table, list]) => [
      table,
      new Map(list.map((row, index) => [Number(row.id), index])),
    ]),
  );
  return Object.fromEntries(
    Object.entries(rows).map(([table, list]) => [
      table,
      list.map((row) =>
        Object.fromEntries(
          Object.entries(row).map(([column, value]) => {
            if (column === 'id') return [column, places.get(table)?.get(Number(value))];
            const named = references[column];
            if (named && value !== null) return [column, `${named}#${places.get(named)?.get(Number(value))}`];
            return [column, normalised(value, column)];
          }),
        ),
      ),
    ]),
  );
}

/**
 * `describe(name, body)` twice: with the one-statement paths on, then off, each scenario's database
 * state after the second run compared with the first's.
 */
export function describeBothPaths(name: string, body: (paths: BothPaths) => void): void {
  const states = new Map<string, Record<string, unknown[]>>();
  for (const on of [true, false]) {
    const label = `${name} (one-statement paths ${on ? 'on' : 'off'})`;
    describe(label, () => {
      let app: TestApp | undefined;
      body({
        on,
        async start(settings = {}) {
          app = await startTestApp({ ...settings, ONE_STATEMENT_PATHS: String(on) });
          return app;
        },
      });
      afterEach(async (context) => {
        if (!app || context.task.result?.state === 'fail') return;
        const scenario = (expect.getState().currentTestName ?? context.task.name).replace(label, name);
        const state = await databaseState(app.db);
        if (on) states.set(scenario, state);
        else if (states.has(scenario)) {
          expect(state, `the database after "${scenario}", one-statement paths off vs on`).toEqual(
            states.get(scenario),
          );
        }
      });
    });
  }
}
