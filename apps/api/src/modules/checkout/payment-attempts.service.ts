import { formatMoney } from '@leisure/contract/money';
import { isRaceError } from '../../db/locks';
import { inOneRoundTrip } from '../../db/pipeline';
import { AppError } from '../../errors';
import type { CardSummary } from '../../providers/payment/payment-provider';
import { itemHashOf } from '../basket/basket.service';
import {
  basketLines,
  type CartItemDetail,
  dropClaim,
  type HoldRow,
  lockBasket,
  lockBasketHolds,
  settleBenefitLines,
} from '../basket/settlement.service';
import { paymentRefundedEmail } from '../mail/templates';
import { getBrand } from '../operator/theme.service';
import { type Acting, actingFromRecord } from '../session/acting';
import { type CheckoutDeps, type CheckoutPlan, linksOf } from './checkout-deps';
import { announceOrder, type WrittenOrder, writeChargedOrderAtOnce, writeOrder } from './order-writer';
import {
  completeAttempt,
  findAttempt,
  lockAttempt,
  type OrderIdsAhead,
  type PaymentAttemptRow,
  takeAbandonedAttempts,
  updateAttempt,
} from './payment-attempts.repository';

/**
 * Card payments of a basket as attempts (docs/decisions/015-crash-safe-checkout.md): each is recorded
 * before the provider is called and carries its idempotency key to it. Whoever finds one unfinished
 * (the request that made it, the customer's retry, the reconciliation job) asks the provider what
 * became of it by that key and finishes it: the order is written, or the charge is refunded and the
 * customer told, or it is marked failed when nothing was charged.
 */

export type AttemptOutcome =
  | { kind: 'completed'; orderId: number }
  | { kind: 'refunded' }
  /** The provider did not charge (declined, or never reached): a new attempt may be made. */
  | { kind: 'failed'; reason: string }
  /** The provider could not be asked, or a lock was not had: left for a retry or the next job run. */
  | { kind: 'pending' };

/** The provider did not charge: the attempt failed and the basket is free again. */
export async function failAttempt(
  deps: CheckoutDeps,
  attempt: PaymentAttemptRow,
  reason: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const locked = await lockAttempt(tx, attempt.id);
    if (locked?.status !== 'started') return;
    await updateAttempt(tx, attempt.id, { status: 'failed', reason, leaseUntil: null });
    const cart = await lockBasket(tx, attempt.cartId);
    if (cart?.checkoutClaim === attempt.idempotencyKey) await dropClaim(tx, attempt.cartId);
  });
}

/** Nobody is working on the attempt any more (the provider could not be reached): a retry or the job takes it. */
export async function releaseAttempt(deps: CheckoutDeps, attemptId: number): Promise<void> {
  await updateAttempt(deps.db, attemptId, { leaseUntil: null });
}

type Decision =
  | { kind: 'completed'; orderId: number; fresh?: undefined }
  /** Written by this call: it announces and emails the order. */
  | { kind: 'completed'; orderId: number; fresh: WrittenOrder }
  | { kind: 'refund' };

/**
 * The provider charged this attempt: writes the order when the basket is as it was paid for (same
 * items, every place still held, the benefit uses and the credit still there), otherwise refunds.
 * Safe to call from any number of places at once: the attempt's row lock decides, once.
 */
