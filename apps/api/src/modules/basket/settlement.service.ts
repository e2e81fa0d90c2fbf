import type { Database } from '../../db/client';
import { spentBenefitLines } from '../benefits/benefits.service';
import type { Acting } from '../session/acting';
import { listActivityPricing } from '../venues/venues.service';
import { expireOffers } from '../waitlist/waitlist.service';
import {
  type BundleSessionRow,
  type CartItemDetail,
  type CartItemRow,
  type CartRow,
  type CartTidying,
  deleteHoldlessItems,
  findCart,
  findCompletedCartByHash,
  findOpenOrPaidCart,
  type HoldRow,
  listBundleSessions,
  listCartItemDetails,
  listCartItemRows,
  lockCart,
  setCartClaim,
  updateCart,
  updateCartItem as updateCartItemRow,
} from './basket.repository';
import type { HoldKeeper } from './holds.service';
import { completeCartBookingOneSession } from './one-statement.repository';
import { bookHeldPlaces, deleteHolds, lockHoldsOfCart, lockHoldsOfItems } from './places.repository';
import { isPricingError, priceLine } from './pricing';

/**
 * What checkout does to a basket (modules/checkout): it locks the basket and its holds, claims the
 * basket while a card is charged, re-checks the benefit lines, then books the held places and
 * closes the basket, all inside checkout's transactions.
 */

/** The basket's parts of checkout's statements: what it reads under the basket's lock, its claim with the attempt, and the one-statement settlement (decision 035). */
export {
  basketHoldsAndLines,
  basketHoldsAndLinesFrom,
  basketLineDetailsColumn,
  lineDetailsFrom,
  openBasketAsRead,
  openBasketAsReadFrom,
} from './basket.repository';
export {
  basketClaimedBy,
  oneSessionBasketSettled,
  oneSessionBasketSettledValues,
  stillClaimedBasket,
} from './one-statement.repository';
export type { BundleSessionRow, CartItemDetail, CartItemRow, CartRow, CartTidying, HoldRow };

export async function findBasket(db: Database, cartId: number): Promise<CartRow | undefined> {
  return findCart(db, cartId);
}

/**
 * For a checkout submission: the customer's open basket, tidied, and their latest basket completed
 * with this checkout hash (a repeated submission), read in one round trip.
 */
export async function findOpenOrPaidBasket(
  deps: { db: Database; holds: HoldKeeper },
  userId: number,
  hash: string | undefined,
): Promise<{ open?: CartRow; paid?: CartRow }> {
  const now = new Date();
  const found = await findOpenOrPaidCart(deps.db, userId, hash, now);
  if (found.open) await tidyBasketAsFound(deps, found.open.cart.id, found.open.due, now);
  return { ...(found.open ? { open: found.open.cart } : {}), ...(found.paid ? { paid: found.paid } : {}) };
}

/**
 * What a basket read does before checkout looks at it, without ever creating a basket (a basket
 * completed meanwhile stays completed): run-out holds are released and lines left without places go,
 * as `due`, read with the basket, says they need.
 */
export async function tidyBasketAsFound(
  deps: { db: Database; holds: HoldKeeper },
  cartId: number,
  due: CartTidying,
  now: Date,
): Promise<void> {
  if (due.expired) await deps.holds.releaseExpired({ cartId });
  if (!due.expired && !due.holdless) return;
  const orphaned = await deleteHoldlessItems(deps.db, cartId);
  if (orphaned.length > 0) await expireOffers(deps.db, orphaned, now);
}

/** The customer's most recent completed basket with this checkout hash (a repeated submission). */
export async function findCompletedBasket(
  db: Database,
  userId: number,
  hash: string,
): Promise<CartRow | undefined> {
  return findCompletedCartByHash(db, userId, hash);
}

/** The basket row, locked until the transaction ends (every change to a basket takes this lock first). */
export async function lockBasket(tx: Database, cartId: number): Promise<CartRow | undefined> {
  return lockCart(tx, cartId);
}

/** The basket's holds, locked (a sweeper skips them until the transaction ends). */
export async function lockBasketHolds(tx: Database, cartId: number): Promise<HoldRow[]> {
  return lockHoldsOfCart(tx, cartId);
}

/** The basket's lines, in id order. */
export async function basketLines(db: Database, cartId: number): Promise<CartItemRow[]> {
  return listCartItemRows(db, cartId);
}

