import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from './db/schema';
import { costlyStatements, type ExplainingReplica, startExplainingReplica } from './test/explained-plans';
import { api, cardToken, createUser, type Fixture, payByCard } from './test/factories/basket-fixtures';
import { startAppWithHistory } from './test/factories/history';
import { insertMembership } from './test/factories/membership-fixtures';
import type { TestApp } from './test/harness';

/**
 * A member's pages on a year's data (decision 029): every call the account and the bookings site
 * make for a signed-in member, and the timetable's, run by an explaining replica (test/explained-plans.ts) with every
 * statement planned generically from its first run, beside the history of 2,000 other members
 * (test/factories/history.ts: 10,000 bookings, orders, payments, memberships and their
 * collections, credit, guest passes, waitlist places, penalties, waivers, baskets). The member has
 * a booking, an order and a membership of their own; no statement may look at more than a few rows
 * of the others'.
 */
const members = 2_000;
const rowsPerStatement = 500;

if (!process.env.TEST_DATABASE_URL)
  throw new Error('member-reads-plans.concurrency.test.ts needs TEST_DATABASE_URL');

describe("a member's reads on a busy database (PostgreSQL)", () => {
  let t: TestApp;
  let f: Fixture;
  let explaining: ExplainingReplica;
  let member: Awaited<ReturnType<typeof createUser>>;

  beforeAll(async () => {
    let types: Awaited<ReturnType<typeof startAppWithHistory>>['types'];
    ({ t, f, types } = await startAppWithHistory(members));
    member = await createUser(t.db, f.clientId);
    await insertMembership(t.db, {
      clientId: f.clientId,
      userId: member.user.id,
      typeId: types.gym.id,
      optionId: types.gymMonthly.id,
      venueId: f.venue.id,
      startDate: '2026-01-01',
    });
    explaining = await startExplainingReplica(t);
  });
  afterAll(async () => {
    await explaining?.close();
    await t?.close();
  });

  it("no call of a member's pages looks through the other members' history", async () => {
    const app = explaining.app;
    // A booking of their own, through the replica: its statements are explained too.
    const added = await api(app).post('/api/activities/cart/add', member.headers, {
      items: [{ id: f.courtSessions[0]?.id, type: 'purchasableOccurrence' }],
    });
    expect(added.statusCode, added.body).toBe(200);
    const cart = added.json().data;
    const paid = await payByCard(app, member.headers, cart, {
      termId: f.termId,
      token: await cardToken(app),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const [order] = await t.db
      .select({ uuid: orders.uuid })
      .from(orders)
      .where(eq(orders.id, paid.json().complete_order_id));

    const user = member.user.id;
    const paths = [
      '/api/auth/user',
      '/api/activities/cart',
      '/api/my-account/bookings?filter=future',
      '/api/my-account/bookings?filter=past',
      '/api/my-account/bookings?filter=all',
      '/api/my-account/orders',
      `/api/my-account/orders/${order?.uuid}/receipt`,
      '/api/my-account/user/memberships',
      '/api/my-account/user/packages',
      '/api/my-account/user/penalties',
      '/api/my-account/user/waivers',
      '/api/my-account/waitlist',
      '/api/my-account/saved-cards',
      '/api/credits/user',
      '/api/credits/user/credit-transactions',
      `/api/v1/users/${user}/guestPasses`,
      `/api/v1/users/${user}/guestPasses/allowances`,
      `/api/v1/activities/bookings?user_id=${user}&starts_after=2026-01-01T00:00:00Z`,
    ];
    // The public pages' calls, as the member browses the taster's sessions (history's on both sides).
    const activity = `/api/activities/venue/${f.venue.slug}/activity/${f.free.slug}`;
    const times = await api(app).get(`${activity}/v2/times?date=${f.tomorrow}`, member.headers);
    expect(times.statusCode, times.body).toBe(200);
    const key = times.json().data[0]?.composite_key;
    paths.push(
      '/api/activities/venues',
      `/api/activities/venue/${f.venue.slug}/categories`,
      `/api/activities/venue/${f.venue.slug}/activity-category/sports/dates`,
      `${activity}/v2/times?date=${f.tomorrow}`,
      `${activity}/v2/slots?date=${f.tomorrow}&composite_key=${key}`,
      `${activity}/times?date=${f.tomorrow}`,
      `/api/v1/activities/occurrences/${f.freeSession.id}`,
    );
    const costly: string[] = [];
    for (const path of paths) {
      const read = await explaining.during(() => api(app).get(path, member.headers));
      expect(read.result.statusCode, `${path}: ${read.result.body}`).toBe(200);
      costly.push(...costlyStatements(read.statements, rowsPerStatement).map((line) => `${path}: ${line}`));
    }
    expect(costly).toEqual([]);
  });
});
