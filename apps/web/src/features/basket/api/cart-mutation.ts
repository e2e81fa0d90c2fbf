import type { CartResponse } from '@leisure/contract/cart';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Camel } from '../../../shared/api/camel';
import { type Cart, cartKeys } from '../../../shared/cart/cart-query';

export type CartAnswer = Camel<CartResponse>;

/** After a cart change: show the answer at once, then let every cart reader and the availability refresh. */
export function settleCart(queryClient: QueryClient, selectedUserId: number | null, cart?: Cart): void {
  if (cart) queryClient.setQueryData(cartKeys.of(selectedUserId), cart);
  void queryClient.invalidateQueries({ queryKey: cartKeys.all });
  // Places are released or taken: the spaces shown on the timetable change.
  void queryClient.invalidateQueries({ queryKey: ['activities'] });
}

/** A cart call that answers the cart (remove, update, discard, benefit, package, credits). */
export function useCartMutation<TVariables extends { selectedUserId: number | null }>(
  call: (variables: TVariables) => Promise<CartAnswer>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer, variables) => settleCart(queryClient, variables.selectedUserId, answer?.data),
  });
}
