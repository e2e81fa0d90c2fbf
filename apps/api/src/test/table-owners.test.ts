import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tableOwners } from '../db/table-owners';
import { scanSources, tablesOfSchema, writtenTables } from './table-owners-scan';

/**
 * Tables have owners (decision 061): a table is written only by the module that owns it
 * (db/table-owners.ts), and a module imports no other owner's table from db/schema beyond the reads
 * listed here, which only shrink: reads of another module's rows go through its query functions.
 */
const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Parts that compose the rest: they may read any table (they still write only through owners). */
const composers = new Set(['seed', 'cli', 'app']);

/**
 * Writes to another owner's table that remain, each with its reason, as `file: { table: reason }`.
 * The test fails on any write not listed, and on a listed one that no longer happens.
 */
const writeExceptions: Record<string, Record<string, string>> = {
  'modules/basket/one-statement.repository.ts': {
    occurrences:
      'Place counters: the one-statement add, remove and settle move them with the lines they hold (decision 069).',
  },
  'modules/basket/places.repository.ts': {
    occurrences:
      "Place counters (held and booked places): the basket's one-statement add, remove and settle move them " +
      'with the lines (decision 031); their one owner comes with the rework of those paths (issue 46).',
  },
  'modules/bookings/bookings.repository.ts': {
    occurrences: "Place counters: a cancelled booking gives its places back in the cancel's transaction.",
  },
  'modules/checkout/checkout.repository.ts': {
    bookings:
      "The one-statement order write (decision 031) inserts the order's bookings with the order; reworked " +
      'with the fast paths (issue 46).',
    terms_acceptances: 'The same order write records the terms accepted at checkout.',
  },
  'modules/joining/joining.repository.ts': {
    memberships:
      'Joining creates, fills and deletes draft memberships. It sits below the lifecycle (renewal and change ' +
      'submit through joining), so it cannot write through it without a cycle (decision 061).',
  },
  'seed/booking-rows.ts': {
    carts: 'Two years of booking history: baskets completed in the past, which no command can backdate.',
    orders: 'The same history: its orders.',
    order_items: 'The same history: its order lines.',
    bookings: 'The same history: its bookings.',
    payments: 'The same history: its tenders.',
    occurrences: 'Past sessions the timetable never generated, and their booked places.',
    waitlist_entries: 'A waitlist entry on a full session (the session is full of seeded bookings).',
  },
  'seed/membership-states.ts': {
    uploads: 'Proof documents uploaded in the past.',
  },
  'seed/court-benefits.ts': {
    memberships: 'A membership active for 90 days, with its history.',
    users: "The member's account backdated to the membership's start.",
  },
  'seed/guest-passes.ts': {
    memberships: 'A family membership active for a year.',
    users: "The member's account backdated to the membership's start.",
  },
  'seed/payments.ts': {
    credit_transactions: 'Credit spent in the past on orders the history does not hold (negative rows).',
  },
};

