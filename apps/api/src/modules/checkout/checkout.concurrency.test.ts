import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orders, outboundEmails, paymentAttempts, sandboxCharges } from '../../db/schema';
import {
  api,
  billing,
  cardToken,
  createFixture,
  createUser,
  type Fixture,
} from '../../test/factories/basket-fixtures';
import { startReplica, startTestApp, type TestApp } from '../../test/harness';
import { findOccurrenceRow } from '../timetable/timetable.repository';

/**
 * Checkout under concurrent submissions of one basket, on PostgreSQL (PGlite is one connection, so
 * requests there never truly overlap). vitest.config.ts runs this file only when TEST_DATABASE_URL
 * names a server, as `.ci/run` does.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) throw new Error('checkout.concurrency.test.ts needs TEST_DATABASE_URL=postgresql://...');

describe('checkout under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let f: Fixture;
  let second: Awaited<ReturnType<typeof startReplica>>;

  beforeAll(async () => {
    t = await startTestApp();
    f = await createFixture(t.db);
    // A second API instance with its own connection pool on the same database: another replica.
    second = await startReplica(t);
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it('50 concurrent checkout/complete for one basket over two instances: all 200 with one order, one charge', async () => {
    const customer = await createUser(t.db, f.clientId);
    const added = await api(t.app).post('/api/activities/cart/add', customer.headers, {
      items: [{ id: f.courtSessions[0]?.id, type: 'activity' }],
    });
    expect(added.statusCode, added.body).toBe(200);
    const token = await cardToken(t.app);
    const charges = [
      vi.spyOn(t.app.paymentProvider, 'charge'),
      vi.spyOn(second.app.paymentProvider, 'charge'),
    ];
    const body = {
      item_hash: added.json().data.item_hash,
      terms: [f.termId],
      payments: [{ tender_type: 'card', amount: 592 }],
      card: { token, save_card: true, billing },
    };
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        api(i % 2 === 0 ? t.app : second.app).post('/api/checkout/complete', customer.headers, body),
      ),
    );
    const statuses = answers.map((res) => res.statusCode);
    console.info(
      `checkout/complete x50 on one basket: ${statuses.filter((s) => s === 200).length}x200, ` +
        `${statuses.filter((s) => s === 409).length}x409 in ${(performance.now() - started).toFixed(0)} ms`,
    );
    expect(statuses, answers.find((res) => res.statusCode !== 200)?.body).toEqual(Array(50).fill(200));
    const ids = new Set(
      answers.filter((res) => res.statusCode === 200).map((res) => res.json().complete_order_id),
    );
    expect(ids.size).toBe(1);
    expect(charges.reduce((n, spy) => n + spy.mock.calls.length, 0)).toBe(1);
    for (const spy of charges) spy.mockRestore();
    const made = await t.db.select().from(orders).where(eq(orders.userId, customer.user.id));
    expect(made).toHaveLength(1);
    expect(ids.has(made[0]?.id)).toBe(true);
    // The provider's own ledger: one charge for the basket.
    const attempts = await t.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.cartId, made[0]?.cartId ?? 0));
    expect(attempts.map((a) => a.status)).toEqual(['completed']);
    const charged = await t.db
      .select()
      .from(sandboxCharges)
      .where(
        inArray(
          sandboxCharges.idempotencyKey,
          attempts.map((a) => a.idempotencyKey),
        ),
      );
    expect(charged).toHaveLength(1);
    expect(await findOccurrenceRow(t.db, f.courtSessions[0]?.id ?? 0)).toMatchObject({
      bookedCount: 1,
      heldCount: 0,
    });
  });

  it('concurrent submissions of a basket with nothing to pay: one order, announced and emailed once', async () => {
    const customer = await createUser(t.db, f.clientId);
    const added = await api(t.app).post('/api/activities/cart/add', customer.headers, {
      items: [{ id: f.freeSession.id, type: 'activity' }],
    });
    expect(added.statusCode, added.body).toBe(200);
    const announced: number[] = [];
    t.app.events.on('order.completed', async ({ orderId }) => {
      announced.push(orderId);
    });
    second.app.events.on('order.completed', async ({ orderId }) => {
      announced.push(orderId);
    });
    const body = { item_hash: added.json().data.item_hash, terms: [f.termId], payments: [] };
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api(i % 2 === 0 ? t.app : second.app).post('/api/checkout/complete', customer.headers, body),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(20).fill(200));
    const made = await t.db.select().from(orders).where(eq(orders.userId, customer.user.id));
    expect(made).toHaveLength(1);
    expect(new Set(answers.map((res) => res.json().complete_order_id))).toEqual(new Set([made[0]?.id]));
    // Submissions that found the basket already ordered answer its id and announce nothing.
    expect(announced.filter((id) => id === made[0]?.id)).toHaveLength(1);
    const emails = await t.db
      .select()
      .from(outboundEmails)
      .where(eq(outboundEmails.toAddress, customer.user.email));
    expect(emails).toHaveLength(1);
  });
});
