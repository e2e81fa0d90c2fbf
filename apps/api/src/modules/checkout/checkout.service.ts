import { createHash, randomUUID } from 'node:crypto';
import { cartMessages } from '@leisure/contract/cart';
import {
  type CheckoutCompleteRequest,
  type CheckoutPayRequest,
  checkoutMessages,
  type Payment,
} from '@leisure/contract/checkout';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { isRaceError, setLockTimeout } from '../../db/locks';
import { AppError, type FieldErrors } from '../../errors';
import type { DomainEvents } from '../../lib/domain-events';
import type { ChargeResult, PaymentProvider } from '../../providers/payment/payment-provider';
import {
  basketTermContexts,
  bundleIdsOf,
  type CartDeps,
  currentCart,
  figuresOf,
  itemHashOf,
} from '../basket/basket.service';
import { checkoutClaimIsLive } from '../basket/holds.service';
import {
  basketLineDetails,
  basketLines,
  bookHolds,
  type CartItemRow,
  type CartRow,
  claimBasket,
  closeBasket,
  courseSessions,
  dropClaim,
  findBasket,
  findCompletedBasket,
  findOpenBasket,
  type HoldRow,
  lockBasket,
  lockBasketHolds,
  settleBenefitLines,
} from '../basket/settlement.service';
import { availableCredit, spendCredit } from '../credit/credit.service';
import type { Mailer } from '../mail/mail.service';
import { orderConfirmationEmail } from '../mail/templates';
import { getCurrentClient, listTermsIn } from '../operator/operator.service';
import { getBrand } from '../operator/theme.service';
import {
  assertPenaltyLinesPayable,
  listOtherOrderLines,
  orderReferenceOf,
  payPenaltyLines,
  saveCard,
  savedCardOf,
} from '../payments/payments.service';
import type { Acting } from '../session/acting';
import type { Auth } from '../session/session';
import { acceptOffers } from '../waitlist/waitlist.service';
import { recordSignatures, waiversToSign } from '../waivers/waivers.service';
import { calendarOf } from './calendar';
import { type CheckoutPreparation, type OrderView, presentOrder } from './checkout.presenters';
import {
  findOrder,
  findOrderByCart,
  insertBookings,
  insertCheckoutTermsAcceptances,
  insertOrder,
  insertOrderItem,
  insertPayments,
  listOrderBookings,
  listOrderItemDetails,
  listOrderPayments,
  listOrderSessions,
  type OrderRow,
} from './checkout.repository';

export interface CheckoutDeps extends CartDeps {
  mailer: Mailer;
  provider: PaymentProvider;
  /** Announces completed orders (a membership's first payment activates it: modules/membership-lifecycle). */
  events: DomainEvents;
  log: FastifyBaseLogger;
}

/** Checkout's dependencies: the basket's, and the app's mailer, card provider, events and log. */
export function checkoutDepsOf(
  app: Pick<FastifyInstance, 'mailer' | 'paymentProvider' | 'events' | 'log'>,
  basket: CartDeps,
): CheckoutDeps {
  return { ...basket, mailer: app.mailer, provider: app.paymentProvider, events: app.events, log: app.log };
}

/** A checkout waits this long for a basket's lock (another submission of it) before answering 409. */
const checkoutLockWaitMs = 10_000;
/** A concurrent submission waits this long for the first one's card payment to finish. */
const concurrentWaitMs = 15_000;

// ---- Prepare ---------------------------------------------------------------------------------------------

