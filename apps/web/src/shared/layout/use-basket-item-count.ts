import { useCart } from '../cart/cart-query';
import { useSession } from '../session/session';

/**
 * What the header badge can say about the basket: its item count once loaded (0 with no basket:
 * logged out, or staff serving nobody yet), or that the count is loading or could not be loaded.
 * A basket that has not loaded is never counted as 0: that reads as an empty basket.
 */
export type BasketItemCount = { status: 'known'; count: number } | { status: 'loading' | 'failed' };

export function useBasketItemCount(): BasketItemCount {
  const { isLoading } = useSession();
  const { data, enabled, isError } = useCart();
  // Until the session answers, a signed-in member looks signed out: their basket is not known yet.
  if (isLoading) return { status: 'loading' };
  if (!enabled) return { status: 'known', count: 0 };
  // A refetch that fails keeps the count last loaded: that basket was really there.
  if (data) return { status: 'known', count: data.itemCount };
  return { status: isError ? 'failed' : 'loading' };
}
