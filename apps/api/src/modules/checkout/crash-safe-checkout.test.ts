import { checkoutMessages } from '@leisure/contract/checkout';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { readListVersion } from '../../db/list-versions';
import {
  bookings,
  cartHolds,
  carts,
  orders,
  outboundEmails,
  paymentAttempts,
  payments,
  sandboxCharges,
} from '../../db/schema';
import type { SandboxPaymentProvider } from '../../providers/payment/sandbox-payment-provider';
import { describeBothPaths } from '../../test/both-paths';
import {
  api,
  billing,
  cardToken,
  createFixture,
  createUser,
  type Fixture,
} from '../../test/factories/basket-fixtures';
import type { TestApp } from '../../test/harness';
import { findOccurrenceRow } from '../timetable/timetable.repository';
import { createOccurrence } from '../timetable/timetable.service';
import { checkoutDepsOf } from './checkout-deps';
import { announceOrdersLeftUnannounced } from './order-writer';
import { runCheckoutReconciliation } from './payment-attempts.service';

/**
 * Money is never taken twice or kept without an order (issue 12, docs/decisions/015): the sandbox
 * provider fails on demand after charging, and the customer's retry or the reconciliation job
 * finishes the order or refunds the charge.
 */
describeBothPaths('crash-safe checkout', (paths) => {
  let t: TestApp;
  let f: Fixture;
  let http: ReturnType<typeof api>;
  const sandbox = () => t.app.paymentProvider as SandboxPaymentProvider;
  const reconcile = (minutesLater = 5) =>
    runCheckoutReconciliation(
      checkoutDepsOf(t.app, { db: t.db, config: t.config, holds: t.app.holdKeeper }),
      new Date(Date.now() + minutesLater * 60_000),
    );

  const announceLeftovers = (minutesLater = 5) =>
    announceOrdersLeftUnannounced(
      checkoutDepsOf(t.app, { db: t.db, config: t.config, holds: t.app.holdKeeper }),
      new Date(Date.now() + minutesLater * 60_000),
    );

  beforeAll(async () => {
    t = await paths.start();
    f = await createFixture(t.db);
    http = api(t.app);
  });
  afterEach(() => sandbox().setFault(null));
  afterAll(async () => {
    await t?.close();
  });

  /** A customer with one line in the basket, and the body the checkout page would send. */
  async function customerWith(occurrenceId: number, waiver: boolean) {
    const customer = await createUser(t.db, f.clientId);
    const added = await http.post('/api/activities/cart/add', customer.headers, {
      items: [{ id: occurrenceId, type: 'activity' }],
    });
    expect(added.statusCode, added.body).toBe(200);
    const cart = added.json().data;
    const body = async (cardNumber?: string) => ({
      item_hash: cart.item_hash,
      terms: [f.termId],
      completed_waivers: waiver ? [{ waiver_id: f.waiverId, user_id: customer.user.id }] : [],
      card: { token: await cardToken(t.app, cardNumber), save_card: false, billing },
    });
    return { ...customer, cart, body };
  }

  /** A court session of 4 places, `days` after the fixture's: paid, and no waiver to sign. */
  async function courtSession(days: number) {
    const session = await createOccurrence(t.db, {
      activity: f.badminton,
      venue: f.venue,
      location: f.courts[0] ?? f.studio,
      startsAt: new Date((f.courtSessions[0]?.startsAt.getTime() ?? 0) + days * 24 * 3600_000),
      capacity: 4,
      firstBookableAt: new Date(Date.now() - 3600_000),
    });
    return session.id;
  }

  /** The basket's attempts and the provider's charges made with their keys. */
  async function ledger(cartId: number) {
    const attempts = await t.db.select().from(paymentAttempts).where(eq(paymentAttempts.cartId, cartId));
    const keys = attempts.map((a) => a.idempotencyKey);
    const charges =
      keys.length === 0
        ? []
        : await t.db.select().from(sandboxCharges).where(inArray(sandboxCharges.idempotencyKey, keys));
    return {
      attempts,
      charged: charges.filter((c) => c.status !== 'declined'),
      declined: charges.filter((c) => c.status === 'declined'),
    };
  }

  const ordersOf = (userId: number) => t.db.select().from(orders).where(eq(orders.userId, userId));
  const mailsTo = (email: string) =>
    t.db.select().from(outboundEmails).where(eq(outboundEmails.toAddress, email));

  it("a paid checkout's attempt ends completed, with its order and the provider's charge id", async () => {
    const c = await customerWith(f.yogaSession.id, true);
    const paid = await http.post('/api/checkout/complete', c.headers, await c.body());
    expect(paid.statusCode, paid.body).toBe(200);
    const { attempts, charged } = await ledger(c.cart.id);
    expect(charged).toHaveLength(1);
    expect(attempts).toEqual([
      expect.objectContaining({
        status: 'completed',
        orderId: paid.json().complete_order_id,
        providerPaymentId: charged[0]?.id,
        leaseUntil: null,
      }),
    ]);
  });

  it('charged but the answer was lost: pressing Pay again with a new card token makes one order, one charge', async () => {
    const c = await customerWith(f.yogaSession.id, true);
    sandbox().setFault('fail-after-charge', { times: 1 });
    const first = await http.post('/api/checkout/complete', c.headers, await c.body());
    expect(first.statusCode, first.body).toBe(503);
    expect(first.json().message).toBe(checkoutMessages.failed);
    expect((await ledger(c.cart.id)).charged).toHaveLength(1);
    expect(await ordersOf(c.user.id)).toEqual([]);

    // The page asks the frame for a new token on every press: the basket's attempt decides, not the card.
    const again = await http.post('/api/checkout/complete', c.headers, await c.body('5555 5555 5555 4444'));
    expect(again.statusCode, again.body).toBe(200);
    const made = await ordersOf(c.user.id);
    expect(made).toHaveLength(1);
    expect(again.json().complete_order_id).toBe(made[0]?.id);
    const { attempts, charged } = await ledger(c.cart.id);
    expect(charged).toHaveLength(1);
    expect(attempts).toEqual([expect.objectContaining({ status: 'completed', orderId: made[0]?.id })]);
    // And again: the same order, still one charge.
    const third = await http.post('/api/checkout/complete', c.headers, await c.body());
    expect(third.json().complete_order_id).toBe(made[0]?.id);
    expect((await ledger(c.cart.id)).charged).toHaveLength(1);
    expect((await mailsTo(c.user.email)).map((m) => m.subject)).toEqual([
      expect.stringContaining('Booking confirmed'),
    ]);
  });

  it('the process died after the order committed, before announcing it: the job announces and emails it once', async () => {
    const announced: number[] = [];
    t.app.events.on('order.completed', async ({ orderId }) => {
      announced.push(orderId);
    });
    // A checkout that lived: announced and emailed by its request; the job finds nothing to do.
    const lived = await customerWith(f.yogaSession.id, true);
    const livedPaid = await http.post('/api/checkout/complete', lived.headers, await lived.body());
    expect(livedPaid.statusCode, livedPaid.body).toBe(200);
    expect(await announceLeftovers()).toBe(0);
    expect(announced).toEqual([livedPaid.json().complete_order_id]);

    // The next one dies as it starts to announce: the order is committed, nothing else happened.
    const died = await customerWith(f.yogaSession.id, true);
    const publish = t.app.events.publish;
    t.app.events.publish = async () => {
      throw new Error('the process died');
    };
    try {
      await http.post('/api/checkout/complete', died.headers, await died.body());
    } finally {
      t.app.events.publish = publish;
    }
    const [order] = await ordersOf(died.user.id);
    expect(order).toMatchObject({ announcedAt: null });
    expect(await mailsTo(died.user.email)).toEqual([]);

    // Not before the lease: the writer may still be announcing it.
    expect(await announceLeftovers(0)).toBe(0);
    expect(await announceLeftovers()).toBe(1);
    expect(await announceLeftovers()).toBe(0);
    expect(announced).toEqual([livedPaid.json().complete_order_id, order?.id]);
    const mails = await mailsTo(died.user.email);
    expect(mails.map((m) => m.subject)).toEqual([expect.stringContaining('Booking confirmed')]);
    expect(mails[0]?.attachments).toEqual([
      expect.objectContaining({ contentType: expect.stringContaining('text/calendar') }),
    ]);
    expect((await ordersOf(died.user.id))[0]?.announcedAt).toBeInstanceOf(Date);
  });

  it("a new order moves its customer's list version; its announced mark does not, a change its lists show does (migrations 0032, 0033)", async () => {
    const c = await customerWith(f.yogaSession.id, true);
    const version = () => readListVersion(t.db, c.user.id);
    const unordered = await version();
    const paid = await http.post('/api/checkout/complete', c.headers, await c.body());
    expect(paid.statusCode, paid.body).toBe(200);
    const orderId = Number(paid.json().complete_order_id);
    const before = await version();
    expect(before).not.toBe(unordered);
    await t.db.execute(sql`update orders set announced_at = null where id = ${orderId}`);
    await t.db.execute(sql`update orders set announced_at = now() where id = ${orderId}`);
    // An update that changes nothing is no change either.
    await t.db.execute(sql`update orders set total = total where id = ${orderId}`);
    expect(await version()).toBe(before);
    await t.db.execute(sql`update orders set source = 'foh' where id = ${orderId}`);
    expect(await version()).not.toBe(before);
  });

  it('charged but the answer was lost and the customer gave up: the reconciliation job writes the order', async () => {
    const c = await customerWith(f.yogaSession.id, true);
    const before = await findOccurrenceRow(t.db, f.yogaSession.id);
    sandbox().setFault('fail-after-charge', { times: 1 });
    expect((await http.post('/api/checkout/complete', c.headers, await c.body())).statusCode).toBe(503);

    expect(await reconcile()).toEqual({ completed: 1, refunded: 0, failed: 0, pending: 0 });
    expect(await reconcile()).toEqual({ completed: 0, refunded: 0, failed: 0, pending: 0 });
    const made = await ordersOf(c.user.id);
    expect(made).toHaveLength(1);
    expect((await ledger(c.cart.id)).charged).toHaveLength(1);
    expect(await findOccurrenceRow(t.db, f.yogaSession.id)).toMatchObject({
      bookedCount: (before?.bookedCount ?? 0) + 1,
      heldCount: (before?.heldCount ?? 0) - 1,
    });
    expect((await mailsTo(c.user.email)).map((m) => m.subject)).toEqual([
      expect.stringContaining('Booking confirmed'),
    ]);
    // Pressing Pay again afterwards answers that order.
    const again = await http.post('/api/checkout/complete', c.headers, await c.body());
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().complete_order_id).toBe(made[0]?.id);
  });

  it('the basket changed after the charge: the job refunds it and emails the customer; nothing is ordered', async () => {
    const c = await customerWith(f.yogaSession.id, true);
    sandbox().setFault('fail-after-charge', { times: 1 });
    expect((await http.post('/api/checkout/complete', c.headers, await c.body())).statusCode).toBe(503);
    // The basket's two-minute checkout claim runs out, and the customer empties the basket.
    await t.db
      .update(carts)
      .set({ checkoutStartedAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(carts.id, c.cart.id));
    const removed = await http.post('/api/activities/cart/remove', c.headers, {
      cart_item_ids: c.cart.items.map((item: { id: number }) => item.id),
    });
    expect(removed.statusCode, removed.body).toBe(200);

    expect(await reconcile()).toEqual({ completed: 0, refunded: 1, failed: 0, pending: 0 });
    expect(await ordersOf(c.user.id)).toEqual([]);
    const { attempts, charged } = await ledger(c.cart.id);
    expect(charged).toEqual([expect.objectContaining({ status: 'refunded' })]);
    expect(attempts).toEqual([expect.objectContaining({ status: 'refunded', reason: 'the basket changed' })]);
    const mails = await mailsTo(c.user.email);
    expect(mails.map((m) => m.subject)).toEqual(['Your payment has been refunded']);
    expect(mails[0]?.html).toContain('£7.50');
    // A second run neither refunds nor emails again.
    expect(await reconcile()).toEqual({ completed: 0, refunded: 0, failed: 0, pending: 0 });
    expect(await mailsTo(c.user.email)).toHaveLength(1);
  });

  it('a card payment of one session with nothing else to write: one statement writes it all (decision 035)', async () => {
    const court = await courtSession(1);
    const before = await findOccurrenceRow(t.db, court);
    const c = await customerWith(court, false);
    const paid = await http.post('/api/checkout/complete', c.headers, await c.body());
    expect(paid.statusCode, paid.body).toBe(200);
    const orderId = paid.json().complete_order_id;
    const { attempts, charged } = await ledger(c.cart.id);
    expect(charged).toEqual([expect.objectContaining({ status: 'succeeded', amount: expect.any(Number) })]);
    const [order] = await ordersOf(c.user.id);
    expect(order).toMatchObject({ id: orderId, cartId: c.cart.id, total: charged[0]?.amount });
    expect(order?.announcedAt).toBeInstanceOf(Date);
    expect(await t.db.select().from(bookings).where(eq(bookings.orderId, orderId))).toEqual([
      expect.objectContaining({ userId: c.user.id, occurrenceId: court, quantity: 1, status: 'booked' }),
    ]);
    expect(await t.db.select().from(payments).where(eq(payments.orderId, orderId))).toEqual([
      expect.objectContaining({
        tenderType: 'card',
        amount: charged[0]?.amount,
        providerReference: charged[0]?.id,
      }),
    ]);
    expect(attempts).toEqual([
      expect.objectContaining({
        status: 'completed',
        orderId,
        providerPaymentId: charged[0]?.id,
        leaseUntil: null,
      }),
    ]);
    const [basket] = await t.db.select().from(carts).where(eq(carts.id, c.cart.id));
    expect(basket).toMatchObject({
      status: 'completed',
      checkoutClaim: null,
      checkoutHash: c.cart.item_hash,
    });
    expect(await t.db.select().from(cartHolds).where(eq(cartHolds.cartId, c.cart.id))).toEqual([]);
    expect(await findOccurrenceRow(t.db, court)).toMatchObject({
      heldCount: before?.heldCount,
      bookedCount: (before?.bookedCount ?? 0) + 1,
    });
    expect((await mailsTo(c.user.email)).map((m) => m.subject)).toEqual([
      expect.stringContaining('Booking confirmed'),
    ]);
  });

  it('the one-statement order records the confirmation its stored rows make (decision 035, amended)', async () => {
    const court = await courtSession(3);
    const c = await customerWith(court, false);
    const paid = await http.post('/api/checkout/complete', c.headers, await c.body());
    expect(paid.statusCode, paid.body).toBe(200);
    const orderId = Number(paid.json().complete_order_id);
    // Made before the order was written, from the ids drawn for it with the attempt.
    const [recorded] = await mailsTo(c.user.email);
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.orderId, orderId));
    const calendar = String(recorded?.attachments[0]?.content);
    expect(calendar).toContain(`UID:booking-${booking?.id}@`);
    expect(recorded?.html).toContain(`/booking-confirmed/${orderId}`);
    // The same confirmation made again from the stored order, as the announcements job makes it.
    await t.db.delete(outboundEmails).where(eq(outboundEmails.id, recorded?.id ?? 0));
    await t.db.execute(sql`update orders set announced_at = null where id = ${orderId}`);
    expect(await announceLeftovers()).toBe(1);
    const [again] = await mailsTo(c.user.email);
    // The request links to the host it was asked at, the job to the configured one.
    const hostless = (text = '') => text.replaceAll(/https?:\/\/[^/\s"]+\//g, '/');
    expect({ subject: again?.subject, html: hostless(again?.html), text: hostless(again?.text) }).toEqual({
      subject: recorded?.subject,
      html: hostless(recorded?.html),
      text: hostless(recorded?.text),
    });
    const stampless = (text: string) => text.replace(/DTSTAMP:\S+/g, 'DTSTAMP');
    expect(stampless(String(again?.attachments[0]?.content))).toBe(stampless(calendar));
  });

  it('a hold released while the card was charged: the one statement writes nothing, and the payment is refunded', async () => {
    const court = await courtSession(2);
    const c = await customerWith(court, false);
    const before = await findOccurrenceRow(t.db, court);
    // The place goes back while the provider charges (as a release racing the claim could).
    const provider = sandbox();
    const charge = provider.charge.bind(provider);
    provider.charge = async (input) => {
      const result = await charge(input);
      await t.db.delete(cartHolds).where(eq(cartHolds.cartId, c.cart.id));
      await t.db.execute(sql`update occurrences set held_count = held_count - 1 where id = ${court}`);
      return result;
    };
    try {
      const paid = await http.post('/api/checkout/complete', c.headers, await c.body());
      expect(paid.statusCode, paid.body).toBe(409);
    } finally {
      provider.charge = charge;
    }
    expect(await ordersOf(c.user.id)).toEqual([]);
    const { attempts, charged } = await ledger(c.cart.id);
    expect(charged).toEqual([expect.objectContaining({ status: 'refunded' })]);
    expect(attempts.map((a) => a.status)).toEqual(['refunded']);
    expect((await mailsTo(c.user.email)).map((m) => m.subject)).toEqual(['Your payment has been refunded']);
    const [basket] = await t.db.select().from(carts).where(eq(carts.id, c.cart.id));
    expect(basket).toMatchObject({ status: 'open', checkoutClaim: null });
    expect(await findOccurrenceRow(t.db, court)).toMatchObject({
      heldCount: (before?.heldCount ?? 0) - 1,
      bookedCount: before?.bookedCount,
    });
  });

  it('the places went to someone else after the charge: a retry refunds instead of booking', async () => {
    const court = f.courtSessions[1]?.id ?? 0;
    const c = await customerWith(court, false);
    sandbox().setFault('fail-after-charge', { times: 1 });
    expect((await http.post('/api/checkout/complete', c.headers, await c.body())).statusCode).toBe(503);
    // The claim and the hold run out; another customer takes the only place.
    await t.db
      .update(carts)
      .set({ checkoutStartedAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(carts.id, c.cart.id));
    await t.db
      .update(cartHolds)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(cartHolds.cartId, c.cart.id));
    const other = await createUser(t.db, f.clientId);
    const taken = await http.post('/api/activities/cart/add', other.headers, {
      items: [{ id: court, type: 'activity' }],
    });
    expect(taken.statusCode, taken.body).toBe(200);

    const again = await http.post('/api/checkout/complete', c.headers, await c.body());
    expect(again.statusCode, again.body).toBe(409);
    expect(await ordersOf(c.user.id)).toEqual([]);
    const { attempts, charged } = await ledger(c.cart.id);
    expect(charged).toEqual([expect.objectContaining({ status: 'refunded' })]);
    expect(attempts.map((a) => a.status)).toEqual(['refunded']);
    expect((await mailsTo(c.user.email)).map((m) => m.subject)).toEqual(['Your payment has been refunded']);
    expect(await findOccurrenceRow(t.db, court)).toMatchObject({ heldCount: 1, bookedCount: 0 });
  });

  it('a decline makes no order and keeps the places; the next card is a new attempt', async () => {
    const c = await customerWith(f.yogaSession.id, true);
    const before = await findOccurrenceRow(t.db, f.yogaSession.id);
    sandbox().setFault('decline', { times: 1 });
    const declined = await http.post('/api/checkout/complete', c.headers, await c.body());
    expect(declined.statusCode, declined.body).toBe(422);
    expect(declined.json().errors).toEqual({ card: ['Your card was declined.'] });
    expect(await ordersOf(c.user.id)).toEqual([]);
    expect(await findOccurrenceRow(t.db, f.yogaSession.id)).toMatchObject({
      heldCount: before?.heldCount,
      bookedCount: before?.bookedCount,
    });
    expect((await ledger(c.cart.id)).attempts.map((a) => a.status)).toEqual(['failed']);
    expect(await reconcile()).toEqual({ completed: 0, refunded: 0, failed: 0, pending: 0 });

    const paid = await http.post('/api/checkout/complete', c.headers, await c.body());
    expect(paid.statusCode, paid.body).toBe(200);
    const { attempts, charged, declined: refused } = await ledger(c.cart.id);
    expect(attempts.map((a) => a.status).sort()).toEqual(['completed', 'failed']);
    // Decision 015's key: the basket, its items, and the attempt's number at those items.
    expect(
      attempts.map((a) => a.idempotencyKey.replace(/^checkout-[0-9a-f-]{36}-\w{16}-/, '#')).sort(),
    ).toEqual(['#1', '#2']);
    expect(charged).toHaveLength(1);
    expect(refused).toHaveLength(1);
  });

  it('an attempt the provider never received is failed by the job, and the basket is free again', async () => {
    const c = await customerWith(f.yogaSession.id, true);
    // A crash after recording the attempt and before calling the provider: simulated by a lost call.
    const charge = sandbox().charge.bind(sandbox());
    sandbox().charge = async () => {
      throw new Error('connection refused');
    };
    try {
      expect((await http.post('/api/checkout/complete', c.headers, await c.body())).statusCode).toBe(503);
    } finally {
      sandbox().charge = charge;
    }
    expect(await reconcile()).toEqual({ completed: 0, refunded: 0, failed: 1, pending: 0 });
    const [cart] = await t.db
      .select()
      .from(carts)
      .where(and(eq(carts.id, c.cart.id)));
    expect(cart?.checkoutClaim).toBeNull();
    const paid = await http.post('/api/checkout/complete', c.headers, await c.body());
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await ledger(c.cart.id)).charged).toHaveLength(1);
  });
});
