import { and, asc, eq, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  joinLineDetails,
  joinMembershipLine,
  type LineDetail,
  lineDetailColumns,
  type MembershipLineFacts,
  membershipLineColumns,
  withOccurrence,
} from '../../db/line-details';
import { firstUnlocked } from '../../db/locks';
import { preparedPerDatabase, preparedSql } from '../../db/prepared';
import { jsonArrayOf, rawRowsOf, tableRowFromJson, tableRowsFromJson } from '../../db/raw-rows';
import {
  activities,
  bookings,
  kindsSql,
  locations,
  occurrences,
  orderItems,
  orders,
  payments,
  venues,
} from '../../db/schema';
import { sharedWrite } from '../../db/statement-text';
import { activatesAMembership, kindsWhere } from '../../lib/basket-line-kinds';
import {
  oneSessionBasketSettled,
  oneSessionBasketSettledValues,
  stillClaimedBasket,
} from '../basket/settlement.service';
import { outboxRecord } from '../mail/mail.service';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type BookingRow = typeof bookings.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

// The statements every checkout runs are prepared (db/prepared.ts): built once, not per call.
const orderByCartStatement = preparedPerDatabase((db) =>
  db
    .select()
    .from(orders)
    .where(eq(orders.cartId, sql.placeholder('cartId')))
    .limit(1)
    .prepare('checkout_order_by_cart'),
);

export async function findOrderByCart(db: Database, cartId: number): Promise<OrderRow | undefined> {
  const [row] = await orderByCartStatement(db).execute({ cartId });
  return row;
}

const orderStatement = preparedPerDatabase((db) =>
  db
    .select()
    .from(orders)
    .where(eq(orders.id, sql.placeholder('orderId')))
    .limit(1)
    .prepare('checkout_order'),
);

export async function findOrder(db: Database, orderId: number): Promise<OrderRow | undefined> {
  const [row] = await orderStatement(db).execute({ orderId });
  return row;
}

const orderAnnouncedStatement = preparedPerDatabase((db) =>
  db
    .update(orders)
    .set({ announcedAt: sql`now()` })
    .where(and(eq(orders.id, sql.placeholder('orderId')), isNull(orders.announcedAt)))
    .prepare('checkout_order_announced'),
);

/**
 * The order's announced mark as a change made with its confirmation's record (mail's `emailAlong`):
 * the email and the mark are kept together, in one statement.
 */
export const orderAnnouncedChange = sql`update orders set announced_at = now()
  where id = ${sql.placeholder('orderId')}::int and announced_at is null`;

/** Records that an order has been announced and its confirmation emailed (a second call changes nothing). */
export async function markOrderAnnounced(db: Database, orderId: number): Promise<void> {
  await orderAnnouncedStatement(db).execute({ orderId });
}

/**
 * Takes orders written before `writtenBefore` and never announced (their process died between the
 * commit and the announcement), marking them announced as it takes them, so that one replica
 * announces each. The partial index `orders_unannounced_idx` keeps the search to those few rows.
 */
export async function claimUnannouncedOrders(
  db: Database,
  writtenBefore: Date,
  limit: number,
): Promise<OrderRow[]> {
  const unannounced = and(isNull(orders.announcedAt), lt(orders.createdAt, writtenBefore));
  const claimed = await db
    .update(orders)
    .set({ announcedAt: sql`now()` })
    .where(firstUnlocked(orders.id, unannounced, limit))
    .returning();
  return claimed.sort((a, b) => a.id - b.id);
}

/** An order line that is a new membership's first payment (lib/basket-line-kinds.ts). */
const membershipOrderLine = sql`${orderItems.cartableType} in ${kindsSql(kindsWhere(activatesAMembership))}`;

/** The memberships whose first payment the order holds. */
export async function listOrderMembershipIds(db: Database, orderId: number): Promise<number[]> {
  const rows = await db
    .select({ membershipId: orderItems.membershipId })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), membershipOrderLine))
    .orderBy(asc(orderItems.id));
  return rows.flatMap((row) => (row.membershipId === null ? [] : [row.membershipId]));
}

