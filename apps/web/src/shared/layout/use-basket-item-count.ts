import { useCart } from '../cart/cart-query';

/** The number of items in the basket, for the header badge; 0 when logged out or not loaded. */
export function useBasketItemCount(): number {
  const { data, enabled } = useCart();
  return enabled ? (data?.itemCount ?? 0) : 0;
}
