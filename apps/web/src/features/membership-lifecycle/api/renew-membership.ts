import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { invalidateCart } from '../../../shared/cart/cart-query';

/** POST api/memberships/{id}/renew: adds the renewal to the basket (200). */
export async function renewMembership(membershipId: number): Promise<void> {
  await api.post(`api/memberships/${membershipId}/renew`);
}

export function useRenewMembership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renewMembership,
    onSuccess: () => invalidateCart(queryClient),
  });
}