/** The basket's lines with places, with their activity, venue, session and hold expiry. */
export async function basketLineDetails(db: Database, cartId: number): Promise<CartItemDetail[]> {
  return listCartItemDetails(db, cartId);
}

/** The sessions of these courses, in time order. */
export async function courseSessions(db: Database, bundleIds: number[]): Promise<BundleSessionRow[]> {
  return listBundleSessions(db, bundleIds);
}

/** The card was not charged: the basket is free again. */
export async function dropClaim(tx: Database, cartId: number): Promise<void> {
  await setCartClaim(tx, cartId, { claim: null, startedAt: null });
}

/** Held places become booked, sessions in id order (the order every writer locks them in); the holds go. */
async function bookHolds(tx: Database, holds: HoldRow[]): Promise<void> {
  // The holds (locked by the caller) go first, so the sessions' row locks come last.
  await deleteHolds(
    tx,
    holds.map((hold) => hold.id),
  );
  for (const hold of [...holds].sort((a, b) => a.occurrenceId - b.occurrenceId || a.id - b.id)) {
    await bookHeldPlaces(tx, hold.occurrenceId, hold.quantity);
  }
}

/**
 * Whether `completeBasket` settles a basket with these holds in one prepared statement, issued when
 * it is called: its holds are all on one session.
 */
export function settlesInOneStatement(holds: HoldRow[]): boolean {
  return new Set(holds.map((hold) => hold.occurrenceId)).size === 1;
}

/**
 * The order is written: the basket is completed with the hash it was paid with, and its held places
 * become booked, last, so that the sessions' row locks are held from there to the commit only. A
 * basket of one session (nearly every one) does it all in one statement.
 */
export async function completeBasket(
  tx: Database,
  cartId: number,
  closing: { hash: string; source: string; now: Date },
  holds: HoldRow[],
  /** config.oneStatementPaths: false settles every basket by the statements below. */
  oneStatement: boolean,
): Promise<void> {
  const occurrenceId = holds[0]?.occurrenceId;
  if (oneStatement && settlesInOneStatement(holds) && occurrenceId !== undefined) {
    await completeCartBookingOneSession(tx, cartId, closing, {
      ids: holds.map((hold) => hold.id),
      occurrenceId,
      quantity: holds.reduce((sum, hold) => sum + hold.quantity, 0),
    });
    return;
  }
  await closeBasket(tx, cartId, closing);
  await bookHolds(tx, holds);
}

/** The order is written: the basket is completed with the hash it was paid with. */
async function closeBasket(
  tx: Database,
  cartId: number,
  closing: { hash: string; source: string; now: Date },
): Promise<void> {
  await updateCart(tx, cartId, {
    status: 'completed',
    completedAt: closing.now,
    checkoutHash: closing.hash,
    checkoutClaim: null,
    checkoutStartedAt: null,
    source: closing.source,
  });
}

/**
 * Checkout's re-check of the basket's benefit lines, with their holds locked (checkout locks the
 * basket's holds first): answers the lines that no longer fit in the uses left. With `reprice`,
 * those lines go back to the standard price.
 */
export async function settleBenefitLines(
  tx: Database,
  acting: Pick<Acting, 'customer' | 'isMember'>,
  cartId: number,
  /** `items`: the basket's lines when the caller has just read them in this transaction. */
  options: { now: Date; reprice: boolean; items?: CartItemRow[] },
): Promise<number[]> {
  const items = options.items ?? (await listCartItemRows(tx, cartId));
  const lines = items.filter((item) => item.benefitApplied && item.activityId !== null);
  const holds = await lockHoldsOfItems(
    tx,
    lines.map((item) => item.id),
  );
  const spent = await spentBenefitLines(
    tx,
    acting.customer.id,
    lines.map((item) => ({
      id: item.id,
      activityId: item.activityId ?? 0,
      places: holds
        .filter((hold) => hold.cartItemId === item.id)
        .reduce((sum, hold) => sum + hold.quantity, 0),
    })),
    options.now,
  );
  if (options.reprice) {
    for (const item of items.filter((row) => spent.includes(row.id))) {
      const priced = priceLine(await listActivityPricing(tx, item.activityId ?? 0), {
        quantity: item.quantity,
        applyBenefit: false,
        isMember: acting.isMember,
      });
      if (isPricingError(priced)) continue;
      await updateCartItemRow(tx, item.id, {
        pricingOptionId: priced.pricingOptionId,
        amount: priced.amount,
        tickets: priced.tickets,
        benefitApplied: false,
      });
    }
  }
  return spent;
}
