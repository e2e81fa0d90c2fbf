import { cartMessages } from '@leisure/contract/cart';
import { checkoutMessages } from '@leisure/contract/checkout';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { bookings, creditTransactions, orders, outboundEmails, payments, savedCards } from '../../db/schema';
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
import { grantCredit } from '../credit/credit.service';
import { findOccurrenceRow } from '../timetable/timetable.repository';

describeBothPaths('checkout', (paths) => {
  let t: TestApp;
  let f: Fixture;
  let http: ReturnType<typeof api>;

  const places = async (occurrenceId: number) => {
    const row = await findOccurrenceRow(t.db, occurrenceId);
    return { held: row?.heldCount, booked: row?.bookedCount };
  };
  const courtId = (i: number) => f.courtSessions[i]?.id ?? 0;

  /** A customer with one line in the basket; answers the basket as the page saw it. */
  async function basketWith(items: unknown[]) {
    const user = await createUser(t.db, f.clientId);
    const res = await http.post('/api/activities/cart/add', user.headers, { items });
    expect(res.statusCode, res.body).toBe(200);
    return { ...user, cart: res.json().data };
  }

  beforeAll(async () => {
    t = await paths.start();
    f = await createFixture(t.db);
    http = api(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('GET checkout/prepare answers the provider, the amount and its card frame', async () => {
    const { headers, cart } = await basketWith([{ id: f.freeSession.id, type: 'activity' }]);
    const res = await http.get('/api/checkout/prepare', headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      payment_provider: 'sandbox',
      data: expect.objectContaining({
        cart_id: cart.id,
        item_hash: cart.item_hash,
        amount: 0,
        formatted_amount: '£0.00',
        currency: 'GBP',
        requires_payment: false,
        frame_url: expect.stringContaining('/sandbox-pay/frame?origin='),
        frame_origin: expect.stringMatching(/^http/),
        saved_card: null,
      }),
    });
    expect((await http.get('/api/checkout/prepare', {})).statusCode).toBe(401);
  });

  it('pays by card and saves it: order, bookings, one payment, email with .ics, basket closed', async () => {
    const { headers, user, cart } = await basketWith([{ id: courtId(0), type: 'activity' }]);
    const charge = vi.spyOn(t.app.paymentProvider, 'charge');
    const token = await cardToken(t.app);
    const res = await http.post('/api/checkout/complete', headers, {
      completed_waivers: [],
      payments: [{ tender_type: 'card', amount: 592, info: null }],
      item_hash: cart.item_hash,
      source: 'activity-booking',
      terms: [f.termId],
      card: { token, save_card: true, billing },
    });
    expect(res.statusCode, res.body).toBe(200);
    const orderId = res.json().complete_order_id;
    expect(orderId).toEqual(expect.any(Number));
    expect(charge).toHaveBeenCalledTimes(1);
    expect(charge.mock.calls[0]?.[0]).toMatchObject({ amount: 592, currency: 'GBP' });
    charge.mockRestore();
    expect(await places(courtId(0))).toEqual({ held: 0, booked: 1 });
    const booked = await t.db.select().from(bookings).where(eq(bookings.orderId, orderId));
    expect(booked).toEqual([
      expect.objectContaining({ userId: user.id, occurrenceId: courtId(0), status: 'booked' }),
    ]);
    const paid = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(paid).toEqual([expect.objectContaining({ tenderType: 'card', amount: 592, cardLast4: '4242' })]);
    const [saved] = await t.db.select().from(savedCards).where(eq(savedCards.userId, user.id));
    expect(saved).toMatchObject({
      last4: '4242',
      brand: expect.any(String),
      billing: { postcode: 'LS11 5PZ' },
    });
    expect(JSON.stringify(saved)).not.toContain('4242424242424242');

    // The confirmation page and the calendar.
    const order = await http.get(`/api/my-account/orders/${orderId}`, headers);
    expect(order.statusCode, order.body).toBe(200);
    expect(order.json().data).toMatchObject({
      id: orderId,
      reference: `ORD-${String(orderId).padStart(6, '0')}`,
      total: 592,
      formatted_total: '£5.92',
      items: [{ name: 'Badminton 40min', cartable_resource: { location: { name: 'Court 1' } } }],
      payments: [{ tender_type: 'card', amount: 592, card: { last4: '4242' } }],
      calendar_url: `/api/my-account/orders/${orderId}/calendar.ics`,
    });
    const ics = await http.get(`/api/my-account/orders/${orderId}/calendar.ics`, headers);
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toContain('text/calendar');
    expect(ics.body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics.body).toContain('SUMMARY:Badminton 40min');
    expect(ics.body).toContain('LOCATION:Court 1\\, Cart Venue');
    const [mail] = await t.db.select().from(outboundEmails).where(eq(outboundEmails.toAddress, user.email));
    expect(mail?.subject).toContain('Booking confirmed');
    expect(mail?.html).toContain('Checkout successful');
    expect(mail?.attachments[0]).toMatchObject({ filename: expect.stringMatching(/\.ics$/) });
    expect(mail?.attachments[0]?.content).toContain('BEGIN:VEVENT');

    // The basket is closed: a new one is empty. A repeated submission answers the same order.
    expect((await http.get('/api/activities/cart', headers)).json().data.items).toEqual([]);
    const again = await http.post('/api/checkout/complete', headers, {
      item_hash: cart.item_hash,
      terms: [f.termId],
      card: { token, save_card: true, billing },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().complete_order_id).toBe(orderId);
    expect(await t.db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(1);

    // Someone else cannot see the order (404), nor its calendar.
    const other = await createUser(t.db, f.clientId);
    expect((await http.get(`/api/my-account/orders/${orderId}`, other.headers)).statusCode).toBe(404);
    expect((await http.get(`/api/my-account/orders/${orderId}/calendar.ics`, other.headers)).statusCode).toBe(
      404,
    );
    expect((await http.get(`/api/my-account/orders/${orderId}`, {})).statusCode).toBe(401);

    // Pay with the saved card next time; saving another card replaces it.
    const next = await http.post('/api/activities/cart/add', headers, {
      items: [{ id: f.yogaSession.id, type: 'activity' }],
    });
    const prepared = (await http.get('/api/checkout/prepare', headers)).json().data;
    expect(prepared.saved_card).toMatchObject({ last4: '4242', billing: { first_name: 'Alex' } });
    const withSaved = await http.post('/api/checkout/complete', headers, {
      item_hash: next.json().data.item_hash,
      terms: [f.termId],
      completed_waivers: [{ waiver_id: f.waiverId, user_id: user.id }],
      saved_card: true,
    });
    expect(withSaved.statusCode, withSaved.body).toBe(200);
    await http.post('/api/activities/cart/add', headers, { items: [{ id: courtId(1), type: 'activity' }] });
    const other3184 = await cardToken(t.app, '4000 0027 6000 3184');
    const replaced = await http.post('/api/checkout/complete', headers, {
      terms: [f.termId],
      card: { token: other3184, save_card: true, billing: { ...billing, first_name: 'Sam' } },
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const cards = await t.db.select().from(savedCards).where(eq(savedCards.userId, user.id));
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ last4: '3184', billing: { firstName: 'Sam' } });
  });

  it('a declined card answers 422 with the provider message, books nothing and keeps the hold', async () => {
    const { headers, user, cart } = await basketWith([{ id: f.yogaSession.id, type: 'activity' }]);
    const token = await cardToken(t.app, '4000 0000 0000 0002');
    const before = await places(f.yogaSession.id);
    const res = await http.post('/api/checkout/complete', headers, {
      item_hash: cart.item_hash,
      terms: [f.termId],
      completed_waivers: [{ waiver_id: f.waiverId, user_id: user.id }],
      card: { token, save_card: true, billing },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'Your card was declined.',
      errors: { card: ['Your card was declined.'] },
    });
    expect(await places(f.yogaSession.id)).toEqual(before);
    expect(await t.db.select().from(orders).where(eq(orders.userId, user.id))).toEqual([]);
    expect(await t.db.select().from(savedCards).where(eq(savedCards.userId, user.id))).toEqual([]);
    const still = (await http.get('/api/activities/cart', headers)).json().data;
    expect(still.items).toHaveLength(1);
    expect(still.item_hash).toBe(cart.item_hash);
    // A good card afterwards works (a new idempotency key for a new card).
    const good = await http.post('/api/checkout/complete', headers, {
      item_hash: cart.item_hash,
      terms: [f.termId],
      completed_waivers: [{ waiver_id: f.waiverId, user_id: user.id }],
      card: { token: await cardToken(t.app), save_card: false, billing },
    });
    expect(good.statusCode, good.body).toBe(200);
  });

  it('checks the item hash, terms, waivers, card and payments before charging (nothing written)', async () => {
    const { headers, user, cart } = await basketWith([{ id: f.yogaSession.id, type: 'activity' }]);
    const token = await cardToken(t.app);
    const charge = vi.spyOn(t.app.paymentProvider, 'charge');
    const base = {
      item_hash: cart.item_hash,
      terms: [f.termId],
      completed_waivers: [{ waiver_id: f.waiverId, user_id: user.id }],
      card: { token, save_card: false, billing },
    };
    const changed = await http.post('/api/checkout/complete', headers, { ...base, item_hash: 'stale' });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toBe(checkoutMessages.basketChanged);
    const noTerms = await http.post('/api/checkout/complete', headers, { ...base, terms: [] });
    expect(noTerms.statusCode).toBe(422);
    expect(noTerms.json().errors).toEqual({ terms: [checkoutMessages.termsRequired] });
    const noWaiver = await http.post('/api/checkout/complete', headers, { ...base, completed_waivers: [] });
    expect(noWaiver.statusCode).toBe(422);
    expect(noWaiver.json().errors).toEqual({ completed_waivers: [checkoutMessages.waiverRequired] });
    const { card: _card, ...noCard } = base;
    const withoutCard = await http.post('/api/checkout/complete', headers, noCard);
    expect(withoutCard.json().errors).toEqual({ card: [checkoutMessages.cardRequired] });
    const noSaved = await http.post('/api/checkout/complete', headers, { ...noCard, saved_card: true });
    expect(noSaved.json().errors).toEqual({ saved_card: [checkoutMessages.noSavedCard] });
    const wrongAmount = await http.post('/api/checkout/complete', headers, {
      ...base,
      payments: [{ tender_type: 'card', amount: 1 }],
    });
    expect(wrongAmount.json().errors).toEqual({ payments: [checkoutMessages.amountMismatch] });
    const cash = await http.post('/api/checkout/complete', headers, {
      ...base,
      payments: [{ tender_type: 'cash', amount: 750 }],
    });
    expect(cash.statusCode).toBe(422);
    const badBilling = await http.post('/api/checkout/complete', headers, {
      ...base,
      card: { token, billing: { ...billing, postcode: 'nope', first_name: '' } },
    });
    expect(badBilling.statusCode).toBe(422);
    expect(Object.keys(badBilling.json().errors)).toEqual(
      expect.arrayContaining(['card.billing.postcode', 'card.billing.first_name']),
    );
    expect(charge).not.toHaveBeenCalled();
    charge.mockRestore();
    expect(await t.db.select().from(orders).where(eq(orders.userId, user.id))).toEqual([]);
    const other = await createUser(t.db, f.clientId);
    const forOther = await http.post('/api/checkout/complete', other.headers, {
      ...base,
      selected_user_id: user.id,
    });
    expect(forOther.statusCode).toBe(403);
    await http.delete('/api/activities/cart', headers);
  });

  it('a session the customer has booked cannot go in their basket again; others may still book it', async () => {
    const booker = await basketWith([{ id: f.freeSession.id, type: 'activity' }]);
    const paid = await http.post('/api/checkout/complete', booker.headers, {
      item_hash: booker.cart.item_hash,
      terms: [f.termId],
      payments: [],
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const again = await http.post('/api/activities/cart/add', booker.headers, {
      items: [{ id: f.freeSession.id, type: 'activity' }],
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ 'items.0.id': [cartMessages.alreadyBooked] });
    const other = await basketWith([{ id: f.freeSession.id, type: 'activity' }]);
    expect(other.cart.items).toHaveLength(1);
    await http.delete('/api/activities/cart', other.headers);
  });

  it('a zero total, or a basket paid in full by credit, needs no card', async () => {
    const free = await basketWith([{ id: f.freeSession.id, type: 'activity' }]);
    const charge = vi.spyOn(t.app.paymentProvider, 'charge');
    const res = await http.post('/api/checkout/complete', free.headers, {
      item_hash: free.cart.item_hash,
      terms: [f.termId],
      payments: [],
    });
    expect(res.statusCode, res.body).toBe(200);

    const paid = await basketWith([{ id: f.yogaSession.id, type: 'activity' }]);
    await grantCredit(t.db, paid.user.id, 1000, 'Goodwill');
    const credit = await http.post('/api/checkout/complete', paid.headers, {
      item_hash: paid.cart.item_hash,
      terms: [f.termId],
      completed_waivers: [{ waiver_id: f.waiverId, user_id: paid.user.id }],
      payments: [{ tender_type: 'credit', amount: 750 }],
    });
    expect(credit.statusCode, credit.body).toBe(200);
    expect(charge).not.toHaveBeenCalled();
    charge.mockRestore();
    const ledger = await t.db
      .select()
      .from(creditTransactions)
      .where(eq(creditTransactions.userId, paid.user.id));
    expect(ledger.map((row) => row.amount).sort((a, b) => a - b)).toEqual([-750, 1000]);
    const cart = (await http.get('/api/activities/cart', paid.headers)).json().data;
    expect(cart.credits.general.total_available).toBe(250);
    const me = (await http.get('/api/auth/user', paid.headers)).json().data;
    expect(me.credit).toEqual({ balance: 250, formatted_balance: '£2.50' });
  });

  it('idempotent: concurrent submissions of one basket make one order and one charge', async () => {
    const { headers, user, cart } = await basketWith([{ id: f.courseSessionIds[0], type: 'activity' }]);
    const token = await cardToken(t.app);
    const charge = vi.spyOn(t.app.paymentProvider, 'charge');
    const body = { item_hash: cart.item_hash, terms: [f.termId], card: { token, save_card: false, billing } };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => http.post('/api/checkout/complete', headers, body)),
    );
    const ok = answers.filter((res) => res.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(answers.every((res) => res.statusCode === 200 || res.statusCode === 409)).toBe(true);
    expect(new Set(ok.map((res) => res.json().complete_order_id)).size).toBe(1);
    expect(charge).toHaveBeenCalledTimes(1);
    charge.mockRestore();
    expect(await t.db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(1);
    for (const id of f.courseSessionIds) expect((await places(id)).booked).toBe(1);
  });

  it("the confirmation email's calendar holds the order calendar's events, a course's sessions included", async () => {
    // After the idempotency test, which counts the course's places.
    const customer = await basketWith([{ id: f.bundleId, type: 'av2BookingBundle' }]);
    const added = await http.post('/api/activities/cart/add', customer.headers, {
      items: [{ id: f.freeSession.id, type: 'activity' }],
    });
    expect(added.statusCode, added.body).toBe(200);
    const cart = added.json().data;
    const paid = await http.post('/api/checkout/complete', customer.headers, {
      item_hash: cart.item_hash,
      terms: [f.termId],
      payments: [{ tender_type: 'card', amount: cart.balance }],
      card: { token: await cardToken(t.app), save_card: false, billing },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const orderId = paid.json().complete_order_id;
    const file = await http.get(`/api/my-account/orders/${orderId}/calendar.ics`, customer.headers);
    expect(file.body.match(/BEGIN:VEVENT/g)).toHaveLength(f.courseSessionIds.length + 1);
    const [mail] = await t.db
      .select()
      .from(outboundEmails)
      .where(eq(outboundEmails.toAddress, customer.user.email));
    // Each event as the file has it; only the moment each was generated (DTSTAMP) may differ.
    const events = (ics: string) => ics.replace(/DTSTAMP:[^\r\n]*/g, 'DTSTAMP');
    expect(events(mail?.attachments[0]?.content ?? '')).toBe(events(file.body));
  });

  it('documents every call in the OpenAPI description', async () => {
    const doc = (await http.get('/api/docs', {})).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    for (const [path, method] of [
      ['/api/checkout/prepare', 'get'],
      ['/api/checkout/complete', 'post'],
      ['/api/my-account/orders/{orderId}', 'get'],
      ['/api/my-account/orders/{orderId}/calendar.ics', 'get'],
    ] as const) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
  });
});
