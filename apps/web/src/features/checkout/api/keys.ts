import { cartKeys } from '../../../shared/cart/cart-query';

/** Query keys of the checkout. Its preparation sits under the basket's key: every cart change refreshes it. */
export const checkoutKeys = {
  prepare: (selectedUserId: number | null, source: string) =>
    [...cartKeys.of(selectedUserId), 'prepare', source] as const,
  order: (orderId: number) => ['orders', orderId] as const,
};
