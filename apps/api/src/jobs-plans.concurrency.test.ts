import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDateOf } from './lib/dates';
import { costlyStatements, type ExplainingReplica, startExplainingReplica } from './test/explained-plans';
import { createFixture, type Fixture, london } from './test/factories/basket-fixtures';
import { createManagementTypes } from './test/factories/membership-fixtures';
import { startTestApp, type TestApp } from './test/harness';

/**
 * The periodic jobs on a year's data (decision 029): each replica runs every job every few seconds
 * to a few minutes, and on most runs nothing is due. Run by an explaining replica
 * (test/explained-plans.ts), every statement with its generic plan, beside the history of 2,000
 * members (their orders, payments, memberships and their collections, emails and guest passes, all
 * finished) and 10,000
 * places held in baskets that have not run out, no statement of a run with nothing due may look at
 * more than a few rows: a job's claim that walks a table in id order past every finished row costs
 * each replica a table scan per run, and more every day.
 */
const members = 2_000;
const rowsPerStatement = 500;

if (!process.env.TEST_DATABASE_URL) throw new Error('jobs-plans.concurrency.test.ts needs TEST_DATABASE_URL');

describe('the periodic jobs on a busy database (PostgreSQL)', () => {
  let t: TestApp;
  let f: Fixture;
  let explaining: ExplainingReplica;

  beforeAll(async () => {
    // A mail server to retry for (none answers here: nothing is due to be sent).
    t = await startTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
    f = await createFixture(t.db);
    const types = await createManagementTypes(t.db, f.clientId, f.venue.id);
    const today = localDateOf(new Date(), london);
    const yearAgo = addDays(today, -365);
    // Each member: a finished basket, its order (announced) and card payment, an active monthly
    // membership collected by direct debit on a day that is not today's (11 collections paid, the
    // next in a month), a basket holding 5 places of the free taster until later, 5 emails sent and 2
    // guest passes long expired.
    await t.db.execute(sql`
      with people as (
        insert into users (client_id, email, password_hash, first_name, last_name)
        select ${f.clientId}, 'history' || n || '@example.com', 'not-a-password', 'History', 'Member' || n
        from generate_series(1, ${members}) as n
        returning id),
      finished as (
        insert into carts (uuid, client_id, user_id, status, completed_at, checkout_hash)
        select gen_random_uuid()::text, ${f.clientId}, id, 'completed', now() - interval '30 days', md5(id::text)
        from people
        returning id, user_id, checkout_hash),
      ordered as (
        insert into orders (client_id, cart_id, user_id, created_by_user_id, source, currency, total, announced_at)
        select ${f.clientId}, id, user_id, user_id, 'bookings', 'GBP', 592, now() - interval '30 days'
        from finished
        returning id, cart_id, user_id),
      paid as (
        insert into payment_attempts (cart_id, item_hash, user_id, actor_id, amount, currency, idempotency_key,
          provider, plan, status, order_id)
        select o.cart_id, f.checkout_hash, o.user_id, o.user_id, 592, 'GBP', gen_random_uuid()::text, 'sandbox',
          '{}'::jsonb, 'completed', o.id
        from ordered o join finished f on f.id = o.cart_id
        returning id),
      memberships_made as (
        insert into memberships (client_id, user_id, membership_type_id, payment_option_id, home_venue_id,
          status, start_date, costs, currency, activated_at, billing_day)
        select ${f.clientId}, id, ${types.gym.id}, ${types.gymMonthly.id}, ${f.venue.id}, 'active',
          ${yearAgo}::date, '{}'::jsonb, 'GBP', now() - interval '365 days',
          1 + (extract(day from ${today}::date)::int + 13) % 28
        from people
        returning id, user_id, billing_day),
      open as (
        insert into carts (uuid, client_id, user_id)
        select gen_random_uuid()::text, ${f.clientId}, id from people
        returning id, user_id),
      lines as (
        insert into cart_items (cart_id, cartable_type, activity_id, venue_id, purchased_for_user_id, quantity, amount)
        select open.id, 'av2Booking', ${f.free.id}, ${f.venue.id}, open.user_id, 1, 0
        from open, generate_series(1, 5)
        returning id, cart_id),
      held as (
        insert into cart_holds (cart_id, cart_item_id, occurrence_id, quantity, expires_at)
        select cart_id, id, ${f.freeSession.id}, 1, now() + interval '15 minutes' from lines
        returning id),
      mandates as (
        insert into direct_debit_mandates (user_id, provider, provider_mandate_id, reference, account_holder_name,
          sort_code, account_number_ending, status)
        select user_id, 'sandbox', 'MD' || id, 'REF' || id, 'History Member', '200000', '1234', 'active'
        from memberships_made
        returning id, user_id),
      schedules as (
        insert into direct_debit_schedules (mandate_id, user_id, membership_id, currency, amount, billing_day,
          first_charge_date)
        select d.id, d.user_id, m.id, 'GBP', 3000, m.billing_day, ${yearAgo}::date
        from mandates d join memberships_made m on m.user_id = d.user_id
        returning id, mandate_id, billing_day),
      collected as (
        insert into direct_debit_collections (schedule_id, mandate_id, sequence, charge_date, amount, currency, status)
        select s.id, s.mandate_id, n,
          case when n < 12 then ${yearAgo}::date + 30 * n else ${today}::date + 20 end, 3000, 'GBP',
          case when n < 12 then 'paid_out' else 'scheduled' end
        from schedules s, generate_series(1, 12) as n
        returning id),
      mailed as (
        insert into outbound_emails (to_address, subject, html, text, template, status, created_at, sent_at)
        select 'history' || p.id || '@example.com', 'Your booking', '<p>Booked</p>', 'Booked', 'order-confirmation',
          'sent', now() - interval '30 days', now() - interval '30 days'
        from people p, generate_series(1, 5)
        returning id),
      passes as (
        insert into guest_passes (client_id, user_id, venue_id, guest_name, guest_email, code, valid_from, valid_to,
          source, status)
        select ${f.clientId}, p.id, ${f.venue.id}, 'Guest', 'guest@example.com', md5(p.id::text || n),
          ${yearAgo}::date, ${yearAgo}::date + 7, 'membership', 'expired'
        from people p, generate_series(1, 2) as n
        returning id)
      select (select count(*) from paid) + (select count(*) from collected) + (select count(*) from held)
        + (select count(*) from mailed) + (select count(*) from passes) as written`);
    await t.db.execute(sql`update occurrences set held_count = ${members * 5}, capacity = ${members * 10}
      where id = ${f.freeSession.id}`);
    await t.db.execute(sql`analyze`);
    // Planned as in production: a job's claims for their values on every run, the rest prepared.
    explaining = await startExplainingReplica(t, { generic: false });
  });
  afterAll(async () => {
    await explaining?.close();
    await t?.close();
  });

  it('no job with nothing due looks through the finished history', async () => {
    expect(explaining.app.jobs.length).toBeGreaterThanOrEqual(8);
    const costly: string[] = [];
    for (const job of explaining.app.jobs) {
      // Six runs: a prepared statement takes the plan PostgreSQL keeps for it after its fifth.
      const run = await explaining.during(async () => {
        for (let time = 0; time < 6; time += 1) await job.runOnce(new Date());
      });
      expect(run.statements.length, `${job.name}: auto_explain told of no statement`).toBeGreaterThan(0);
      costly.push(
        ...costlyStatements(run.statements, rowsPerStatement).map((line) => `${job.name}: ${line}`),
      );
    }
    expect(costly).toEqual([]);
  });
});
