import { randomUUID } from 'node:crypto';
import { checkoutMessages } from '@leisure/contract/checkout';
import { isRaceError, isStatementCheck, isUniqueViolation } from '../../db/locks';
import { commitWith, inOneRoundTrip } from '../../db/pipeline';
import { AppError } from '../../errors';
import { activatesAMembership, lineIs, lineKind, paysAFee } from '../../lib/basket-line-kinds';
import type { CardSummary } from '../../providers/payment/payment-provider';
import { bundleIdsOf, type CartDeps } from '../basket/basket.service';
import { claimStartedBefore } from '../basket/holds.service';
import { membershipCostLines } from '../basket/membership-line.presenters';
import {
  type CartItemDetail,
  completeBasket,
  courseSessions,
  type HoldRow,
  settlesInOneStatement,
} from '../basket/settlement.service';
import { spendCredit } from '../credit/credit.service';
import { emailAlong, type OutgoingEmail, outboxRecordValues } from '../mail/mail.service';
import type { Brand } from '../mail/templates';
import { orderConfirmationEmail } from '../mail/templates';
import { getBrand } from '../operator/theme.service';
import { listOtherOrderLines, orderReferenceOf } from '../payments/payments.service';
import { payPenaltyLines } from '../penalties/penalties.service';
import { saveCard } from '../saved-cards/saved-cards.service';
import { type Acting, actingFromRecord } from '../session/acting';
import { acceptOffers } from '../waitlist/waitlist.service';
import { recordSignatures } from '../waivers/waivers.service';
import { calendarOf } from './calendar';
import { type OrderView, presentOrder } from './checkout.presenters';
import {
  type BookedSessionRow,
  type BookingRow,
  claimUnannouncedOrders,
  listOrderBookings,
  listOrderItemDetails,
  listOrderMembershipIds,
  listOrderMembershipLines,
  listOrderPayments,
  listOrderSessions,
  markOrderAnnounced,
  type OrderRow,
  type OrderRowsInput,
  type OrderRowsWritten,
  orderAnnouncedChange,
  type PaymentRow,
  settleOrderAtOnce,
  writeOrderRows,
} from './checkout.repository';
import { type CheckoutDeps, type CheckoutPlan, linksOf, type Mode } from './checkout-deps';
import type { OrderIdsAhead } from './payment-attempts.repository';

/**
 * Writing a paid basket's order (docs/decisions/007 and 015), used by the checkout request and by
 * whoever finishes a card payment a crash left unfinished; and the order as the confirmation page,
 * its email and its calendar show it.
 */

/** A written order and what its writer knows of it, so that announcing and emailing it need not read it back. */
export interface WrittenOrder {
  order: OrderRow;
  /** The memberships whose first payment the order holds. */
  membershipIds: number[];
  /** Whether it has lines the basket views do not describe (penalties, memberships). */
  hasOtherLines: boolean;
  /** Its bookings and payments as written, in id order. */
  bookings: BookingRow[];
  payments: PaymentRow[];
  /** Its lines with places and what they are shown with, under their order ids, when its writer had them. */
  details?: CartItemDetail[];
}

type Charge = { reference: string; card: CardSummary };