/** `GET checkout/prepare`: the amount, the provider's card frame and the saved card. */
export async function prepareCheckout(deps: CheckoutDeps, acting: Acting): Promise<CheckoutPreparation> {
  const cart = await currentCart(deps, acting);
  const items = await basketLines(deps.db, cart.id);
  const figures = figuresOf(cart, items, await availableCredit(deps.db, acting.customer.id));
  const setup = await deps.provider.prepare({
    amount: figures.balance,
    currency: acting.currency,
    returnOrigin: deps.config.publicUrls.bookings,
  });
  const saved = await savedCardOf(deps.db, acting.customer.id);
  const details = await basketLineDetails(deps.db, cart.id);
  const expiries = details.flatMap((d) => (d.holdExpiresAt ? [d.holdExpiresAt.getTime()] : []));
  return {
    provider: setup.provider,
    cartId: cart.id,
    itemHash: itemHashOf(cart.id, items),
    balance: figures.balance,
    currency: acting.currency,
    frameUrl: setup.frameUrl,
    frameOrigin: setup.frameOrigin,
    savedCard: saved,
    holdExpiresAt: expiries.length > 0 ? new Date(Math.min(...expiries)) : null,
  };
}

// ---- Complete and pay ------------------------------------------------------------------------------------

type Mode = 'online' | 'foh';

interface CheckoutPlan {
  cart: CartRow;
  items: CartItemRow[];
  hash: string;
  total: number;
  /** Credit spent (general). */
  credit: number;
  /** What a card pays (online) or the offline tenders pay (foh). */
  balance: number;
  termIds: number[];
  waivers: { waiverId: number; userId: number }[];
  /** Card to charge: a token from the frame, or the saved card's. */
  card: { token: string; save: boolean; billing: CheckoutCompleteRequest['card'] } | null;
  tenders: Payment[];
}

type Outcome =
  | { kind: 'done'; orderId: number }
  | { kind: 'busy' }
  | { kind: 'plan'; plan: CheckoutPlan }
  /** A benefit line's last use went elsewhere: the line was re-priced and the submission refused. */
  | { kind: 'repriced' };

function sum(payments: Payment[], type?: Payment['tender_type']): number {
  return payments
    .filter((p) => type === undefined || p.tender_type === type)
    .reduce((n, p) => n + p.amount, 0);
}

/**
 * Checks a submission against the locked basket and its locked holds: the item hash, the terms, the
 * waivers, the credit and the tenders. Throws 409/422; nothing is written.
 */
async function planCheckout(
  deps: CheckoutDeps,
  tx: CartDeps['db'],
  acting: Acting,
  cart: CartRow,
  holds: HoldRow[],
  body: CheckoutCompleteRequest | CheckoutPayRequest,
  mode: Mode,
): Promise<CheckoutPlan> {
  const items = await basketLines(tx, cart.id);
  const hash = itemHashOf(cart.id, items);
  if (body.item_hash !== undefined && body.item_hash !== hash) {
    throw new AppError('conflict', checkoutMessages.basketChanged);
  }
  if (items.length === 0) throw AppError.validation({ items: [checkoutMessages.basketEmpty] });
  // Every line holds its places, except a membership's first payment and a penalty, which have none.
  if (
    items.some(
      (item) =>
        item.cartableType !== 'membership' &&
        item.cartableType !== 'penalty' &&
        !holds.some((hold) => hold.cartItemId === item.id),
    )
  ) {
    throw new AppError('conflict', checkoutMessages.basketChanged);
  }
  // A fee paid or waived since it was added: nothing is charged.
  await assertPenaltyLinesPayable(
    tx,
    items.filter((item) => item.cartableType === 'penalty').map((item) => item.id),
  );
  const errors: FieldErrors = {};

  const terms = await listTermsIn(tx, deps.config, await basketTermContexts(tx, cart.id));
  if (terms.some((term) => !body.terms.includes(term.id))) errors.terms = [checkoutMessages.termsRequired];

  const required = await waiversToSign(tx, await basketLineDetails(tx, cart.id));
  const missing = required.filter(
    (w) => !body.completed_waivers.some((c) => c.waiver_id === w.waiverId && c.user_id === w.userId),
  );
  if (missing.length > 0) errors.completed_waivers = [checkoutMessages.waiverRequired];

  const available = await availableCredit(tx, acting.customer.id);
  const figures = figuresOf(cart, items, available);
  const creditTendered = body.payments.some((p) => p.tender_type === 'credit');
  const credit = creditTendered
    ? sum(body.payments, 'credit')
    : figures.creditGeneral + figures.creditMembership;
  if (credit > available.general) errors.payments = [checkoutMessages.creditTooMuch];
  else if (credit > figures.total) errors.payments = [cartMessages.creditMoreThanTotal];
  const balance = Math.max(0, figures.total - credit);

  let card: CheckoutPlan['card'] = null;
  if (mode === 'foh') {
    // Every tender (credit included) together pays the whole total; reserved credit counts when no credit tender is given.
    if (!errors.payments && sum(body.payments) + (creditTendered ? 0 : credit) !== figures.total) {
      errors.payments = [checkoutMessages.tendersMismatch];
    }
  } else {
    const online = body as CheckoutCompleteRequest;
    const offline = online.payments.filter((p) => !['card', 'credit'].includes(p.tender_type));
    if (offline.length > 0) errors.payments = [checkoutMessages.fohOnly];
    const cardTendered = online.payments.filter((p) => p.tender_type === 'card');
    if (!errors.payments && cardTendered.length > 0 && sum(cardTendered) !== balance) {
      errors.payments = [checkoutMessages.amountMismatch];
    }
    if (balance > 0) {
      if (online.card) {
        card = { token: online.card.token, save: online.card.save_card, billing: online.card };
      } else if (online.saved_card) {
        const saved = await savedCardOf(tx, acting.customer.id);
        if (!saved) errors.saved_card = [checkoutMessages.noSavedCard];
        else card = { token: saved.token, save: false, billing: undefined };
      } else {
        errors.card = [checkoutMessages.cardRequired];
      }
    }
  }
  if (Object.keys(errors).length > 0) throw AppError.validation(errors);
  return {
    cart,
    items,
    hash,
    total: figures.total,
    credit,
    balance,
    termIds: terms.map((term) => term.id),
    waivers: required.map((w) => ({ waiverId: w.waiverId, userId: w.userId })),
    card,
    tenders: mode === 'foh' ? body.payments : [],
  };
}

