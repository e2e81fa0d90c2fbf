import type { zCartAddRequest } from '@leisure/contract/cart';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Camel } from '../../../shared/api/camel';
import { api } from '../../../shared/api/client';
import { type CartAnswer, settleCart } from '../../../shared/cart/cart-query';

/**
 * `POST api/activities/cart/add` (bookings-api.md "Cart"): body `{ items, membership_user_id,
 * selected_user_id }`, answers the cart. A full session answers 422 ('... full'), a lost race for
 * the last place 409; both carry the text to show.
 */
export type AddToCartRequest = Camel<z.input<typeof zCartAddRequest>>;
export type AddToCartItem = AddToCartRequest['items'][number];

/**
 * The basket needs a logged-in user, whatever the activity allows (bookings-api.md "Cart"): 'Book'
 * asks a visitor to log in first (hooks/use-login-first), so a 401 here means the session ended.
 */
export function addToCart(request: AddToCartRequest): Promise<CartAnswer> {
  return api.post<CartAnswer>('api/activities/cart/add', request);
}

export function useAddToCartMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToCart,
    // A place is held once it is in a basket: the basket and the spaces shown change.
    onSuccess: () => {
      void settleCart(queryClient);
    },
  });
}