export async function settleCharged(
  deps: CheckoutDeps,
  /** The attempt as recorded: only what never changes after its insert is read outside its lock. */
  attempt: PaymentAttemptRow,
  charge: { reference: string; card: CardSummary },
  /**
   * What the attempt's own request knows when it settles it: its acting pair (the same ids it
   * recorded), and its plan (the basket, its lines and their details) and holds, read under the
   * basket's lock when it was claimed for the attempt, and the ids drawn for its order then.
   */
  known?: {
    acting: Acting;
    details?: CartItemDetail[];
    plan?: CheckoutPlan;
    holds?: HoldRow[];
    idsAhead?: OrderIdsAhead;
  },
): Promise<AttemptOutcome> {
  const attemptId = attempt.id;
  const acting =
    known?.acting ??
    (await actingFromRecord(deps, {
      actorId: attempt.actorId,
      customerId: attempt.userId,
      currency: attempt.currency,
    }));
  // The request that claimed the basket and charged the card: nearly always the order is written by
  // one statement, which finds the basket still claimed (decision 035); otherwise, decided below.
  if (known?.plan && known.holds && acting) {
    const written = await writeChargedOrderAtOnce(
      deps,
      acting,
      planAsRecorded(attempt, known.plan.cart, known.plan.items, known.details),
      known.holds,
      {
        id: attemptId,
        claim: attempt.idempotencyKey,
        source: attempt.plan.source,
        idsAhead: known.idsAhead,
      },
      charge,
    );
    // Announced by its own statement: its confirmation recorded with it.
    if (written) return { kind: 'completed', orderId: written.order.id };
  }
  const refundFor = async (tx: CheckoutDeps['db'], reason: string): Promise<Decision> => {
    deps.log.warn(
      { attemptId, reference: charge.reference, reason },
      'a paid basket cannot be ordered: refunding',
    );
    await updateAttempt(tx, attemptId, { status: 'refunding', reason, providerPaymentId: charge.reference });
    return { kind: 'refund' };
  };
  let decision: Decision;
  try {
    decision = await deps.db.transaction(async (tx) => {
      // One round trip (db/pipeline.ts), in the lock order: the attempt, its basket, the holds, then
      // the lines read under them. The basket is the attempt's, which never changes after its insert.
      const [locked, cart, holds, items] = await inOneRoundTrip([
        lockAttempt(tx, attemptId),
        lockBasket(tx, attempt.cartId),
        lockBasketHolds(tx, attempt.cartId),
        basketLines(tx, attempt.cartId),
      ]);
      if (!locked) throw new Error(`payment attempt ${attemptId} not found`);
      if (locked.status === 'completed' && locked.orderId !== null) {
        return { kind: 'completed', orderId: locked.orderId };
      }
      if (locked.status === 'refunding' || locked.status === 'refunded') return { kind: 'refund' };
      // Every way out of this transaction records the charge: 'completed' or 'refunding', both with
      // the provider's reference (a rollback records nothing, and the catch below decides again).
      if (!acting) return refundFor(tx, 'customer not found');
      if (!cart) return refundFor(tx, 'basket not found');
      // An order is only ever written with its basket closed, in one transaction (and a second order
      // of a basket is refused by its unique cart_id: writeOrder throws, and the catch below refunds).
      if (cart.status !== 'open') return refundFor(tx, 'the basket was already ordered');
      if (items.length === 0 || itemHashOf(cart.id, items) !== attempt.itemHash) {
        return refundFor(tx, 'the basket changed');
      }
      const placesGone = items.some(
        (item) => item.holdsPlaces && !holds.some((hold) => hold.cartItemId === item.id),
      );
      if (placesGone) return refundFor(tx, 'the places are no longer held');
      if (
        (await settleBenefitLines(tx, acting, cart.id, { now: new Date(), reprice: false, items })).length > 0
      ) {
        return refundFor(tx, 'a benefit use was spent elsewhere');
      }
      const written = await writeOrder(
        deps,
        tx,
        acting,
        planAsRecorded(attempt, cart, items, known?.details),
        holds,
        'online',
        attempt.plan.source,
        charge,
        // The attempt is completed in the round trip that books the places (one statement fewer to wait for).
        () => completeAttempt(tx, attemptId, { cartId: attempt.cartId, providerPaymentId: charge.reference }),
      );
      return { kind: 'completed', orderId: written.order.id, fresh: written };
    });
  } catch (error) {
    if (isRaceError(error)) {
      await releaseAttempt(deps, attemptId);
      return { kind: 'pending' };
    }
    // The order cannot be written (credit or a fee paid elsewhere meanwhile): refund.
    if (!(error instanceof AppError)) throw error;
    decision = await deps.db.transaction(async (tx) => {
      const locked = await lockAttempt(tx, attemptId);
      if (locked?.status === 'completed' && locked.orderId !== null) {
        return { kind: 'completed', orderId: locked.orderId };
      }
      return refundFor(tx, error.message);
    });
  }
  if (decision.kind === 'refund') return finishRefund(deps, attemptId);
  if (decision.fresh && acting) await announceOrder(deps, acting.customer, decision.fresh);
  return { kind: 'completed', orderId: decision.orderId };
}

/** The order's plan as the attempt recorded it (its amounts, terms, waivers, card to keep), for these lines. */
function planAsRecorded(
  attempt: PaymentAttemptRow,
  cart: CheckoutPlan['cart'],
  items: CheckoutPlan['items'],
  details: CartItemDetail[] | undefined,
): CheckoutPlan {
  const { plan } = attempt;
  return {
    cart,
    items,
    hash: attempt.itemHash,
    total: plan.total,
    credit: plan.credit,
    balance: attempt.amount,
    termIds: plan.termIds,
    waivers: plan.waivers,
    card: { token: plan.saveCard?.token ?? '', save: plan.saveCard },
    tenders: [],
    details,
  };
}

