import { createHash } from 'node:crypto';
import type { CartItemRow, CartRow } from './basket.repository';

// The basket's figures: the hash of its lines (what checkout proves it showed) and its totals.

/** Changes whenever the basket's lines change (ids, places, prices): what checkout proves it showed. */
export function itemHashOf(cartId: number, items: CartItemRow[]): string {
  const lines = items
    .map((item) =>
      [
        item.id,
        item.cartableType,
        item.occurrenceId ?? '',
        item.bundleId ?? '',
        item.pricingOptionId,
        item.quantity,
        item.amount,
        item.tickets.map((t) => `${t.ticketId}x${t.quantity}@${t.unitAmount}`).join(','),
      ].join(':'),
    )
    .join(';');
  return createHash('sha256').update(`${cartId}|${lines}`).digest('hex').slice(0, 40);
}

export interface CartFigures {
  total: number;
  creditGeneral: number;
  creditMembership: number;
  balance: number;
  available: { general: number; membership: number };
}

/** Totals after reserved credit; a reservation never counts beyond what is available or the total. */
export function figuresOf(
  cart: CartRow,
  items: Pick<CartItemRow, 'amount'>[],
  available: { general: number; membership: number },
): CartFigures {
  const total = items.reduce((sum, item) => sum + item.amount, 0);
  const creditMembership = Math.max(0, Math.min(cart.creditMembership, available.membership, total));
  const creditGeneral = Math.max(
    0,
    Math.min(cart.creditGeneral, available.general, total - creditMembership),
  );
  return {
    total,
    creditGeneral,
    creditMembership,
    balance: total - creditGeneral - creditMembership,
    available,
  };
}