/** An order line to write, with the bookings of its held places (ids drawn ahead, or by the statement). */
export interface OrderLineToWrite {
  id?: number;
  values: Omit<typeof orderItems.$inferInsert, 'orderId' | 'id'>;
  bookings: { id?: number; userId: number; occurrenceId: number; quantity: number }[];
}

/** What `writeOrderRows` wrote: the order, each line's id (in the order given), bookings, payments. */
export interface OrderRowsWritten {
  order: OrderRow;
  lineIds: number[];
  bookings: BookingRow[];
  payments: PaymentRow[];
}

/**
 * The order of a basket with its lines, their bookings, its payments and the checkout terms
 * accepted, as common table expressions (`o` the order, `line_ids`, `written_lines`, `line_input`,
 * `booked`, `paid`): the order is written only if `gate` holds, which a settling statement uses to
 * take its locks first. Placeholders: `writeOrderRows`' values.
 */
function orderRows(gate: SQL): SQL {
  return sql`o as (
      insert into orders (id, uuid, created_at, announced_at, client_id, cart_id, user_id, created_by_user_id,
        source, currency, total)
      select coalesce(${sql.placeholder('orderId')}::int, nextval(pg_get_serial_sequence('orders', 'id'))::int),
        coalesce(${sql.placeholder('uuid')}::text, gen_random_uuid()::text),
        coalesce(${sql.placeholder('createdAt')}::timestamptz, now()), ${sql.placeholder('announcedAt')}::timestamptz,
        ${sql.placeholder('clientId')}::int, ${sql.placeholder('cartId')}::int, ${sql.placeholder('userId')}::int, ${sql.placeholder('createdByUserId')}::int,
        ${sql.placeholder('source')}, ${sql.placeholder('currency')}, ${sql.placeholder('total')}::int
      where ${gate}
      returning *
    ), line_input as materialized (
      select * from jsonb_to_recordset(${sql.placeholder('lines')}::jsonb) as l(ordinal int, id int, cartable_type text,
        name text, activity_id int, venue_id int, occurrence_id int, bundle_id int, pricing_option_id int,
        membership_id int, purchased_for_user_id int, quantity int, amount int, benefit_applied boolean,
        tickets jsonb)
    ), line_ids as materialized (
      select l.ordinal, coalesce(l.id, nextval(pg_get_serial_sequence('order_items', 'id'))::int) as id
      from line_input l where exists (select 1 from o)
      order by l.ordinal
    ), written_lines as (
      insert into order_items (id, order_id, cartable_type, name, activity_id, venue_id, occurrence_id,
        bundle_id, pricing_option_id, membership_id, purchased_for_user_id, quantity, amount,
        benefit_applied, tickets)
      select i.id, o.id, l.cartable_type, l.name, l.activity_id, l.venue_id, l.occurrence_id, l.bundle_id,
        l.pricing_option_id, l.membership_id, l.purchased_for_user_id, l.quantity, l.amount,
        l.benefit_applied, l.tickets
      from o, line_input l join line_ids i on i.ordinal = l.ordinal
      order by l.ordinal
      returning id
    ), booked as (
      insert into bookings (id, order_id, order_item_id, user_id, occurrence_id, quantity)
      select coalesce(b.id, nextval(pg_get_serial_sequence('bookings', 'id'))::int), o.id, i.id, b.user_id,
        b.occurrence_id, b.quantity
      from o, jsonb_to_recordset(${sql.placeholder('bookings')}::jsonb)
          as b(ordinal int, id int, user_id int, occurrence_id int, quantity int)
        join line_ids i on i.ordinal = b.ordinal
      order by b.ordinal
      returning *
    ), paid as (
      insert into payments (id, order_id, tender_type, amount, provider, provider_reference, card_brand,
        card_last4, info)
      select coalesce(p.id, nextval(pg_get_serial_sequence('payments', 'id'))::int), o.id, p.tender_type, p.amount, p.provider, p.provider_reference, p.card_brand, p.card_last4,
        p.info
      from o, jsonb_to_recordset(${sql.placeholder('tenders')}::jsonb) as p(ordinal int, id int, tender_type text,
        amount int, provider text, provider_reference text, card_brand text, card_last4 text, info jsonb)
      order by p.ordinal
      returning *
    ), accepted as (
      insert into terms_acceptances (user_id, term_id, context)
      select ${sql.placeholder('termsUserId')}::int, term_id, 'checkout'
      from o, unnest(${sql.placeholder('termIds')}::int[]) as term_id
    )`;
}

