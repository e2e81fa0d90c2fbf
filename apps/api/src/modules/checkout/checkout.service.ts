import { cartMessages } from '@leisure/contract/cart';
import {
  type CheckoutCompleteRequest,
  type CheckoutPayRequest,
  checkoutMessages,
  type Payment,
} from '@leisure/contract/checkout';
import { isRaceError, isStatementCheck, isUniqueViolation } from '../../db/locks';
import { commitWith, inOneRoundTrip } from '../../db/pipeline';
import { AppError, type FieldErrors } from '../../errors';
import { lineIs, paysAFee } from '../../lib/basket-line-kinds';
import type { ChargeResult } from '../../providers/payment/payment-provider';
import {
  basketTermContexts,
  type CartDeps,
  currentCart,
  figuresOf,
  itemHashOf,
} from '../basket/basket.service';
import { checkoutClaimIsLive } from '../basket/holds.service';
import {
  basketLineDetails,
  basketLines,
  type CartItemDetail,
  type CartItemRow,
  type CartRow,
  findBasket,
  findCompletedBasket,
  findOpenOrPaidBasket,
  type HoldRow,
  lockBasket,
  settleBenefitLines,
} from '../basket/settlement.service';
import { creditOfCustomer } from '../credit/credit.service';
import { listTermsIn } from '../operator/operator.service';
import { assertPenaltyLinesPayable } from '../penalties/penalties.service';
import { savedCardOf } from '../saved-cards/saved-cards.service';
import { requireAccess } from '../session/access';
import type { Acting } from '../session/acting';
import type { Auth } from '../session/session';
import { waiversToSign } from '../waivers/waivers.service';
import type { CheckoutPreparation, OrderView } from './checkout.presenters';
import { findOrder, findOrderByCart, type OrderRow } from './checkout.repository';
import { type CheckoutDeps, type CheckoutPlan, frameOriginOf, type Mode } from './checkout-deps';
import {
  announceOrder,
  calendarFor,
  idsToDrawAhead,
  orderViewOf,
  type WrittenOrder,
  writeOrder,
} from './order-writer';
import {
  findAttempt,
  insertAttemptClaimingBasket,
  type NewPaymentAttempt,
  type OrderIdsAhead,
  type PaymentAttemptRow,
  readAttemptsAndBasket,
  readBasketAsRead,
  takeAttempt,
  unfinishedStatuses,
} from './payment-attempts.repository';
import { failAttempt, releaseAttempt, resolveAttempt, settleCharged } from './payment-attempts.service';

export { type CheckoutDeps, checkoutDepsOf, forRequest } from './checkout-deps';

/** A concurrent submission waits this long for the first one's card payment to finish. */
const concurrentWaitMs = 15_000;

// ---- Prepare ---------------------------------------------------------------------------------------------

