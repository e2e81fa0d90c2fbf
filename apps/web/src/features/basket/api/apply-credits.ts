import { api } from '../../../shared/api/client';
import type { CartAnswer } from '../../../shared/cart/cart-query';
import { useCartMutation } from './cart-mutation';

/**
 * `POST api/credits/apply` body `{ credits_to_reserve: [{ amount, type }], cart_source, selected_user_id }`.
 * The amounts replace any earlier reservation; 0 removes it.
 */
export interface ApplyCreditsRequest {
  creditsToReserve: { amount: number; type: 'general' | 'membership' }[];
  cartSource: string;
  selectedUserId: number | null;
}

export function applyCredits(request: ApplyCreditsRequest): Promise<CartAnswer> {
  return api.post<CartAnswer>('api/credits/apply', request);
}

export function useApplyCredits() {
  return useCartMutation(applyCredits);
}