/** What a statement of `orderRows` answers: the order, its lines' ids, bookings and payments. */
const orderRowsWritten = sql`row_to_json(o) as "order",
      (select json_agg(i.id order by i.ordinal) from line_ids i) as line_ids,
      (select json_agg(booked order by booked.id) from booked) as bookings,
      (select json_agg(paid order by paid.id) from paid) as payments,
      (select count(*) from written_lines)::int as lines_written`;

/** Every line written: an error, not a short answer (the statement may be sent with its commit, migration 0031). */
const everyLineWritten = sql`statement_check((select count(*) from written_lines) = (select count(*) from line_input),
      'not every order line was written')`;

// Every order is written by it: built once (db/prepared.ts).
const writeOrderRowsStatement = preparedSql(sql`
    with ${orderRows(sql`true`)}
    select ${orderRowsWritten}
    from o
    where ${everyLineWritten}`);

/**
 * The order of a basket with its lines, their bookings, its payments and the checkout terms accepted,
 * in one statement (issue 16: a checkout's round trips). The lines' ids are drawn from their sequence
 * first, so each booking names its line by the line's place in `lines`. A basket that has an order
 * already fails it (a unique violation of `cart_id`: a twin submission's), and so does a line not
 * written: errors, not answers, so that it can be sent with its transaction's commit. The foreign
 * keys are checked at the statement's end, when every row is in.
 */
export async function writeOrderRows(db: Database, input: OrderRowsInput): Promise<OrderRowsWritten> {
  return orderRowsFrom(await writeOrderRowsStatement(db).execute(orderRowsValues(input)), input);
}

/** What an order's rows are written from. */
export interface OrderRowsInput {
  order: typeof orders.$inferInsert;
  lines: OrderLineToWrite[];
  payments: Omit<typeof payments.$inferInsert, 'orderId'>[];
  termsAccepted: { userId: number; termIds: number[] };
}

/** The values of `orderRows`' placeholders. */
function orderRowsValues(input: OrderRowsInput): Record<string, unknown> {
  const { order } = input;
  const lines = input.lines.map(({ id, values }, ordinal) => ({
    ordinal,
    id: id ?? null,
    cartable_type: values.cartableType,
    name: values.name,
    activity_id: values.activityId ?? null,
    venue_id: values.venueId,
    occurrence_id: values.occurrenceId ?? null,
    bundle_id: values.bundleId ?? null,
    pricing_option_id: values.pricingOptionId ?? null,
    membership_id: values.membershipId ?? null,
    purchased_for_user_id: values.purchasedForUserId,
    quantity: values.quantity,
    amount: values.amount,
    benefit_applied: values.benefitApplied ?? false,
    tickets: values.tickets ?? [],
  }));
  const lineBookings = input.lines.flatMap(({ bookings: held }, ordinal) =>
    held.map((booking) => ({
      ordinal,
      id: booking.id ?? null,
      user_id: booking.userId,
      occurrence_id: booking.occurrenceId,
      quantity: booking.quantity,
    })),
  );
  const tenders = input.payments.map((payment, ordinal) => ({
    ordinal,
    id: payment.id ?? null,
    tender_type: payment.tenderType,
    amount: payment.amount,
    provider: payment.provider ?? null,
    provider_reference: payment.providerReference ?? null,
    card_brand: payment.cardBrand ?? null,
    card_last4: payment.cardLast4 ?? null,
    info: payment.info ?? null,
  }));
  return {
    orderId: order.id ?? null,
    uuid: order.uuid ?? null,
    createdAt: order.createdAt?.toISOString() ?? null,
    announcedAt: order.announcedAt?.toISOString() ?? null,
    clientId: order.clientId,
    cartId: order.cartId,
    userId: order.userId,
    createdByUserId: order.createdByUserId,
    source: order.source,
    currency: order.currency,
    total: order.total,
    lines: JSON.stringify(lines),
    bookings: JSON.stringify(lineBookings),
    tenders: JSON.stringify(tenders),
    termsUserId: input.termsAccepted.userId,
    termIds: `{${input.termsAccepted.termIds.join(',')}}`,
  };
}

