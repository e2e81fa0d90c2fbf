import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRowsOf } from '../../db/raw-rows';
import { cartHolds, occurrences } from '../../db/schema';
import {
  type ExplainingReplica,
  expectFewRowsRead,
  startExplainingReplica,
} from '../../test/explained-plans';
import { api, cardToken, createUser, type Fixture, payByCard } from '../../test/factories/basket-fixtures';
import { startAppWithHistory } from '../../test/factories/history';
import { databaseNameOf, startReplica, type TestApp } from '../../test/harness';

/**
 * The plans of a booking's statements on a busy database (issue 16, decision 029): run by an
 * explaining replica (test/explained-plans.ts), every statement with its generic plan, beside the
 * history of 2,000 other members (test/factories/history.ts), whose open baskets hold 10,000 places
 * of other sessions; no statement of one member's booking may look at more than a few of their rows. Before decision 029, releasing a
 * session's run-out holds walked them all (20,000 in the bench, 9 ms a call, and cart/add fell to
 * a third of its rate), and every lookup of a basket read every basket.
 */
const members = 2_000;
/** Far above what a statement of one booking looks at, far below a walk past the others' rows. */
const rowsPerStatement = 500;

if (!process.env.TEST_DATABASE_URL)
  throw new Error('booking-plans.concurrency.test.ts needs TEST_DATABASE_URL');

describe('the plans of a booking on a busy database (PostgreSQL)', () => {
  let t: TestApp;
  let f: Fixture;
  let explaining: ExplainingReplica;

  beforeAll(async () => {
    // Other members' history, their open baskets holding 10,000 places of other sessions included.
    ({ t, f } = await startAppWithHistory(members));
    explaining = await startExplainingReplica(t);
  });
  afterAll(async () => {
    await explaining?.close();
    await t?.close();
  });

  it('no statement of cart/add, cart/remove or checkout/complete looks through the other baskets', async () => {
    const app = explaining.app;
    const member = await createUser(t.db, f.clientId);
    const other = await createUser(t.db, f.clientId);
    // Someone else's hold of the taster has run out: adding it releases that session's run-out holds.
    const before = await api(app).post('/api/activities/cart/add', other.headers, {
      items: [{ id: f.freeSession.id, type: 'activity' }],
    });
    expect(before.statusCode, before.body).toBe(200);
    await t.db
      .update(cartHolds)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(cartHolds.occurrenceId, f.freeSession.id));

    const taster = await explaining.during(() =>
      api(app).post('/api/activities/cart/add', member.headers, {
        items: [{ id: f.freeSession.id, type: 'activity' }],
      }),
    );
    expect(taster.result.statusCode, taster.result.body).toBe(200);
    expect(
      taster.statements.some((statement) => statement.text.includes('with expired as')),
      'the run-out holds of the session were looked for',
    ).toBe(true);
    expectFewRowsRead(taster.statements, rowsPerStatement);

    const court = await explaining.during(() =>
      api(app).post('/api/activities/cart/add', member.headers, {
        items: [{ id: f.courtSessions[0]?.id, type: 'purchasableOccurrence' }],
      }),
    );
    expect(court.result.statusCode, court.result.body).toBe(200);
    expectFewRowsRead(court.statements, rowsPerStatement);

    const tasterLine = court.result
      .json()
      .data.items.find((item: { cartable_id: number }) => item.cartable_id === f.freeSession.id);
    const removed = await explaining.during(() =>
      api(app).post('/api/activities/cart/remove', member.headers, { cart_item_ids: [tasterLine?.id] }),
    );
    expect(removed.result.statusCode, removed.result.body).toBe(200);
    expectFewRowsRead(removed.statements, rowsPerStatement);

    const cart = removed.result.json().data;
    const token = await cardToken(app);
    const paid = await explaining.during(() =>
      payByCard(app, member.headers, cart, { termId: f.termId, token }),
    );
    expect(paid.result.statusCode, paid.result.body).toBe(200);
    expectFewRowsRead(paid.statements, rowsPerStatement);
  });

  it('no statement of cart/add or checkout/complete is planned afresh on every call', async () => {
    // PostgreSQL plans a prepared statement for its values five times, then keeps a generic plan
    // unless that plan looks dearer than theirs. The basket's close deleted its holds by
    // `id = any($ids)`, which a generic plan takes for ten rows: it was planned on every checkout.
    // The explaining replica made the database plan generically: PostgreSQL chooses again here.
    const database = await databaseNameOf(t.db);
    await t.db.execute(sql.raw(`alter database "${database}" set plan_cache_mode = 'auto'`));
    const one = await startReplica(t, { poolSize: 1 });
    try {
      const court = f.courtSessions[1];
      if (!court) throw new Error('the fixture has two courts');
      await t.db.update(occurrences).set({ capacity: 20 }).where(eq(occurrences.id, court.id));
      const token = await cardToken(one.app);
      for (let round = 0; round < 7; round++) {
        const member = await createUser(t.db, f.clientId);
        const added = await api(one.app).post('/api/activities/cart/add', member.headers, {
          items: [{ id: court.id, type: 'purchasableOccurrence' }],
        });
        expect(added.statusCode, added.body).toBe(200);
        const paid = await payByCard(one.app, member.headers, added.json().data, { termId: f.termId, token });
        expect(paid.statusCode, paid.body).toBe(200);
      }
      const prepared = rawRowsOf<{ statement: string; generic: number; custom: number }>(
        await one.db.execute(
          sql`select statement, generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements`,
        ),
      );
      expect(
        prepared.filter((statement) => statement.custom + statement.generic >= 7).length,
      ).toBeGreaterThan(5);
      const replanned = prepared
        .filter((statement) => statement.custom >= 7 && statement.generic === 0)
        .map((statement) => statement.statement.replace(/\s+/g, ' ').slice(0, 200));
      expect(replanned).toEqual([]);
    } finally {
      await one.close();
    }
  });
});