/** The order's rows as `writeOrderRows` takes them: its lines with their held places' bookings, its payments, the terms. */
function orderRowsOf(
  deps: CheckoutDeps,
  acting: Acting,
  plan: CheckoutPlan,
  holds: HoldRow[],
  mode: Mode,
  source: string,
  charge: Charge | null,
): OrderRowsInput {
  const paymentRows = [
    ...(charge
      ? [
          {
            tenderType: 'card',
            amount: plan.balance,
            provider: deps.provider.name,
            providerReference: charge.reference,
            cardBrand: charge.card.brand,
            cardLast4: charge.card.last4,
          },
        ]
      : []),
    ...(mode === 'online' && plan.credit > 0 ? [{ tenderType: 'credit', amount: plan.credit }] : []),
    ...plan.tenders
      .filter((tender) => tender.amount > 0)
      .map((tender) => ({
        tenderType: tender.tender_type,
        amount: tender.amount,
        info: tender.info ?? null,
      })),
    ...(mode === 'foh' && plan.credit > 0 && !plan.tenders.some((t) => t.tender_type === 'credit')
      ? [{ tenderType: 'credit', amount: plan.credit }]
      : []),
  ];
  return {
    order: {
      clientId: acting.clientId,
      cartId: plan.cart.id,
      userId: acting.customer.id,
      createdByUserId: acting.actor.id,
      source,
      currency: acting.currency,
      total: plan.total,
    },
    lines: plan.items.map((item) => ({
      values: {
        cartableType: item.cartableType,
        name: '',
        activityId: item.activityId,
        venueId: item.venueId,
        occurrenceId: item.occurrenceId,
        bundleId: item.bundleId,
        pricingOptionId: item.pricingOptionId,
        membershipId: item.membershipId,
        purchasedForUserId: item.purchasedForUserId,
        quantity: item.quantity,
        amount: item.amount,
        benefitApplied: item.benefitApplied,
        tickets: item.tickets,
      },
      bookings: holds
        .filter((hold) => hold.cartItemId === item.id)
        .map((hold) => ({
          userId: item.purchasedForUserId,
          occurrenceId: hold.occurrenceId,
          quantity: hold.quantity,
        })),
    })),
    payments: paymentRows,
    termsAccepted: { userId: acting.customer.id, termIds: plan.termIds },
  };
}

/** The written order as its writer knows it: its lines' details under their order ids, so its confirmation need not read them. */
function writtenOrderOf(plan: CheckoutPlan, written: OrderRowsWritten): WrittenOrder {
  const lineIds = new Map(plan.items.map((item, index) => [item.id, written.lineIds[index] ?? 0]));
  const details = plan.details?.map((detail) => ({
    ...detail,
    item: { ...detail.item, id: lineIds.get(detail.item.id) ?? 0 },
  }));
  return {
    details,
    order: written.order,
    membershipIds: plan.items.flatMap((item) =>
      lineIs(item, activatesAMembership) && item.membershipId !== null ? [item.membershipId] : [],
    ),
    // Lines with no places: the basket's session views do not describe them.
    hasOtherLines: plan.items.some((item) => !item.holdsPlaces),
    bookings: written.bookings,
    payments: written.payments,
  };
}

/**
 * Writes the order: lines, bookings (held places become booked), credit spent, payments; closes the
 * basket. Its transaction's last work: the common order commits with its last statements, so the
 * caller returns as soon as it has it, writing nothing more.
 */
