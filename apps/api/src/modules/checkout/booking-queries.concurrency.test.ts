import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  cardToken,
  createFixture,
  createUser,
  type Fixture,
  payByCard,
} from '../../test/factories/basket-fixtures';
import { startTestApp, type TestApp } from '../../test/harness';

/**
 * The round trips of a booking (issue 16): every statement `cart/add` and `checkout/complete` send to
 * PostgreSQL, counted on the pg client (PGlite does not go through it, so this runs with
 * TEST_DATABASE_URL). Ceilings, not timings: a change that adds a query to the hot path shows here.
 * And the sessions' row locks (the hot rows when bookings open) are taken by the last statements
 * before the commit, so concurrent bookings of one session wait for as little as possible.
 */
const statements: string[] = [];
/** Each statement sent, with whether it went behind another still in flight on its connection (pipelined). */
const pipelined: boolean[] = [];
let counting = false;
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;

interface ClientInternals {
  _getActiveQuery(): unknown;
  _sentQueryQueue?: unknown[];
}

async function counted<T>(
  work: () => Promise<T>,
): Promise<{ result: T; sent: string[]; roundTrips: string[][] }> {
  statements.length = 0;
  pipelined.length = 0;
  counting = true;
  try {
    const result = await work();
    // A round trip: a statement sent with nothing in flight, and those sent behind it.
    const roundTrips: string[][] = [];
    statements.forEach((text, i) => {
      if (!pipelined[i] || roundTrips.length === 0) roundTrips.push([text]);
      else roundTrips.at(-1)?.push(text);
    });
    return { result, sent: [...statements], roundTrips };
  } finally {
    counting = false;
  }
}

// Counted on a PostgreSQL server's connections: vitest.config.ts runs this file only when
// TEST_DATABASE_URL names one (.ci/run does), so it is never skipped, only left out on PGlite.
if (!process.env.TEST_DATABASE_URL)
  throw new Error('booking-queries.concurrency.test.ts needs TEST_DATABASE_URL');

