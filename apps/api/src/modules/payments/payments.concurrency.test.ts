import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app';
import { type DatabaseHandle, openDatabase } from '../../db/client';
import { orders, penalties, penaltyCartLines } from '../../db/schema';
import { api, createFixture, createUser, type Fixture } from '../../test/factories/basket-fixtures';
import { startTestApp, type TestApp } from '../../test/harness';

/**
 * Penalties in baskets under truly concurrent requests, on PostgreSQL (PGlite is one connection).
 * vitest.config.ts runs `*.concurrency.test.ts` only when TEST_DATABASE_URL names a server.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) throw new Error('payments.concurrency.test.ts needs TEST_DATABASE_URL=postgresql://...');

describe('penalties under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let f: Fixture;
  let second: { app: App; database: DatabaseHandle };
  let staff: Awaited<ReturnType<typeof createUser>>;

  beforeAll(async () => {
    t = await startTestApp();
    f = await createFixture(t.db);
    const result = (await t.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[];
    };
    const url = new URL(serverUrl ?? '');
    url.pathname = `/${result.rows[0]?.name}`;
    const database = await openDatabase({ url: url.toString(), poolSize: 20 });
    const app = await buildApp({ config: t.config, database });
    await app.ready();
    second = { app, database };
    staff = await createUser(t.db, f.clientId, { staff: true });
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.database.close();
    await t?.close();
  });

  async function owing(amount: number) {
    const member = await createUser(t.db, f.clientId);
    const res = await api(t.app).post(`/api/staff/customers/${member.user.id}/penalties`, staff.headers, {
      type: 'no_show',
      amount,
      description: 'Spin Express',
      venue_id: f.venue.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    await api(t.app).post(`/api/staff/customers/${member.user.id}/credits`, staff.headers, {
      amount,
      reason: 'Goodwill',
    });
    return { member, penaltyId: res.json().data.id as number };
  }

  it('two tabs adding the same fee make one basket line', async () => {
    const { member, penaltyId } = await owing(300);
    const body = { items: [{ id: penaltyId, type: 'penalty' }] };
    const answers = await Promise.all(
      [t.app, second.app, t.app, second.app].map((app) =>
        api(app).post('/api/activities/cart/add', member.headers, body),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    for (const a of answers) expect([200, 409, 422]).toContain(a.statusCode);
    const links = await t.db.select().from(penaltyCartLines).where(eq(penaltyCartLines.penaltyId, penaltyId));
    expect(links).toHaveLength(1);
  });

  it('concurrent checkouts on two replicas pay the penalty exactly once', async () => {
    const { member, penaltyId } = await owing(450);
    const cart = (
      await api(t.app).post('/api/activities/cart/add', member.headers, {
        items: [{ id: penaltyId, type: 'penalty' }],
      })
    ).json().data;
    const body = {
      item_hash: cart.item_hash,
      terms: [f.termId],
      payments: [{ tender_type: 'credit', amount: 450, info: null }],
    };
    const answers = await Promise.all(
      [t.app, second.app, t.app, second.app, t.app, second.app].map((app) =>
        api(app).post('/api/checkout/complete', member.headers, body),
      ),
    );
    const ids = answers.filter((a) => a.statusCode === 200).map((a) => a.json().complete_order_id);
    for (const a of answers) expect([200, 409]).toContain(a.statusCode);
    expect(ids.length).toBeGreaterThan(0);
    expect(new Set(ids).size).toBe(1);
    expect(await t.db.select().from(orders).where(eq(orders.userId, member.user.id))).toHaveLength(1);
    const [row] = await t.db.select().from(penalties).where(eq(penalties.id, penaltyId));
    expect(row).toMatchObject({ status: 'paid', orderId: ids[0] });
  });
});
