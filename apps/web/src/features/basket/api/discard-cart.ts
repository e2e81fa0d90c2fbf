import { api } from '../../../shared/api/client';
import type { CartAnswer } from '../../../shared/cart/cart-query';
import { useCartMutation } from './cart-mutation';

/** `DELETE api/activities/cart?selected_user_id=`: empties the basket and releases its places. */
export interface DiscardCartRequest {
  selectedUserId: number | null;
  source: string;
}

export function discardCart(request: DiscardCartRequest): Promise<CartAnswer> {
  return api.delete<CartAnswer>('api/activities/cart', { query: { ...request } });
}

export function useDiscardCart() {
  return useCartMutation(discardCart);
}
