import { api } from '../../../shared/api/client';
import type { CartAnswer } from '../../../shared/cart/cart-query';
import { useCartMutation } from './cart-mutation';

/** `POST api/activities/cart/remove` body `{ cart_item_ids, membership_user_id, selected_user_id }`. */
export interface RemoveFromCartRequest {
  cartItemIds: number[];
  membershipUserId: number | null;
  selectedUserId: number | null;
  source: string;
}

export function removeFromCart(request: RemoveFromCartRequest): Promise<CartAnswer> {
  return api.post<CartAnswer>('api/activities/cart/remove', request, {
    query: { membershipUserId: request.membershipUserId, selectedUserId: request.selectedUserId },
  });
}

export function useRemoveFromCart() {
  return useCartMutation(removeFromCart);
}
