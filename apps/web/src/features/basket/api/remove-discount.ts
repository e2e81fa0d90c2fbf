import { api } from '../../../shared/api/client';
import type { CartAnswer } from '../../../shared/cart/cart-query';
import { useCartMutation } from './cart-mutation';

/**
 * `DELETE api/activities/benefit/remove/{cartItemId}` and `DELETE api/activities/package/remove/{cartItemId}`
 * with query `source, selected_user_id`: the item goes back to its full price.
 */
export interface RemoveDiscountRequest {
  kind: 'benefit' | 'package';
  cartItemId: number;
  selectedUserId: number | null;
  source: string;
}

export function removeDiscount({ kind, cartItemId, ...query }: RemoveDiscountRequest): Promise<CartAnswer> {
  return api.delete<CartAnswer>(`api/activities/${kind}/remove/${cartItemId}`, { query: { ...query } });
}

export function useRemoveDiscount() {
  return useCartMutation(removeDiscount);
}
