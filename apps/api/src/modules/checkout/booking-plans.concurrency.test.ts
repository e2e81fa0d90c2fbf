import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { rawRowsOf } from '../../db/raw-rows';
import {
  api,
  billing,
  cardToken,
  createFixture,
  createUser,
  type Fixture,
} from '../../test/factories/basket-fixtures';
import { startReplica, startTestApp, type TestApp } from '../../test/harness';
import { createOccurrence } from '../timetable/timetable.service';

/**
 * The plans of a booking's statements on a busy database (issue 16, decision 029). Every statement
 * is a named prepared statement (decision 021), so after a few runs PostgreSQL may plan it once for
 * any values: a generic plan. Such a plan cannot see a bound value: it cannot use an index whose
 * predicate names one (the open basket's), and it guesses a bound LIMIT, so it may walk the ORDER
 * BY's index past every row. On the small tables of a test either costs nothing; at release time it
 * reads the whole table on every call (releasing a session's run-out holds read all 20,000 holds of
 * the bench, 9 ms a call, and cart/add fell to a third of its rate).
 *
 * Here the API runs every statement with its generic plan from the first call (`plan_cache_mode`),
 * and auto_explain tells the test, as a notice, the rows each one's scans looked at. Other members
 * have baskets of their own, holding places of other classes; no statement of one member's booking
 * may look at more than a few of their rows.
 */
const members = 2_000;
const linesEach = 5;
/** Far above what a statement of one booking reads, far below a walk past the others' holds. */
const rowsPerStatement = 500;

const explainSettings: Record<string, string> = {
  plan_cache_mode: 'force_generic_plan',
  session_preload_libraries: 'auto_explain',
  'auto_explain.log_min_duration': '0',
  'auto_explain.log_analyze': 'on',
  'auto_explain.log_timing': 'off',
  'auto_explain.log_format': 'json',
  'auto_explain.log_level': 'notice',
};

interface Explained {
  text: string;
  /** Rows the statement's scans looked at: those they gave and those their conditions turned down. */
  rowsRead: number;
}

interface PlanNode {
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

function rowsReadBy(node: PlanNode): number {
  const own =
    node['Relation Name'] === undefined
      ? 0
      : ((node['Actual Rows'] ?? 0) +
          (node['Rows Removed by Filter'] ?? 0) +
          (node['Rows Removed by Index Recheck'] ?? 0)) *
        (node['Actual Loops'] ?? 1);
  return own + (node.Plans ?? []).reduce((sum, child) => sum + rowsReadBy(child), 0);
}

const explained: Explained[] = [];
let collecting = false;
const connect = pg.Client.prototype.connect as (...args: unknown[]) => unknown;

function onNotice(notice: { message?: string }): void {
  const at = notice.message?.indexOf('plan:') ?? -1;
  if (!collecting || at < 0 || !notice.message) return;
  const plan = JSON.parse(notice.message.slice(at + 'plan:'.length)) as {
    'Query Text': string;
    Plan: PlanNode;
  };
  explained.push({
    text: plan['Query Text'].replace(/\s+/g, ' ').slice(0, 160),
    rowsRead: rowsReadBy(plan.Plan),
  });
}

if (!process.env.TEST_DATABASE_URL)
  throw new Error('booking-plans.concurrency.test.ts needs TEST_DATABASE_URL');

describe('the plans of a booking on a busy database (PostgreSQL)', () => {
  let t: TestApp;
  let f: Fixture;
  let explaining: { app: App; close(): Promise<void> };

  beforeAll(async () => {
    pg.Client.prototype.connect = function connectListening(this: pg.Client, ...args: unknown[]) {
      this.on('notice', onNotice);
      return connect.apply(this, args);
    } as typeof pg.Client.prototype.connect;
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
    await t.db.execute(sql`analyze carts, cart_items, cart_holds, occurrences`);
    const [database] = rawRowsOf<{ name: string }>(
      await t.db.execute(sql`select current_database() as name`),
    );
    for (const [name, value] of Object.entries(explainSettings))
      await t.db.execute(sql.raw(`alter database "${database?.name}" set ${name} = '${value}'`));
    // A replica's pool opens its connections now, with the settings above.
    explaining = await startReplica(t);
  });
  afterAll(async () => {
    pg.Client.prototype.connect = connect as typeof pg.Client.prototype.connect;
    await explaining?.close();
    await t?.close();
  });

  async function explainedDuring<T>(work: () => Promise<T>): Promise<{ result: T; plans: Explained[] }> {
    explained.length = 0;
    collecting = true;
    try {
      return { result: await work(), plans: [...explained] };
    } finally {
      collecting = false;
    }
  }

  function expectCheap(plans: Explained[]) {
    expect(plans.length, 'auto_explain told of no statement').toBeGreaterThan(3);
    const costly = plans.filter((plan) => plan.rowsRead > rowsPerStatement);
    expect(costly, plans.map((plan) => `${plan.rowsRead}\t${plan.text}`).join('\n')).toEqual([]);
  }

  it('no statement of cart/add, cart/remove or checkout/complete looks through the other baskets', async () => {
    const app = explaining.app;
    const member = await createUser(t.db, f.clientId);
    const other = await createUser(t.db, f.clientId);
    // Someone else holds a place of the taster: adding it looks for that session's run-out holds.
    const before = await api(app).post('/api/activities/cart/add', other.headers, {
      items: [{ id: f.freeSession.id, type: 'activity' }],
    });
    expect(before.statusCode, before.body).toBe(200);

    const taster = await explainedDuring(() =>
      api(app).post('/api/activities/cart/add', member.headers, {
        items: [{ id: f.freeSession.id, type: 'activity' }],
      }),
    );
    expect(taster.result.statusCode, taster.result.body).toBe(200);
    expect(
      taster.plans.some((plan) => plan.text.includes('from cart_holds h join carts c')),
      'the run-out holds of the session were looked for',
    ).toBe(true);
    expectCheap(taster.plans);

    const court = await explainedDuring(() =>
      api(app).post('/api/activities/cart/add', member.headers, {
        items: [{ id: f.courtSessions[0]?.id, type: 'purchasableOccurrence' }],
      }),
    );
    expect(court.result.statusCode, court.result.body).toBe(200);
    expectCheap(court.plans);

    const tasterLine = court.result
      .json()
      .data.items.find((item: { cartable_id: number }) => item.cartable_id === f.freeSession.id);
    const removed = await explainedDuring(() =>
      api(app).post('/api/activities/cart/remove', member.headers, { cart_item_ids: [tasterLine?.id] }),
    );
    expect(removed.result.statusCode, removed.result.body).toBe(200);
    expectCheap(removed.plans);

    const cart = removed.result.json().data;
    const token = await cardToken(app);
    const paid = await explainedDuring(() =>
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
    expectCheap(paid.plans);
  });
});