export async function writeOrder(
  deps: CheckoutDeps,
  tx: CartDeps['db'],
  acting: Acting,
  plan: CheckoutPlan,
  holds: HoldRow[],
  mode: Mode,
  source: string,
  charge: Charge | null,
  /**
   * A write of the caller's in the same transaction, issued with the statement that books the places
   * (one round trip, db/pipeline.ts), after the order's rows: it may read the order by its basket.
   */
  alongsideLast?: () => Promise<unknown>,
): Promise<WrittenOrder> {
  const now = new Date();
  const offers = plan.items.flatMap((item) => (item.waitlistEntryId === null ? [] : [item.waitlistEntryId]));
  // Held places become booked, last: the sessions' row locks (the hot rows when bookings open) are
  // then held only from there to the commit. The places are ours already (the holds are locked).
  const bookPlaces = () =>
    inOneRoundTrip([
      completeBasket(
        tx,
        plan.cart.id,
        { hash: plan.hash, source, now },
        holds,
        deps.config.oneStatementPaths,
      ),
      alongsideLast ? alongsideLast() : Promise.resolve(),
    ]);
  // An order with nothing of its own to write after its rows (no fee, credit, card to keep, waiver or
  // waitlist offer: the common one) books its places in the round trip that writes its rows.
  const atOnce = hasNothingAfterItsRows(plan, { charged: charge !== null });
  // The order, its lines, their bookings, its payments and the terms accepted: one statement.
  const writing = writeOrderRows(tx, orderRowsOf(deps, acting, plan, holds, mode, source, charge));
  let written: OrderRowsWritten;
  try {
    if (!atOnce) written = await writing;
    // Of one session's places too, the common order is its transaction's last work: its rows, its
    // places and the caller's last write are sent with the commit (db/pipeline.ts commitWith).
    // Only when the places are booked by one statement (`completeBasket`), issued when called.
    else if (deps.config.oneStatementPaths && settlesInOneStatement(holds))
      [written] = await commitWith(tx, [writing, bookPlaces()]);
    else [written] = await inOneRoundTrip([writing, bookPlaces()]);
  } catch (error) {
    // A second order of the basket (its unique cart_id): nothing of this one stays.
    if (isUniqueViolation(error)) throw new AppError('conflict', checkoutMessages.inProgress);
    throw error;
  }
  const { order } = written;
  const penaltyLines = plan.items.flatMap((item, index) => {
    const orderItemId = written.lineIds[index];
    return lineIs(item, paysAFee) && orderItemId !== undefined ? [{ cartItemId: item.id, orderItemId }] : [];
  });
  // Paid exactly once: a penalty another order already paid rolls this order back (409).
  await payPenaltyLines(tx, order.id, penaltyLines, now);
  if (plan.credit > 0) {
    const spent = await spendCredit(tx, {
      userId: acting.customer.id,
      amount: plan.credit,
      orderId: order.id,
      reason: `Spent on order ${orderReferenceOf(order.id)}`,
    });
    if (!spent) throw AppError.validation({ payments: [checkoutMessages.creditTooMuch] });
  }
  if (charge && plan.card?.save) {
    await saveCard(tx, {
      userId: acting.customer.id,
      provider: deps.provider.name,
      token: plan.card.save.token,
      brand: charge.card.brand,
      last4: charge.card.last4,
      expiryMonth: charge.card.expiryMonth,
      expiryYear: charge.card.expiryYear,
      billing: plan.card.save.billing,
    });
  }
  await recordSignatures(tx, plan.waivers);
  await acceptOffers(tx, offers, now);
  if (!atOnce) await bookPlaces();
  return writtenOrderOf(plan, written);
}

/** An order with nothing of its own to write after its rows: no fee, credit, card to keep, waiver or waitlist offer. */
function hasNothingAfterItsRows(plan: CheckoutPlan, payment: { charged: boolean }): boolean {
  return (
    !plan.items.some((item) => lineIs(item, paysAFee) || item.waitlistEntryId !== null) &&
    plan.credit === 0 &&
    !(payment.charged && plan.card?.save) &&
    plan.waivers.length === 0
  );
}

/**
 * Whether a card payment's order can be written by one statement (decision 035): places on one
 * session only, nothing to write after the order's rows (`hasNothingAfterItsRows`), no benefit use
 * to count, and only lines of kinds the registry lets take the one-statement path. What to draw
 * ahead for it (`OrderIdsAhead`), or undefined.
 */
export function idsToDrawAhead(
  plan: CheckoutPlan,
  holds: HoldRow[],
): { lines: number; bookings: number; payments: number } | undefined {
  if (
    holds.length === 0 ||
    !settlesInOneStatement(holds) ||
    // The card is its one payment: no credit (`hasNothingAfterItsRows`) and no other tender.
    plan.tenders.length > 0 ||
    !hasNothingAfterItsRows(plan, { charged: true }) ||
    plan.items.some((item) => item.benefitApplied || !lineKind(item.cartableType).oneStatementPath)
  )
    return undefined;
  return { lines: plan.items.length, bookings: holds.length, payments: 1 };
}

/**
 * The order's rows under the ids drawn for them ahead (every booking of a line in the order of its
 * holds), written as announced at `now`: undefined when the ids do not fit the rows.
 */
function rowsUnderIdsAhead(rows: OrderRowsInput, ids: OrderIdsAhead, now: Date): OrderRowsInput | undefined {
  const bookings = rows.lines.reduce((count, line) => count + line.bookings.length, 0);
  if (
    ids.lineIds.length !== rows.lines.length ||
    ids.bookingIds.length !== bookings ||
    ids.paymentIds.length !== rows.payments.length
  )
    return undefined;
  let booking = 0;
  return {
    ...rows,
    order: { ...rows.order, id: ids.orderId, uuid: randomUUID(), createdAt: now, announcedAt: now },
    lines: rows.lines.map((line, index) => ({
      ...line,
      id: ids.lineIds[index],
      bookings: line.bookings.map((held) => ({ ...held, id: ids.bookingIds[booking++] })),
    })),
    payments: rows.payments.map((payment, index) => ({ ...payment, id: ids.paymentIds[index] })),
  };
}

