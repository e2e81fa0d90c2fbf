import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { addDays, localDateOf } from '../../lib/dates';
import { createOccurrence } from '../../modules/timetable/timetable.service';
import { startTestApp, type TestApp } from '../harness';
import { createFixture, type Fixture, london } from './basket-fixtures';
import { createManagementTypes } from './membership-fixtures';

type ManagementTypes = Awaited<ReturnType<typeof createManagementTypes>>;

/** Sessions the history's bookings and held places are spread over, on each side of today. */
const sessionsEachSide = 25;
const bookingsEach = 5;
const heldEach = 5;

/**
 * A year of other members' history on a basket fixture (decision 029: the plans of our statements
 * on a busy database). Each of `members` members has, written in one statement:
 * - a finished basket, its order (announced, five bookings of past sessions), its card payment and
 *   the payment attempt that made it;
 * - an active monthly membership collected by direct debit on a day that is not today's: a mandate,
 *   a schedule, 11 collections paid out and the next due in 20 days;
 * - an open basket holding five places of future sessions, for 15 minutes more (`holdMinutes`);
 * - five emails sent, two guest passes long expired, two credit transactions, a waitlist place that
 *   expired, a penalty paid and a waiver signed.
 * Then every table is analysed, as autovacuum would have.
 */
export async function addHistory(
  db: Database,
  f: Fixture,
  types: ManagementTypes,
  members: number,
  /** How long the open baskets' holds have left (the bench's run is longer than the tests'). */
  holdMinutes = 15,
): Promise<void> {
  const today = localDateOf(new Date(), london);
  const yearAgo = addDays(today, -365);
  const past: number[] = [];
  const future: number[] = [];
  for (let hour = 1; hour <= sessionsEachSide; hour += 1) {
    for (const [sessions, sign] of [
      [past, -1],
      [future, 1],
    ] as const) {
      const session = await createOccurrence(db, {
        activity: f.free,
        venue: f.venue,
        location: f.studio,
        startsAt: new Date(f.freeSession.startsAt.getTime() + sign * (48 + hour) * 3600_000),
        capacity: members * bookingsEach,
        firstBookableAt: new Date(Date.now() - 400 * 24 * 3600_000),
      });
      sessions.push(session.id);
    }
  }
  const pick = (sessions: number[], index: string) =>
    sql.raw(`(array[${sessions.join(',')}])[1 + ${index} % ${sessions.length}]`);
  await db.execute(sql`
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
      insert into orders (client_id, cart_id, user_id, created_by_user_id, source, currency, total, announced_at,
        created_at)
      select ${f.clientId}, id, user_id, user_id, 'bookings', 'GBP', 0, now() - interval '30 days',
        now() - interval '30 days'
      from finished
      returning id, cart_id, user_id),
    items as (
      insert into order_items (order_id, cartable_type, name, activity_id, venue_id, occurrence_id,
        purchased_for_user_id, quantity, amount)
      select o.id, 'av2Booking', 'Free Taster', ${f.free.id}, ${f.venue.id}, ${pick(past, '(o.id + n)')},
        o.user_id, 1, 0
      from ordered o, generate_series(1, ${bookingsEach}) as n
      returning id, order_id, occurrence_id, purchased_for_user_id),
    booked as (
      insert into bookings (order_id, order_item_id, user_id, occurrence_id, quantity)
      select order_id, id, purchased_for_user_id, occurrence_id, 1 from items
      returning id),
    paid as (
      insert into payments (order_id, tender_type, amount) select id, 'card', 0 from ordered
      returning id),
    attempted as (
      insert into payment_attempts (cart_id, item_hash, user_id, actor_id, amount, currency, idempotency_key,
        provider, plan, status, order_id)
      select o.cart_id, f.checkout_hash, o.user_id, o.user_id, 0, 'GBP', gen_random_uuid()::text, 'sandbox',
        '{}'::jsonb, 'completed', o.id
      from ordered o join finished f on f.id = o.cart_id
      returning id),
    joined as (
      insert into memberships (client_id, user_id, membership_type_id, payment_option_id, home_venue_id,
        status, start_date, costs, currency, activated_at, billing_day)
      select ${f.clientId}, id, ${types.gym.id}, ${types.gymMonthly.id}, ${f.venue.id}, 'active',
        ${yearAgo}::date, '{}'::jsonb, 'GBP', now() - interval '365 days',
        1 + (extract(day from ${today}::date)::int + 13) % 28
      from people
      returning id, user_id, billing_day),
    mandates as (
      insert into direct_debit_mandates (user_id, provider, provider_mandate_id, reference, account_holder_name,
        sort_code, account_number_ending, status)
      select user_id, 'sandbox', 'MD' || id, 'REF' || id, 'History Member', '200000', '1234', 'active'
      from joined
      returning id, user_id),
    schedules as (
      insert into direct_debit_schedules (mandate_id, user_id, membership_id, currency, amount, billing_day,
        first_charge_date)
      select d.id, d.user_id, m.id, 'GBP', 3000, m.billing_day, ${yearAgo}::date
      from mandates d join joined m on m.user_id = d.user_id
      returning id, mandate_id),
    collected as (
      insert into direct_debit_collections (schedule_id, mandate_id, sequence, charge_date, amount, currency, status)
      select s.id, s.mandate_id, n,
        case when n < 12 then ${yearAgo}::date + 30 * n else ${today}::date + 20 end, 3000, 'GBP',
        case when n < 12 then 'paid_out' else 'scheduled' end
      from schedules s, generate_series(1, 12) as n
      returning id),
    open as (
      insert into carts (uuid, client_id, user_id)
      select gen_random_uuid()::text, ${f.clientId}, id from people
      returning id, user_id),
    lines as (
      insert into cart_items (cart_id, cartable_type, holds_places, activity_id, venue_id, purchased_for_user_id, quantity, amount)
      select open.id, 'av2Booking', true, ${f.free.id}, ${f.venue.id}, open.user_id, 1, 0
      from open, generate_series(1, ${heldEach})
      returning id, cart_id),
    held as (
      insert into cart_holds (cart_id, cart_item_id, occurrence_id, quantity, expires_at)
      select cart_id, id, ${pick(future, 'id')}, 1, now() + make_interval(mins => ${holdMinutes}::int) from lines
      returning occurrence_id),
    places as (
      update occurrences o set held_count = n from (select occurrence_id, count(*)::int as n from held group by 1) h
      where o.id = h.occurrence_id
      returning o.id),
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
        ${yearAgo}::date, ${yearAgo}::date + 7, 'benefit', 'expired'
      from people p, generate_series(1, 2) as n
      returning id),
    credited as (
      insert into credit_transactions (user_id, type, amount, reason)
      select p.id, 'general', case when n = 1 then 500 else -500 end, 'Goodwill'
      from people p, generate_series(1, 2) as n
      returning id),
    waited as (
      insert into waitlist_entries (occurrence_id, user_id, status)
      select ${pick(past, 'id')}, id, 'expired' from people
      returning id),
    fined as (
      insert into penalties (client_id, user_id, type, amount, currency, description, status, paid_at)
      select ${f.clientId}, id, 'no_show', 500, 'GBP', 'Did not attend', 'paid', now() - interval '60 days'
      from people
      returning id),
    signed as (
      insert into waiver_signatures (waiver_id, user_id) select ${f.waiverId}, id from people
      returning id)
    select (select count(*) from booked) + (select count(*) from paid) + (select count(*) from attempted)
      + (select count(*) from collected) + (select count(*) from places) + (select count(*) from mailed)
      + (select count(*) from passes) + (select count(*) from credited) + (select count(*) from waited)
      + (select count(*) from fined) + (select count(*) from signed) as written`);
  await db.execute(sql`analyze`);
}

/**
 * The app on a fresh database with a basket fixture, the membership management types and the
 * history of `members` members (the plan tests' busy database, decision 029).
 */
export async function startAppWithHistory(
  members: number,
  settings: Record<string, string> = {},
): Promise<{ t: TestApp; f: Fixture; types: ManagementTypes }> {
  const t = await startTestApp(settings);
  const f = await createFixture(t.db);
  const types = await createManagementTypes(t.db, f.clientId, f.venue.id);
  await addHistory(t.db, f, types, members);
  return { t, f, types };
}
