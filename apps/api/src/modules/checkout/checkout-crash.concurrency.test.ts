import type { ChildProcess } from 'node:child_process';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartHolds, carts, orders, outboundEmails, paymentAttempts, sandboxCharges } from '../../db/schema';
import {
  api,
  billing,
  cardToken,
  createFixture,
  createUser,
  type Fixture,
} from '../../test/factories/basket-fixtures';
import { startTestApp, type TestApp } from '../../test/harness';
import { startServerProcess } from '../../test/server-process';
import { findOccurrenceRow } from '../timetable/timetable.repository';
import { checkoutDepsOf } from './checkout-deps';
import { runCheckoutReconciliation } from './payment-attempts.service';

/**
 * A real API server process is killed (SIGKILL, as `kill -9`) right after the card provider charged
 * and before the order is written (SANDBOX_PAY_FAULT=crash-after-charge), three times over; a
 * second instance on the same PostgreSQL database then takes the customer's retry and runs the
 * reconciliation job. Every charge ends with exactly one order or exactly one refund, no basket is
 * charged twice, and every held place is sold or released. Runs only with TEST_DATABASE_URL.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl)
  throw new Error('checkout-crash.concurrency.test.ts needs TEST_DATABASE_URL=postgresql://...');

describe('checkout survives kill -9 of a server process (PostgreSQL)', () => {
  let t: TestApp;
  let f: Fixture;
  let databaseUrl: string;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    // The second instance: in process, on the same database.
    t = await startTestApp();
    f = await createFixture(t.db);
    const result = (await t.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[];
    };
    const url = new URL(serverUrl);
    url.pathname = `/${result.rows[0]?.name}`;
    databaseUrl = url.toString();
  }, 60_000);
  afterAll(async () => {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await t?.close();
  });

  it('every charge has exactly one order or one refund; no basket is charged twice; places are sold or released', {
    timeout: 90_000,
  }, async () => {
    const http = api(t.app);
    const sessions = [f.courtSessions[0]?.id ?? 0, f.courtSessions[1]?.id ?? 0, f.courseSessionIds[0] ?? 0];
    const customers = [];
    for (const occurrenceId of sessions) {
      const customer = await createUser(t.db, f.clientId);
      const added = await http.post('/api/activities/cart/add', customer.headers, {
        items: [{ id: occurrenceId, type: 'activity' }],
      });
      expect(added.statusCode, added.body).toBe(200);
      const cart = added.json().data;
      const body = async () => ({
        item_hash: cart.item_hash,
        terms: [f.termId],
        card: { token: await cardToken(t.app), save_card: false, billing },
      });
      customers.push({ ...customer, cart, body, occurrenceId });
    }

    // Each checkout kills its server right after the charge, before the order is written.
    for (const customer of customers) {
      const server = await startServerProcess(databaseUrl, { SANDBOX_PAY_FAULT: 'crash-after-charge' });
      children.push(server.child);
      const answer = await fetch(`${server.base}/api/checkout/complete`, {
        method: 'POST',
        headers: { ...customer.headers, 'content-type': 'application/json' },
        body: JSON.stringify(await customer.body()),
      }).then(
        (res) => res.status,
        () => 'connection lost',
      );
      expect(answer).toBe('connection lost');
      expect(await server.exited).toBe('SIGKILL');
    }
    const [first, second, third] = customers;
    if (!first || !second || !third) throw new Error('unreachable');
    const keysOf = async (cartId: number) =>
      (await t.db.select().from(paymentAttempts).where(eq(paymentAttempts.cartId, cartId))).map(
        (a) => a.idempotencyKey,
      );
    for (const customer of customers) {
      const charged = await t.db
        .select()
        .from(sandboxCharges)
        .where(inArray(sandboxCharges.idempotencyKey, await keysOf(customer.cart.id)));
      expect(charged.map((c) => c.status)).toEqual(['succeeded']);
      expect(await t.db.select().from(orders).where(eq(orders.cartId, customer.cart.id))).toEqual([]);
    }

    // A minute passes: the dead process's leases on its attempts run out (a retry within it waits, then 409).
    await t.db
      .update(paymentAttempts)
      .set({ leaseUntil: new Date(Date.now() - 1000) })
      .where(
        inArray(
          paymentAttempts.cartId,
          customers.map((c) => c.cart.id),
        ),
      );
    // The first customer presses Pay again (a new card token) on the other instance: their order, no new charge.
    const retried = await http.post('/api/checkout/complete', first.headers, await first.body());
    expect(retried.statusCode, retried.body).toBe(200);
    // The third customer's basket changes once its claim has run out: it can no longer be ordered.
    await t.db
      .update(carts)
      .set({ checkoutStartedAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(carts.id, third.cart.id));
    const removed = await http.post('/api/activities/cart/remove', third.headers, {
      cart_item_ids: third.cart.items.map((item: { id: number }) => item.id),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    // The second customer gave up: the reconciliation job (on the surviving instance) finishes both.
    const run = await runCheckoutReconciliation(
      checkoutDepsOf(t.app, { db: t.db, config: t.config, holds: t.app.holdKeeper }),
      new Date(Date.now() + 5 * 60_000),
    );
    expect(run).toEqual({ completed: 1, refunded: 1, failed: 0, pending: 0 });

    // Every charge: exactly one order or exactly one refund; one charge per basket.
    for (const customer of customers) {
      const attempts = await t.db
        .select()
        .from(paymentAttempts)
        .where(eq(paymentAttempts.cartId, customer.cart.id));
      const charges = await t.db
        .select()
        .from(sandboxCharges)
        .where(
          inArray(
            sandboxCharges.idempotencyKey,
            attempts.map((a) => a.idempotencyKey),
          ),
        );
      const made = await t.db.select().from(orders).where(eq(orders.cartId, customer.cart.id));
      expect(charges).toHaveLength(1);
      const refunded = charges[0]?.status === 'refunded';
      expect(made).toHaveLength(refunded ? 0 : 1);
      expect(attempts.map((a) => a.status)).toEqual([refunded ? 'refunded' : 'completed']);
      expect(await t.db.select().from(cartHolds).where(eq(cartHolds.cartId, customer.cart.id))).toEqual([]);
      const place = await findOccurrenceRow(t.db, customer.occurrenceId);
      expect(place).toMatchObject({ heldCount: 0, bookedCount: refunded ? 0 : 1 });
    }
    expect((await t.db.select().from(orders).where(eq(orders.cartId, third.cart.id))).length).toBe(0);
    const refundMail = await t.db
      .select()
      .from(outboundEmails)
      .where(eq(outboundEmails.toAddress, third.user.email));
    expect(refundMail.map((m) => m.subject)).toEqual(['Your payment has been refunded']);
  });
});
