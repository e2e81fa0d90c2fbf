import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createFixture, createUser, type Fixture } from '../../test/factories/basket-fixtures';
import { startTestApp, type TestApp } from '../../test/harness';

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

  it('documents every call in the OpenAPI description', async () => {
    const doc = (await http.get('/api/docs', {})).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    for (const [path, method] of [['/api/foh/customers', 'get']] as const) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
  });
});