/** Refunds an attempt decided `refunding` (idempotent at the provider), then tells the customer once. */
async function finishRefund(deps: CheckoutDeps, attemptId: number): Promise<AttemptOutcome> {
  const attempt = await findAttempt(deps.db, attemptId);
  if (!attempt) throw new Error(`payment attempt ${attemptId} not found`);
  if (attempt.status === 'refunded') return { kind: 'refunded' };
  if (attempt.status !== 'refunding' || !attempt.providerPaymentId) return { kind: 'pending' };
  try {
    await deps.provider.refund(attempt.providerPaymentId);
  } catch (error) {
    deps.log.error({ err: error, attemptId }, 'card provider failed to refund; the job retries');
    await releaseAttempt(deps, attemptId);
    return { kind: 'pending' };
  }
  const told = await deps.db.transaction(async (tx) => {
    const locked = await lockAttempt(tx, attemptId);
    if (locked?.status !== 'refunding') return false;
    await updateAttempt(tx, attemptId, { status: 'refunded', leaseUntil: null });
    const cart = await lockBasket(tx, attempt.cartId);
    if (cart?.status === 'open' && cart.checkoutClaim === attempt.idempotencyKey)
      await dropClaim(tx, cart.id);
    return true;
  });
  if (told) await sendRefundEmail(deps, attempt);
  return { kind: 'refunded' };
}

async function sendRefundEmail(deps: CheckoutDeps, attempt: PaymentAttemptRow): Promise<void> {
  try {
    const acting: Acting | undefined = await actingFromRecord(deps, {
      actorId: attempt.actorId,
      customerId: attempt.userId,
      currency: attempt.currency,
    });
    if (!acting) return;
    const email = paymentRefundedEmail(
      await getBrand(deps.db, deps.config),
      {
        firstName: acting.customer.firstName,
        amount: formatMoney(attempt.amount, attempt.currency),
        reference: attempt.providerPaymentId ?? attempt.idempotencyKey,
      },
      `${linksOf(deps).bookings}/basket`,
    );
    await deps.mailer.send({ to: acting.customer.email, ...email, template: 'payment-refunded' });
  } catch (error) {
    deps.log.warn({ err: error, attemptId: attempt.id }, 'could not send the refund email');
  }
}

/**
 * Finishes an unfinished attempt this caller has taken (its lease): asks the provider by the
 * attempt's key what became of it, then writes the order, refunds, or marks it failed.
 */
export async function resolveAttempt(
  deps: CheckoutDeps,
  attempt: PaymentAttemptRow,
): Promise<AttemptOutcome> {
  if (attempt.status === 'refunding') return finishRefund(deps, attempt.id);
  let stored: Awaited<ReturnType<CheckoutDeps['provider']['findCharge']>>;
  try {
    stored = await deps.provider.findCharge(attempt.idempotencyKey);
  } catch (error) {
    deps.log.error({ err: error, attemptId: attempt.id }, 'card provider lookup failed; the job retries');
    await releaseAttempt(deps, attempt.id);
    return { kind: 'pending' };
  }
  if (!stored || stored.status === 'declined') {
    if (attempt.status === 'charged') {
      // We saw a charge the provider no longer knows: never guess, leave it for support (logged).
      deps.log.error({ attemptId: attempt.id }, 'a charged payment attempt is unknown to the provider');
      return { kind: 'pending' };
    }
    const reason = stored?.status === 'declined' ? stored.message : 'not charged';
    await failAttempt(deps, attempt, reason);
    return { kind: 'failed', reason };
  }
  if (stored.status === 'refunded') {
    await updateAttempt(deps.db, attempt.id, {
      status: 'refunding',
      providerPaymentId: stored.reference,
      reason: attempt.reason ?? 'refunded at the provider',
    });
    return finishRefund(deps, attempt.id);
  }
  return settleCharged(deps, attempt, stored);
}

export interface ReconciliationRun {
  completed: number;
  refunded: number;
  failed: number;
  pending: number;
}

/**
 * One run of the checkout reconciliation job (jobs.ts) with a chosen `now` (tests call it directly):
 * every unfinished attempt whose lease has run out (its request crashed or gave up) is taken by this
 * run alone (`FOR UPDATE SKIP LOCKED`) and finished.
 */
export async function runCheckoutReconciliation(
  deps: CheckoutDeps,
  now: Date,
  limit = 50,
): Promise<ReconciliationRun> {
  const run: ReconciliationRun = { completed: 0, refunded: 0, failed: 0, pending: 0 };
  const taken = await takeAbandonedAttempts(
    deps.db,
    now,
    deps.config.checkout.attemptLeaseSeconds * 1000,
    limit,
  );
  for (const attempt of taken) {
    try {
      const outcome = await resolveAttempt(deps, attempt);
      run[outcome.kind] += 1;
    } catch (error) {
      deps.log.error({ err: error, attemptId: attempt.id }, 'could not reconcile a payment attempt');
      run.pending += 1;
    }
  }
  return run;
}
