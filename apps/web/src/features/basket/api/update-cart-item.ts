import { api } from '../../../shared/api/client';
import type { CartAnswer } from '../../../shared/cart/cart-query';
import { useCartMutation } from './cart-mutation';

/** `PUT api/activities/cart/{cartItemId}` body `{ quantity | options, selected_user_id }`. */
export interface UpdateCartItemRequest {
  cartItemId: number;
  /** A new number of places, or new quantities per ticket of a class (`options.tickets`). */
  quantity?: number;
  options?: { tickets: { ticketId: number; quantity: number }[] };
  selectedUserId: number | null;
  source: string;
}

export function updateCartItem({ cartItemId, ...body }: UpdateCartItemRequest): Promise<CartAnswer> {
  return api.put<CartAnswer>(`api/activities/cart/${cartItemId}`, body);
}

export function useUpdateCartItem() {
  return useCartMutation(updateCartItem);
}
