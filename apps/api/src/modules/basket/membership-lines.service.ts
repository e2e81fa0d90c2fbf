import { randomUUID } from 'node:crypto';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Acting } from '../session/acting';
import { type CartRow, deleteMembershipLines, insertCartItem, openCartOf } from './basket.repository';
import { lockOpenCart } from './basket.service';
import { holdExpiry } from './holds.service';

/** A new membership's first payment as a basket line (modules/joining puts it there and takes it out). */

/**
 * Puts a draft membership's first payment in the customer's open basket, inside the caller's
 * transaction (the joining service writes the draft in the same one). The line runs out like a
 * held place, `CART_HOLD_MINUTES` from now (holds.service.ts). 409 while the basket is being checked out.
 */
export async function addMembershipLine(
  tx: Database,
  config: Config,
  acting: Acting,
  line: { membershipId: number; venueId: number; amount: number },
): Promise<{ cart: CartRow; itemId: number }> {
  const now = new Date();
  const cart = await openCartOf(tx, {
    clientId: acting.clientId,
    userId: acting.customer.id,
    source: 'online-joining',
    uuid: randomUUID(),
  });
  await lockOpenCart(tx, cart, now);
  const item = await insertCartItem(tx, {
    cartId: cart.id,
    cartableType: 'membership',
    activityId: null,
    venueId: line.venueId,
    pricingOptionId: null,
    membershipId: line.membershipId,
    purchasedForUserId: acting.customer.id,
    quantity: 1,
    amount: line.amount,
    lineExpiresAt: holdExpiry(config, now),
  });
  return { cart, itemId: item.id };
}

/** Takes a draft membership's line out of an open basket (a later submission replaces the draft). */
export async function removeMembershipLine(tx: Database, membershipId: number): Promise<void> {
  await deleteMembershipLines(tx, membershipId);
}
