import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CartAnswer, settleCart } from '../../../shared/cart/cart-query';

/** A cart call that answers the cart (remove, update, discard, benefit, package, credits). */
export function useCartMutation<TVariables extends { selectedUserId: number | null }>(
  call: (variables: TVariables) => Promise<CartAnswer>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    // Not awaited: the mutation settles with the answer, which shows at once.
    onSuccess: (answer, variables) => {
      void settleCart(queryClient, { selectedUserId: variables.selectedUserId, cart: answer?.data });
    },
  });
}
