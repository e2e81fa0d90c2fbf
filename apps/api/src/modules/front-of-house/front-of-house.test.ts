import { checkoutMessages } from '@leisure/contract/checkout';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments } from '../../db/schema';
import { api, createFixture, createUser, type Fixture } from '../../test/factories/basket-fixtures';
import { startTestApp, type TestApp } from '../../test/harness';
import { grantCredit } from '../credit/credit.service';

describe('front-of-house calls', () => {
  let t: TestApp;
  let f: Fixture;
  let http: ReturnType<typeof api>;

  beforeAll(async () => {
    t = await startTestApp();
    f = await createFixture(t.db);
    http = api(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('front of house', () => {
    it('staff find customers and act for them; customers cannot search', async () => {
      const staff = await createUser(t.db, f.clientId, { staff: true });
      const customer = await createUser(t.db, f.clientId, { firstName: 'Zebedee' });
      const found = await http.get('/api/foh/customers?q=zebed', staff.headers);
      expect(found.statusCode).toBe(200);
      expect(found.json().data).toEqual([
        expect.objectContaining({
          id: customer.user.id,
          first_name: 'Zebedee',
          reference: customer.user.reference,
        }),
      ]);
      expect((await http.get('/api/foh/customers?q=z', staff.headers)).statusCode).toBe(422);
      expect((await http.get('/api/foh/customers?q=zebed', customer.headers)).statusCode).toBe(403);

      const added = await http.post('/api/activities/cart/add', staff.headers, {
        items: [{ id: f.freeSession.id, type: 'activity' }],
        selected_user_id: customer.user.id,
      });
      expect(added.statusCode, added.body).toBe(200);
      expect(added.json().data).toMatchObject({
        user_id: customer.user.id,
        selected_user_id: customer.user.id,
        source: 'foh',
      });
      // The customer sees the same basket.
      const own = (await http.get('/api/activities/cart', customer.headers)).json().data;
      expect(own.id).toBe(added.json().data.id);
      expect(own.items).toHaveLength(1);
      await http.delete(`/api/activities/cart?selected_user_id=${customer.user.id}`, staff.headers);
    });
  });

  describe('front of house: POST checkout/pay', () => {
    it('takes offline tenders that cover the balance exactly, in the staff currency', async () => {
      const staff = await createUser(t.db, f.clientId, { staff: true });
      const customer = await createUser(t.db, f.clientId);
      await grantCredit(t.db, customer.user.id, 200, 'Goodwill');
      const added = await http.post('/api/activities/cart/add', staff.headers, {
        items: [{ id: f.yogaSession.id, type: 'activity' }],
        selected_user_id: customer.user.id,
      });
      expect(added.statusCode, added.body).toBe(200);
      const cart = added.json().data;
      expect(cart.currency).toBe('GBP');
      const body = {
        selected_user_id: customer.user.id,
        item_hash: cart.item_hash,
        terms: [f.termId],
        completed_waivers: [{ waiver_id: f.waiverId, user_id: customer.user.id }],
        source: 'foh',
      };
      const short = await http.post('/api/checkout/pay', staff.headers, {
        ...body,
        payments: [{ tender_type: 'cash', amount: 500 }],
      });
      expect(short.statusCode).toBe(422);
      expect(short.json().errors).toEqual({ payments: [checkoutMessages.tendersMismatch] });
      const tooMuchCredit = await http.post('/api/checkout/pay', staff.headers, {
        ...body,
        payments: [
          { tender_type: 'credit', amount: 300 },
          { tender_type: 'cash', amount: 450 },
        ],
      });
      expect(tooMuchCredit.json().errors).toEqual({ payments: [checkoutMessages.creditTooMuch] });
      const card = await http.post('/api/checkout/pay', staff.headers, {
        ...body,
        payments: [{ tender_type: 'card', amount: 750 }],
      });
      expect(card.statusCode).toBe(422);
      expect(card.json().errors).toHaveProperty('payments.0.tender_type');
      const byCustomer = await http.post('/api/checkout/pay', customer.headers, {
        ...body,
        payments: [{ tender_type: 'cash', amount: 750 }],
      });
      expect(byCustomer.statusCode).toBe(403);

      const res = await http.post('/api/checkout/pay', staff.headers, {
        ...body,
        payments: [
          { tender_type: 'credit', amount: 200 },
          { tender_type: 'cash', amount: 300 },
          { tender_type: 'offline-voucher', amount: 150, info: 'VOUCHER-77' },
          { tender_type: 'cheque', amount: 100 },
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
      const orderId = res.json().complete_order_id;
      const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
      expect(order).toMatchObject({
        userId: customer.user.id,
        createdByUserId: staff.user.id,
        source: 'foh',
        total: 750,
      });
      const tenders = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
      expect(tenders.map((p) => [p.tenderType, p.amount])).toEqual([
        ['credit', 200],
        ['cash', 300],
        ['offline-voucher', 150],
        ['cheque', 100],
      ]);
      // Staff see the order; the customer too.
      expect((await http.get(`/api/my-account/orders/${orderId}`, staff.headers)).statusCode).toBe(200);
      expect((await http.get(`/api/my-account/orders/${orderId}`, customer.headers)).statusCode).toBe(200);
      const repeat = await http.post('/api/checkout/pay', staff.headers, {
        ...body,
        payments: [{ tender_type: 'cash', amount: 750 }],
      });
      expect(repeat.json().complete_order_id).toBe(orderId);
    });
  });
  it('documents every call in the OpenAPI description', async () => {
    const doc = (await http.get('/api/docs', {})).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    for (const [path, method] of [
      ['/api/foh/customers', 'get'],
      ['/api/checkout/pay', 'post'],
    ] as const) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
  });
});
