import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { invalidateCart } from '../../../shared/cart/cart-query';

/** The cart add call takes at most 10 items at once. */
const addBatch = 10;

/**
 * Puts unpaid fees in the basket (`POST api/activities/cart/add` with `penalty` items) or takes
 * their lines out (`POST api/activities/cart/remove`); the basket query is refreshed after.
 */
export async function addPenaltiesToBasket(
  penaltyIds: number[],
  selectedUserId: number | null,
): Promise<void> {
  for (let i = 0; i < penaltyIds.length; i += addBatch) {
    await api.post('api/activities/cart/add', {
      items: penaltyIds.slice(i, i + addBatch).map((id) => ({ id, type: 'penalty' })),
      selected_user_id: selectedUserId,
    });
  }
}

export async function removePenaltyLines(
  cartItemIds: number[],
  selectedUserId: number | null,
): Promise<void> {
  if (cartItemIds.length === 0) return;
  await api.post('api/activities/cart/remove', {
    cart_item_ids: cartItemIds,
    selected_user_id: selectedUserId,
  });
}

export function usePenaltyBasket(selectedUserId: number | null) {
  const queryClient = useQueryClient();
  const refresh = () => invalidateCart(queryClient);
  const add = useMutation({
    mutationFn: (penaltyIds: number[]) => addPenaltiesToBasket(penaltyIds, selectedUserId),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (cartItemIds: number[]) => removePenaltyLines(cartItemIds, selectedUserId),
    onSettled: refresh,
  });
  return { add, remove, busy: add.isPending || remove.isPending };
}