/** The rows a statement of `orderRows` answered (`orderRowsWritten`). */
function orderRowsFrom(result: unknown, input: OrderRowsInput): OrderRowsWritten {
  const row = rawRowsOf<{
    order: unknown;
    line_ids: unknown;
    bookings: unknown;
    payments: unknown;
    lines_written: number;
  }>(result)[0];
  if (!row) throw new Error(`the order of basket ${input.order.cartId} was not written`);
  const lineIds = jsonArrayOf<number>(row.line_ids).map(Number);
  if (Number(row.lines_written) !== input.lines.length || lineIds.length !== input.lines.length) {
    throw new Error(`order lines written ${row.lines_written} of ${input.lines.length}`);
  }
  return {
    order: tableRowFromJson(orders, row.order),
    lineIds,
    bookings: tableRowsFromJson(bookings, row.bookings),
    payments: tableRowsFromJson(payments, row.payments),
  };
}

// A shared write (db/statement-text.ts): it commits alone, and the rows it locks (the attempt, the
// basket, its holds, the session) are held by statements or by transactions that wait on nothing but
// their own connection.
const settleOrderAtOnceStatement = preparedSql(sql`${sharedWrite}
    with attempt as materialized (
      select id from payment_attempts
      where id = ${sql.placeholder('attemptId')}::int and cart_id = ${sql.placeholder('cartId')}::int
        and status = 'started'
      for update
    ), ${stillClaimedBasket}, ${orderRows(sql`statement_check(exists (select 1 from attempt) and exists (select 1 from claimed),
        'the basket is no longer as it was paid for')`)}, ${oneSessionBasketSettled(sql`exists (select 1 from o)`)}, completed as (
      update payment_attempts set status = 'completed', order_id = (select id from o),
        provider_payment_id = ${sql.placeholder('providerPaymentId')}, lease_until = null,
        updated_at = ${sql.placeholder('now')}::timestamptz
      where id = ${sql.placeholder('attemptId')}::int and exists (select 1 from placed)
      returning id
    ), ${outboxRecord(sql`exists (select 1 from o)`)}
    select ${orderRowsWritten}, (select id from emailed) as email_id
    from o
    where ${everyLineWritten}
      and statement_check(exists (select 1 from completed), 'the payment attempt was not completed')`);

/**
 * A charged card payment's order written at once, in one statement outside any transaction (decision
 * 035): the attempt's row locked (still 'started': nobody finished or refunded it) and its basket's
 * (still open and claimed by it, so its lines and holds are those read when it was claimed), then the
 * order's rows, the basket of one session settled and the attempt completed with its order. Anything
 * else fails the statement (`statement_check`, or the order's unique `cart_id`) and nothing is
 * written: the caller then settles the attempt in a transaction that reads and decides. The order's
 * confirmation is recorded by the same statement (mail's `outboxRecord`, with `email`'s values),
 * with the order written as announced (`input.order.announcedAt`): both, or neither.
 */
export async function settleOrderAtOnce(
  db: Database,
  input: OrderRowsInput,
  settling: {
    attemptId: number;
    claim: string;
    /** Claims started by then have run out (holds.service `claimStartedBefore`). */
    claimStartedBefore: Date;
    providerPaymentId: string;
    now: Date;
    hash: string;
    holds: { ids: number[]; occurrenceId: number; quantity: number };
    /** The confirmation's record (`outboxRecordValues`, of no email when there is none). */
    email: Record<string, unknown>;
  },
): Promise<OrderRowsWritten & { emailId: number | null }> {
  const result = await settleOrderAtOnceStatement(db).execute({
    ...settling.email,
    ...orderRowsValues(input),
    ...oneSessionBasketSettledValues(
      input.order.cartId,
      { hash: settling.hash, source: input.order.source, now: settling.now },
      settling.holds,
    ),
    attemptId: settling.attemptId,
    claim: settling.claim,
    claimStartedBefore: settling.claimStartedBefore.toISOString(),
    providerPaymentId: settling.providerPaymentId,
  });
  const emailId = rawRowsOf<{ email_id: number | null }>(result)[0]?.email_id ?? null;
  return { ...orderRowsFrom(result, input), emailId: emailId === null ? null : Number(emailId) };
}