async function inCheckoutTransaction<T>(
  deps: CheckoutDeps,
  work: (tx: CartDeps['db']) => Promise<T>,
): Promise<T> {
  try {
    return await deps.db.transaction(async (tx) => {
      await setLockTimeout(tx, checkoutLockWaitMs);
      return work(tx);
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (isRaceError(error)) throw new AppError('conflict', checkoutMessages.inProgress);
    throw error;
  }
}

/** Waits for a concurrent submission of the same basket to finish; its order, or 409. */
async function awaitOtherSubmission(deps: CheckoutDeps, cartId: number): Promise<number> {
  const until = Date.now() + concurrentWaitMs;
  while (Date.now() < until) {
    const order = await findOrderByCart(deps.db, cartId);
    if (order) return order.id;
    const cart = await findBasket(deps.db, cartId);
    if (!cart || !checkoutClaimIsLive(cart, new Date())) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const order = await findOrderByCart(deps.db, cartId);
  if (order) return order.id;
  throw new AppError('conflict', checkoutMessages.inProgress);
}

/** Writes the order: lines, bookings (held places become booked), credit spent, payments; closes the basket. */
async function writeOrder(
  deps: CheckoutDeps,
  tx: CartDeps['db'],
  acting: Acting,
  plan: CheckoutPlan,
  holds: HoldRow[],
  mode: Mode,
  source: string,
  charge: Extract<ChargeResult, { status: 'succeeded' }> | null,
): Promise<OrderRow> {
  const now = new Date();
  const client = await getCurrentClient(tx, deps.config);
  const order = await insertOrder(tx, {
    clientId: client.id,
    cartId: plan.cart.id,
    userId: acting.customer.id,
    createdByUserId: acting.actor.id,
    source,
    currency: acting.currency,
    total: plan.total,
  });
  if (!order) throw new AppError('conflict', checkoutMessages.inProgress);
  const penaltyLines: { cartItemId: number; orderItemId: number }[] = [];
  for (const item of plan.items) {
    const line = await insertOrderItem(tx, {
      orderId: order.id,
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
    });
    if (item.cartableType === 'penalty') penaltyLines.push({ cartItemId: item.id, orderItemId: line.id });
    await insertBookings(
      tx,
      holds
        .filter((hold) => hold.cartItemId === item.id)
        .map((hold) => ({
          orderId: order.id,
          orderItemId: line.id,
          userId: item.purchasedForUserId,
          occurrenceId: hold.occurrenceId,
          quantity: hold.quantity,
        })),
    );
  }
  // Paid exactly once: a penalty another order already paid rolls this order back (409).
  await payPenaltyLines(tx, order.id, penaltyLines, now);
  // Held places become booked.
  await bookHolds(tx, holds);
  if (plan.credit > 0) {
    const spent = await spendCredit(tx, {
      userId: acting.customer.id,
      amount: plan.credit,
      orderId: order.id,
      reason: `Spent on order ${orderReferenceOf(order.id)}`,
    });
    if (!spent) throw AppError.validation({ payments: [checkoutMessages.creditTooMuch] });
  }
  const paymentRows = [
    ...(charge
      ? [
          {
            orderId: order.id,
            tenderType: 'card',
            amount: plan.balance,
            provider: deps.provider.name,
            providerReference: charge.reference,
            cardBrand: charge.card.brand,
            cardLast4: charge.card.last4,
          },
        ]
      : []),
    ...(mode === 'online' && plan.credit > 0
      ? [{ orderId: order.id, tenderType: 'credit', amount: plan.credit }]
      : []),
    ...plan.tenders
      .filter((tender) => tender.amount > 0)
      .map((tender) => ({
        orderId: order.id,
        tenderType: tender.tender_type,
        amount: tender.amount,
        info: tender.info ?? null,
      })),
    ...(mode === 'foh' && plan.credit > 0 && !plan.tenders.some((t) => t.tender_type === 'credit')
      ? [{ orderId: order.id, tenderType: 'credit', amount: plan.credit }]
      : []),
  ];
  await insertPayments(tx, paymentRows);
  if (charge && plan.card?.save && plan.card.billing) {
    const billing = plan.card.billing.billing;
    await saveCard(tx, {
      userId: acting.customer.id,
      provider: deps.provider.name,
      token: plan.card.token,
      brand: charge.card.brand,
      last4: charge.card.last4,
      expiryMonth: charge.card.expiryMonth,
      expiryYear: charge.card.expiryYear,
      billing: {
        firstName: billing.first_name,
        lastName: billing.last_name,
        addressLine1: billing.address_line_1,
        town: billing.town,
        postcode: billing.postcode.toUpperCase(),
      },
    });
  }
  await recordSignatures(tx, plan.waivers);
  await insertCheckoutTermsAcceptances(tx, acting.customer.id, plan.termIds);
  const offers = plan.items.flatMap((item) => (item.waitlistEntryId === null ? [] : [item.waitlistEntryId]));
  await acceptOffers(tx, offers, now);
  await closeBasket(tx, plan.cart.id, { hash: plan.hash, source, now });
  return order;
}

/** The customer's open basket, or the order a repeated submission already made. */
async function basketOrOrder(
  deps: CheckoutDeps,
  acting: Acting,
  itemHash: string | undefined,
): Promise<{ cart: CartRow } | { orderId: number }> {
  if (itemHash !== undefined) {
    const done = await findCompletedBasket(deps.db, acting.customer.id, itemHash);
    const order = done ? await findOrderByCart(deps.db, done.id) : undefined;
    if (order) return { orderId: order.id };
  }
  const open = await findOpenBasket(deps.db, acting.customer.id);
  if (!open) throw AppError.validation({ items: [checkoutMessages.basketEmpty] });
  return { cart: await currentCart(deps, acting) };
}

/**
 * `POST checkout/complete` (card and credit) and `POST checkout/pay` (front of house, offline
 * tenders). Idempotent: the basket row is locked, a card payment first claims the basket, charges
 * once with a key made from the basket and the card, then writes the order; `orders.cart_id` is
 * unique. A repeated or concurrent submission answers the same order id (or 409 while it cannot yet).
 * A declined card answers 422 with the provider's message; nothing is booked and the holds stay.
 */
export async function completeCheckout(
  deps: CheckoutDeps,
  acting: Acting,
  body: CheckoutCompleteRequest | CheckoutPayRequest,
  mode: Mode,
): Promise<number> {
  if (mode === 'foh' && !acting.isStaff) throw new AppError('forbidden', checkoutMessages.fohOnly);
  const source = body.source ?? (mode === 'foh' ? 'foh' : 'activity-booking');
  const found = await basketOrOrder(deps, acting, body.item_hash);
  if ('orderId' in found) return found.orderId;
  const cartId = found.cart.id;
  const claim = randomUUID();

  // 1. Check the submission against the locked basket; a card payment claims the basket.
  const outcome: Outcome = await inCheckoutTransaction(deps, async (tx) => {
    const cart = await lockBasket(tx, cartId);
    if (!cart) throw AppError.notFound();
    if (cart.status === 'completed') {
      const order = await findOrderByCart(tx, cart.id);
      if (order) return { kind: 'done', orderId: order.id };
    }
    if (checkoutClaimIsLive(cart, new Date())) return { kind: 'busy' };
    const holds = await lockBasketHolds(tx, cart.id);
    // Benefit uses are re-counted under the memberships' locks, held until the order is written here.
    const spent = await settleBenefitLines(tx, acting, cart.id, { now: new Date(), reprice: true });
    if (spent.length > 0) return { kind: 'repriced' };
    const plan = await planCheckout(deps, tx, acting, cart, holds, body, mode);
    if (plan.card) {
      await claimBasket(tx, cart.id, claim, new Date());
      return { kind: 'plan', plan };
    }
    // Nothing to charge: the order is written in this same transaction.
    const order = await writeOrder(deps, tx, acting, plan, holds, mode, source, null);
    return { kind: 'done', orderId: order.id };
  });
  if (outcome.kind === 'busy') return awaitOtherSubmission(deps, cartId);
  if (outcome.kind === 'repriced') {
    throw AppError.validation({ items: [checkoutMessages.basketChanged] }, checkoutMessages.basketChanged);
  }
  if (outcome.kind === 'done') {
    await deps.events.publish('order.completed', { orderId: outcome.orderId });
    await sendConfirmation(deps, acting, outcome.orderId);
    return outcome.orderId;
  }
  const { plan } = outcome;
  const card = plan.card;
  if (!card) throw new Error('a card plan without a card');

  // 2. Charge once: the same basket, items and card always make the same idempotency key.
  const releaseClaim = () =>
    inCheckoutTransaction(deps, async (tx) => {
      const cart = await lockBasket(tx, cartId);
      if (cart?.checkoutClaim === claim) await dropClaim(tx, cartId);
    });
  let result: ChargeResult;
  try {
    result = await deps.provider.charge({
      token: card.token,
      amount: plan.balance,
      currency: acting.currency,
      idempotencyKey: `cart-${plan.cart.uuid}-${plan.hash.slice(0, 16)}-${createHash('sha256').update(card.token).digest('hex').slice(0, 16)}`,
      description: `Basket ${plan.cart.uuid}`,
    });
  } catch (error) {
    deps.log.error({ err: error, cartId }, 'card provider failed');
    await releaseClaim();
    throw new AppError('unavailable', checkoutMessages.failed);
  }
  if (result.status === 'declined') {
    await releaseClaim();
    throw AppError.validation({ card: [result.message] }, result.message);
  }
  const charge = result;

  // 3. Write the order. The claim kept the basket unchanged and its holds unswept meanwhile.
  const orderId = await inCheckoutTransaction(deps, async (tx) => {
    const cart = await lockBasket(tx, cartId);
    if (!cart) throw AppError.notFound();
    const existing = await findOrderByCart(tx, cartId);
    if (existing) return existing.id;
    const holds = await lockBasketHolds(tx, cartId);
    const items = await basketLines(tx, cartId);
    if (itemHashOf(cartId, items) !== plan.hash || cart.checkoutClaim !== claim) {
      deps.log.error({ cartId, reference: charge.reference }, 'basket changed while its card was charged');
      throw new AppError('conflict', checkoutMessages.basketChanged);
    }
    // Another basket spent a benefit use while the card was charged (the locks were let go meanwhile).
    if ((await settleBenefitLines(tx, acting, cartId, { now: new Date(), reprice: false })).length > 0) {
      deps.log.error({ cartId, reference: charge.reference }, 'benefit use spent while its card was charged');
      throw new AppError('conflict', checkoutMessages.basketChanged);
    }
    return (await writeOrder(deps, tx, acting, { ...plan, cart, items }, holds, mode, source, charge)).id;
  });
  await deps.events.publish('order.completed', { orderId });
  await sendConfirmation(deps, acting, orderId);
  return orderId;
}

// ---- The order: confirmation page, email, calendar --------------------------------------------------------

/** The order, if this user may see it: its customer, or front-of-house staff. 404 otherwise. */
async function visibleOrder(deps: CheckoutDeps, auth: Auth, orderId: number): Promise<OrderRow> {
  const order = await findOrder(deps.db, orderId);
  const client = await getCurrentClient(deps.db, deps.config);
  if (!order || order.clientId !== client.id) throw AppError.notFound();
  if (order.userId !== auth.user.id && auth.user.role !== 'staff') throw AppError.notFound();
  return order;
}

async function orderViewOf(deps: CheckoutDeps, order: OrderRow): Promise<OrderView> {
  const details = await listOrderItemDetails(deps.db, order.id);
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
        createdAt: order.createdAt,
      },
      holdExpiresAt: null,
    })),
    courseSessions: sessions,
    bookings: await listOrderBookings(deps.db, order.id),
    payments: await listOrderPayments(deps.db, order.id),
    otherLines: await listOtherOrderLines(deps.db, order.id),
  };
}