/**
 * The order as its statement will write it (every id drawn ahead, its times given): what its
 * confirmation is made from before it is written. Its rows' own `created_at` are the statement's
 * time, which no confirmation shows.
 */
function orderAsItWillBeWritten(plan: CheckoutPlan, rows: OrderRowsInput, now: Date): WrittenOrder {
  const { order } = rows;
  const orderId = order.id ?? 0;
  return writtenOrderOf(plan, {
    order: {
      ...order,
      id: orderId,
      status: 'completed',
      uuid: order.uuid ?? '',
      createdAt: now,
      announcedAt: now,
    },
    lineIds: rows.lines.map((line) => line.id ?? 0),
    bookings: rows.lines.flatMap((line) =>
      line.bookings.map((booking) => ({
        id: booking.id ?? 0,
        orderId,
        orderItemId: line.id ?? 0,
        userId: booking.userId,
        occurrenceId: booking.occurrenceId,
        quantity: booking.quantity,
        status: 'booked' as const,
        createdAt: now,
        cancelledAt: null,
        cancellationSource: null,
        cancellationCredit: 0,
      })),
    ),
    payments: rows.payments.map((payment) => ({
      id: payment.id ?? 0,
      orderId,
      tenderType: payment.tenderType,
      amount: payment.amount,
      provider: payment.provider ?? null,
      providerReference: payment.providerReference ?? null,
      cardBrand: payment.cardBrand ?? null,
      cardLast4: payment.cardLast4 ?? null,
      info: payment.info ?? null,
      createdAt: now,
    })),
  });
}

/**
 * A card payment's order written by one statement, with no transaction (decision 035), when the
 * request that charged it still has what it read under its basket's lock: the basket still claimed
 * by the attempt (so its lines and holds are those), and an order `idsToDrawAhead` allows, whose ids
 * were drawn with the attempt. Its confirmation is made first, from the order as it will be written,
 * and recorded by the same statement, which writes the order as announced: both, or neither
 * (decision 035, amended). The attempt is completed with it. Undefined, with nothing written, when
 * the statement finds anything else (the attempt finished or refunded elsewhere, the claim gone or
 * run out, a hold released, an order there already): the caller then settles it in a transaction
 * that reads and decides, and announces it (payment-attempts.service settleCharged).
 */
export async function writeChargedOrderAtOnce(
  deps: CheckoutDeps,
  acting: Acting,
  plan: CheckoutPlan,
  holds: HoldRow[],
  attempt: { id: number; claim: string; source: string; idsAhead?: OrderIdsAhead },
  charge: Charge,
): Promise<WrittenOrder | undefined> {
  const occurrenceId = holds[0]?.occurrenceId;
  if (!deps.config.oneStatementPaths) return undefined;
  if (occurrenceId === undefined || !attempt.idsAhead || !idsToDrawAhead(plan, holds)) return undefined;
  const now = new Date();
  const rows = rowsUnderIdsAhead(
    orderRowsOf(deps, acting, plan, holds, 'online', attempt.source, charge),
    attempt.idsAhead,
    now,
  );
  if (!rows) return undefined;
  const email = await confirmationOf(deps, acting.customer, orderAsItWillBeWritten(plan, rows, now));
  const confirmation = email ? deps.mailer.toRecord(email) : undefined;
  let written: Awaited<ReturnType<typeof settleOrderAtOnce>>;
  try {
    written = await settleOrderAtOnce(deps.db, rows, {
      attemptId: attempt.id,
      claim: attempt.claim,
      claimStartedBefore: claimStartedBefore(now),
      providerPaymentId: charge.reference,
      now,
      hash: plan.hash,
      holds: {
        ids: holds.map((hold) => hold.id),
        occurrenceId,
        quantity: holds.reduce((sum, hold) => sum + hold.quantity, 0),
      },
      email: confirmation?.values ?? outboxRecordValues(null),
    });
  } catch (error) {
    if (isStatementCheck(error) || isUniqueViolation(error) || isRaceError(error)) return undefined;
    throw error;
  }
  const order = writtenOrderOf(plan, written);
  // Announced as written: it has no membership to activate (`idsToDrawAhead`), so a process that
  // dies before this leaves nothing undone; its confirmation is recorded, for the retries job.
  await deps.events.publish('order.completed', {
    orderId: written.order.id,
    membershipIds: order.membershipIds,
  });
  if (confirmation && written.emailId !== null) confirmation.recorded(written.emailId).deliver();
  return order;
}

