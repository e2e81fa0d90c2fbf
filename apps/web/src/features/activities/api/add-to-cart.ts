import type { zCartAddRequest } from '@leisure/contract/cart';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Camel } from '../../../shared/api/camel';
import { api } from '../../../shared/api/client';
import { type CartAnswer, settleCart } from '../../../shared/cart/cart-query';
import { useSession } from '../../../shared/session/session';

/**
 * `POST api/activities/cart/add` (bookings-api.md "Cart"): body `{ items, membership_user_id,
 * selected_user_id }`, answers the cart. A full session answers 422 ('... full'), a lost race for
 * the last place 409; both carry the text to show.
 */
export type AddToCartRequest = Camel<z.input<typeof zCartAddRequest>>;
export type AddToCartItem = AddToCartRequest['items'][number];

/**
 * `anonymous`: an activity that allows anonymous booking, booked without a session. A 401 then is
 * an answer to show, not a session that ended (which would reload the page).
 */
export function addToCart(request: AddToCartRequest, { anonymous = false } = {}): Promise<CartAnswer> {
  return api.post<CartAnswer>('api/activities/cart/add', request, { expectUnauthenticated: anonymous });
}

export function useAddToCartMutation() {
  const queryClient = useQueryClient();
  const { isLoggedIn } = useSession();
  return useMutation({
    mutationFn: (request: AddToCartRequest) => addToCart(request, { anonymous: !isLoggedIn }),
    // A place is held once it is in a basket: the basket and the spaces shown change.
    onSuccess: () => {
      void settleCart(queryClient);
    },
  });
}
