import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { isStatementCheck } from '../../db/locks';
import { rawRowsOf } from '../../db/raw-rows';
import { api, createFixture, createUser, type Fixture } from '../../test/factories/basket-fixtures';
import { openOnSameDatabase, startTestApp, type TestApp } from '../../test/harness';
import { createOccurrence } from '../timetable/timetable.service';
import { insertAttemptClaimingBasket, readBasketAsRead } from './payment-attempts.repository';

// Row locks and snapshots of concurrent connections: a PostgreSQL server's (TEST_DATABASE_URL).
if (!process.env.TEST_DATABASE_URL)
  throw new Error('claim-as-read.concurrency.test.ts needs TEST_DATABASE_URL');

/**
 * A card checkout reads its basket without a lock and claims it as read (decision 037): the attempt's
 * statement claims the basket only if, under the basket's lock, its lines, holds and attempts are as
 * read, including a change committed while the statement waited for that lock.
 */
describe('a basket claimed as read (decision 037)', () => {
  let t: TestApp;
  let f: Fixture;
  let other: DatabaseHandle;

  beforeAll(async () => {
    t = await startTestApp();
    f = await createFixture(t.db);
    other = await openOnSameDatabase(t.db, 1);
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  let hoursLater = 0;
  /** A court of its own an hour after the last, so each test books a free one. */
  async function court(): Promise<number> {
    const first = f.courtSessions[0];
    if (!first) throw new Error('no court session');
    hoursLater += 1;
    const session = await createOccurrence(t.db, {
      activity: f.badminton,
      venue: f.venue,
      location: f.courts[0] ?? f.studio,
      startsAt: new Date(first.startsAt.getTime() - hoursLater * 3600_000),
      capacity: 1,
      firstBookableAt: new Date(Date.now() - 3600_000),
    });
    return session.id;
  }

  async function basketWithOneSession() {
    const customer = await createUser(t.db, f.clientId);
    const added = await api(t.app).post('/api/activities/cart/add', customer.headers, {
      items: [{ id: await court(), type: 'purchasableOccurrence' }],
    });
    expect(added.statusCode, added.body).toBe(200);
    const read = await readBasketAsRead(t.db, customer.user.id, new Date());
    if (!read) throw new Error('no basket read');
    return { customer, read };
  }

  function claim(
    { customer, read }: Awaited<ReturnType<typeof basketWithOneSession>>,
    key: string,
  ): Promise<unknown> {
    const now = new Date();
    return insertAttemptClaimingBasket(
      t.db,
      {
        cartId: read.cart.id,
        itemHash: 'as-read',
        userId: customer.user.id,
        actorId: customer.user.id,
        amount: 1000,
        currency: 'GBP',
        idempotencyKey: key,
        provider: 'sandbox',
        plan: { source: 'bookings', total: 1000, credit: 0, termIds: [], waivers: [], saveCard: null },
        leaseUntil: new Date(now.getTime() + 60_000),
      },
      now,
      undefined,
      { fingerprint: read.fingerprint },
    );
  }

  async function claimOf(cartId: number): Promise<{ claim: string | null; attempts: number }> {
    const [row] = rawRowsOf<{ claim: string | null; attempts: number }>(
      await t.db.execute(sql`select checkout_claim as claim,
        (select count(*)::int from payment_attempts a where a.cart_id = c.id) as attempts
        from carts c where c.id = ${cartId}`),
    );
    if (!row) throw new Error(`no basket ${cartId}`);
    return row;
  }

  it('claims a basket that is still as it was read', async () => {
    const basket = await basketWithOneSession();
    await claim(basket, `as-read-${basket.read.cart.id}`);
    expect(await claimOf(basket.read.cart.id)).toEqual({
      claim: `as-read-${basket.read.cart.id}`,
      attempts: 1,
    });
  });

  it('refuses, writing nothing, a basket given a line after it was read', async () => {
    const basket = await basketWithOneSession();
    const added = await api(t.app).post('/api/activities/cart/add', basket.customer.headers, {
      items: [{ id: await court(), type: 'purchasableOccurrence' }],
    });
    expect(added.statusCode, added.body).toBe(200);
    const refused = await claim(basket, `changed-${basket.read.cart.id}`).then(
      () => 'claimed',
      (error: unknown) => error,
    );
    expect(isStatementCheck(refused), String(refused)).toBe(true);
    expect(await claimOf(basket.read.cart.id)).toEqual({ claim: null, attempts: 0 });
  });

  it('refuses a basket whose holds a writer changed while the claim waited for its lock', async () => {
    const basket = await basketWithOneSession();
    const cartId = basket.read.cart.id;
    let claiming: Promise<unknown> | undefined;
    await other.db.transaction(async (tx) => {
      await tx.execute(sql`select id from carts where id = ${cartId} for update`);
      await tx.execute(
        sql`update cart_holds set expires_at = expires_at + interval '1 minute' where cart_id = ${cartId}`,
      );
      claiming = claim(basket, `waited-${cartId}`).then(
        () => 'claimed',
        (error: unknown) => error,
      );
      // Committed only once the claim is waiting for the basket's lock: its statement began before.
      for (let polls = 0; ; polls++) {
        const [waiting] = rawRowsOf<{ count: number }>(
          await t.db.execute(sql`select count(*)::int as count from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock' and query like '%basket_unchanged%'`),
        );
        if ((waiting?.count ?? 0) > 0) break;
        if (polls > 10_000) throw new Error('the claim never waited for the lock');
      }
    });
    const refused = await claiming;
    expect(isStatementCheck(refused), String(refused)).toBe(true);
    expect(await claimOf(cartId)).toEqual({ claim: null, attempts: 0 });
  });
});
