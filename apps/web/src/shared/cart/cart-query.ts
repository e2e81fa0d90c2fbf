import type { CartResponse } from '@leisure/contract/cart';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { Camel } from '../api/camel';
import { api } from '../api/client';
import { availabilityKey } from '../api/query-keys';
import { useSession } from '../session/session';
import { useCartOwner } from './cart-owner';

/**
 * The basket's cache, in one place: `GET api/activities/cart?selected_user_id=` (bookings-api.md
 * "Cart"), one query for the header badge, the basket and the checkout, and the helpers every cart
 * change goes through. Every key under the basket starts with 'cart' (the checkout's preparation
 * too), so invalidating the cart refreshes them all.
 */
export type Cart = Camel<CartResponse['data']>;
export type CartItem = Cart['items'][number];
export type CartAnswer = Camel<CartResponse>;

export const cartKeys = {
  all: ['cart'] as const,
  of: (selectedUserId: number | null) => ['cart', selectedUserId] as const,
};

async function getCart(selectedUserId: number | null): Promise<Cart> {
  const answer = await api.get<CartAnswer>('api/activities/cart', { query: { selectedUserId } });
  return answer.data;
}

function cartQueryOptions(selectedUserId: number | null) {
  return queryOptions({
    queryKey: cartKeys.of(selectedUserId),
    queryFn: () => getCart(selectedUserId),
    staleTime: 10_000,
  });
}

/** The basket of the signed-in customer (or of the customer a staff user serves); idle otherwise. */
export function useCart() {
  const { isLoggedIn } = useSession();
  const owner = useCartOwner();
  const enabled = isLoggedIn && owner.selectedUserId !== null;
  return { ...useQuery({ ...cartQueryOptions(owner.selectedUserId), enabled }), enabled, owner };
}

/** Every basket reader (badge, basket, checkout preparation) loads again. */
export function invalidateCart(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: cartKeys.all });
}

/**
 * After a change to what a basket holds: the answered cart shows at once, every basket reader
 * loads again, and so does the timetable (places are held or released, so the spaces change).
 * Resolves when the basket readers have loaded.
 */
export function settleCart(
  queryClient: QueryClient,
  { selectedUserId, cart }: { selectedUserId?: number | null; cart?: Cart } = {},
): Promise<void> {
  if (cart && selectedUserId !== undefined) queryClient.setQueryData(cartKeys.of(selectedUserId), cart);
  const basket = invalidateCart(queryClient);
  void queryClient.invalidateQueries({ queryKey: availabilityKey });
  return basket;
}
