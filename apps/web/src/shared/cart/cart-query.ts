import type { CartResponse } from '@leisure/contract/cart';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Camel } from '../api/camel';
import { api } from '../api/client';
import { useSession } from '../session/session';
import { useCartOwner } from './cart-owner';

/**
 * `GET api/activities/cart?selected_user_id=` (bookings-api.md "Cart"). One query for the header
 * badge, the basket and the checkout. Its key starts with 'cart', so any cart change invalidates it.
 */
export type Cart = Camel<CartResponse['data']>;
export type CartItem = Cart['items'][number];

export const cartKeys = {
  all: ['cart'] as const,
  of: (selectedUserId: number | null) => ['cart', selectedUserId] as const,
};

export async function getCart(selectedUserId: number | null): Promise<Cart> {
  const answer = await api.get<Camel<CartResponse>>('api/activities/cart', { query: { selectedUserId } });
  return answer.data;
}

export function cartQueryOptions(selectedUserId: number | null) {
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