export async function orderViewOf(
  deps: CheckoutDeps,
  order: OrderRow,
  /**
   * What the order's writer knows: its bookings and payments, whether it has other lines to read,
   * and its lines' details when it has them.
   */
  known?: Pick<WrittenOrder, 'hasOtherLines' | 'bookings' | 'payments' | 'details'>,
): Promise<OrderView> {
  const otherLinesToo = known?.hasOtherLines !== false;
  const details = known?.details ?? (await listOrderItemDetails(deps.db, order.id));
  const sessions = await courseSessions(deps.db, bundleIdsOf(details));
  return {
    order,
    // An order line shows as the basket line it was.
    details: details.map((detail) => ({
      ...detail,
      item: {
        ...detail.item,
        cartId: 0,
        waitlistEntryId: null,
        lineExpiresAt: null,
        holdsPlaces: lineKind(detail.item.cartableType).holdsPlaces,
        createdAt: order.createdAt,
      },
      holdExpiresAt: null,
    })),
    courseSessions: sessions,
    bookings: known?.bookings ?? (await listOrderBookings(deps.db, order.id)),
    payments: known?.payments ?? (await listOrderPayments(deps.db, order.id)),
    otherLines: otherLinesToo ? await listOtherOrderLines(deps.db, order.id) : [],
    membershipLines: otherLinesToo ? await listOrderMembershipLines(deps.db, order.id) : [],
  };
}

/**
 * The booked sessions of an order as its view already holds them (each booking's line, or its
 * course's session), in time order: what `listOrderSessions` reads, without reading it.
 */
function sessionsOfView(view: OrderView): BookedSessionRow[] {
  return view.bookings
    .filter((booking) => booking.status === 'booked')
    .flatMap((booking) => {
      const detail = view.details.find((line) => line.item.id === booking.orderItemId);
      const session =
        detail?.occurrence ??
        view.courseSessions.find((course) => course.id === booking.occurrenceId) ??
        null;
      if (!detail || !session) return [];
      return [
        {
          bookingId: booking.id,
          occurrenceId: booking.occurrenceId,
          activityName: detail.activityName,
          venueName: detail.venueName,
          locationName: session.location.name,
          startsAt: session.startsAt,
          endsAt: session.endsAt,
        },
      ];
    })
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.bookingId - b.bookingId);
}

export async function calendarFor(
  deps: CheckoutDeps,
  order: OrderRow,
  known?: { brand: Brand; sessions: BookedSessionRow[] },
): Promise<string> {
  const brand = known?.brand ?? (await getBrand(deps.db, deps.config));
  // A booking's calendar id must not change with the host the file was asked from.
  const host = new URL(linksOf(deps).bookings).hostname;
  const sessions = known?.sessions ?? (await listOrderSessions(deps.db, order.id));
  return calendarOf(
    brand.appName,
    sessions.map((session) => ({
      uid: `booking-${session.bookingId}@${host}`,
      summary: session.activityName,
      location: `${session.locationName}, ${session.venueName}`,
      description: `Order ${orderReferenceOf(order.id)}`,
      startsAt: session.startsAt,
      endsAt: session.endsAt,
    })),
  );
}

