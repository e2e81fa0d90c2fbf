import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ExplainingReplica,
  expectFewRowsRead,
  startExplainingReplica,
} from '../../test/explained-plans';
import {
  api,
  billing,
  cardToken,
  createFixture,
  createUser,
  type Fixture,
} from '../../test/factories/basket-fixtures';
import { startTestApp, type TestApp } from '../../test/harness';
import { createOccurrence } from '../timetable/timetable.service';

/**
 * The plans of a booking's statements on a busy database (issue 16, decision 029): run by an
 * explaining replica (test/explained-plans.ts), every statement with its generic plan. Other
 * members have 2,000 baskets of their own, holding 10,000 places of other classes; no statement of
 * one member's booking may look at more than a few of their rows. Before decision 029, releasing a
 * session's run-out holds walked them all (20,000 in the bench, 9 ms a call, and cart/add fell to
 * a third of its rate), and every lookup of a basket read every basket.
 */
const members = 2_000;
const linesEach = 5;
/** Far above what a statement of one booking looks at, far below a walk past the others' rows. */
const rowsPerStatement = 500;

if (!process.env.TEST_DATABASE_URL)
  throw new Error('booking-plans.concurrency.test.ts needs TEST_DATABASE_URL');

describe('the plans of a booking on a busy database (PostgreSQL)', () => {
  let t: TestApp;
  let f: Fixture;
  let explaining: ExplainingReplica;

  beforeAll(async () => {
    t = await startTestApp();
    f = await createFixture(t.db);
    // Other members' baskets: `members` of them, each with `linesEach` lines holding a place of one
    // of 25 large classes (the bench's floor leaves 20,000 such holds).
    const crowded: number[] = [];
    for (let hour = 1; hour <= 25; hour += 1) {
      const session = await createOccurrence(t.db, {
        activity: f.free,
        venue: f.venue,
        location: f.studio,
        startsAt: new Date(f.freeSession.startsAt.getTime() + hour * 3600_000),
        capacity: members * linesEach,
        firstBookableAt: new Date(Date.now() - 3600_000),
      });
      crowded.push(session.id);
    }
    await t.db.execute(sql`
      with people as (
        insert into users (client_id, email, password_hash, first_name, last_name)
        select ${f.clientId}, 'busy' || n || '@example.com', 'not-a-password', 'Busy', 'Member' || n
        from generate_series(1, ${members}) as n
        returning id),
      baskets as (
        insert into carts (uuid, client_id, user_id)
        select gen_random_uuid()::text, ${f.clientId}, id from people
        returning id, user_id),
      lines as (
        insert into cart_items (cart_id, cartable_type, activity_id, venue_id, purchased_for_user_id, quantity, amount)
        select baskets.id, 'av2Booking', ${f.free.id}, ${f.venue.id}, baskets.user_id, 1, 0
        from baskets, generate_series(1, ${linesEach})
        returning id, cart_id),
      held as (
        insert into cart_holds (cart_id, cart_item_id, occurrence_id, quantity, expires_at)
        select cart_id, id, (${sql.raw(`array[${crowded.join(',')}]`)})[1 + id % ${crowded.length}], 1,
          now() + interval '15 minutes'
        from lines
        returning occurrence_id)
      update occurrences o set held_count = n from (select occurrence_id, count(*)::int as n from held group by 1) h
      where o.id = h.occurrence_id`);
    await t.db.execute(sql`analyze users, carts, cart_items, cart_holds, occurrences`);
    explaining = await startExplainingReplica(t);
  });
  afterAll(async () => {
    await explaining?.close();
    await t?.close();
  });

  it('no statement of cart/add, cart/remove or checkout/complete looks through the other baskets', async () => {
    const app = explaining.app;
    const member = await createUser(t.db, f.clientId);
    const other = await createUser(t.db, f.clientId);
    // Someone else holds a place of the taster: adding it looks for that session's run-out holds.
    const before = await api(app).post('/api/activities/cart/add', other.headers, {
      items: [{ id: f.freeSession.id, type: 'activity' }],
    });
    expect(before.statusCode, before.body).toBe(200);

    const taster = await explaining.during(() =>
      api(app).post('/api/activities/cart/add', member.headers, {
        items: [{ id: f.freeSession.id, type: 'activity' }],
      }),
    );
    expect(taster.result.statusCode, taster.result.body).toBe(200);
    expect(
      taster.statements.some((statement) => statement.text.includes('from cart_holds h join carts c')),
      'the run-out holds of the session were looked for',
    ).toBe(true);
    expectFewRowsRead(taster.statements, rowsPerStatement);

    const court = await explaining.during(() =>
      api(app).post('/api/activities/cart/add', member.headers, {
        items: [{ id: f.courtSessions[0]?.id, type: 'purchasableOccurrence' }],
      }),
    );
    expect(court.result.statusCode, court.result.body).toBe(200);
    expectFewRowsRead(court.statements, rowsPerStatement);

    const tasterLine = court.result
      .json()
      .data.items.find((item: { cartable_id: number }) => item.cartable_id === f.freeSession.id);
    const removed = await explaining.during(() =>
      api(app).post('/api/activities/cart/remove', member.headers, { cart_item_ids: [tasterLine?.id] }),
    );
    expect(removed.result.statusCode, removed.result.body).toBe(200);
    expectFewRowsRead(removed.statements, rowsPerStatement);

    const cart = removed.result.json().data;
    const token = await cardToken(app);
    const paid = await explaining.during(() =>
      api(app).post('/api/checkout/complete', member.headers, {
        item_hash: cart.item_hash,
        source: 'bookings',
        terms: [f.termId],
        completed_waivers: [],
        payments: [{ tender_type: 'card', amount: cart.balance, info: null }],
        card: { token, save_card: false, billing },
      }),
    );
    expect(paid.result.statusCode, paid.result.body).toBe(200);
    expectFewRowsRead(paid.statements, rowsPerStatement);
  });
});