describe('the round trips of a booking (PostgreSQL)', () => {
  let t: TestApp;
  let f: Fixture;

  beforeAll(async () => {
    pg.Client.prototype.query = function countedQuery(this: ClientInternals, ...args: unknown[]) {
      if (counting) {
        const first = args[0] as string | { text?: string };
        statements.push(String(typeof first === 'string' ? first : first?.text).trim());
        pipelined.push(Boolean(this._getActiveQuery()) || (this._sentQueryQueue?.length ?? 0) > 0);
      }
      return query.apply(this, args);
    } as typeof pg.Client.prototype.query;
    // The operator's row is kept in memory as in production (OPERATOR_CACHE_MS's default): the
    // statements counted are the booking's own, not a re-read of settings every replica keeps.
    t = await startTestApp({ OPERATOR_CACHE_MS: '30000' });
    f = await createFixture(t.db);
  });
  afterAll(async () => {
    pg.Client.prototype.query = query as typeof pg.Client.prototype.query;
    await t?.close();
  });

  it('cart/add, cart/remove and checkout/complete stay within their statements, the places taken last', async () => {
    const customer = await createUser(t.db, f.clientId);
    const token = await cardToken(t.app);
    // The customer's basket exists already (a second add, as in a session of booking).
    const first = await api(t.app).post('/api/activities/cart/add', customer.headers, {
      items: [{ id: f.courtSessions[1]?.id, type: 'purchasableOccurrence' }],
    });
    expect(first.statusCode, first.body).toBe(200);
    const remove = await counted(() =>
      api(t.app).post('/api/activities/cart/remove', customer.headers, {
        cart_item_ids: [first.json().data.items[0]?.id],
      }),
    );
    expect(remove.result.statusCode, remove.result.body).toBe(200);
    expect(remove.result.json().data.items).toHaveLength(0);
    // 12 before decision 026: the line, its hold and its place given back are one statement, and
    // the waitlist's read of the freed session follows it.
    expect(remove.sent.length, remove.sent.join('\n')).toBeLessThanOrEqual(7);
    expect(remove.sent.filter((text) => text === 'begin')).toHaveLength(0);
    const removals = remove.sent.filter((text) => /\b(insert|update|delete)\b/.test(text));
    expect(removals, remove.sent.join('\n')).toHaveLength(1);

    const add = await counted(() =>
      api(t.app).post('/api/activities/cart/add', customer.headers, {
        items: [{ id: f.courtSessions[0]?.id, type: 'purchasableOccurrence' }],
      }),
    );
    expect(add.result.statusCode, add.result.body).toBe(200);
    // 36 before issue 16; 18 with the session and operator lookups; 12 before decision 026.
    // With the operator's caches off, as in every test: its row and the pricing are read too.
    expect(add.sent.length, add.sent.join('\n')).toBeLessThanOrEqual(7);
    // The basket is found by the statement that writes the line (decision 026, amended), not read first.
    expect(
      add.sent.filter((text) => /\bfrom "carts"/.test(text)),
      add.sent.join('\n'),
    ).toEqual([]);
    // The line, its hold and its place are one statement, outside any transaction: the session's
    // row lock is held for that statement only.
    expect(add.sent.filter((text) => text === 'begin')).toHaveLength(0);
    // A customer never given credit has no balance to read (the session says so).
    expect(
      add.sent.filter((text) => /credit_transactions/.test(text) && !/^select "sessions"/.test(text)),
    ).toEqual([]);
    const writes = add.sent.filter((text) => /\b(insert|update|delete)\b/.test(text));
    expect(writes, add.sent.join('\n')).toHaveLength(1);
    expect(writes[0]).toMatch(
      /update occurrences set held_count[\s\S]*insert into cart_items[\s\S]*insert into cart_holds/,
    );

    // A session others hold places on, none run out: no release of run-out holds is sent.
    const other = await createUser(t.db, f.clientId);
    const yoga = { items: [{ id: f.yogaSession.id, type: 'purchasableOccurrence' }] };
    // A customer's first add creates their basket in the same statement: no read or insert of its own.
    const firstAdd = await counted(() => api(t.app).post('/api/activities/cart/add', other.headers, yoga));
    expect(firstAdd.result.statusCode, firstAdd.result.body).toBe(200);
    expect(firstAdd.result.json().data.items).toHaveLength(1);
    // (Its session needs a waiver: the customer's signatures are read too.)
    expect(firstAdd.sent.length, firstAdd.sent.join('\n')).toBeLessThanOrEqual(8);
    expect(
      firstAdd.sent.filter((text) => /"carts"/.test(text)),
      firstAdd.sent.join('\n'),
    ).toEqual([]);
    const held = await counted(() => api(t.app).post('/api/activities/cart/add', customer.headers, yoga));
    expect(held.result.statusCode, held.result.body).toBe(200);
    expect(held.sent.filter((text) => /delete from cart_holds/.test(text))).toEqual([]);

    const yogaLine = held.result
      .json()
      .data.items.find(
        (item: { cartable_resource: { occurrence_id: number } | null }) =>
          item.cartable_resource?.occurrence_id === f.yogaSession.id,
      );
    const kept = await api(t.app).post('/api/activities/cart/remove', customer.headers, {
      cart_item_ids: [yogaLine?.id],
    });
    expect(kept.statusCode, kept.body).toBe(200);

    const cart = kept.json().data;
    const paid = await counted(() => payByCard(t.app, customer.headers, cart, { termId: f.termId, token }));
    expect(paid.result.statusCode, paid.result.body).toBe(200);
    // 64 before issue 16, the confirmation email included; 36 before the basket of one session was
    // completed, its holds deleted and its places booked in one statement (decision 026); 34 before
    // the order, its lines, bookings, payments and terms accepted were one statement; 30 before the
    // confirmation and the order's announced mark were one statement, not a transaction; 27 before
    // the order was written by one statement with no transaction (decision 035); 19 before the
    // attempt and the basket's claim were one statement; 18 before the attempts, holds and lines
    // read under the basket's lock were one; 16 before the lines' details were read with them; 15
    // before the confirmation was recorded by the order's statement (decision 035, amended); 14
    // before the basket was read without its lock and claimed as read (decision 037).
    expect(paid.sent.length, paid.sent.join('\n')).toBeLessThanOrEqual(10);
    const orderWrites = paid.sent.filter((text) =>
      /insert into "?(orders|order_items|bookings|payments)"? /.test(text),
    );
    expect(orderWrites, paid.sent.join('\n')).toHaveLength(1);
    // Each of its two transactions sends its begin, the basket's lock and what is read under the lock
    // in one round trip (decision 031), the lock first: 20 round trips for its 29 statements (were 29);
    // 19 since the attempt is marked completed in the round trip that books the places, 18 since the
    // attempt and the basket's claim are recorded in one, 17 since an order with nothing of its own to
    // write after its rows books its places in the round trip that writes them; 15 since each
    // transaction's last statements are sent with its commit (db/pipeline.ts commitWith); 13 since
    // the confirmation is made from the lines read under the basket's lock (not read back) and is
    // recorded with the order's announced mark in one transaction; 12 since the order is written by
    // one statement with no transaction (decision 035); 11 since its confirmation is recorded by
    // that statement, the order written as announced (decision 035, amended); 10 since the basket
    // is read without its lock and claimed as read, with no transaction (decision 037). (5 with the
    // caches on, as served: the operator's row and the brand are not read.)
    expect(
      paid.roundTrips.length,
      paid.roundTrips.map((trip) => trip.join(' || ')).join('\n'),
    ).toBeLessThanOrEqual(10);
    expect(paid.sent.filter((text) => /^select .* from "order_items"/.test(text))).toEqual([]);
    // No announced mark after the order: it is written announced.
    expect(paid.sent.filter((text) => /update orders set announced_at/.test(text))).toEqual([]);
    // The order is written by one statement with no transaction (decision 035): the attempt's lock,
    // the basket's (still claimed), the order's rows, the basket settled, its places booked, the
    // attempt completed and the confirmation recorded. The session's row lock is held for that
    // statement only. It is the last.
    const booking = paid.roundTrips.find((trip) =>
      trip.some((text) => /\bupdate occurrences\s+set held_count/.test(text)),
    );
    expect(booking, paid.sent.join('\n')).toHaveLength(1);
    // A shared write (decision 038): outside a transaction it shares a pipelined connection.
    expect(booking?.[0]).toMatch(
      /^\/\* shared write \*\/\s*with attempt as materialized[\s\S]*for update[\s\S]*claimed as materialized[\s\S]*insert into orders[\s\S]*update payment_attempts set status = 'completed'[\s\S]*insert into outbound_emails/,
    );
    expect(paid.roundTrips.at(-1)).toBe(booking);
    expect(paid.sent.filter((text) => /^update "payment_attempts"/.test(text))).toEqual([]);
    // The basket is read once, without a lock: its attempts, holds, lines, their details and its
    // fingerprint in one statement (decision 037; were a read, then a transaction's lock and read).
    const reads = paid.sent.filter((text) => /from payment_attempts a/.test(text));
    expect(reads, paid.sent.join('\n')).toEqual([
      expect.stringMatching(
        /^select [\s\S]*from payment_attempts a[\s\S]*from cart_holds h[\s\S]*from cart_items i[\s\S]*json_agg\(json_build_object\('item'[\s\S]*basket_fingerprint\(carts\.id\)/,
      ),
    ]);
    expect(reads[0]).not.toMatch(/\bfor update\b/);
    expect(
      paid.sent.filter((text) => /from "carts"/.test(text)),
      paid.sent.join('\n'),
    ).toEqual([]);
    // The attempt and the basket's claim are one statement, in a round trip of its own with no
    // transaction, which claims the basket only if, under its lock, it is as read.
    const recorded = paid.roundTrips.find((trip) =>
      trip.some((text) => /insert into payment_attempts/.test(text)),
    );
    expect(recorded, recorded?.join(' || ')).toEqual([
      expect.stringMatching(
        /^\/\* shared write \*\/\s*with claimed_by as \(\s*update carts set checkout_claim[\s\S]*basket_unchanged\([\s\S]*insert into payment_attempts/,
      ),
    ]);
    expect(paid.sent.filter((text) => /^update "carts"/.test(text))).toEqual([]);
    // No transaction: every statement commits as it ends.
    expect(paid.sent.filter((text) => ['begin', 'commit'].includes(text))).toEqual([]);
  });
});
