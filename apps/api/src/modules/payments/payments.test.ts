import { inflateSync } from 'node:zlib';
import { paymentsMessages } from '@leisure/contract/payments';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activities,
  creditTransactions,
  occurrences,
  orders,
  payments,
  penalties,
  savedCards,
} from '../../db/schema';
import {
  api,
  billing,
  cardToken,
  createFixture,
  createUser,
  type Fixture,
} from '../../test/factories/basket-fixtures';
import { startTestApp, type TestApp } from '../../test/harness';

/** The text a pdfkit document draws: inflate its content streams and decode their hex strings. */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const parts: string[] = [];
  const streamPattern = /stream\r?\n/g;
  for (let match = streamPattern.exec(source); match; match = streamPattern.exec(source)) {
    const start = match.index + match[0].length;
    const end = source.indexOf('endstream', start);
    const raw = pdf.subarray(start, end);
    let text: string;
    try {
      text = inflateSync(raw).toString('latin1');
    } catch {
      text = raw.toString('latin1');
    }
    for (const hex of text.matchAll(/<([0-9a-fA-F]+)>/g)) {
      parts.push(Buffer.from(hex[1] ?? '', 'hex').toString('latin1'));
    }
    parts.push('\n');
  }
  return parts.join('');
}

describe('payments area', () => {
  let t: TestApp;
  let f: Fixture;
  let http: ReturnType<typeof api>;
  let staff: Awaited<ReturnType<typeof createUser>>;

  beforeAll(async () => {
    t = await startTestApp();
    f = await createFixture(t.db);
    http = api(t.app);
    staff = await createUser(t.db, f.clientId, { staff: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function penaltyFor(userId: number, amount = 500, description = 'Badminton 40min') {
    const res = await http.post(`/api/staff/customers/${userId}/penalties`, staff.headers, {
      type: 'late_cancellation',
      amount,
      description,
      venue_id: f.venue.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: number };
  }

  it('documents every payments call in OpenAPI, and the penalty item of the cart add call', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ paths: Record<string, Record<string, { tags?: string[] }>> }>();
    const calls: [string, string][] = [
      ['/api/my-account/user/penalties', 'get'],
      ['/api/credits/user', 'get'],
      ['/api/credits/user/credit-transactions', 'get'],
      ['/api/my-account/saved-cards', 'get'],
      ['/api/my-account/saved-cards/{id}/update', 'put'],
      ['/api/my-account/saved-cards/{id}/remove', 'delete'],
      ['/api/my-account/orders', 'get'],
      ['/api/my-account/orders/{orderId}/receipt', 'get'],
      ['/api/staff/customers/{userId}/credits', 'post'],
      ['/api/staff/customers/{userId}/penalties', 'post'],
    ];
    for (const [path, method] of calls) expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    expect(JSON.stringify(doc.paths['/api/activities/cart/add'])).toContain('penalty');
  });

  it('staff issue penalties; the owner sees them and has_outstanding_penalties turns true', async () => {
    const member = await createUser(t.db, f.clientId);
    const other = await createUser(t.db, f.clientId);
    expect((await http.get('/api/auth/user', member.headers)).json().data.has_outstanding_penalties).toBe(
      false,
    );
    const penalty = await penaltyFor(member.user.id, 750);
    const res = await http.get('/api/my-account/user/penalties', member.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({
        id: penalty.id,
        type: 'late_cancellation',
        type_label: 'Late cancellation fee',
        fee_amount: { amount: 750, formatted: '£7.50' },
        cart_type: 'penalty',
        booking: expect.objectContaining({ venue: 'Cart Venue', description: 'Badminton 40min' }),
      }),
    ]);
    expect(res.json().data[0].booking.date).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect((await http.get('/api/auth/user', member.headers)).json().data.has_outstanding_penalties).toBe(
      true,
    );
    // Nobody else sees them.
    expect((await http.get('/api/my-account/user/penalties', other.headers)).json().data).toEqual([]);
    expect((await http.get('/api/my-account/user/penalties', {})).statusCode).toBe(401);
  });

  it('only staff issue penalties and credit; bad input is 422 and writes nothing', async () => {
    const member = await createUser(t.db, f.clientId);
    const asCustomer = await http.post(`/api/staff/customers/${member.user.id}/penalties`, member.headers, {
      type: 'no_show',
      amount: 500,
      description: 'No show',
    });
    expect(asCustomer.statusCode).toBe(403);
    const credit = await http.post(`/api/staff/customers/${member.user.id}/credits`, member.headers, {
      amount: 500,
      reason: 'Because',
    });
    expect(credit.statusCode).toBe(403);
    expect(
      (
        await http.post(
          `/api/staff/customers/${member.user.id}/credits`,
          {},
          { amount: 500, reason: 'Because' },
        )
      ).statusCode,
    ).toBe(401);
    const bad = await http.post(`/api/staff/customers/${member.user.id}/penalties`, staff.headers, {
      type: 'parking',
      amount: -5,
      description: '',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['type', 'amount', 'description']));
    const badCredit = await http.post(`/api/staff/customers/${member.user.id}/credits`, staff.headers, {
      amount: 1.5,
      reason: 'x',
    });
    expect(badCredit.statusCode).toBe(422);
    expect(Object.keys(badCredit.json().errors)).toEqual(expect.arrayContaining(['amount', 'reason']));
    // A staff user is not a customer: 404.
    const notCustomer = await http.post(`/api/staff/customers/${staff.user.id}/credits`, staff.headers, {
      amount: 500,
      reason: 'Because',
    });
    expect(notCustomer.statusCode).toBe(404);
    expect(await t.db.select().from(penalties).where(eq(penalties.userId, member.user.id))).toEqual([]);
    expect(
      await t.db.select().from(creditTransactions).where(eq(creditTransactions.userId, member.user.id)),
    ).toEqual([]);
  });

  it('pays selected fees through the basket and a card: each penalty paid once, order shows it', async () => {
    const member = await createUser(t.db, f.clientId);
    const other = await createUser(t.db, f.clientId);
    const first = await penaltyFor(member.user.id, 500, 'Badminton 40min');
    const second = await penaltyFor(member.user.id, 350, 'Yoga Flow');
    const foreign = await penaltyFor(other.user.id, 900);

    const added = await http.post('/api/activities/cart/add', member.headers, {
      items: [
        { id: first.id, type: 'penalty' },
        { id: second.id, type: 'penalty' },
      ],
    });
    expect(added.statusCode, added.body).toBe(200);
    const cart = added.json().data;
    expect(cart.total).toBe(850);
    expect(cart.items).toEqual([
      expect.objectContaining({
        cartable_type: 'penalty',
        cartable_id: first.id,
        price: expect.objectContaining({ raw: 500 }),
      }),
      expect.objectContaining({
        cartable_type: 'penalty',
        cartable_id: second.id,
        price: expect.objectContaining({ raw: 350 }),
      }),
    ]);

    // A penalty is in one line at a time; someone else's cannot be added; fees go on their own.
    const again = await http.post('/api/activities/cart/add', member.headers, {
      items: [{ id: first.id, type: 'penalty' }],
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors['items.0.id']).toEqual([paymentsMessages.penaltyInBasket]);
    const theirs = await http.post('/api/activities/cart/add', member.headers, {
      items: [{ id: foreign.id, type: 'penalty' }],
    });
    expect(theirs.statusCode).toBe(422);
    expect(theirs.json().errors['items.0.id']).toEqual([paymentsMessages.penaltyNotPayable]);
    const mixed = await http.post('/api/activities/cart/add', member.headers, {
      items: [
        { id: f.freeSession.id, type: 'activity' },
        { id: foreign.id, type: 'penalty' },
      ],
    });
    expect(mixed.statusCode).toBe(422);

    // Remove one and put it back (the checkbox toggled off and on).
    const secondLine = cart.items.find((item: { cartable_id: number }) => item.cartable_id === second.id);
    const removed = await http.post('/api/activities/cart/remove', member.headers, {
      cart_item_ids: [secondLine.id],
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data.total).toBe(500);
    const readded = await http.post('/api/activities/cart/add', member.headers, {
      items: [{ id: second.id, type: 'penalty' }],
    });
    expect(readded.statusCode, readded.body).toBe(200);
    const basket = (await http.get('/api/activities/cart', member.headers)).json().data;
    expect(basket.items).toHaveLength(2);

    const token = await cardToken(t.app);
    const paid = await http.post('/api/checkout/complete', member.headers, {
      item_hash: basket.item_hash,
      terms: [f.termId],
      completed_waivers: [],
      payments: [{ tender_type: 'card', amount: 850, info: null }],
      card: { token, save_card: true, billing },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const orderId = paid.json().complete_order_id;
    const rows = await t.db.select().from(penalties).where(eq(penalties.userId, member.user.id));
    expect(rows.map((row) => [row.status, row.orderId])).toEqual([
      ['paid', orderId],
      ['paid', orderId],
    ]);
    expect((await http.get('/api/my-account/user/penalties', member.headers)).json().data).toEqual([]);
    expect((await http.get('/api/auth/user', member.headers)).json().data.has_outstanding_penalties).toBe(
      false,
    );
    // A paid penalty cannot go back in a basket.
    const paidAgain = await http.post('/api/activities/cart/add', member.headers, {
      items: [{ id: first.id, type: 'penalty' }],
    });
    expect(paidAgain.statusCode).toBe(422);

    const order = await http.get(`/api/my-account/orders/${orderId}`, member.headers);
    expect(order.statusCode, order.body).toBe(200);
    expect(order.json().data.uuid).toEqual(expect.any(String));
    expect(order.json().data.items).toEqual([
      expect.objectContaining({ cartable_type: 'penalty', name: 'Late cancellation fee: Badminton 40min' }),
      expect.objectContaining({ cartable_type: 'penalty', name: 'Late cancellation fee: Yoga Flow' }),
    ]);
  });

  it('a fee paid elsewhere after it was put in the basket is never charged again', async () => {
    const member = await createUser(t.db, f.clientId);
    const penalty = await penaltyFor(member.user.id, 500);
    const added = await http.post('/api/activities/cart/add', member.headers, {
      items: [{ id: penalty.id, type: 'penalty' }],
    });
    expect(added.statusCode).toBe(200);
    await t.db.update(penalties).set({ status: 'waived' }).where(eq(penalties.id, penalty.id));
    const token = await cardToken(t.app);
    const res = await http.post('/api/checkout/complete', member.headers, {
      terms: [f.termId],
      card: { token, save_card: false, billing },
    });
    expect(res.statusCode).toBe(422);
    expect(await t.db.select().from(orders).where(eq(orders.userId, member.user.id))).toEqual([]);
  });

  it('concurrent checkouts of a fee basket make one order and pay the penalty once', async () => {
    const member = await createUser(t.db, f.clientId);
    const penalty = await penaltyFor(member.user.id, 400);
    await http.post(`/api/staff/customers/${member.user.id}/credits`, staff.headers, {
      amount: 400,
      reason: 'Goodwill',
    });
    const cart = (
      await http.post('/api/activities/cart/add', member.headers, {
        items: [{ id: penalty.id, type: 'penalty' }],
      })
    ).json().data;
    const body = {
      item_hash: cart.item_hash,
      terms: [f.termId],
      payments: [{ tender_type: 'credit', amount: 400, info: null }],
    };
    const answers = await Promise.all([
      http.post('/api/checkout/complete', member.headers, body),
      http.post('/api/checkout/complete', member.headers, body),
      http.post('/api/checkout/complete', member.headers, body),
    ]);
    const ids = answers.filter((a) => a.statusCode === 200).map((a) => a.json().complete_order_id);
    expect(ids.length).toBeGreaterThan(0);
    expect(new Set(ids).size).toBe(1);
    expect(await t.db.select().from(orders).where(eq(orders.userId, member.user.id))).toHaveLength(1);
    const [row] = await t.db.select().from(penalties).where(eq(penalties.id, penalty.id));
    expect(row).toMatchObject({ status: 'paid', orderId: ids[0] });
    const spent = await http.get('/api/credits/user/credit-transactions', member.headers);
    expect(spent.json().data).toEqual([
      expect.objectContaining({
        value: expect.objectContaining({ raw: 400, formatted: '£4.00' }),
        related_item: expect.stringMatching(/^ORD-/),
      }),
    ]);
  });

  it('credits: added with balances, spent, only the owner', async () => {
    const member = await createUser(t.db, f.clientId);
    const other = await createUser(t.db, f.clientId);
    const issued = await http.post(`/api/staff/customers/${member.user.id}/credits`, staff.headers, {
      amount: 1500,
      reason: 'Cancelled booking',
      description: 'Pool closed',
      venue_id: f.venue.id,
      expires_at: '2030-01-31T00:00:00Z',
    });
    expect(issued.statusCode, issued.body).toBe(201);
    await http.post(`/api/staff/customers/${member.user.id}/credits`, staff.headers, {
      amount: 2000,
      type: 'membership',
      reason: 'Refund',
    });
    const res = await http.get('/api/credits/user', member.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.balances).toEqual({
      general: { total_available: 1500, formatted: '£15.00', currency: 'GBP' },
      membership: { total_available: 2000, raw: 2000, formatted: '£20.00' },
    });
    expect(res.json().data.credits).toEqual([
      expect.objectContaining({
        type: 'membership',
        value: { raw: 2000, formatted: '£20.00', currency: 'GBP' },
      }),
      expect.objectContaining({
        type: 'general',
        reason: 'Cancelled booking',
        description: 'Pool closed',
        expires_at: '2030-01-31T00:00:00.000Z',
        added_at: expect.any(String),
        spent_at: null,
      }),
    ]);
    expect((await http.get('/api/credits/user', other.headers)).json().data.credits).toEqual([]);
    expect((await http.get('/api/credits/user/credit-transactions', member.headers)).json().data).toEqual([]);
    expect((await http.get('/api/credits/user', {})).statusCode).toBe(401);
    expect((await http.get('/api/credits/user/credit-transactions', {})).statusCode).toBe(401);
  });

  it('saved card: read, update billing (422 on bad input), delete; others get 404', async () => {
    const member = await createUser(t.db, f.clientId);
    const other = await createUser(t.db, f.clientId);
    await t.db.insert(savedCards).values({
      userId: member.user.id,
      provider: 'sandbox',
      token: 'tok',
      brand: 'mastercard',
      last4: '4444',
      expiryMonth: 1,
      expiryYear: 2020,
      billing: {
        firstName: 'Alex',
        lastName: 'Morgan',
        addressLine1: '1 Road',
        town: 'Leeds',
        postcode: 'LS1 1AA',
      },
    });
    const list = await http.get('/api/my-account/saved-cards', member.headers);
    expect(list.statusCode).toBe(200);
    const [card] = list.json().data;
    expect(card).toMatchObject({
      last_four_digits: '4444',
      expiry_date: '01/20',
      recently_expired: true,
      card_holder_name: 'Alex Morgan',
      address_line_2: '',
      city: 'Leeds',
      post_code: 'LS1 1AA',
    });
    expect((await http.get('/api/my-account/saved-cards', other.headers)).json().data).toEqual([]);
    expect((await http.get('/api/my-account/saved-cards', {})).statusCode).toBe(401);

    const good = {
      first_name: 'Sam',
      last_name: 'Lee',
      address_line_1: '2 Street',
      address_line_2: 'Flat 3',
      city: 'York',
      post_code: 'yo1 7hh',
    };
    const bad = await http.put(`/api/my-account/saved-cards/${card.id}/update`, member.headers, {
      ...good,
      first_name: 'S',
      city: '',
      post_code: '12345',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({
      first_name: [paymentsMessages.firstName],
      city: [paymentsMessages.city],
      post_code: [paymentsMessages.postcode],
    });
    const theirs = await http.put(`/api/my-account/saved-cards/${card.id}/update`, other.headers, good);
    expect(theirs.statusCode).toBe(404);
    // Staff have no saved card of their own and cannot change a customer's.
    expect((await http.get('/api/my-account/saved-cards', staff.headers)).json().data).toEqual([]);
    expect(
      (await http.put(`/api/my-account/saved-cards/${card.id}/update`, staff.headers, good)).statusCode,
    ).toBe(404);
    expect(
      (await http.delete(`/api/my-account/saved-cards/${card.id}/remove`, staff.headers)).statusCode,
    ).toBe(404);
    expect((await http.put(`/api/my-account/saved-cards/${card.id}/update`, {}, good)).statusCode).toBe(401);
    const [unchanged] = await t.db.select().from(savedCards).where(eq(savedCards.id, card.id));
    expect(unchanged?.billing.firstName).toBe('Alex');

    const ok = await http.put(`/api/my-account/saved-cards/${card.id}/update`, member.headers, good);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({
      first_name: 'Sam',
      address_line_2: 'Flat 3',
      post_code: 'YO1 7HH',
      last_four_digits: '4444',
    });
    const [row] = await t.db.select().from(savedCards).where(eq(savedCards.id, card.id));
    expect(row).toMatchObject({ token: 'tok', last4: '4444', billing: { firstName: 'Sam', town: 'York' } });

    expect(
      (await http.delete(`/api/my-account/saved-cards/${card.id}/remove`, other.headers)).statusCode,
    ).toBe(404);
    expect((await http.delete(`/api/my-account/saved-cards/${card.id}/remove`, {})).statusCode).toBe(401);
    const removed = await http.delete(`/api/my-account/saved-cards/${card.id}/remove`, member.headers);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: 'Card deleted successfully' });
    expect((await http.get('/api/my-account/saved-cards', member.headers)).json().data).toEqual([]);
    expect(
      (await http.delete(`/api/my-account/saved-cards/${card.id}/remove`, member.headers)).statusCode,
    ).toBe(404);
  });

  it('order history: inclusive date range, one-sided bounds, paging, bad input; receipt PDF', async () => {
    const member = await createUser(t.db, f.clientId, { firstName: 'Receipt' });
    const other = await createUser(t.db, f.clientId);
    const orderIds: number[] = [];
    for (const amount of [300, 400, 500]) {
      const penalty = await penaltyFor(member.user.id, amount, `Fee ${amount}`);
      await http.post('/api/activities/cart/add', member.headers, {
        items: [{ id: penalty.id, type: 'penalty' }],
      });
      const token = await cardToken(t.app);
      const res = await http.post('/api/checkout/complete', member.headers, {
        terms: [f.termId],
        card: { token, save_card: false, billing },
      });
      expect(res.statusCode, res.body).toBe(200);
      orderIds.push(res.json().complete_order_id);
    }
    // Backdate them: 10, 11 and 12 March 2025 at 23:30 UK time (GMT).
    for (const [i, id] of orderIds.entries()) {
      await t.db
        .update(orders)
        .set({ createdAt: new Date(`2025-03-${10 + i}T23:30:00Z`) })
        .where(eq(orders.id, id));
    }
    const list = (query: string, headers = member.headers) =>
      http.get(`/api/my-account/orders${query}`, headers);
    const all = await list('');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().meta).toEqual({ current_page: 1, last_page: 1, per_page: 20, total: 3 });
    expect(all.json().data[0]).toMatchObject({
      id: orderIds[2],
      created_at: '12/03/2025',
      total: { raw: 500, formatted: '£5.00' },
      payment_type: 'Card',
      items: [{ type: 'penalty', name: 'Late cancellation fee: Fee 500', price: { formatted: '£5.00' } }],
    });
    const ids = async (query: string) => (await list(query)).json().data.map((o: { id: number }) => o.id);
    expect(await ids('?from=2025-03-11&to=2025-03-11')).toEqual([orderIds[1]]);
    expect(await ids('?from=2025-03-11')).toEqual([orderIds[2], orderIds[1]]);
    expect(await ids('?to=2025-03-11')).toEqual([orderIds[1], orderIds[0]]);
    expect(await ids('?from=2025-04-01')).toEqual([]);
    expect((await list('?from=2025-03-12&to=2025-03-10')).statusCode).toBe(422);
    expect((await list('?from=12/03/2025')).statusCode).toBe(422);
    expect((await list('', other.headers)).json().data).toEqual([]);
    expect((await list('', {})).statusCode).toBe(401);

    // The receipt of the first order.
    const { uuid } = all.json().data[2];
    const receipt = await http.get(`/api/my-account/orders/${uuid}/receipt`, member.headers);
    expect(receipt.statusCode, receipt.body).toBe(200);
    const { contents, name } = receipt.json().data;
    const reference = `ORD-${String(orderIds[0]).padStart(6, '0')}`;
    expect(name).toBe(`receipt-${reference}.pdf`);
    const pdf = Buffer.from(contents, 'base64');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
    const text = pdfText(pdf);
    expect(text).toContain('Cart Operator');
    expect(text).toContain(reference);
    expect(text).toContain('10/03/2025');
    expect(text).toContain('Fee 300');
    expect(text).toContain('£3.00');
    expect(text).toContain('Total');
    expect((await http.get(`/api/my-account/orders/${uuid}/receipt`, other.headers)).statusCode).toBe(404);
    expect((await http.get(`/api/my-account/orders/${uuid}/receipt`, staff.headers)).statusCode).toBe(404);
    expect((await list('', staff.headers)).json().data).toEqual([]);
    expect((await http.get('/api/my-account/user/penalties', staff.headers)).json().data).toEqual([]);
    expect((await http.get('/api/credits/user', staff.headers)).json().data.credits).toEqual([]);
    expect((await http.get(`/api/my-account/orders/${uuid}/receipt`, {})).statusCode).toBe(401);
    expect((await http.get('/api/my-account/orders/not-a-uuid/receipt', member.headers)).statusCode).toBe(
      422,
    );
  });

  it('order history answers what the database holds now, whatever changed since the last call', async () => {
    const member = await createUser(t.db, f.clientId);
    const pay = async (item: { id: number | undefined; type: string }) => {
      const added = await http.post('/api/activities/cart/add', member.headers, { items: [item] });
      expect(added.statusCode, added.body).toBe(200);
      const token = await cardToken(t.app);
      const res = await http.post('/api/checkout/complete', member.headers, {
        terms: [f.termId],
        card: { token, save_card: false, billing },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().complete_order_id as number;
    };
    const penalty = await penaltyFor(member.user.id, 700, 'Court left late');
    const feeOrderId = await pay({ id: penalty.id, type: 'penalty' });
    const classOrderId = await pay({ id: f.courtSessions[0]?.id as number, type: 'purchasableOccurrence' });
    type Order = {
      id: number;
      total: { raw: number };
      payment_type: string;
      items: { name: string; start_time: string }[];
    };
    const history = async (): Promise<Order[]> => {
      const res = await http.get('/api/my-account/orders', member.headers);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    const order = async (id: number) => (await history()).find((o) => o.id === id);
    const first = await history();
    expect(first.map((o) => o.id)).toEqual([classOrderId, feeOrderId]);
    expect(await history()).toEqual(first);

    // Changed as another replica or a staff tool would: straight in the database.
    await t.db.update(orders).set({ total: 12345 }).where(eq(orders.id, feeOrderId));
    expect((await order(feeOrderId))?.total.raw).toBe(12345);
    await t.db.update(payments).set({ tenderType: 'cash' }).where(eq(payments.orderId, feeOrderId));
    expect((await order(feeOrderId))?.payment_type).not.toBe(first[1]?.payment_type);
    await t.db
      .update(penalties)
      .set({ description: 'Court left very late' })
      .where(eq(penalties.id, penalty.id));
    expect((await order(feeOrderId))?.items[0]?.name).toMatch(/Court left very late$/);
    await t.db
      .update(activities)
      .set({ name: sql`${activities.name} || ' (renamed)'` })
      .where(eq(activities.id, f.badminton.id));
    expect((await order(classOrderId))?.items[0]?.name).toMatch(/ \(renamed\)$/);
    await t.db
      .update(occurrences)
      .set({
        startsAt: sql`${occurrences.startsAt} + interval '1 hour'`,
        endsAt: sql`${occurrences.endsAt} + interval '1 hour'`,
      })
      .where(eq(occurrences.id, f.courtSessions[0]?.id as number));
    expect((await order(classOrderId))?.items[0]?.start_time).not.toBe(first[0]?.items[0]?.start_time);

    // A new order, made through the API.
    const another = await pay({
      id: (await penaltyFor(member.user.id, 300, 'Another fee')).id,
      type: 'penalty',
    });
    expect((await history()).map((o) => o.id)).toEqual([another, classOrderId, feeOrderId]);
  });
});
