import { type CartUpdateRequest, type CreditsApplyRequest, cartMessages } from '@leisure/contract/cart';
import { AppError, type FieldErrors } from '../../errors';
import { availableCredit } from '../credit/credit.service';
import type { Acting } from '../session/acting';
import { listActivityPricing } from '../venues/venues.service';
import {
  type CartRow,
  findOpenCart,
  listCartItemRows,
  updateCart,
  updateCartItem as updateCartItemRow,
} from './basket.repository';
import {
  type BasketView,
  type CartDeps,
  currentCart,
  getBasket,
  inBasketTransaction,
  lockOpenCart,
  pricingMessages,
  withActivityBenefit,
} from './basket.service';
import { lockHoldsOfItems, releasePlaces, takePlaces, updateHoldQuantity } from './places.repository';
import { isPricingError, priceLine } from './pricing';

/** Changes to a basket's lines after they were added: quantities, benefits, packages, and reserved credit. */

async function findItemOf(deps: CartDeps, acting: Acting, itemId: number): Promise<{ cart: CartRow }> {
  const cart = await findOpenCart(deps.db, acting.customer.id);
  if (!cart) throw AppError.notFound();
  const items = await listCartItemRows(deps.db, cart.id);
  if (!items.some((item) => item.id === itemId)) throw AppError.notFound();
  return { cart };
}

/**
 * `PUT activities/cart/{cartItemId}`: new ticket quantities (`options.tickets`) or `quantity`. More
 * places are taken like an add (422 'full' when there are not enough); fewer give places back.
 */
export async function updateCartItem(
  deps: CartDeps,
  acting: Acting,
  itemId: number,
  body: CartUpdateRequest,
): Promise<BasketView> {
  const now = new Date();
  const { cart } = await findItemOf(deps, acting, itemId);
  const freed = await inBasketTransaction(deps.db, async (tx) => {
    await lockOpenCart(tx, cart, now);
    const item = (await listCartItemRows(tx, cart.id)).find((row) => row.id === itemId);
    // A membership line has no activity: its price is the membership's first payment.
    if (!item || item.activityId === null) throw AppError.notFound();
    const listed = priceLine(await listActivityPricing(tx, item.activityId), {
      pricingOptionId: item.pricingOptionId ?? undefined,
      quantity: body.quantity ?? (body.options?.tickets ? undefined : item.quantity),
      ticketId: item.tickets[0]?.ticketId,
      tickets: body.options?.tickets,
      applyBenefit: item.benefitApplied,
      isMember: acting.isMember,
    });
    if (isPricingError(listed)) {
      throw AppError.validation({ [listed.field]: [pricingMessages[listed.kind]] });
    }
    const holds = await lockHoldsOfItems(tx, [item.id]);
    // A line that had its benefit keeps it while the new quantity fits in the uses left.
    const priced = item.benefitApplied
      ? await withActivityBenefit(tx, acting, cart.id, item.activityId, listed, {
          places: listed.quantity * Math.max(1, holds.length),
          now,
          exceptItemId: item.id,
        })
      : listed;
    const delta = priced.quantity - item.quantity;
    for (const hold of holds) {
      if (delta > 0 && !(await takePlaces(tx, hold.occurrenceId, delta))) {
        throw AppError.validation({ quantity: [cartMessages.full] }, cartMessages.full);
      }
      if (delta < 0) await releasePlaces(tx, hold.occurrenceId, -delta);
      if (delta !== 0) await updateHoldQuantity(tx, hold.id, priced.quantity);
    }
    await updateCartItemRow(tx, item.id, {
      quantity: priced.quantity,
      amount: priced.amount,
      tickets: priced.tickets,
      benefitApplied: priced.benefitApplied,
    });
    return delta < 0 ? holds.map((hold) => hold.occurrenceId) : [];
  });
  await deps.holds.offerFreedPlaces(freed);
  return getBasket(deps, acting);
}

/**
 * `DELETE activities/benefit/remove/{cartItemId}`: the line goes back to the standard price (no
 * member option, no membership activity benefit); 422 when no benefit is applied.
 */
export async function removeBenefit(deps: CartDeps, acting: Acting, itemId: number): Promise<BasketView> {
  const { cart } = await findItemOf(deps, acting, itemId);
  await inBasketTransaction(deps.db, async (tx) => {
    await lockOpenCart(tx, cart, new Date());
    const item = (await listCartItemRows(tx, cart.id)).find((row) => row.id === itemId);
    if (!item || item.activityId === null) throw AppError.notFound();
    if (!item.benefitApplied) throw AppError.validation({ cart_item_id: [cartMessages.noBenefit] });
    const priced = priceLine(await listActivityPricing(tx, item.activityId), {
      tickets: undefined,
      quantity: item.quantity,
      applyBenefit: false,
      isMember: acting.isMember,
    });
    if (isPricingError(priced)) throw AppError.validation({ cart_item_id: [cartMessages.noBenefit] });
    await updateCartItemRow(tx, item.id, {
      pricingOptionId: priced.pricingOptionId,
      amount: priced.amount,
      tickets: priced.tickets,
      benefitApplied: false,
    });
  });
  return getBasket(deps, acting);
}

/** `DELETE activities/package/remove/{cartItemId}`: packages arrive with memberships; none is applied. */
export async function removePackage(deps: CartDeps, acting: Acting, itemId: number): Promise<BasketView> {
  await findItemOf(deps, acting, itemId);
  throw AppError.validation({ cart_item_id: [cartMessages.noPackage] });
}

// ---- Credit reserved for the basket (the balances: modules/credit) ---------------------------------------

/**
 * `POST credits/apply`: reserves credit of each type named for this basket (replacing the earlier
 * reservation; 0 removes it). No more than the customer has, nor than the basket total.
 */
export async function applyCredits(
  deps: CartDeps,
  acting: Acting,
  body: CreditsApplyRequest,
): Promise<BasketView> {
  const cart = await currentCart(deps, acting, body.cart_source);
  await inBasketTransaction(deps.db, async (tx) => {
    const locked = await lockOpenCart(tx, cart, new Date());
    const available = await availableCredit(tx, acting.customer.id);
    const total = (await listCartItemRows(tx, cart.id)).reduce((sum, item) => sum + item.amount, 0);
    const next = { general: locked.creditGeneral, membership: locked.creditMembership };
    const errors: FieldErrors = {};
    for (const [index, entry] of body.credits_to_reserve.entries()) {
      if (entry.amount > available[entry.type]) {
        errors[`credits_to_reserve.${index}.amount`] = [
          entry.type === 'membership' && available.membership === 0
            ? cartMessages.membershipCreditUnavailable
            : cartMessages.creditTooMuch,
        ];
      }
      next[entry.type] = entry.amount;
    }
    if (Object.keys(errors).length === 0 && next.general + next.membership > total) {
      const index = body.credits_to_reserve.findIndex((entry) => entry.amount > 0);
      errors[`credits_to_reserve.${Math.max(0, index)}.amount`] = [cartMessages.creditMoreThanTotal];
    }
    if (Object.keys(errors).length > 0) throw AppError.validation(errors);
    await updateCart(tx, cart.id, { creditGeneral: next.general, creditMembership: next.membership });
  });
  return getBasket(deps, acting);
}