/** `GET checkout/prepare`: the amount, the provider's card frame and the saved card. */
export async function prepareCheckout(deps: CheckoutDeps, acting: Acting): Promise<CheckoutPreparation> {
  const cart = await currentCart(deps, acting);
  const items = await basketLines(deps.db, cart.id);
  const figures = figuresOf(cart, items, await creditOfCustomer(deps.db, acting));
  const setup = await deps.provider.prepare({
    amount: figures.balance,
    currency: acting.currency,
    returnOrigin: frameOriginOf(deps),
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

type Outcome =
  /** The basket was ordered already (another submission of it won). */
  | { kind: 'done'; orderId: number }
  /** Nothing to charge: this submission wrote the order. */
  | { kind: 'written'; written: WrittenOrder }
  /** Another submission is paying for this basket (its attempt's lease is live). */
  | { kind: 'busy'; attemptId: number | null }
  /** A payment attempt nobody is working on any more (a crash, a lost answer): finish it first. */
  | { kind: 'recover'; attemptId: number }
  | {
      kind: 'charge';
      plan: CheckoutPlan;
      holds: HoldRow[];
      attempt: PaymentAttemptRow;
      idsAhead?: OrderIdsAhead;
    }
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
  /** The basket's lines, read under its lock in this transaction. */
  items: CartItemRow[],
  /** The lines with places, with what their waivers need, read under the lock too. */
  details: CartItemDetail[],
  body: CheckoutCompleteRequest | CheckoutPayRequest,
  mode: Mode,
): Promise<CheckoutPlan> {
  const hash = itemHashOf(cart.id, items);
  if (body.item_hash !== undefined && body.item_hash !== hash) {
    throw new AppError('conflict', checkoutMessages.basketChanged);
  }
  if (items.length === 0) throw AppError.validation({ items: [checkoutMessages.basketEmpty] });
  // Every line of a kind that holds places still holds them (lib/basket-line-kinds.ts).
  if (items.some((item) => item.holdsPlaces && !holds.some((hold) => hold.cartItemId === item.id))) {
    throw new AppError('conflict', checkoutMessages.basketChanged);
  }
  // A fee paid or waived since it was added: nothing is charged.
  await assertPenaltyLinesPayable(
    tx,
    items.filter((item) => lineIs(item, paysAFee)).map((item) => item.id),
  );
  const errors: FieldErrors = {};

  const terms = await listTermsIn(tx, deps.config, await basketTermContexts(tx, cart.id, items));
  if (terms.some((term) => !body.terms.includes(term.id))) errors.terms = [checkoutMessages.termsRequired];

  const required = await waiversToSign(tx, details);
  const missing = required.filter(
    (w) => !body.completed_waivers.some((c) => c.waiver_id === w.waiverId && c.user_id === w.userId),
  );
  if (missing.length > 0) errors.completed_waivers = [checkoutMessages.waiverRequired];

  const available = await creditOfCustomer(tx, acting);
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
        const billing = online.card.billing;
        card = {
          token: online.card.token,
          save: online.card.save_card
            ? {
                token: online.card.token,
                billing: {
                  firstName: billing.first_name,
                  lastName: billing.last_name,
                  addressLine1: billing.address_line_1,
                  town: billing.town,
                  postcode: billing.postcode.toUpperCase(),
                },
              }
            : null,
        };
      } else if (online.saved_card) {
        const saved = await savedCardOf(tx, acting.customer.id);
        if (!saved) errors.saved_card = [checkoutMessages.noSavedCard];
        else card = { token: saved.token, save: null };
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
    details,
  };
}

async function inCheckoutTransaction<T>(
  deps: CheckoutDeps,
  work: (tx: CartDeps['db']) => Promise<T>,
): Promise<T> {
  try {
    return await deps.db.transaction(work);
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (isRaceError(error)) throw new AppError('conflict', checkoutMessages.inProgress);
    throw error;
  }
}

/**
 * Waits for the submission paying for this basket to finish: its order; a new round when its
 * attempt failed (nothing charged) or was abandoned; 409 when the basket was refunded or it is
 * still going after `concurrentWaitMs`.
 */
async function awaitOtherSubmission(
  deps: CheckoutDeps,
  cartId: number,
  attemptId: number | null,
): Promise<{ orderId: number } | 'again'> {
  const until = Date.now() + concurrentWaitMs;
  while (Date.now() < until) {
    const order = await findOrderByCart(deps.db, cartId);
    if (order) return { orderId: order.id };
    if (attemptId === null) {
      const cart = await findBasket(deps.db, cartId);
      if (!cart || !checkoutClaimIsLive(cart, new Date())) return 'again';
    } else {
      const attempt = await findAttempt(deps.db, attemptId);
      if (!attempt) return 'again';
      if (attempt.status === 'completed' && attempt.orderId !== null) return { orderId: attempt.orderId };
      if (attempt.status === 'failed') return 'again';
      if (attempt.status === 'refunded' || attempt.status === 'refunding') {
        throw new AppError('conflict', checkoutMessages.basketChanged);
      }
      if (!attempt.leaseUntil || attempt.leaseUntil.getTime() <= Date.now()) return 'again';
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const order = await findOrderByCart(deps.db, cartId);
  if (order) return { orderId: order.id };
  throw new AppError('conflict', checkoutMessages.inProgress);
}

/**
 * The customer's open basket, or the order a repeated submission already made. Never creates a
 * basket: one completed by a concurrent submission meanwhile answers its order.
 */
async function basketOrOrder(
  deps: CheckoutDeps,
  acting: Acting,
  itemHash: string | undefined,
): Promise<{ cart: CartRow } | { orderId: number }> {
  const completedOrder = async () => {
    if (itemHash === undefined) return undefined;
    const done = await findCompletedBasket(deps.db, acting.customer.id, itemHash);
    return done ? findOrderByCart(deps.db, done.id) : undefined;
  };
  // The repeated submission's basket and the open one are read together, the former winning.
  const found = await findOpenOrPaidBasket(deps, acting.customer.id, itemHash);
  const before = found.paid ? await findOrderByCart(deps.db, found.paid.id) : undefined;
  if (before) return { orderId: before.id };
  if (found.open) return { cart: found.open };
  const after = await completedOrder();
  if (after) return { orderId: after.id };
  throw AppError.validation({ items: [checkoutMessages.basketEmpty] });
}

/** Whether someone is working on an attempt (its lease has not run out). */
function isInProgress(attempt: PaymentAttemptRow, now: Date): boolean {
  return attempt.leaseUntil !== null && attempt.leaseUntil.getTime() > now.getTime();
}

/**
 * Charges a recorded attempt with its idempotency key, then writes the order (or refunds). A decline
 * fails the attempt (422, the holds stay); a provider that fails or does not answer leaves the
 * attempt for the customer's retry or the reconciliation job (503), which ask the provider by key.
 */
async function chargeAttempt(
  deps: CheckoutDeps,
  acting: Acting,
  /** The attempt as recorded, with the plan and the holds its basket was claimed with. */
  {
    plan,
    holds,
    attempt,
    idsAhead,
  }: { plan: CheckoutPlan; holds: HoldRow[]; attempt: PaymentAttemptRow; idsAhead?: OrderIdsAhead },
): Promise<number> {
  if (!plan.card) throw new Error('a card plan without a card');
  let result: ChargeResult;
  try {
    result = await deps.provider.charge({
      token: plan.card.token,
      amount: attempt.amount,
      currency: attempt.currency,
      idempotencyKey: attempt.idempotencyKey,
      description: `Basket ${plan.cart.uuid}`,
    });
  } catch (error) {
    deps.log.error(
      { err: error, attemptId: attempt.id },
      'card provider failed; the attempt is left to reconcile',
    );
    await releaseAttempt(deps, attempt.id);
    throw new AppError('unavailable', checkoutMessages.failed);
  }
  if (result.status === 'declined') {
    await failAttempt(deps, attempt, result.message);
    throw AppError.validation({ card: [result.message] }, result.message);
  }
  const outcome = await settleCharged(deps, attempt, result, {
    acting,
    details: plan.details,
    plan,
    holds,
    idsAhead,
  });
  if (outcome.kind === 'completed') return outcome.orderId;
  if (outcome.kind === 'pending') throw new AppError('conflict', checkoutMessages.inProgress);
  throw new AppError('conflict', checkoutMessages.basketChanged);
}

/** How many of the basket's attempts were at these items: the next one's number is one more. */
function attemptsAtHash(attempts: PaymentAttemptRow[], hash: string): number {
  return attempts.filter((attempt) => attempt.itemHash === hash).length;
}

/** The payment attempt a card plan records, numbered among the basket's attempts as read. */
function attemptOf(
  deps: CheckoutDeps,
  acting: Acting,
  plan: CheckoutPlan,
  card: NonNullable<CheckoutPlan['card']>,
  attempts: PaymentAttemptRow[],
  source: string,
  now: Date,
): NewPaymentAttempt {
  // `checkout-{basket uuid}-{item hash}-{n}`, n its number among the basket's attempts at these items
  // (decision 015), counted from what was read with the basket.
  const number = attemptsAtHash(attempts, plan.hash) + 1;
  return {
    cartId: plan.cart.id,
    idempotencyKey: `checkout-${plan.cart.uuid}-${plan.hash.slice(0, 16)}-${number}`,
    itemHash: plan.hash,
    userId: acting.customer.id,
    actorId: acting.actor.id,
    amount: plan.balance,
    currency: acting.currency,
    provider: deps.provider.name,
    plan: {
      source,
      total: plan.total,
      credit: plan.credit,
      termIds: plan.termIds,
      waivers: plan.waivers,
      saveCard: card.save,
    },
    leaseUntil: new Date(now.getTime() + deps.config.checkout.attemptLeaseSeconds * 1000),
  };
}

/**
 * A card payment for the common basket, claimed as read (decision 037): the basket, its attempts,
 * holds, lines and details are read in one statement without a lock, the submission is planned from
 * them, and the attempt's statement claims the basket only if, under its lock, it is still as read.
 * Two round trips where the transaction takes three. Undefined, having written nothing, whenever
 * the basket is anything but an open, unclaimed basket of places, one session's, paid by a new card
 * alone and planned without an error: the transaction then decides, from what it reads under the lock.
 */
async function claimAsRead(
  deps: CheckoutDeps,
  acting: Acting,
  body: CheckoutCompleteRequest | CheckoutPayRequest,
  mode: Mode,
  source: string,
): Promise<Extract<Outcome, { kind: 'charge' }> | undefined> {
  if (!deps.config.oneStatementPaths || mode === 'foh' || !('card' in body) || !body.card) return undefined;
  const now = new Date();
  const read = await readBasketAsRead(deps.db, acting.customer.id, now);
  if (!read || read.due.expired || read.due.holdless) return undefined;
  const { cart, attempts, holds, lines, details } = read;
  if (attempts.some((attempt) => unfinishedStatuses.includes(attempt.status))) return undefined;
  if (checkoutClaimIsLive(cart, now)) return undefined;
  // Benefit uses are re-counted under the memberships' locks, in the transaction.
  if (lines.some((line) => line.benefitApplied)) return undefined;
  let plan: CheckoutPlan;
  try {
    plan = await planCheckout(deps, deps.db, acting, cart, holds, lines, details, body, mode);
  } catch (error) {
    if (error instanceof AppError) return undefined;
    throw error;
  }
  const ahead = idsToDrawAhead(plan, holds);
  if (!plan.card || !ahead) return undefined;
  try {
    const { attempt, idsAhead } = await insertAttemptClaimingBasket(
      deps.db,
      attemptOf(deps, acting, plan, plan.card, attempts, source, now),
      now,
      ahead,
      { fingerprint: read.fingerprint },
    );
    return { kind: 'charge', plan, holds, attempt, idsAhead };
  } catch (error) {
    // Not as read under the lock (the statement's check), a twin attempt's key, or a lock waited on
    // too long: nothing was written.
    if (isStatementCheck(error) || isUniqueViolation(error) || isRaceError(error)) return undefined;
    throw error;
  }
}

/**
 * `POST checkout/complete` (card and credit) and `POST checkout/pay` (front of house, offline
 * tenders). Idempotent (docs/decisions/015): a card payment is first recorded as an attempt keyed
 * by the basket and its item hash, and the provider is charged with that attempt's key, so the
 * same basket is never charged twice whatever card token a retry brings. A submission that finds
 * the basket's attempt in progress waits for its order (409 after 15 s); one that finds it
 * abandoned (a crash, a lost answer) finishes it first, asking the provider by key. A repeated
 * submission after success answers the same order id. A declined card answers 422 with the
 * provider's message; nothing is booked and the holds stay.
 */
export async function completeCheckout(
  deps: CheckoutDeps,
  acting: Acting,
  body: CheckoutCompleteRequest | CheckoutPayRequest,
  mode: Mode,
): Promise<number> {
  if (mode === 'foh' && !acting.isStaff) throw new AppError('forbidden', checkoutMessages.fohOnly);
  const source = body.source ?? (mode === 'foh' ? 'foh' : 'activity-booking');
  const asRead = await claimAsRead(deps, acting, body, mode, source);
  if (asRead) return chargeAttempt(deps, acting, asRead);
  // A round ends in an order, an error, or 'again' (an attempt failed or was abandoned meanwhile).
  for (let round = 0; round < 4; round++) {
    const found = await basketOrOrder(deps, acting, body.item_hash);
    if ('orderId' in found) return found.orderId;
    const cartId = found.cart.id;

    // 1. Check the submission against the locked basket; a card payment records its attempt.
    const outcome: Outcome = await inCheckoutTransaction(deps, async (tx) => {
      const now = new Date();
      // One round trip (db/pipeline.ts): the basket's lock, then what is read under it: its attempts,
      // holds (locked), lines and the lines' details, in one statement.
      const [cart, { attempts, holds, lines: items, details }] = await inOneRoundTrip([
        lockBasket(tx, cartId),
        readAttemptsAndBasket(tx, cartId),
      ]);
      if (!cart) throw AppError.notFound();
      if (cart.status === 'completed') {
        const order = await findOrderByCart(tx, cart.id);
        if (order) return { kind: 'done', orderId: order.id };
        throw AppError.validation({ items: [checkoutMessages.basketEmpty] });
      }
      const unfinished = attempts.find((attempt) => unfinishedStatuses.includes(attempt.status));
      if (unfinished) {
        return isInProgress(unfinished, now)
          ? { kind: 'busy', attemptId: unfinished.id }
          : { kind: 'recover', attemptId: unfinished.id };
      }
      if (checkoutClaimIsLive(cart, now)) return { kind: 'busy', attemptId: null };
      // Benefit uses are re-counted under the memberships' locks, held until the order is written here.
      const spent = await settleBenefitLines(tx, acting, cart.id, { now, reprice: true, items });
      if (spent.length > 0) return { kind: 'repriced' };
      const plan = await planCheckout(deps, tx, acting, cart, holds, items, details, body, mode);
      if (plan.card) {
        // The attempt and the basket's claim, which keeps the basket as it is and its holds unswept
        // while the card is charged: one statement, sent with the commit (nothing follows it here).
        // The order's ids too, when it can be written by one statement: its confirmation is then made
        // before it is written, and recorded with it (decision 035, amended).
        const [{ attempt, idsAhead }] = await commitWith(tx, [
          insertAttemptClaimingBasket(
            tx,
            attemptOf(deps, acting, plan, plan.card, attempts, source, now),
            now,
            deps.config.oneStatementPaths ? idsToDrawAhead(plan, holds) : undefined,
          ),
        ]);
        return { kind: 'charge', plan, holds, attempt, idsAhead };
      }
      // Nothing to charge: the order is written in this same transaction.
      return {
        kind: 'written',
        written: await writeOrder(deps, tx, acting, plan, holds, mode, source, null),
      };
    });

    if (outcome.kind === 'repriced') {
      throw AppError.validation({ items: [checkoutMessages.basketChanged] }, checkoutMessages.basketChanged);
    }
    if (outcome.kind === 'done') return outcome.orderId;
    if (outcome.kind === 'written') {
      await announceOrder(deps, acting.customer, outcome.written);
      return outcome.written.order.id;
    }
    if (outcome.kind === 'charge') return chargeAttempt(deps, acting, outcome);
    if (outcome.kind === 'busy') {
      const waited = await awaitOtherSubmission(deps, cartId, outcome.attemptId);
      if (waited !== 'again') return waited.orderId;
      continue;
    }
    // 2. An abandoned attempt: take it (one taker wins), then finish it by asking the provider.
    const leaseMs = deps.config.checkout.attemptLeaseSeconds * 1000;
    const taken = await takeAttempt(deps.db, outcome.attemptId, new Date(), leaseMs);
    if (!taken) {
      const waited = await awaitOtherSubmission(deps, cartId, outcome.attemptId);
      if (waited !== 'again') return waited.orderId;
      continue;
    }
    const resolved = await resolveAttempt(deps, taken);
    if (resolved.kind === 'completed') return resolved.orderId;
    if (resolved.kind === 'refunded') throw new AppError('conflict', checkoutMessages.basketChanged);
    if (resolved.kind === 'pending') throw new AppError('unavailable', checkoutMessages.failed);
    // Nothing was charged: a new attempt, with this submission's card.
  }
  throw new AppError('conflict', checkoutMessages.inProgress);
}

// ---- The order: confirmation page and calendar -----------------------------------------------------------

/** The order, if this user may see it: its customer, or front-of-house staff. 404 otherwise. */
async function visibleOrder(deps: CheckoutDeps, auth: Auth, orderId: number): Promise<OrderRow> {
  return requireAccess(auth, await findOrder(deps.db, orderId), { staff: 'bookings.act-for-customer' });
}

/** `GET my-account/orders/{orderId}`. */
export async function getOrder(deps: CheckoutDeps, auth: Auth, orderId: number): Promise<OrderView> {
  return orderViewOf(deps, await visibleOrder(deps, auth, orderId));
}

/** `GET my-account/orders/{orderId}/calendar.ics`. */
export async function getOrderCalendar(deps: CheckoutDeps, auth: Auth, orderId: number): Promise<string> {
  return calendarFor(deps, await visibleOrder(deps, auth, orderId));
}