/** Tables each module still imports from another owner, to read in joins: only shrinks. */
const knownReads: Record<string, string[]> = {
  auth: ['sessions'],
  availability: ['activities', 'course_bundles', 'locations', 'occurrences'],
  basket: ['activities', 'locations', 'occurrences', 'users'],
  benefits: ['bookings', 'membership_benefits', 'memberships', 'order_items', 'venues'],
  bookings: [
    'activities',
    'activity_categories',
    'course_bundles',
    'locations',
    'occurrences',
    'order_items',
    'orders',
    'venues',
    'waitlist_entries',
  ],
  cancellations: ['memberships', 'penalties'],
  checkout: ['activities', 'bookings', 'locations', 'occurrences', 'venues'],
  credit: ['venues'],
  'direct-debit': ['users'],
  documents: ['uploads', 'users', 'waiver_signatures', 'waivers'],
  'eligibility-documents': ['membership_types', 'memberships', 'users', 'venues'],
  freezes: ['membership_types', 'memberships', 'uploads', 'users'],
  'front-of-house': ['membership_users', 'users'],
  'guest-passes': [
    'membership_benefits',
    'membership_type_venues',
    'membership_types',
    'memberships',
    'venues',
  ],
  joining: ['memberships', 'venues'],
  'membership-catalogue': ['activities', 'memberships', 'venues'],
  'membership-lifecycle': [
    'clients',
    'membership_freezes',
    'membership_payment_options',
    'membership_types',
    'users',
    'venues',
  ],
  operator: ['carts'],
  payments: [
    'activities',
    'bookings',
    'clients',
    'course_bundles',
    'membership_types',
    'memberships',
    'occurrences',
    'order_items',
    'orders',
    'payments',
    'penalties',
    'penalty_cart_lines',
    'users',
    'venues',
  ],
  penalties: ['bookings', 'cart_items', 'occurrences', 'venues'],
  promotions: ['membership_payment_options', 'membership_types'],
  session: ['credit_transactions', 'membership_users', 'memberships', 'users', 'venues'],
  uploads: ['users'],
  venues: [
    'activities',
    'activity_categories',
    'locations',
    'occurrences',
    'pricing_options',
    'tickets',
    'venue_activities',
    'venues',
  ],
  waitlist: ['activities', 'bookings', 'occurrences', 'venues'],
};

describe('tables have owners', () => {
  const { imports, writes } = scanSources(srcDir);

  it('gives every table exactly one owner, a part of the server that exists', () => {
    const tables = [...tablesOfSchema(path.join(srcDir, 'db/schema')).values()].sort();
    expect(Object.keys(tableOwners).sort()).toEqual(tables);
    for (const owner of new Set(Object.values(tableOwners))) {
      const dir = ['lib', 'providers', 'db'].includes(owner) ? owner : `modules/${owner}`;
      expect(existsSync(path.join(srcDir, dir)), owner).toBe(true);
    }
  });

  it('writes a table only from its owner, or a listed exception that still happens', () => {
    const found = new Set<string>();
    const unlisted: string[] = [];
    for (const write of writes) {
      if (tableOwners[write.table] === write.unit) continue;
      if (writeExceptions[write.file]?.[write.table] !== undefined) found.add(`${write.file} ${write.table}`);
      else
        unlisted.push(
          `${write.file}: ${write.statement} ${write.table} (owner: ${tableOwners[write.table]})`,
        );
    }
    expect(unlisted).toEqual([]);
    const listed = Object.entries(writeExceptions).flatMap(([file, tables]) =>
      Object.keys(tables).map((table) => `${file} ${table}`),
    );
    expect(listed.filter((entry) => !found.has(entry))).toEqual([]);
  });

  it("imports no other owner's table beyond the known reads, and the list holds none that are gone", () => {
    const actual: Record<string, Set<string>> = {};
    for (const use of imports) {
      if (tableOwners[use.table] === use.unit || composers.has(use.unit)) continue;
      actual[use.unit] ??= new Set();
      actual[use.unit]?.add(use.table);
    }
    const asLists = Object.fromEntries(
      Object.entries(actual)
        .map(([unit, tables]) => [unit, [...tables].sort()] as const)
        .sort(([a], [b]) => a.localeCompare(b)),
    );
    expect(asLists).toEqual(knownReads);
  });

  it('sees drizzle writes and SQL text writes, by table variable or name', () => {
    const tables = new Map([
      ['memberships', 'memberships'],
      ['occurrences', 'occurrences'],
      ['creditTransactions', 'credit_transactions'],
    ]);
    const source = [
      'await db.update(memberships).set({ status });',
      'sql`insert into credit_transactions (user_id) values (1)`',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of an interpolated table
      'sql`update ${occurrences} set booked_count = booked_count + 1`',
      'sql`delete from "memberships" where id = 1`',
      'sql`select 1 from occurrences for update skip locked`',
    ].join('\n');
    expect(writtenTables(source, tables).map((w) => `${w.statement} ${w.table}`)).toEqual([
      'update memberships',
      'insert credit_transactions',
      'update occurrences',
      'delete memberships',
    ]);
  });
});