/** An order's lines with what the confirmation shows (same shape as a basket line's details). */
export interface OrderItemDetail extends LineDetail {
  item: OrderItemRow;
}

const orderItemDetailsStatement = preparedPerDatabase((db) =>
  joinLineDetails(
    db
      .select({
        item: orderItems,
        ...lineDetailColumns,
      })
      .from(orderItems)
      .$dynamic(),
    orderItems,
  )
    .where(eq(orderItems.orderId, sql.placeholder('orderId')))
    .orderBy(asc(orderItems.id))
    .prepare('checkout_order_item_details'),
);

export async function listOrderItemDetails(db: Database, orderId: number): Promise<OrderItemDetail[]> {
  return withOccurrence(await orderItemDetailsStatement(db).execute({ orderId }));
}

const orderBookingsStatement = preparedPerDatabase((db) =>
  db
    .select()
    .from(bookings)
    .where(eq(bookings.orderId, sql.placeholder('orderId')))
    .orderBy(asc(bookings.id))
    .prepare('checkout_order_bookings'),
);

export async function listOrderBookings(db: Database, orderId: number): Promise<BookingRow[]> {
  return orderBookingsStatement(db).execute({ orderId });
}

const orderPaymentsStatement = preparedPerDatabase((db) =>
  db
    .select()
    .from(payments)
    .where(eq(payments.orderId, sql.placeholder('orderId')))
    .orderBy(asc(payments.id))
    .prepare('checkout_order_payments'),
);

export async function listOrderPayments(db: Database, orderId: number): Promise<PaymentRow[]> {
  return orderPaymentsStatement(db).execute({ orderId });
}

/** The sessions an order booked, in time order (the .ics). */
export interface BookedSessionRow {
  bookingId: number;
  occurrenceId: number;
  activityName: string;
  venueName: string;
  locationName: string;
  startsAt: Date;
  endsAt: Date;
}

const orderSessionsStatement = preparedPerDatabase((db) =>
  db
    .select({
      bookingId: bookings.id,
      occurrenceId: bookings.occurrenceId,
      activityName: activities.name,
      venueName: venues.name,
      locationName: locations.name,
      startsAt: occurrences.startsAt,
      endsAt: occurrences.endsAt,
    })
    .from(bookings)
    .innerJoin(occurrences, eq(occurrences.id, bookings.occurrenceId))
    .innerJoin(activities, eq(activities.id, occurrences.activityId))
    .innerJoin(venues, eq(venues.id, occurrences.venueId))
    .innerJoin(locations, eq(locations.id, occurrences.locationId))
    .where(and(eq(bookings.orderId, sql.placeholder('orderId')), eq(bookings.status, 'booked')))
    .orderBy(asc(occurrences.startsAt), asc(bookings.id))
    .prepare('checkout_order_sessions'),
);

export async function listOrderSessions(db: Database, orderId: number): Promise<BookedSessionRow[]> {
  return orderSessionsStatement(db).execute({ orderId });
}

/** The membership lines of an order with what names them (the membership as it was priced). */
const orderMembershipLinesStatement = preparedPerDatabase((db) =>
  joinMembershipLine(
    db
      .select({ orderItemId: orderItems.id, ...membershipLineColumns })
      .from(orderItems)
      .$dynamic(),
    orderItems.membershipId,
  )
    .where(and(eq(orderItems.orderId, sql.placeholder('orderId')), membershipOrderLine))
    .orderBy(asc(orderItems.id))
    .prepare('checkout_order_membership_lines'),
);

export async function listOrderMembershipLines(
  db: Database,
  orderId: number,
): Promise<(MembershipLineFacts & { orderItemId: number })[]> {
  return orderMembershipLinesStatement(db).execute({ orderId });
}
