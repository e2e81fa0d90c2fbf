import { randomUUID } from 'node:crypto';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { addedLineKind } from '../../lib/basket-line-kinds';
import { listActivityPricing } from '../venues/venues.service';
import type { OfferedLine, OfferedLineOutcome } from '../waitlist/offers.service';
import { insertCartItem, lockCart, openCartOf } from './basket.repository';
import { checkoutClaimIsLive, holdExpiry } from './holds.service';
import { insertHolds, takePlaces } from './places.repository';
import { isPricingError, priceLine } from './pricing';

/**
 * The basket's port for waitlist offers (waitlist/offers.service.ts, docs/decisions/057): one place
 * on a session put in the waiting customer's basket, priced for them by the one price rule with
 * their own membership (as availability showed it to them), and held for `CART_HOLD_MINUTES`.
 * Runs in the caller's transaction; unless the answer is `added`, the caller rolls it back (a place
 * may have been taken).
 */
export async function addOfferedLine(
  tx: Database,
  config: Config,
  line: OfferedLine,
): Promise<OfferedLineOutcome> {
  const { session, customer, now } = line;
  const priced = priceLine(await listActivityPricing(tx, session.activityId), {
    applyBenefit: true,
    isMember: customer.isMember,
    quantity: 1,
  });
  if (isPricingError(priced)) return { added: false, reason: 'full' };
  if (!(await takePlaces(tx, session.occurrenceId, priced.quantity))) return { added: false, reason: 'full' };
  const cart = await openCartOf(tx, {
    clientId: session.clientId,
    userId: customer.id,
    source: 'activity-booking',
    uuid: randomUUID(),
  });
  const locked = await lockCart(tx, cart.id);
  // A basket in the middle of a card payment is left alone; the next sweep offers again.
  if (!locked || checkoutClaimIsLive(locked, now)) return { added: false, reason: 'busy' };
  const item = await insertCartItem(tx, {
    cartId: cart.id,
    // An offered place is stored as `cart/add` would store the session (lib/basket-line-kinds.ts).
    cartableType: addedLineKind('activity'),
    activityId: session.activityId,
    venueId: session.venueId,
    occurrenceId: session.occurrenceId,
    pricingOptionId: priced.pricingOptionId,
    purchasedForUserId: customer.id,
    quantity: priced.quantity,
    amount: priced.amount,
    benefitApplied: priced.benefitApplied,
    tickets: priced.tickets,
    waitlistEntryId: line.waitlistEntryId,
  });
  const heldUntil = holdExpiry(config, now);
  await insertHolds(tx, [
    {
      cartId: cart.id,
      cartItemId: item.id,
      occurrenceId: session.occurrenceId,
      quantity: priced.quantity,
      expiresAt: heldUntil,
    },
  ]);
  return { added: true, heldUntil };
}