/** `GET my-account/orders/{orderId}`. */
export async function getOrder(deps: CheckoutDeps, auth: Auth, orderId: number): Promise<OrderView> {
  return orderViewOf(deps, await visibleOrder(deps, auth, orderId));
}

async function calendarFor(deps: CheckoutDeps, order: OrderRow): Promise<string> {
  const brand = await getBrand(deps.db, deps.config);
  const host = new URL(deps.config.publicUrls.bookings).hostname;
  const sessions = await listOrderSessions(deps.db, order.id);
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

/** `GET my-account/orders/{orderId}/calendar.ics`. */
export async function getOrderCalendar(deps: CheckoutDeps, auth: Auth, orderId: number): Promise<string> {
  return calendarFor(deps, await visibleOrder(deps, auth, orderId));
}

/** The confirmation email with the sessions attached as .ics. A failure is logged, never answered. */
async function sendConfirmation(deps: CheckoutDeps, acting: Acting, orderId: number): Promise<void> {
  try {
    const order = await findOrder(deps.db, orderId);
    if (!order) return;
    const described = presentOrder(await orderViewOf(deps, order));
    // A membership-only order: the membership's welcome email is its confirmation.
    if (described.items.every((item) => item.cartable_type === 'membership')) return;
    const lines = described.items.map((item) => {
      const resource = item.cartable_resource;
      // Fee lines have no session: leave out the parts they lack.
      const where = [resource.date, resource.time, resource.location.name, resource.venue_name].filter(
        Boolean,
      );
      return `${item.name}: ${where.join(', ')} (${item.price.formatted})`;
    });
    const email = orderConfirmationEmail(
      await getBrand(deps.db, deps.config),
      {
        firstName: acting.customer.firstName,
        reference: described.reference,
        lines,
        total: described.formatted_total,
      },
      `${deps.config.publicUrls.bookings}/booking-confirmed/${order.id}`,
    );
    await deps.mailer.send({
      to: acting.customer.email,
      ...email,
      template: 'order-confirmation',
      attachments: [
        {
          filename: `${described.reference}.ics`,
          contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
          content: await calendarFor(deps, order),
        },
      ],
    });
  } catch (error) {
    deps.log.warn({ err: error, orderId }, 'could not send the order confirmation');
  }
}