/** The confirmation email with the sessions attached as .ics; null, logged, when it cannot be made. */
async function confirmationOf(
  deps: CheckoutDeps,
  customer: { firstName: string; email: string },
  written: WrittenOrder,
): Promise<OutgoingEmail | null> {
  const { order } = written;
  try {
    const view = await orderViewOf(deps, order, written);
    const described = presentOrder(view);
    const lines = described.items.flatMap((item) => {
      const resource = item.cartable_resource;
      // A membership reads as what is bought: its centre, payment type, dates and costs.
      if (resource.new_membership) {
        return [`${item.name} (${item.price.formatted})`, ...membershipCostLines(resource.new_membership)];
      }
      // Fee lines have no session: leave out the parts they lack.
      const when = resource.time ? resource.date.full_date_pretty : '';
      const where = [when, resource.time, resource.location.name, resource.venue_name].filter(Boolean);
      return [`${item.name}: ${where.join(', ')} (${item.price.formatted})`];
    });
    const hasSessions = described.items.some((item) => item.booking_ids.length > 0);
    const brand = await getBrand(deps.db, deps.config);
    const email = orderConfirmationEmail(
      brand,
      {
        firstName: customer.firstName,
        reference: described.reference,
        lines,
        total: described.formatted_total,
        hasSessions,
      },
      `${linksOf(deps).bookings}/booking-confirmed/${order.id}`,
    );
    return {
      to: customer.email,
      ...email,
      template: 'order-confirmation',
      attachments: hasSessions
        ? [
            {
              filename: `${described.reference}.ics`,
              contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
              content: await calendarFor(deps, order, { brand, sessions: sessionsOfView(view) }),
            },
          ]
        : [],
    };
  } catch (error) {
    deps.log.warn({ err: error, orderId: order.id }, 'could not make the order confirmation');
    return null;
  }
}

/**
 * A freshly written order, committed: announced (memberships activate), then its confirmation
 * recorded and the order marked announced, together, by one statement (no transaction: decision
 * 025, amended). A process that dies before that leaves the order to
 * `announceOrdersLeftUnannounced`, which activates nothing twice (activation is idempotent); the
 * email is recorded once, with the mark. It is handed to the transport once recorded.
 */
export async function announceOrder(
  deps: CheckoutDeps,
  customer: { firstName: string; email: string },
  written: WrittenOrder,
): Promise<void> {
  await deps.events.publish('order.completed', {
    orderId: written.order.id,
    membershipIds: written.membershipIds,
  });
  const email = await confirmationOf(deps, customer, written);
  const orderId = written.order.id;
  if (!email) return markOrderAnnounced(deps.db, orderId);
  const recorded = await deps.mailer.recordAlong(deps.db, email, orderAnnounced, { orderId });
  recorded.deliver();
}

/** The confirmation's record marks its order announced (one statement: both or neither). */
const orderAnnounced = emailAlong(orderAnnouncedChange);

/**
 * One run of the order announcements job (jobs.ts), with a chosen `now` (tests call it directly):
 * orders written more than `CHECKOUT_ATTEMPT_LEASE_SECONDS` ago and never announced, because their
 * process died between the order's commit and its announcement, are announced now, from what was
 * stored. Each is taken by one replica. Answers how many were announced.
 */
export async function announceOrdersLeftUnannounced(
  deps: CheckoutDeps,
  now: Date,
  limit = 50,
): Promise<number> {
  const writtenBefore = new Date(now.getTime() - deps.config.checkout.attemptLeaseSeconds * 1000);
  const orders = await claimUnannouncedOrders(deps.db, writtenBefore, limit);
  let announced = 0;
  for (const order of orders) {
    try {
      const acting = await actingFromRecord(deps, {
        actorId: order.createdByUserId,
        customerId: order.userId,
        currency: order.currency,
      });
      if (!acting) throw new Error(`the customer of order ${order.id} was not found`);
      await announceOrder(deps, acting.customer, {
        order,
        membershipIds: await listOrderMembershipIds(deps.db, order.id),
        hasOtherLines: true,
        bookings: await listOrderBookings(deps.db, order.id),
        payments: await listOrderPayments(deps.db, order.id),
      });
      announced += 1;
    } catch (error) {
      deps.log.error({ err: error, orderId: order.id }, 'could not announce an order left unannounced');
    }
  }
  return announced;
}
